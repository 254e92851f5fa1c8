import type UniversalProviderType from '@walletconnect/universal-provider'
import { BaseError, UserRejectedRequestError, toProviderError } from './errors.ts'
import type { Eip1193Provider } from './types.ts'
import { loadPeer, MissingPeerDependencyError, provideNodeGlobal } from './peers.ts'
import { rpcNodeUrl } from './rpc.ts'
import { eip5792Methods } from '../kernel/eip5792.ts'
import { NoWalletConnectSessionError, type PairingProposal, type WalletConnectClient, walletConnectConnector, WalletConnectInitError, type WalletConnectOptions } from './walletconnect.connector.ts'

/**
 * The wallet methods a session asks for on eip155 (the rest are reads, sent to the network's RPC URL), batched calls
 * (EIP-5792, spec §7) among them.
 */
export const eip155SessionMethods = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain', 'wallet_addEthereumChain', ...eip5792Methods] as const
/** The wallet events a session subscribes to. */
export const eip155SessionEvents = ['chainChanged', 'accountsChanged'] as const

/**
 * The WalletConnect client behind `createWalletConnect`'s facade (`walletconnect.ts`), fetched with the first pairing
 * or restore: loads `@walletconnect/universal-provider` (an optional peer) and initialises it with the project id, the
 * checked `relayUrl` and the app metadata; the provider's socket opens then. The contract is `WalletConnectClient`.
 */
export function createWalletConnectClient(options: WalletConnectOptions, relayUrl: string): WalletConnectClient {
  const networksOption = options.networks
  const evmNetworks = () => (typeof networksOption === 'function' ? networksOption() : networksOption).filter((n) => n.chainNamespace === 'eip155')
  // An optional peer: a missing package is a MissingPeerDependencyError; its dependencies read Node's
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
        // Reads go to each network's node URL (spec §7.4).
        rpcMap: Object.fromEntries(networks.map((n) => [String(n.id), rpcNodeUrl({ network: n, rpcHost: options.rpcHost, projectId: options.projectId })])),
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

  // biome-ignore lint/suspicious/noExplicitAny: the provider's listeners take each event's own arguments (EIP-1193)
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
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string' ? (error as { message: string }).message : String(error)
}
