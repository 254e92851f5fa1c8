// @vitest-environment happy-dom
import {
  connect,
  createConfig,
  disconnect,
  getAccount,
  getCapabilities,
  getChainId,
  reconnect,
  sendCalls,
  sendTransaction,
  signMessage,
  switchChain,
  waitForCallsStatus,
  waitForTransactionReceipt,
  writeContract,
  type Config,
  type CreateConnectorFn,
} from '@wagmi/core'
import { defineChain, erc20Abi, http, parseEther, parseUnits, SwitchChainError, UserRejectedRequestError, verifyMessage, type Address } from 'viem'
import { afterEach, describe, expect, inject, test } from 'vitest'
import { solanaDevnet } from '../adapters/networks.ts'
import { DEV_TOKEN_ADDRESS } from '../dev/tokens/tokens.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { devWalletConnectorId, freshAddress, makeBridgeFixture, type BridgeFixture } from './bridge.fixtures.ts'
import { ChainNotConfiguredError, latchkeyConnector, ModalRequestEndedError, syncWagmiChain, toLatchkeyNetworks, WagmiChainNotUsableError } from './wagmi.ts'
import { waitFor } from '../tests/harness/waitFor.ts'

const rpc: [string, string] = [inject('anvilRpc1'), inject('anvilRpc2')]
const anvil1 = defineChain({ id: 31337, name: 'Anvil Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpc[0]] } }, testnet: true })
const anvil2 = defineChain({ id: 31338, name: 'Anvil Local 2', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpc[1]] } }, testnet: true })
const chains = [anvil1, anvil2] as const

const fixtures: BridgeFixture[] = []
afterEach(() => fixtures.splice(0).forEach((f) => f.destroy()))

/** A modal on the anvils (networks made from wagmi's chains) and a wagmi config whose only connector is latchkey's. */
function setup(args: Parameters<typeof makeBridgeFixture>[1] = {}): BridgeFixture & { config: Config } {
  const f = makeBridgeFixture(rpc, { ...args, options: { networks: toLatchkeyNetworks(chains), ...args.options } })
  fixtures.push(f)
  const config = createConfig({
    chains,
    connectors: [latchkeyConnector(f.modal)],
    multiInjectedProviderDiscovery: false,
    storage: null,
    transports: { [anvil1.id]: http(rpc[0]), [anvil2.id]: http(rpc[1]) },
  })
  return { ...f, config }
}

describe('latchkey/wagmi: one connection', () => {
  test("behavior: the modal connects the wallet → wagmi's getAccount shows its address and chain", async () => {
    const f = setup()
    expect(getAccount(f.config).status).toBe('disconnected')
    await f.connect()
    await waitFor(() => expect(getAccount(f.config)).toMatchObject({ status: 'connected', address: f.wallet.state.address, chainId: 31337 }))
    expect(getAccount(f.config).connector?.id).toBe('latchkey')
  })

  test('behavior: wagmi connect() opens the modal and resolves once the visitor picks a wallet there', async () => {
    const f = setup()
    const pending = connect(f.config, { connector: f.config.connectors[0]! })
    await waitFor(() => expect(f.modal.getState()).toMatchObject({ open: true, view: 'Connect' }))
    f.modal.actor.send({ type: 'app.selectWallet', connectorId: devWalletConnectorId })
    await expect(pending).resolves.toEqual({ accounts: [f.wallet.state.address], chainId: 31337 })
    expect(getAccount(f.config).address).toBe(f.wallet.state.address)
  })

  test('behavior: wagmi connect() on a modal showing Solana brings it to an EVM network first; Connect lists the EVM wallet', async () => {
    const f = setup({ options: { networks: [solanaDevnet, ...toLatchkeyNetworks(chains)] } })
    expect(f.modal.getState().activeNamespace).toBe('solana')
    const pending = connect(f.config, { connector: f.config.connectors[0]!, chainId: 31338 })
    await waitFor(() => expect(f.modal.getState()).toMatchObject({ open: true, view: 'Connect', activeNamespace: 'eip155', caipNetworkId: 'eip155:31338' }))
    f.modal.actor.send({ type: 'app.selectWallet', connectorId: devWalletConnectorId })
    await expect(pending).resolves.toEqual({ accounts: [f.wallet.state.address], chainId: 31338 })
    expect(getAccount(f.config)).toMatchObject({ status: 'connected', chainId: 31338 })
  })

  test("behavior: wagmi connect() rejects with viem's UserRejectedRequestError when the modal is closed without connecting", async () => {
    const f = setup()
    const pending = connect(f.config, { connector: f.config.connectors[0]! })
    await waitFor(() => expect(f.modal.getState().open).toBe(true))
    f.modal.close()
    const refused = await pending.catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(UserRejectedRequestError)
    expect((refused as UserRejectedRequestError).cause).toBeInstanceOf(ModalRequestEndedError)
    expect(((refused as UserRejectedRequestError).cause as ModalRequestEndedError).shortMessage).toBe('The modal was closed without connecting a wallet.')
    expect(getAccount(f.config).status).toBe('disconnected')
  })

  test('behavior: wagmi disconnect() disconnects the modal; the modal disconnecting disconnects wagmi', async () => {
    const f = setup()
    await f.connect()
    await waitFor(() => expect(getAccount(f.config).status).toBe('connected'))
    await disconnect(f.config)
    expect(f.modal.getState().account.status).toBe('disconnected')
    expect(getAccount(f.config).status).toBe('disconnected')

    await f.connect()
    await waitFor(() => expect(getAccount(f.config).status).toBe('connected'))
    f.modal.disconnect()
    await waitFor(() => expect(getAccount(f.config).status).toBe('disconnected'))
  })

  test('behavior: one connector function in two wagmi configs: both follow the modal', async () => {
    const f = setup()
    const connector = latchkeyConnector(f.modal)
    const make = () => createConfig({ chains, connectors: [connector], multiInjectedProviderDiscovery: false, storage: null, transports: { [anvil1.id]: http(rpc[0]), [anvil2.id]: http(rpc[1]) } })
    const [a, b] = [make(), make()]
    await f.connect()
    await waitFor(() => expect([getAccount(a).status, getAccount(b).status]).toEqual(['connected', 'connected']))
    f.modal.disconnect()
    await waitFor(() => expect([getAccount(a).status, getAccount(b).status]).toEqual(['disconnected', 'disconnected']))
  })

  test('behavior: the wallet changing account reaches wagmi through the modal', async () => {
    const f = setup()
    await f.connect()
    await waitFor(() => expect(getAccount(f.config).address).toBe(f.wallet.state.address))
    f.wallet.setAccount(3)
    await waitFor(() => expect(getAccount(f.config).address).toBe(f.wallet.addresses[3]))
    expect(f.modal.getState().account.address).toBe(f.wallet.addresses[3])
  })

  test("behavior: wagmi reconnect() restores the modal's stored connection after a reload", async () => {
    const storage = createMemoryStorage()
    const first = setup({ options: { storage } })
    await first.connect()
    first.modal.destroy()
    // The reload: a new modal on the same storage restores the wallet; wagmi's reconnect waits for it.
    const second = setup({ options: { storage } })
    const connections = await reconnect(second.config)
    expect(connections.map((c) => c.accounts[0])).toEqual([second.wallet.state.address])
    expect(getAccount(second.config)).toMatchObject({ status: 'connected', chainId: 31337 })
    expect(second.modal.getState().account.status).toBe('connected')
  })
})

describe('latchkey/wagmi: transactions through wagmi', () => {
  test("behavior: sendTransaction mines on anvil and the modal's balance follows", async () => {
    const f = setup()
    await f.connect()
    await waitFor(() => expect(getAccount(f.config).status).toBe('connected'))
    await waitFor(() => expect(f.modalBalance()).toBeDefined())
    const to = freshAddress()
    const hash = await sendTransaction(f.config, { to, value: parseEther('0.75') })
    expect((await waitForTransactionReceipt(f.config, { hash })).status).toBe('success')
    expect(await f.chain(0).getBalance({ address: to })).toBe(parseEther('0.75'))
    const onChain = await f.chain(0).getBalance({ address: f.wallet.state.address })
    await waitFor(() => expect(f.modalBalance()).toBe(onChain), { timeout: 10_000 })
  })

  test("behavior: wagmi's sendCalls, waitForCallsStatus and getCapabilities reach the modal's wallet (EIP-5792): both calls land and the modal's balance follows", async () => {
    const f = setup()
    await f.connect()
    await waitFor(() => expect(getAccount(f.config).status).toBe('connected'))
    await waitFor(() => expect(f.modalBalance()).toBeDefined())
    expect(await getCapabilities(f.config, { chainId: 31337 })).toMatchObject({ atomic: { status: 'unsupported' } })
    const to = freshAddress()
    const { id } = await sendCalls(f.config, {
      calls: [
        { to, value: parseEther('0.25') },
        { to, value: parseEther('0.5') },
      ],
    })
    const status = await waitForCallsStatus(f.config, { id, timeout: 10_000 })
    expect(status.status).toBe('success')
    expect(status.receipts).toHaveLength(2)
    expect(await f.chain(0).getBalance({ address: to })).toBe(parseEther('0.75'))
    // The batch's final status, read through the modal's provider, makes the modal read its balance again.
    const onChain = await f.chain(0).getBalance({ address: f.wallet.state.address })
    await waitFor(() => expect(f.modalBalance()).toBe(onChain), { timeout: 10_000 })
  })

  test('behavior: a batch sent through wagmi that the dapp never asks about is followed by the modal: its balance follows once the calls landed', async () => {
    const f = setup()
    await f.connect()
    await waitFor(() => expect(getAccount(f.config).status).toBe('connected'))
    await waitFor(() => expect(f.modalBalance()).toBeDefined())
    const before = f.modalBalance()
    const to = freshAddress()
    await sendCalls(f.config, { calls: [{ to, value: parseEther('0.25') }] })
    await waitFor(async () => expect(await f.chain(0).getBalance({ address: to })).toBe(parseEther('0.25')), { timeout: 10_000 })
    const onChain = await f.chain(0).getBalance({ address: f.wallet.state.address })
    await waitFor(() => expect(f.modalBalance()).toBe(onChain), { timeout: 10_000 })
    expect(f.modalBalance()).not.toBe(before)
  })

  test("behavior: signMessage goes to the connected wallet; the signature verifies for the modal's address", async () => {
    const f = setup()
    await f.connect()
    await waitFor(() => expect(getAccount(f.config).status).toBe('connected'))
    const signature = await signMessage(f.config, { message: 'Hello from wagmi' })
    expect(await verifyMessage({ address: f.modal.getState().account.address as Address, message: 'Hello from wagmi', signature })).toBe(true)
  })

  test('behavior: writeContract (an ERC-20 approve) goes through the connected wallet', async () => {
    const f = setup()
    await f.connect()
    await waitFor(() => expect(getAccount(f.config).status).toBe('connected'))
    const spender = freshAddress()
    const hash = await writeContract(f.config, { address: DEV_TOKEN_ADDRESS, abi: erc20Abi, functionName: 'approve', args: [spender, parseUnits('5', 18)] })
    expect((await waitForTransactionReceipt(f.config, { hash })).status).toBe('success')
    const owner = f.wallet.state.address
    expect(await f.chain(0).readContract({ address: DEV_TOKEN_ADDRESS, abi: erc20Abi, functionName: 'allowance', args: [owner, spender] })).toBe(parseUnits('5', 18))
  })
})

describe('latchkey/wagmi: chains', () => {
  test('behavior: wagmi switchChain goes through the modal: the wallet, the modal and wagmi are on the new chain', async () => {
    const f = setup({ options: { ignoreSwitchConfirmation: true } })
    await f.connect()
    await waitFor(() => expect(getAccount(f.config).status).toBe('connected'))
    const chain = await switchChain(f.config, { chainId: 31338 })
    expect(chain.id).toBe(31338)
    expect(f.wallet.state.chainId).toBe(31338)
    expect(f.modal.getState().caipNetworkId).toBe('eip155:31338')
    expect(getAccount(f.config).chainId).toBe(31338)
  })

  test('behavior: a switch in the modal reaches wagmi', async () => {
    const f = setup()
    await f.connect()
    await waitFor(() => expect(getAccount(f.config).status).toBe('connected'))
    f.modal.switchNetwork('eip155:31338')
    await waitFor(() => expect(getAccount(f.config).chainId).toBe(31338))
    expect(f.wallet.state.chainId).toBe(31338)
  })

  test('behavior: the wallet declining a wagmi switchChain rejects with UserRejectedRequestError; everyone stays on the chain', async () => {
    const f = setup({ options: { ignoreSwitchConfirmation: true } })
    await f.connect()
    await waitFor(() => expect(getAccount(f.config).status).toBe('connected'))
    f.wallet.setAutoApprove(false)
    const stop = f.wallet.subscribe(() => {
      const request = f.wallet.pending[0]
      if (request) f.wallet.reject(request.id)
    })
    const declined = await switchChain(f.config, { chainId: 31338 }).catch((e: unknown) => e)
    expect(declined).toBeInstanceOf(UserRejectedRequestError)
    expect((declined as UserRejectedRequestError).cause).toMatchObject({ name: 'ModalRequestEndedError', shortMessage: 'The wallet declined the network switch.' })
    stop()
    expect(f.wallet.state.chainId).toBe(31337)
    expect(f.modal.getState().caipNetworkId).toBe('eip155:31337')
    expect(getAccount(f.config).chainId).toBe(31337)
  })

  test('behavior: a chain wagmi does not have is refused with SwitchChainError', async () => {
    const f = setup()
    await f.connect()
    await waitFor(() => expect(getAccount(f.config).status).toBe('connected'))
    const refused = await switchChain(f.config, { chainId: 10 as never }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(SwitchChainError)
    expect((refused as SwitchChainError).cause).toBeInstanceOf(ChainNotConfiguredError)
    expect(((refused as SwitchChainError).cause as Error).message).toMatchInlineSnapshot(`
      "Chain not configured.
      Docs: https://latchkey.example/errors/ChainNotConfiguredError
      Details: Chain 10 is not in wagmi's config (createConfig({ chains })) or in the modal's networks."
    `)
    expect(f.modal.getState().caipNetworkId).toBe('eip155:31337')
  })

  test("types: the connector is a wagmi CreateConnectorFn without naming wagmi's types", () => {
    const f = setup()
    const asWagmi: CreateConnectorFn = latchkeyConnector(f.modal, { id: 'latchkey-2' })
    expect(typeof asWagmi).toBe('function')
  })

  test('behavior: latchkeyConnector refuses something that is not a modal', () => {
    expect(() => latchkeyConnector({ open() {} } as never)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: latchkeyConnector(modal): Expected the instance createModal returns
      Docs: https://latchkey.example/errors/InvalidOptionsError
      Details: Received: object]
    `)
  })

  test("behavior: a chain wagmi has but the modal does not is refused too; the modal's network stays", async () => {
    const f = setup({ options: { networks: toLatchkeyNetworks([anvil1]) } })
    await f.connect()
    await waitFor(() => expect(getAccount(f.config).status).toBe('connected'))
    await expect(switchChain(f.config, { chainId: 31338 })).rejects.toBeInstanceOf(SwitchChainError)
    expect(f.modal.getState().caipNetworkId).toBe('eip155:31337')
    expect(f.wallet.state.chainId).toBe(31337)
    expect(getAccount(f.config).chainId).toBe(31337)
  })

  test("behavior: with no wallet connected, syncWagmiChain keeps wagmi's chain and the modal's network together, both ways", async () => {
    const f = setup()
    const stop = syncWagmiChain(f.modal, f.config)
    await switchChain(f.config, { chainId: 31338 })
    expect(f.modal.getState().caipNetworkId).toBe('eip155:31338')
    f.modal.switchNetwork('eip155:31337')
    expect(getChainId(f.config)).toBe(31337)
    stop()
    await switchChain(f.config, { chainId: 31338 })
    expect(f.modal.getState().caipNetworkId).toBe('eip155:31337')
  })

  test('behavior: toLatchkeyNetworks keeps id, name, currency and RPC URL; a chain without an RPC URL is refused', () => {
    expect(toLatchkeyNetworks(chains).map((n) => [n.caipNetworkId, n.name, n.rpcUrls.default.http[0]])).toEqual([
      ['eip155:31337', 'Anvil Local', rpc[0]],
      ['eip155:31338', 'Anvil Local 2', rpc[1]],
    ])
    const noRpc = defineChain({ id: 5, name: 'No RPC', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [] } } })
    expect(() => toLatchkeyNetworks([noRpc])).toThrowErrorMatchingInlineSnapshot(`
      [WagmiChainNotUsableError: Chain No RPC (5) cannot be used by latchkey.
      Docs: https://latchkey.example/errors/WagmiChainNotUsableError
      Details: It has no http(s) RPC URL (chain.rpcUrls.default.http).]
    `)
    expect(() => toLatchkeyNetworks([noRpc])).toThrow(WagmiChainNotUsableError)
  })
})
