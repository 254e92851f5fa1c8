import { describe, expect, test } from 'vitest'
import { createActor } from 'xstate'
import { catalogueNotLoaded, type CatalogueView, type CatalogueWallet } from './catalogue.connect.ts'
import { legalMachine } from './legal.ts'
import { connectGetWallet, connectLegal, getWalletLimit, storeLinks } from './onboarding.connect.ts'

const wallet = (id: string, links: Partial<CatalogueWallet> = {}): CatalogueWallet => ({
  id,
  name: `Wallet ${id}`,
  image_id: `img-${id}`,
  chains: ['eip155:1'],
  rdns: null,
  homepage: null,
  mobile_link: null,
  desktop_link: null,
  webapp_link: null,
  app_store: null,
  play_store: null,
  ...links,
})

const ready = (lists: Partial<Pick<CatalogueView, 'featured' | 'custom' | 'recommended'>>): CatalogueView => ({
  ...catalogueNotLoaded(),
  loaded: true,
  isLoading: false,
  featured: [],
  custom: [],
  recommended: [],
  ...lists,
})

describe('storeLinks', () => {
  test('behavior: the store links a directory entry carries, in store order (App Store, Google Play, desktop, web app, website)', () => {
    const links = storeLinks({
      homepage: 'https://metavault.example',
      webapp_link: 'https://app.metavault.example',
      play_store: 'https://play.google.com/store/apps/details?id=com.metavault',
      app_store: 'https://apps.apple.com/app/id123',
    })
    expect(links).toEqual([
      { kind: 'app_store', href: 'https://apps.apple.com/app/id123' },
      { kind: 'play_store', href: 'https://play.google.com/store/apps/details?id=com.metavault' },
      { kind: 'webapp_link', href: 'https://app.metavault.example/' },
      { kind: 'homepage', href: 'https://metavault.example/' },
    ])
  })

  test('bad input: a native scheme, a forbidden scheme, credentials before the host and whitespace are never offered', () => {
    expect(
      storeLinks({
        desktop_link: 'metavault-desktop://',
        app_store: 'javascript:alert(1)',
        play_store: 'https://play.google.com@evil.example/',
        homepage: 'https://metavault.example/ x',
      }),
    ).toEqual([])
  })

  test("behavior: on a desktop Chromium browser the extension's Chrome Web Store page comes first; elsewhere it is not offered", () => {
    const entry = {
      chrome_store: 'https://chromewebstore.google.com/detail/metavault/abcdefghijklmnopabcdefghijklmnop',
      app_store: 'https://apps.apple.com/app/id123',
    }
    expect(storeLinks(entry, { chromeExtensions: true })).toEqual([
      { kind: 'chrome_store', href: 'https://chromewebstore.google.com/detail/metavault/abcdefghijklmnopabcdefghijklmnop' },
      { kind: 'app_store', href: 'https://apps.apple.com/app/id123' },
    ])
    expect(storeLinks(entry)).toEqual([{ kind: 'app_store', href: 'https://apps.apple.com/app/id123' }])
    // A wallet whose only link is its extension is suggested on desktop Chromium only.
    const onlyExtension = ready({ recommended: [wallet('x', { chrome_store: entry.chrome_store })] })
    expect(connectGetWallet({ catalogue: onlyExtension, hasDirectory: true, chromeExtensions: true }).wallets.map((w) => w.links.map((l) => l.kind))).toEqual([['chrome_store']])
    expect(connectGetWallet({ catalogue: onlyExtension, hasDirectory: true }).status).toBe('empty')
  })

  test('bad input: a Chrome Web Store link with a forbidden scheme is not offered', () => {
    expect(storeLinks({ chrome_store: 'javascript:alert(1)' }, { chromeExtensions: true })).toEqual([])
  })

  test('behavior: a homepage equal to the web app is offered once', () => {
    expect(storeLinks({ webapp_link: 'https://app.example/', homepage: 'https://app.example' })).toEqual([{ kind: 'webapp_link', href: 'https://app.example/' }])
  })
})

describe('connectGetWallet', () => {
  test('behavior: featured, custom then recommended wallets, deduplicated, each with its links; wallets without a link left out', () => {
    const view = connectGetWallet({
      catalogue: ready({
        featured: [wallet('a', { app_store: 'https://apps.apple.com/app/id1' })],
        custom: [wallet('c', { homepage: 'https://c.example' })],
        recommended: [wallet('a', { app_store: 'https://apps.apple.com/app/id1' }), wallet('none'), wallet('r', { play_store: 'https://play.google.com/store/apps/details?id=r' })],
      }),
      hasDirectory: true,
      walletConnectId: 'walletConnect',
    })
    expect(view.status).toBe('list')
    expect(view.wallets.map((w) => [w.id, w.links.map((l) => l.kind)])).toEqual([
      ['a', ['app_store']],
      ['c', ['homepage']],
      ['r', ['play_store']],
    ])
  })

  test(`behavior: at most ${getWalletLimit} wallets are suggested`, () => {
    const many = Array.from({ length: 10 }, (_, i) => wallet(String(i), { homepage: `https://w${i}.example` }))
    expect(connectGetWallet({ catalogue: ready({ recommended: many }), hasDirectory: true }).wallets).toHaveLength(getWalletLimit)
  })

  test('behavior: loading while the directory is on its way', () => {
    expect(connectGetWallet({ catalogue: catalogueNotLoaded(), hasDirectory: true }).status).toBe('loading')
  })

  test('failure: a failed directory load or no directory configured is "unavailable", with the WalletConnect route when it is on', () => {
    const failed = { ...ready({}), loadFailed: true }
    expect(connectGetWallet({ catalogue: failed, hasDirectory: true, walletConnectId: 'walletConnect' })).toEqual({ status: 'unavailable', wallets: [], walletConnectId: 'walletConnect' })
    expect(connectGetWallet({ catalogue: catalogueNotLoaded(), hasDirectory: false, walletConnectId: undefined })).toEqual({ status: 'unavailable', wallets: [], walletConnectId: undefined })
  })

  test('behavior: a directory with no wallet that has a link is "empty"', () => {
    expect(connectGetWallet({ catalogue: ready({ recommended: [wallet('none')] }), hasDirectory: true }).status).toBe('empty')
  })
})

describe('connectLegal and the legal machine', () => {
  test('behavior: off by default in effect: no checkbox, every wallet enabled', () => {
    expect(connectLegal({ enabled: false, accepted: false })).toMatchObject({ shown: false, walletsEnabled: true })
  })

  test('behavior: on, wallets are disabled until the box is ticked; unticking disables them again', () => {
    const legal = createActor(legalMachine).start()
    const view = () => connectLegal({ enabled: true, accepted: legal.getSnapshot().matches('accepted'), termsUrl: 'https://dapp.example/terms' })
    expect(view()).toMatchObject({ shown: true, accepted: false, walletsEnabled: false, termsUrl: 'https://dapp.example/terms', privacyUrl: undefined })
    legal.send({ type: 'legal.accept' })
    expect(view()).toMatchObject({ accepted: true, walletsEnabled: true })
    legal.send({ type: 'legal.withdraw' })
    expect(view().walletsEnabled).toBe(false)
  })
})
