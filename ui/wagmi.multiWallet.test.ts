// @vitest-environment happy-dom
import { createConfig, disconnect, getAccount, getConnections, getConnectorClient, sendTransaction, switchAccount, switchChain, waitForTransactionReceipt, type Config } from '@wagmi/core'
import { defineChain, http, parseEther, SwitchChainError, type Address } from 'viem'
import { afterEach, describe, expect, inject, test } from 'vitest'
import { createEip155Adapter } from '../adapters/eip155.ts'
import { defineEvmNetwork } from '../adapters/networks.ts'
import { announceDevWallet, DevWallet } from '../dev/wallet/index.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { waitFor } from '../tests/harness/waitFor.ts'
import { freshAddress } from './bridge.fixtures.ts'
import { createModal } from './createModal.ts'
import type { ModalInstance } from './instance.ts'
import { HeldConnectionNotActiveError, latchkeyConnector, syncWagmiConnections } from './wagmi.ts'

/**
 * Multi-wallet through wagmi (spec §6): two development wallets under two EIP-6963 identities held by the modal, on
 * anvil; the modal's switch and wagmi's `switchAccount` move each other, and wagmi sends from the active wallet only.
 */
const rpc = inject('anvilRpc1')
const rpc2 = inject('anvilRpc2')
const anvil = defineEvmNetwork({ id: 31337, name: 'Anvil Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: rpc, testnet: true })
const chain = defineChain({ id: 31337, name: 'Anvil Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpc] } }, testnet: true })
const FIRST = 'dev.latchkey.wallet.wagmi-first'
const SECOND = 'dev.latchkey.wallet.wagmi-second'
const identities: Record<string, { name: string; uuid: string; index: number }> = {
  [FIRST]: { name: 'First Wallet', uuid: '7a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b', index: 3 },
  [SECOND]: { name: 'Second Wallet', uuid: '8b2d3f4a-5c6e-4f7a-9b0c-1d2e3f4a5b6c', index: 4 },
}

/** Undone after each test, last first; a wallet's goes once its node requests have settled (none left in flight). */
const cleanups: Array<() => void | Promise<void>> = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!()
})

/** A development wallet on its dev account that approved the site before, announced as `rdns`. */
async function heldWallet(rdns: string, exposedAccounts = 1): Promise<DevWallet> {
  const { name, uuid, index } = identities[rdns]!
  const wallet = new DevWallet({
    exposedAccounts,
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

/** A page reloaded with both wallets held (the first active), and a wagmi config on the modal with its connections synced. */
async function twoWalletsInWagmi({ multiWallet = true, firstAccounts = 1 } = {}): Promise<{ modal: ModalInstance; config: Config; first: DevWallet; second: DevWallet }> {
  const first = await heldWallet(FIRST, firstAccounts)
  const second = await heldWallet(SECOND)
  const entry = (connectorId: string, wallet: DevWallet) => ({ connectorId, accounts: [{ address: wallet.state.address }] })
  const storage = createMemoryStorage({ '@latchkey/eip155:connected_connector_id': JSON.stringify(FIRST), '@latchkey/connections': JSON.stringify({ eip155: [entry(SECOND, second), entry(FIRST, first)] }) })
  const modal = createModal({ projectId: 'p', networks: [anvil], storage, adapter: createEip155Adapter({ window }), walletConnect: false, features: { multiWallet } })
  cleanups.push(() => modal.destroy())
  const config = createConfig({ chains: [chain], connectors: [latchkeyConnector(modal)], multiInjectedProviderDiscovery: false, storage: null, transports: { [chain.id]: http(rpc) } })
  cleanups.push(syncWagmiConnections(modal, config))
  await waitFor(() => expect(getAccount(config)).toMatchObject({ status: 'connected', address: first.state.address }))
  return { modal, config, first, second }
}

/** wagmi's connections as `useConnections()` lists them: connector id and name, address, current or not. */
const listed = (config: Config) => getConnections(config).map((c) => ({ id: c.connector.id, name: c.connector.name, address: c.accounts[0], current: c.connector.uid === config.state.current }))

/** 0.001 ETH sent through wagmi to a fresh address, mined: who paid (the receipt's sender) and what arrived. */
async function sendThroughWagmi(config: Config): Promise<{ from: Address; arrived: bigint; to: Address }> {
  const to = freshAddress()
  const hash = await sendTransaction(config, { to, value: parseEther('0.001') })
  const receipt = await waitForTransactionReceipt(config, { hash })
  const client = config.getClient()
  return { from: receipt.from, to, arrived: await client.request({ method: 'eth_getBalance', params: [to, 'latest'] }).then(BigInt) }
}

describe('latchkey/wagmi: several wallets held (syncWagmiConnections)', () => {
  test("behavior: every held wallet is a wagmi connection, the modal's active one current under latchkey's connector, the other under its own wallet's name", async () => {
    const { config, first, second } = await twoWalletsInWagmi()
    await waitFor(() =>
      expect(listed(config)).toEqual([
        { id: 'latchkey', name: 'latchkey', address: first.state.address, current: true },
        { id: `latchkey:eip155:${SECOND}`, name: 'Second Wallet', address: second.state.address, current: false },
      ]),
    )
  })

  test("behavior: a switch in the modal is a switch in wagmi: the second wallet is wagmi's current account, the first listed as held, and a wagmi send leaves from the second", async () => {
    const { modal, config, first, second } = await twoWalletsInWagmi()
    modal.switchConnection({ connectionId: `eip155:${SECOND}` })
    await waitFor(() =>
      expect(listed(config)).toEqual([
        { id: 'latchkey', name: 'latchkey', address: second.state.address, current: true },
        { id: `latchkey:eip155:${FIRST}`, name: 'First Wallet', address: first.state.address, current: false },
      ]),
    )
    const sent = await sendThroughWagmi(config)
    expect({ from: sent.from.toLowerCase(), arrived: sent.arrived }).toEqual({ from: second.state.address.toLowerCase(), arrived: parseEther('0.001') })
  })

  test("behavior: wagmi's switchAccount with a held wallet's connector switches the modal; sends leave from that wallet, then from the first again after a switch back", async () => {
    const { modal, config, first, second } = await twoWalletsInWagmi()
    await waitFor(() => expect(listed(config)).toHaveLength(2))
    const heldSecond = getConnections(config).find((c) => c.connector.id === `latchkey:eip155:${SECOND}`)!.connector
    const switched = await switchAccount(config, { connector: heldSecond })
    expect(switched.accounts).toEqual([second.state.address])
    // The modal follows: its active wallet, its button's account, the provider every surface uses.
    await waitFor(() => expect(modal.getState().account).toMatchObject({ isConnected: true, connectorId: SECOND, address: second.state.address }))
    expect(modal.getConnections('eip155')?.find((c) => c.active)?.connectorId).toBe(SECOND)
    // wagmi lands back on latchkey's connector, now with the second wallet; the first is the held one.
    await waitFor(() =>
      expect(listed(config)).toEqual([
        { id: 'latchkey', name: 'latchkey', address: second.state.address, current: true },
        { id: `latchkey:eip155:${FIRST}`, name: 'First Wallet', address: first.state.address, current: false },
      ]),
    )
    const fromSecond = await sendThroughWagmi(config)
    expect({ from: fromSecond.from.toLowerCase(), arrived: fromSecond.arrived }).toEqual({ from: second.state.address.toLowerCase(), arrived: parseEther('0.001') })

    const heldFirst = getConnections(config).find((c) => c.connector.id === `latchkey:eip155:${FIRST}`)!.connector
    await switchAccount(config, { connector: heldFirst })
    await waitFor(() => expect(modal.getState().account).toMatchObject({ connectorId: FIRST, address: first.state.address }))
    await waitFor(() => expect(getAccount(config)).toMatchObject({ status: 'connected', address: first.state.address, connector: { id: 'latchkey' } }))
    const fromFirst = await sendThroughWagmi(config)
    expect(fromFirst.from.toLowerCase()).toBe(first.state.address.toLowerCase())
  })

  test("behavior: an account or chain change inside the held wallet moves its wagmi connection only; wagmi's current account and chain stay the active wallet's", async () => {
    const { config, first, second } = await twoWalletsInWagmi()
    await waitFor(() => expect(listed(config)).toHaveLength(2))
    const heldConnection = () => getConnections(config).find((c) => c.connector.id === `latchkey:eip155:${SECOND}`)
    second.setAccount(2)
    await waitFor(() => expect(heldConnection()?.accounts[0]).toBe(second.state.address))
    second.setChain(31338)
    await waitFor(() => expect(heldConnection()?.chainId).toBe(31338))
    expect(await heldConnection()!.connector.getChainId()).toBe(31338)
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: first.state.address, chainId: 31337, connector: { id: 'latchkey' } })
    expect(listed(config)).toEqual([
      { id: 'latchkey', name: 'latchkey', address: first.state.address, current: true },
      { id: `latchkey:eip155:${SECOND}`, name: 'Second Wallet', address: second.state.address, current: false },
    ])
  })

  test("behavior: wagmi's disconnect with a held wallet's connector removes that wallet from the modal only; the active one stays wagmi's account", async () => {
    const { modal, config, first, second } = await twoWalletsInWagmi()
    await waitFor(() => expect(listed(config)).toHaveLength(2))
    const heldSecond = getConnections(config).find((c) => c.connector.id === `latchkey:eip155:${SECOND}`)!.connector
    await disconnect(config, { connector: heldSecond })
    await waitFor(() => expect(modal.getConnections('eip155')?.map((c) => c.connectorId)).toEqual([FIRST]))
    await waitFor(() => expect(second.state.authorised).toBe(false))
    expect(listed(config)).toEqual([{ id: 'latchkey', name: 'latchkey', address: first.state.address, current: true }])
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: first.state.address })
  })

  test("behavior: removing the active wallet in the modal makes the other wagmi's account; the modal's Disconnect leaves wagmi disconnected", async () => {
    const { modal, config, second } = await twoWalletsInWagmi()
    await waitFor(() => expect(listed(config)).toHaveLength(2))
    modal.deleteConnection({ connectionId: `eip155:${FIRST}` })
    await waitFor(() => expect(listed(config)).toEqual([{ id: 'latchkey', name: 'latchkey', address: second.state.address, current: true }]))
    modal.disconnect()
    await waitFor(() => expect(getAccount(config).status).toBe('disconnected'))
    expect(getConnections(config)).toEqual([])
  })

  test('bad input: a held wallet hands wagmi no provider and switches no chain (HeldConnectionNotActiveError): sends go through the active wallet', async () => {
    const { config } = await twoWalletsInWagmi()
    await waitFor(() => expect(listed(config)).toHaveLength(2))
    const heldSecond = getConnections(config).find((c) => c.connector.id === `latchkey:eip155:${SECOND}`)!.connector
    await expect(getConnectorClient(config, { connector: heldSecond })).rejects.toBeInstanceOf(HeldConnectionNotActiveError)
    const refused = await heldSecond.switchChain!({ chainId: 31337 }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(SwitchChainError)
    expect((refused as SwitchChainError).cause).toBeInstanceOf(HeldConnectionNotActiveError)
    expect(((refused as SwitchChainError).cause as Error).message).toMatchInlineSnapshot(`
      "This wallet is held, not active.
      Docs: https://latchkey.example/errors/HeldConnectionNotActiveError
      Details: Connection eip155:dev.latchkey.wallet.wagmi-second is held by the modal but is not its active one: switch to it first (wagmi's switchAccount / switchConnection with its connector, or modal.switchConnection)."
    `)
    // wagmi's own chain switch still goes through the active wallet.
    await expect(switchChain(config, { chainId: 31337 })).resolves.toMatchObject({ id: 31337 })
  })

  test("behavior: several accounts inside the active wallet: switchConnection({ address }) of its other account is wagmi's account, and a wagmi send leaves from it", async () => {
    // The first wallet gives the site its account 3 and account 0.
    const { modal, config, first } = await twoWalletsInWagmi({ firstAccounts: 2 })
    const other = first.addresses[0]!
    expect(modal.getConnections('eip155')?.[0]).toMatchObject({ address: first.state.address, accounts: [first.state.address, other], active: true })
    modal.switchConnection({ address: other })
    await waitFor(() => expect(getAccount(config)).toMatchObject({ status: 'connected', address: other }))
    expect(modal.getState().account).toMatchObject({ connectorId: FIRST, address: other })
    const sent = await sendThroughWagmi(config)
    expect({ from: sent.from.toLowerCase(), arrived: sent.arrived }).toEqual({ from: other.toLowerCase(), arrived: parseEther('0.001') })
  })

  test('behavior: with multi-wallet off, wagmi holds the one connection of the connected wallet', async () => {
    const { config, first } = await twoWalletsInWagmi({ multiWallet: false })
    expect(listed(config)).toEqual([{ id: 'latchkey', name: 'latchkey', address: first.state.address, current: true }])
  })

  test('behavior: syncWagmiConnections refuses something that is not a modal', () => {
    expect(() => syncWagmiConnections({} as never, {} as never)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: syncWagmiConnections(modal): Expected the instance createModal returns
      Docs: https://latchkey.example/errors/InvalidOptionsError
      Details: Received: object]
    `)
  })
})
