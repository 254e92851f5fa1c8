import { describe, expect, test } from 'vitest'
import { connectPairing, phoneOs, walletConnectRow } from './pairing.connect.ts'
import type { PairingWallet } from './pairing.ts'

/**
 * The pairing view's links (spec §5 links): every link of the picked wallet goes through the one
 * link policy of adapters/links.ts; a refused one is never offered, its reason shows instead.
 */
const uri = `wc:${'7f'.repeat(32)}@2?relay-protocol=irn&symKey=${'a1'.repeat(32)}`
/** A pairing showing its URI for `wallet`, and an eip155 connection that is not the relay's yet. */
function view(
  wallet: PairingWallet | undefined,
  isMobile = false,
  { os, state = { proposing: 'showingUri' }, chromeExtensions, preferUniversalLinks }: { os?: 'ios' | 'android'; state?: unknown; chromeExtensions?: boolean; preferUniversalLinks?: boolean } = {},
) {
  const shown = JSON.stringify(state) === JSON.stringify({ proposing: 'showingUri' })
  const pairing = { context: { uri: shown ? uri : undefined, wallet, uris: shown ? 1 : 0, error: undefined }, matches: (v: unknown) => JSON.stringify(v) === JSON.stringify(state) }
  const connection = { context: { connectorId: undefined }, hasTag: () => false, matches: () => false }
  return connectPairing(pairing as never, connection as never, {
    isMobile,
    walletConnectConnectorId: 'walletConnect',
    ...(os ? { os } : {}),
    ...(chromeExtensions ? { chromeExtensions } : {}),
    ...(preferUniversalLinks !== undefined ? { preferUniversalLinks } : {}),
  })
}

describe('connectPairing links', () => {
  test('behavior: good links are offered: the app on the pairing, the web app', () => {
    const v = view({ id: 'w', name: 'W', desktop_link: 'wallet://', webapp_link: 'https://app.wallet.example/' })
    expect(v).toMatchObject({ phase: 'showing', appLink: { href: `wallet://wc?uri=${encodeURIComponent(uri)}`, kind: 'native' }, webLink: 'https://app.wallet.example/', linkError: undefined })
  })

  test.each(['https://u:p@evil.example/', 'https://wallet.example@evil.example/', 'javascript:alert(1)', 'https://app.wallet.example/\nx'])(
    'bad input: a web app link %j is not offered; the reason shows',
    (webapp_link) => {
      const v = view({ id: 'w', name: 'W', desktop_link: 'wallet://', webapp_link })
      expect(v.webLink).toBeUndefined()
      expect(v.linkError).toBe('Invalid wallet link')
      expect(v.appLink?.href.startsWith('wallet://wc?uri=')).toBe(true)
    },
  )

  test('bad input: a refused app link wins the message; a native web link is simply not a web app', () => {
    expect(view({ id: 'w', name: 'W', mobile_link: 'data:text/html,x', webapp_link: 'wallet://' }, true)).toMatchObject({ appLink: undefined, webLink: undefined, linkError: 'Invalid wallet link' })
    expect(view({ id: 'w', name: 'W', webapp_link: 'wallet://' })).toMatchObject({ webLink: undefined, linkError: undefined })
  })
})

describe('connectPairing before the pairing machine arrived', () => {
  test('behavior: no pairing snapshot: loading (the preparing spinner), no URI, no wallet, no links', () => {
    const connection = { context: { connectorId: undefined }, hasTag: () => false, matches: () => false }
    expect(connectPairing(undefined, connection as never, { isMobile: true, walletConnectConnectorId: 'walletConnect' })).toEqual({
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
    })
    expect(view({ id: 'w', name: 'W' }).loaded).toBe(true)
  })
})

/** A directory wallet as a phone gets it: a native mobile link and its store pages (dev/api/dataset.ts's shape). */
const phoneWallet = {
  id: 'mv',
  name: 'MetaVault',
  mobile_link: 'metavault://',
  app_store: 'https://apps.apple.com/app/id123',
  play_store: 'https://play.google.com/store/apps/details?id=com.metavault',
  homepage: 'https://metavault.example',
} as PairingWallet

describe('connectPairing on a phone (no QR-only route, the deep link from the tap)', () => {
  test('behavior: a phone never shows the QR code; a desktop shows it once the URI is ready', () => {
    expect(view(phoneWallet, true).showQr).toBe(false)
    expect(view(undefined, true).showQr).toBe(false)
    expect(view(phoneWallet, false).showQr).toBe(true)
    expect(view(phoneWallet, false, { state: { proposing: 'requestingUri' } }).showQr).toBe(false)
  })

  test('behavior: on a phone the picked wallet opens by its mobile link on the URI', () => {
    expect(view(phoneWallet, true).appLink).toEqual({ href: `metavault://wc?uri=${encodeURIComponent(uri)}`, kind: 'native', name: 'MetaVault' })
  })

  test('spec §9: no universal links by default: a wallet with a native mobile link and a universal link opens the native one; with the universal-links preference the universal one', () => {
    const both = { ...phoneWallet, link_mode: 'https://link.metavault.example/open' } as PairingWallet
    const encoded = encodeURIComponent(uri)
    expect(view(both, true).appLink).toEqual({ href: `metavault://wc?uri=${encoded}`, kind: 'native', name: 'MetaVault' })
    expect(view(both, true, { preferUniversalLinks: false }).appLink?.kind).toBe('native')
    expect(view(both, true, { preferUniversalLinks: true }).appLink).toEqual({ href: `https://link.metavault.example/open/wc?uri=${encoded}`, kind: 'universal', name: 'MetaVault' })
    // Preferred, but none to prefer (or not a web link): the mobile link.
    expect(view(phoneWallet, true, { preferUniversalLinks: true }).appLink?.kind).toBe('native')
    expect(view({ ...phoneWallet, link_mode: 'metavault://' } as PairingWallet, true, { preferUniversalLinks: true }).appLink?.href).toBe(`metavault://wc?uri=${encoded}`)
    // A desktop opens its desktop link whatever the preference.
    expect(view({ ...both, desktop_link: 'metavault-desktop://' } as PairingWallet, false, { preferUniversalLinks: true }).appLink?.kind).toBe('native')
  })

  test('behavior: until the URI is ready the Open button is disabled ("Preparing…"): no link to open late', () => {
    const preparing = view(phoneWallet, true, { state: { proposing: 'requestingUri' } })
    expect(preparing).toMatchObject({ phase: 'loading', appLink: undefined, preparingLink: true })
    expect(view(phoneWallet, true).preparingLink).toBe(false)
    // A desktop has its QR spinner, and a wallet without a mobile link nothing to prepare.
    expect(view(phoneWallet, false, { state: { proposing: 'requestingUri' } }).preparingLink).toBe(false)
    expect(view({ id: 'w', name: 'W' }, true, { state: { proposing: 'requestingUri' } }).preparingLink).toBe(false)
  })

  test('behavior: "Get the app" is the store page of the phone\'s system, else the homepage', () => {
    expect(view(phoneWallet, true, { os: 'ios' }).storeLink).toBe('https://apps.apple.com/app/id123')
    expect(view(phoneWallet, true, { os: 'android' }).storeLink).toBe('https://play.google.com/store/apps/details?id=com.metavault')
    expect(view(phoneWallet, true).storeLink).toBe('https://metavault.example/')
    expect(view({ ...phoneWallet, app_store: null } as PairingWallet, true, { os: 'ios' }).storeLink).toBe('https://metavault.example/')
    expect(view({ id: 'w', name: 'W', mobile_link: 'w://' }, true, { os: 'ios' }).storeLink).toBeUndefined()
  })

  test('behavior: on a desktop Chromium browser the wallet\'s extension page is offered (its "Get" route); not on a phone, not elsewhere', () => {
    const extension = { ...phoneWallet, chrome_store: 'https://chromewebstore.google.com/detail/metavault/abcdefghijklmnopabcdefghijklmnop' } as PairingWallet
    expect(view(extension, false, { chromeExtensions: true }).extensionLink).toBe('https://chromewebstore.google.com/detail/metavault/abcdefghijklmnopabcdefghijklmnop')
    expect(view(extension, false).extensionLink).toBeUndefined()
    expect(view(extension, true, { chromeExtensions: true }).extensionLink).toBeUndefined()
    expect(view(phoneWallet, false, { chromeExtensions: true }).extensionLink).toBeUndefined()
    expect(view({ ...extension, chrome_store: 'javascript:alert(1)' } as PairingWallet, false, { chromeExtensions: true }).extensionLink).toBeUndefined()
  })

  test('bad input: a store link that could run script is never offered', () => {
    const bad = { ...phoneWallet, app_store: 'javascript:alert(1)', homepage: 'https://u:p@evil.example/' } as PairingWallet
    expect(view(bad, true, { os: 'ios' }).storeLink).toBeUndefined()
  })

  test('behavior: phoneOs reads iOS and Android from the user agent', () => {
    expect(phoneOs('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148')).toBe('ios')
    expect(phoneOs('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36')).toBe('android')
    expect(phoneOs('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36')).toBeUndefined()
  })
})

describe('walletConnectRow (spec §2: on mobile manual WalletConnect opens AllWallets)', () => {
  test('behavior: a desktop pairs with the QR code, tagged "QR code"', () => {
    expect(walletConnectRow({ isMobile: false, allWalletsAvailable: true })).toEqual({ route: 'pairing', tag: 'qrCode' })
    expect(walletConnectRow({ isMobile: false, allWalletsAvailable: false })).toEqual({ route: 'pairing', tag: 'qrCode' })
  })

  test('behavior: a phone goes to All Wallets, untagged; without All Wallets the row is hidden', () => {
    expect(walletConnectRow({ isMobile: true, allWalletsAvailable: true })).toEqual({ route: 'allWallets', tag: undefined })
    expect(walletConnectRow({ isMobile: true, allWalletsAvailable: false })).toEqual({ route: 'hidden', tag: undefined })
  })
})
