import { BaseError } from './errors.ts'
import type { Eip1193Provider } from './types.ts'
import type { CaipNetwork } from './networks.ts'
import type { Connector } from './types.ts'
import { walletConnectConnector, WalletConnectInitError } from './walletconnect.connector.ts'
import { parseConnectionUrl, preview, wsProtocols, type InvalidUrlError } from './urls.ts'

/**
 * Mobile wallets over the WalletConnect v2 relay protocol (spec §2, §4 "Network switch", §7 "Relay protocol"),
 * through `@walletconnect/universal-provider`. The provider's code and its socket load lazily: on the first
 * {@link WalletConnectClient.propose} (the visitor picked WalletConnect or a wallet that needs it) or
 * {@link WalletConnectClient.restore} (a stored session), never with the page.
 *
 * What the relay does is not this module's contract (spec §7): it turns the provider into
 * - a pairing proposal (`propose`: the URI to show, and the approval),
 * - an EIP-1193 provider over the session (`eip1193`), whose `eth_chainId` and `eth_accounts` are answered
 *   locally from the session the provider keeps in its storage, whose wallet requests (signing, sending,
 *   switching and adding chains) go to the wallet over the relay, and whose reads go to the networks' RPC URLs,
 * - the wallet's events (accounts, chain, disconnect) as EIP-1193 events, chain ids as numbers.
 */

export { NoWalletConnectSessionError, walletConnectConnectorId, WalletConnectInitError } from './walletconnect.connector.ts'

/** Default relay of the hosted network (configuration: the demo and tests point it at the loopback relay). */
export const defaultRelayUrl = 'wss://relay.walletconnect.org'

/** App metadata shown by the wallet on the proposal (spec §7: name, description, url, icons). */
export type WalletConnectMetadata = { name: string; description: string; url: string; icons: string[] }

/**
 * Key-value storage of the SDK (the shape of its `IKeyValueStorage`); tests in Node pass an in-memory one. Written out
 * rather than taken from the SDK's types so the package's declarations need no optional peer installed (issue 16 §1).
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
  /** The relay's WebSocket URL (`ws(s)://`, spec §5). Default {@link defaultRelayUrl}. */
  relayUrl?: string | undefined
  metadata: WalletConnectMetadata
  /**
   * The eip155 networks proposed (optional namespace); their first RPC URL answers reads. A getter is read at each
   * pairing (the modal's network actor owns the list: networks added at run time are proposed).
   */
  networks: readonly CaipNetwork[] | (() => readonly CaipNetwork[])
  /** Prefix of the SDK's storage keys: two modals on one page need different ones. Default `latchkey`. */
  storagePrefix?: string | undefined
  /** The SDK's storage (default: the browser's IndexedDB / Node's file storage); tests pass an in-memory one. */
  storage?: WalletConnectStorage | undefined
  /** Loads the provider's module (default: a dynamic import, so its code is a chunk of its own). */
  load?: (() => Promise<{ default: unknown }>) | undefined
}

/** Thrown for a relay URL that is not an absolute ws(s) URL (spec §5 "Connection layer accepts only http(s) or ws(s) URLs"). */
export class InvalidRelayUrlError extends BaseError {
  override name = 'InvalidRelayUrlError'
  constructor(url: unknown, cause?: InvalidUrlError) {
    super('Invalid relay URL', { details: `${cause?.reason ?? 'Expected an absolute ws:// or wss:// URL.'} Received: ${preview(url)}`, ...(cause ? { cause } : {}) })
  }
}

export type CheckRelayUrlParameters = unknown
export type CheckRelayUrlReturnType = string
export type CheckRelayUrlErrorType = InvalidRelayUrlError

/**
 * Checks a relay URL with the connection layer's URL policy ({@link parseConnectionUrl}: parsed with `URL`, ws(s)
 * only, a host, no credentials, no whitespace or control characters, no fragment), never with a pattern.
 *
 * @returns the URL as given (the SDK receives what the dapp configured).
 * @throws InvalidRelayUrlError with the reason; e.g. for `'ws://127.0.0.1:8700 evil'` or `'https://relay.example'`.
 * @example checkRelayUrl('ws://127.0.0.1:8700') // 'ws://127.0.0.1:8700'
 */
export function checkRelayUrl(url: CheckRelayUrlParameters): CheckRelayUrlReturnType {
  try {
    parseConnectionUrl(url, { protocols: wsProtocols })
  } catch (error) {
    throw new InvalidRelayUrlError(url, error as InvalidUrlError)
  }
  return url as string
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

/**
 * Creates the WalletConnect client of one modal instance (spec §7 "Relay protocol": the universal provider is
 * initialised with project id and app metadata). Nothing loads until it is used: this facade is all the page holds
 * before the click; the client (`walletconnect.client.ts`) is fetched with the first pairing or session restore, and
 * the provider's own package after it (issue 15 §1, §4).
 *
 * @throws InvalidRelayUrlError at once when `relayUrl` is not an absolute ws(s) URL ({@link checkRelayUrl}).
 * @example
 * const wc = createWalletConnect({ projectId, relayUrl: 'ws://127.0.0.1:8700', metadata, networks })
 * const { uri, approval } = await wc.propose() // show `uri` as a QR code
 * await approval // the wallet approved
 * await wc.eip1193().request({ method: 'eth_accounts' })
 */
export function createWalletConnect(options: WalletConnectOptions): WalletConnectClient {
  const relayUrl = checkRelayUrl(options.relayUrl ?? defaultRelayUrl)
  let client: WalletConnectClient | undefined
  let loading: Promise<WalletConnectClient> | undefined
  const get = (): Promise<WalletConnectClient> =>
    (loading ??= import('./walletconnect.client.ts').then(
      (m) => (client = m.createWalletConnectClient(options, relayUrl)),
      (error: unknown) => {
        loading = undefined
        throw new WalletConnectInitError(error)
      },
    ))
  // Listeners before the client exists are ignored, as the client ignores them before its provider exists.
  const eip1193: Eip1193Provider = {
    request: async (args) => (await get()).eip1193().request(args),
    on: (event, listener) => client?.eip1193().on?.(event, listener),
    removeListener: (event, listener) => client?.eip1193().removeListener?.(event, listener),
  }
  return {
    connector: walletConnectConnector,
    hasSession: () => client?.hasSession() ?? false,
    propose: async () => (await get()).propose(),
    restore: async () => (await get()).restore(),
    disconnect: async () => client?.disconnect(),
    eip1193: () => eip1193,
    async destroy() {
      const current = client
      client = undefined
      loading = undefined
      await current?.destroy()
    },
  }
}
