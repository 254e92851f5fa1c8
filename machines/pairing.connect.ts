import type { SnapshotFrom } from 'xstate'
import { checkWalletLink, formatWalletLink, type WalletLink } from '../adapters/links.ts'
import type { connectionMachine } from './connection.ts'
import type { pairingMachine, PairingWallet } from './pairing.ts'

/**
 * ConnectingWalletConnect / ConnectingWalletConnectBasic as the UI shows them (spec §2, §5 links):
 * - `loading`: the provider loads or the relay is asked for a URI;
 * - `showing`: the URI is ready — a QR code and a copy button on desktop, the wallet's deep link on a phone;
 * - `connecting`: the wallet approved, the session is being read;
 * - `declined` (the visitor said no in the wallet) and `error` (relay, wallet or link failure), each with a retry;
 * - `connected`: done (the modal closes, or the sign-in check runs).
 */
export type PairingView = {
  /** The pairing machine is there; false while its module is fetched (see {@link connectPairing}). */
  loaded: boolean
  phase: 'idle' | 'loading' | 'showing' | 'connecting' | 'declined' | 'error' | 'connected'
  /** The pairing URI on show. */
  uri: string | undefined
  /** How many URIs were shown (1 + refreshes). */
  uris: number
  wallet: PairingWallet | undefined
  /** The wallet's app opened on the URI: its mobile link on a phone, else its desktop link. */
  appLink: WalletLink | undefined
  /** The wallet's web app (http(s) only). */
  webLink: string | undefined
  /** Why a wallet link was refused (never opened). */
  linkError: string | undefined
  errorMessage: string | undefined
}

/**
 * The pairing view model before the pairing machine arrived (it is fetched when WalletConnect is picked, issue 15 §1):
 * `loading` (ConnectingWalletConnect shows its "preparing" spinner), no URI, no wallet, no links.
 */
export const pairingNotLoaded: PairingView = {
  loaded: false,
  phase: 'loading',
  uri: undefined,
  uris: 0,
  wallet: undefined,
  appLink: undefined,
  webLink: undefined,
  linkError: undefined,
  errorMessage: undefined,
}

/**
 * Builds the pairing view model from the pairing and eip155 connection snapshots; a `pairing` of `undefined` (the
 * machine not spawned yet) gives {@link pairingNotLoaded}.
 * `isMobile` picks the wallet's mobile link (else its desktop link) for {@link PairingView.appLink}.
 * @example connectPairing(undefined, connection, { isMobile: false, walletConnectConnectorId: 'walletConnect' }).phase // 'loading'
 */
export function connectPairing(
  pairing: SnapshotFrom<typeof pairingMachine> | undefined,
  connection: SnapshotFrom<typeof connectionMachine>,
  { isMobile, walletConnectConnectorId }: { isMobile: boolean; walletConnectConnectorId: string },
): PairingView {
  if (!pairing) return pairingNotLoaded
  const { uri, wallet, uris, error } = pairing.context
  const viaRelay = connection.context.connectorId === walletConnectConnectorId
  let phase: PairingView['phase'] = 'idle'
  let errorMessage: string | undefined
  if (pairing.matches('loading') || pairing.matches({ proposing: 'requestingUri' })) phase = 'loading'
  else if (pairing.matches({ proposing: 'showingUri' })) phase = 'showing'
  else if (pairing.matches('rejected')) phase = 'declined'
  else if (pairing.matches('failed')) {
    phase = 'error'
    errorMessage = error?.message
  } else if (pairing.matches('approved')) {
    if (viaRelay && connection.hasTag('connected')) phase = 'connected'
    else if (viaRelay && connection.matches('failed')) {
      phase = 'error'
      errorMessage = connection.context.error?.message
    } else phase = 'connecting'
  }

  let appLink: WalletLink | undefined
  let linkError: string | undefined
  let webLink: string | undefined
  const appUrl = isMobile ? wallet?.mobile_link : wallet?.desktop_link
  if (appUrl && uri) {
    try {
      appLink = formatWalletLink({ appUrl, wcUri: uri, name: wallet!.name })
    } catch (e) {
      linkError = (e as Error & { shortMessage?: string }).shortMessage ?? (e as Error).message
    }
  }
  if (wallet?.webapp_link) {
    try {
      const checked = checkWalletLink(wallet.webapp_link)
      // A native web link is not a web app: not offered.
      if (checked.kind === 'universal') webLink = checked.href
    } catch (e) {
      // A refused web link is never rendered: the reason shows instead (one link policy, issue 14).
      linkError ??= (e as Error & { shortMessage?: string }).shortMessage ?? (e as Error).message
    }
  }
  return { loaded: true, phase, uri: phase === 'showing' ? uri : undefined, uris, wallet, appLink, webLink, linkError, errorMessage }
}
