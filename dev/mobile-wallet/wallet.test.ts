/**
 * The development mobile wallet against a real dapp-side `@walletconnect/sign-client` over the
 * loopback relay, with the two test anvils: URIs, proposals (chains it knows, chains it does not), each method it
 * answers, chain switching and adding, disconnecting from either side, misbehaviour switches, restoring from
 * storage; and its storages.
 */
import { createPublicClient, http, parseEther, verifyTypedData } from 'viem'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest'
import { DEV_ADDRESSES } from '../accounts.ts'
import { startRelay } from '../../testing/node/relay/server.ts'
import type { Relay } from '../../testing/node/relay/server.ts'
import { startTestDapp, stopSignClient } from '../relay/testing.ts'
import type { SignClientInstance } from '../relay/testing.ts'
import { MemoryKeyValueStorage, WebKeyValueStorage } from '../../testing/walletConnect/storage.ts'
import type { WebStorageLike } from '../../testing/walletConnect/storage.ts'
import { DevMobileWalletError, parseWalletConnectUri } from '../../testing/walletConnect/uri.ts'
import { DevMobileWallet } from '../../testing/walletConnect/wallet.ts'
import type { DevMobilePending, DevMobileWalletOptions } from '../../testing/walletConnect/wallet.ts'
import { TestFailure } from '../../tests/harness/failures.ts'

// The SDKs skip their cloud verify and telemetry calls when they see this (vitest sets VITEST, not IS_VITEST).
process.env.IS_VITEST = 'true'

type Session = Awaited<ReturnType<Awaited<ReturnType<SignClientInstance['connect']>>['approval']>>
type ProposalNamespaces = Parameters<SignClientInstance['connect']>[0]['optionalNamespaces']

const topic = 'a'.repeat(64)
const symKey = 'b'.repeat(64)
const future = Math.floor(Date.now() / 1000) + 300

describe('parseWalletConnectUri', () => {
  test('behavior: reads topic, symKey, relay protocol and expiry (white space trimmed, hex lower-cased)', () => {
    expect(parseWalletConnectUri(` wc:${topic.toUpperCase()}@2?relay-protocol=irn&symKey=${symKey}&expiryTimestamp=${future}\n`)).toEqual({
      topic,
      symKey,
      relayProtocol: 'irn',
      expiryTimestamp: future,
    })
  })

  test.each([
    ['https://example.com', 'Invalid WalletConnect URI: it must start with "wc:".'],
    ['wc:abc', 'Invalid WalletConnect URI: expected wc:<topic>@2?relay-protocol=irn&symKey=<key>.'],
    [`wc:${topic}@1?relay-protocol=irn&symKey=${symKey}`, 'Invalid WalletConnect URI: version "1" is not supported (only 2).'],
    [`wc:${topic.slice(1)}@2?relay-protocol=irn&symKey=${symKey}`, 'Invalid WalletConnect URI: the pairing topic must be 64 hex characters.'],
    [`wc:${topic}@2?relay-protocol=irn&symKey=xyz`, 'Invalid WalletConnect URI: symKey must be 64 hex characters.'],
    [`wc:${topic}@2?symKey=${symKey}`, 'Invalid WalletConnect URI: relay-protocol is missing.'],
    [`wc:${topic}@2?relay-protocol=irn&symKey=${symKey}&expiryTimestamp=soon`, 'Invalid WalletConnect URI: expiryTimestamp must be a whole number of seconds.'],
  ])('error: %s', (uri, message) => {
    expect(() => parseWalletConnectUri(uri)).toThrowError(new DevMobileWalletError(message))
  })
})

describe('storages', () => {
  class FakeWebStorage implements WebStorageLike {
    readonly map = new Map<string, string>()
    get length() {
      return this.map.size
    }
    key(index: number) {
      return [...this.map.keys()][index] ?? null
    }
    getItem(key: string) {
      return this.map.get(key) ?? null
    }
    setItem(key: string, value: string) {
      this.map.set(key, value)
    }
    removeItem(key: string) {
      this.map.delete(key)
    }
  }

  test('behavior: MemoryKeyValueStorage stores copies and lists keys and entries', async () => {
    const storage = new MemoryKeyValueStorage()
    const value = { a: [1, 2] }
    await storage.setItem('k', value)
    value.a.push(3)
    expect(await storage.getItem('k')).toEqual({ a: [1, 2] })
    expect(await storage.getKeys()).toEqual(['k'])
    expect(await storage.getEntries()).toEqual([['k', { a: [1, 2] }]])
    await storage.removeItem('k')
    expect(await storage.getItem('k')).toBeUndefined()
    await expect(storage.setItem('f', () => 1)).rejects.toThrow('Cannot store function under f.')
  })

  test('behavior: WebKeyValueStorage keeps to its prefix and skips unreadable entries', async () => {
    const web = new FakeWebStorage()
    web.setItem('other', '1')
    web.setItem('w:broken', '{not json')
    const storage = new WebKeyValueStorage(web, 'w:')
    await storage.setItem('sessions', [{ topic: 't' }])
    expect(web.getItem('w:sessions')).toBe('[{"topic":"t"}]')
    expect(await storage.getKeys()).toEqual(['broken', 'sessions'])
    expect(await storage.getEntries()).toEqual([['sessions', [{ topic: 't' }]]])
    expect(await storage.getItem('broken')).toBeUndefined()
    await storage.removeItem('sessions')
    expect([...web.map.keys()]).toEqual(['other', 'w:broken'])
  })
})

describe('DevMobileWallet over the loopback relay', () => {
  let relay: Relay
  const dapps: SignClientInstance[] = []
  const wallets: DevMobileWallet[] = []
  const chains = () => [
    { chainId: 31337, name: 'Anvil Local', rpcUrl: inject('anvilRpc1') },
    { chainId: 31338, name: 'Anvil Local 2', rpcUrl: inject('anvilRpc2') },
  ]
  const eip155 = (chainList: string[], methods = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain', 'wallet_addEthereumChain']) => ({
    eip155: { chains: chainList, methods, events: ['chainChanged', 'accountsChanged'] },
  })

  beforeAll(async () => {
    relay = await startRelay()
  })
  afterEach(async () => {
    await Promise.all(wallets.splice(0).map((w) => w.close()))
    await Promise.all(dapps.splice(0).map((d) => stopSignClient(d)))
  })
  afterAll(() => relay.stop())

  const createWallet = async (options: Partial<DevMobileWalletOptions> = {}) => {
    const wallet = await DevMobileWallet.create({ relayUrl: relay.url, chains: chains(), ...options })
    wallets.push(wallet)
    return wallet
  }
  const createDapp = async () => {
    const dapp = await startTestDapp(relay.url)
    dapps.push(dapp)
    return dapp
  }

  /** The dapp proposes, the wallet pairs; resolves when the proposal is pending in the wallet. */
  const propose = async (options: { wallet?: Partial<DevMobileWalletOptions>; required?: ProposalNamespaces; optional?: ProposalNamespaces } = {}) => {
    const dapp = await createDapp()
    const wallet = await createWallet(options.wallet)
    const { uri, approval } = await dapp.connect({
      ...(options.required ? { requiredNamespaces: options.required } : {}),
      optionalNamespaces: options.optional ?? eip155(['eip155:31337', 'eip155:31338']),
    })
    const settled = approval().then(
      (session) => ({ session }),
      (error: { code?: number; message?: string }) => ({ error }),
    )
    await wallet.pair(uri as string)
    const state = await wallet.waitFor((s) => s.status === 'proposal' || (options.wallet?.autoApprove === true && s.status === 'connected'))
    return { dapp, wallet, settled, proposal: state.pending[0] as DevMobilePending }
  }

  /** A settled session (proposal approved, settlement acknowledged). */
  const connect = async (options: Parameters<typeof propose>[0] = {}) => {
    const { dapp, wallet, settled, proposal } = await propose(options)
    if (proposal) await wallet.approve(proposal.id)
    const outcome = await settled
    if (!('session' in outcome)) throw new TestFailure(`The session did not settle: ${JSON.stringify(outcome.error)}`)
    await wallet.waitFor((s) => s.sessions[0]?.acknowledged === true)
    return { dapp, wallet, session: outcome.session }
  }

  const request = <T = unknown>(dapp: SignClientInstance, session: Session, method: string, params: unknown, chainId = 'eip155:31337') =>
    dapp.request<T>({ topic: session.topic, chainId, request: { method, params } }).then(
      (result) => ({ result }),
      (error: { code?: number; message?: string }) => ({ error: { code: error.code, message: error.message } }),
    )

  const pendingRequest = async (wallet: DevMobileWallet) => (await wallet.waitFor((s) => s.pending.length > 0)).pending[0] as DevMobilePending

  test('error: create refuses no chains, an unknown dev account, a bad relay URL and a bad project id', async () => {
    const base = { relayUrl: relay.url, chains: chains() }
    await expect(DevMobileWallet.create({ ...base, chains: [] })).rejects.toThrow('The mobile wallet needs at least one chain.')
    await expect(DevMobileWallet.create({ ...base, accountIndex: 9 })).rejects.toThrow('No dev account at index 9 (0..4).')
    await expect(DevMobileWallet.create({ ...base, relayUrl: 'http://127.0.0.1:1' })).rejects.toThrow('Invalid relay URL "http://127.0.0.1:1": expected ws://host:port.')
    await expect(DevMobileWallet.create({ ...base, projectId: 'xyz' })).rejects.toThrow('The project id must be 32 hex characters.')
  })

  test('error: pairing a malformed or expired URI throws a clear error and shows it as lastError', async () => {
    const wallet = await createWallet()
    await expect(wallet.pair('wc:not-a-uri')).rejects.toThrow('Invalid WalletConnect URI: expected wc:<topic>@2?relay-protocol=irn&symKey=<key>.')
    expect(wallet.state).toMatchObject({ status: 'idle', lastError: 'Invalid WalletConnect URI: expected wc:<topic>@2?relay-protocol=irn&symKey=<key>.' })
    const past = Math.floor(Date.now() / 1000) - 10
    await expect(wallet.pair(`wc:${topic}@2?relay-protocol=irn&symKey=${symKey}&expiryTimestamp=${past}`)).rejects.toThrow('This WalletConnect URI has expired: ask the site for a new one.')
  })

  test('behavior: the proposal is shown with the dapp and the chains; approving settles the chains the dapp asked for that the wallet knows', async () => {
    const { wallet, settled, proposal } = await propose({ optional: eip155(['eip155:31338', 'eip155:999']) })
    expect(wallet.state.status).toBe('proposal')
    expect(proposal).toMatchObject({
      kind: 'proposal',
      method: 'wc_sessionPropose',
      peer: { name: 'Latchkey test dapp', url: 'http://127.0.0.1:5173' },
      question: 'Connect to Latchkey test dapp?',
      detail: `Chains eip155:31338\nAccount ${DEV_ADDRESSES[0]}`,
    })
    expect(await wallet.approve(proposal.id)).toBe(true)
    expect(await wallet.approve(proposal.id)).toBe(false)
    const outcome = await settled
    expect('session' in outcome && outcome.session.namespaces.eip155).toEqual({
      chains: ['eip155:31338'],
      accounts: [`eip155:31338:${DEV_ADDRESSES[0]}`],
      methods: [
        'personal_sign',
        'eth_signTypedData_v4',
        'eth_sendTransaction',
        'wallet_switchEthereumChain',
        'wallet_addEthereumChain',
        'wallet_getCapabilities',
        'wallet_sendCalls',
        'wallet_getCallsStatus',
        'wallet_showCallsStatus',
      ],
      events: ['chainChanged', 'accountsChanged'],
    })
    expect(wallet.state).toMatchObject({ status: 'connected', chainId: 31338, paired: true, pending: [] })
  })

  test('error: a proposal with no chain the wallet knows cannot be approved; the dapp gets 5100', async () => {
    const { wallet, settled, proposal } = await propose({ optional: eip155(['eip155:1', 'eip155:10']) })
    const message = 'None of the requested chains (eip155:1, eip155:10) is known to this wallet.'
    expect(proposal.detail).toBe(`Cannot connect: ${message}`)
    await expect(wallet.approve(proposal.id)).rejects.toThrow(`The proposal cannot be approved: ${message}`)
    expect(await settled).toEqual({ error: expect.objectContaining({ code: 5100, message }) })
    expect(wallet.state).toMatchObject({ status: 'idle', sessions: [], lastError: `The proposal cannot be approved: ${message}` })
  })

  test('behavior: chains the dapp required are approved like optional ones; other namespaces are left out', async () => {
    const { session } = await connect({
      required: eip155(['eip155:31338']),
      optional: { ...eip155(['eip155:31337']), solana: { chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], methods: [], events: [] } },
    })
    expect(Object.keys(session.namespaces)).toEqual(['eip155'])
    expect(session.namespaces.eip155?.chains).toEqual(['eip155:31338', 'eip155:31337'])
  })

  test('behavior: with auto-approve the proposal and the requests are answered without asking', async () => {
    const { dapp, wallet, session } = await connect({ wallet: { autoApprove: true } })
    const signed = await request<Hex>(dapp, session, 'personal_sign', ['auto', wallet.address])
    expect(signed).toEqual({ result: expect.stringMatching(/^0x[0-9a-f]{130}$/) })
    expect(wallet.state.pending).toEqual([])
  })

  test('behavior: turning auto-approve on approves what is pending', async () => {
    const { dapp, wallet, session } = await connect()
    const signed = request<Hex>(dapp, session, 'personal_sign', ['later', wallet.address])
    await pendingRequest(wallet)
    wallet.setAutoApprove(true)
    expect(await signed).toEqual({ result: expect.stringMatching(/^0x/) })
    expect(wallet.state).toMatchObject({ autoApprove: true, pending: [] })
  })

  test('behavior: eth_signTypedData_v4 is answered with a signature that verifies', async () => {
    const { dapp, wallet, session } = await connect()
    const typedData = {
      domain: { name: 'Latchkey', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail' as const,
      message: { contents: 'Hello' },
    }
    const json = JSON.stringify({
      ...typedData,
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        ...typedData.types,
      },
    })
    const signed = request<Hex>(dapp, session, 'eth_signTypedData_v4', [wallet.address, json])
    const pending = await pendingRequest(wallet)
    expect(pending).toMatchObject({ kind: 'sign', question: 'Sign typed data?', detail: 'Type Mail' })
    await wallet.approve(pending.id)
    const outcome = await signed
    expect('result' in outcome && (await verifyTypedData({ address: wallet.address, ...typedData, signature: outcome.result }))).toBe(true)
  })

  test("behavior: eth_sendTransaction is signed by the wallet and lands on the anvil of the request's chain", async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const rpc2 = inject('anvilRpc2')
    const client = createPublicClient({ transport: http(rpc2) })
    await client.request({ method: 'anvil_setBalance' as never, params: [account.address, '0x56BC75E2D63100000'] as never })
    const { dapp, wallet, session } = await connect({ wallet: { account } })
    const to = privateKeyToAccount(generatePrivateKey()).address
    const sent = request<Hex>(dapp, session, 'eth_sendTransaction', [{ from: account.address, to, value: '0xde0b6b3a7640000' }], 'eip155:31338')
    const pending = await pendingRequest(wallet)
    expect(pending).toMatchObject({ kind: 'sendTransaction', question: 'Send transaction?', chainId: 'eip155:31338', detail: `To ${to}\nValue 1 ETH` })
    await wallet.approve(pending.id)
    const outcome = await sent
    if (!('result' in outcome)) throw new TestFailure(JSON.stringify(outcome))
    const receipt = await client.waitForTransactionReceipt({ hash: outcome.result })
    expect(receipt).toMatchObject({ status: 'success', from: account.address.toLowerCase(), to: to.toLowerCase() })
    expect(await client.getBalance({ address: to })).toBe(parseEther('1'))
  })

  test('behavior: batched calls (EIP-5792): capabilities say atomic unsupported; wallet_sendCalls is one approval, both transfers land one by one; the status ends 200 with two receipts', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const client = createPublicClient({ transport: http(inject('anvilRpc1')) })
    await client.request({ method: 'anvil_setBalance' as never, params: [account.address, '0x56BC75E2D63100000'] as never })
    const { dapp, wallet, session } = await connect({ wallet: { account } })
    expect(await request(dapp, session, 'wallet_getCapabilities', [account.address, ['0x7a69']])).toEqual({ result: { '0x7a69': { atomic: { status: 'unsupported' } } } })
    const to = privateKeyToAccount(generatePrivateKey()).address
    const calls = [
      { to, value: '0x1' },
      { to, value: '0x2' },
    ]
    const sent = request<{ id: Hex }>(dapp, session, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: account.address, atomicRequired: false, calls }], 'eip155:31337')
    const pending = await pendingRequest(wallet)
    expect(pending).toMatchObject({ kind: 'sendTransaction', method: 'wallet_sendCalls', question: 'Send 2 calls?' })
    await wallet.approve(pending.id)
    const outcome = await sent
    if (!('result' in outcome)) throw new TestFailure(JSON.stringify(outcome))
    let status: { status: number; receipts: Array<{ status: string }> }
    do {
      const answer = await request<typeof status>(dapp, session, 'wallet_getCallsStatus', [outcome.result.id], 'eip155:31337')
      if (!('result' in answer)) throw new TestFailure(JSON.stringify(answer))
      status = answer.result
    } while (status.status === 100)
    expect(status).toMatchObject({ status: 200, atomic: false, receipts: [{ status: '0x1' }, { status: '0x1' }] })
    expect(await client.getBalance({ address: to })).toBe(3n)
    expect(await client.getTransactionCount({ address: account.address })).toBe(2)
    // Another account's batch is refused without asking.
    expect(await request(dapp, session, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: DEV_ADDRESSES[1], calls }])).toMatchObject({ error: { code: 4100 } })
    expect(wallet.state.pending).toEqual([])
  })

  test('behavior: a rejected request gets 4001; bad params get -32602 and another account 4100, without asking', async () => {
    const { dapp, wallet, session } = await connect()
    const signed = request(dapp, session, 'personal_sign', ['no', wallet.address])
    const pending = await pendingRequest(wallet)
    expect(await wallet.reject(pending.id)).toBe(true)
    expect(await signed).toEqual({ error: { code: 4001, message: 'User rejected the request.' } })
    // The SDK puts the standard message on reserved JSON-RPC codes such as -32602.
    expect(await request(dapp, session, 'personal_sign', [42, wallet.address])).toEqual({ error: { code: -32602, message: 'Invalid params' } })
    expect(await request(dapp, session, 'eth_sendTransaction', [])).toEqual({ error: { code: -32602, message: 'Invalid params' } })
    expect(await request(dapp, session, 'personal_sign', ['x', DEV_ADDRESSES[1]])).toEqual({
      error: { code: 4100, message: 'The requested method and/or account has not been authorized by the user.' },
    })
    expect(wallet.state.pending).toEqual([])
  })

  test('behavior: wallet_switchEthereumChain to a known chain outside the session updates the session, then emits chainChanged', async () => {
    const { dapp, wallet, session } = await connect({ optional: eip155(['eip155:31337']) })
    const events: unknown[] = []
    dapp.on('session_event', ({ params }) => events.push(params))
    const updated = new Promise((resolve) => dapp.once('session_update', ({ params }) => resolve(params.namespaces.eip155?.chains)))
    const switched = request(dapp, session, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])
    const pending = await pendingRequest(wallet)
    expect(pending).toMatchObject({ kind: 'switchChain', question: 'Switch to chain 31338?' })
    await wallet.approve(pending.id)
    expect(await switched).toEqual({ result: null })
    expect(await updated).toEqual(['eip155:31337', 'eip155:31338'])
    await expect.poll(() => events).toEqual([{ chainId: 'eip155:31338', event: { name: 'chainChanged', data: 31338 } }])
    expect(dapp.session.get(session.topic).namespaces.eip155?.accounts).toEqual([`eip155:31337:${wallet.address}`, `eip155:31338:${wallet.address}`])
    expect(wallet.state.chainId).toBe(31338)
  })

  test('error: wallet_switchEthereumChain to a chain the wallet does not know gets 4902 at once', async () => {
    const { dapp, wallet, session } = await connect()
    expect(await request(dapp, session, 'wallet_switchEthereumChain', [{ chainId: '0x1' }])).toEqual({
      error: { code: 4902, message: 'Unrecognized chain ID 0x1. Try adding the chain first.' },
    })
    expect(wallet.state.pending).toEqual([])
  })

  test('behavior: wallet_addEthereumChain teaches the wallet the chain, adds it to the session and switches to it (4902, then add)', async () => {
    const { dapp, wallet, session } = await connect()
    const events: unknown[] = []
    dapp.on('session_event', ({ params }) => events.push(params))
    expect(await request(dapp, session, 'wallet_switchEthereumChain', [{ chainId: '0x7a6b' }])).toMatchObject({ error: { code: 4902 } })
    const params = { chainId: '0x7a6b', chainName: 'Anvil Local 3', rpcUrls: [inject('anvilRpc1')], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }
    const added = request(dapp, session, 'wallet_addEthereumChain', [params])
    const pending = await pendingRequest(wallet)
    expect(pending).toMatchObject({ kind: 'addChain', question: 'Add chain 31339 (Anvil Local 3) and switch to it?', detail: `RPC ${inject('anvilRpc1')}` })
    await wallet.approve(pending.id)
    expect(await added).toEqual({ result: null })
    await expect.poll(() => events).toEqual([{ chainId: 'eip155:31339', event: { name: 'chainChanged', data: 31339 } }])
    expect(dapp.session.get(session.topic).namespaces.eip155?.chains).toEqual(['eip155:31337', 'eip155:31338', 'eip155:31339'])
    expect(wallet.state).toMatchObject({ chainId: 31339, chains: [{ chainId: 31337 }, { chainId: 31338 }, { chainId: 31339, name: 'Anvil Local 3' }] })
    expect(await request(dapp, session, 'wallet_addEthereumChain', [{ ...params, chainName: '' }])).toEqual({ error: { code: -32602, message: 'Invalid params' } })
    expect(wallet.state.pending).toEqual([])
  })

  test('behavior: the wallet switches chain from its side; the dapp gets chainChanged', async () => {
    const { dapp, wallet } = await connect()
    const event = new Promise((resolve) => dapp.once('session_event', ({ params }) => resolve(params)))
    await wallet.switchChain(31338)
    expect(await event).toEqual({ chainId: 'eip155:31338', event: { name: 'chainChanged', data: 31338 } })
    await expect(wallet.switchChain(5)).rejects.toThrow('The mobile wallet does not know chain 5.')
  })

  test('behavior: the wallet disconnects from its side; the dapp gets session_delete and its pending request is dropped', async () => {
    const { dapp, wallet, session } = await connect()
    void request(dapp, session, 'personal_sign', ['bye', wallet.address])
    await pendingRequest(wallet)
    const deleted = new Promise((resolve) => dapp.once('session_delete', ({ topic: t }) => resolve(t)))
    await wallet.disconnect()
    expect(await deleted).toBe(session.topic)
    expect(dapp.session.getAll()).toEqual([])
    expect(wallet.state).toMatchObject({ status: 'idle', sessions: [], pending: [] })
  })

  test('behavior: the dapp disconnects; the wallet forgets the session', async () => {
    const { dapp, wallet, session } = await connect()
    await dapp.disconnect({ topic: session.topic, reason: { code: 6000, message: 'User disconnected.' } })
    await wallet.waitFor((s) => s.sessions.length === 0)
    expect(wallet.state.status).toBe('idle')
  })

  test('misbehaviour: a wallet that answers with a non-address puts it in the session accounts', async () => {
    const { session } = await connect({ wallet: { misbehave: { address: 'not-an-address' } } })
    expect(session.namespaces.eip155?.accounts).toEqual(['eip155:31337:not-an-address', 'eip155:31338:not-an-address'])
  })

  test('misbehaviour: a forced result is sent as is; a method the wallet never answers stays unanswered', async () => {
    const { dapp, wallet, session } = await connect({ wallet: { misbehave: { neverAnswer: new Set(['personal_sign']), results: { eth_signTypedData_v4: '0xdead' } } } })
    const forced = request(dapp, session, 'eth_signTypedData_v4', [wallet.address, JSON.stringify({ types: {}, primaryType: 'X', message: {} })])
    const pending = await pendingRequest(wallet)
    expect(pending.method).toBe('eth_signTypedData_v4')
    await wallet.approve(pending.id)
    expect(await forced).toEqual({ result: '0xdead' })
    const never = request(dapp, session, 'personal_sign', ['anyone?', wallet.address])
    expect(await Promise.race([never, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 300))])).toBe('still waiting')
    expect(wallet.state.pending).toEqual([])
  })

  test('misbehaviour: a wallet that ignores proposals leaves the dapp waiting', async () => {
    const dapp = await createDapp()
    const wallet = await createWallet({ misbehave: { neverAnswer: new Set(['session_proposal']) } })
    const { uri } = await dapp.connect({ optionalNamespaces: eip155(['eip155:31337']) })
    await wallet.pair(uri as string)
    await expect.poll(() => relay.stats().served.irn_subscribe ?? 0).toBeGreaterThan(0)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(wallet.state).toMatchObject({ status: 'idle', pending: [], sessions: [] })
  })

  test('behavior: a wallet started again on the same storage restores its session and answers the dapp (page reload)', async () => {
    const storage = new MemoryKeyValueStorage()
    const { dapp, wallet, session } = await connect({ wallet: { storage, storagePrefix: 'reload-test', autoApprove: true } })
    await wallet.switchChain(31338)
    await wallet.close()
    const again = await createWallet({ storage, storagePrefix: 'reload-test', autoApprove: true })
    expect(again.state).toMatchObject({ status: 'connected', chainId: 31338, sessions: [{ topic: session.topic }] })
    expect(await request(dapp, session, 'personal_sign', ['after reload', again.address])).toEqual({ result: expect.stringMatching(/^0x/) })
  })
})
