import type { DevWallet } from './provider.ts'

/** EIP-6963 provider info (the `info` of an `eip6963:announceProvider` event). */
export type DevWalletInfo = {
  /** UUIDv4, unique per page session. */
  uuid: string
  name: string
  /** A data URI (RFC 2397) of a square image. */
  icon: string
  /** Reverse-DNS id of the wallet, e.g. 'dev.latchkey.wallet'. */
  rdns: string
}

/** Options of {@link announceDevWallet}. Every field is optional. */
export type AnnounceOptions = Partial<DevWalletInfo> & {
  /** Also set `target.ethereum` to the wallet (legacy injection; restored on unsubscribe). Default false. */
  injectWindowEthereum?: boolean
}

/** The dev wallet's mark (96×96 SVG): a golden key on navy; the reference directory serves it as the wallet's image. */
export const devWalletIconSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">' +
  '<rect width="96" height="96" rx="22" fill="#17233b"/>' +
  '<circle cx="34" cy="48" r="15" fill="none" stroke="#f2b84b" stroke-width="8"/>' +
  '<path d="M49 48h31M70 48v13M80 48v9" fill="none" stroke="#f2b84b" stroke-width="8" stroke-linecap="round"/>' +
  '<circle cx="34" cy="48" r="4" fill="#6fd3c1"/>' +
  '</svg>'

/** The dev wallet's default icon: a golden key on navy, as an SVG data URI (96×96). */
export const devWalletIcon = `data:image/svg+xml,${encodeURIComponent(devWalletIconSvg)}`

/**
 * Announces a {@link DevWallet} to the page the EIP-6963 way: dispatches an `eip6963:announceProvider`
 * CustomEvent (frozen `detail: { info: { uuid, name, icon, rdns }, provider }`) on `target` now, and
 * again on every `eip6963:requestProvider` event.
 *
 * @param wallet the provider to announce.
 * @param options info overrides (defaults: name 'Latchkey Dev Wallet', rdns 'dev.latchkey.wallet',
 *   {@link devWalletIcon}, a fresh UUID) and `injectWindowEthereum`.
 * @param target where events are dispatched and listened for; default `window`.
 * @returns a function that stops re-announcing, undoes `window.ethereum` injection and abandons the wallet's node
 *   requests still in flight (`DevWallet.abandonNodeRequests`).
 */
export function announceDevWallet(wallet: DevWallet, options: AnnounceOptions = {}, target: EventTarget = window): () => void {
  const info: DevWalletInfo = Object.freeze({
    uuid: options.uuid ?? randomUuid(),
    name: options.name ?? 'Latchkey Dev Wallet',
    icon: options.icon ?? devWalletIcon,
    rdns: options.rdns ?? 'dev.latchkey.wallet',
  })
  const detail = Object.freeze({ info, provider: wallet })
  const announce = (): void => {
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  }

  const host = target as EventTarget & { ethereum?: unknown }
  const hadEthereum = 'ethereum' in host
  const previousEthereum = host.ethereum
  if (options.injectWindowEthereum) host.ethereum = wallet

  target.addEventListener('eip6963:requestProvider', announce)
  announce()

  return () => {
    target.removeEventListener('eip6963:requestProvider', announce)
    // Gone from the page: what it still waits for from the node is abandoned (nothing left in flight after it).
    void wallet.abandonNodeRequests()
    if (options.injectWindowEthereum && host.ethereum === wallet) {
      if (hadEthereum) host.ethereum = previousEthereum
      else delete host.ethereum
    }
  }
}

/** `crypto.randomUUID()`, with a fallback for insecure contexts (plain http on a LAN address). */
function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * The development mobile wallet's mark (96×96 SVG, demo/mobile-wallet.html): the dev wallet's golden key inside a phone's
 * outline on navy, so the catalogue's "Latchkey Mobile (dev)" is told from the browser dev wallet at a glance.
 */
export const devMobileWalletIconSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">' +
  '<rect width="96" height="96" rx="22" fill="#17233b"/>' +
  '<rect x="27" y="12" width="42" height="72" rx="9" fill="none" stroke="#6fd3c1" stroke-width="5"/>' +
  '<circle cx="48" cy="36" r="9" fill="none" stroke="#f2b84b" stroke-width="6"/>' +
  '<path d="M48 45v22M48 58h8M48 66h6" fill="none" stroke="#f2b84b" stroke-width="6" stroke-linecap="round"/>' +
  '</svg>'

/** {@link devMobileWalletIconSvg} as an SVG data URI, for a catalogue entry's `imageUrl`. */
export const devMobileWalletIcon = `data:image/svg+xml,${encodeURIComponent(devMobileWalletIconSvg)}`
