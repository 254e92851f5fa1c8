// @vitest-environment happy-dom
import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, inject, test } from 'vitest'
import { createEip155Adapter } from '../adapters/eip155.ts'
import { defineEvmNetwork } from '../adapters/networks.ts'
import { announceDevWallet, DevWallet } from '../dev/wallet/index.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { waitFor } from '../tests/harness/waitFor.ts'
import { createModal } from './createModal.ts'

/**
 * Multi-wallet with many wallets held (spec §6 multi-wallet; hostile input "20 connections"): twenty development
 * wallets announced under twenty EIP-6963 identities, each with a key of its own, all held at reload. Every one comes
 * back, the stored active one stays active, and a switch to the last one signs with it.
 */
const rpc = inject('anvilRpc1')
const anvil = defineEvmNetwork({ id: 31337, name: 'Anvil Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: rpc, testnet: true })
const COUNT = 20

/** Undone after each test, last first; a wallet's goes once its node requests have settled (none left in flight). */
const cleanups: Array<() => void | Promise<void>> = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!()
})

test('behavior: twenty held wallets all come back at reload with the same active one; a switch to the last signs with it', async () => {
  const wallets = await Promise.all(
    Array.from({ length: COUNT }, async (_, i) => {
      const rdns = `dev.latchkey.wallet.n${i}`
      // Each wallet its own key (the dev wallet's own accounts are five): 0x…01, 0x…02, …
      const account = privateKeyToAccount(`0x${(i + 1).toString(16).padStart(64, '0')}`)
      const wallet = new DevWallet({ chains: [{ chainId: 31337, name: 'Anvil Local', rpcUrl: rpc }], storage: createMemoryStorage(), autoApprove: true, accounts: [account] })
      await wallet.request({ method: 'eth_requestAccounts' })
      const unannounce = announceDevWallet(wallet, { rdns, name: `Wallet ${i + 1}`, uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` })
      cleanups.push(() => {
        unannounce()
        return wallet.abandonNodeRequests()
      })
      return { rdns, wallet }
    }),
  )
  const active = wallets[3]!
  const storage = createMemoryStorage({
    '@latchkey/eip155:connected_connector_id': JSON.stringify(active.rdns),
    '@latchkey/connections': JSON.stringify({ eip155: wallets.map(({ rdns, wallet }) => ({ connectorId: rdns, accounts: [{ address: wallet.state.address }] })) }),
  })
  const modal = createModal({ projectId: 'p', networks: [anvil], storage, adapter: createEip155Adapter({ window }), walletConnect: false, features: { multiWallet: true } })
  cleanups.push(() => modal.destroy())
  await modal.ready()

  await waitFor(() => expect(modal.getConnections('eip155')).toHaveLength(COUNT))
  const held = modal.getConnections('eip155')!
  expect(held.filter((c) => c.active).map((c) => c.connectorId)).toEqual([active.rdns])
  expect(new Set(held.map((c) => c.address))).toEqual(new Set(wallets.map(({ wallet }) => wallet.state.address)))
  await waitFor(() => expect(modal.getState().account).toMatchObject({ isConnected: true, connectorId: active.rdns, address: active.wallet.state.address }))

  const last = wallets.at(-1)!
  modal.switchConnection({ connectionId: `eip155:${last.rdns}` })
  await waitFor(() => expect(modal.getState().account).toMatchObject({ isConnected: true, connectorId: last.rdns, address: last.wallet.state.address }))
  const signature = await modal.signMessage({ message: 'the twentieth' })
  expect(await verifyMessage({ address: last.wallet.state.address, message: 'the twentieth', signature: signature as `0x${string}` })).toBe(true)
  // Still twenty: the switch dropped none.
  expect(modal.getConnections('eip155')).toHaveLength(COUNT)
  expect(JSON.parse(storage.getItem('@latchkey/connections')!).eip155).toHaveLength(COUNT)
})
