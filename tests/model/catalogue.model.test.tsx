// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"enableImageFileLoading": true}}
import { fireEvent, within } from '@testing-library/react'
import { waitFor } from './until.ts'
import { afterAll, describe, expect, test } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import { mainnet } from '../../adapters/networks.ts'
import { sha256Hex } from '../../dev/api/dataset.ts'
import { catalogueMachine, cataloguePage, type CatalogueContext, type CatalogueOptions } from '../../machines/catalogue.ts'
import { timing } from '../../machines/timing.ts'
import type { Wallet } from '../../services/schemas.ts'
import { en } from '../../ui/locales/en.ts'
import { createManualClock } from '../harness/clock.ts'
import { featureOf, followFeature, renderApp, WALLET_NAME, type App } from './app.tsx'
import { buildModelPaths, coverageReport, delayedEvents, formatCoverage, withoutPrefixes, type ModelPath, type Step, type TransitionId } from './coverage.ts'
import { TestFailure } from '../harness/failures.ts'

/**
 * Model-based tests of the wallet catalogue (spec §2 AllWallets, §3 wallet catalogue state, §9 wallet lists and
 * search), walked through the UI: every event of the chart is a gesture of the visitor (opening the modal, which
 * shows Connect; scrolling AllWallets' virtual list to its end, and after a failed page scrolling it again; typing
 * in or clearing the search box; the browser coming back online, the window's `online` event), the manual clock (the 500 ms search debounce, the 300 ms spinner floor) or the
 * timing of the reference server's directory (a `getWallets` call held, then let through or failed). The catalogue is the reference server's
 * (the real wallets, then the test wallets; the dapp configures Ethereum besides the anvil chains, so the wallets of its chains are listed,
 * and features MetaMask and Metal Pay). Wallet images load from the server (happy-dom's image loading is on).
 *
 * Every call of the catalogue is `getWallets` (one gate key): the model lets the list page and search at
 * different times (a search only with the list loaded, a page only with no search), as the UI does (AllWallets
 * asks for no page while a search is typed), so the held call is always the one the step answers. A search
 * typed while the previous one is on its way leaves that call behind (its actor stopped): the server answers it
 * after the keystroke.
 *
 * The parallel `searching` state ends (`onDone`) when both its regions are final: that transition is taken on a
 * raised event, which coverage.ts does not see; {@link doneStateTransitions} replays the walked paths to count it.
 *
 * Regressions (found by these walks, now fixed): a search put the loaded list back in `idle`, so paging stopped
 * after a search (the search region's transition is internal now: the list stays `ready`); and a failed page was
 * asked for again at once, in a loop (the list is `pageFailed` now, and only the visitor's next scroll asks again).
 */
type ModelEvent = { type: string; [key: string]: unknown }

const WALLETS = 'api:/directory/getWallets'
/** The wallets of the reference catalogue whose names contain "meta" (dev/api/dataset.ts). */
const META_WALLETS = ['MetaMask', 'Metaverse Wallet', 'Metal Pay', 'Cosmeta Wallet', 'META Sphere']
const FEATURED = ['MetaMask', 'Metal Pay']
const featuredWalletIds = FEATURED.map((name) => sha256Hex(name))
/** The paged list's pages walked: the first and one more (the catalogue has 12 more). */
const maxPage = 2
/** What the visitor types: a word, then one more letter (and back). */
const queries = ['meta', 'metal'] as const
const ROW_HEIGHT = 56

const fixture = {
  app: { directory: true, hold: [WALLETS], extraNetworks: [mainnet], featuredWalletIds } satisfies Parameters<typeof renderApp>[0],
  /** The catalogue's input, as createModal builds it. */
  input: { featuredWalletIds, chains: ['eip155:31337', 'eip155:31338', 'eip155:1'], namespace: 'eip155' } satisfies CatalogueOptions,
}
/** Calls of the first load: featured, recommended and the first page. */
const initialCalls = 3

const ctx = (s: any) => s.context as CatalogueContext
const wallet = (id: string): Wallet => ({ id, name: id, image_id: id, chains: ['eip155:1'] }) as unknown as Wallet
const page = (n: number) => ({ data: Array.from({ length: cataloguePage.entries }, (_, i) => wallet(`p${n}-${i}`)), count: 466 })

/** The events a gesture (or the clock) can produce in a state. */
function modelEvents(s: any): ModelEvent[] {
  const c = ctx(s)
  const list: ModelEvent[] = []
  const searchIdle = s.matches({ search: 'idle' })
  const listLoading = s.matches({ list: 'loadingInitial' }) || s.matches({ list: 'loadingPage' })
  const searchPending = s.matches({ search: { searching: { request: 'pending' } } })
  // Connect shows (and asks for the catalogue): the first opening, then (list idle or failed) Back to Connect or opening again.
  if ((s.matches({ list: 'idle' }) || s.matches({ list: 'failed' })) && !searchPending) {
    list.push({ type: 'catalogue.load', gesture: c.page === 0 && s.matches({ list: 'idle' }) ? 'open' : 'connect' })
  }
  // The browser comes back online after a failed load or search (the window's `online` event).
  if (s.matches({ list: 'failed' }) || s.matches({ search: 'failed' })) list.push({ type: 'catalogue.online' })
  if (s.matches({ list: 'loadingInitial' })) {
    list.push({ type: 'xstate.done.actor.loadInitial', output: { featured: [wallet('f1')], recommended: [wallet('r1')], first: page(1) } })
    list.push({ type: 'xstate.error.actor.loadInitial', error: new TypeError('Failed to fetch') })
  }
  if (s.matches({ list: 'ready' }) && searchIdle && c.page < maxPage) list.push({ type: 'catalogue.loadMore' })
  // After a failed page the view asks nothing by itself: the visitor scrolls the list again.
  if (s.matches({ list: 'pageFailed' }) && searchIdle && c.page < maxPage) list.push({ type: 'catalogue.loadMore', gesture: 'scrollAgain' })
  if (s.matches({ list: 'loadingPage' })) {
    list.push({ type: 'xstate.done.actor.loadPage', output: page(c.page + 1) })
    list.push({ type: 'xstate.error.actor.loadPage', error: new TypeError('Failed to fetch') })
  }
  // Searching once the list is loaded, never while a page of it is on its way.
  if (!listLoading && c.page >= 1) {
    if (searchIdle) list.push({ type: 'catalogue.search', query: queries[0] })
    else {
      list.push({ type: 'catalogue.search', query: c.query === queries[0] ? queries[1] : queries[0] })
      list.push({ type: 'catalogue.search', query: '' })
    }
    if (searchPending) {
      list.push({ type: 'xstate.done.actor.search', output: { data: [wallet('s1')], count: 1 } })
      list.push({ type: 'xstate.error.actor.search', error: new TypeError('Failed to fetch') })
    }
    list.push(...delayedEvents(s))
  }
  return list
}

/** What the traversal tells apart: the state, the pages loaded and the query. */
const serialize = (s: any) => JSON.stringify({ v: s.value, p: ctx(s).page, q: ctx(s).query })

const built = buildModelPaths(catalogueMachine, { input: fixture.input, events: modelEvents as never, serialize: serialize as never })
/** The paths walked: those a longer one starts with are walked by it (walk() checks each step's state and view). */
const run = withoutPrefixes(built)

/**
 * The `onDone` transitions of parallel states the walked paths take (on the raised `xstate.done.state.*` event):
 * each path replayed on the machine with actors that never answer (their outcomes are the path's events).
 */
function doneStateTransitions(paths: ModelPath[]): Set<TransitionId> {
  const taken = new Set<TransitionId>()
  const never = fromPromise(() => new Promise<never>(() => {}))
  const machine = catalogueMachine.provide({ actors: { fetchWallets: never as never, loadInitial: never as never, watchConnectivity: fromCallback(() => {}) } })
  for (const path of paths) {
    const actor = createActor(machine, {
      input: fixture.input,
      clock: createManualClock(),
      inspect: (ev) => {
        if (ev.type !== '@xstate.microstep' || ev.actorRef.sessionId !== ev.rootId) return
        for (const t of (ev as unknown as { _transitions: Array<{ source: { id: string; transitions: Map<string, unknown[]> }; eventType: string }> })._transitions) {
          if (t.eventType.startsWith('xstate.done.state.')) taken.add(`${t.source.id} --${t.eventType}[${t.source.transitions.get(t.eventType)!.indexOf(t)}]`)
        }
      },
    }).start()
    for (const step of path.steps) actor.send(step.event as never)
    actor.stop()
  }
  return taken
}
for (const t of doneStateTransitions(run.paths)) run.coveredTransitions.add(t)

// ---------------------------------------------------------------- gestures

/** The dialog's title. */
const title = (app: App) => app.dialog()?.getAttribute('aria-label') ?? ''
/** The catalogue machine, once Connect asked for it (spawned on its first `catalogue.load`). */
const catalogueOf = (app: App) => featureOf(app, 'catalogue')!

/** AllWallets is shown (from Connect, its entry). */
async function showAllWallets(app: App) {
  await app.ensureOpen()
  if (!app.find('searchbox', en.searchWallet)) await app.clickInDialog('button', en.allWallets)
  await app.get('searchbox', en.searchWallet)
}

/** The virtual list's scrolling area. */
const scroller = async (app: App) => (await app.get('list', en.titles.AllWallets)).parentElement!
/** How many rows the list has (installed wallets and catalogue). */
const listSize = async (app: App) => Number((await app.get('list', en.titles.AllWallets)).querySelector('li')?.getAttribute('aria-setsize') ?? 0)
/** The names of the rows in the DOM (a window of the list). */
const renderedNames = async (app: App) => Array.from((await app.get('list', en.titles.AllWallets)).querySelectorAll('li button')).map((b) => b.querySelector('.lk-row-name')?.textContent ?? '')
/** Connect's wallet list: the names of its rows. */
const connectRows = (app: App) => Array.from(app.dialog()!.querySelectorAll('li > button')).map((b) => b.querySelector('.lk-row-name')?.textContent ?? '')
const spinner = (app: App) => within(app.dialog()!).queryByRole('progressbar', { name: en.searching })

/** Waits for `count` held `getWallets` calls, then lets them through (or fails the first and lets the rest through). */
async function answer(app: App, count: number, fail: boolean) {
  await waitFor(() => {
    if (app.gates.waiting(WALLETS) < count) throw new TestFailure(`${app.gates.waiting(WALLETS)} of ${count} getWallets calls held`)
  })
  if (fail) await app.gates.fail(WALLETS, new TypeError('Failed to fetch'))
  while (app.gates.waiting(WALLETS)) await app.gates.release(WALLETS)
  await app.settle()
}

/** One gesture per event. */
async function perform(app: App, event: any) {
  const type: string = event.type
  if (type === 'catalogue.load') {
    // Connect shows (and asks for the catalogue): Back from AllWallets, else the modal opens (closed first when open).
    if (event.gesture === 'connect') {
      if (app.find('searchbox', en.searchWallet)) return app.clickInDialog('button', en.back)
      await app.close()
    }
    return app.ensureOpen()
  }
  if (type === 'xstate.done.actor.loadInitial') return answer(app, initialCalls, false)
  if (type === 'xstate.error.actor.loadInitial') return answer(app, initialCalls, true)
  if (type === 'catalogue.loadMore') {
    // The visitor scrolls the list to its end; after a failed page (already at the end), back up and to the end again.
    await showAllWallets(app)
    const el = await scroller(app)
    if (event.gesture === 'scrollAgain') {
      fireEvent.scroll(el, { target: { scrollTop: 0 } })
      await app.settle()
    }
    fireEvent.scroll(el, { target: { scrollTop: (await listSize(app)) * ROW_HEIGHT } })
    return app.settle()
  }
  if (type === 'xstate.done.actor.loadPage') return answer(app, 1, false)
  if (type === 'xstate.error.actor.loadPage') return answer(app, 1, true)
  if (type === 'catalogue.search') {
    await showAllWallets(app)
    await app.type(en.searchWallet, event.query)
    // A search on its way when the visitor typed again: the server answers it now (its actor is gone).
    while (app.gates.waiting(WALLETS)) await app.gates.release(WALLETS)
    return app.settle()
  }
  if (type === 'catalogue.online') {
    window.dispatchEvent(new Event('online'))
    return app.settle()
  }
  if (type === 'xstate.done.actor.search') return answer(app, 1, false)
  if (type === 'xstate.error.actor.search') return answer(app, 1, true)
  if (type.startsWith('xstate.after.')) {
    if (type.includes('searchDebounce')) app.clock.advance(timing.searchDebounce)
    else if (type.includes('searchMinDuration')) app.clock.advance(timing.searchMinDuration)
    else throw new TestFailure(`No delay for ${type}`)
    return app.settle()
  }
  throw new TestFailure(`No gesture for ${type}: every event of the model needs one`)
}

/** Plain assertions after a step. */
async function check(app: App, event: any, state: string, sizeBefore: number) {
  const snapshot = catalogueOf(app).getSnapshot()
  const value = JSON.parse(state)
  const onAllWallets = title(app) === en.titles.AllWallets
  if (event.type === 'xstate.done.actor.loadInitial') {
    // Connect: the installed wallet, the featured wallets (tagged, in the configured order), then recommended; the entry counts the catalogue.
    const d = app.dialog()!
    expect(connectRows(app).slice(0, 3)).toEqual([WALLET_NAME, ...FEATURED])
    for (const name of FEATURED) expect(within(d).getByRole('button', { name }).textContent).toContain(en.featured)
    expect(within(d).getByRole('button', { name: en.allWallets }).textContent).toContain(`${Math.floor(ctx(snapshot).count / 10) * 10}+`)
    expect(ctx(snapshot).page).toBe(1)
  }
  if (event.type === 'xstate.error.actor.loadInitial') {
    // Errors are swallowed: no message, only the installed wallet.
    const d = app.dialog()!
    expect(within(d).queryByRole('alert')).toBeNull()
    expect(connectRows(app)).toEqual([WALLET_NAME, en.allWallets])
  }
  if (event.type === 'catalogue.loadMore') {
    // The next page of 40 is asked for once; the list keeps its rows meanwhile (spinner below).
    await waitFor(() => expect(app.gates.waiting(WALLETS)).toBe(1))
    expect(within(app.dialog()!).getByRole('progressbar', { name: en.loading })).toBeTruthy()
  }
  if (event.type === 'xstate.done.actor.loadPage') await waitFor(async () => expect(await listSize(app)).toBe(sizeBefore + cataloguePage.entries))
  if (event.type === 'xstate.error.actor.loadPage') {
    // Swallowed: the list keeps what it had, no spinner, and nothing is asked again until the visitor scrolls.
    expect(await listSize(app)).toBe(sizeBefore)
    expect(within(app.dialog()!).queryByRole('alert')).toBeNull()
    expect(within(app.dialog()!).queryByRole('progressbar', { name: en.loading })).toBeNull()
    await app.settle()
    expect(app.gates.waiting(WALLETS)).toBe(0)
  }
  if (onAllWallets && value.search === 'debouncing') {
    // The spinner from the first keystroke; the loaded wallets filtered at once (no request yet).
    expect(spinner(app)).not.toBeNull()
    expect(app.gates.waiting(WALLETS)).toBe(0)
    for (const name of await renderedNames(app)) expect(name.toLowerCase()).toContain(ctx(snapshot).query)
  }
  if (onAllWallets && typeof value.search === 'object' && value.search.searching) {
    // The spinner until the answer and at least 300 ms (spec §9), whichever is later.
    expect(spinner(app)).not.toBeNull()
    if (event.type.startsWith('xstate.after.searchDebounce')) await waitFor(() => expect(app.gates.waiting(WALLETS)).toBe(1))
  }
  if (onAllWallets && value.search === 'showingResults') {
    await waitFor(() => expect(spinner(app)).toBeNull())
    const query = ctx(snapshot).query
    expect((await renderedNames(app)).sort()).toEqual(META_WALLETS.filter((n) => n.toLowerCase().includes(query)).sort())
    expect(within(app.dialog()!).queryByRole('alert')).toBeNull()
  }
  if (onAllWallets && value.search === 'failed') {
    // The request got no answer (the gate fails it as fetch does offline): said as offline, never "No wallet matches";
    // the loaded wallets that match stay listed, with Try again.
    await waitFor(() => expect(spinner(app)).toBeNull())
    const alert = within(app.dialog()!).getByRole('alert')
    expect(alert.textContent).toContain(en.catalogueFailure.searchOffline)
    expect(within(alert).getByRole('button', { name: en.tryAgain })).toBeTruthy()
    expect(within(app.dialog()!).queryByText(en.noMatch)).toBeNull()
    for (const name of await renderedNames(app)) expect(name.toLowerCase()).toContain(ctx(snapshot).query)
  }
  if (event.type === 'catalogue.online') {
    // Back online: what had failed is asked again at once (the first load's three calls, or the search).
    await waitFor(() => expect(app.gates.waiting(WALLETS)).toBeGreaterThan(0))
  }
  if (onAllWallets && value.search === 'idle' && event.type === 'catalogue.search') {
    // Cleared: the whole list again, no spinner, nothing asked.
    expect(spinner(app)).toBeNull()
    expect(await renderedNames(app)).toContain(WALLET_NAME)
  }
}

async function walk(path: ModelPath, after?: (app: App) => Promise<void>) {
  const app = await renderApp(fixture.app)
  try {
    // The catalogue machine is spawned when Connect first asks for it: followed from then on.
    const catalogue = followFeature(app, 'catalogue')
    const visited = catalogue.visited
    // Nothing is asked, nor the machine's code fetched, before the modal opens.
    await app.get('button', 'Connect Wallet')
    expect(app.gates.waiting(WALLETS)).toBe(0)
    expect(catalogue.ref).toBeUndefined()
    for (const step of path.steps) {
      const from = Math.max(0, visited.length - 1)
      const sizeBefore = app.find('list', en.titles.AllWallets) ? await listSize(app) : 0
      await perform(app, step.event)
      await waitFor(() => {
        if (!visited.slice(from).includes(step.state)) throw new TestFailure(`after ${step.event.type} expected ${step.state}, visited ${visited.slice(from).join(' > ')}`)
      })
      await check(app, step.event, step.state, sizeBefore)
    }
    catalogue.stop()
    if (path.steps.length) expect(visited).toContain(path.target)
    await after?.(app)
  } finally {
    await app.dispose()
  }
}

const stepName = (s: Step) => {
  const e = s.event as ModelEvent
  const name = e.type
    .replace('xstate.', '')
    .replace('catalogue.', '')
    .replace(/^after\.(\w+)\..*/, 'after.$1')
  return e.type === 'catalogue.search' ? `search('${String(e.query)}')` : e.gesture ? `${name}(${String(e.gesture)})` : name
}

describe('catalogue model: walked in the UI', () => {
  afterAll(() => console.log(formatCoverage('catalogue (model paths walked in the UI)', coverageReport(catalogueMachine, [run]))))

  test('coverage: the walks reach every state and fire every transition of the catalogue machine', () => {
    const report = coverageReport(catalogueMachine, [run])
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })

  for (const path of run.paths) {
    test(`walk: ${path.steps.map(stepName).join(' → ') || '(initial)'}`, () => walk(path), 30_000)
  }

  /** The model path whose events are, in order, those named (as {@link stepName} names them). */
  const pathOf = (names: string[]) => {
    // Any model path: one a longer walked path starts with is walked here to its end, then the behaviour checked.
    const found = built.paths.find((p) => p.steps.map(stepName).join(' → ') === names.join(' → '))
    if (!found) throw new TestFailure(`no model path ${names.join(' → ')}`)
    return found
  }
  const listState = (app: App) => (catalogueOf(app).getSnapshot().value as { list: string }).list
  const scrollToEnd = async (app: App) => {
    fireEvent.scroll(await scroller(app), { target: { scrollTop: (await listSize(app)) * ROW_HEIGHT } })
    await app.settle()
  }

  /**
   * Connect stays quiet when the directory cannot be read (spec §4); AllWallets says it, under the installed wallets,
   * offline as offline, with Try again, which asks the first load again.
   */
  describe('behavior: AllWallets says the wallet list could not load, with Try again', () => {
    const path = pathOf(['load(open)', 'error.actor.loadInitial'])

    test('the failure is said on AllWallets (not on Connect); Try again loads the list', () =>
      walk(path, async (app) => {
        expect(within(app.dialog()!).queryByRole('alert')).toBeNull()
        // Showing AllWallets asks again; that fails too (no answer: offline).
        await app.clickInDialog('button', en.allWallets)
        await answer(app, initialCalls, true)
        await waitFor(() => expect(listState(app)).toBe('failed'))
        const alert = await waitFor(() => within(app.dialog()!).getByRole('alert'))
        expect(alert.textContent).toContain(en.catalogueFailure.loadOffline)
        expect(alert.textContent).toContain(en.catalogueFailure.loadOfflineHint)
        // The installed wallet is still listed, above the notice.
        expect(await renderedNames(app)).toEqual([WALLET_NAME])
        fireEvent.click(within(alert).getByRole('button', { name: en.tryAgain }))
        await answer(app, initialCalls, false)
        await waitFor(() => expect(listState(app)).toBe('ready'))
        await waitFor(() => expect(within(app.dialog()!).queryByRole('alert')).toBeNull())
        await waitFor(async () => expect(await listSize(app)).toBeGreaterThan(1))
      }))
  })

  /**
   * machines/catalogue.ts: a search (`catalogue.search` with text) was `reenter: true` on the `search` region; the
   * region's parent is the parallel root, so the transition's domain was the whole machine and the `list` region was
   * exited and entered again: every search keystroke put the loaded list back in `idle`, and after searching and
   * clearing the search, scrolling to the end of AllWallets loaded nothing more. The transition is internal now.
   */
  describe('regression (found by these walks): a search leaves the paged list as it is (paging goes on)', () => {
    const path = pathOf(['load(open)', 'done.actor.loadInitial', "search('meta')"])

    test('after searching and clearing the search, scrolling to the end loads the next page', () =>
      walk(path, async (app) => {
        // The first keystroke restarts only the search region: the list stays loaded and ready.
        expect(listState(app)).toBe('ready')
        expect(ctx(catalogueOf(app).getSnapshot()).page).toBe(1)
        await app.type(en.searchWallet, '')
        expect(listState(app)).toBe('ready')
        await scrollToEnd(app)
        await waitFor(() => expect(app.gates.waiting(WALLETS)).toBe(1), { timeout: 1000 })
        expect(listState(app)).toBe('loadingPage')
        await answer(app, 1, false)
        await waitFor(() => expect(ctx(catalogueOf(app).getSnapshot()).page).toBe(2))
        expect(listState(app)).toBe('ready')
      }))
  })

  /**
   * ui/views/AllWallets.tsx: the effect that asks for the next page ran again when `isLoadingMore` turned false;
   * after a failed page the visitor was still at the end of the list, so the page was asked for again at once, with
   * no gesture and no delay (a server failing every page was asked in a loop). A failed page is `list.pageFailed`
   * now: the effect asks nothing there, and the visitor's next scroll near the end asks once.
   */
  describe('regression (found by these walks): a failed page is asked for again only when the visitor scrolls again', () => {
    const path = pathOf(['load(open)', 'done.actor.loadInitial', 'loadMore', 'error.actor.loadPage'])

    test('after a failed page nothing is asked until the visitor scrolls again; then the page is asked once', () =>
      walk(path, async (app) => {
        await app.settle()
        await new Promise((r) => setTimeout(r, 200))
        await app.settle()
        expect(app.gates.waiting(WALLETS)).toBe(0)
        expect(listState(app)).toBe('pageFailed')
        expect(ctx(catalogueOf(app).getSnapshot()).page).toBe(1)
        // Scrolling far from the end asks nothing; back near the end, the page is asked once.
        fireEvent.scroll(await scroller(app), { target: { scrollTop: 0 } })
        await app.settle()
        expect(app.gates.waiting(WALLETS)).toBe(0)
        expect(listState(app)).toBe('pageFailed')
        await scrollToEnd(app)
        await waitFor(() => expect(app.gates.waiting(WALLETS)).toBe(1), { timeout: 1000 })
        expect(listState(app)).toBe('loadingPage')
        // Failing again: still no loop.
        await answer(app, 1, true)
        await waitFor(() => expect(listState(app)).toBe('pageFailed'))
        await new Promise((r) => setTimeout(r, 200))
        await app.settle()
        expect(app.gates.waiting(WALLETS)).toBe(0)
        expect(listState(app)).toBe('pageFailed')
        // The next scroll asks again, and this time the page comes.
        const size = await listSize(app)
        await scrollToEnd(app)
        await answer(app, 1, false)
        await waitFor(() => expect(listState(app)).toBe('ready'))
        await waitFor(async () => expect(await listSize(app)).toBe(size + cataloguePage.entries))
      }))
  })
})
