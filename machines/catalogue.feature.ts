import type { FeatureRegistration } from './features.ts'
import type { CatalogueOptions } from './catalogue.ts'
import { defineFeature } from './features.ts'
import type { catalogueMachine } from './catalogue.ts'
import type { CatalogueModalOptions } from './catalogue.options.ts'
import { connectorTypeOrder } from './catalogue.order.ts'

/** The wallet catalogue (spec §2 Connect, AllWallets) as a feature: spawned when Connect first needs it, with the dapp's wallet options. */
export function catalogueFeature(options: CatalogueOptions = {}): FeatureRegistration {
  return { id: 'catalogue', input: () => options }
}

/** The wallet catalogue behind Connect and AllWallets: no view of its own. */
export const catalogueManifest = defineFeature<typeof catalogueMachine, never, CatalogueModalOptions>()({
  id: 'catalogue',
  optionDefaults: { connectorTypeOrder },
  // The dapp's lists; the directory is asked for the configured eip155 networks' wallets (its wallets pair over
  // WalletConnect), filtered for the device.
  settingsFrom: (o: CatalogueModalOptions & { networks: readonly { chainNamespace: string; caipNetworkId: string }[] }, host) => ({
    catalogue: {
      ...(o.featuredWalletIds ? { featuredWalletIds: o.featuredWalletIds } : {}),
      ...(o.includeWalletIds ? { includeWalletIds: o.includeWalletIds } : {}),
      ...(o.excludeWalletIds ? { excludeWalletIds: o.excludeWalletIds } : {}),
      ...(o.customWallets ? { customWallets: o.customWallets.map((w) => ({ image_id: '', chains: [], ...w })) } : {}),
      chains: o.networks.filter((n) => n.chainNamespace === 'eip155').map((n) => n.caipNetworkId),
      namespace: 'eip155',
      ...(host.platform ? { platform: host.platform } : {}),
    },
  }),
  // Connect: the wallet list, in the wallet method's place; it arranges Connect's sections in the connect method order.
  entries: [{ slot: 'connect.methods', order: 0, component: 'connect/catalogue', export: 'ConnectWallets', method: 'wallet', flag: null }],
  register: (settings: { catalogue?: CatalogueOptions | undefined }) => catalogueFeature(settings.catalogue),
})
