/**
 * The chain adapters of one modal instance (spec §3: one adapter per configured namespace; spec §1 lazy rule): the
 * eip155 adapter (EIP-6963 and injected wallets, WalletConnect, the embedded wallet's `auth` connector) or the dapp's
 * own, and the Solana and Bitcoin adapters, whose modules (and web3.js, bitcoinjs-lib inside them) load only when a
 * wallet of theirs is first needed. A dapp that configures only EVM networks ships none of their code.
 */
import type { Wallet as SolanaWallet } from '@wallet-standard/base'
import { lazyAdapter, type AdaptersByNamespace } from '../../adapters/actors.ts'
import type { Bip122Adapter } from '../../adapters/bip122.ts'
import type { BitcoinWallet } from '../../adapters/bip122.standard.ts'
import { createEip155Adapter } from '../../adapters/eip155.ts'
import type { CaipNetwork, ChainNamespace } from '../../adapters/networks.ts'
import type { EmbeddedSolanaBackend } from '../../adapters/solana.auth.ts'
import type { SolanaAdapter } from '../../adapters/solana.ts'
import type { ChainAdapter, Eip1193Provider } from '../../adapters/types.ts'
import { createWalletConnect, type WalletConnectClient } from '../../adapters/walletconnect.ts'
import { InvalidOptionsError } from '../options.ts'
import type { Metadata, ModalOptions } from '../types.ts'

export type CreateCoreAdaptersParameters = {
  options: ModalOptions
  /** The app metadata WalletConnect shows the wallet (spec §3 "Dapp data sync"). */
  metadata: Metadata
  /** The configured networks now: WalletConnect proposes the networks added at run time too. */
  networksNow: () => readonly CaipNetwork[]
  /** The embedded wallet's EIP-1193 provider, served as the eip155 `auth` connector; undefined without `embeddedWallet`. */
  authProvider?: Eip1193Provider | undefined
  /** The embedded wallet's Solana side, served as the solana `auth` connector; undefined without `embeddedWallet`. */
  solanaAuth?: { load(): Promise<EmbeddedSolanaBackend> } | undefined
}

export type CoreAdapters = ReturnType<typeof createCoreAdapters>

/**
 * Creates the adapters of one core. WalletConnect's facade is created at once (nothing of its SDK loads), the Solana
 * and Bitcoin adapters are lazy ones whose modules are fetched with their first call.
 * @throws InvalidOptionsError 'No way to connect' with `adapter: null` and `walletConnect: false`.
 * @example
 * const { adapters, walletConnect } = createCoreAdapters({ options, metadata, networksNow })
 */
export function createCoreAdapters({ options, metadata, networksNow, authProvider, solanaAuth }: CreateCoreAdaptersParameters) {
  const solanaNetworks = options.networks.filter((n) => n.chainNamespace === 'solana')
  const hasBitcoin = options.networks.some((n) => n.chainNamespace === 'bip122')
  /** WalletConnect: created now (nothing loads), used by the eip155 adapter as one more provider. */
  const walletConnect: WalletConnectClient | undefined =
    options.walletConnect === false
      ? undefined
      : createWalletConnect({
          projectId: options.projectId,
          relayUrl: options.walletConnect?.relayUrl,
          rpcHost: options.api?.rpcUrl,
          storagePrefix: options.walletConnect?.storagePrefix,
          storage: options.walletConnect?.storage,
          metadata,
          // Read at each pairing: networks added at run time are proposed (eip155 only, filtered there).
          networks: networksNow,
        })
  if (options.adapter === null && !walletConnect) {
    throw new InvalidOptionsError('No way to connect', { details: 'With `adapter: null`, WalletConnect must stay on.' })
  }
  const adapter: ChainAdapter =
    options.adapter ??
    createEip155Adapter({
      walletConnect,
      discover: options.adapter !== null,
      ...(authProvider ? { auth: { connector: { id: 'auth', name: 'Email', type: 'AUTH', chain: 'eip155' }, provider: authProvider } } : {}),
    })
  /** The Bitcoin adapter instance behind the lazy one, once loaded (`getProvider('bip122')`). */
  let bitcoinInstance: Bip122Adapter | undefined
  /** The Solana adapter instance behind the lazy one (the transfer adapter needs its wallets). */
  let solanaInstance: SolanaAdapter | undefined
  const solanaAdapterFor = (m: typeof import('../../adapters/solana.ts')): SolanaAdapter =>
    (solanaInstance ??= m.createSolanaAdapter({
      networks: solanaNetworks,
      // Reads and sends at each network's node URL (spec §7.4), on the modal's clock (spec §9 timeout and retries).
      rpc: { host: options.api?.rpcUrl, projectId: options.projectId, ...(options.clock ? { clock: options.clock } : {}) },
      // The embedded wallet is the `auth` connector on solana too (spec §6), its frame module fetched on first use.
      ...(solanaAuth ? { auth: solanaAuth } : {}),
    }))
  const adapters: AdaptersByNamespace = {
    eip155: adapter,
    ...(solanaNetworks.length ? { solana: lazyAdapter('solana', () => import('../../adapters/solana.ts').then((m) => solanaAdapterFor(m))) } : {}),
    ...(hasBitcoin
      ? {
          // The Bitcoin adapter reads balances and broadcasts through the blockchain API's client, handed in here.
          bip122: lazyAdapter('bip122', () =>
            Promise.all([import('../../adapters/bip122.ts'), import('../../services/bitcoin.ts')]).then(([m, s]) => {
              const source = s.createBitcoinApi({ projectId: options.projectId, clientId: options.clientId, fetch: options.api?.fetch })
              return (bitcoinInstance = m.createBip122Adapter({ source }))
            }),
          ),
        }
      : {}),
  }
  /** The namespaces with an adapter: eip155 always, the others when a network of theirs is configured. */
  const configuredNamespaces = (Object.keys(adapters) as ChainNamespace[]).filter((ns) => ns === 'eip155' || options.networks.some((n) => n.chainNamespace === ns))

  return {
    walletConnect,
    /** The eip155 adapter (the built-in one or the dapp's own). */
    adapter,
    adapters,
    configuredNamespaces,
    solanaNetworks,
    solanaAdapterFor,
    /**
     * The wallet behind a connected connector: eip155 its EIP-1193 provider (a dapp's own adapter only with a
     * `getProvider(connectorId)` method), solana and bip122 their Wallet Standard wallet once their adapter is loaded.
     */
    walletOf(namespace: ChainNamespace, connectorId: string): Eip1193Provider | SolanaWallet | BitcoinWallet | undefined {
      if (namespace === 'eip155') return (adapter as Partial<{ getProvider: (id: string) => Eip1193Provider | undefined }>).getProvider?.(connectorId)
      if (namespace === 'solana') return solanaInstance?.getWallet(connectorId)
      if (namespace === 'bip122') return bitcoinInstance?.getWallet(connectorId)
      return undefined
    },
    /**
     * Releases the adapters this instance made (a dapp's own `adapter` is the dapp's to release): the eip155 adapter's
     * EIP-6963 store (a window listener), the Solana and Bitcoin adapters if they were loaded.
     */
    release() {
      const owned = [options.adapter == null ? adapter : undefined, adapters.solana, adapters.bip122]
      for (const a of owned) (a as { destroy?: () => void } | undefined)?.destroy?.()
    },
  }
}
