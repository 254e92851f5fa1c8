import type UniversalProviderType from '@walletconnect/universal-provider'
import { BaseError, UserRejectedRequestError, toProviderError } from './errors.ts'
import type { Eip1193Provider } from './types.ts'
import type { CaipNetwork } from './networks.ts'
import type { Connector } from './types.ts'
import { parseConnectionUrl, preview, wsProtocols, type InvalidUrlError } from './urls.ts'
import { loadPeer, MissingPeerDependencyError, provideNodeGlobal } from './peers.ts'

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

/** The connector id of WalletConnect (spec §3 connector type WALLET_CONNECT). */
export const walletConnectConnectorId = 'walletConnect'

/** The WalletConnect connector as the catalogue lists it. */
export const walletConnectConnector: Connector = {
  id: walletConnectConnectorId,
  name: 'WalletConnect',
  type: 'WALLET_CONNECT',
  chain: 'eip155',
}

/** Default relay of the hosted network (configuration: the demo and tests point it at the loopback relay). */
export const defaultRelayUrl = 'wss://relay.walletconnect.org'

/** The wallet methods a session asks for on eip155 (the rest are reads, sent to the network's RPC URL). */
export const eip155SessionMethods = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
] as const
/** The wallet events a session subscribes to. */
export const eip155SessionEvents = ['chainChanged', 'accountsChanged'] as const

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

/** Thrown when the WalletConnect provider cannot be loaded or initialised (bad relay URL, storage refused). */
export class WalletConnectInitError extends BaseError {
  override name = 'WalletConnectInitError'
  constructor(cause: unknown) {
    super('WalletConnect could not start.', { cause })
  }
}
/** Thrown by session methods when no WalletConnect session exists (never paired, or the wallet ended it). */
export class NoWalletConnectSessionError extends BaseError {
  override name = 'NoWalletConnectSessionError'
  constructor() {
    super('No WalletConnect session.', { details: 'Pair a wallet first.' })
  }
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
 * initialised with project id and app metadata). Nothing loads until it is used.
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
  const networksOption = options.networks
  const evmNetworks = () => (typeof networksOption === 'function' ? networksOption() : networksOption).filter((n) => n.chainNamespace === 'eip155')
  // An optional peer (issue 16 §1): a missing package is a MissingPeerDependencyError; its dependencies read Node's
  // `global`, provided just before the import so no dapp needs a bundler define.
  const load =
    options.load ??
    (() => {
      provideNodeGlobal()
      return loadPeer(
        'walletConnect',
        // In a try block: webpack and Turbopack treat the import as optional, a dapp without the package still builds.
        async () => {
          try {
            return await import('@walletconnect/universal-provider')
          } catch (cause) {
            throw new MissingPeerDependencyError('walletConnect', { cause })
          }
        },
        (m) => typeof m.default?.init === 'function',
      )
    })

  let loaded: UniversalProviderType | undefined
  let loading: Promise<UniversalProviderType> | undefined

  function getProvider(): Promise<UniversalProviderType> {
    loading ??= (async () => {
      try {
        const { default: UniversalProvider } = (await load()) as { default: typeof UniversalProviderType }
        const provider = await UniversalProvider.init({
          projectId: options.projectId,
          relayUrl,
          metadata: options.metadata,
          customStoragePrefix: options.storagePrefix ?? 'latchkey',
          ...(options.storage ? { storage: options.storage } : {}),
          logger: 'error',
          // The modal pings nothing itself; the provider's own keep-alive stays on.
          disableProviderPing: false,
        } as ConstructorParameters<typeof UniversalProviderType>[0])
        loaded = provider
        return provider
      } catch (error) {
        loading = undefined
        throw error instanceof BaseError ? error : new WalletConnectInitError(error)
      }
    })()
    return loading
  }

  const namespaces = () => {
    const networks = evmNetworks()
    return {
      eip155: {
        chains: networks.map((n) => n.caipNetworkId),
        methods: [...eip155SessionMethods],
        events: [...eip155SessionEvents],
        rpcMap: Object.fromEntries(networks.map((n) => [String(n.id), n.rpcUrls.default.http[0] ?? ''])),
      },
    }
  }

  async function propose(): Promise<PairingProposal> {
    const provider = await getProvider()
    // A session left from before (the wallet ended it without telling, a failed read): a new pairing replaces it.
    if (provider.session) await provider.disconnect().catch(() => {})
    return new Promise<PairingProposal>((resolve, reject) => {
      let settled = false
      const onUri = (uri: string) => {
        if (settled) return
        settled = true
        provider.removeListener('display_uri', onUri)
        resolve({ uri, createdAt: Date.now(), approval })
      }
      provider.on('display_uri', onUri)
      const approval: Promise<void> = provider
        .connect({ optionalNamespaces: namespaces() })
        .then((session) => {
          if (!session) throw new NoWalletConnectSessionError()
        })
        .catch((error: unknown) => {
          throw toPairingError(error)
        })
      // An abandoned proposal (refreshed, cancelled) may still reject later: never unhandled.
      approval.catch(() => {})
      approval.catch((error: unknown) => {
        if (settled) return
        settled = true
        provider.removeListener('display_uri', onUri)
        reject(error)
      })
    })
  }

  const listeners = new Map<(...args: any[]) => void, { event: string; wrapped: (...args: any[]) => void }[]>()

  const eip1193: Eip1193Provider = {
    async request({ method, params }) {
      const provider = loaded ?? (await getProvider())
      if (!provider.session) throw new NoWalletConnectSessionError()
      try {
        return await provider.request(params === undefined ? { method } : { method, params: params as unknown[] })
      } catch (error) {
        throw toProviderError(error)
      }
    },
    on(event, listener) {
      const provider = loaded
      if (!provider) return
      // The provider reports chain ids as decimal strings: EIP-1193 listeners get numbers.
      const wrapped =
        event === 'chainChanged'
          ? (chainId: unknown) => listener(typeof chainId === 'string' && /^\d+$/.test(chainId) ? Number(chainId) : chainId)
          : event === 'disconnect'
            ? () => listener({ code: 4900, message: 'The wallet ended the session.' })
            : listener
      provider.on(event, wrapped)
      listeners.set(listener, [...(listeners.get(listener) ?? []), { event, wrapped }])
    },
    removeListener(event, listener) {
      const entries = listeners.get(listener) ?? []
      for (const entry of entries.filter((e) => e.event === event)) loaded?.removeListener(event, entry.wrapped)
      const rest = entries.filter((e) => e.event !== event)
      if (rest.length) listeners.set(listener, rest)
      else listeners.delete(listener)
    },
  }

  return {
    connector: walletConnectConnector,
    hasSession: () => Boolean(loaded?.session),
    propose,
    async restore() {
      const provider = await getProvider()
      return Boolean(provider.session)
    },
    async disconnect() {
      const provider = loaded
      if (!provider?.session) return
      try {
        await provider.disconnect()
      } catch {
        // The relay may be unreachable: the session is forgotten locally all the same.
        ;(provider as { session?: unknown }).session = undefined
      }
    },
    eip1193: () => eip1193,
    async destroy() {
      const provider = loaded
      loaded = undefined
      loading = undefined
      await provider?.client?.core?.relayer?.transportClose?.().catch?.(() => {})
    },
  }
}

/**
 * Maps a failed proposal to a typed error: the wallet's rejection (SDK codes 5000–5003 "User rejected…", or
 * 4001) is `UserRejectedRequestError`; anything else goes through `toProviderError`.
 */
export function toPairingError(error: unknown): BaseError {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  if (typeof code === 'number' && code >= 5000 && code <= 5003) return new UserRejectedRequestError({ cause: error, details: readMessage(error) })
  return toProviderError(error)
}

function readMessage(error: unknown): string {
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string'
    ? (error as { message: string }).message
    : String(error)
}
