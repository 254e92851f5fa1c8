/**
 * The loopback relay: the protocol over raw sockets (auth, subscribe / publish / deliver / ack, no
 * echo, kept messages for late subscribers, ttl, the session methods' fan-out, fetch, pings, bad frames), then a
 * real pairing between `@walletconnect/sign-client` (dapp) and the development mobile wallet through it.
 */
import { createHash } from 'node:crypto'
import { safeJsonParse, safeJsonStringify } from '@walletconnect/safe-json'
import { verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest'
import { WebSocket } from 'ws'
import type { ClientOptions } from 'ws'
import { DevMobileWallet } from '../../testing/walletConnect/wallet.ts'
import { createRelayClientIdentity } from '../../testing/node/relay/auth.ts'
import type { RelayClientIdentity } from '../../testing/node/relay/auth.ts'
import { startRelay } from '../../testing/node/relay/server.ts'
import type { Relay, StartRelayOptions } from '../../testing/node/relay/server.ts'
import { startTestDapp, stopSignClient } from './testing.ts'
import type { SignClientInstance } from './testing.ts'
import { TestFailure } from '../../tests/harness/failures.ts'

// The SDKs skip their cloud verify and telemetry calls when they see this (vitest sets VITEST, not IS_VITEST).
process.env.IS_VITEST = 'true'

type Frame = Record<string, any>

/** A bare JSON-RPC client on a raw socket, as the SDK's transport would be. */
class RawClient {
  readonly received: Frame[] = []
  readonly #waiters = new Set<() => void>()
  #nextId = 1

  private constructor(
    readonly socket: WebSocket,
    readonly identity: RelayClientIdentity,
  ) {
    socket.on('message', (data) => {
      this.received.push(safeJsonParse(data.toString()) as Frame)
      for (const wake of [...this.#waiters]) wake()
    })
  }

  static async open(relay: Pick<Relay, 'url'>, options: { identity?: RelayClientIdentity; socket?: ClientOptions } = {}): Promise<RawClient> {
    const identity = options.identity ?? createRelayClientIdentity()
    const socket = new WebSocket(`${relay.url}/?auth=${identity.sign(relay.url)}&projectId=${'0'.repeat(32)}&ua=test`, options.socket)
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve())
      socket.once('error', reject)
    })
    return new RawClient(socket, identity)
  }

  get clientId(): string {
    return this.identity.clientId
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : safeJsonStringify(frame))
  }

  /** Sends a request and resolves with its response frame. */
  async request(method: string, params: unknown): Promise<Frame> {
    const id = this.#nextId++
    this.send({ id, jsonrpc: '2.0', method, params })
    return this.next((f) => f.id === id && f.method === undefined)
  }

  /** The first not yet taken frame matching `predicate`, waiting for it up to `timeoutMs`. */
  next(predicate: (frame: Frame) => boolean = () => true, timeoutMs = 2_000): Promise<Frame> {
    return new Promise((resolve, reject) => {
      const look = (): boolean => {
        const index = this.received.findIndex(predicate)
        if (index < 0) return false
        const [frame] = this.received.splice(index, 1)
        this.#waiters.delete(wake)
        clearTimeout(timer)
        resolve(frame as Frame)
        return true
      }
      const wake = (): void => void look()
      const timer = setTimeout(() => {
        this.#waiters.delete(wake)
        reject(new TestFailure(`No matching frame within ${timeoutMs} ms; received ${JSON.stringify(this.received, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))}`))
      }, timeoutMs)
      if (!look()) this.#waiters.add(wake)
    })
  }

  /** The next delivery (irn_subscription), acknowledged unless `ack` is false. */
  async delivery(ack = true, timeoutMs?: number): Promise<Frame> {
    const frame = await this.next((f) => f.method === 'irn_subscription', timeoutMs)
    if (ack) this.send({ id: frame.id, jsonrpc: '2.0', result: true })
    return frame
  }

  /** Resolves when the socket closes. */
  closed(): Promise<number> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve(1006)
    return new Promise((resolve) => this.socket.once('close', (code) => resolve(code)))
  }

  close(): void {
    this.socket.terminate()
  }
}

const topic = (label: string): string => createHash('sha256').update(label).digest('hex')
const publishParams = (t: string, message: string, extra: Record<string, unknown> = {}) => ({ topic: t, message, ttl: 300, tag: 1108, prompt: false, ...extra })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('relay protocol over raw sockets', () => {
  let relay: Relay
  let lines: string[]
  let clock: number
  const clients: RawClient[] = []
  const open = async (options?: Parameters<typeof RawClient.open>[1]) => {
    const client = await RawClient.open(relay, options)
    clients.push(client)
    return client
  }
  const start = async (options: StartRelayOptions = {}) => {
    await relay?.stop()
    lines = []
    clock = Date.UTC(2026, 10, 1)
    relay = await startRelay({ log: (line) => lines.push(line), now: () => clock, ...options })
  }

  beforeAll(() => start())
  afterEach(() => {
    for (const client of clients.splice(0)) client.close()
  })
  afterAll(() => relay.stop())

  test('behavior: listens on loopback and answers plain HTTP with 426 and /health with the counters', async () => {
    expect(relay.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
    const http = relay.url.replace('ws:', 'http:')
    const plain = await fetch(http)
    expect(plain.status).toBe(426)
    const health = await fetch(`${http}/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toMatchObject({ connections: 0, storedMessages: expect.any(Number), served: expect.any(Object) })
  })

  test('error: refuses a socket without auth, with a forged token, or with an expired one (HTTP 401)', async () => {
    const refusal = (query: string) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(`${relay.url}/${query}`)
        socket.once('unexpected-response', (_request, response) => {
          resolve(response.statusCode ?? 0)
          socket.terminate()
        })
        socket.once('open', () => reject(new TestFailure('the relay accepted the socket')))
        socket.once('error', () => {})
      })
    const before = relay.stats().refusedConnections
    const me = createRelayClientIdentity()
    const other = createRelayClientIdentity()
    const [header, , signature] = me.sign().split('.')
    const payloadOfOther = other.sign().split('.')[1]
    expect(await refusal('?projectId=x')).toBe(401)
    expect(await refusal('?auth=not-a-jwt')).toBe(401)
    expect(await refusal(`?auth=${header}.${payloadOfOther}.${signature}`)).toBe(401)
    expect(await refusal(`?auth=${me.sign(relay.url, -10)}`)).toBe(401)
    expect(relay.stats().refusedConnections).toBe(before + 4)
    expect(lines.filter((l) => l.includes('refused'))).toEqual([
      '[relay] refused a connection: The socket URL has no auth token (query parameter auth).',
      '[relay] refused a connection: The auth token is not a JWT (three base64url parts).',
      "[relay] refused a connection: The auth token's signature does not match its iss.",
      '[relay] refused a connection: The auth token has expired.',
    ])
  })

  test('behavior: subscribe answers sha256(topic + client id); a publish is delivered as irn_subscription and acknowledged', async () => {
    const [wallet, dapp] = [await open(), await open()]
    const t = topic('deliver')
    const subscribed = await wallet.request('irn_subscribe', { topic: t })
    expect(subscribed.result).toBe(
      createHash('sha256')
        .update(t + wallet.clientId)
        .digest('hex'),
    )
    const before = relay.stats()

    const published = await dapp.request('irn_publish', publishParams(t, 'hello', { attestation: 'att' }))
    expect(published).toEqual({ id: expect.any(Number), jsonrpc: '2.0', result: true })
    const delivery = await wallet.delivery()
    expect(delivery).toEqual({
      id: expect.any(Number),
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: { id: subscribed.result, data: { topic: t, message: 'hello', publishedAt: clock, tag: 1108, attestation: 'att' } },
    })
    await expect.poll(() => relay.stats().acknowledged).toBe(before.acknowledged + 1)
    expect(relay.stats().delivered).toBe(before.delivered + 1)
  })

  test('behavior: a message never goes back to its sender, even when the sender is subscribed', async () => {
    const [a, b] = [await open(), await open()]
    const t = topic('no-echo')
    await a.request('irn_subscribe', { topic: t })
    await b.request('irn_subscribe', { topic: t })
    await a.request('irn_publish', publishParams(t, 'from a'))
    expect((await b.delivery()).params.data.message).toBe('from a')
    await b.request('irn_publish', publishParams(t, 'from b'))
    // a's first delivery is b's message: its own never came.
    expect((await a.delivery()).params.data.message).toBe('from b')
    await sleep(50)
    expect(a.received.filter((f) => f.method === 'irn_subscription')).toEqual([])
  })

  test('behavior: a late subscriber gets the kept message; once acknowledged, a new socket of the same client does not get it again', async () => {
    const identity = createRelayClientIdentity()
    const dapp = await open()
    const t = topic('late')
    await dapp.request('irn_publish', publishParams(t, 'kept'))
    await dapp.request('irn_publish', publishParams(t, 'kept'))
    const wallet = await open({ identity })
    await wallet.request('irn_subscribe', { topic: t })
    expect((await wallet.delivery()).params.data.message).toBe('kept')
    await expect.poll(() => lines.some((l) => l.includes('kept message(s) delivered'))).toBe(true)

    wallet.close()
    const again = await open({ identity })
    await again.request('irn_subscribe', { topic: t })
    await dapp.request('irn_publish', publishParams(t, 'second'))
    // The next delivery is the new message: 'kept' was acknowledged by this client (and the retried publish was stored once).
    expect((await again.delivery()).params.data.message).toBe('second')
  })

  test('behavior: a delivery that was not acknowledged comes again when the client subscribes on a new socket', async () => {
    const identity = createRelayClientIdentity()
    const dapp = await open()
    const t = topic('unacked')
    const wallet = await open({ identity })
    await wallet.request('irn_subscribe', { topic: t })
    await dapp.request('irn_publish', publishParams(t, 'unacked'))
    await wallet.delivery(false)
    wallet.close()
    await wallet.closed()
    const again = await open({ identity })
    await again.request('irn_batchSubscribe', { topics: [t, topic('other')] })
    expect((await again.delivery()).params.data.message).toBe('unacked')
  })

  test('behavior: messages expire after their ttl (seconds) and are no longer delivered', async () => {
    const dapp = await open()
    const t = topic('ttl')
    await dapp.request('irn_publish', publishParams(t, 'short', { ttl: 30 }))
    await dapp.request('irn_publish', publishParams(t, 'long', { ttl: 600 }))
    clock += 31_000
    const wallet = await open()
    await wallet.request('irn_subscribe', { topic: t })
    expect((await wallet.delivery()).params.data.message).toBe('long')
    clock += 600_000
    const later = await open()
    await later.request('irn_subscribe', { topic: t })
    await sleep(50)
    expect(later.received).toEqual([])
    expect(relay.stats().storedMessages).toBe(0)
  })

  test('behavior: unsubscribe and batchUnsubscribe stop deliveries', async () => {
    const [wallet, dapp] = [await open(), await open()]
    const [t1, t2] = [topic('unsub-1'), topic('unsub-2')]
    const { result: id } = await wallet.request('irn_subscribe', { topic: t1 })
    await wallet.request('irn_subscribe', { topic: t2 })
    expect((await wallet.request('irn_unsubscribe', { topic: t1, id })).result).toBe(true)
    expect((await wallet.request('irn_batchUnsubscribe', { subscriptions: [{ topic: t2, id: 'x' }] })).result).toBe(true)
    await dapp.request('irn_publish', publishParams(t1, 'one'))
    await dapp.request('irn_batchPublish', { messages: [publishParams(t2, 'two')] })
    await sleep(50)
    expect(wallet.received).toEqual([])
  })

  test('behavior: wc_proposeSession fans the proposal out on the pairing topic (tag 1100) and subscribes the sender to it', async () => {
    const [dapp, wallet] = [await open(), await open()]
    const pairing = topic('pairing')
    const answer = await dapp.request('wc_proposeSession', { pairingTopic: pairing, sessionProposal: 'proposal', ttl: 300, correlationId: 1 })
    expect(answer.result).toBe(true)
    await wallet.request('irn_subscribe', { topic: pairing })
    expect((await wallet.delivery()).params.data).toMatchObject({ topic: pairing, message: 'proposal', tag: 1100 })
    // The dapp never called irn_subscribe, yet hears the wallet on the pairing topic.
    await wallet.request('irn_publish', publishParams(pairing, 'wallet says hi'))
    expect((await dapp.delivery()).params).toMatchObject({
      id: createHash('sha256')
        .update(pairing + dapp.clientId)
        .digest('hex'),
      data: { message: 'wallet says hi' },
    })
  })

  test('behavior: wc_approveSession sends the response on the pairing topic (1101), the settlement on the session topic (1102) and subscribes the sender to the session topic', async () => {
    const [dapp, wallet] = [await open(), await open()]
    const [pairing, session] = [topic('approve-pairing'), topic('approve-session')]
    await dapp.request('wc_proposeSession', { pairingTopic: pairing, sessionProposal: 'proposal', ttl: 300 })
    await wallet.request('irn_subscribe', { topic: pairing })
    await wallet.delivery()
    const answer = await wallet.request('wc_approveSession', {
      sessionTopic: session,
      pairingTopic: pairing,
      sessionProposalResponse: 'response',
      sessionSettlementRequest: 'settle',
      ttl: 300,
    })
    expect(answer.result).toBe(true)
    expect((await dapp.delivery()).params.data).toMatchObject({ topic: pairing, message: 'response', tag: 1101 })
    await dapp.request('irn_subscribe', { topic: session })
    expect((await dapp.delivery()).params.data).toMatchObject({ topic: session, message: 'settle', tag: 1102 })
    await dapp.request('irn_publish', publishParams(session, 'settle ack', { tag: 1103 }))
    expect((await wallet.delivery()).params.data).toMatchObject({ topic: session, message: 'settle ack', tag: 1103 })
  })

  test('behavior: fetchMessages and batchFetchMessages hand over kept messages of others, once', async () => {
    const [dapp, wallet] = [await open(), await open()]
    const [t1, t2] = [topic('fetch-1'), topic('fetch-2')]
    await dapp.request('irn_publish', publishParams(t1, 'm1'))
    await dapp.request('irn_publish', publishParams(t2, 'm2'))
    await wallet.request('irn_publish', publishParams(t2, 'mine'))
    const fetched = await wallet.request('irn_fetchMessages', { topic: t1 })
    expect(fetched.result).toEqual({ hasMore: false, messages: [{ topic: t1, message: 'm1', publishedAt: clock, tag: 1108 }] })
    const batch = await wallet.request('irn_batchFetchMessages', { topics: [t1, t2] })
    expect(batch.result).toEqual({ hasMore: false, messages: [{ topic: t2, message: 'm2', publishedAt: clock, tag: 1108 }] })
  })

  test('error: text that is not JSON gets -32700 (id null) and the socket stays usable', async () => {
    const client = await open()
    client.send('{"id":1,"jsonrpc":"2.0","method":"irn_subscribe",')
    expect(await client.next()).toEqual({ id: null, jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: the frame is not JSON' } })
    const t = topic('after-parse-error')
    expect((await client.request('irn_subscribe', { topic: t })).result).toMatch(/^[0-9a-f]{64}$/)
  })

  test('error: an unknown method gets -32601 with the request id', async () => {
    const client = await open()
    expect(await client.request('irn_teleport', {})).toEqual({ id: 1, jsonrpc: '2.0', error: { code: -32601, message: 'Method not found: irn_teleport' } })
    expect(await client.request('irn_subscription', {})).toMatchObject({ error: { code: -32601 } })
    expect(lines).toContain(`[relay] irn_teleport client …${client.clientId.slice(-6)} → error -32601 Method not found: irn_teleport`)
  })

  test.each([
    ['a JSON array (batch)', '[{"id":1,"jsonrpc":"2.0","method":"irn_subscribe"}]', null],
    ['a JSON string', '"irn_subscribe"', null],
    ['no jsonrpc field', '{"id":7,"method":"irn_subscribe","params":{}}', 7],
    ['a method that is not a string', '{"id":8,"jsonrpc":"2.0","method":42}', 8],
    ['no id', '{"jsonrpc":"2.0","method":"irn_subscribe","params":{}}', null],
  ])('error: %s gets -32600 and the socket stays usable', async (_name, text, id) => {
    const client = await open()
    client.send(text)
    expect(await client.next()).toMatchObject({ id, jsonrpc: '2.0', error: { code: -32600 } })
    expect((await client.request('irn_subscribe', { topic: topic('usable') })).result).toEqual(expect.any(String))
  })

  test('error: a binary frame gets -32600', async () => {
    const client = await open()
    client.socket.send(Buffer.from([1, 2, 3]), { binary: true })
    expect(await client.next()).toMatchObject({ id: null, error: { code: -32600, message: 'Invalid request: binary frames are not JSON-RPC' } })
  })

  test.each([
    ['irn_subscribe', { topic: 'not-hex' }, 'Invalid params: topic must be a topic (64 hex characters)'],
    ['irn_subscribe', 'not an object', 'Invalid params: params must be an object'],
    ['irn_batchSubscribe', { topics: 'x' }, 'Invalid params: topics must be an array of topics'],
    ['irn_publish', { topic: topic('p'), message: '', ttl: 300 }, 'Invalid params: message must be a non-empty string'],
    ['irn_publish', { topic: topic('p'), message: 'm', ttl: 0 }, 'Invalid params: ttl must be a whole number of seconds, 1..2592000'],
    ['irn_publish', { topic: topic('p'), message: 'm', ttl: 300, tag: 'x' }, 'Invalid params: tag must be a whole number'],
    ['irn_batchPublish', { messages: [] }, 'Invalid params: messages must be a non-empty array'],
    ['irn_batchUnsubscribe', { subscriptions: [{ id: 'x' }] }, 'Invalid params: subscriptions[0].topic must be a topic (64 hex characters)'],
    ['wc_proposeSession', { pairingTopic: topic('p') }, 'Invalid params: sessionProposal must be a non-empty string'],
    ['wc_approveSession', { sessionTopic: topic('s'), pairingTopic: topic('p'), sessionProposalResponse: 'r' }, 'Invalid params: sessionSettlementRequest must be a non-empty string'],
  ])('error: %s with bad params %j gets -32602', async (method, params, message) => {
    const client = await open()
    expect((await client.request(method, params)).error).toEqual({ code: -32602, message })
  })

  test('behavior: request ids above 2^53 come back exactly (safe-json)', async () => {
    const client = await open()
    const big = '1795371173123456789'
    client.send(`{"id":${big},"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"${topic('big')}"}}`)
    const answer = await client.next()
    expect(answer.id).toBe(BigInt(big))
    client.send(`{"id":${big},"jsonrpc":"2.0","method":"nope"}`)
    expect((await client.next()).id).toBe(BigInt(big))
  })

  test('behavior: logs one line per method served', async () => {
    const [a, b] = [await open(), await open()]
    const t = topic('log')
    lines.length = 0
    await a.request('irn_subscribe', { topic: t })
    await b.request('irn_publish', publishParams(t, 'x'))
    await a.delivery()
    expect(lines).toEqual([
      `[relay] irn_subscribe client …${a.clientId.slice(-6)} topic ${t.slice(0, 8)}…`,
      `[relay] irn_publish client …${b.clientId.slice(-6)} topic ${t.slice(0, 8)}… tag 1108 ttl 300s · delivered to 1`,
    ])
  })

  test('behavior: dropAllSockets ends every socket at once and counts them', async () => {
    const [a, b] = [await open(), await open()]
    expect(relay.dropAllSockets()).toBe(2)
    expect(await a.closed()).toBe(1006)
    await b.closed()
    expect(relay.stats().connections).toBe(0)
  })

  test('behavior: pings every interval and terminates a socket that does not answer', async () => {
    // Long enough that a loaded machine's stall does not make the answering socket miss its pong: the relay and the
    // client share this process, and a timer due during a stall runs before the pong's read (40 ms failed under load).
    await start({ pingInterval: 400 })
    const pinged = await open()
    const pings = new Promise<void>((resolve) => pinged.socket.once('ping', () => resolve()))
    await pings
    const silent = await open({ socket: { autoPong: false } })
    expect(await silent.closed()).toBe(1006)
    expect(pinged.socket.readyState).toBe(WebSocket.OPEN)
    expect(lines.some((l) => l.includes('missed a pong'))).toBe(true)
    await start()
  })

  test('error: startRelay refuses a non-loopback host, a bad port and a bad ping interval', async () => {
    await expect(startRelay({ host: '0.0.0.0' })).rejects.toThrow('The relay listens on loopback only, not on 0.0.0.0')
    await expect(startRelay({ port: 70_000 })).rejects.toThrow('Invalid port: 70000')
    await expect(startRelay({ pingInterval: 0 })).rejects.toThrow('Invalid pingInterval: 0 (milliseconds, > 0)')
  })
})

describe('the shared relay of the test global setup', () => {
  test("behavior: inject('relayUrl') names a running relay on loopback that serves subscriptions", async () => {
    const url = inject('relayUrl')
    expect(url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
    const client = await RawClient.open({ url })
    try {
      expect((await client.request('irn_subscribe', { topic: topic('shared') })).result).toMatch(/^[0-9a-f]{64}$/)
    } finally {
      client.close()
    }
  })
})

describe('a real pairing through the relay: sign-client dapp and the development mobile wallet', () => {
  let relay: Relay
  let dapp: SignClientInstance
  let wallet: DevMobileWallet
  const chains = () => [
    { chainId: 31337, name: 'Anvil Local', rpcUrl: inject('anvilRpc1') },
    { chainId: 31338, name: 'Anvil Local 2', rpcUrl: inject('anvilRpc2') },
  ]
  const namespaces = { eip155: { chains: ['eip155:31337', 'eip155:31338'], methods: ['personal_sign'], events: ['chainChanged', 'accountsChanged'] } }

  beforeAll(async () => {
    relay = await startRelay()
  })
  afterEach(async () => {
    await wallet?.close()
    if (dapp) await stopSignClient(dapp)
  })
  afterAll(() => relay.stop())

  const connect = async () => {
    dapp = await startTestDapp(relay.url)
    wallet = await DevMobileWallet.create({ relayUrl: relay.url, chains: chains() })
    const { uri, approval } = await dapp.connect({ optionalNamespaces: namespaces })
    await wallet.pair(uri as string)
    const { pending } = await wallet.waitFor((s) => s.status === 'proposal')
    return { approval, proposal: pending[0] as (typeof pending)[number] }
  }

  test('behavior: connect, approve, a session on both sides, personal_sign answered with a signature that verifies', async () => {
    const { approval, proposal } = await connect()
    expect(proposal).toMatchObject({ kind: 'proposal', question: 'Connect to Latchkey test dapp?', peer: { name: 'Latchkey test dapp' } })
    await wallet.approve(proposal.id)
    const session = await approval()
    const address = wallet.address
    expect(session.namespaces.eip155?.accounts).toEqual([`eip155:31337:${address}`, `eip155:31338:${address}`])
    const walletSide = await wallet.waitFor((s) => s.sessions[0]?.acknowledged === true)
    expect(walletSide).toMatchObject({ status: 'connected', chainId: 31337, sessions: [{ topic: session.topic, chains: ['eip155:31337', 'eip155:31338'] }] })

    const signature = dapp.request<`0x${string}`>({ topic: session.topic, chainId: 'eip155:31337', request: { method: 'personal_sign', params: ['0x68656c6c6f', address] } })
    const { pending } = await wallet.waitFor((s) => s.pending.length === 1)
    expect(pending[0]).toMatchObject({ kind: 'sign', method: 'personal_sign', question: 'Sign message?', detail: 'hello', chainId: 'eip155:31337' })
    await wallet.approve(pending[0]!.id)
    expect(await verifyMessage({ address, message: 'hello', signature: await signature })).toBe(true)
  })

  test("behavior: rejecting the proposal rejects the dapp's approval", async () => {
    const { approval, proposal } = await connect()
    const settled = approval().then(
      () => 'approved',
      (error: { message?: string; code?: number }) => error,
    )
    await wallet.reject(proposal.id)
    expect(await settled).toMatchObject({ code: 5000, message: 'User rejected.' })
    expect(wallet.state).toMatchObject({ status: 'idle', sessions: [], pending: [] })
  })

  test('behavior: the relay drops every socket mid-flow; both SDKs reconnect and the pending request completes', async () => {
    const { approval, proposal } = await connect()
    await wallet.approve(proposal.id)
    const session = await approval()
    await wallet.waitFor((s) => s.sessions[0]?.acknowledged === true)
    const signature = dapp.request<`0x${string}`>({ topic: session.topic, chainId: 'eip155:31337', request: { method: 'personal_sign', params: ['mid-flow', wallet.address] } })
    const { pending } = await wallet.waitFor((s) => s.pending.length === 1)

    expect(relay.dropAllSockets()).toBe(2)
    // Both clients come back and subscribe again (pairing and session topics) before the user answers.
    await expect.poll(() => relay.stats().subscriptions, { timeout: 5_000 }).toBe(4)
    await wallet.approve(pending[0]!.id)
    expect(await verifyMessage({ address: wallet.address, message: 'mid-flow', signature: await signature })).toBe(true)
    expect(relay.stats()).toMatchObject({ connections: 2, clients: 2, droppedSockets: expect.any(Number) })
  })
})
