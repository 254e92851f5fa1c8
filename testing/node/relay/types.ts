/**
 * The shapes of the loopback WalletConnect relay (./server.ts): its options, its counters, the running relay, and the
 * messages and sockets it holds. Node only.
 */
import type { WebSocket } from 'ws'

/** Options of {@link startRelay}. */
export type StartRelayOptions = {
  /** TCP port; 0 (default) picks a free ephemeral port. */
  port?: number
  /** Loopback address to listen on; default `127.0.0.1`. */
  host?: string
  /** Receives one line per method served (and per connection opened, refused or closed). Default: no logging. */
  log?: (line: string) => void
  /** How often every socket is pinged, in milliseconds; default 15 000. A socket that missed the previous pong is terminated. */
  pingInterval?: number
  /** The clock for message ttl and `publishedAt`, in Unix milliseconds; default `Date.now`. Tests move it forward. */
  now?: () => number
}

/** Counters of a running relay (see {@link Relay.stats}). */
export type RelayStats = {
  /** Open sockets. */
  connections: number
  /** Distinct client ids among the open sockets. */
  clients: number
  /** Active subscriptions (socket × topic). */
  subscriptions: number
  /** Unexpired messages held for later subscribers. */
  storedMessages: number
  /** Messages accepted (irn_publish, irn_batchPublish, and the fan-out of wc_proposeSession / wc_approveSession). */
  published: number
  /** irn_subscription deliveries sent. */
  delivered: number
  /** Deliveries the client acknowledged. */
  acknowledged: number
  /** Upgrades refused for a missing or invalid auth token. */
  refusedConnections: number
  /** Sockets ended by {@link Relay.dropAllSockets} or for a missed pong. */
  droppedSockets: number
  /** Requests answered with a JSON-RPC error. */
  errors: number
  /** Requests served, by method (unknown methods included). */
  served: Record<string, number>
}

/** A running relay started by {@link startRelay}. */
export type Relay = {
  /** `ws://<host>:<port>`: the `relayUrl` for the SDKs. */
  url: string
  port: number
  /** Terminates every socket and closes the server. Idempotent. */
  stop(): Promise<void>
  /**
   * Drops every open socket at once without a close handshake (the network going away mid-flow). Clients
   * reconnect and subscribe again; messages published meanwhile are kept and delivered then.
   * @returns how many sockets were dropped.
   */
  dropAllSockets(): number
  /** A snapshot of the counters. */
  stats(): RelayStats
}

/** A message the relay holds for the topic's subscribers until its ttl runs out. */
export type StoredMessage = {
  topic: string
  message: string
  /** Unix ms. */
  publishedAt: number
  /** Unix ms. */
  expiresAt: number
  tag: number
  attestation?: string
  /** Client id of the publisher: never delivered back to it. */
  sender: string
  /** Client ids that acknowledged (or fetched) it. */
  acked: Set<string>
}

/** One client socket: its client id (the auth token's `iss`) and its subscriptions. */
export type Connection = {
  socket: WebSocket
  clientId: string
  /** Short client id for log lines. */
  label: string
  /** topic → subscription id. */
  subscriptions: Map<string, string>
  /** Messages sent on this socket (not sent twice on one socket). */
  sent: WeakSet<StoredMessage>
  alive: boolean
}
