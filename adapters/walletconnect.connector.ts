/**
 * The WalletConnect connector, the errors its session throws and the client's contract (options, pairing proposal,
 * client): the leaf shared by the light module (walletconnect.ts, loaded with the page) and the lazily loaded SDK
 * client (walletconnect.client.ts), so that neither imports the other.
 */
import { BaseError } from './errors.ts'
import type { CaipNetwork } from './networks.ts'
import type { Connector, Eip1193Provider } from './types.ts'

/** The connector id of WalletConnect (spec §3 connector type WALLET_CONNECT). */
export const walletConnectConnectorId = 'walletConnect'

/** The WalletConnect connector as the catalogue lists it. */
export const walletConnectConnector: Connector = {
  id: walletConnectConnectorId,
  name: 'WalletConnect',
  type: 'WALLET_CONNECT',
  chain: 'eip155',
}

/** Thrown when the WalletConnect provider cannot be loaded or initialised (bad relay URL, storage refused). */
export class WalletConnectInitError extends BaseError {
  static override docsPath = '/errors/WalletConnectInitError'
  override name = 'WalletConnectInitError'
  constructor(cause: unknown) {
    super('WalletConnect could not start.', { cause })
  }
}
/** Thrown by session methods when no WalletConnect session exists (never paired, or the wallet ended it). */
export class NoWalletConnectSessionError extends BaseError {
  static override docsPath = '/errors/NoWalletConnectSessionError'
  override name = 'NoWalletConnectSessionError'
  constructor() {
    super('No WalletConnect session.', { details: 'Pair a wallet first.' })
  }
}

/** App metadata shown by the wallet on the proposal (spec §7: name, description, url, icons). */
export type WalletConnectMetadata = { name: string; description: string; url: string; icons: string[] }

/**
 * Key-value storage of the SDK (the shape of its `IKeyValueStorage`); tests in Node pass an in-memory one. Written out
 * rather than taken from the SDK's types so the package's declarations need no optional peer installed.
 */
export type WalletConnectStorage = {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

export type WalletConnectOptions = {
  /** Project id sent to the relay (spec §7). */
  projectId: string
  /** The relay's WebSocket URL (`ws(s)://`, spec §5). Default the hosted relay (`defaultRelayUrl` of walletconnect.ts). */
  relayUrl?: string | undefined
  metadata: WalletConnectMetadata
  /**
   * The eip155 networks proposed (optional namespace); their node URL answers reads (spec §7.4, `rpcNodeUrl` of
   * adapters/rpc.ts: the project's node at `rpcHost` for a built-in network, else the network's own first RPC URL). A
   * getter is read at each pairing (the modal's network actor owns the list: networks added at run time are proposed).
   */
  networks: readonly CaipNetwork[] | (() => readonly CaipNetwork[])
  /** `{rpc host}` of the node URLs (spec §7.4); default `defaultRpcHost` of adapters/rpc.ts. */
  rpcHost?: string | undefined
  /** Prefix of the SDK's storage keys: two modals on one page need different ones. Default `latchkey`. */
  storagePrefix?: string | undefined
  /** The SDK's storage (default: the browser's IndexedDB / Node's file storage); tests pass an in-memory one. */
  storage?: WalletConnectStorage | undefined
  /** Loads the provider's module (default: a dynamic import, so its code is a chunk of its own). */
  load?: (() => Promise<{ default: unknown }>) | undefined
}

/** A pairing proposal: the URI the wallet scans, and the wallet's answer. */
export type PairingProposal = {
  /** `wc:<topic>@2?relay-protocol=irn&symKey=…` */
  uri: string
  /** When the pairing expires (ms since the epoch; spec §4: a new pairing expires after 4 minutes). */
  createdAt: number
  /**
   * Resolves when the wallet approves (the session exists; read it through {@link WalletConnectClient.eip1193}).
   * Rejects with `UserRejectedRequestError` when the visitor declines in the wallet, with another typed error
   * when the proposal fails or expires. Never an unhandled rejection: abandoning a proposal is fine.
   */
  approval: Promise<void>
}

export type WalletConnectClient = {
  readonly connector: Connector
  /** Whether the provider is loaded and holds a session (synchronous; false before the first load). */
  hasSession(): boolean
  /**
   * Loads the provider (once) and proposes a new pairing; resolves when the URI is ready.
   * @throws WalletConnectInitError, or the relay's error when the proposal cannot be published.
   */
  propose(): Promise<PairingProposal>
  /** Loads the provider and reports whether a stored session was restored (spec §4 restore on reload). */
  restore(): Promise<boolean>
  /** Ends the session (the wallet is told); resolves even when the relay is unreachable (the session is forgotten). */
  disconnect(): Promise<void>
  /** The session as an EIP-1193 provider. Requests throw {@link NoWalletConnectSessionError} without a session. */
  eip1193(): Eip1193Provider
  /** Closes the socket (tests, teardown). */
  destroy(): Promise<void>
}
