import type { ErrorSummary } from '../adapters/errors.ts'
import type { SnapshotFrom } from 'xstate'
import { checkWalletLink, formatWalletLink, phoneWalletLink, type WalletLink } from '../adapters/links.ts'
import type { connectionMachine } from './connection.ts'
import type { pairingMachine, PairingWallet } from './pairing.ts'

/** The phone's operating system, for a wallet's store page ("Get the app"); undefined on anything else. */
export type PhoneOs = 'ios' | 'android' | undefined

/**
 * The phone's operating system from a user agent string: iOS (iPhone, iPad, iPod) or Android, else undefined.
 * @example phoneOs('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) …') // 'ios'
 */
export function phoneOs(userAgent: string): PhoneOs {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios'
  if (/Android/i.test(userAgent)) return 'android'
  return undefined
}

/** Where Connect's WalletConnect row leads, and its tag (see {@link walletConnectRow}). */
export type WalletConnectRow = { route: 'pairing' | 'allWallets' | 'hidden'; tag: 'qrCode' | undefined }

/**
 * Connect's WalletConnect row by device (spec §2 "It opens on AllWallets on mobile … when the manual-WalletConnect
 * option is on": no QR-only route on a phone):
 * - desktop: the pairing (its QR code, for the phone's camera), tagged "QR code";
 * - phone: All Wallets, untagged — each wallet there opens by its deep link, the QR code for another device is useless;
 * - phone without All Wallets (the feature off, or the directory cannot connect on the active namespace): hidden, since
 *   the row could only lead to a QR code.
 * @example walletConnectRow({ isMobile: true, allWalletsAvailable: true }) // { route: 'allWallets', tag: undefined }
 */
export function walletConnectRow({ isMobile, allWalletsAvailable }: { isMobile: boolean; allWalletsAvailable: boolean }): WalletConnectRow {
  if (!isMobile) return { route: 'pairing', tag: 'qrCode' }
  return allWalletsAvailable ? { route: 'allWallets', tag: undefined } : { route: 'hidden', tag: undefined }
}

/**
 * ConnectingWalletConnect / ConnectingWalletConnectBasic as the UI shows them (spec §2, §5 links):
 * - `loading`: the provider loads or the relay is asked for a URI;
 * - `showing`: the URI is ready — a QR code and a copy button on desktop; on a phone the wallet's deep link ("Continue
 *   in …", an Open button) and never a QR code, or, without a wallet, the link to copy;
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
  /** The failure of the `error` phase (the view words it by its name or code: `ui/errorSentence.ts`). */
  error: ErrorSummary | undefined
  /** The QR code shows: on a desktop once the URI is ready; never on a phone (it is for another device's camera). */
  showQr: boolean
  /**
   * Phone, a wallet with a mobile link picked, the URI not ready yet: the Open button is there but disabled
   * ("Preparing…"), so the link is never opened late, outside the tap.
   */
  preparingLink: boolean
  /**
   * "Get the app" (phone fallback when the deep link opened nothing): the wallet's store page for the phone's system
   * (`app_store` on iOS, `play_store` on Android), else its `homepage`; http(s) links only, through the one link policy.
   */
  storeLink: string | undefined
  /**
   * The wallet's "Get" route on a desktop Chromium browser: its Chrome Web Store page (`chrome_store`),
   * http(s) only; undefined on a phone, in other browsers, or without one.
   */
  extensionLink: string | undefined
}

/** Why a wallet link was refused: the error's short message (a BaseError's), else its message. */
function reasonOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  if ('shortMessage' in error && typeof error.shortMessage === 'string') return error.shortMessage
  return 'message' in error && typeof error.message === 'string' ? error.message : undefined
}

/** The first of `links` that is an http(s) link the link policy accepts; refused or native ones are skipped. */
function firstWebLink(links: readonly (string | null | undefined)[]): string | undefined {
  for (const link of links) {
    if (!link) continue
    try {
      const checked = checkWalletLink(link)
      if (checked.kind === 'universal') return checked.href
    } catch {
      // A refused store link is simply not offered.
    }
  }
  return undefined
}

/**
 * The pairing view model before the pairing machine arrived (it is fetched when WalletConnect is picked):
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
  error: undefined,
  showQr: false,
  preparingLink: false,
  storeLink: undefined,
  extensionLink: undefined,
}

/**
 * Builds the pairing view model from the pairing and eip155 connection snapshots; a `pairing` of `undefined` (the
 * machine not spawned yet) gives {@link pairingNotLoaded}.
 * `isMobile` picks the wallet's mobile link (else its desktop link) for {@link PairingView.appLink}, hides the QR code and
 * gives the phone's fields ({@link PairingView.preparingLink}); `os` picks the store page of {@link PairingView.storeLink};
 * `chromeExtensions` (a desktop Chromium browser) offers the wallet's extension page ({@link PairingView.extensionLink}).
 * `preferUniversalLinks` (spec §9, off by default) opens a wallet's universal `link_mode` on a phone instead of its
 * `mobile_link`.
 * @example connectPairing(undefined, connection, { isMobile: false, walletConnectConnectorId: 'walletConnect' }).phase // 'loading'
 */
export function connectPairing(
  pairing: SnapshotFrom<typeof pairingMachine> | undefined,
  connection: SnapshotFrom<typeof connectionMachine>,
  {
    isMobile,
    walletConnectConnectorId,
    os,
    chromeExtensions = false,
    preferUniversalLinks = false,
  }: { isMobile: boolean; walletConnectConnectorId: string; os?: PhoneOs; chromeExtensions?: boolean; preferUniversalLinks?: boolean },
): PairingView {
  if (!pairing) {
    // The wallet is not known yet: on a phone the view shows its "preparing" state, never a QR code.
    return pairingNotLoaded
  }
  const { uri, wallet, uris, error } = pairing.context
  const viaRelay = connection.context.connectorId === walletConnectConnectorId
  let phase: PairingView['phase'] = 'idle'
  let failure: ErrorSummary | undefined
  if (pairing.matches('loading') || pairing.matches({ proposing: 'requestingUri' })) phase = 'loading'
  else if (pairing.matches({ proposing: 'showingUri' })) phase = 'showing'
  else if (pairing.matches('rejected')) phase = 'declined'
  else if (pairing.matches('failed')) {
    phase = 'error'
    failure = error
  } else if (pairing.matches('approved')) {
    if (viaRelay && connection.hasTag('connected')) phase = 'connected'
    else if (viaRelay && connection.matches('failed')) {
      phase = 'error'
      failure = connection.context.error
    } else phase = 'connecting'
  }

  let appLink: WalletLink | undefined
  let linkError: string | undefined
  let webLink: string | undefined
  // On a phone the native deep link, or the wallet's universal link with the universal-links preference (spec §9).
  const appUrl = isMobile ? (wallet ? phoneWalletLink({ ...wallet, preferUniversalLinks }) : undefined) : wallet?.desktop_link
  if (appUrl && uri) {
    try {
      appLink = formatWalletLink({ appUrl, wcUri: uri, name: wallet!.name })
    } catch (e) {
      linkError = reasonOf(e)
    }
  }
  if (wallet?.webapp_link) {
    try {
      const checked = checkWalletLink(wallet.webapp_link)
      // A native web link is not a web app: not offered.
      if (checked.kind === 'universal') webLink = checked.href
    } catch (e) {
      // A refused web link is never rendered: the reason shows instead (one link policy).
      linkError ??= reasonOf(e)
    }
  }
  const stores = wallet
  const storeLink = stores ? firstWebLink(os === 'ios' ? [stores.app_store, stores.homepage] : os === 'android' ? [stores.play_store, stores.homepage] : [stores.homepage]) : undefined
  return {
    loaded: true,
    phase,
    uri: phase === 'showing' ? uri : undefined,
    uris,
    wallet,
    appLink,
    webLink,
    linkError,
    error: failure,
    showQr: !isMobile && phase === 'showing',
    preparingLink: isMobile && phase === 'loading' && Boolean(wallet?.mobile_link),
    storeLink,
    extensionLink: stores && !isMobile && chromeExtensions ? firstWebLink([stores.chrome_store]) : undefined,
  }
}
