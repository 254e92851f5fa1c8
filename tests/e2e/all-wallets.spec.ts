/**
 * AllWallets against the reference server's catalogue (its real wallets, then its invented test wallets): the installed dev wallet first, then the
 * directory (featured first, pages of 40 as the list scrolls) in a virtualised list, the search box (the
 * loaded wallets filtered at once, then the server asked for 100), the dapp's featured and excluded wallets,
 * the server failing or slow, Connect's All Wallets entry and its count, and an axe scan.
 */
import type { Locator, Page } from '@playwright/test'
import type { RenderedRow } from './fixtures.ts'
import { resumeDisconnected, withSharedPage } from './sharedPage.ts'
import {
  API_URL,
  dialog,
  directoryWallet,
  expect,
  isGetWallets,
  listSize,
  openAllWallets,
  openConnectDialog,
  openCleanDemo,
  recordGetWallets,
  renderedRows,
  scrollListToEnd,
  setApiBehaviour,
  test,
  walletList,
} from './fixtures.ts'

/** The only names of the reference catalogue that contain "meta" (dev/api/dataset.ts). */
const META_WALLETS = ['MetaMask', 'Metaverse Wallet', 'Metal Pay', 'Cosmeta Wallet', 'META Sphere']
const DEV_WALLET = 'Latchkey Dev Wallet'
/** Page size of the paged catalogue (machines/catalogue.ts `cataloguePage.entries`). */
const PAGE_SIZE = 40

const sorted = (names: readonly string[]): string[] => [...names].sort((a, b) => a.localeCompare(b))

/** The names of the rows the list has in the DOM, in list order. */
async function renderedNames(page: Page): Promise<string[]> {
  return (await renderedRows(page)).map((row) => row.name)
}

/** Row height of the virtual list in px (ui/views/AllWallets.tsx). */
const ROW_HEIGHT = 56

/**
 * The first `count` rows of the list (or all of them when fewer), collected by scrolling the virtual list
 * down 5 rows at a time, then back to the top.
 */
async function firstRows(page: Page, count: number): Promise<RenderedRow[]> {
  const seen = new Map<number, RenderedRow>()
  const total = Math.min(count, await listSize(page))
  for (let row = 0; seen.size < total; row += 5) {
    await walletList(page).evaluate((el, top) => el.scrollTo({ top }), row * ROW_HEIGHT)
    // The row at the bottom of the viewport after this scroll is rendered once the list has caught up.
    const bottom = Math.min(total, row + 7)
    await expect.poll(async () => (await renderedRows(page)).some((r) => r.position === bottom)).toBe(true)
    for (const r of await renderedRows(page)) if (r.position <= total) seen.set(r.position, r)
  }
  await walletList(page).evaluate((el) => el.scrollTo({ top: 0 }))
  return [...seen.values()].sort((a, b) => a.position - b.position)
}

/** Types `text` into the search box and waits for the server's answer to be shown (the spinner came and went). */
async function search(page: Page, text: string): Promise<void> {
  const all = dialog(page, 'All Wallets')
  const spinner = all.getByRole('progressbar', { name: 'Searching…', exact: true })
  await all.getByRole('searchbox', { name: 'Search wallet', exact: true }).fill(text)
  // The spinner shows from the first keystroke (500 ms debounce) until at least 300 ms after the request.
  await expect(spinner).toBeVisible()
  await expect(spinner).toBeHidden()
}

/**
 * The start of an All Wallets test on the shared page: disconnected with no dialog (resumeDisconnected), then All
 * Wallets opened from Connect, its search box empty and the catalogue's first page listed; returns the dialog.
 */
async function resumeAllWallets(page: Page): Promise<Locator> {
  await resumeDisconnected(page)
  const all = await openAllWallets(page)
  await expect(all.getByRole('searchbox', { name: 'Search wallet', exact: true })).toHaveValue('')
  await expect.poll(() => listSize(page)).toBeGreaterThanOrEqual(PAGE_SIZE)
  return all
}

// On one page (withSharedPage), disconnected: each test starts by asserting a fresh page's start (resumeDisconnected:
// no dialog, no toast, disconnected) and opens All Wallets anew (an empty search box, the catalogue's first page). The
// catalogue is read once per page, so the count of Connect's entry, which reads the page's first query, comes first;
// the filter before the server answers comes before any search; the check that reads the whole first page (its scroll
// may load page 2) comes last. The scroll through pages 2 and 3 asserts the page's first requests: a page of its own.
test.describe('the catalogue and its search, on one page', () => {
  const shared = withSharedPage(test)
  /** Connect's All Wallets entry's tag. */
  const allWalletsTag = (page: Page) => dialog(page, 'Connect Wallet').getByRole('button', { name: 'All Wallets', exact: true }).locator('.lk-tag')

  shared('it shows how many wallets All Wallets lists, rounded down to the ten: the catalogue for the chains, and the custom wallet', async ({ page, request }) => {
    // First on the page: the recorder sees the catalogue's first query, which the page asks once.
    await resumeDisconnected(page)
    const queries = recordGetWallets(page)
    await openConnectDialog(page)
    await expect(allWalletsTag(page)).toHaveText(/^[1-9][0-9]*0\+$/)
    // The page's own catalogue query (its chains, page 1), asked again for the count.
    const first = queries.find((q) => q.get('page') === '1' && !q.get('include'))!
    const response = await request.get(`${API_URL}/directory/getWallets?${first}`)
    const { count } = (await response.json()) as { count: number }
    // The installed dev wallet is its own catalogue entry (listed once); the dapp adds one custom wallet.
    await expect(allWalletsTag(page)).toHaveText(`${Math.floor((count + 1) / 10) * 10}+`)
  })

  shared('All Wallets opens from Connect and lists the installed dev wallet, then the reference catalogue', async ({ page }) => {
    const all = await resumeAllWallets(page)
    await expect(all.getByRole('list', { name: 'All Wallets', exact: true })).toBeVisible()
    // The installed wallet first, with its tag; then wallets of the reference catalogue, each a button named by the wallet.
    const installed = all.getByRole('button', { name: DEV_WALLET, exact: true })
    await expect(installed).toBeVisible()
    await expect(installed).toContainText('Installed')
    await expect(all.getByRole('button', { name: 'MetaMask', exact: true })).toBeVisible()
    await expect(all.getByRole('button', { name: 'Rainbow', exact: true })).toBeVisible()
    await expect.poll(() => listSize(page)).toBeGreaterThanOrEqual(PAGE_SIZE)
    const rows = await renderedRows(page)
    expect(rows[0]).toMatchObject({ position: 1, name: DEV_WALLET, installed: true })
    expect(rows.slice(1).every((row) => !row.installed)).toBe(true)
  })

  shared('the loaded wallets are filtered at once, before the server answers', async ({ page }) => {
    const all = await resumeAllWallets(page)
    await all.getByRole('searchbox', { name: 'Search wallet', exact: true }).fill('meta')
    // Within the 500 ms debounce: only the loaded page is filtered (MetaMask is the one name on it with "meta"; the
    // test wallets with it are at the catalogue's end).
    const spinner = all.getByRole('progressbar', { name: 'Searching…', exact: true })
    await expect(spinner).toBeVisible()
    expect(await renderedNames(page)).toEqual(['MetaMask'])
    // The catalogue outlives the dialog: a search still debouncing when the test ends would be sent during the next
    // test's start, into the search requests that test counts. It ends here, answered (the spinner gone).
    await expect(spinner).toBeHidden()
  })

  shared('"meta" lists exactly the five wallets whose names contain it, from a search for 100', async ({ page }) => {
    const all = await resumeAllWallets(page)
    const requests = recordGetWallets(page)
    await search(page, 'meta')
    const searches = requests.filter((q) => q.has('search'))
    expect(searches).toHaveLength(1)
    expect(searches[0]?.get('search')).toBe('meta')
    expect(searches[0]?.get('entries')).toBe('100')
    expect(searches[0]?.get('page')).toBe('1')
    await expect.poll(async () => sorted(await renderedNames(page))).toEqual(sorted(META_WALLETS))
    for (const name of META_WALLETS) await expect(all.getByRole('button', { name, exact: true })).toBeVisible()
    await expect(all.getByRole('button', { name: DEV_WALLET, exact: true })).toHaveCount(0)
  })

  shared('"  meta  " (surrounding spaces) gives the same five wallets and asks the server for "meta"', async ({ page }) => {
    await resumeAllWallets(page)
    const requests = recordGetWallets(page)
    await search(page, '  meta  ')
    const searches = requests.filter((q) => q.has('search'))
    expect(searches.map((q) => q.get('search'))).toEqual(['meta'])
    expect(searches[0]?.get('entries')).toBe('100')
    await expect.poll(async () => sorted(await renderedNames(page))).toEqual(sorted(META_WALLETS))
  })

  shared('clearing the search brings the catalogue back', async ({ page }) => {
    await resumeAllWallets(page)
    const before = await renderedNames(page)
    await search(page, 'meta')
    await expect.poll(() => listSize(page)).toBe(META_WALLETS.length)
    await dialog(page, 'All Wallets').getByRole('searchbox', { name: 'Search wallet', exact: true }).fill('')
    await expect.poll(() => renderedNames(page)).toEqual(before)
  })

  shared('the installed dev wallet is listed once, not again as its catalogue entry', async ({ page }) => {
    const all = await resumeAllWallets(page)
    // Its catalogue entry is first in the catalogue; the whole first page is checked.
    const first = await firstRows(page, PAGE_SIZE)
    expect(first).toHaveLength(PAGE_SIZE)
    expect(first.filter((r) => r.name === DEV_WALLET)).toEqual([{ position: 1, of: first[0]?.of, name: DEV_WALLET, installed: true }])
    expect(new Set(first.map((r) => r.name)).size).toBe(PAGE_SIZE)
    // Searching for it: the server's answer holds its catalogue entry (rdns dev.latchkey.wallet), which stays hidden.
    const requests = recordGetWallets(page)
    await search(page, 'latchkey')
    expect(requests.some((q) => q.get('search') === 'latchkey')).toBe(true)
    // The dapp's own custom wallet (local configuration, not the directory's) stays after the installed one.
    await expect.poll(() => renderedNames(page)).toEqual([DEV_WALLET, 'Latchkey Mobile (dev)'])
    await expect(all.getByRole('button', { name: DEV_WALLET, exact: true })).toHaveCount(1)
    await expect(all.getByRole('button', { name: DEV_WALLET, exact: true })).toContainText('Installed')
  })
})

test.describe('the catalogue', () => {
  test('scrolling to the end loads pages 2 and 3; the DOM holds only a window of rows', async ({ demo: page }) => {
    const requests = recordGetWallets(page)
    const pages = new Map<string, Promise<Array<{ name: string }>>>()
    page.on('response', (response) => {
      const query = new URL(response.url()).searchParams
      if (isGetWallets(response.request()) && !query.has('search') && !query.has('include')) {
        pages.set(
          query.get('page') ?? '',
          response.json().then((body: { data: Array<{ name: string }> }) => body.data),
        )
      }
    })
    await openAllWallets(page)
    await expect.poll(() => listSize(page)).toBeGreaterThanOrEqual(PAGE_SIZE)
    // The first page was asked for with 40 entries; no later page before the visitor scrolls.
    expect(requests.some((q) => q.get('page') === '1' && q.get('entries') === String(PAGE_SIZE))).toBe(true)
    expect(requests.filter((q) => q.get('page') !== '1')).toEqual([])

    for (const pageNumber of ['2', '3']) {
      const before = await listSize(page)
      // Scrolling to the end asks for the next page (once), and the list grows by its 40 wallets.
      await scrollListToEnd(page)
      await expect.poll(() => requests.filter((q) => q.get('page') === pageNumber).map((q) => q.get('entries'))).toEqual([String(PAGE_SIZE)])
      await expect.poll(() => listSize(page)).toBe(before + PAGE_SIZE)
      const data = await pages.get(pageNumber)!
      expect(data).toHaveLength(PAGE_SIZE)
      // The new wallets follow the old end of the list: one screen further down, the page's first wallet shows.
      await walletList(page).evaluate((el) => el.scrollBy({ top: el.clientHeight }))
      await expect(walletList(page).getByRole('button', { name: data[0]!.name, exact: true })).toBeInViewport()
      expect((await renderedRows(page)).find((r) => r.name === data[0]!.name)?.position).toBe(before + 1)
    }
    // A screen below the old end is not near the new end: no fourth page yet.
    expect(requests.filter((q) => q.get('page') === '4')).toEqual([])

    // Virtualisation: 120 rows or more (1 installed + 3 × 40, the dev wallet's catalogue entry hidden) are in the
    // list, a window of them in the DOM.
    const loaded = await listSize(page)
    expect(loaded).toBeGreaterThanOrEqual(3 * PAGE_SIZE)
    const inDom = await walletList(page).locator('li').count()
    expect(inDom).toBeGreaterThan(0)
    expect(inDom).toBeLessThanOrEqual(25)
    expect(inDom * 4).toBeLessThan(loaded)
    // The first rows have left the DOM (the dev wallet's row is far above the window).
    await expect(walletList(page).getByRole('button', { name: DEV_WALLET, exact: true })).toHaveCount(0)
  })
})

test.describe('the dapp’s options', () => {
  test('an excluded wallet never appears, in the list or in a search', async ({ page, request }) => {
    const metaMask = await directoryWallet(request, 'MetaMask')
    await openCleanDemo(page, `/?exclude=${metaMask.id}`)
    const requests = recordGetWallets(page)
    const all = await openAllWallets(page)
    await expect.poll(() => listSize(page)).toBeGreaterThanOrEqual(PAGE_SIZE - 1)
    // MetaMask is second in the catalogue: it would be in the first rows.
    await expect(all.getByRole('button', { name: 'Trust Wallet', exact: true })).toBeVisible()
    await expect(all.getByRole('button', { name: 'MetaMask', exact: true })).toHaveCount(0)
    await search(page, 'meta')
    const others = META_WALLETS.filter((n) => n !== 'MetaMask')
    await expect.poll(async () => sorted(await renderedNames(page))).toEqual(sorted(others))
    await expect(all.getByRole('button', { name: 'MetaMask', exact: true })).toHaveCount(0)
    // Every catalogue request (pages and the search) excluded it.
    expect(requests.length).toBeGreaterThan(0)
    for (const q of requests.filter((q) => !q.has('include'))) expect(q.get('exclude')?.split(',')).toContain(metaMask.id)
  })

  test('the featured wallets come first, in the configured order, after the installed wallet', async ({ page, request }) => {
    // Browserbank Web (catalogue order 20) before Metal Pay (order 15): neither is first in the catalogue, and
    // the configured order is not the catalogue's.
    const a = await directoryWallet(request, 'Browserbank Web')
    const b = await directoryWallet(request, 'Metal Pay')
    expect(a.order).toBeGreaterThan(1)
    expect(b.order).toBeGreaterThan(1)
    expect(a.order).toBeGreaterThan(b.order ?? 0)
    await openCleanDemo(page, `/?featured=${a.id},${b.id}`)
    const all = await openAllWallets(page)
    await expect.poll(() => listSize(page)).toBeGreaterThanOrEqual(PAGE_SIZE)
    const rows = await renderedRows(page)
    expect(rows.slice(0, 3).map((r) => [r.name, r.installed])).toEqual([
      [DEV_WALLET, true],
      ['Browserbank Web', false],
      ['Metal Pay', false],
    ])
    await expect(all.getByRole('button', { name: DEV_WALLET, exact: true })).toContainText('Installed')
    // Not listed again at their catalogue place (orders 15 and 20, within the first page).
    const first = await firstRows(page, PAGE_SIZE)
    expect(first).toHaveLength(PAGE_SIZE)
    expect(first.filter((r) => r.name === 'Browserbank Web').map((r) => r.position)).toEqual([2])
    expect(first.filter((r) => r.name === 'Metal Pay').map((r) => r.position)).toEqual([3])
  })
})

test.describe('when the directory fails', () => {
  test.afterEach(async ({ request }) => {
    await setApiBehaviour(request, { mode: 'normal' })
  })

  /** Opens AllWallets with the directory misbehaving; it must show the installed wallet and the dapp's custom one, nothing else, without a page error. */
  async function expectInstalledOnly(page: Page): Promise<void> {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    const all = await openAllWallets(page)
    await expect(all.getByRole('button', { name: DEV_WALLET, exact: true })).toBeVisible()
    await expect(all.getByRole('progressbar', { name: 'Loading…', exact: true })).toHaveCount(0)
    // The dapp's own custom wallet (local configuration, not the directory's) stays after the installed one.
    await expect.poll(() => renderedNames(page)).toEqual([DEV_WALLET, 'Latchkey Mobile (dev)'])
    // Still usable: the search box filters the installed wallet.
    const box = all.getByRole('searchbox', { name: 'Search wallet', exact: true })
    await box.fill('latch')
    await expect(all.getByRole('button', { name: DEV_WALLET, exact: true })).toBeVisible()
    await box.fill('')
    await expect(all.getByRole('button', { name: DEV_WALLET, exact: true })).toBeVisible()
    await expect(all).toBeVisible()
    expect(errors).toEqual([])
  }

  test('HTTP 500 from getWallets: All Wallets opens with the installed wallet', async ({ demo: page, request }) => {
    await setApiBehaviour(request, { mode: 'status', status: 500, paths: ['/directory/getWallets'] })
    await expectInstalledOnly(page)
  })

  test('a malformed getWallets answer: All Wallets opens with the installed wallet', async ({ demo: page, request }) => {
    await setApiBehaviour(request, { mode: 'malformed', paths: ['/directory/getWallets'] })
    await expectInstalledOnly(page)
  })

  test('a getWallets answer that is not JSON: All Wallets opens with the installed wallet', async ({ demo: page, request }) => {
    await setApiBehaviour(request, { mode: 'garbage', paths: ['/directory/getWallets'] })
    await expectInstalledOnly(page)
  })

  test('a slow getWallets: the catalogue arrives once the server answers', async ({ demo: page, request }) => {
    await setApiBehaviour(request, { mode: 'slow', delayMs: 1500, paths: ['/directory/getWallets'] })
    const all = await openAllWallets(page)
    await expect(all.getByRole('button', { name: DEV_WALLET, exact: true })).toBeVisible()
    await expect(all.getByRole('button', { name: 'MetaMask', exact: true })).toBeVisible({ timeout: 10_000 })
    await expect.poll(() => listSize(page)).toBeGreaterThanOrEqual(PAGE_SIZE)
    await expect(all.getByRole('progressbar')).toHaveCount(0)
  })

  // Regression: the spinner used to hide whenever an installed wallet filled the list.
  test('a slow getWallets: a Loading… spinner shows, then the list', async ({ demo: page, request }) => {
    await setApiBehaviour(request, { mode: 'slow', delayMs: 1500, paths: ['/directory/getWallets'] })
    const all = await openAllWallets(page)
    const spinner = all.getByRole('progressbar', { name: 'Loading…', exact: true })
    await expect(spinner).toBeVisible()
    await expect(spinner).toBeHidden({ timeout: 10_000 })
    await expect(all.getByRole('button', { name: 'MetaMask', exact: true })).toBeVisible()
    await expect.poll(() => listSize(page)).toBeGreaterThanOrEqual(PAGE_SIZE)
  })
})

test.describe("Connect's All Wallets entry", () => {
  /** The tag of Connect's All Wallets entry. */
  const allWalletsTag = (page: Page) => dialog(page, 'Connect Wallet').getByRole('button', { name: 'All Wallets', exact: true }).locator('.lk-tag')

  test('with the directory failing it counts the installed and custom wallets exactly (WalletConnect is not one)', async ({ demo: page, request }) => {
    try {
      await setApiBehaviour(request, { mode: 'status', status: 500, paths: ['/directory/getWallets'] })
      await openConnectDialog(page)
      await expect(dialog(page, 'Connect Wallet').getByRole('button', { name: 'WalletConnect', exact: true })).toBeVisible()
      await expect(allWalletsTag(page)).toHaveText('2')
    } finally {
      await setApiBehaviour(request, { mode: 'normal' })
    }
  })
})

test('the reference server answers the catalogue the specs rely on', async ({ request }) => {
  const response = await request.get(`${API_URL}/directory/getWallets?page=1&entries=100&search=meta&st=appkit&sv=test&projectId=e2e`)
  const { data, count } = (await response.json()) as { data: Array<{ name: string }>; count: number }
  expect(count).toBe(META_WALLETS.length)
  expect(sorted(data.map((w) => w.name))).toEqual(sorted(META_WALLETS))
})
