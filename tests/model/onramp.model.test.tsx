// @vitest-environment happy-dom
import { waitFor } from './until.ts'
import { afterAll, afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { DEV_ADDRESSES } from '../../dev/accounts.ts'
import { defaultDataset } from '../../dev/api/dataset.ts'
import { onrampMachine, type OnrampContext } from '../../machines/onramp.ts'
import { fallbackOnrampOptions, placeholderOnrampQuote } from '../../services/blockchain.ts'
import { timing } from '../../machines/timing.ts'
import { en } from '../../ui/locales/en.ts'
import { followFeature, onHeld as heldThen, renderApp, visitsInOrder, type App } from './app.tsx'
import { buildModelPaths, coverageReport, delayedEvents, formatCoverage, withoutPrefixes, type ModelPath } from './coverage.ts'
import { ForeignError, TestFailure } from '../harness/failures.ts'

/**
 * Model-based tests of the on-ramp machine, walked through the UI: every event is a gesture of the visitor
 * (Account's Buy, typing the amount, choosing currencies, method and provider, Continue, Cancel purchase, Buy more,
 * closing the checkout window, another chain in the wallet, Disconnect) or the timing and answers of the reference
 * server (the options, quote, on-ramp URL and history calls held at their gates, then let through, failed, or answered
 * with the purchase the provider settled), the wallet's receipt of the purchase's transfer (mined, or reverted) and the
 * poll's delay on the manual clock. The checkout window is a stand-in
 * (`window.open` is replaced: happy-dom opens no real window); the server is the real one of the global setup.
 */
type ModelEvent = { type: string; [key: string]: unknown }

const ACCOUNT = DEV_ADDRESSES[0]!
const A = 'eip155:31337'
const OPTIONS = 'api:/blockchain/v1/onramp/options'
const QUOTE = 'api:/blockchain/v1/onramp/quote'
const URL_KEY = 'api:/blockchain/v1/generators/onrampurl'
const HISTORY = 'api:history'
const RECEIPT = 'eth_getTransactionReceipt'
const held = [OPTIONS, QUOTE, URL_KEY, HISTORY, RECEIPT]
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const target = (caipNetworkId = A) => ({ address: ACCOUNT, caipNetworkId, namespace: 'eip155', connectorId: 'dev.latchkey.wallet' })
/** The root's account moment: the wallet's account or chain is now `account` (none: disconnected); `holder` holds the screen. */
const accountMoment = (change: 'changed' | 'disconnected', caipNetworkId: string | undefined, holder?: 'onramp'): ModelEvent => ({
  type: 'root.account',
  change,
  account: caipNetworkId ? { ...target(caipNetworkId), supported: true, testnet: true } : undefined,
  holder,
})

const ctx = (s: any) => s.context as OnrampContext
/** The reference server's on-ramp options (dev/api/dataset.ts). */
const { paymentCurrencies, purchaseCurrencies } = defaultDataset()
const serverOptions = { paymentCurrencies: [...paymentCurrencies], purchaseCurrencies: [...purchaseCurrencies] }
/** What the traversal tells apart: the state, the form's choices (each made once per path), the baseline and the outcomes. */
const serialize = (s: any) =>
  JSON.stringify({
    v: s.value,
    t: ctx(s).target?.caipNetworkId,
    a: ctx(s).amount,
    c: ctx(s).purchaseCurrency,
    p: ctx(s).paymentCurrency,
    m: ctx(s).paymentMethod,
    r: ctx(s).provider,
    o: ctx(s).options?.sample,
    b: ctx(s).baseline !== undefined,
    e: ctx(s).quoteEstimate,
    f: Boolean(ctx(s).failure),
  })

/** The events a gesture (or the server, or the clock) can produce in a state. */
function modelEvents(s: any): ModelEvent[] {
  const c = ctx(s)
  // Disconnected: nothing to buy for (the walk ends there).
  if (!c.target) return []
  const list: ModelEvent[] = []
  // Account's Buy (it opens the form: `onramp.start` raises `onramp.open`), or the page's `open({ view: 'OnRamp' })`.
  if (s.matches('idle')) list.push({ type: 'onramp.open' }, { type: 'onramp.start' }, { type: 'root.open', view: 'OnRamp' })
  if (s.matches('loading')) {
    list.push({ type: 'xstate.done.actor.fetchOptions', output: { options: serverOptions, sample: false } })
    list.push({ type: 'xstate.done.actor.fetchOptions', output: { options: fallbackOnrampOptions, sample: true }, fails: true })
  }
  const editable = s.matches({ form: 'empty' }) || s.matches({ form: 'invalid' }) || s.matches({ form: 'quoted' })
  if (editable) {
    if (c.amount === '') for (const amount of ['50', '5']) list.push({ type: 'onramp.setAmount', amount })
    if (c.amount === '5') list.push({ type: 'onramp.setAmount', amount: '20' })
    if (c.paymentMethod === 'card') list.push({ type: 'onramp.setPaymentMethod', method: 'ach_bank_account' })
    if (c.paymentCurrency === 'USD') list.push({ type: 'onramp.setPaymentCurrency', currency: 'EUR' })
    // Only the sample options offer a second token on the dev chain (the server sells ETH there).
    if (c.options?.sample && c.purchaseCurrency === 'ETH') list.push({ type: 'onramp.setPurchaseCurrency', currency: 'USDC' })
    if (c.provider === 'meld') list.push({ type: 'onramp.chooseProvider' }, { type: 'onramp.pickProvider', provider: 'coinbase' })
    // Another chain in the wallet (on the on-ramp's views, or from Account), or a disconnect.
    if (s.matches({ form: 'empty' }) && c.target.caipNetworkId === A) {
      list.push(accountMoment('changed', 'eip155:31338', 'onramp'), accountMoment('changed', 'eip155:31338'), accountMoment('disconnected', undefined))
    }
  }
  if (s.matches({ form: 'quoting' })) {
    const quoted = { purchaseCurrency: c.purchaseCurrency ?? '', paymentCurrency: c.paymentCurrency ?? '', amount: c.amount }
    list.push({ type: 'xstate.done.actor.fetchQuote', output: { ...placeholderOnrampQuote(quoted), quoteId: 'live' } })
    list.push({ type: 'xstate.done.actor.fetchQuote', output: placeholderOnrampQuote(quoted), fails: true })
  }
  if (s.matches({ form: 'quoted' })) list.push({ type: 'onramp.continue' })
  if (s.matches('checkout')) list.push({ type: 'onramp.cancel' }, { type: 'root.back', view: 'OnRampCheckout' })
  // Closed and opened again meanwhile: Account's Buy shows the purchase being followed.
  if (s.matches({ checkout: { following: 'waiting' } })) list.push({ type: 'onramp.start', following: true })
  if (s.matches({ checkout: 'generating' })) {
    list.push({ type: 'xstate.done.actor.generateUrl', output: 'url' })
    list.push({ type: 'xstate.error.actor.generateUrl', error: new ForeignError('503') })
  }
  if (s.matches({ checkout: { following: 'polling' } })) {
    if (c.baseline === undefined) list.push({ type: 'xstate.done.actor.pollPurchase', output: { purchases: [], closed: false }, answer: 'baseline' })
    else {
      list.push({ type: 'xstate.done.actor.pollPurchase', output: { purchases: [purchase], closed: false }, answer: 'settled' })
      list.push({ type: 'xstate.done.actor.pollPurchase', output: { purchases: [oddPurchase], closed: false }, answer: 'settledOdd' })
      list.push({ type: 'xstate.done.actor.pollPurchase', output: { purchases: [], closed: true }, answer: 'closed' })
      list.push({ type: 'xstate.done.actor.pollPurchase', output: { purchases: [], closed: false }, answer: 'nothing' })
    }
    list.push({ type: 'xstate.error.actor.pollPurchase', error: new ForeignError('503') })
  }
  if (s.matches('settling')) {
    list.push({ type: 'xstate.done.actor.transaction', output: { status: 'confirmed', hash: purchase.hash } })
    list.push({ type: 'xstate.done.actor.transaction', output: { status: 'reverted', hash: purchase.hash, error: { name: 'TransactionRevertedError', message: 'Transaction reverted' } } })
  }
  if (s.matches('done') || s.matches('unsettled')) list.push({ type: 'onramp.open' })
  return [...list, ...delayedEvents(s)]
}

const PURCHASE_HASH = `0x${'ab'.repeat(32)}`
const purchase = { id: `eip155:31337:${PURCHASE_HASH}`, hash: PURCHASE_HASH, amount: '0.01666667', symbol: 'ETH', caipNetworkId: A }
/** A purchase whose hash is no transaction hash of the namespace: nothing to follow on the chain, taken as listed. */
const oddPurchase = { ...purchase, id: 'eip155:31337:0xabc', hash: '0xabc' }
/** The history with `onramp` answering the purchase the provider settled. */
const settledHistory = (p = purchase) =>
  json({
    data: [
      {
        id: p.id,
        metadata: { minedAt: new Date().toISOString(), chain: A, hash: p.hash, status: 'confirmed', operationType: 'buy', sentFrom: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955', sentTo: ACCOUNT },
        transfers: [{ operation_type: 'buy', direction: 'in', fungible_info: { name: 'Ether', symbol: 'ETH' }, quantity: { decimals: '18', numeric: p.amount } }],
      },
    ],
    next: null,
  })

/** The checkout window stand-in: what `window.open` returned last. */
let popup: { closed: boolean; close(): void; location: { href: string } } | undefined
const opened: string[] = []
beforeEach(() => {
  opened.length = 0
  vi.spyOn(window, 'open').mockImplementation((url) => {
    opened.push(String(url))
    popup = { closed: false, close: () => void (popup!.closed = true), location: { href: String(url) } }
    return popup as unknown as Window
  })
})
afterEach(() => vi.restoreAllMocks())

const onHeld = (app: App, key: string, act: () => Promise<void>) => heldThen(app, key, act, { releaseRest: true })

async function dialogTitle(app: App): Promise<string> {
  await app.settle()
  const d = app.dialog()
  const id = d?.getAttribute('aria-labelledby')
  return (id ? d?.querySelector(`#${CSS.escape(id)}`)?.textContent : d?.getAttribute('aria-label')) ?? ''
}

/** One gesture per event. */
async function perform(app: App, event: any) {
  const type: string = event.type
  if (type === 'root.account') {
    if (event.change === 'disconnected') {
      await app.clickInDialog('button', 'Back')
      return app.clickInDialog('button', 'Disconnect')
    }
    // Not on the on-ramp's views: Back to Account first; then another chain in the wallet.
    if (!event.holder) await app.clickInDialog('button', 'Back')
    return app.selectInPanel('Wallet chain', '31338')
  }
  if (type === 'root.open') return app.modal.open({ view: 'OnRamp' })
  if (type === 'root.back') return app.clickInDialog('button', 'Back')
  if (type === 'onramp.start' && event.following) {
    // The modal closed and opened again (Account), then Account's Buy.
    await app.close()
    await app.ensureOpen()
    return app.clickInDialog('button', en.buy)
  }
  if (type === 'onramp.open' || type === 'onramp.start') {
    await app.ensureOpen()
    if ((await dialogTitle(app)) === en.titles.OnRampCheckout) return app.clickInDialog('button', en.onrampBuyMore)
    for (let i = 0; i < 3 && (await dialogTitle(app)) !== en.titles.Account; i++) await app.clickInDialog('button', 'Back')
    return app.clickInDialog('button', en.buy)
  }
  if (type === 'onramp.setAmount') return app.type(en.onrampYouPay, event.amount)
  if (type === 'onramp.setPaymentMethod') return app.type(en.onrampPaymentMethod, event.method)
  if (type === 'onramp.setPaymentCurrency') return app.type(en.onrampPaymentCurrency, event.currency)
  if (type === 'onramp.setPurchaseCurrency') return app.type(en.onrampYouBuy, event.currency)
  if (type === 'onramp.chooseProvider') return app.clickInDialog('button', /^Provider: /)
  if (type === 'onramp.pickProvider') {
    if ((await dialogTitle(app)) !== en.titles.OnRampProviders) await app.clickInDialog('button', /^Provider: /)
    return app.clickInDialog('button', /^Coinbase/)
  }
  if (type === 'onramp.continue') return app.clickInDialog('button', /^Continue with /)
  if (type === 'onramp.cancel') return app.clickInDialog('button', en.onrampCancel)
  if (type === 'xstate.done.actor.fetchOptions') {
    if (event.fails) return onHeld(app, OPTIONS, () => app.gates.answer(OPTIONS, json({ message: 'down' }, 503)))
    return onHeld(app, OPTIONS, () => app.gates.release(OPTIONS))
  }
  if (type === 'xstate.done.actor.fetchQuote') {
    if (event.fails) return onHeld(app, QUOTE, () => app.gates.answer(QUOTE, json({ message: 'down' }, 500)))
    return onHeld(app, QUOTE, () => app.gates.release(QUOTE))
  }
  if (type === 'xstate.done.actor.generateUrl') return onHeld(app, URL_KEY, () => app.gates.release(URL_KEY))
  if (type === 'xstate.error.actor.generateUrl') return onHeld(app, URL_KEY, () => app.gates.answer(URL_KEY, json({ message: 'down' }, 503)))
  if (type === 'xstate.done.actor.pollPurchase') {
    if (event.answer === 'settled') return onHeld(app, HISTORY, () => app.gates.answer(HISTORY, settledHistory()))
    if (event.answer === 'settledOdd') return onHeld(app, HISTORY, () => app.gates.answer(HISTORY, settledHistory(oddPurchase)))
    // The visitor closed the checkout window without paying. This look was already on its way and read the window
    // open (it is read before the history is asked: ui/assemble/onramp.ts), so it finds nothing; the next look, one
    // poll later, reads it closed and cancels.
    if (event.answer === 'closed') {
      popup!.closed = true
      await onHeld(app, HISTORY, () => app.gates.release(HISTORY))
      // The poll's timer starts once that answer is in: move the clock until the next look is made, then let it through.
      await waitFor(() => {
        app.clock.advance(timing.onrampPoll)
        if (!app.gates.waiting(HISTORY)) throw new TestFailure(`no ${HISTORY} waiting`)
      })
      return onHeld(app, HISTORY, () => app.gates.release(HISTORY))
    }
    return onHeld(app, HISTORY, () => app.gates.release(HISTORY))
  }
  // The chain's end of the purchase's transfer: the wallet's receipt, mined (status 1) or reverted (status 0).
  if (type === 'xstate.done.actor.transaction') {
    const status = event.output.status === 'confirmed' ? '0x1' : '0x0'
    return onHeld(app, RECEIPT, () => app.gates.answer(RECEIPT, { transactionHash: PURCHASE_HASH, status, blockNumber: '0x1' }))
  }
  if (type === 'xstate.error.actor.pollPurchase') return onHeld(app, HISTORY, () => app.gates.answer(HISTORY, json({ message: 'down' }, 503)))
  if (type.startsWith('xstate.after.')) {
    app.clock.advance(timing.onrampPoll)
    return app.settle()
  }
  throw new TestFailure(`No gesture for ${type}: every event of the model needs one`)
}

const fixture = { name: 'connected on the dev chain, the reference server', app: { stored: true, authorised: true, api: true, hold: held } }
const runs = [
  {
    fixture,
    // Spawned with the connected account (the root hands it at Buy's first use).
    ...withoutPrefixes(buildModelPaths(onrampMachine, { input: { target: target() }, events: modelEvents as never, serialize: serialize as never })),
  },
]

async function walk(path: ModelPath) {
  const app = await renderApp(fixture.app)
  try {
    const onramp = followFeature(app, 'onramp')
    const visited = onramp.visited
    // The stored connection restores by itself: the on-ramp is spawned with its account.
    await app.get('button', /0x/)
    const early: string[] = []
    for (const step of path.steps) {
      const from = Math.max(0, visited.length - 1)
      await perform(app, step.event)
      // Buy spawns the machine once its module is in (fetched on intent).
      if (['onramp.open', 'onramp.start', 'root.open'].includes(step.event.type)) await waitFor(() => expect(onramp.ref).toBeDefined())
      if (!onramp.ref) {
        early.push(step.state)
        continue
      }
      await waitFor(() => {
        if (early.length && !visitsInOrder(visited, early)) throw new TestFailure(`before Buy expected ${early.join(' > ')}, visited ${visited.join(' > ')}`)
        if (!visited.slice(early.length ? 0 : from).includes(step.state)) throw new TestFailure(`after ${step.event.type} expected ${step.state}, visited ${visited.slice(from).join(' > ')}`)
      })
      early.length = 0
      checkView(app, step.event as ModelEvent, onramp.ref.getSnapshot())
    }
    onramp.stop()
    expect(early).toEqual([])
    expect(visited).toContain(path.target)
  } finally {
    await app.dispose()
  }
}

/** What the visitor sees after some steps (the behaviour, not only the state). */
function checkView(app: App, event: ModelEvent, snapshot: any) {
  const text = app.dialog()?.textContent ?? ''
  if (event.type === 'xstate.done.actor.fetchOptions' && event.fails) expect(text).toContain(en.onrampSample)
  if (event.type === 'xstate.done.actor.fetchQuote' && event.fails) expect(text).toContain(en.onrampEstimate)
  if (event.type === 'onramp.setAmount' && event.amount === '5' && snapshot.context.paymentMethod === 'card') expect(text).toMatch(/Enter an amount between 10\.00 and \d+\.00 (USD|EUR) for card/)
  if (event.type === 'onramp.continue') expect(opened).toEqual(['about:blank'])
  if (event.type === 'xstate.done.actor.generateUrl') expect(popup?.location.href).toMatch(/^https?:\/\//)
  if (event.type === 'xstate.error.actor.generateUrl') {
    expect(popup?.closed).toBe(true)
    expect(text).toContain(en.onrampMessages.checkoutFailed())
  }
  if (event.type === 'onramp.cancel' || event.type === 'root.back') expect(popup?.closed).toBe(true)
  if (event.type === 'xstate.done.actor.pollPurchase' && event.answer === 'settled') {
    // Paid: the checkout closes, the transfer is followed on the chain, and Cancel is gone.
    expect(text).toContain(en.onrampSettling)
    expect(text).not.toContain(en.onrampCancel)
    expect(popup?.closed).toBe(true)
  }
  if (event.type === 'xstate.done.actor.pollPurchase' && event.answer === 'settledOdd') {
    expect(text).toContain(en.onrampArrived('0.016666', 'ETH'))
    expect(popup?.closed).toBe(true)
  }
  const outcome = event.type === 'xstate.done.actor.transaction' ? (event.output as { status: string }).status : undefined
  if (outcome === 'confirmed') expect(text).toContain(en.onrampArrived('0.016666', 'ETH'))
  if (outcome === 'reverted') {
    expect(text).toContain(en.onrampUnsettledReasons.failed)
    expect(text).toContain(PURCHASE_HASH)
    expect(text).not.toContain(en.onrampArrived('0.016666', 'ETH'))
  }
}

describe('onramp model: walked in the UI', () => {
  afterAll(() => console.log(formatCoverage('onramp (model paths walked in the UI)', coverageReport(onrampMachine, runs))))

  test('coverage: the walks reach every state and fire every transition of the onramp machine', () => {
    const report = coverageReport(onrampMachine, runs)
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })

  for (const run of runs) {
    describe(run.fixture.name, () => {
      for (const path of run.paths) {
        const name = path.steps.map((s) => s.event.type.replace('xstate.', '').replace('onramp.', '')).join(' → ') || '(initial)'
        test(`walk: ${name}`, () => walk(path), 30_000)
      }
    })
  }
})
