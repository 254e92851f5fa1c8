/**
 * The WalletConnect client and the eip155 adapter over it, for real: `@walletconnect/universal-provider` as the
 * dapp, the development mobile wallet (`dev/mobile-wallet`, on `@walletconnect/sign-client`) as the wallet, the
 * loopback relay (`dev/relay`) between them and the two test anvils behind. Nothing is mocked.
 */
import { createPublicClient, http, parseEther, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest'
import { anvilNetwork } from '../dev/chains.ts'
import { MemoryKeyValueStorage } from '../testing/walletConnect/storage.ts'
import { DevMobileWallet, type DevMobileWalletOptions } from '../testing/walletConnect/wallet.ts'
import { startRelay, type Relay } from '../testing/node/relay/server.ts'
import { createEip155Adapter } from './eip155.ts'
import { createEip155TransferAdapter } from './eip155.transfer.ts'
import { InvalidProviderResponseError, UnrecognizedChainError, UserRejectedRequestError } from './errors.ts'
import type { WalletEvent } from './types.ts'
import { createWalletConnect, InvalidRelayUrlError, walletConnectConnectorId, type WalletConnectClient } from './walletconnect.ts'

const rpc1 = inject('anvilRpc1')
const rpc2 = inject('anvilRpc2')
const chain1 = anvilNetwork(31337, 'Anvil', rpc1)
const chain2 = anvilNetwork(31338, 'Anvil Two', rpc2)
const metadata = { name: 'Latchkey test', description: 'unit test', url: 'http://127.0.0.1:5273', icons: [] }
const id = walletConnectConnectorId

let relay: Relay
const cleanups: Array<() => Promise<unknown>> = []
let n = 0

beforeAll(async () => {
  relay = await startRelay({ port: 0, ...(process.env.RELAY_LOG ? { log: (l: string) => console.log(Date.now() % 100000, l) } : {}) })
})
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {})
})
afterAll(async () => {
  await relay.stop()
})

/** A funded fresh key, so the send tests own their nonces. */
async function fundedAccount() {
  const account = privateKeyToAccount(generatePrivateKey())
  for (const url of [rpc1, rpc2]) {
    await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [account.address, '0x56BC75E2D63100000'] }) })
  }
  return account
}

async function dapp(storage = new MemoryKeyValueStorage(), prefix = `wc-test-${++n}-${Math.random().toString(36).slice(2, 7)}`) {
  const walletConnect = createWalletConnect({ projectId: '0123456789abcdef0123456789abcdef', relayUrl: relay.url, metadata, networks: [chain1, chain2], storage: storage as never, storagePrefix: prefix })
  const adapter = createEip155Adapter({ walletConnect, discover: false })
  cleanups.push(() => walletConnect.destroy())
  return { walletConnect, adapter, storage, prefix }
}

async function wallet(options: Partial<DevMobileWalletOptions> = {}) {
  const w = await DevMobileWallet.create({
    relayUrl: relay.url,
    chains: [
      { chainId: 31337, name: 'Anvil', rpcUrl: rpc1 },
      { chainId: 31338, name: 'Anvil Two', rpcUrl: rpc2 },
    ],
    autoApprove: true,
    ...options,
  })
  cleanups.push(() => w.close())
  return w
}

/** Proposes, lets the wallet pair from the URI and waits for the approval. */
async function paired(wc: WalletConnectClient, w: DevMobileWallet) {
  const { uri, approval } = await wc.propose()
  await w.pair(uri)
  await approval
}

describe('WalletConnect over the loopback relay', () => {
  test('behavior: nothing loads until used; the connector is listed first and has no provider before a session', async () => {
    const { adapter, walletConnect } = await dapp()
    expect(adapter.getConnectors()).toEqual([{ id, name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' }])
    expect(walletConnect.hasSession()).toBe(false)
    expect(adapter.getProvider(id)).toBeUndefined()
    await expect(adapter.connect({ connectorId: id })).rejects.toThrow('The wallet is not connected to this site.')
  })

  test('behavior: propose → the wallet scans and approves → accounts and chain read locally; balance from the chain; a signature that verifies', async () => {
    const { adapter, walletConnect } = await dapp()
    const w = await wallet({ accountIndex: 1 })
    const { uri, approval } = await walletConnect.propose()
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await w.pair(uri)
    await approval
    const session = await adapter.connect({ connectorId: id })
    expect(session).toEqual({ accounts: [w.address], chainId: 31337 })
    const balance = await adapter.getBalance({ connectorId: id, address: w.address, network: chain1 })
    const onChain = await createPublicClient({ transport: http(rpc1) }).getBalance({ address: w.address })
    expect(balance).toEqual({ value: onChain, decimals: 18, symbol: 'ETH' })
    const signature = await adapter.signMessage({ connectorId: id, address: w.address, message: 'hello over the relay' })
    expect(await verifyMessage({ address: w.address, message: 'hello over the relay', signature: signature as `0x${string}` })).toBe(true)
  })

  test('behavior: a transaction sent through the session lands on anvil', async () => {
    const account = await fundedAccount()
    const { adapter, walletConnect } = await dapp()
    const w = await wallet({ account })
    await paired(walletConnect, w)
    await adapter.connect({ connectorId: id })
    const transfer = createEip155TransferAdapter({ getProvider: (c) => adapter.getProvider(c), pollInterval: 50 })
    const to = privateKeyToAccount(generatePrivateKey()).address
    const request = { connectorId: id, from: account.address, to, amount: parseEther('0.25'), caipNetworkId: 'eip155:31337' }
    const { hash } = await transfer.sendTransfer(request)
    const receipt = await transfer.waitForTransfer({ connectorId: id, caipNetworkId: 'eip155:31337', hash })
    expect(receipt.status).toBe('success')
    expect(await createPublicClient({ transport: http(rpc1) }).getBalance({ address: to })).toBe(parseEther('0.25'))
  })

  test('behavior: batched calls (EIP-5792) reach the wallet through the session: capabilities, one wallet_sendCalls, its status 200; both transfers on anvil', async () => {
    const account = await fundedAccount()
    const { adapter, walletConnect } = await dapp()
    const w = await wallet({ account })
    await paired(walletConnect, w)
    await adapter.connect({ connectorId: id })
    const provider = adapter.getProvider(id)!
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [account.address, ['0x7a69']] })).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
    const to = privateKeyToAccount(generatePrivateKey()).address
    const request = {
      version: '2.0.0',
      chainId: '0x7a69',
      from: account.address,
      atomicRequired: false,
      calls: [
        { to, value: '0x1' },
        { to, value: '0x2' },
      ],
    }
    const { id: batchId } = (await provider.request({ method: 'wallet_sendCalls', params: [request] })) as { id: string }
    await expect.poll(async () => ((await provider.request({ method: 'wallet_getCallsStatus', params: [batchId] })) as { status: number }).status, { timeout: 10_000 }).toBe(200)
    expect(await createPublicClient({ transport: http(rpc1) }).getBalance({ address: to })).toBe(3n)
  })

  test('behavior: switching to an approved chain reports chainChanged (a number); a chain the wallet does not know answers 4902, then adding it switches', async () => {
    const { adapter, walletConnect } = await dapp()
    // The wallet knows only the first anvil: the session approves eip155:31337 alone.
    const w = await wallet({ chains: [{ chainId: 31337, name: 'Anvil', rpcUrl: rpc1 }] })
    await paired(walletConnect, w)
    await adapter.connect({ connectorId: id })
    const events: WalletEvent[] = []
    cleanups.push(async () => stop())
    const stop = adapter.watchWallet({ connectorId: id }, (e) => events.push(e))
    const error = await adapter.switchChain({ connectorId: id, network: chain2 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UnrecognizedChainError)
    await adapter.addChain({ connectorId: id, network: chain2 })
    await w.waitFor((s) => s.chains.some((c) => c.chainId === 31338))
    await expect.poll(() => events.filter((e) => e.type === 'chainChanged').at(-1), { timeout: 10_000 }).toEqual({ type: 'chainChanged', chainId: 31338 })
    // Now approved: the provider answers eth_chainId locally with the new chain.
    await expect.poll(async () => (await adapter.connect({ connectorId: id })).chainId, { timeout: 10_000 }).toBe(31338)
  })

  test('behavior: the visitor rejects the proposal in the wallet → UserRejectedRequestError (not a failure)', async () => {
    const { walletConnect } = await dapp()
    const w = await wallet({ autoApprove: false })
    const { uri, approval } = await walletConnect.propose()
    await w.pair(uri)
    const state = await w.waitFor((s) => s.pending.some((p) => p.kind === 'proposal'))
    await w.reject(state.pending[0]!.id)
    await expect(approval).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(walletConnect.hasSession()).toBe(false)
  })

  test('behavior: the wallet disconnects from its side → watchWallet reports disconnect and the session is gone', async () => {
    const { adapter, walletConnect } = await dapp()
    const w = await wallet()
    await paired(walletConnect, w)
    await adapter.connect({ connectorId: id })
    const events: WalletEvent[] = []
    const stop = adapter.watchWallet({ connectorId: id }, (e) => events.push(e))
    cleanups.push(async () => stop())
    await w.disconnect()
    await expect.poll(() => events.map((e) => e.type), { timeout: 10_000 }).toContain('disconnect')
    expect(walletConnect.hasSession()).toBe(false)
    await expect(adapter.connect({ connectorId: id })).rejects.toThrow('not connected')
  })

  test('behavior: a reload restores the session from storage (reconnect), without the wallet being asked again', async () => {
    const first = await dapp()
    const w = await wallet()
    await paired(first.walletConnect, w)
    await first.adapter.connect({ connectorId: id })
    await first.walletConnect.destroy()
    // A new page: same storage and prefix.
    const second = await dapp(first.storage, first.prefix)
    const session = await second.adapter.reconnect({ connectorId: id })
    expect(session).toEqual({ accounts: [w.address], chainId: 31337 })
    const signature = await second.adapter.signMessage({ connectorId: id, address: w.address, message: 'after reload' })
    expect(await verifyMessage({ address: w.address, message: 'after reload', signature: signature as `0x${string}` })).toBe(true)
  })

  test('behavior: with no stored session, reconnect fails with NotConnected (the stored connection is dropped)', async () => {
    const { adapter } = await dapp()
    await expect(adapter.reconnect({ connectorId: id })).rejects.toThrow('The wallet is not connected to this site.')
  })

  test('behavior: disconnect from the dapp ends the session on both sides', async () => {
    const { adapter, walletConnect } = await dapp()
    const w = await wallet()
    await paired(walletConnect, w)
    await adapter.disconnect({ connectorId: id })
    expect(walletConnect.hasSession()).toBe(false)
    await w.waitFor((s) => s.sessions.length === 0)
  })

  test('bad input: a wallet whose session accounts are not addresses → InvalidProviderResponseError, nothing connected', async () => {
    const { adapter, walletConnect } = await dapp()
    const w = await wallet({ misbehave: { address: 'not-an-address' } })
    await paired(walletConnect, w)
    await expect(adapter.connect({ connectorId: id })).rejects.toBeInstanceOf(InvalidProviderResponseError)
  })

  test('bad input: the relay drops every socket while the wallet holds a request → both reconnect, the answer arrives', async () => {
    const { adapter, walletConnect } = await dapp()
    const w = await wallet({ autoApprove: false })
    const { uri, approval } = await walletConnect.propose()
    await w.pair(uri)
    const proposal = await w.waitFor((s) => s.pending.some((p) => p.kind === 'proposal'))
    await w.approve(proposal.pending[0]!.id)
    await approval
    await adapter.connect({ connectorId: id })
    const signature = adapter.signMessage({ connectorId: id, address: w.address, message: 'mid-flow' })
    const { pending } = await w.waitFor((s) => s.pending.length === 1)
    expect(relay.dropAllSockets()).toBe(2)
    await expect.poll(() => relay.stats().connections, { timeout: 10_000 }).toBe(2)
    await w.approve(pending[0]!.id)
    expect(await verifyMessage({ address: w.address, message: 'mid-flow', signature: (await signature) as `0x${string}` })).toBe(true)
  })

  test('bad input: a request made while the relay is down is not lost: the SDK publishes it again after its publish timeout', async () => {
    const { adapter, walletConnect, prefix } = await dapp()
    const w = await wallet()
    await paired(walletConnect, w)
    await adapter.connect({ connectorId: id })
    // The SDK waits its initial publish timeout (15 s) for the relay's acknowledgement, then queues the message for its
    // next heartbeat pulse (every 5 s). The dapp's Core (the SDK keeps it on globalThis under its storage prefix) waits
    // 1 s here: the same lost message and the same retry, without 14 s of idle waiting.
    const core = Reflect.get(globalThis, `_walletConnectCore_${prefix}`) as { relayer: { publisher: { initialPublishTimeout: number } } } | undefined
    expect(core?.relayer.publisher.initialPublishTimeout).toBe(15_000)
    core!.relayer.publisher.initialPublishTimeout = 1_000
    relay.dropAllSockets()
    const started = Date.now()
    const signature = await adapter.signMessage({ connectorId: id, address: w.address, message: 'after a drop' })
    expect(await verifyMessage({ address: w.address, message: 'after a drop', signature: signature as `0x${string}` })).toBe(true)
    // The SDK's own retry (initial publish timeout, then its 5 s heartbeat); printed for the issue note.
    console.info(`[walletconnect.test] request sent during the drop answered after ${Date.now() - started} ms`)
  }, 60_000)

  test('bad input: a relay URL that is not ws(s) is refused at once', () => {
    for (const relayUrl of ['http://127.0.0.1:1', 'javascript:alert(1)', 'ws:/nohost', '']) {
      expect(() => createWalletConnect({ projectId: 'p', relayUrl, metadata, networks: [chain1] })).toThrow(InvalidRelayUrlError)
    }
  })
})
