// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { createConfig, getAccount, sendTransaction, waitForTransactionReceipt } from '@wagmi/core'
import { defineChain, http } from 'viem'
import { getEthersSigner } from './ethers.ts'
import { latchkeyConnector } from './wagmi.ts'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, inject, test } from 'vitest'
import { createEip155Adapter } from '../adapters/eip155.ts'
import { defineEvmNetwork } from '../adapters/networks.ts'
import { announceDevWallet, DevWallet } from '../dev/wallet/index.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { createModal } from './createModal.ts'
import { ConnectionNotFoundError } from './errors.ts'
import { ModalContext } from './context.ts'
import { useActiveConnection, useConnections } from './react.tsx'
import { waitFor } from '../tests/harness/waitFor.ts'

/**
 * Multi-wallet through the public API (spec §6 "Multi-wallet methods (get connections, switch, delete)", §8
 * 'Multi-Wallet Not Enabled'): two development wallets announced under two EIP-6963 identities, on anvil, through the
 * real eip155 adapter.
 */
const rpc = inject('anvilRpc1')
const rpc2 = inject('anvilRpc2')
const anvil = defineEvmNetwork({ id: 31337, name: 'Anvil Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: rpc, testnet: true })
const FIRST = 'dev.latchkey.wallet'
const SECOND = 'dev.latchkey.wallet.second'
const THIRD = 'dev.latchkey.wallet.third'

/** Undone after each test, last first; a wallet's goes once its node requests have settled (none left in flight). */
const cleanups: Array<() => void | Promise<void>> = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!()
})

/** Each test wallet's EIP-6963 identity and dev account. */
const identities: Record<string, { name: string; uuid: string; index: number }> = {
  [FIRST]: { name: 'First Wallet', uuid: '0b6f1c1e-4a7d-4c9b-8e2f-1a2b3c4d5e6f', index: 0 },
  [SECOND]: { name: 'Second Wallet', uuid: '6f1e3a3c-2b8e-4c1a-9d7e-1f2a3b4c5d6e', index: 1 },
  [THIRD]: { name: 'Third Wallet', uuid: '2c9d4e5f-6a7b-4c8d-9e0f-a1b2c3d4e5f6', index: 2 },
}

/** A development wallet on its dev account that approved the site before, announced as `rdns`. */
async function heldWallet(rdns: string) {
  const { name, uuid, index } = identities[rdns]!
  const wallet = new DevWallet({
    chains: [
      { chainId: 31337, name: 'Anvil Local', rpcUrl: rpc },
      { chainId: 31338, name: 'Anvil Local 2', rpcUrl: rpc2 },
    ],
    storage: createMemoryStorage(),
    autoApprove: true,
  })
  wallet.setAccount(index)
  await wallet.request({ method: 'eth_requestAccounts' })
  const unannounce = announceDevWallet(wallet, { rdns, name, uuid })
  cleanups.push(() => {
    unannounce()
    return wallet.abandonNodeRequests()
  })
  return wallet
}

/** Storage as a reload finds it (spec §3): `active` the connected connector, `held` the eip155 connections, oldest first. */
const storedConnections = (active: string, held: unknown[]) => createMemoryStorage({ '@latchkey/eip155:connected_connector_id': JSON.stringify(active), '@latchkey/connections': JSON.stringify({ eip155: held }) })

/** A modal with multi-wallet on over `storage` (the page reloaded), destroyed after the test. */
function reload(storage: ReturnType<typeof createMemoryStorage>) {
  const modal = createModal({ projectId: 'p', networks: [anvil], storage, adapter: createEip155Adapter({ window }), walletConnect: false, features: { multiWallet: true } })
  cleanups.push(() => modal.destroy())
  return modal
}

/** A stored connection of a held wallet. */
const entry = (connectorId: string, wallet: DevWallet) => ({ connectorId, accounts: [{ address: wallet.state.address }] })

/** A page reloaded with both wallets held, the first one active (spec §3 storage: connections per namespace, oldest first). */
async function reloadWithTwoWallets() {
  const first = await heldWallet(FIRST)
  const second = await heldWallet(SECOND)
  const storage = storedConnections(FIRST, [entry(SECOND, second), entry(FIRST, first)])
  const modal = reload(storage)
  await modal.ready()
  await waitFor(() =>
    expect(modal.getConnections('eip155')?.map((c) => [c.connectorId, c.active])).toEqual([
      [FIRST, true],
      [SECOND, false],
    ]),
  )
  return { modal, first, second, storage }
}

describe('multi-wallet off (the default, spec §9)', () => {
  test('spec §6, §8: the three methods return nothing and show the Multi-Wallet Not Enabled alert (debug mode, once)', async () => {
    const modal = createModal({ projectId: 'p', networks: [anvil], storage: createMemoryStorage(), adapter: createEip155Adapter({ window }), walletConnect: false, debug: true, log: { level: 'warn' } })
    cleanups.push(() => modal.destroy())
    await modal.ready()
    expect(modal.getConnections()).toBeUndefined()
    expect(modal.switchConnection({ connectionId: 'eip155:any' })).toBeUndefined()
    expect(modal.deleteConnection({ connectionId: 'eip155:any' })).toBeUndefined()
    expect(modal.getState().connections).toBeUndefined()
    const alerts = modal.getLogs().filter((e) => e.message.includes('Multi-Wallet Not Enabled'))
    expect(alerts).toHaveLength(1)
  })
})

describe('multi-wallet on', () => {
  test('behavior: a reload restores both held wallets and the same active one; a switch makes the other one the account every surface reads, without revoking the first', async () => {
    const { modal, first, second, storage } = await reloadWithTwoWallets()
    await waitFor(() => expect(modal.getState().account).toMatchObject({ isConnected: true, connectorId: FIRST, address: first.state.address }))
    // subscribeState tells every change of the connections (the active one first, then the switch's end).
    const told: Array<string | undefined> = []
    const stop = modal.subscribeState((state) => told.push(`${state.connections?.activeId} ${state.connections?.isSwitching}`))

    modal.switchConnection({ address: second.state.address.toLowerCase() })
    // Painted at once: the chosen one is marked active while its wallet is restored.
    expect(modal.getState().connections).toMatchObject({ activeId: `eip155:${SECOND}`, isSwitching: true })
    await waitFor(() => expect(modal.getState().account).toMatchObject({ isConnected: true, connectorId: SECOND, address: second.state.address }))
    expect(modal.getState().connections?.isSwitching).toBe(false)
    stop()
    expect(told).toContain(`eip155:${SECOND} true`)
    expect(told.at(-1)).toBe(`eip155:${SECOND} false`)
    expect((await modal.getProvider('eip155')?.request({ method: 'eth_accounts' })) as string[]).toEqual([second.state.address])
    // The first still holds the site; storage keeps both, the second active.
    expect(first.state.authorised).toBe(true)
    expect(storage.getItem('@latchkey/eip155:connected_connector_id')).toBe(JSON.stringify(SECOND))
    expect(
      JSON.parse(storage.getItem('@latchkey/connections')!)
        .eip155.map((c: { connectorId: string }) => c.connectorId)
        .sort(),
    ).toEqual([FIRST, SECOND])
  })

  test('behavior: removing the active connection makes the most recently used other one active; removing twice, or switching to an unknown id, throws ConnectionNotFoundError', async () => {
    const { modal, first } = await reloadWithTwoWallets()
    await waitFor(() => expect(modal.getState().account.connectorId).toBe(FIRST))
    modal.deleteConnection({ connectionId: `eip155:${FIRST}` })
    await waitFor(() => expect(modal.getState().account).toMatchObject({ isConnected: true, connectorId: SECOND }))
    expect(modal.getConnections('eip155')?.map((c) => c.connectorId)).toEqual([SECOND])
    expect(first.state.authorised).toBe(false)
    expect(() => modal.deleteConnection({ connectionId: `eip155:${FIRST}` })).toThrow(ConnectionNotFoundError)
    expect(() => modal.switchConnection({ connectionId: 'eip155:nobody' })).toThrowErrorMatchingInlineSnapshot(`
      [ConnectionNotFoundError: Connection not found
      Docs: https://latchkey.example/errors/ConnectionNotFoundError
      Details: No held connection with id eip155:nobody.]
    `)
    // The last one removed: the namespace is disconnected.
    modal.deleteConnection({ connectionId: `eip155:${SECOND}` })
    await waitFor(() => expect(modal.getState().account.status).toBe('disconnected'))
    expect(modal.getConnections('eip155')).toEqual([])
  })

  test('behavior: an account or chain change inside the non-active wallet updates that connection only; its disconnect removes it only', async () => {
    const { modal, first, second } = await reloadWithTwoWallets()
    await waitFor(() => expect(modal.getState().account.connectorId).toBe(FIRST))
    const held = () => modal.getConnections('eip155')?.find((c) => c.connectorId === SECOND)
    await waitFor(() => expect(held()?.caipNetworkId).toBe('eip155:31337'))
    second.setAccount(2)
    await waitFor(() => expect(held()?.address).toBe(second.state.address))
    expect(modal.getState().account).toMatchObject({ connectorId: FIRST, address: first.state.address })
    // Its own chainChanged: that connection is on the new chain; the active one, its chain and the network stay.
    second.setChain(31338)
    await waitFor(() => expect(held()?.caipNetworkId).toBe('eip155:31338'))
    expect(modal.getState().account).toMatchObject({ connectorId: FIRST, address: first.state.address, caipAddress: `eip155:31337:${first.state.address}` })
    expect(modal.getState().network.caipNetworkId).toBe('eip155:31337')
    expect(modal.getConnections('eip155')?.find((c) => c.active)).toMatchObject({ connectorId: FIRST, caipNetworkId: 'eip155:31337' })
    expect(first.state.chainId).toBe(31337)
    second.disconnect()
    await waitFor(() => expect(modal.getConnections('eip155')?.map((c) => c.connectorId)).toEqual([FIRST]))
    expect(modal.getState().account).toMatchObject({ isConnected: true, connectorId: FIRST, address: first.state.address })
  })

  test('bad input: a malformed stored connection is dropped alone: the reload restores the two good ones and the same active one', async () => {
    const first = await heldWallet(FIRST)
    const second = await heldWallet(SECOND)
    const malformed = { connectorId: 42, accounts: 'x' }
    const modal = reload(storedConnections(FIRST, [entry(SECOND, second), malformed, { connectorId: FIRST, accounts: [{ address: first.state.address }, { nope: 1 }] }]))
    await waitFor(() =>
      expect(modal.getConnections('eip155')?.map((c) => [c.connectorId, c.active])).toEqual([
        [FIRST, true],
        [SECOND, false],
      ]),
    )
    expect(modal.getState().account).toMatchObject({ isConnected: true, connectorId: FIRST, address: first.state.address })
  })

  test('behavior: the stored active wallet gone at reload: the held ones are tried, the most recently used first, silently, until one answers', async () => {
    const third = await heldWallet(THIRD)
    const second = await heldWallet(SECOND)
    const first = await heldWallet(FIRST)
    // The visitor revoked the site in the active wallet and in the most recently used other one since.
    first.disconnect()
    second.disconnect()
    const storage = storedConnections(FIRST, [entry(THIRD, third), entry(SECOND, second), entry(FIRST, first)])
    const modal = reload(storage)
    await waitFor(() => expect(modal.getState().account).toMatchObject({ isConnected: true, connectorId: THIRD, address: third.state.address }))
    await waitFor(() => expect(modal.getConnections('eip155')?.map((c) => [c.connectorId, c.active])).toEqual([[THIRD, true]]))
    expect(storage.getItem('@latchkey/eip155:connected_connector_id')).toBe(JSON.stringify(THIRD))
    expect(JSON.parse(storage.getItem('@latchkey/connections')!).eip155.map((c: { connectorId: string }) => c.connectorId)).toEqual([THIRD])
    // Nothing was asked of the visitor in any wallet.
    for (const wallet of [first, second, third]) expect(wallet.pending).toEqual([])
  })

  test('spec §4, §6: Disconnect with several wallets held disconnects them all (each revoked); the namespace is left disconnected', async () => {
    const { modal, first, second, storage } = await reloadWithTwoWallets()
    await waitFor(() => expect(modal.getState().account.connectorId).toBe(FIRST))
    modal.disconnect()
    await waitFor(() => expect(modal.getState().account.status).toBe('disconnected'))
    await waitFor(() => expect(second.state.authorised).toBe(false))
    expect(first.state.authorised).toBe(false)
    expect(modal.getConnections('eip155')).toEqual([])
    expect(modal.getState().connections).toMatchObject({ connections: [], activeId: undefined })
    expect(storage.getItem('@latchkey/connections')).not.toContain(SECOND)
  })

  test('behavior: useConnections and useActiveConnection follow the held connections and switch with one call', async () => {
    const { modal, second } = await reloadWithTwoWallets()
    const wrapper = ({ children }: { children: ReactNode }) => <ModalContext.Provider value={modal}>{children}</ModalContext.Provider>
    const { result } = renderHook(() => ({ all: useConnections(), active: useActiveConnection() }), { wrapper })
    await waitFor(() => expect(result.current.active?.connectorId).toBe(FIRST))
    expect(result.current.all.connections.map((c) => c.connectorId)).toEqual([FIRST, SECOND])
    act(() => result.current.all.switchConnection({ connectionId: `eip155:${SECOND}` }))
    expect(result.current.active?.connectorId).toBe(SECOND)
    await waitFor(() => expect(result.current.all.isSwitching).toBe(false))
    expect(result.current.active?.address).toBe(second.state.address)
  })

  test("behavior: the wagmi bridge's account and the ethers signer follow a switch; a send through wagmi leaves from the active wallet", async () => {
    const { modal, first, second } = await reloadWithTwoWallets()
    const chain = defineChain({ id: 31337, name: 'Anvil Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpc] } }, testnet: true })
    const config = createConfig({ chains: [chain], connectors: [latchkeyConnector(modal)], multiInjectedProviderDiscovery: false, storage: null, transports: { [chain.id]: http(rpc) } })
    await waitFor(() => expect(getAccount(config)).toMatchObject({ status: 'connected', address: first.state.address }))
    expect((await getEthersSigner(modal)).address).toBe(first.state.address)

    modal.switchConnection({ connectionId: `eip155:${SECOND}` })
    await waitFor(() => expect(getAccount(config)).toMatchObject({ status: 'connected', address: second.state.address }))
    expect((await getEthersSigner(modal)).address).toBe(second.state.address)
    const hash = await sendTransaction(config, { to: '0x000000000000000000000000000000000000dEaD', value: 1n })
    const receipt = await waitForTransactionReceipt(config, { hash })
    expect(receipt.from.toLowerCase()).toBe(second.state.address.toLowerCase())
  })
})
