// @vitest-environment happy-dom
import { afterEach, describe, expect, inject, test } from 'vitest'
import { createEip155Adapter } from '../adapters/eip155.ts'
import { defineEvmNetwork } from '../adapters/networks.ts'
import { announceDevWallet, DevWallet } from '../dev/wallet/index.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { createModal } from './createModal.ts'
import { waitFor } from '../tests/harness/waitFor.ts'

/**
 * The public account state (spec §3 "Account state per chain namespace"): what a dapp reads of the connected wallet
 * with `getState()`, through the real eip155 adapter and the development wallet on anvil.
 */
const rpc = inject('anvilRpc1')
const anvil = defineEvmNetwork({ id: 31337, name: 'Anvil Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: rpc, testnet: true })
const RDNS = 'dev.latchkey.wallet'

const cleanups: Array<() => void> = []
afterEach(() => {
  while (cleanups.length) cleanups.pop()!()
})

describe('the public account state', () => {
  test('spec §3: connectedWalletInfo is the connected wallet’s name, icon and identifier; addressLabels label its account; both go with the disconnect', async () => {
    const wallet = new DevWallet({ chains: [{ chainId: 31337, name: 'Anvil Local', rpcUrl: rpc }], storage: createMemoryStorage(), autoApprove: true })
    const icon = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E'
    cleanups.push(announceDevWallet(wallet, { rdns: RDNS, name: 'Latchkey Dev Wallet', icon }))
    const modal = createModal({ projectId: 'p', networks: [anvil], storage: createMemoryStorage(), adapter: createEip155Adapter({ window }), walletConnect: false })
    cleanups.push(() => modal.destroy())
    modal.open()
    await waitFor(() => expect(modal.actor.getSnapshot().context.connectors.some((c) => c.id === RDNS)).toBe(true))
    modal.actor.send({ type: 'app.selectWallet', connectorId: RDNS })
    await waitFor(() => expect(modal.getState().account.status).toBe('connected'))
    const { account } = modal.getState()
    expect(account.connectedWalletInfo).toEqual({ name: 'Latchkey Dev Wallet', icon, identifier: RDNS })
    expect(account.addressLabels).toEqual({ [account.address!]: 'EOA' })

    await modal.disconnect()
    await waitFor(() => expect(modal.getState().account.status).toBe('disconnected'))
    expect(modal.getState().account.connectedWalletInfo).toBeUndefined()
    expect(modal.getState().account.addressLabels).toBeUndefined()
  })
})
