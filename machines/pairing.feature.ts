import { to, type CommandEvent, type FeatureRegistration } from './features.ts'
import type { PairingEmitted } from './pairing.ts'
import { defineFeature } from './features.ts'
import type { pairingMachine } from './pairing.ts'

/**
 * WalletConnect's pairing (spec §4 "Wallet pairing", §2 ConnectingWalletConnect / ConnectingWalletConnectBasic) as a
 * feature: exists when WalletConnect is configured, claims its connector in Connect (a pairing instead of
 * ConnectingExternal), holds the two QR views (shown as connecting), and connects the session the wallet approved
 * through the active connection (no second prompt).
 *
 * @param options.connectorId WalletConnect's connector id; undefined when WalletConnect is off.
 */
export function pairingFeature(options: { connectorId: string | undefined }): FeatureRegistration {
  const start = (event: CommandEvent = { type: 'pairing.start' }) => to.self(event, true)
  return {
    id: 'pairing',
    available: () => options.connectorId !== undefined,
    connecting: true,
    claims: (connectorId) => connectorId === options.connectorId,
    on: {
      // The WalletConnect row: its QR code.
      select: () => [to.router({ type: 'router.push', view: 'ConnectingWalletConnect' }), start()],
      // Opened on a QR view (the manual-WalletConnect option, `open({ view })`): the pairing starts.
      open: () => [start()],
      back: () => [to.self({ type: 'pairing.cancel' })],
      closed: () => [to.self({ type: 'pairing.cancel' })],
      gesture: (_facts, event) => {
        // A directory or custom wallet (not installed) picked: WalletConnect with that wallet's links (spec §2).
        if (event.type === 'pairing.start') {
          const wallet = event.wallet
          const walletId = typeof wallet === 'object' && wallet !== null && 'id' in wallet ? wallet.id : undefined
          return [to.router({ type: 'router.push', view: 'ConnectingWalletConnect', ...(typeof walletId === 'string' ? { data: { walletId } } : {}) }), start(event)]
        }
        // "Try again": a connection request left from the last approval is dropped first.
        if (event.type === 'pairing.retry') return [to.connection({ type: 'connection.cancel' }), to.self(event)]
        return [to.self(event, true)]
      },
      emitted: (_facts, event: PairingEmitted) => {
        // The wallet approved: the active connection reads the session (no second prompt).
        if (event.type === 'pairing.approved') return [to.connection({ type: 'connection.request', connectorId: options.connectorId ?? 'walletConnect' })]
        if (event.type === 'pairing.failed') return [to.root({ type: 'feature.reportError', error: event.error })]
        return []
      },
    },
  }
}

/** WalletConnect: pairing a mobile wallet over the relay, its QR code and links (spec §2, §7 relay). */
export const pairingManifest = defineFeature<typeof pairingMachine>()({
  id: 'pairing',
  views: {
    ConnectingWalletConnect: { next: ['SIWXSignMessage'] },
    ConnectingWalletConnectBasic: { component: 'ConnectingWalletConnect', next: ['SIWXSignMessage'] },
  },
  holdsViews: true,
  register: (settings: { walletConnectConnectorId?: string | undefined }) => pairingFeature({ connectorId: settings.walletConnectConnectorId }),
})
