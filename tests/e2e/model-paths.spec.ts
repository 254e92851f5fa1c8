/**
 * The model paths of the main journeys walked in Chromium against the demo (last bullet; STYLE.md
 * rule 11): the same production charts and `buildModelPaths` as the happy-dom walks of tests/model, over the
 * gestures a browser can make (tests/model/paths.ts builds them; DOM-free).
 *
 * - connection: connect, reject and retry, Back, the wallet's account and chain changes, 'Disconnect site',
 *   Disconnect, and a stored connection restored by a page reload.
 * - SIWX with required sign-in (`/?siwx=required`): connect, Sign approved or rejected in the wallet, Cancel
 *   (the wallet is disconnected), Disconnect while signed in.
 *
 * Only the paths no end-to-end spec already walks are walked here (`WALKED_BY_E2E` names the others and the spec test
 * that walks each; the machine-level walks of tests/model keep every state and transition covered).
 *
 * Each test is one path; each model event is one gesture: a button in the modal, Approve/Reject in the dev wallet
 * panel, its 'Account' / 'Wallet chain' selects or 'Disconnect site', a page reload. After each step the actor's
 * state in the page (`window.latchkey.actor.getSnapshot().context.<child>.getSnapshot().value`) must equal the
 * step's state, polled with `expect.poll`.
 *
 * Events with no browser gesture are left out by construction: the model functions of paths.ts offer only what
 * Playwright can do. Nothing is held in the browser, so the failures of a held or failed network call (the
 * connect RPC's, the balance read's, the SIWX nonce, verification and session calls'), a request while a restore
 * or a sign-out is on its way, the wallet re-announcing itself, `connection.walletDisconnected` on its own (the dev
 * wallet's 'Disconnect site' sends `accountsChanged []` first) and the 30 s timers are walked by the happy-dom
 * model tests only. An answer that comes by itself (the balance read, `eth_accounts` at restore, the SIWX calls,
 * the root disconnecting after a required cancel) is a step with no gesture; the state before it is transient, so
 * it is looked for in the actor's history (recorded in the page from the modal's creation) instead of at rest.
 */
import type { Page } from '@playwright/test'
import { formatCoverage, coverageReport } from '../model/coverage.ts'
import { connectionJourneys, siwxRequiredJourneys, type BrowserEvent, type BrowserPath, type Journeys } from '../model/paths.ts'
import { accountButton, anyDialog, approveWalletRequest, connectButton, connectDevWallet, dialog, expect, openCleanDemo, rejectWalletRequest, resetApi, test, walletPanel } from './fixtures.ts'

type Child = 'connection' | 'siwx'
type ChildActor = { getSnapshot(): { value: unknown }; subscribe(next: (s: { value: unknown }) => void): unknown }
type LatchkeyWindow = {
  latchkey: {
    actor: {
      getSnapshot(): { context: { connection: ChildActor; features: { siwx?: ChildActor } } }
      subscribe(next: () => void): unknown
    }
    /** The core (root actor, machines) in: `actor` throws before (the facade over a lazy core). */
    ready(): Promise<unknown>
  }
  __modelLog: Record<Child, string[]>
}

/**
 * Runs before the demo's scripts on every page load: when the demo exposes its modal (`window.latchkey = modal`),
 * records every state value of the connection and SIWX actors (`JSON.stringify`, as `stateKey`), the first one included.
 * The SIWX actor is spawned with the first connection: it is followed from then on.
 */
function recordStates() {
  const w = window as unknown as LatchkeyWindow & { latchkey: unknown }
  w.__modelLog = { connection: [], siwx: [] }
  let modal: unknown
  Object.defineProperty(window, 'latchkey', {
    configurable: true,
    get: () => modal,
    set: (value: LatchkeyWindow['latchkey']) => {
      modal = value
      // The root actor exists once the core is in (createModal answers a facade first): ask for it now, and follow the
      // machines from their first state on.
      void value.ready().then(() => startFollowing(value))
    },
  })
  function startFollowing(value: LatchkeyWindow['latchkey']) {
    const follow = (child: Child, actor: ChildActor) => {
      w.__modelLog[child].push(JSON.stringify(actor.getSnapshot().value))
      actor.subscribe((s) => w.__modelLog[child].push(JSON.stringify(s.value)))
    }
    follow('connection', value.actor.getSnapshot().context.connection)
    let siwx: ChildActor | undefined
    const findSiwx = () => {
      const spawned = value.actor.getSnapshot().context.features.siwx
      if (spawned && !siwx) follow('siwx', (siwx = spawned))
    }
    findSiwx()
    value.actor.subscribe(findSiwx)
  }
}

/** The actor's state value now, read in the page. */
function stateOf(page: Page, child: Child): Promise<unknown> {
  return page.evaluate((c) => {
    const context = (window as unknown as LatchkeyWindow).latchkey.actor.getSnapshot().context
    return (c === 'siwx' ? context.features.siwx : context.connection)?.getSnapshot().value
  }, child)
}

/** Every state value the actor has had since the page loaded. */
function historyOf(page: Page, child: Child): Promise<string[]> {
  return page.evaluate((c) => (window as unknown as LatchkeyWindow).__modelLog[c], child)
}

/** The one gesture of a model event (`from`: the state before it). */
async function perform(page: Page, event: BrowserEvent, from: string): Promise<void> {
  const modal = anyDialog(page)
  switch (event.gesture) {
    case 'none':
      return
    case 'pickWallet':
      // On the declined view the wallet is asked again from the view itself.
      if (from === '"rejected"') return modal.getByRole('button', { name: 'Try again', exact: true }).click()
      await connectButton(page).click()
      return dialog(page, 'Connect Wallet').getByRole('button', { name: 'Latchkey Dev Wallet', exact: true }).first().click()
    case 'back':
      return modal.getByRole('button', { name: 'Back', exact: true }).click()
    case 'approve':
      return approveWalletRequest(page, event.question)
    case 'reject':
      return rejectWalletRequest(page, event.question)
    case 'walletAccount':
      await walletPanel(page).getByRole('combobox', { name: 'Account' }).selectOption(event.option!)
      return
    case 'walletChain':
      await walletPanel(page).getByRole('combobox', { name: 'Wallet chain' }).selectOption(event.option!)
      return
    case 'disconnectSite':
      return walletPanel(page).getByRole('button', { name: 'Disconnect site', exact: true }).click()
    case 'disconnect':
      // The modal closed once connected (or signed in); the account button opens Account.
      await expect(modal).toHaveCount(0)
      await accountButton(page).address.click()
      return dialog(page, 'Account').getByRole('button', { name: 'Disconnect', exact: true }).click()
    case 'connectWallet':
      await connectButton(page).click()
      await dialog(page, 'Connect Wallet').getByRole('button', { name: 'Latchkey Dev Wallet', exact: true }).first().click()
      return approveWalletRequest(page, event.question)
    case 'sign':
      return dialog(page, 'Sign In').getByRole('button', { name: 'Sign', exact: true }).click()
    case 'cancel':
      return dialog(page, 'Sign In').getByRole('button', { name: 'Cancel', exact: true }).click()
  }
}

/**
 * The state was reached, at or after `from` in the actor's history; returns where. At rest, the actor is still there.
 */
async function expectState(page: Page, child: Child, state: string, rest: boolean, from: number, what: string): Promise<number> {
  let found = -1
  await expect
    .poll(
      async () => {
        const history = await historyOf(page, child)
        found = history.indexOf(state, from)
        return found >= 0 ? state : history.slice(from).join(' > ')
      },
      { message: `${what}: ${child} reaches ${state}` },
    )
    .toBe(state)
  if (rest) await expect.poll(() => stateOf(page, child), { message: `${what}: ${child} is in ${state}` }).toEqual(JSON.parse(state))
  return found
}

async function walk(page: Page, child: Child, path: BrowserPath): Promise<void> {
  if (path.start === 'reload') {
    // A stored connection: connected earlier, then the page reloaded (the chart starts restoring it).
    await connectDevWallet(page)
    await page.reload()
  }
  // The SIWX machine is spawned with the first connection: before that it has no state at all, so its
  // initial state is looked for once the first step spawned it (the first state of its history).
  const spawnedLater = child === 'siwx' && (await historyOf(page, child)).length === 0
  let cursor = spawnedLater ? 0 : (await expectState(page, child, path.initial, path.initialRest, 0, 'start')) + 1
  let from = path.initial
  for (const [i, step] of path.steps.entries()) {
    // A gesture's state comes after the gesture; an answer by itself may be in before its step is looked at.
    if (step.event.gesture !== 'none') cursor = (await historyOf(page, child)).length
    await perform(page, step.event, from)
    cursor = (await expectState(page, child, step.state, step.rest, cursor, `step ${i + 1} (${step.event.type}, ${step.event.gesture})`)) + 1
    // Spawned and handed its first event in one step of the root: the first state seen is the initial one, or the
    // one that event led to when the spawn was seen only after it.
    if (spawnedLater && i === 0) expect([path.initial, step.state], 'the state it was spawned in').toContain((await historyOf(page, child))[0])
    from = step.state
  }
}

/**
 * Paths an end-to-end spec already walks in Chromium gesture for gesture, with the spec's test that asserts what the
 * visitor sees on it; the machine's states along each path stay asserted by the machine-level walks of tests/model
 * (100 % states and transitions). These are not walked a second time here (tests/README.md lists them).
 */
const WALKED_BY_E2E: Readonly<Record<string, string>> = {
  'connection.request (pickWallet) → done.actor.connect (approve) → done.actor.getBalance (by itself) → connection.disconnect (disconnect) → done.actor.disconnect (by itself) ⇒ "disconnected"':
    "connect.spec.ts › 'connecting the dev wallet shows the address and the real balance…' and 'Disconnect in the Account dialog disconnects'",
  'connection.request (pickWallet) → connection.cancel (back) ⇒ "disconnected"': "connect.spec.ts › 'Back while the wallet has not answered returns to Connect…'",
  'connection.request (pickWallet) → error.actor.connect (reject) → connection.request (pickWallet) ⇒ "connecting"': "connect.spec.ts › 'a declined connection offers Try again, which asks the wallet again…'",
  'connection.request (pickWallet) → done.actor.connect (approve) → done.actor.getBalance (by itself) → connection.accountsChanged (walletAccount 1) → done.actor.getBalance (by itself) ⇒ {"connected":"balanceReady"}':
    "connect.spec.ts › 'when the wallet changes account, the page shows the new address and its balance'",
  'connection.request (pickWallet) → done.actor.connect (approve) → done.actor.getBalance (by itself) → connection.chainChanged (walletChain 31338) → done.actor.getBalance (by itself) ⇒ {"connected":"balanceReady"}':
    "network.spec.ts › 'when the wallet switches chain by itself, the page follows with that chain’s balance'",
  'connection.request (pickWallet) → done.actor.connect (approve) → done.actor.getBalance (by itself) → connection.accountsChanged (disconnectSite) ⇒ "disconnected"':
    "connect.spec.ts › 'when the wallet disconnects the site, the page goes back to disconnected'",
  'reload → done.actor.reconnect (by itself) → done.actor.getBalance (by itself) ⇒ {"connected":"balanceReady"}': "connect.spec.ts › 'a reload restores the connection without a wallet prompt'",
  'root.account (connectWallet) → done.actor.getSessions (by itself) → siwx.cancel (cancel) → root.account (by itself) → done.actor.revokeSession (by itself) ⇒ "idle"':
    "siwx.spec.ts › 'required: Cancel without a session in this connection disconnects the wallet'",
  'root.account (connectWallet) → done.actor.getSessions (by itself) → siwx.sign (sign) → done.actor.createMessage (by itself) → error.actor.signMessage (reject) ⇒ {"awaitingSession":"prompting"}':
    "siwx.spec.ts › 'required: rejecting the signature keeps the Sign In view without an error…'",
  'root.account (connectWallet) → done.actor.getSessions (by itself) → siwx.sign (sign) → done.actor.createMessage (by itself) → done.actor.signMessage (approve) → done.actor.addSession (by itself) → root.account (disconnect) → done.actor.revokeSession (by itself) ⇒ "idle"':
    "siwx.spec.ts › 'required: connect, sign a real EIP-4361 message…' and 'disconnect signs out: the stored session is removed…'",
}

const journeysByChild = { connection: connectionJourneys(), siwx: siwxRequiredJourneys() }

test('every path listed as walked by an end-to-end spec is a path of the model (a renamed path is walked here again)', () => {
  const names = new Set([...journeysByChild.connection.paths, ...journeysByChild.siwx.paths].map((p) => p.name))
  expect(Object.keys(WALKED_BY_E2E).filter((name) => !names.has(name))).toEqual([])
})

function describeJourneys(title: string, child: Child, url: string, journeys: Journeys) {
  const walked = journeys.paths.filter((path) => !(path.name in WALKED_BY_E2E))
  test.describe(title, () => {
    const passed = new Set<string>()
    test.beforeEach(async ({ page, request }) => {
      await resetApi(request)
      await page.addInitScript(recordStates)
      await openCleanDemo(page, url)
    })
    test.afterEach(async ({ request }, testInfo) => {
      if (testInfo.status === 'passed') passed.add(testInfo.title)
      await resetApi(request)
    })
    test.afterAll(() => {
      const report = coverageReport(journeys.machine, journeys.runs)
      console.log(`${formatCoverage(`${child} (model paths: ${passed.size}/${walked.length} walked here passed, ${journeys.paths.length - walked.length} walked by the e2e specs)`, report)}`)
    })
    for (const path of walked) {
      test(path.name, async ({ page }) => walk(page, child, path))
    }
  })
}

describeJourneys('connection model paths', 'connection', '/', journeysByChild.connection)
describeJourneys('siwx model paths (required sign-in)', 'siwx', '/?siwx=required', journeysByChild.siwx)
