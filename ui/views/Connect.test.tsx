// @vitest-environment happy-dom
import { fireEvent, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, inject, test, vi } from 'vitest'
import { mainnet } from '../../adapters/networks.ts'
import { renderApp, toastText, WALLET_NAME, type App } from '../../tests/model/app.tsx'
import { en } from '../locales/en.ts'
import { TestFailure } from '../../tests/harness/failures.ts'

/**
 * Connect with the catalogue: the All Wallets entry's count (defect 11) and the catalogue rows' links when
 * WalletConnect is off (defect 5). The real modal, dev wallet and reference directory (`dev/api`), WalletConnect off
 * (the harness's own adapter); a directory answer is the test's where a hostile one is needed.
 */
let app: App | undefined
afterEach(async () => {
  vi.restoreAllMocks()
  await app?.dispose()
  app = undefined
})

const WALLETS = 'api:/directory/getWallets'
/** A catalogue page waits for its first images, up to `imagePreloadTimeout` (2 s, spec §9), before it shows. */
const directoryWait = { timeout: 5000 }
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
const row = (wallet: Record<string, unknown>) => ({
  name: 'x',
  image_id: 'img',
  rdns: null,
  homepage: null,
  mobile_link: null,
  desktop_link: null,
  webapp_link: null,
  app_store: null,
  play_store: null,
  chains: ['eip155:31337'],
  badge_type: 'none',
  ...wallet,
})

/** The All Wallets entry of Connect, once its tag reads `expected` (or matches it). */
async function allWalletsTag(a: App, expected: string | RegExp): Promise<string> {
  let text = ''
  await waitFor(() => {
    const entry = within(a.dialog()!).getByRole('button', { name: en.allWallets })
    text = entry.querySelector('.lk-tag')?.textContent ?? ''
    expect(text).toMatch(typeof expected === 'string' ? new RegExp(`^${expected.replace('+', '\\+')}$`) : expected)
  }, directoryWait)
  return text
}

/** The catalogue machine's snapshot: undefined until Connect's first load has fetched and spawned it. */
const catalogueOf = (a: App) => a.modal.actor.getSnapshot().context.features.catalogue?.getSnapshot()

/** The catalogue's first load has answered (the directory's wallets are in, not only the installed ones). */
const loaded = (a: App) => catalogueOf(a)?.matches({ list: 'ready' }) ?? false
const waitLoaded = (a: App) => waitFor(() => expect(loaded(a)).toBe(true), directoryWait)

/** Answers every getWallets call held so far (and those that come while `until` does not hold) with `page`. */
async function answerWallets(a: App, page: unknown, until: () => boolean) {
  await waitFor(async () => {
    while (a.gates.waiting(WALLETS)) await a.gates.answer(WALLETS, json(page))
    await a.settle()
    if (!until()) throw new TestFailure('not yet')
  }, directoryWait)
}

/** Connect's row of the wallet named `name`. */
async function rowOf(a: App, name: string): Promise<HTMLElement> {
  let el: HTMLElement | undefined
  await waitFor(() => {
    el = within(a.dialog()!).getByRole('button', { name })
  })
  return el!
}

describe('the All Wallets entry counts what All Wallets lists (defect 11)', () => {
  test("behavior: 1–9 wallets for the configured chains show their exact number, never '0+'", async () => {
    // The reference directory has one wallet for the two dev chains: the dev wallet, which is also installed (shown once).
    app = await renderApp({ directory: true })
    await app.ensureOpen()
    await waitLoaded(app)
    expect(catalogueOf(app)!.context.count).toBe(1)
    expect(await allWalletsTag(app, '1')).toBe('1')
    await app.clickInDialog('button', en.allWallets)
    await waitFor(() => expect(within(app!.dialog()!).getAllByRole('listitem')).toHaveLength(1))
  })

  test('behavior: the installed wallet plus custom wallets, the directory failing: their exact number', async () => {
    app = await renderApp({
      directory: true,
      hold: [WALLETS],
      customWallets: [
        { id: 'a', name: 'Custom A', homepage: 'https://a.example' },
        { id: 'b', name: 'Custom B' },
      ],
    })
    await app.ensureOpen()
    await waitFor(async () => {
      while (app!.gates.waiting(WALLETS)) await app!.gates.fail(WALLETS, new TypeError('Failed to fetch'))
      await app!.settle()
      expect(catalogueOf(app!)?.matches({ list: 'failed' })).toBe(true)
    })
    expect(await allWalletsTag(app, '3')).toBe('3')
  })

  test("behavior: nothing installed and nothing in the directory: '0', also with WalletConnect listed (it is not a wallet)", async () => {
    app = await renderApp({ announce: false })
    await app.ensureOpen()
    expect(await allWalletsTag(app, '0')).toBe('0')
    await app.dispose()
    app = await renderApp({ announce: false, walletConnect: { relayUrl: inject('relayUrl') } })
    await app.ensureOpen()
    await rowOf(app, 'WalletConnect')
    expect(await allWalletsTag(app, '0')).toBe('0')
  })

  test("behavior: nine wallets show '9', ten '10+' (directory answers of the test)", async () => {
    for (const [n, expected] of [
      [8, '9'],
      [9, '10+'],
      [19, '20+'],
    ] as const) {
      app = await renderApp({ directory: true, hold: [WALLETS] })
      await app.ensureOpen()
      const page = { data: Array.from({ length: n }, (_, i) => row({ id: `w${i}`, name: `Wallet ${i}` })), count: n }
      await answerWallets(app, page, () => loaded(app!))
      // n directory wallets and the installed dev wallet.
      expect(await allWalletsTag(app, expected), `${n} + 1`).toBe(expected)
      await app.dispose()
      app = undefined
    }
  })

  test("behavior: hundreds of wallets are rounded down to the ten: 'N0+'", async () => {
    app = await renderApp({ directory: true, extraNetworks: [mainnet] })
    await app.ensureOpen()
    await waitLoaded(app)
    const tag = await allWalletsTag(app, /^[1-9][0-9]*0\+$/)
    const { count } = catalogueOf(app)!.context
    expect(Number(tag.slice(0, -1))).toBeGreaterThanOrEqual(Math.floor(count / 10) * 10)
  })
})

describe('catalogue rows with WalletConnect off open links only through the link policy (defect 5)', () => {
  test.each([
    ['a look-alike homepage (credentials before the host)', { homepage: 'https://wallet.example@evil.example/' }],
    ['a web app link with user:password', { webapp_link: 'https://u:p@evil.example/' }],
    ['a javascript: homepage', { homepage: 'javascript:alert(document.domain)' }],
    ['a data: desktop link', { desktop_link: 'data:text/html,<script>alert(1)</script>' }],
    ['a good homepage and a hostile mobile link', { homepage: 'https://wallet.example/', mobile_link: 'javascript:alert(1)//' }],
    ['a homepage with a newline', { homepage: 'https://wallet.example/\njavascript:alert(1)' }],
    ['a homepage with a backslash', { homepage: 'https:\\\\evil.example' }],
  ])('bad input: a custom wallet with %s is a disabled row that opens nothing and says why', async (_, links) => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    app = await renderApp({ customWallets: [{ id: 'hostile', name: 'Hostile Wallet', ...links }] })
    await app.ensureOpen()
    const el = await rowOf(app, 'Hostile Wallet')
    expect(el.getAttribute('aria-disabled')).toBe('true')
    expect(el.textContent).toContain(en.linkRefusedTag)
    expect(app.dialog()!.querySelector('a[href*="evil"], a[href^="javascript"], a[href^="data"]')).toBeNull()
    fireEvent.click(el)
    await app.settle()
    expect(open).not.toHaveBeenCalled()
    await waitFor(() => expect(toastText()).toContain(en.errors.byName.InvalidWalletLinkError))
  })

  test('bad input: a directory wallet whose webapp_link carries credentials opens nothing', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    app = await renderApp({ directory: true, hold: [WALLETS] })
    await app.ensureOpen()
    const page = { data: [row({ id: 'evil', name: 'Evil Wallet', webapp_link: 'https://u:p@evil.example/', homepage: 'https://evil-wallet.example/' })], count: 1 }
    await answerWallets(app, page, () => Boolean(within(app!.dialog()!).queryByRole('button', { name: 'Evil Wallet' })))
    const el = await rowOf(app, 'Evil Wallet')
    expect(el.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(el)
    await app.settle()
    expect(open).not.toHaveBeenCalled()
  })

  test('behavior: a wallet whose links pass opens its web app, else its homepage, in a new tab without opener', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    app = await renderApp({
      customWallets: [
        { id: 'web', name: 'Web Wallet', webapp_link: 'https://app.wallet.example/#/connect', homepage: 'https://wallet.example', mobile_link: 'webwallet://' },
        { id: 'home', name: 'Home Wallet', homepage: 'https://home.example' },
        { id: 'native', name: 'Native Wallet', desktop_link: 'nativewallet://' },
      ],
    })
    await app.ensureOpen()
    fireEvent.click(await rowOf(app, 'Web Wallet'))
    fireEvent.click(await rowOf(app, 'Home Wallet'))
    const native = await rowOf(app, 'Native Wallet')
    fireEvent.click(native)
    expect(open.mock.calls).toEqual([
      ['https://app.wallet.example/#/connect', '_blank', 'noopener,noreferrer'],
      ['https://home.example/', '_blank', 'noopener,noreferrer'],
    ])
    // A native app link is not a page: the row is disabled, but nothing was refused.
    expect(native.getAttribute('aria-disabled')).toBe('true')
    expect(native.textContent).not.toContain(en.linkRefusedTag)
    expect((await rowOf(app, WALLET_NAME)).getAttribute('aria-disabled')).toBeNull()
  })
})

describe('spec §9: connector order', () => {
  /** The names of Connect's wallet rows, top to bottom (the All Wallets entry left out). */
  const rowNames = (a: App) =>
    within(a.dialog()!)
      .getAllByRole('button')
      .filter((b) => b.classList.contains('lk-row') && b.querySelector('.lk-row-name')?.textContent !== en.allWallets)
      .map((b) => b.querySelector('.lk-row-name')?.textContent)
  const customWallets = [{ id: 'a', name: 'Custom A', homepage: 'https://a.example' }]

  test('spec §9: connector order: Connect follows connectorTypeOrder (default installed before custom; the option puts custom first)', async () => {
    app = await renderApp({ customWallets })
    await app.ensureOpen()
    await rowOf(app, 'Custom A')
    expect(rowNames(app)).toEqual([WALLET_NAME, 'Custom A'])
    await app.dispose()
    app = await renderApp({ customWallets, connectorTypeOrder: ['custom', 'injected'] })
    await app.ensureOpen()
    await rowOf(app, 'Custom A')
    expect(rowNames(app)).toEqual(['Custom A', WALLET_NAME])
  })
})

describe("Connect's WalletConnect row on a phone (spec §2: on mobile, manual WalletConnect opens AllWallets)", () => {
  const relay = () => ({ relayUrl: inject('relayUrl') })

  test('behavior: on a phone the row opens All Wallets and has no "QR code" tag; no pairing starts', async () => {
    app = await renderApp({ walletConnect: relay(), platform: 'mobile' })
    await app.ensureOpen()
    const row = await rowOf(app, 'WalletConnect')
    expect(row.querySelector('.lk-tag')).toBeNull()
    fireEvent.click(row)
    await app.settle()
    await waitFor(() => expect(app!.modal.getState().view).toBe('AllWallets'))
    expect(app.modal.actor.getSnapshot().context.features.pairing).toBeUndefined()
  })

  test('behavior: on a desktop the row pairs with the QR code and says so', async () => {
    app = await renderApp({ walletConnect: relay(), platform: 'none' })
    await app.ensureOpen()
    const row = await rowOf(app, 'WalletConnect')
    expect(row.querySelector('.lk-tag')?.textContent).toBe(en.qrCode)
    fireEvent.click(row)
    await app.settle()
    await waitFor(() => expect(app!.modal.getState().view).toBe('ConnectingWalletConnect'))
  })

  test('behavior: on a phone without All Wallets the row is hidden (it could only lead to a QR code)', async () => {
    app = await renderApp({ walletConnect: relay(), platform: 'mobile', features: { allWallets: false } })
    await app.ensureOpen()
    await rowOf(app, WALLET_NAME)
    expect(within(app.dialog()!).queryByRole('button', { name: 'WalletConnect' })).toBeNull()
  })
})

describe("Connect keeps room for the directory's rows until they come (spec §2: nothing under a finger moves)", () => {
  /** Connect's wallet list items, in order: a placeholder as 'room' (with '…' when it collapses), else the row's name. */
  const listed = (a: App) =>
    [...a.dialog()!.querySelectorAll('.lk-list > li')].map((li) =>
      li.getAttribute('data-testid') === 'row-placeholder' ? (li.getAttribute('data-collapsing') ? 'room…' : 'room') : (li.querySelector('.lk-row-name')?.textContent ?? ''),
    )

  test('behavior: while the directory answers, four placeholder rows stand where its rows go (before All Wallets), hidden from assistive technology; its rows take their place', async () => {
    app = await renderApp({ directory: true, hold: [WALLETS] })
    await app.ensureOpen()
    await waitFor(() => expect(listed(app!)).toEqual([WALLET_NAME, 'room', 'room', 'room', 'room', en.allWallets]))
    for (const li of app.dialog()!.querySelectorAll('[data-testid="row-placeholder"]')) expect(li.getAttribute('aria-hidden')).toBe('true')
    const page = { data: Array.from({ length: 4 }, (_, i) => row({ id: `w${i}`, name: `Wallet ${i}` })), count: 4 }
    await answerWallets(app, page, () => loaded(app!))
    await waitFor(() => expect(listed(app!)).toEqual([WALLET_NAME, 'Wallet 0', 'Wallet 1', 'Wallet 2', 'Wallet 3', en.allWallets]))
  })

  test('behavior: an answer with fewer wallets: the placeholders left over fold where the missing rows would be, then are gone', async () => {
    app = await renderApp({ directory: true, hold: [WALLETS] })
    await app.ensureOpen()
    await waitFor(() => expect(listed(app!).filter((r) => r === 'room')).toHaveLength(4))
    const page = { data: [row({ id: 'w0', name: 'Wallet 0' })], count: 1 }
    await answerWallets(app, page, () => loaded(app!))
    await waitFor(() => expect(listed(app!)).toEqual([WALLET_NAME, 'Wallet 0', 'room…', 'room…', 'room…', en.allWallets]))
    // The fold is a CSS transition: its end removes them.
    fireEvent.transitionEnd(app.dialog()!.querySelector('[data-collapsing="true"]')!)
    await waitFor(() => expect(listed(app!)).toEqual([WALLET_NAME, 'Wallet 0', en.allWallets]))
  })

  test('behavior: the directory failing: every placeholder folds; without a directory none is shown', async () => {
    app = await renderApp({ directory: true, hold: [WALLETS] })
    await app.ensureOpen()
    await waitFor(() => expect(listed(app!).filter((r) => r === 'room')).toHaveLength(4))
    await waitFor(async () => {
      while (app!.gates.waiting(WALLETS)) await app!.gates.answer(WALLETS, new Response('down', { status: 500 }))
      await app!.settle()
      expect(catalogueOf(app!)?.matches({ list: 'failed' })).toBe(true)
    }, directoryWait)
    await waitFor(() => expect(listed(app!)).toEqual([WALLET_NAME, 'room…', 'room…', 'room…', 'room…', en.allWallets]))
    await app.dispose()
    app = await renderApp({})
    await app.ensureOpen()
    await rowOf(app, WALLET_NAME)
    expect(listed(app).filter((r) => r.startsWith('room'))).toEqual([])
  })
})
