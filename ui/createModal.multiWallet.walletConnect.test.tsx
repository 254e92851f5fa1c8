// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react'
import { afterEach, describe, expect, inject, test } from 'vitest'
import { DevMobileWallet } from '../testing/walletConnect/wallet.ts'
import { featureOf, RDNS, renderApp, type App } from '../tests/model/app.tsx'

/**
 * Multi-wallet with a WalletConnect session (spec §6; §4 "a relay-protocol disconnect"): the browser dev wallet
 * connected (restored at load), a session of the development mobile wallet (in Node, on the loopback relay) added from
 * Account through WalletConnect's QR code, held beside it; the session deleted from the phone removes that connection
 * only, whether it is the active one (the browser wallet follows) or not (the browser wallet stays).
 */
const WALLETCONNECT = 'walletConnect'
const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!()
})

const held = (app: App) => app.modal.getConnections('eip155')?.map((c) => [c.connectorId, c.active])

/** The browser wallet restored; Account → Add wallet → WalletConnect → the phone scans and approves: two wallets held. */
async function browserAndPhone() {
  const app = await renderApp({ stored: true, authorised: true, api: true, features: { multiWallet: true }, walletConnect: { relayUrl: inject('relayUrl') } })
  cleanups.push(() => app.dispose())
  const phone = await DevMobileWallet.create({
    relayUrl: inject('relayUrl'),
    chains: [
      { chainId: 31337, name: 'Anvil Local', rpcUrl: inject('anvilRpc1') },
      { chainId: 31338, name: 'Anvil Local 2', rpcUrl: inject('anvilRpc2') },
    ],
    autoApprove: true,
    accountIndex: 2,
  })
  cleanups.push(() => phone.close())
  await waitFor(() => expect(app.modal.getState().account).toMatchObject({ isConnected: true, connectorId: RDNS }))
  await app.ensureOpen()
  await app.click('button', 'Add wallet')
  await app.click('button', 'WalletConnect')
  // The SDK's first start and the relay's handshake: seconds on a loaded machine.
  const uri = await waitFor(
    () => {
      const shown = featureOf(app, 'pairing')?.getSnapshot().context.uri
      if (!shown) expect.unreachable('no pairing URI shown yet')
      return shown
    },
    { timeout: 15_000 },
  )
  await phone.pair(uri)
  await waitFor(() => expect(app.modal.getState().account).toMatchObject({ isConnected: true, connectorId: WALLETCONNECT, address: phone.address }), { timeout: 15_000 })
  await waitFor(() =>
    expect(held(app)).toEqual([
      [WALLETCONNECT, true],
      [RDNS, false],
    ]),
  )
  return { app, phone }
}

describe('multi-wallet: a WalletConnect session as one of the held wallets', () => {
  test('behavior: the session deleted from the phone while it is the active one removes it only: the browser wallet becomes active, without a prompt', async () => {
    const { app, phone } = await browserAndPhone()
    await phone.disconnect()
    await waitFor(() => expect(app.modal.getState().account).toMatchObject({ isConnected: true, connectorId: RDNS, address: app.wallet.state.address }), { timeout: 15_000 })
    await waitFor(() => expect(held(app)).toEqual([[RDNS, true]]))
    expect(app.wallet.pending).toEqual([])
    expect(app.wallet.state.authorised).toBe(true)
  }, 60_000)

  test('behavior: the session deleted from the phone while the browser wallet is active removes that connection only', async () => {
    const { app, phone } = await browserAndPhone()
    app.modal.switchConnection({ connectionId: `eip155:${RDNS}` })
    await waitFor(() => expect(app.modal.getState().account).toMatchObject({ isConnected: true, connectorId: RDNS }))
    await waitFor(() => expect(app.modal.getState().connections?.isSwitching).toBe(false))
    await phone.disconnect()
    await waitFor(() => expect(held(app)).toEqual([[RDNS, true]]), { timeout: 15_000 })
    expect(app.modal.getState().account).toMatchObject({ isConnected: true, connectorId: RDNS, address: app.wallet.state.address })
  }, 60_000)
})
