// @vitest-environment happy-dom
import { within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { dialogCloses, pressEscape, renderApp, type App } from './app.tsx'
import { waitFor } from '../harness/waitFor.ts'

/**
 * Sign in with the wallet beside multi-wallet (spec §4 SIWX, §6 multi-wallet): a session stays bound to the address
 * that signed it. With sign-in required, a switch to a held wallet whose address has no session asks that wallet to
 * sign (the Sign In view, not dismissable); a switch back to an address that signed in before asks nothing.
 * The real modal in happy-dom, two development wallets held (the second on dev account 1), the reference SIWX server.
 */
const SIGN_IN = 'Sign In'

/** The Sign In view for `address`; Escape does not dismiss it (required). */
async function promptsFor(app: App, address: string) {
  const dialog = await app.get('dialog', SIGN_IN)
  await waitFor(() => expect(within(dialog).getByTestId('siwx-address').getAttribute('title')?.toLowerCase()).toBe(address.toLowerCase()))
  await pressEscape(app)
  expect(app.find('dialog', SIGN_IN)).not.toBeNull()
}

/** The id (`switchConnection`'s `connectionId`) of the held connection acting with `address`. */
function connectionOf(app: App, address: string): string {
  const found = app.modal.getConnections('eip155')?.find((c) => c.address.toLowerCase() === address.toLowerCase())
  if (!found) expect.unreachable(`no held connection acts with ${address}`)
  return found.id
}

describe('SIWX required with two held wallets', () => {
  test('behavior: each address signs in once; a switch to the unsigned one prompts it, a switch back to a signed one asks nothing', async () => {
    const app = await renderApp({ stored: true, authorised: true, secondWallet: true, features: { multiWallet: true }, siwx: { required: true }, api: true })
    try {
      const first = app.wallet.state.address
      const second = app.second!.state.address
      // The restored first wallet has no session yet: it is asked to sign, and its session is stored.
      await promptsFor(app, first)
      await app.clickInDialog('button', 'Sign')
      await app.walletAnswer('Approve')
      await dialogCloses(app)
      await waitFor(() => expect(app.modal.getSiwxSession()?.data.accountAddress.toLowerCase()).toBe(first.toLowerCase()))

      // A switch to the second wallet: its address has no session, so it is asked to sign, in its own wallet.
      app.second!.setAutoApprove(true)
      app.modal.switchConnection({ connectionId: connectionOf(app, second) })
      await waitFor(() => expect(app.modal.getState().account.address?.toLowerCase()).toBe(second.toLowerCase()))
      await promptsFor(app, second)
      await app.clickInDialog('button', 'Sign')
      await dialogCloses(app)
      await waitFor(() => expect(app.modal.getSiwxSession()?.data.accountAddress.toLowerCase()).toBe(second.toLowerCase()))

      // Back to the first: its session still holds (bound to its address), so nothing is asked and nothing opens.
      const asked = app.panel().queryAllByRole('region', { name: 'Wallet request' }).length
      app.modal.switchConnection({ connectionId: connectionOf(app, first) })
      await waitFor(() => expect(app.modal.getSiwxSession()?.data.accountAddress.toLowerCase()).toBe(first.toLowerCase()))
      await app.settle()
      expect(app.find('dialog', SIGN_IN)).toBeNull()
      expect(app.modal.getState().open).toBe(false)
      expect(app.panel().queryAllByRole('region', { name: 'Wallet request' })).toHaveLength(asked)
    } finally {
      await app.dispose()
    }
  })
})
