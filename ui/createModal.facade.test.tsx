// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { arbitrum, defineEvmNetwork, mainnet, solana } from '../adapters/networks.ts'
import { createSiwx } from '../services/siwxSessions.ts'
import { createMemoryStorage, createStorage } from '../services/storage.ts'
import { rememberConfig } from '../services/remoteConfigMemory.ts'
import { createModal, type ModalOptions, type ModalState } from './createModal.ts'
import { forgetCoreForTests } from './coreModule.ts'
import { enShell } from './locales/en.shell.ts'
import { ConnectButton, ModalProvider } from './react.tsx'
import { TestFailure } from '../tests/harness/failures.ts'

/**
 * `createModal`'s facade over the lazy core, on a page where the core's module was never fetched (the
 * unit tests' setup hands it over; each test here forgets it first): the facade answers what the core answers at start,
 * queues calls and runs them in order when the core arrives, attaches its listeners then, and a click before the core
 * renders a dialog at once.
 */
beforeEach(() => forgetCoreForTests())
afterEach(cleanup)

// No idle prefetch (`prefetch: false`): these tests follow a page before any intent, and happy-dom, which lacks
// requestIdleCallback, would fetch the core 200 ms after load (ui/idlePrefetch.test.ts follows that prefetch).
const base = (extra: Partial<ModalOptions> = {}): ModalOptions =>
  ({ projectId: 'p', networks: [mainnet, arbitrum], storage: createMemoryStorage(), walletConnect: false, enableReconnect: false, prefetch: false, ...extra }) as ModalOptions

describe('the facade before the core', () => {
  const cases: Array<[string, () => ModalOptions]> = [
    ['the defaults', () => base()],
    ['a defaultNetwork', () => base({ defaultNetwork: arbitrum })],
    [
      'a stored active network',
      () => {
        const storage = createMemoryStorage()
        createStorage({ storage }).setActiveNetworkId(arbitrum.caipNetworkId)
        return base({ storage })
      },
    ],
    [
      'a stored network that is not configured',
      () => {
        const storage = createMemoryStorage()
        createStorage({ storage }).setActiveNetworkId('eip155:999')
        return base({ storage, defaultNetwork: arbitrum })
      },
    ],
    ['Solana first', () => base({ networks: [solana, mainnet] })],
    ['features and basic mode', () => base({ features: { send: false, swaps: true, legalCheckbox: true }, basic: true })],
    ['siwx required', () => base({ siwx: { ...createSiwx({ url: 'https://siwx.example' }), required: true } })],
  ]
  test.each(cases)('behavior: getState, getProvider and getSiwxSession answer what the core answers at start (%s)', async (_name, make) => {
    const options = make()
    const modal = createModal(options)
    expect(modal.peekCore()).toBeUndefined()
    const before = {
      state: modal.getState(),
      providers: (['eip155', 'solana'] as const).map((ns) => modal.getProvider(ns)),
      session: options.siwx ? modal.getSiwxSession() : 'no siwx',
      theme: modal.getTheme(),
    }
    await modal.ready()
    expect(modal.peekCore()).toBeDefined()
    const after = {
      state: modal.getState(),
      providers: (['eip155', 'solana'] as const).map((ns) => modal.getProvider(ns)),
      session: options.siwx ? modal.getSiwxSession() : 'no siwx',
      theme: modal.getTheme(),
    }
    expect(before).toEqual(after)
    // The same JSON too: listeners compare the facade's state with the core's by it at arrival.
    expect(JSON.stringify(before.state)).toBe(JSON.stringify(after.state))
    modal.destroy()
  })

  test("behavior: the project's remote config as last heard decides the features from the core's start (spec §6), another project's does not; before the core, the local options", async () => {
    const storage = createMemoryStorage()
    rememberConfig(createStorage({ storage }), 'p', { features: { email: false, socials: ['github'] } })
    rememberConfig(createStorage({ storage }), 'other', { features: { swaps: false } })
    const modal = createModal(base({ storage, features: { email: true } }))
    // The facade reads no remembered config: its schema stays out of the page's first JS (nothing is painted before the core).
    expect(modal.getState().features).toMatchObject({ email: true, swaps: true })
    await modal.ready()
    expect(modal.getState().features).toMatchObject({ email: false, socials: ['github'], swaps: true })
    modal.destroy()
  })

  test('behavior: getSiwxSession without the siwx option throws before the core as after it', () => {
    const modal = createModal(base())
    expect(() => modal.getSiwxSession()).toThrow('SIWX is not enabled')
  })

  test('behavior: nothing fetches the core until an intent (no stored connection); a stored connection fetches it at once', async () => {
    const idle = createModal(base())
    await new Promise((r) => setTimeout(r, 50))
    expect(idle.peekCore()).toBeUndefined()
    expect(idle.isCoreRequested()).toBe(false)
    const storage = createMemoryStorage()
    createStorage({ storage }).setConnectedConnectorId('eip155', 'io.example')
    const restoring = createModal(base({ storage, enableReconnect: true }))
    expect(restoring.isCoreRequested()).toBe(true)
    await waitFor(() => expect(restoring.peekCore()).toBeDefined())
    idle.destroy()
    restoring.destroy()
  })

  test('behavior: calls made before the core run in the order made when it arrives', async () => {
    const optimism = defineEvmNetwork({ id: 10, name: 'OP Mainnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'https://mainnet.optimism.io' })
    const modal = createModal(base())
    // The switch needs the network the call before it adds: run out of order, it would be ignored (unknown id).
    modal.addNetwork(optimism)
    modal.switchNetwork('eip155:10')
    const opened = modal.open({ view: 'SwitchNetwork' })
    expect(modal.getState().caipNetworkId).toBe(mainnet.caipNetworkId)
    await opened
    const state = modal.getState()
    expect(state.caipNetworkId).toBe('eip155:10')
    expect(state.open).toBe(true)
    expect(state.view).toBe('SwitchNetwork')
    modal.destroy()
  })

  test('bad input: a malformed network and bad swap arguments throw at once, before the core', () => {
    const modal = createModal(base())
    expect(() => modal.addNetwork({ ...mainnet, caipNetworkId: 'nope' as never })).toThrow('Invalid CAIP-2 network id')
    expect(() => modal.open({ view: 'Send', data: { amount: '-1' } })).toThrow('swap arguments')
    expect(modal.isCoreRequested()).toBe(false)
  })

  test('bad input: an unknown view rejects the queued open when the core arrives (the view list comes with the core), and nothing stays open', async () => {
    const modal = createModal(base())
    await expect(modal.open({ view: 'Nowhere' as never })).rejects.toMatchObject({ name: 'InvalidOptionsError', message: expect.stringContaining('Unknown view "Nowhere"') })
    expect(modal.getState().open).toBe(false)
    expect(modal.pendingView()).toBeUndefined()
    expect(() => modal.open({ view: 'Nowhere' as never })).toThrow('Unknown view "Nowhere"')
    modal.destroy()
  })

  test('bad input: a view of a feature that is off rejects the queued open with FeatureDisabledError, and no dialog stays', async () => {
    const modal = createModal(base({ features: { send: false } }))
    await expect(modal.open({ view: 'Send' })).rejects.toMatchObject({ name: 'FeatureDisabledError', feature: 'send' })
    expect(modal.getState().open).toBe(false)
    modal.destroy()
  })

  test('behavior: close before the core drops the queued open', async () => {
    const modal = createModal(base())
    void modal.open()
    expect(modal.pendingView()).toBe('Connect')
    modal.close()
    expect(modal.pendingView()).toBeUndefined()
    await modal.ready()
    expect(modal.getState().open).toBe(false)
    modal.destroy()
  })

  test('behavior: listeners made before the core are called once when it arrives with another state, then follow it', async () => {
    const modal = createModal(base())
    const seen: ModalState[] = []
    const stop = modal.subscribe((s) => seen.push(s))
    modal.switchNetwork(arbitrum.caipNetworkId)
    expect(seen).toEqual([])
    await modal.ready()
    expect(seen.map((s) => s.caipNetworkId)).toEqual([arbitrum.caipNetworkId])
    modal.open()
    expect(seen.at(-1)!.open).toBe(true)
    const count = seen.length
    stop()
    modal.close()
    expect(seen.length).toBe(count)
    modal.destroy()
  })

  test('behavior: an open before the core tells the listeners at once (open, on its view), and not again when the core agrees', async () => {
    const modal = createModal(base())
    const seen: ModalState[] = []
    modal.subscribe((s) => seen.push(s))
    const opened = modal.open()
    expect(seen.map((s) => [s.open, s.view])).toEqual([[true, 'Connect']])
    await opened
    expect(seen.map((s) => [s.open, s.view])).toEqual([[true, 'Connect']])
    modal.destroy()
  })

  test('behavior: modal.actor before the core throws CoreNotLoadedError; after ready() it is the root actor', async () => {
    const modal = createModal(base())
    expect(() => modal.actor).toThrow(expect.objectContaining({ name: 'CoreNotLoadedError' }))
    await modal.ready()
    expect(modal.actor.getSnapshot().status).toBe('active')
    modal.destroy()
  })

  test('behavior: destroy before the core drops the queue and never creates it', async () => {
    const modal = createModal(base())
    const opened = modal.open()
    modal.destroy()
    await expect(modal.ready()).rejects.toThrow('destroyed')
    expect(modal.peekCore()).toBeUndefined()
    void opened
  })
})

describe('the page before the core', () => {
  test("behavior: a click before the core renders the dialog at once (Connect's title, a skeleton, Close), replaced by the modal on Connect when the core arrives", async () => {
    const modal = createModal(base())
    render(
      <ModalProvider modal={modal}>
        <ConnectButton />
      </ModalProvider>,
    )
    const host = () => document.querySelector('[data-testid=latchkey-modal]')!.shadowRoot!
    const button = await waitFor(() => {
      const b = [...document.querySelectorAll('*')].flatMap((el) => [...(el.shadowRoot?.querySelectorAll('button') ?? [])]).find((b) => b.textContent === enShell.connectButton)
      if (!b) throw new TestFailure('no connect button yet')
      return b
    })
    expect(modal.peekCore()).toBeUndefined()
    act(() => void fireEvent.click(button))
    // Synchronously after the click: the pre-core dialog, named by Connect's title, busy, with a skeleton.
    const early = within(host() as unknown as HTMLElement).getByRole('dialog', { name: enShell.titles.Connect })
    expect(early.getAttribute('aria-busy')).toBe('true')
    expect(early.getAttribute('data-testid')).toBe('pre-core-dialog')
    expect(within(early).getByRole('progressbar')).toBeDefined()
    expect(within(early).getByRole('button', { name: enShell.close })).toBeDefined()
    // The core arrives: the modal shell takes its place, open on Connect.
    await waitFor(() => expect(modal.peekCore()).toBeDefined())
    await waitFor(() => {
      const dialog = within(host() as unknown as HTMLElement).getByRole('dialog', { name: enShell.titles.Connect })
      expect(dialog.getAttribute('data-testid')).toBeNull()
    })
    expect(modal.getState()).toMatchObject({ open: true, view: 'Connect' })
    modal.destroy()
    void screen
  })

  test('behavior: Close on the pre-core dialog removes it and nothing opens when the core arrives', async () => {
    const modal = createModal(base())
    render(<ModalProvider modal={modal} />)
    const host = () => document.querySelector('[data-testid=latchkey-modal]')!.shadowRoot! as unknown as HTMLElement
    await waitFor(() => expect(document.querySelector('[data-testid=latchkey-modal]')?.shadowRoot).toBeTruthy())
    act(() => void modal.open())
    const dialog = within(host()).getByRole('dialog', { name: enShell.titles.Connect })
    act(() => void fireEvent.click(within(dialog).getByRole('button', { name: enShell.close })))
    expect(within(host()).queryByRole('dialog')).toBeNull()
    await modal.ready()
    expect(modal.getState().open).toBe(false)
    modal.destroy()
  })
})
