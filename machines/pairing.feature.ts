import type { FeatureRegistration } from './features.ts'
import type { PairingInput } from './pairing.ts'
import { defineFeature } from './features.ts'
import type { pairingMachine } from './pairing.ts'
import type { PairingModalOptions } from './pairing.options.ts'

/**
 * WalletConnect's pairing (spec §4 "Wallet pairing", §2 ConnectingWalletConnect / ConnectingWalletConnectBasic) as a
 * feature: exists when WalletConnect is configured, claims its connector in Connect (a pairing instead of
 * ConnectingExternal), holds the two QR views (shown as connecting). Its machine does the rest in its own chart
 * (`machines/pairing.ts`): the pick (`root.select`), `open({ view })` of a QR view, Back and the modal closing, the
 * QR view pushed, and the session the wallet approved connected through the active connection (no second prompt).
 *
 * @param options.connectorId WalletConnect's connector id; undefined when WalletConnect is off.
 */
export function pairingFeature(options: { connectorId: string | undefined }): FeatureRegistration {
  return {
    id: 'pairing',
    available: () => options.connectorId !== undefined,
    // Spawned with the active namespace's connection (later ones arrive as `root.account`) and the connector it connects.
    input: (facts): PairingInput => ({ connection: facts.connection, connectorId: options.connectorId }),
    connecting: true,
    claims: (connectorId) => connectorId === options.connectorId,
    opensWith: 'always',
  }
}

/** WalletConnect: pairing a mobile wallet over the relay, its QR code and links (spec §2, §7 relay). */
export const pairingManifest = defineFeature<typeof pairingMachine, never, PairingModalOptions>()({
  id: 'pairing',
  views: {
    ConnectingWalletConnect: { next: ['SIWXSignMessage'] },
    ConnectingWalletConnectBasic: { component: 'ConnectingWalletConnect', next: ['SIWXSignMessage'] },
  },
  holdsViews: true,
  optionDefaults: { preferUniversalLinks: false },
  // `preferUniversalLinks`, read by the QR view's links (`ui/hooks/pairing.ts`).
  register: (settings: { walletConnectConnectorId?: string | undefined }) => pairingFeature({ connectorId: settings.walletConnectConnectorId }),
})
