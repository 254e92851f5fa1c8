/**
 * The feature host of one modal instance (`ui/assemble/`): what each feature machine is handed when its module
 * arrives (the service clients, the wallets, the options), how each feature's machine is supplied to the root (fetched
 * with its first use), and the settings each feature's registration takes from the options.
 */
import * as v from 'valibot'
import type { ActorRefFrom, AnyActorLogic } from 'xstate'
import type { AdaptersByNamespace } from '../../adapters/actors.ts'
import { callForeign } from '../../adapters/boundary.ts'
import { InvalidProviderResponseError, summarizeError } from '../../adapters/errors.ts'
import type { ChainNamespace } from '../../adapters/networks.ts'
import type { SiwxConfig } from '../../kernel/siwx.ts'
import type { ChainAdapter, Eip1193Provider } from '../../adapters/types.ts'
import type { WalletConnectClient } from '../../adapters/walletconnect.ts'
import type { RootActor } from '../../machines/root.ts'
import type { connectionMachine } from '../../machines/connection.ts'
import { connectAccount } from '../../machines/connection.connect.ts'
import { siwxMessages } from '../../machines/siwx.messages.ts'
import type { AccountType, ModalStorage } from '../../services/storage.ts'
import { rememberedConfig } from '../../services/remoteConfigMemory.ts'
import type { FeatureHostFacts } from '../../machines/features.ts'
import { manifests } from '../../machines/manifests.ts'
import { featureAssemblies, loadsWithOf, type FeatureHost, type FeatureMachineId, type FeaturePublicFace, type FeatureSettings } from '../assemble/index.ts'
import type { InstanceServices } from '../createModal.services.ts'
import type { EmbeddedWallet } from '../embedded.ts'
import { InvalidOptionsError } from '../options.ts'
import { NetworkNotConfiguredError } from '../errors.ts'
import type { ModalOptions } from '../types.ts'
import { resolvePlatform } from './platform.ts'

/**
 * The node's JSON-RPC client (`adapters/rpc.ts`), fetched with the first read of a node (a balance, a request: after a
 * connection), so that it never comes with the core nor travels beside Connect's first paint.
 */
const rpcModule = () => import('../../adapters/rpc.ts')

/** What the host reads of a held connection (its own shape here: the host names no feature's module). */
type HeldConnection = { readonly connectorId: string; readonly address: string; readonly caipNetworkId?: string | undefined }

export type CreateFeatureHostParameters = {
  options: ModalOptions
  /** The root actor; called only once it exists. */
  root: () => RootActor
  services: () => Promise<InstanceServices>
  walletConnect: WalletConnectClient | undefined
  adapter: ChainAdapter
  adapters: AdaptersByNamespace
  /** The embedded wallet, fetched with the first feature that needs it. */
  embedded: () => Promise<EmbeddedWallet>
  storage: ModalStorage
  /** The wallet behind a connected connector (`CoreAdapters.walletOf`): eip155 its EIP-1193 provider. */
  walletOf: (namespace: ChainNamespace, connectorId: string) => unknown
  /**
   * The connections held (multi-wallet, spec §6) of a namespace, without the 'Multi-Wallet Not Enabled' alert (empty when
   * it is off or not spawned), and a subscription to the public state they are part of.
   */
  held: { list: (namespace: string) => readonly HeldConnection[]; subscribe: (listener: () => void) => () => void }
}

/**
 * Creates the feature host of one core.
 * @example
 * const { supplyFeature } = createFeatureHost({ options, root, services, walletConnect, adapter, adapters, embedded, storage })
 * featureRegistrations(featureSettings(options, storage, walletConnect), supplyFeature)
 */
export function createFeatureHost(p: CreateFeatureHostParameters) {
  /** The `siwx` option; 'SIWX is not enabled' without it (spec §8). */
  const requireSiwx = (): SiwxConfig => {
    if (!p.options.siwx) throw new InvalidOptionsError(siwxMessages.notEnabled)
    return p.options.siwx
  }
  /** The configured network `caipNetworkId` now; `NetworkNotConfiguredError` for another. */
  const configured = (caipNetworkId: string) => {
    const network = p
      .root()
      .getSnapshot()
      .context.network.getSnapshot()
      .context.networks.find((n) => n.caipNetworkId === caipNetworkId)
    if (!network) throw new NetworkNotConfiguredError(caipNetworkId)
    return network
  }
  const host = (): Promise<FeatureHost> =>
    p.services().then((s) => ({
      flags: () => p.root().getSnapshot().context.flags,
      blockchain: s.blockchain,
      directory: s.directory,
      exchange: s.exchange,
      fetchWallets: s.fetchWallets,
      transfer: s.transfer,
      walletConnect: p.walletConnect,
      nativeBalance: async ({ caipNetworkId, address }) => {
        const context = p.root().getSnapshot().context
        const network = configured(caipNetworkId)
        const currency = { decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol, name: network.nativeCurrency.name }
        if (network.chainNamespace === 'eip155') {
          // The network's node, never a wallet: a held wallet may sit on another chain, hang, or be a phone.
          const { createRpcTransport, rpcNodeUrl } = await rpcModule()
          const url = rpcNodeUrl({ network, rpcHost: p.options.api?.rpcUrl, projectId: p.options.projectId })
          const raw = await createRpcTransport({ url, ...(p.options.clock ? { clock: p.options.clock } : {}) }).request({ method: 'eth_getBalance', params: [address, 'latest'] })
          if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]+$/.test(raw)) throw new InvalidProviderResponseError('eth_getBalance', raw)
          return { value: BigInt(raw), ...currency }
        }
        const connectorId = connectAccount(context.connection.getSnapshot()).connectorId ?? ''
        const balance = await (p.adapters[network.chainNamespace] ?? p.adapter).getBalance({ connectorId, address, network })
        return { ...balance, name: network.nativeCurrency.name }
      },
      identityName: async ({ caipNetworkId, address }) => {
        // As the Account view's identity (machines/account.ts `hasIdentity`): eip155, a configured mainnet.
        const network = p
          .root()
          .getSnapshot()
          .context.network.getSnapshot()
          .context.networks.find((n) => n.caipNetworkId === caipNetworkId)
        if (network?.chainNamespace !== 'eip155' || network.testnet) return null
        return (await (await s.blockchain()).getIdentity({ address })).name ?? null
      },
      signWithWallet: ({ namespace: ns, ...rest }) => (p.adapters[ns as ChainNamespace] ?? p.adapter).signMessage(rest),
      siwx: requireSiwx,
      clock: p.options.clock,
      adapterOf: (namespace) => p.adapters[namespace as ChainNamespace],
      eip1193: (connectorId) => p.walletOf('eip155', connectorId) as Eip1193Provider | undefined,
      nodeRequest: async ({ caipNetworkId, method, params }) => {
        const network = configured(caipNetworkId)
        const { createRpcTransport, rpcNodeUrl } = await rpcModule()
        const url = rpcNodeUrl({ network, rpcHost: p.options.api?.rpcUrl, projectId: p.options.projectId })
        return createRpcTransport({ url, ...(p.options.clock ? { clock: p.options.clock } : {}) }).request({ method, params })
      },
      switchWalletChain: async ({ connectorId, caipNetworkId }) => {
        const network = configured(caipNetworkId)
        const adapter = p.adapters[network.chainNamespace] ?? p.adapter
        try {
          await callForeign('adapter.switchChain', () => adapter.switchChain({ connectorId, network }))
        } catch (error) {
          if (summarizeError(error).code !== 4902) throw error
          await callForeign('adapter.addChain', () => adapter.addChain({ connectorId, network }))
          await callForeign('adapter.switchChain', () => adapter.switchChain({ connectorId, network }))
        }
      },
      isMobile: resolvePlatform(p.options.platform) === 'mobile',
      storage: p.storage,
      watchWallets: (namespace, listener) => {
        // The namespace's own connection first (connected while another namespace is the active one, spec §2 one
        // connection per namespace), then multi-wallet's held ones; Pay lists each address once.
        const own = p.root().system.get(`connection.${namespace}`) as ActorRefFrom<typeof connectionMachine> | undefined
        const ownWallet = (): Array<{ connectorId: string; address: string; caipNetworkId: string }> => {
          const account = own ? connectAccount(own.getSnapshot()) : undefined
          return account?.isConnected && account.address && account.connectorId ? [{ connectorId: account.connectorId, address: account.address, caipNetworkId: `${namespace}:${account.chainId}` }] : []
        }
        const now = () => [...ownWallet(), ...p.held.list(namespace).map((c) => ({ connectorId: c.connectorId, address: c.address, caipNetworkId: c.caipNetworkId ?? '' }))]
        let told = JSON.stringify(now())
        listener(now())
        const changed = () => {
          const wallets = now()
          const text = JSON.stringify(wallets)
          if (text === told) return
          told = text
          listener(wallets)
        }
        const unsubscribeHeld = p.held.subscribe(changed)
        const ownSubscription = own?.subscribe(changed)
        return () => {
          unsubscribeHeld()
          ownSubscription?.unsubscribe()
        }
      },
    }))
  /**
   * The public faces of the features whose module is in (`publicFace` of `ui/assemble/<id>.ts`), by id: kept when the
   * module arrives, before its machine is spawned, so the public state reads a spawned feature's face synchronously.
   */
  const faces = new Map<FeatureMachineId, FeaturePublicFace<unknown>>()
  /** A feature's machine, imported with its first use, with this instance's actors (spawned by the root when it arrives). */
  // What each module loads with comes from its manifest (`loadsWith`): the embedded wallet for the machines that talk to it.
  const supplyFeature = (id: FeatureMachineId) => ({
    load: () =>
      Promise.all([featureAssemblies[id](), host(), loadsWithOf(id).includes('embeddedWallet') ? p.embedded() : undefined]).then(([m, h, e]): AnyActorLogic => {
        if (m.publicFace) faces.set(id, m.publicFace)
        return m.assemble(e ? { ...h, embeddedWallet: e } : h)
      }),
  })
  return { supplyFeature, requireSiwx, faces: (): ReadonlyMap<FeatureMachineId, FeaturePublicFace<unknown>> => faces }
}

/**
 * The settings the registrations take (`featureRegistrations`): the instance's facts ({@link FeatureHostFacts}: the
 * embedded wallet on with `embeddedWallet` and the built-in adapter, WalletConnect's connector, the device filter, the
 * origin, the stored account types), and what each manifest's `settingsFrom` takes from the options, each feature's
 * own options with their defaults (`machines/<id>.options.ts`) where the dapp left them out.
 */
export function featureSettings(options: ModalOptions, storage: ModalStorage, walletConnect: WalletConnectClient | undefined): FeatureSettings {
  const host: FeatureHostFacts = {
    embeddedWallet: Boolean(options.embeddedWallet) && options.adapter == null,
    // A custom adapter decides itself whether it lists WalletConnect.
    walletConnectConnectorId: walletConnect && options.adapter == null ? walletConnect.connector.id : undefined,
    platform: resolvePlatform(options.platform),
    origin: globalThis.location?.origin ?? '',
    accountTypeOf: (namespace, defaults) => storage.getPreferredAccountType(namespace, defaults as Readonly<Partial<Record<string, AccountType>>>),
    // Spec §3: each namespace's stored connections, oldest first, and its stored active connector.
    storedConnections: () =>
      Object.fromEntries(
        Object.entries(storage.getConnections()).map(([ns, connections]) => [
          ns,
          { connections: connections.map((c) => ({ connectorId: c.connectorId, accounts: c.accounts.map((a) => a.address) })), activeConnectorId: storage.getConnectedConnectorId(ns) },
        ]),
      ),
    hasStored: (key) => storage.read(key, v.unknown()) !== undefined,
    rememberedConfig: (projectId) => rememberedConfig(storage, projectId),
  }
  const resolved = withDefaults(options)
  const settings: Record<string, unknown> = { ...host }
  for (const manifest of manifests) if ('settingsFrom' in manifest && manifest.settingsFrom) Object.assign(settings, manifest.settingsFrom(resolved, host))
  // Type assertion: the union of the manifests' settings, assembled key by key, is their intersection.
  return settings as FeatureSettings
}

/** The options with each feature's defaults where the dapp left a key out (its manifest's `optionDefaults`). */
function withDefaults(options: ModalOptions): ModalOptions {
  const given: Readonly<Record<string, unknown>> = options
  const defaults: Record<string, unknown> = {}
  for (const manifest of manifests) {
    const declared: Readonly<Record<string, unknown>> = 'optionDefaults' in manifest && manifest.optionDefaults ? manifest.optionDefaults : {}
    for (const [key, value] of Object.entries(declared)) if (given[key] === undefined) defaults[key] = value
  }
  return { ...options, ...defaults }
}
