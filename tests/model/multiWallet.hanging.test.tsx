// @vitest-environment happy-dom
import { verifyMessage } from 'viem'
import { describe, expect, test } from 'vitest'
import { renderApp, SECOND_RDNS } from './app.tsx'
import { waitFor } from '../harness/waitFor.ts'

/**
 * Multi-wallet against a held wallet that never answers (spec §6 multi-wallet; hostile wallets): the real modal in
 * happy-dom with two development wallets held at reload, the first active; the second one's account request is held
 * for the whole test (a wallet that hangs). The active wallet stays usable, and the hanging one never takes its place.
 */
describe('a held wallet that hangs while another is active', () => {
  test('behavior: the active wallet restores, signs and stays active while the other never answers its account request', async () => {
    const app = await renderApp({ stored: true, authorised: true, secondWallet: true, features: { multiWallet: true }, hold: ['second:eth_accounts'], api: true })
    try {
      const first = app.wallet.state.address
      await waitFor(() => expect(app.modal.getState().account).toMatchObject({ status: 'connected', address: first }))
      // The hanging wallet was asked, and is still waiting.
      await waitFor(() => expect(app.gates.waiting('second:eth_accounts')).toBeGreaterThan(0))

      // The active one signs for real while the other hangs.
      const signing = app.modal.signMessage({ message: 'still usable' })
      await app.walletAnswer('Approve')
      const signature = await signing
      expect(await verifyMessage({ address: first, message: 'still usable', signature: signature as `0x${string}` })).toBe(true)

      // Nothing moved: the first is still the active connection; the hanging one never became it.
      await app.settle()
      const active = app.modal.getConnections('eip155')?.find((c) => c.active)
      expect(active?.connectorId).not.toBe(SECOND_RDNS)
      expect(app.modal.getState().account).toMatchObject({ status: 'connected', address: first })
    } finally {
      await app.dispose()
    }
  })
})
