/**
 * The feature host of one modal instance (`ui/assemble/`): what each feature machine is handed when its module
 * arrives (the service clients, the wallets, the options), how each feature's machine is supplied to the root (fetched
 * with its first use), and the settings each feature's registration takes from the options.
 */
import type { AnyActorLogic } from 'xstate'
import type { AdaptersByNamespace } from '../../adapters/actors.ts'
import type { ChainNamespace } from '../../adapters/networks.ts'
import type { SiwxConfig } from '../../kernel/siwx.ts'
import type { ChainAdapter } from '../../adapters/types.ts'
import type { WalletConnectClient } from '../../adapters/walletconnect.ts'
import type { RootActor } from '../../machines/root.ts'
import { connectAccount } from '../../machines/connection.connect.ts'
import { siwxMessages } from '../../machines/siwx.messages.ts'
import type { ModalStorage } from '../../services/storage.ts'
import { featureAssemblies, loadsWithOf, type FeatureHost, type FeatureMachineId, type FeaturePublicFace, type FeatureSettings } from '../assemble/index.ts'
import type { InstanceServices } from '../createModal.services.ts'
import type { EmbeddedWallet } from '../embedded.ts'
import { InvalidOptionsError } from '../options.ts'
import { NetworkNotConfiguredError } from '../errors.ts'
import type { ModalOptions } from '../types.ts'
import { resolvePlatform } from './platform.ts'

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
  const host = (): Promise<FeatureHost> =>
    p.services().then((s) => ({
      flags: () => p.root().getSnapshot().context.flags,
      blockchain: s.blockchain,
      directory: s.directory,
      fetchWallets: s.fetchWallets,
      transfer: s.transfer,
      walletConnect: p.walletConnect,
      nativeBalance: async ({ caipNetworkId, address }) => {
        const context = p.root().getSnapshot().context
        const network = context.network.getSnapshot().context.networks.find((n) => n.caipNetworkId === caipNetworkId)
        if (!network) throw new NetworkNotConfiguredError(caipNetworkId)
        const connectorId = connectAccount(context.connection.getSnapshot()).connectorId ?? ''
        const balance = await (p.adapters[network.chainNamespace] ?? p.adapter).getBalance({ connectorId, address, network })
        return { ...balance, name: network.nativeCurrency.name }
      },
      signWithWallet: ({ namespace: ns, ...rest }) => (p.adapters[ns as ChainNamespace] ?? p.adapter).signMessage(rest),
      siwx: requireSiwx,
      clock: p.options.clock,
      adapterOf: (namespace) => p.adapters[namespace as ChainNamespace],
      storage: p.storage,
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
 * The settings each feature's registration takes from the options (`featureRegistrations`): SIWX's `required` and
 * `signOutOnDisconnect`, the embedded-wallet features (on with `embeddedWallet` and the built-in adapter), the
 * on-ramp's providers, the names' suffix, the catalogue's filters, the remote config's project.
 */
export function featureSettings(options: ModalOptions, storage: ModalStorage, walletConnect: WalletConnectClient | undefined): FeatureSettings {
  const embedded = Boolean(options.embeddedWallet) && options.adapter == null
  const platform = resolvePlatform(options.platform)
  return {
    ...(options.siwx ? { siwx: { required: options.siwx.required ?? false, ...(options.siwx.signOutOnDisconnect !== undefined ? { signOutOnDisconnect: options.siwx.signOutOnDisconnect } : {}) } } : {}),
    embeddedWallet: embedded,
    // Spec §4 defaults under the dapp's, under the visitor's stored choice: what an embedded login starts with.
    preferredAccountType: () => (storage.getPreferredAccountType('eip155', options.defaultAccountTypes ?? {}) === 'smartAccount' ? 'smartAccount' : 'eoa'),
    ...(options.onrampProviders ? { onramp: { providers: options.onrampProviders } } : {}),
    ...(options.nameSuffix ? { nameSuffix: options.nameSuffix } : {}),
    // A custom adapter decides itself whether it lists WalletConnect.
    walletConnectConnectorId: walletConnect && options.adapter == null ? walletConnect.connector.id : undefined,
    catalogue: {
      ...(options.featuredWalletIds ? { featuredWalletIds: options.featuredWalletIds } : {}),
      ...(options.includeWalletIds ? { includeWalletIds: options.includeWalletIds } : {}),
      ...(options.excludeWalletIds ? { excludeWalletIds: options.excludeWalletIds } : {}),
      ...(options.customWallets ? { customWallets: options.customWallets.map((w) => ({ image_id: '', chains: [], ...w })) } : {}),
      chains: options.networks.filter((n) => n.chainNamespace === 'eip155').map((n) => n.caipNetworkId),
      namespace: 'eip155',
      ...(platform ? { platform } : {}),
    },
    // Spec §3: each namespace's stored connections, oldest first, and its stored active connector.
    multiWallet: {
      stored: () =>
        Object.fromEntries(
          Object.entries(storage.getConnections()).map(([ns, connections]) => [
            ns,
            { connections: connections.map((c) => ({ connectorId: c.connectorId, accounts: c.accounts.map((a) => a.address) })), activeConnectorId: storage.getConnectedConnectorId(ns) },
          ]),
        ),
    },
    remoteConfig: { projectId: options.projectId ?? '', local: options.features ?? {}, basic: options.basic ?? false, origin: globalThis.location?.origin ?? '' },
  }
}
