/**
 * A WalletConnect v2 relay on loopback, for the demo (`npm start`) and the tests: the real SDKs
 * (`@walletconnect/sign-client`, `@walletconnect/universal-provider`) pair, settle sessions and exchange
 * requests through it without leaving the machine. Written with `ws` for this project from the
 * protocol facts in `../shared/notes/walletconnect-loopback-relay.md`:
 *
 * - A WebSocket speaking JSON-RPC 2.0. The client id is the `iss` (a did:key) of the `auth` JWT in the socket
 *   URL's query; the token's Ed25519 signature is checked ({@link verifyRelayAuth}). Without a valid token the
 *   upgrade is refused with HTTP 401.
 * - Methods: `irn_subscribe`, `irn_batchSubscribe`, `irn_unsubscribe`, `irn_batchUnsubscribe`, `irn_publish`,
 *   `irn_batchPublish`, `irn_fetchMessages`, `irn_batchFetchMessages`, and the session methods
 *   `wc_proposeSession` (fans the proposal out on the pairing topic, tag 1100, and subscribes the sender to it)
 *   and `wc_approveSession` (subscribes the sender to the session topic, then fans out the proposal response on
 *   the pairing topic, tag 1101, and the settlement request on the session topic, tag 1102).
 * - Delivery: `irn_subscription { id: subscriptionId, data: { topic, message, publishedAt, tag, attestation } }`;
 *   the client's `result: true` is its acknowledgement. A message never goes back to the client that sent it.
 *   Messages are kept until their ttl (seconds) runs out and delivered to clients that subscribe later (or
 *   reconnect), once per client: a client that acknowledged a message does not get it again.
 * - Ids above 2^53 are read and written with `@walletconnect/safe-json`. Every frame gets an answer: -32700
 *   for text that is not JSON, -32600 for JSON that is not a request, -32601 for an unknown method, -32602 for
 *   bad params, -32603 when a handler fails; the socket stays open and usable.
 * - The relay pings every client (`pingInterval`, default 15 s; the Node SDK drops a socket after 35 s without
 *   one) and terminates a socket that missed the previous pong.
 *
 * Part of the test kit (Node only; the methods in ./methods.ts, the params in ./protocol.ts); never part of `latchkey` itself.
 */
import { createServer } from 'node:http'
import type { IncomingMessage } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { safeJsonStringify } from '@walletconnect/safe-json'
import { WebSocketServer } from 'ws'
import type { RawData } from 'ws'
import { RelayAuthError, verifyRelayAuth } from './auth.ts'
import { relayMethods, type Served } from './methods.ts'
import { asParams, defaultPingInterval, type JsonRpcId, loopbackHosts, maxFrameBytes, parseJson, type PublishInput, rawToString, readId, RelayErrorCode, RelayRpcError, subscriptionId } from './protocol.ts'
import type { Connection, Relay, RelayStats, StartRelayOptions, StoredMessage } from './types.ts'

export { defaultPingInterval, maxFrameBytes, maxTtlSeconds, RelayErrorCode, sessionTags } from './protocol.ts'
export type { Relay, RelayStats, StartRelayOptions } from './types.ts'
/** How often expired messages are swept, in milliseconds (they are also filtered on every read). */
const sweepInterval = 30_000

/**
 * Starts the loopback relay.
 *
 * @param options see {@link StartRelayOptions}; all optional.
 * @returns the relay's `url` (`ws://127.0.0.1:<port>`), `port`, `stop()`, `dropAllSockets()` and `stats()`.
 * @throws RangeError when `host` is not a loopback address, `port` is not 0..65535 or `pingInterval` is not a
 *   positive number of milliseconds.
 * @throws Error (`EADDRINUSE`) when the port is taken.
 *
 * @example
 * const relay = await startRelay({ log: (line) => console.log(line) })
 * const client = await SignClient.init({ projectId: '0'.repeat(32), relayUrl: relay.url, storage, customStoragePrefix: 'dapp' })
 * // …
 * await relay.stop()
 */
export async function startRelay(options: StartRelayOptions = {}): Promise<Relay> {
  const host = options.host ?? '127.0.0.1'
  const port = options.port ?? 0
  const pingInterval = options.pingInterval ?? defaultPingInterval
  const now = options.now ?? Date.now
  const log = options.log
  if (!loopbackHosts.has(host)) throw new RangeError(`The relay listens on loopback only, not on ${host}`)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new RangeError(`Invalid port: ${port}`)
  if (typeof pingInterval !== 'number' || !Number.isFinite(pingInterval) || pingInterval <= 0) {
    throw new RangeError(`Invalid pingInterval: ${String(pingInterval)} (milliseconds, > 0)`)
  }

  const connections = new Set<Connection>()
  const subscribers = new Map<string, Set<Connection>>()
  const mailbox = new Map<string, StoredMessage[]>()
  /** Relay request id → the delivery waiting for its acknowledgement. */
  const awaitingAck = new Map<string, { connection: Connection; stored: StoredMessage }>()
  let nextRequestId = Date.now() * 1000
  const counters = { published: 0, delivered: 0, acknowledged: 0, refusedConnections: 0, droppedSockets: 0, errors: 0 }
  const served: Record<string, number> = {}

  // ------------------------------------------------------------------ mailbox

  /** The topic's unexpired messages, oldest first; expired ones are removed. */
  const messagesOf = (topic: string): StoredMessage[] => {
    const list = mailbox.get(topic)
    if (!list) return []
    const time = now()
    const live = list.filter((m) => m.expiresAt > time)
    if (live.length === 0) mailbox.delete(topic)
    else if (live.length !== list.length) mailbox.set(topic, live)
    return live
  }

  const sweep = (): void => {
    for (const topic of [...mailbox.keys()]) messagesOf(topic)
  }

  /** Stores a message (once: the same text on the same topic is not stored twice) and delivers it to the topic's subscribers. */
  const publish = (input: PublishInput, sender: string): number => {
    const existing = messagesOf(input.topic).find((m) => m.message === input.message)
    if (existing) return 0 // a retried publish: already stored and delivered
    const publishedAt = now()
    const stored: StoredMessage = {
      topic: input.topic,
      message: input.message,
      publishedAt,
      expiresAt: publishedAt + input.ttl * 1000,
      tag: input.tag,
      ...(input.attestation !== undefined ? { attestation: input.attestation } : {}),
      sender,
      acked: new Set(),
    }
    mailbox.set(input.topic, [...messagesOf(input.topic), stored])
    counters.published++
    let count = 0
    for (const connection of subscribers.get(input.topic) ?? []) if (deliver(connection, stored)) count++
    return count
  }

  /** Sends `stored` to `connection` unless it is the sender's, already acknowledged by that client or already sent on this socket. */
  const deliver = (connection: Connection, stored: StoredMessage): boolean => {
    const subscriptionId = connection.subscriptions.get(stored.topic)
    if (subscriptionId === undefined) return false
    if (stored.sender === connection.clientId || stored.acked.has(connection.clientId) || connection.sent.has(stored)) return false
    if (connection.socket.readyState !== connection.socket.OPEN) return false
    const id = nextRequestId++
    awaitingAck.set(String(id), { connection, stored })
    connection.sent.add(stored)
    counters.delivered++
    send(connection, {
      id,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: {
        id: subscriptionId,
        data: {
          topic: stored.topic,
          message: stored.message,
          publishedAt: stored.publishedAt,
          tag: stored.tag,
          ...(stored.attestation !== undefined ? { attestation: stored.attestation } : {}),
        },
      },
    })
    return true
  }

  /** Subscribes the socket to `topic` and delivers what the topic holds for it. @returns the subscription id. */
  const subscribe = (connection: Connection, topic: string): { id: string; delivered: number } => {
    const id = subscriptionId(connection, topic)
    if (!connection.subscriptions.has(topic)) {
      connection.subscriptions.set(topic, id)
      let set = subscribers.get(topic)
      if (!set) subscribers.set(topic, (set = new Set()))
      set.add(connection)
    }
    let delivered = 0
    for (const stored of messagesOf(topic)) if (deliver(connection, stored)) delivered++
    return { id, delivered }
  }

  const unsubscribe = (connection: Connection, topic: string): boolean => {
    const had = connection.subscriptions.delete(topic)
    const set = subscribers.get(topic)
    set?.delete(connection)
    if (set?.size === 0) subscribers.delete(topic)
    return had
  }

  /** What `fetchMessages` hands to `connection` for `topic`; they count as acknowledged by its client. */
  const fetchFor = (connection: Connection, topic: string): Array<Record<string, unknown>> =>
    messagesOf(topic)
      .filter((m) => m.sender !== connection.clientId && !m.acked.has(connection.clientId))
      .map((m) => {
        m.acked.add(connection.clientId)
        return {
          topic: m.topic,
          message: m.message,
          publishedAt: m.publishedAt,
          tag: m.tag,
          ...(m.attestation !== undefined ? { attestation: m.attestation } : {}),
        }
      })

  const methods = relayMethods({ subscribe, unsubscribe, publish, fetchFor })

  // ------------------------------------------------------------------ frames

  const send = (connection: Connection, payload: unknown): void => {
    if (connection.socket.readyState !== connection.socket.OPEN) return
    connection.socket.send(safeJsonStringify(payload))
  }

  const sendError = (connection: Connection, id: JsonRpcId, code: number, message: string, method = '?'): void => {
    counters.errors++
    log?.(`[relay] ${method} ${connection.label} → error ${code} ${message}`)
    send(connection, { id, jsonrpc: '2.0', error: { code, message } })
  }

  const onFrame = (connection: Connection, data: RawData, isBinary: boolean): void => {
    if (isBinary) return sendError(connection, null, RelayErrorCode.invalidRequest, 'Invalid request: binary frames are not JSON-RPC')
    const text = rawToString(data)
    const parsed = parseJson(text)
    if (parsed === undefined) return sendError(connection, null, RelayErrorCode.parseError, 'Parse error: the frame is not JSON')
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return sendError(connection, null, RelayErrorCode.invalidRequest, `Invalid request: expected a JSON-RPC object${Array.isArray(parsed) ? ' (batches are not supported)' : ''}`)
    }
    const frame = parsed as Record<string, unknown>
    const id = readId(frame.id)
    if (frame.method === undefined && frame.id !== undefined && ('result' in frame || 'error' in frame)) return onResponse(connection, frame)
    if (typeof frame.method !== 'string' || frame.jsonrpc !== '2.0' || id === undefined) {
      return sendError(connection, id ?? null, RelayErrorCode.invalidRequest, 'Invalid request: expected { id, jsonrpc: "2.0", method, params }')
    }
    const method = frame.method
    served[method] = (served[method] ?? 0) + 1
    const handler = Object.hasOwn(methods, method) ? methods[method] : undefined
    if (!handler) return sendError(connection, id, RelayErrorCode.methodNotFound, `Method not found: ${method}`, method)
    let outcome: Served
    try {
      outcome = handler(connection, asParams(frame.params ?? {}, 'params'))
    } catch (error) {
      if (error instanceof RelayRpcError) return sendError(connection, id, error.code, error.shortMessage, method)
      return sendError(connection, id, RelayErrorCode.internalError, `Internal error: ${error instanceof Error ? error.message : String(error)}`, method)
    }
    send(connection, { id, jsonrpc: '2.0', result: outcome.result })
    let tail = ''
    try {
      tail = outcome.after?.() ?? ''
    } catch (error) {
      tail = `fan-out failed: ${error instanceof Error ? error.message : String(error)}`
    }
    log?.(`[relay] ${method} ${connection.label} ${outcome.note}${tail ? ` · ${tail}` : ''}`)
  }

  const onResponse = (connection: Connection, frame: Record<string, unknown>): void => {
    const key = String(readId(frame.id))
    const waiting = awaitingAck.get(key)
    if (!waiting || waiting.connection !== connection) return
    awaitingAck.delete(key)
    if (frame.result === true) {
      waiting.stored.acked.add(connection.clientId)
      counters.acknowledged++
    } else {
      // Not acknowledged: sent again when this client subscribes again (a new socket).
      log?.(`[relay] irn_subscription ${connection.label} not acknowledged: ${safeJsonStringify(frame.error ?? frame.result)}`)
    }
  }

  const onClose = (connection: Connection, code: number): void => {
    if (!connections.delete(connection)) return
    for (const topic of [...connection.subscriptions.keys()]) unsubscribe(connection, topic)
    for (const [key, waiting] of awaitingAck) if (waiting.connection === connection) awaitingAck.delete(key)
    log?.(`[relay] disconnected ${connection.label} (code ${code})`)
  }

  // ------------------------------------------------------------------ server

  const wss = new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes })
  const server = createServer((request, response) => {
    if (request.method === 'GET' && new URL(request.url ?? '/', 'http://relay').pathname === '/health') {
      response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
      response.end(JSON.stringify(stats()))
      return
    }
    response.writeHead(426, { 'content-type': 'text/plain', upgrade: 'websocket' })
    response.end('WalletConnect loopback relay: connect with a WebSocket (GET /health for counters).\n')
  })

  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    let clientId: string
    try {
      const url = new URL(request.url ?? '/', 'ws://relay')
      clientId = verifyRelayAuth(url.searchParams.get('auth')).iss
    } catch (error) {
      counters.refusedConnections++
      const reason = error instanceof RelayAuthError ? error.shortMessage : 'Invalid request URL.'
      log?.(`[relay] refused a connection: ${reason}`)
      socket.end(`HTTP/1.1 401 Unauthorized\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${reason}\n`)
      return
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const connection: Connection = {
        socket: ws,
        clientId,
        label: `client …${clientId.slice(-6)}`,
        subscriptions: new Map(),
        sent: new WeakSet(),
        alive: true,
      }
      connections.add(connection)
      const origin = request.headers.origin
      log?.(`[relay] connected ${connection.label}${origin ? ` from ${origin}` : ''}`)
      ws.on('message', (data, isBinary) => {
        connection.alive = true
        try {
          onFrame(connection, data, isBinary)
        } catch (error) {
          // Never let one frame take the relay down.
          log?.(`[relay] frame handling failed for ${connection.label}: ${error instanceof Error ? error.message : String(error)}`)
        }
      })
      ws.on('pong', () => {
        connection.alive = true
      })
      ws.on('error', (error) => log?.(`[relay] socket error ${connection.label}: ${error.message}`))
      ws.on('close', (code) => onClose(connection, code))
    })
  })

  const pinger = setInterval(() => {
    for (const connection of connections) {
      if (!connection.alive) {
        counters.droppedSockets++
        log?.(`[relay] ${connection.label} missed a pong: terminated`)
        connection.socket.terminate()
        onClose(connection, 1006)
        continue
      }
      connection.alive = false
      try {
        connection.socket.ping()
      } catch {
        // closing already
      }
    }
  }, pingInterval)
  pinger.unref()
  const sweeper = setInterval(sweep, sweepInterval)
  sweeper.unref()

  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error): void => {
      clearInterval(pinger)
      clearInterval(sweeper)
      reject(error)
    }
    server.once('error', onError)
    server.listen(port, host, () => {
      server.off('error', onError)
      resolve()
    })
  })
  const actualPort = (server.address() as AddressInfo).port
  const url = `ws://${host.includes(':') ? `[${host}]` : host}:${actualPort}`

  function stats(): RelayStats {
    sweep()
    let subscriptions = 0
    for (const connection of connections) subscriptions += connection.subscriptions.size
    let storedMessages = 0
    for (const list of mailbox.values()) storedMessages += list.length
    return {
      connections: connections.size,
      clients: new Set([...connections].map((c) => c.clientId)).size,
      subscriptions,
      storedMessages,
      ...counters,
      served: { ...served },
    }
  }

  let stopping: Promise<void> | undefined
  return {
    url,
    port: actualPort,
    stats,
    dropAllSockets() {
      const dropped = [...connections]
      for (const connection of dropped) {
        connection.socket.terminate()
        onClose(connection, 1006)
      }
      counters.droppedSockets += dropped.length
      if (dropped.length) log?.(`[relay] dropped ${dropped.length} socket(s)`)
      return dropped.length
    },
    stop() {
      stopping ??= (async () => {
        clearInterval(pinger)
        clearInterval(sweeper)
        for (const connection of [...connections]) {
          connection.socket.terminate()
          onClose(connection, 1001)
        }
        await new Promise<void>((resolve) => wss.close(() => resolve()))
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          server.closeAllConnections()
        })
      })()
      return stopping
    },
  }
}
