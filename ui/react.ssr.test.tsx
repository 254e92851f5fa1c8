// @vitest-environment node
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, test } from 'vitest'
import { mainnet } from '../adapters/networks.ts'
import { createModal } from './createModal.ts'
import { AccountButton, ConnectButton, ModalProvider, NetworkButton, useHydrated } from './react.tsx'

/**
 * Server rendering: Next.js prerenders the page's client components on the server, where there is no
 * window, document or storage. createModal and the React entry must neither touch them nor throw there.
 */
const modals: Array<{ destroy(): void }> = []
afterEach(() => modals.splice(0).forEach((m) => m.destroy()))

describe('server rendering', () => {
  test('behavior: with no window, document or localStorage, createModal starts disconnected and the buttons render their markup', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined')
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined')
    expect(typeof (globalThis as { localStorage?: unknown }).localStorage).toBe('undefined')
    const modal = createModal({ projectId: 'p', networks: [mainnet] })
    modals.push(modal)
    expect(modal.getState()).toMatchObject({ open: false, account: { status: 'disconnected' }, caipNetworkId: 'eip155:1' })
    const html = renderToString(
      <ModalProvider modal={modal}>
        <ConnectButton />
        <AccountButton />
        <NetworkButton />
      </ModalProvider>,
    )
    // The connect and network buttons in their hosts' light DOM (the shadow content replaces them in the browser), no
    // account button while disconnected, the modal's host (empty: the modal is closed).
    expect(html).toMatchInlineSnapshot(
      `"<span lang="en" dir="ltr" style="display:inline-block;max-width:100%"><button type="button" class="lk-page-button" aria-haspopup="dialog">Connect Wallet</button></span><span lang="en" dir="ltr" style="display:inline-block;max-width:100%"><button type="button" class="lk-page-button" data-variant="neutral" aria-haspopup="dialog" aria-label="Switch network (Ethereum)">Ethereum</button></span><div data-testid="latchkey-modal" lang="en" dir="ltr"></div>"`,
    )
  })

  test('behavior: useHydrated is false on the server', () => {
    const Probe = () => <i>{String(useHydrated())}</i>
    expect(renderToString(<Probe />)).toBe('<i>false</i>')
  })
})
