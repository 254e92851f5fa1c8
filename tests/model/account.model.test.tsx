// @vitest-environment happy-dom
import { fireEvent, within } from '@testing-library/react'
import { waitFor } from './until.ts'
import { createTestClient, createWalletClient, http, keccak256, parseEther, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { DEV_ADDRESSES } from '../../dev/accounts.ts'
import { truncateAddress } from '../../machines/format.ts'
import { accountMachine, type AccountContext, type AccountTab, type AccountTarget } from '../../machines/account.ts'
import { timing } from '../../machines/timing.ts'
import { defaultFeatures } from '../../services/features.ts'
import { en } from '../../ui/locales/en.ts'
import { arrived, connectWallet, describeWalks, featureOf, followFeature, onHeld as heldThen, renderApp, status, UNKNOWN_CHAIN, visitsInOrder, type App } from './app.tsx'
import { buildModelPaths, coverageReport, delayedEvents, formatCoverage, scenarioPath, withoutPrefixes, type ModelPath, type Step } from './coverage.ts'
import { TestFailure } from '../harness/failures.ts'

/**
 * Model-based tests of the account machine (spec §2 Account tabs, §3 account state, §5 balance and identity rules,
 * §8 'Token Balance Unavailable' and 'Failed to fetch transactions', §9 the 30 s balance retry), walked through the
 * UI: every event of the chart is a gesture of the visitor (showing the Account view, which asks for its data;
 * clicking a tab or moving between tabs with the arrow keys; scrolling the activity to its end, or its 'Load more'
 * button; Disconnect; connecting; sending funds, after which the data is read again), of the wallet's user
 * (another chain in the wallet), the manual clock (the 30 s retry back-off) or the timing of the reference
 * server's blockchain API (a balance, identity or history call held, then let through or failed).
 *
 * The account of the testnet walks is a key of this file's own, funded before each walk; `beforeAll` gives it
 * more transactions than one history page holds on the first anvil chain (11 sends to dev account 1), so its
 * activity pages by cursor. Balances are cached 30 s by the client (spec §9): a read of the same account and chain
 * within a walk after a successful one answers without a request (an `auto` event of the model).
 *
 * Regressions (found by these walks, now fixed): the wallet switching chain while Account was shown left the new
 * chain's data unloaded ('No tokens yet'; the view now asks again when the account or chain changes under it); and
 * the activity paged only with a 'Load more' button, not as the visitor scrolls (it pages as the tab
 * panel is scrolled near its end now, the button stays as a fallback).
 *
 * And with the Activity tab shown when the chain switches, the new chain's activity was not asked for: the view's
 * `account.refresh` now loads the history too when Activity is the current tab.
 */
type ModelEvent = { type: string; [key: string]: unknown }

const ownAccount = privateKeyToAccount(keccak256(toHex('latchkey account model')))
const OWN = ownAccount.address
const BOB = DEV_ADDRESSES[1]!
const A = 'eip155:31337'
const BALANCE = 'api:balance'
const HISTORY = 'api:history'
const IDENTITY = 'api:identity'
/** The names registered for the address (`/v1/profile/reverse/{address}`). */
const REVERSE = 'api:reverse'
const held = [BALANCE, HISTORY, IDENTITY, REVERSE]
/** Sends from the own account before the walks: one more than a history page (10). */
const seededSends = 11

const ctx = (s: any) => s.context as AccountContext
const eth = { name: 'Ether', symbol: 'ETH', chainId: A, value: 0, price: 0, quantity: { decimals: '18', numeric: '100' } }

type Fixture = {
  name: string
  app: Parameters<typeof renderApp>[0]
  /** The chain the wallet's user switches to (once, from 31337, before the view is shown). */
  switchTo?: number
  /** Tabs, 'Load more', Disconnect and connecting again. */
  tabs: boolean
  disconnect: boolean
  /** A send (the data is read again after it). */
  reload: boolean
  /** Balance and history calls fail too. */
  failures: boolean
  /**
   * The project's remote config (spec §6) arrives while Account shows and sets `activity`: `false` (the
   * config call answered `{ features: { activity: false } }`), or `true` over a local `activity: false` option (the
   * reference server's default answer). The root hands it to the machine as `root.flags`.
   */
  remoteActivity?: boolean
}

const base = { stored: true, authorised: true, api: true, hold: held }
const CONFIG = 'api:/directory/appkit/v1/config'
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
const fixtures: Fixture[] = [
  {
    name: 'connected on a testnet (an account with more than a page of activity)',
    app: { ...base, accounts: [ownAccount] },
    tabs: true,
    disconnect: true,
    reload: true,
    failures: true,
  },
  {
    name: 'the dapp calls the chain a mainnet: the identity is looked up',
    app: { ...base, mainnets: true },
    tabs: false,
    disconnect: false,
    reload: false,
    failures: false,
  },
  {
    name: 'on a chain the dapp does not configure',
    app: { ...base, accounts: [ownAccount], allowUnsupportedChain: true },
    switchTo: UNKNOWN_CHAIN,
    tabs: true,
    disconnect: false,
    reload: false,
    failures: false,
  },
  {
    name: "the project's remote config turns Activity off while Account shows",
    app: { ...base, accounts: [ownAccount], directory: true, hold: [...held, CONFIG] },
    tabs: true,
    disconnect: false,
    reload: false,
    failures: false,
    remoteActivity: false,
  },
  {
    name: "the dapp turns Activity off, the project's remote config turns it on",
    app: { ...base, accounts: [ownAccount], directory: true, hold: [...held, CONFIG], features: { activity: false } },
    tabs: true,
    disconnect: false,
    reload: false,
    failures: false,
    remoteActivity: true,
  },
]

/** The machine's input as the root builds it: the `activity` feature of the local options. */
const inputOf = (f: Fixture) => ({ activity: f.app!.features?.activity ?? true })

/** The account and network the root sets (root.ts `syncAccount`): the dapp's networks are testnets unless `mainnets`; others unsupported. */
function target(caipNetworkId: string, f: Fixture): AccountTarget {
  const configured = caipNetworkId === A || caipNetworkId === 'eip155:31338'
  return { address: f.app!.accounts ? OWN : DEV_ADDRESSES[0]!, caipNetworkId, namespace: 'eip155', testnet: configured && !f.app!.mainnets, supported: configured }
}

/** The root's account moment: connected (the restore, or connecting again), another chain, or disconnected (no target). */
const accountMoment = (change: 'connected' | 'changed' | 'disconnected', t: AccountTarget | undefined, gesture?: string): ModelEvent => ({
  type: 'root.account',
  change,
  account: t ? { ...t, connectorId: 'dev' } : undefined,
  holder: undefined,
  ...(gesture ? { gesture } : {}),
})
/** The root's moment brings an account (connected, or another chain). */
const isSet = (e: ModelEvent) => e.type === 'root.account' && e.account !== undefined
/** The root's moment clears the account (a disconnect). */
const isClear = (e: ModelEvent) => e.type === 'root.account' && e.account === undefined
/** The events a gesture (or the root, the clock, the cache) can produce in a state. */
function modelEvents(s: any, f: Fixture): ModelEvent[] {
  const c = ctx(s)
  const t = c.target
  const list: ModelEvent[] = []
  // Disconnected: the stored connection is restored (first), or the visitor connects the wallet (after Disconnect).
  if (!t) return [accountMoment('connected', target(A, f), 'connect')]
  const chain = Number(t.caipNetworkId.split(':')[1])
  // The view has been shown since the account was set: every gesture that hides it also resets the regions.
  const shown = !s.matches({ balances: 'idle' })
  // Set while Account showed Activity (the only way here with that tab): the view asks again by itself.
  if (!shown && c.currentTab === 'activity') return [{ type: 'account.refresh', auto: true }]
  list.push({ type: 'account.refresh' })
  // The wallet's user switches chain (the view, when shown, asks again by itself: the next `account.refresh`).
  if (f.switchTo !== undefined && chain === 31337 && (!shown || c.currentTab === 'activity')) {
    list.push(accountMoment('changed', target(`eip155:${f.switchTo}`, f), 'walletChain'))
  }
  // The remote config arrives once (first opening), while the view shows: it sets the activity feature.
  if (shown && f.remoteActivity !== undefined && c.activityEnabled !== f.remoteActivity) {
    list.push({ type: 'root.flags', flags: { ...defaultFeatures, activity: f.remoteActivity }, gesture: 'remoteConfig' })
  }
  if (shown && f.tabs) {
    // The Activity tab exists only with the feature on.
    if (c.activityEnabled) list.push({ type: 'account.selectTab', tab: 'activity' as AccountTab })
    if (c.currentTab === 'tokens') list.push({ type: 'account.selectTab', tab: 'nfts' as AccountTab, key: 'ArrowRight' })
    if (c.currentTab !== 'tokens') list.push({ type: 'account.selectTab', tab: 'tokens' as AccountTab })
    if (c.currentTab === 'activity' && s.matches({ activity: 'ready' }) && c.cursor !== null) {
      // The visitor scrolls the activity to its end (the walks' gesture); the 'Load more' button does the same.
      list.push({ type: 'account.loadMoreActivity', gesture: 'scroll' })
      list.push({ type: 'account.loadMoreActivity', gesture: 'button' })
    }
  }
  // (Not while the names are on their way: connected again, the same account's names are known or asked again.)
  if (shown && f.disconnect && !s.matches({ names: 'loading' })) list.push(accountMoment('disconnected', undefined))
  if (shown && f.reload && s.matches({ balances: 'ready' }) && ['idle', 'ready', 'failed'].some((v) => s.matches({ activity: v }))) list.push({ type: 'account.reload' })
  // Outcomes of the calls.
  if (s.matches({ balances: 'loading' })) {
    if (c.tokens.length > 0) list.push({ type: 'xstate.done.actor.fetchBalances', output: [eth], auto: true })
    else {
      list.push({ type: 'xstate.done.actor.fetchBalances', output: [eth] })
      if (f.failures) list.push({ type: 'xstate.error.actor.fetchBalances', error: new TypeError('Failed to fetch') })
    }
  }
  if (s.matches({ balances: 'reloading' })) {
    list.push({ type: 'xstate.done.actor.reloadBalances', output: [eth] })
    list.push({ type: 'xstate.error.actor.reloadBalances', error: new TypeError('Failed to fetch') })
  }
  if (s.matches({ identity: 'loading' })) {
    list.push({ type: 'xstate.done.actor.fetchIdentity', output: { name: 'alice.reown.id', avatar: null } })
    list.push({ type: 'xstate.error.actor.fetchIdentity', error: new TypeError('Failed to fetch') })
  }
  if (s.matches({ names: 'loading' })) {
    // The reference server's answer for an account without a name; a failure where the fixture fails calls.
    list.push({ type: 'xstate.done.actor.fetchNames', output: [] })
    if (f.failures) list.push({ type: 'xstate.error.actor.fetchNames', error: new TypeError('Failed to fetch') })
  }
  if (s.matches({ activity: 'loading' })) {
    // On a chain the dapp does not configure the client answers an empty page without a request.
    if (!t.supported) list.push({ type: 'xstate.done.actor.fetchHistory', output: { data: [], next: null }, auto: true })
    else {
      list.push({ type: 'xstate.done.actor.fetchHistory', output: { data: [], next: 'next-page' } })
      if (f.failures) list.push({ type: 'xstate.error.actor.fetchHistory', error: new TypeError('Failed to fetch') })
    }
  }
  if (s.matches({ activity: 'loadingMore' })) {
    list.push({ type: 'xstate.done.actor.fetchMoreHistory', output: { data: [], next: null } })
    list.push({ type: 'xstate.error.actor.fetchMoreHistory', error: new TypeError('Failed to fetch') })
  }
  // The visitor's Try again: under 'Token Balance Unavailable' once the back-off is over (Tokens or NFTs shown), and
  // under 'Failed to fetch transactions' (Activity shown).
  if (shown && t.supported && c.currentTab !== 'activity' && s.matches({ balances: { unavailable: 'retryable' } })) list.push({ type: 'account.retry', gesture: 'tryAgain' })
  if (shown && c.currentTab === 'activity' && s.matches({ activity: 'failed' })) list.push({ type: 'account.retry', gesture: 'tryAgain' })
  // The 30 s back-off ends by moving the clock: only while no call is on its way (the move would end that load too).
  list.push(...delayedEvents(s).filter((e) => (e.type.includes('accountLoadTimeout') ? offersLoadTimeout(s, f) : !e.type.includes('balanceRetry') || !isLoading(s))))
  return list
}

/**
 * A load without an answer ends after `accountLoadTimeout` (spec §9): the walk moves the manual clock by it while the
 * call is held. Moving the clock ends every region's load at once, so the model offers the timeout only while one
 * region loads (a held call, not one the cache or the client answers by itself), and not during the 30 s balance
 * back-off (the same move would count towards it). Balances, names and history time out where the fixture fails
 * calls; the identity (looked up on mainnets only) wherever it loads.
 */
/** Whether a region waits for a call (each is bounded by `accountLoadTimeout`). */
const isLoading = (s: any) =>
  ['loading', 'reloading'].some((v) => s.matches({ balances: v })) || s.matches({ identity: 'loading' }) || s.matches({ names: 'loading' }) || ['loading', 'loadingMore'].some((v) => s.matches({ activity: v }))

function offersLoadTimeout(s: any, f: Fixture): boolean {
  const c = ctx(s)
  const loading = [
    s.matches({ balances: 'loading' }) || s.matches({ balances: 'reloading' }),
    s.matches({ identity: 'loading' }),
    s.matches({ names: 'loading' }),
    s.matches({ activity: 'loading' }) || s.matches({ activity: 'loadingMore' }),
  ]
  if (loading.filter(Boolean).length !== 1) return false
  if (s.matches({ balances: { unavailable: 'coolingDown' } })) return false
  if (s.matches({ balances: 'loading' }) && c.tokens.length > 0) return false
  if (s.matches({ activity: 'loading' }) && !c.target?.supported) return false
  return f.failures || s.matches({ identity: 'loading' })
}

/** What the traversal tells apart: the state, the chain, the tab, whether tokens are loaded and whether a next page exists. */
const serialize = (s: any) =>
  JSON.stringify({
    v: s.value,
    t: ctx(s).target?.caipNetworkId ?? null,
    tab: ctx(s).currentTab,
    tok: ctx(s).tokens.length > 0,
    cur: ctx(s).cursor !== null,
    act: ctx(s).activityEnabled,
    nf: ctx(s).namesFor !== undefined,
  })

const runs: Array<{ fixture: Fixture } & ReturnType<typeof buildModelPaths>> = []
/**
 * A path of the root's account moments alone (the restore, the wallet's chain) ends before Account first opens: its walk
 * asserts that the account machine is not spawned yet, which a longer path through it does not.
 */
const beforeAccount = (path: ModelPath) => path.steps.every((s) => s.event.type === 'root.account')
for (const fixture of fixtures) {
  // The paths a longer one starts with are walked by it (walk() checks each step's state and view as it ends a path).
  const built = buildModelPaths(accountMachine, { input: inputOf(fixture), events: (s) => modelEvents(s, fixture) as never, serialize: serialize as never, covered: runs })
  runs.push({ fixture, ...withoutPrefixes(built, beforeAccount) })
}

/** The shortest path to a state where `where` holds, then `then` (each the first event of that state it matches). */
const scenario = (fixture: Fixture, where: (s: any) => boolean, then: Array<(e: ModelEvent) => boolean>): ModelPath =>
  scenarioPath(accountMachine, { input: inputOf(fixture), events: (s: any) => modelEvents(s, fixture), serialize }, where, then)

// ---------------------------------------------------------------- chain

const rpc1 = () => inject('anvilRpc1')
/** The own account's funds: 100 ETH before each walk. */
async function fund() {
  await createTestClient({ mode: 'anvil', transport: http(rpc1()) }).setBalance({ address: OWN, value: parseEther('100') })
}
/** More than a page of activity on the first chain: sends from the own account to dev account 1. */
async function seedHistory() {
  await fund()
  const client = createWalletClient({ account: ownAccount, chain: { ...anvil, rpcUrls: { default: { http: [rpc1()] } } }, transport: http(rpc1()) })
  for (let i = 0; i < seededSends; i++) await client.sendTransaction({ to: BOB, value: parseEther('0.001') })
}

// ---------------------------------------------------------------- gestures

/** The account machine, once Account first opened. */
const accountOf = (app: App) => featureOf(app, 'account')!
const tabpanel = (app: App) => within(app.dialog()!).getByRole('tabpanel')

/**
 * The visitor scrolls the tab panel to its top or its end. happy-dom lays nothing out, so the panel is given the
 * sizes of its rows (64 px each and the button below) in a 300 px view: with a page of 10 rows the top is far from
 * the end; a list shorter than the view is at its end wherever it is scrolled.
 */
async function scrollPanel(app: App, to: 'end' | 'top') {
  const panel = tabpanel(app)
  const clientHeight = 300
  const scrollHeight = Math.max(clientHeight, within(panel).queryAllByRole('listitem').length * 64 + 48)
  Object.defineProperty(panel, 'clientHeight', { configurable: true, value: clientHeight })
  Object.defineProperty(panel, 'scrollHeight', { configurable: true, value: scrollHeight })
  fireEvent.scroll(panel, { target: { scrollTop: to === 'end' ? scrollHeight - clientHeight : 0 } })
  await app.settle()
}

/** Waits for a held call of `key`, then lets every held one through (or fails them). */
const onHeld = (app: App, key: string, fail: boolean) =>
  heldThen(app, key, async () => {
    while (app.gates.waiting(key)) await (fail ? app.gates.fail(key, new TypeError('Failed to fetch')) : app.gates.release(key))
  })

/** The Account view is shown afresh (the modal opens, closed first when open): the view asks for its data. */
async function showAccount(app: App) {
  await app.close()
  await app.ensureOpen()
  await app.get('tablist', en.accountTabs)
}

/** A native send from Account (0.001 ETH to dev account 1), approved in the wallet; the data is read again after it. */
async function sendFunds(app: App) {
  await app.clickInDialog('button', en.send)
  // The send machine arrives with Send's first opening; the form is used once it is there (its Review
  // button is enabled before, and the root drops a review meant for a feature still being fetched).
  await arrived(app, 'send')
  // The form's balances: the cache answers (the Account view read them), else let the read through.
  while (app.gates.waiting(BALANCE)) await app.gates.release(BALANCE)
  await app.type(en.amount, '0.001')
  await app.type(en.receiver, BOB)
  await waitFor(async () => {
    while (app.gates.waiting(BALANCE)) await app.gates.release(BALANCE)
    expect(within(app.dialog()!).getByRole('button', { name: en.reviewSend }).hasAttribute('disabled')).toBe(false)
  })
  await app.clickInDialog('button', en.reviewSend)
  // The preview, once the fee is estimated.
  await app.get('dialog', en.titles.SendPreview)
  let confirm: HTMLElement | undefined
  await waitFor(() => {
    confirm = within(app.dialog()!).getByRole('button', { name: en.confirmSend })
    expect(confirm.hasAttribute('disabled')).toBe(false)
  })
  fireEvent.click(confirm!)
  await app.settle()
  await app.walletAnswer('Approve')
  // The receipt (polled by the transfer adapter), then Account again.
  await waitFor(
    async () => {
      await app.settle()
      if (!app.find('tablist', en.accountTabs)) throw new TestFailure('not back on Account')
    },
    { timeout: 10_000 },
  )
}

/** One gesture per event (none for what the cache or the client answers by itself). */
async function perform(app: App, event: any, first: boolean) {
  const type: string = event.type
  if (event.auto) return app.settle()
  if (isSet(event)) {
    if (event.gesture === 'walletChain') return app.selectInPanel('Wallet chain', event.account.caipNetworkId.split(':')[1])
    // The stored connection restores by itself; after Disconnect the visitor connects again.
    if (first) return void (await app.get('button', /0x/))
    await connectWallet(app)
    return void (await app.get('button', /0x/))
  }
  if (type === 'account.refresh') return showAccount(app)
  if (type === 'account.selectTab') {
    if (event.key) {
      const current = within(app.dialog()!).getByRole('tab', { selected: true })
      fireEvent.keyDown(current, { key: event.key })
      return app.settle()
    }
    return app.clickInDialog('tab', en.tabs[event.tab as AccountTab])
  }
  if (type === 'account.loadMoreActivity') return event.gesture === 'button' ? app.clickInDialog('button', en.loadMore) : scrollPanel(app, 'end')
  if (isClear(event)) return app.clickInDialog('button', en.disconnect)
  if (type === 'account.reload') return sendFunds(app)
  // The directory answers the project's config: activity off (answered by the test), or the server's default (on).
  if (type === 'root.flags') {
    return heldThen(app, CONFIG, () => (event.flags.activity ? app.gates.release(CONFIG) : app.gates.answer(CONFIG, json({ features: { activity: false } }))))
  }
  if (type === 'xstate.done.actor.fetchBalances') {
    // (After Disconnect and connecting again, the client's cache may still answer for the same account.)
    await waitFor(() => {
      if (!app.gates.waiting(BALANCE) && accountOf(app).getSnapshot().matches({ balances: 'loading' })) throw new TestFailure(`no ${BALANCE} waiting`)
    })
    while (app.gates.waiting(BALANCE)) await app.gates.release(BALANCE)
    return app.settle()
  }
  if (type === 'xstate.done.actor.reloadBalances') return onHeld(app, BALANCE, false)
  if (type === 'xstate.error.actor.fetchBalances' || type === 'xstate.error.actor.reloadBalances') return onHeld(app, BALANCE, true)
  if (type === 'xstate.done.actor.fetchIdentity') return onHeld(app, IDENTITY, false)
  if (type === 'xstate.error.actor.fetchIdentity') return onHeld(app, IDENTITY, true)
  if (type === 'xstate.done.actor.fetchNames') return onHeld(app, REVERSE, false)
  if (type === 'xstate.error.actor.fetchNames') return onHeld(app, REVERSE, true)
  if (type === 'xstate.done.actor.fetchHistory' || type === 'xstate.done.actor.fetchMoreHistory') return onHeld(app, HISTORY, false)
  if (type === 'xstate.error.actor.fetchHistory' || type === 'xstate.error.actor.fetchMoreHistory') return onHeld(app, HISTORY, true)
  if (type === 'account.retry') return app.clickInDialog('button', en.tryAgain)
  if (type.startsWith('xstate.after.') && type.includes('accountLoadTimeout')) {
    // The held call never answers: the clock reaches the bound. The call is failed afterwards (its actor is gone; a
    // failure is not cached, so the next load asks again).
    app.clock.advance(timing.accountLoadTimeout)
    await app.settle()
    for (const key of held) while (app.gates.waiting(key)) await app.gates.fail(key, new TypeError('Failed to fetch'))
    return app.settle()
  }
  if (type.startsWith('xstate.after.') && type.includes('balanceRetry')) {
    app.clock.advance(timing.balanceRetry)
    return app.settle()
  }
  throw new TestFailure(`No gesture for ${type}: every event of the model needs one`)
}

/** Plain assertions after a step. */
async function check(app: App, _fixture: Fixture, event: any, state: string, before: { rows: number }) {
  const snapshot = accountOf(app).getSnapshot()
  const c = ctx(snapshot)
  const value = JSON.parse(state)
  const open = Boolean(app.find('tablist', en.accountTabs))
  if (isSet(event)) {
    expect(c.target?.address.toLowerCase()).toBe(app.wallet.state.address.toLowerCase())
    expect(c.target?.caipNetworkId).toBe(`eip155:${app.wallet.state.chainId}`)
  }
  if (isClear(event)) {
    await waitFor(() => expect(status(app)).toBe('disconnected'))
    expect(app.dialog()).toBeNull()
    expect(c.currentTab).toBe('tokens')
  }
  if (event.type === 'root.flags') {
    // The answer reaches the machine through the root (the state value does not change: wait for the flag).
    await waitFor(() => expect(ctx(accountOf(app).getSnapshot()).activityEnabled).toBe(event.flags.activity))
    expect(app.modal.getState().features.activity).toBe(event.flags.activity)
    if (open) {
      // The view follows at once (no reload): the tab is there or gone; gone, Tokens is the current tab.
      await waitFor(() => expect(within(app.dialog()!).queryByRole('tab', { name: en.tabs.activity }) !== null).toBe(event.flags.activity))
      if (!event.flags.activity) expect(within(app.dialog()!).getByRole('tab', { selected: true }).textContent).toBe(en.tabs.tokens)
    }
  }
  // With the feature off no history is ever requested.
  if (!c.activityEnabled) expect(app.gates.waiting(HISTORY)).toBe(0)
  if (event.type === 'account.selectTab' && open) {
    expect(within(app.dialog()!).getByRole('tab', { selected: true }).textContent).toBe(en.tabs[event.tab as AccountTab])
    expect(c.currentTab).toBe(event.tab)
  }
  // The next page of the activity, asked once (by the scroll or the button).
  if (event.type === 'account.loadMoreActivity') await waitFor(() => expect(app.gates.waiting(HISTORY)).toBe(1))
  // A retry only 30 s after a failure (spec §9): shown again before that, nothing is asked.
  if (event.type === 'account.refresh' && value.balances?.unavailable === 'coolingDown') {
    await app.settle()
    expect(app.gates.waiting(BALANCE)).toBe(0)
  }
  if (!open) return
  const panel = tabpanel(app)
  if (c.currentTab === 'tokens' || c.currentTab === 'nfts') {
    // 'Token Balance Unavailable' on a failure or an unsupported network (spec §8).
    if (value.balances && typeof value.balances === 'object' && value.balances.unavailable) {
      await waitFor(() => expect(tabpanel(app).textContent).toContain(en.balanceUnavailable))
      // Its Try again: disabled during the 30 s back-off, enabled after it; none where the API does not serve the network.
      const retry = within(tabpanel(app)).queryByRole('button', { name: en.tryAgain })
      if (!c.target?.supported) expect(retry).toBeNull()
      else await waitFor(() => expect(within(tabpanel(app)).getByRole('button', { name: en.tryAgain }).hasAttribute('disabled')).toBe(value.balances.unavailable === 'coolingDown'))
    }
    if (value.balances === 'ready' && c.currentTab === 'tokens') await waitFor(() => expect(tabpanel(app).textContent).toMatch(/Ether[\s\S]*ETH/))
  }
  if (c.currentTab === 'activity') {
    if (value.activity === 'failed') {
      await waitFor(() => expect(tabpanel(app).textContent).toContain(en.activityFailed))
      expect(within(panel).queryByRole('button', { name: en.loadMore })).toBeNull()
      expect(within(tabpanel(app)).getByRole('button', { name: en.tryAgain }).hasAttribute('disabled')).toBe(false)
    }
    if (value.activity === 'ready') {
      if (c.target?.supported) {
        // The activity by month, newest first; a first page of 10 with a cursor: 'Load more'.
        await waitFor(() => expect(within(tabpanel(app)).getAllByRole('listitem').length).toBeGreaterThan(0))
        if (event.type === 'xstate.done.actor.fetchHistory') {
          expect(within(tabpanel(app)).getAllByRole('listitem')).toHaveLength(10)
          expect(within(tabpanel(app)).getByRole('button', { name: en.loadMore })).toBeTruthy()
        }
        if (event.type === 'xstate.done.actor.fetchMoreHistory') expect(within(tabpanel(app)).getAllByRole('listitem').length).toBeGreaterThan(before.rows)
      } else await waitFor(() => expect(tabpanel(app).textContent).toContain(en.noActivity))
    }
  }
  // Identity: on eip155 mainnets the name replaces the address; elsewhere (or failed) the truncated address.
  if (value.identity === 'ready') await waitFor(() => expect(within(app.dialog()!).getByTestId('account-address').textContent).toBe('alice.reown.id'))
  if (value.identity === 'cleared') expect(within(app.dialog()!).getByTestId('account-address').textContent).toBe(truncateAddress(c.target!.address))
  // Names: a failed reverse lookup says so word for word and offers nothing; known to be none (and no
  // identity name), Account offers to register one. (Between, the view may have asked again by itself, or the
  // client's 5-minute name cache answered: the step's own state is checked only where it is settled.)
  const dialog = within(app.dialog()!)
  const entry = () => dialog.queryByRole('button', { name: en.names.accountEntry })
  if (value.names === 'failed') {
    await waitFor(() => expect(dialog.getByTestId('account-names-failed').textContent).toBe(en.names.messages.reverseFailed))
    expect(entry()).toBeNull()
  } else if (value.names === 'ready' || value.names === 'cleared') expect(dialog.queryByTestId('account-names-failed')).toBeNull()
  const settled = (v: unknown) => v === 'ready' || v === 'cleared'
  if (settled(value.identity) && settled(value.names) && !isSet(event)) {
    await waitFor(() => expect(entry() !== null).toBe(!c.identity.name && c.names.length === 0))
  }
  // No balance request on a chain the dapp does not configure (spec §7).
  if (c.target && !c.target.supported) expect(app.gates.waiting(BALANCE)).toBe(0)
}

async function walk(fixture: Fixture, path: ModelPath, after?: (app: App) => Promise<void>) {
  await fund()
  const app = await renderApp(fixture.app)
  try {
    // The account machine is spawned when Account first opens, with the account of that moment: the
    // steps before it (the restore, the wallet's chain) are checked, in order, once it is there.
    const account = followFeature(app, 'account')
    const visited = account.visited
    const early: string[] = []
    // Where the previous step's state was seen: what the view does by itself may be over before its step starts.
    let reached = 0
    for (const [i, step] of path.steps.entries()) {
      const from = early.length ? 0 : (step.event as ModelEvent).auto ? reached : Math.max(0, visited.length - 1)
      const rows = app.find('tabpanel', /.*/) ? within(tabpanel(app)).queryAllByRole('listitem').length : 0
      await perform(app, step.event, i === 0)
      if (!account.ref) {
        early.push(step.state)
        continue
      }
      await waitFor(
        () => {
          if (early.length && !visitsInOrder(visited, early)) throw new TestFailure(`before Account opened expected ${early.join(' > ')}, visited ${visited.join(' > ')}`)
          if (!visited.slice(from).includes(step.state)) throw new TestFailure(`after ${step.event.type} expected ${step.state}, visited ${visited.slice(from).join(' > ')}`)
        },
        { timeout: 5000 },
      )
      early.length = 0
      reached = visited.indexOf(step.state, from)
      // A set or clear stops the calls on their way: the server answers them now (their actors are gone).
      if (step.event.type === 'root.account') for (const key of held) while (app.gates.waiting(key)) await app.gates.release(key)
      await check(app, fixture, step.event, step.state, { rows })
    }
    account.stop()
    // The initial path, or one that ends before Account opened: no account machine yet.
    if (early.length || path.steps.length === 0) expect(account.ref).toBeUndefined()
    else expect(visited).toContain(path.target)
    await after?.(app)
  } finally {
    await app.dispose()
  }
}

const stepName = (s: Step, i: number) => {
  const e = s.event as ModelEvent
  const name = e.type
    .replace('xstate.', '')
    .replace('account.', '')
    .replace(/^after\.(\w+)\..*/, 'after.$1')
  const detail = i === 0 ? 'restore' : (e.gesture ?? e.key ?? (e.tab as string | undefined) ?? (e.auto ? 'auto' : ''))
  return detail ? `${name}(${String(detail)})` : name
}

describe('account model: walked in the UI', () => {
  beforeAll(seedHistory, 60_000)
  afterAll(() => console.log(formatCoverage('account (model paths walked in the UI)', coverageReport(accountMachine, runs))))

  test('coverage: the walks reach every state and fire every transition of the account machine', () => {
    const report = coverageReport(accountMachine, runs)
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })

  describeWalks(runs, stepName, walk)

  describe('the rules, each walked once', () => {
    const testnet = fixtures[0]!
    const scenarios: Array<{ name: string; path: ModelPath }> = [
      {
        name: "'Token Balance Unavailable': shown again within 30 s nothing is asked; after 30 s it is",
        path: scenario(testnet, (s) => s.matches({ balances: { unavailable: 'coolingDown' } }) && !isLoading(s), [
          (e) => e.type === 'account.refresh',
          (e) => e.type.startsWith('xstate.after.'),
          (e) => e.type === 'account.refresh',
          (e) => e.type === 'xstate.done.actor.fetchBalances',
        ]),
      },
      {
        name: "a balance call with no answer: 'Token Balance Unavailable' after the load timeout, Try again (enabled after 30 s) loads them",
        path: scenario(testnet, (s) => s.matches({ balances: 'loading' }) && !s.matches({ names: 'loading' }) && !s.matches({ identity: 'loading' }), [
          (e) => e.type.includes('accountLoadTimeout'),
          (e) => e.type.includes('balanceRetry'),
          (e) => e.type === 'account.retry',
          (e) => e.type === 'xstate.done.actor.fetchBalances',
        ]),
      },
      {
        name: 'Disconnect, then connecting again: the view shows the account afresh, on the Tokens tab',
        path: scenario(testnet, (s) => s.matches({ balances: 'ready' }) && !s.matches({ names: 'loading' }) && ctx(s).currentTab === 'activity', [
          isClear,
          isSet,
          (e) => e.type === 'account.refresh',
          (e) => e.type === 'xstate.done.actor.fetchBalances',
        ]),
      },
      {
        name: "the 'Load more' button still pages the activity (keyboards, lists too short to scroll)",
        path: scenario(testnet, (s) => s.matches({ activity: 'ready' }) && ctx(s).cursor !== null && ctx(s).currentTab === 'activity', [
          (e) => e.type === 'account.loadMoreActivity' && e.gesture === 'button',
          (e) => e.type === 'xstate.done.actor.fetchMoreHistory',
        ]),
      },
    ]
    for (const { name, path } of scenarios) test(`${name}: ${path.steps.map(stepName).join(' → ')}`, () => walk(testnet, path), 30_000)

    const remoteOff = fixtures.find((f) => f.remoteActivity === false)!
    const offWhileShown = scenario(remoteOff, (s) => s.matches({ activity: 'ready' }) && ctx(s).currentTab === 'activity' && ctx(s).activityEnabled, [(e) => e.type === 'root.flags'])
    test(
      `the remote config turns Activity off while its tab shows: Tokens, the history dropped, none asked again: ${offWhileShown.steps.map(stepName).join(' → ')}`,
      () =>
        walk(remoteOff, offWhileShown, async (app) => {
          expect(ctx(accountOf(app).getSnapshot()).transactions).toEqual([])
          await showAccount(app)
          app.modal.refreshBalance()
          await app.settle()
          expect(app.gates.waiting(HISTORY)).toBe(0)
          expect(within(app.dialog()!).queryByRole('tab', { name: en.tabs.activity })).toBeNull()
        }),
      30_000,
    )
  })

  /**
   * Activity: "paging by cursor as the visitor scrolls". The Activity tab (ui/views/AccountTabs.tsx)
   * paged only with its 'Load more' button: no element listened for scrolling. The tab panel now asks for the next
   * page when scrolled within 80 px of its bottom (with a cursor, nothing on its way); the button stays.
   */
  describe('regression (found by these walks): the activity pages as the visitor scrolls', () => {
    const testnet = fixtures[0]!
    const path = scenario(testnet, (s) => s.matches({ activity: 'ready' }) && ctx(s).cursor !== null && ctx(s).currentTab === 'activity', [])
    const activity = (app: App) => accountOf(app).getSnapshot().value as { activity: string }

    test(`scrolling the activity near its end asks for the next page once; far from it, nothing: ${path.steps.map(stepName).join(' → ')}`, () =>
      walk(testnet, path, async (app) => {
        expect(within(tabpanel(app)).getAllByRole('listitem')).toHaveLength(10)
        // Far from the end: nothing.
        await scrollPanel(app, 'top')
        expect(app.gates.waiting(HISTORY)).toBe(0)
        expect(activity(app).activity).toBe('ready')
        // Near the end: the next page, once (scrolling on while it is on its way asks nothing more).
        await scrollPanel(app, 'end')
        await waitFor(() => expect(app.gates.waiting(HISTORY)).toBe(1), { timeout: 1000 })
        expect(activity(app).activity).toBe('loadingMore')
        await scrollPanel(app, 'end')
        expect(app.gates.waiting(HISTORY)).toBe(1)
        await onHeld(app, HISTORY, false)
        await waitFor(() => expect(activity(app).activity).toBe('ready'))
        await waitFor(() => expect(within(tabpanel(app)).getAllByRole('listitem').length).toBeGreaterThan(10))
        // The last page (no cursor): no button, and scrolling asks nothing.
        expect(ctx(accountOf(app).getSnapshot()).cursor).toBeNull()
        expect(within(tabpanel(app)).queryByRole('button', { name: en.loadMore })).toBeNull()
        await scrollPanel(app, 'end')
        expect(app.gates.waiting(HISTORY)).toBe(0)
      }))
  })

  /**
   * The Account view asked for its data only when it mounted (ui/views/AccountTabs.tsx `useEffect(() => data.refresh(), [])`),
   * and `root.account` (machines/account.ts; the root's account moment on every chain or account change) puts every region
   * back in `idle` with the tokens, identity and activity cleared. When the wallet switched chain while Account was
   * shown, nothing asked again: the Tokens tab said 'No tokens yet' for the new chain until the visitor closed and
   * opened the modal. The effect now depends on the view model's `targetKey` (chain and address).
   */
  describe("regression (found by these walks): the wallet switches chain while Account is shown: the new chain's data is asked for", () => {
    const testnet = fixtures[0]!
    const path = scenario(testnet, (s) => s.matches({ balances: 'ready' }) && ctx(s).currentTab === 'tokens', [])
    const switchChain = async (app: App) => {
      await app.selectInPanel('Wallet chain', '31338')
      await waitFor(() => expect(ctx(accountOf(app).getSnapshot()).target?.caipNetworkId).toBe('eip155:31338'))
      await app.settle()
    }

    test(`the new chain's balances are asked for while the view is shown, and shown: ${path.steps.map(stepName).join(' → ')}`, () =>
      walk(testnet, path, async (app) => {
        expect(tabpanel(app).textContent).toMatch(/Ether[\s\S]*ETH/)
        await switchChain(app)
        expect(app.find('tablist', en.accountTabs)).not.toBeNull()
        await waitFor(() => expect(app.gates.waiting(BALANCE)).toBe(1), { timeout: 1000 })
        expect(accountOf(app).getSnapshot().matches({ balances: 'loading' })).toBe(true)
        expect(tabpanel(app).textContent).toBe(en.loading)
        await onHeld(app, BALANCE, false)
        await waitFor(() => expect(accountOf(app).getSnapshot().matches({ balances: 'ready' })).toBe(true))
        await waitFor(() => expect(tabpanel(app).textContent).toMatch(/Ether[\s\S]*ETH/))
        expect(ctx(accountOf(app).getSnapshot()).tokens.every((t) => t.chainId === 'eip155:31338')).toBe(true)
      }))

    /** Regression (found by these walks): with Activity shown when the chain switches, the new chain's history is asked. */
    describe("on the Activity tab the new chain's activity is asked for", () => {
      const onActivity = scenario(testnet, (s) => s.matches({ balances: 'ready' }) && s.matches({ activity: 'ready' }) && ctx(s).currentTab === 'activity', [])

      test("the new chain's activity is asked for while the Activity tab is shown", () =>
        walk(testnet, onActivity, async (app) => {
          await switchChain(app)
          await waitFor(() => expect(app.gates.waiting(HISTORY)).toBe(1), { timeout: 1000 })
        }))
    })
  })
})
