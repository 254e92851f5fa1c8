import { checkWalletLink } from '../adapters/links.ts'
import type { CatalogueView, CatalogueWallet } from './catalogue.connect.ts'

/**
 * The view models of onboarding: Get a wallet (the directory's wallets with their store links) and the
 * legal checkbox of Connect and AllWallets (spec §9 "legal checkbox off" by default). Pure functions of what the
 * catalogue machine, the options and the legal machine hold; the views render them.
 */

/** The directory fields (`directory.yaml#/components/schemas/Wallet`) Get a wallet offers as links, in this order. */
export const storeLinkKinds = ['chrome_store', 'app_store', 'play_store', 'desktop_link', 'webapp_link', 'homepage'] as const
export type StoreLinkKind = (typeof storeLinkKinds)[number]

/** One link of a wallet in Get a wallet: which store, and the checked http(s) address. */
export type StoreLink = { kind: StoreLinkKind; href: string }

/** A row of Get a wallet. */
export type GetWalletRow = { id: string; name: string; imageUrl?: string | undefined; links: StoreLink[] }

/** How many wallets Get a wallet suggests at most. */
export const getWalletLimit = 6

/** Options of {@link storeLinks}. */
export type StoreLinksOptions = {
  /**
   * The visitor's browser can install Chrome Web Store extensions (a desktop Chromium: Chrome, Edge, Brave…): the
   * wallet's `chrome_store` page is offered, first. Default false: the link is left out.
   */
  chromeExtensions?: boolean
}

/**
 * A wallet's store links, in {@link storeLinkKinds} order (the Chrome Web Store only with `chromeExtensions`): only web addresses (http(s), checked by the wallet link policy
 * of `adapters/links.ts`: no credentials, no whitespace, no forbidden scheme), since each opens in a new tab; a native
 * scheme (`metavault-desktop://`) or a refused link is left out. The homepage is dropped when it repeats the web app.
 *
 * @example
 * storeLinks({ app_store: 'https://apps.apple.com/app/id1', play_store: null, homepage: 'javascript:alert(1)' })
 * // [{ kind: 'app_store', href: 'https://apps.apple.com/app/id1' }]
 */
export function storeLinks(wallet: Partial<Record<StoreLinkKind, string | null | undefined>>, options: StoreLinksOptions = {}): StoreLink[] {
  const links: StoreLink[] = []
  for (const kind of storeLinkKinds) {
    if (kind === 'chrome_store' && !options.chromeExtensions) continue
    const value = wallet[kind]
    if (!value) continue
    try {
      const link = checkWalletLink(value)
      if (link.kind !== 'universal') continue
      if (links.some((l) => l.href === link.href)) continue
      links.push({ kind, href: link.href })
    } catch {
      // A refused link is not offered.
    }
  }
  return links
}

/** What Get a wallet renders. */
export type GetWalletView = {
  /**
   * `loading`: the directory is on its way; `list`: wallets to suggest; `unavailable`: the directory failed (or none is
   * configured); `empty`: it answered with no wallet that has a link.
   */
  status: 'loading' | 'list' | 'unavailable' | 'empty'
  wallets: GetWalletRow[]
  /** WalletConnect's connector id when it is on: the way in that needs no install on this device (the help's action). */
  walletConnectId: string | undefined
}

export type ConnectGetWalletParameters = {
  /** The catalogue's view model (`connectCatalogue` with an empty query). */
  catalogue: Pick<CatalogueView, 'loaded' | 'isLoading' | 'loadFailed' | 'featured' | 'recommended' | 'custom'>
  /** The directory is configured (the `api.directoryUrl` option): without it the catalogue never loads. */
  hasDirectory: boolean
  walletConnectId?: string | undefined
  limit?: number
  /** The browser installs Chrome Web Store extensions (desktop Chromium): extension pages are offered ({@link storeLinks}). */
  chromeExtensions?: boolean
}

/**
 * Get a wallet's view model: the directory's featured, then the dapp's custom, then the recommended wallets
 * (deduplicated), each with its {@link storeLinks}; wallets with no link are left out; at most {@link getWalletLimit}.
 * No directory, a failed load or no wallet with a link gives a status the view answers with a line of help and the
 * WalletConnect route.
 *
 * @example
 * connectGetWallet({ catalogue: catalogueView, hasDirectory: true, walletConnectId: 'walletConnect' }).status // 'list'
 */
export function connectGetWallet({ catalogue, hasDirectory, walletConnectId, limit = getWalletLimit, chromeExtensions = false }: ConnectGetWalletParameters): GetWalletView {
  const base = { walletConnectId }
  if (!hasDirectory || catalogue.loadFailed) return { ...base, status: 'unavailable', wallets: [] }
  if (!catalogue.loaded || catalogue.isLoading) return { ...base, status: 'loading', wallets: [] }
  const seen = new Set<string>()
  const wallets: GetWalletRow[] = []
  const candidates: CatalogueWallet[] = [...catalogue.featured, ...catalogue.custom, ...catalogue.recommended]
  for (const wallet of candidates) {
    if (wallets.length >= limit) break
    if (seen.has(wallet.id)) continue
    seen.add(wallet.id)
    const links = storeLinks(wallet, { chromeExtensions })
    if (links.length === 0) continue
    wallets.push({ id: wallet.id, name: wallet.name, imageUrl: wallet.imageUrl, links })
  }
  return { ...base, status: wallets.length > 0 ? 'list' : 'empty', wallets }
}

/** What the legal checkbox of Connect and AllWallets renders. */
export type LegalView = {
  /** The checkbox is shown (the `legalCheckbox` feature on). */
  shown: boolean
  /** The visitor ticked it (always true when it is not shown). */
  accepted: boolean
  /** Wallet rows can be chosen: the feature off, or the box ticked. */
  walletsEnabled: boolean
  /** The `termsConditionsUrl` and `privacyPolicyUrl` options: each is a link when set, plain words otherwise. */
  termsUrl: string | undefined
  privacyUrl: string | undefined
}

export type ConnectLegalParameters = {
  /** The resolved `legalCheckbox` feature (spec §9: off by default). */
  enabled: boolean
  /** The legal machine is in `accepted`. */
  accepted: boolean
  termsUrl?: string | undefined
  privacyUrl?: string | undefined
}

/**
 * The legal checkbox's view model: with the feature on, wallet rows stay disabled until the visitor ticks
 * the box; with it off there is no box and nothing is disabled.
 * @example connectLegal({ enabled: true, accepted: false }).walletsEnabled // false
 */
export function connectLegal({ enabled, accepted, termsUrl, privacyUrl }: ConnectLegalParameters): LegalView {
  return { shown: enabled, accepted: enabled ? accepted : true, walletsEnabled: !enabled || accepted, termsUrl, privacyUrl }
}
