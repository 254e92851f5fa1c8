// @vitest-environment happy-dom
import { within } from '@testing-library/react'
import { waitFor } from './until.ts'
import { afterAll, describe, expect, test } from 'vitest'
import { UserRejectedRequestError } from '../../adapters/errors.ts'
import { DEV_ADDRESSES } from '../../dev/accounts.ts'
import { sessionsOfTarget, siwxMachine, siwxMessages, type SiwxContext, type SiwxMessage, type SiwxSession, type SiwxTarget } from '../../machines/siwx.ts'
import { connectWallet, describeWalks, featureOf, followFeature, dialogCloses, onHeld as heldThen, pressEscape, RDNS, renderApp, status, toastText, type App } from './app.tsx'
import { buildModelPaths, coverageReport, formatCoverage, scenarioPath, stateKey, withoutPrefixes, type ModelPath, type Step } from './coverage.ts'
import { ForeignError, TestFailure } from '../harness/failures.ts'

/**
 * Model-based tests of the SIWX machine (spec §2 sign-in prompt, §4 "Sign-in (SIWX)", §8 strings),
 * walked through the UI: every event of the chart is a gesture of the visitor (Sign, Cancel, Escape,
 * Disconnect, connecting), of the wallet's user (approve, reject, another chain or account in the wallet) or the timing
 * of the wallet and the reference server's SIWX API (a call held, then let through or failed). The wallet, the
 * chain and the server are real: the wallet signs a real EIP-4361 message and the server verifies it on anvil.
 *
 * What the root does by itself after an event (disconnecting after a required cancel or an init failure, a
 * session check that needs no request) is an event of the model with no gesture (`auto`).
 *
 * The model knows which sessions are stored from the machine's own `sessions`: along a generated path no
 * `clear` happens before its last step (a cleared machine is the initial state again, and a shortest path never
 * returns there), so the stored sessions of the walk are exactly the sessions of the machine's context.
 *
 * Every state and transition is reached from the UI, `isSignedInTarget` included: the wallet announcing the same
 * account and chain again while signed in (as wallets do when they unlock) is the dev wallet's `reannounce()`.
 * The three ways a required sign-in used to be skipped (found by these walks) are regression tests at the end.
 *
 * A wallet or a server that never answers: Cancel works while signing (the held call never answers; the
 * cancel rules of spec §4 apply) and while the wallet is asked to return to the signed-in network (asked again), and
 * Sign works there too (sign in where the wallet is).
 */
type ModelEvent = { type: string; [key: string]: unknown }

const A = 'eip155:31337'
const B = 'eip155:31338'
const ADDRESS = DEV_ADDRESSES[0]!
/** The wallet's second account (the panel's 'Account' select, index 1). */
const OTHER_ADDRESS = DEV_ADDRESSES[1]!
const NONCE = 'api:/siwx/v1/nonce'
const VERIFY = 'api:/siwx/v1/verify'
/** GET (the session check) and DELETE (sign-out): never in flight together in these walks. */
const SESSION = 'api:/siwx/v1/session'
const held = [NONCE, VERIFY, SESSION, 'personal_sign']
const rpcError = { code: -32603, message: 'Internal error' }

const ctx = (s: any) => s.context as SiwxContext
const other = (chain: string) => (chain === A ? B : A)
const chainNumber = (chain: string) => chain.split(':')[1]!
const target = (caipNetworkId: string, address: string = ADDRESS): SiwxTarget => ({ address, caipNetworkId, namespace: 'eip155', connectorId: RDNS })
/**
 * The root's account moment the machine hears: the wallet on `t` (`connecting`: a connection from a connecting view;
 * `holder`: the sign view shows), or none (disconnected).
 */
const accountIs = (t: SiwxTarget | undefined, on: { connecting?: boolean; holder?: string } = {}): ModelEvent => ({
  type: 'root.account',
  change: t ? (on.connecting ? 'connected' : 'changed') : 'disconnected',
  account: t ? { ...t, supported: true, testnet: true } : undefined,
  holder: on.holder,
  connecting: on.connecting ?? false,
  connection: 'connection.eip155',
  target: t,
})
const session = (chainId: string, address: string = ADDRESS) =>
  ({ data: { accountAddress: address, chainId, domain: '127.0.0.1:5173', uri: 'http://127.0.0.1:5173', version: '1', nonce: 'n', serializedMessage: 'm' }, message: 'm', signature: '0x' }) as unknown as SiwxSession
const message = (chainId: string, address: string) => session(chainId, address).data as SiwxMessage
const account = (address: string | undefined) => (address === undefined ? undefined : address === ADDRESS ? 0 : 1)

/** What the traversal tells apart: the state, the account and its chain, the session and the sessions (chain and account). */
const serialize = (s: any) =>
  JSON.stringify({
    v: s.value,
    a: account(ctx(s).target?.address),
    t: ctx(s).target?.caipNetworkId,
    s: ctx(s).session?.data.chainId,
    ss: ctx(s).sessions.map((x) => `${x.data.chainId}/${account(x.data.accountAddress)}`),
    e: Boolean(ctx(s).error),
  })

type Fixture = {
  name: string
  app: Parameters<typeof renderApp>[0]
  /** The cancel gestures of the visitor: the Cancel button, and (not required: the modal can close) Escape. */
  escape: boolean
}

/** The events a gesture (or the root by itself) can produce in a state. */
function modelEvents(s: any, fixture: Fixture): ModelEvent[] {
  const c = ctx(s)
  const t = c.target
  // (The wallet never goes back to the first account, so no session of it is dropped from `sessions` while stored.)
  const stored = (chain: string) => c.sessions.some((x) => x.data.chainId === chain && x.data.accountAddress === t!.address)
  if (s.matches('idle')) {
    // Disconnected (at first, or cleared): the visitor connects the wallet (on its chain, 31337).
    if (!t) return [{ ...accountIs(target(A), { connecting: true }), gesture: 'connect' }]
    // Cancelled, not required: the modal closed, the wallet stays connected.
    if (!c.required) return []
    // Cancelled, required, no session of this account in this connection: the root disconnects.
    return [{ ...accountIs(undefined), auto: true }]
  }
  if (s.matches({ awaitingSession: 'returning' })) {
    // Required cancel with a session of this account: the root asks the wallet back to that session's network.
    return [
      { ...accountIs(target(sessionsOfTarget(c).at(-1)!.data.chainId, t!.address), { holder: 'siwx' }), gesture: 'approveSwitch' },
      { type: 'root.network', outcome: 'network.switchRejected', gesture: 'rejectSwitch' },
      // The wallet has not answered the switch: Cancel asks again, Sign signs in where the wallet is.
      { type: 'siwx.cancel', gesture: 'cancelAgain' },
      { type: 'siwx.sign', gesture: 'signHere' },
    ]
  }
  if (s.matches('checking')) {
    // Nothing stored for this account and chain: no request, the answer is at once.
    if (!stored(t!.caipNetworkId)) return [{ type: 'xstate.done.actor.getSessions', output: [], auto: true }]
    return [
      { type: 'xstate.done.actor.getSessions', output: [session(t!.caipNetworkId, t!.address)] },
      { type: 'xstate.error.actor.getSessions', error: new TypeError('Failed to fetch') },
    ]
  }
  if (s.matches({ awaitingSession: 'prompting' })) {
    return [
      { type: 'siwx.sign' },
      { type: 'siwx.cancel' },
      // Escape dismisses the modal: the root's `root.closed`.
      ...(fixture.escape ? [{ type: 'root.closed', view: 'SIWXSignMessage', escape: true }] : []),
      { ...accountIs(target(other(t!.caipNetworkId), t!.address), { holder: 'siwx' }), gesture: 'walletChain' },
    ]
  }
  // While signing, the call held (it may never answer): Cancel works.
  const cancelWhileSigning: ModelEvent = { type: 'siwx.cancel', gesture: 'cancelWhileSigning' }
  if (s.matches({ awaitingSession: { signing: 'creatingMessage' } })) {
    return [{ type: 'xstate.done.actor.createMessage', output: message(t!.caipNetworkId, t!.address) }, { type: 'xstate.error.actor.createMessage', error: new TypeError('Failed to fetch') }, cancelWhileSigning]
  }
  if (s.matches({ awaitingSession: { signing: 'awaitingSignature' } })) {
    return [
      { type: 'xstate.done.actor.signMessage', output: '0x01' },
      { type: 'xstate.error.actor.signMessage', error: new UserRejectedRequestError() },
      { type: 'xstate.error.actor.signMessage', error: new ForeignError('Internal error') },
      cancelWhileSigning,
    ]
  }
  if (s.matches({ awaitingSession: { signing: 'verifying' } })) {
    return [{ type: 'xstate.done.actor.addSession', output: session(t!.caipNetworkId, t!.address) }, { type: 'xstate.error.actor.addSession', error: new TypeError('Failed to fetch') }, cancelWhileSigning]
  }
  if (s.matches('signedIn')) {
    return [
      { ...accountIs(target(other(t!.caipNetworkId), t!.address)), gesture: 'walletChain' },
      // The wallet's user picks the other account (once: never back to the first one).
      ...(t!.address === ADDRESS ? [{ ...accountIs(target(t!.caipNetworkId, OTHER_ADDRESS)), gesture: 'walletAccount' }] : []),
      // The wallet announces the same account and chain again.
      { ...accountIs(t!), gesture: 'reannounce' },
      accountIs(undefined),
    ]
  }
  if (s.matches('signingOut')) {
    // No session to end: no request, done at once.
    if (c.sessions.length === 0) return [{ type: 'xstate.done.actor.revokeSession', output: undefined, auto: true }]
    // With sessions kept on disconnect there is no sign-out to wait for.
    return [
      { type: 'xstate.done.actor.revokeSession', output: undefined },
      { type: 'xstate.error.actor.revokeSession', error: new TypeError('Failed to fetch') },
      // While the sign-out is on its way, the visitor connects the same wallet again (same account and chain).
      { ...accountIs(target(c.sessions.at(-1)!.data.chainId, c.sessions.at(-1)!.data.accountAddress), { connecting: true }), gesture: 'reconnect' },
    ]
  }
  return []
}

const fixtures: Fixture[] = [
  { name: 'sign-in required', app: { siwx: { required: true }, hold: held }, escape: false },
  { name: 'sign-in optional', app: { siwx: {}, hold: held }, escape: true },
  { name: 'optional, sessions kept on disconnect (signOutOnDisconnect: false)', app: { siwx: { signOutOnDisconnect: false }, hold: held }, escape: true },
]

const runs: Array<{ fixture: Fixture } & ReturnType<typeof buildModelPaths>> = []
for (const fixture of fixtures) {
  runs.push({
    fixture,
    // The paths a longer one starts with are walked by it (walk() checks each step's state and view as it ends a path),
    // but the initial one: it asserts that no SIWX machine is spawned before a connection.
    ...withoutPrefixes(buildModelPaths(siwxMachine, { input: fixture.app!.siwx, events: (s) => modelEvents(s, fixture) as never, serialize: serialize as never, covered: runs }), (path) => path.steps.length === 0),
  })
}

/**
 * The cancel and close rules (spec §4), each walked once whatever the coverage paths happen to take: the
 * shortest path to a state where `where` holds, then `then` (each the first event of that state it matches).
 */
const scenario = (fixture: Fixture, where: (s: any) => boolean, then: Array<(e: ModelEvent) => boolean>): ModelPath =>
  scenarioPath(siwxMachine, { events: (s: any) => modelEvents(s, fixture), serialize, input: fixture.app!.siwx }, where, then)
const prompting = (s: any) => s.matches({ awaitingSession: 'prompting' })
/** The root's account moment without an account (the wallet disconnected). */
const isDisconnect = (e: ModelEvent) => e.type === 'root.account' && e.account === undefined
const scenarios: Array<{ name: string; fixture: Fixture; path: ModelPath }> = [
  {
    name: 'required: Cancel without a session in this connection disconnects the wallet',
    fixture: fixtures[0]!,
    path: scenario(fixtures[0]!, (s) => prompting(s) && ctx(s).sessions.length === 0, [(e) => e.type === 'siwx.cancel', (e) => isDisconnect(e), (e) => e.type.includes('revokeSession')]),
  },
  {
    name: 'required: Cancel after signing in on another chain, the wallet refuses to switch back: the prompt again',
    fixture: fixtures[0]!,
    path: scenario(fixtures[0]!, (s) => prompting(s) && sessionsOfTarget(ctx(s)).length > 0, [(e) => e.type === 'siwx.cancel', (e) => e.type === 'root.network']),
  },
  {
    name: 'required: Cancel after signing in on another chain returns the wallet to that chain, signed in',
    fixture: fixtures[0]!,
    path: scenario(fixtures[0]!, (s) => prompting(s) && sessionsOfTarget(ctx(s)).length > 0 && sessionsOfTarget(ctx(s)).at(-1)!.data.chainId !== ctx(s).target?.caipNetworkId, [
      (e) => e.type === 'siwx.cancel',
      (e) => e.gesture === 'approveSwitch',
      (e) => e.type === 'xstate.done.actor.getSessions',
    ]),
  },
  {
    name: 'another account picked in the wallet while signed in: that account is asked to sign in',
    fixture: fixtures[1]!,
    path: scenario(fixtures[1]!, (s) => s.matches('signedIn'), [(e) => e.gesture === 'walletAccount', (e) => e.type === 'xstate.done.actor.getSessions']),
  },
  {
    name: 'optional: Cancel closes the modal, the wallet stays connected',
    fixture: fixtures[1]!,
    path: scenario(fixtures[1]!, (s) => prompting(s) && ctx(s).sessions.length === 0, [(e) => e.type === 'siwx.cancel' && !e.escape]),
  },
  {
    name: 'optional: Escape while prompting is a cancel (the modal closes, the wallet stays connected)',
    fixture: fixtures[1]!,
    path: scenario(fixtures[1]!, (s) => prompting(s) && ctx(s).sessions.length === 0, [(e) => e.type === 'root.closed' && e.escape === true]),
  },
  {
    name: 'required: Cancel while the wallet has not answered the signature disconnects the wallet',
    fixture: fixtures[0]!,
    path: scenario(fixtures[0]!, (s) => s.matches({ awaitingSession: { signing: 'awaitingSignature' } }) && ctx(s).sessions.length === 0, [(e) => e.gesture === 'cancelWhileSigning', (e) => isDisconnect(e)]),
  },
  {
    name: 'optional: Cancel while the wallet has not answered the signature closes the modal, the wallet stays connected',
    fixture: fixtures[1]!,
    path: scenario(fixtures[1]!, (s) => s.matches({ awaitingSession: { signing: 'awaitingSignature' } }) && ctx(s).sessions.length === 0, [(e) => e.gesture === 'cancelWhileSigning']),
  },
  {
    name: 'required: Cancel while the server has not answered the verification, with a session on another chain: the wallet is asked back',
    fixture: fixtures[0]!,
    path: scenario(fixtures[0]!, (s) => s.matches({ awaitingSession: { signing: 'verifying' } }) && sessionsOfTarget(ctx(s)).length > 0, [(e) => e.gesture === 'cancelWhileSigning']),
  },
  {
    name: 'required: the wallet has not answered the switch back: Cancel asks again, then Sign signs in where it is',
    fixture: fixtures[0]!,
    path: scenario(fixtures[0]!, (s) => s.matches({ awaitingSession: 'returning' }), [(e) => e.gesture === 'cancelAgain', (e) => e.gesture === 'signHere', (e) => e.type === 'xstate.done.actor.createMessage']),
  },
]

// ---------------------------------------------------------------- gestures

/** Lets the oldest held call of `key` through (or fails it), once the machine has made it; others of `key` go through too. */
const onHeld = (app: App, key: string, act: () => Promise<void>) => heldThen(app, key, act, { releaseRest: true })

/** The SIWX machine (spawned with the first connection). */
const siwxOf = (app: App) => featureOf(app, 'siwx')!

/** One gesture per event (none for what the root does by itself). */
async function perform(app: App, event: any) {
  const type: string = event.type
  if (event.auto) return app.settle()
  if (type === 'root.account' && event.account) {
    if (event.gesture === 'connect' || event.gesture === 'reconnect') return connectWallet(app)
    if (event.gesture === 'walletChain') return app.selectInPanel('Wallet chain', chainNumber(event.target.caipNetworkId))
    if (event.gesture === 'walletAccount') return app.selectInPanel('Account', '1')
    if (event.gesture === 'approveSwitch') return app.walletAnswer('Approve')
    if (event.gesture === 'reannounce') {
      app.wallet.reannounce()
      return app.settle()
    }
  }
  if (type === 'root.network') return app.walletAnswer('Reject')
  if (type === 'root.closed') return pressEscape(app)
  if (type === 'root.account') {
    // Account → Disconnect (the modal may show another view: closed and opened again, it shows Account).
    await app.close()
    await app.ensureOpen()
    return app.clickInDialog('button', 'Disconnect')
  }
  if (type === 'siwx.sign') return app.clickInDialog('button', 'Sign')
  if (type === 'siwx.cancel' && event.gesture === 'cancelAgain') {
    const asked = app.panel().queryAllByRole('region', { name: 'Wallet request' }).length
    await app.clickInDialog('button', 'Cancel')
    // The wallet is asked again (the new switch supersedes the one it has not answered).
    return void (await waitFor(() => expect(app.panel().queryAllByRole('region', { name: 'Wallet request' }).length).toBe(asked + 1)))
  }
  if (type === 'siwx.cancel') return app.clickInDialog('button', 'Cancel')
  if (type === 'xstate.done.actor.getSessions') return onHeld(app, SESSION, () => app.gates.release(SESSION))
  if (type === 'xstate.error.actor.getSessions') return onHeld(app, SESSION, () => app.gates.fail(SESSION, new TypeError('Failed to fetch')))
  if (type === 'xstate.done.actor.createMessage') return onHeld(app, NONCE, () => app.gates.release(NONCE))
  if (type === 'xstate.error.actor.createMessage') return onHeld(app, NONCE, () => app.gates.fail(NONCE, new TypeError('Failed to fetch')))
  if (type === 'xstate.done.actor.signMessage') {
    await onHeld(app, 'personal_sign', () => app.gates.release('personal_sign'))
    return app.walletAnswer('Approve')
  }
  if (type === 'xstate.error.actor.signMessage') {
    if (event.error instanceof UserRejectedRequestError) {
      await onHeld(app, 'personal_sign', () => app.gates.release('personal_sign'))
      return app.walletAnswer('Reject')
    }
    return onHeld(app, 'personal_sign', () => app.gates.fail('personal_sign', rpcError))
  }
  if (type === 'xstate.done.actor.addSession') return onHeld(app, VERIFY, () => app.gates.release(VERIFY))
  if (type === 'xstate.error.actor.addSession') return onHeld(app, VERIFY, () => app.gates.fail(VERIFY, new TypeError('Failed to fetch')))
  if (type === 'xstate.done.actor.revokeSession') return onHeld(app, SESSION, () => app.gates.release(SESSION))
  if (type === 'xstate.error.actor.revokeSession') return onHeld(app, SESSION, () => app.gates.fail(SESSION, new TypeError('Failed to fetch')))
  throw new TestFailure(`No gesture for ${type}: every event of the model needs one`)
}

/** Plain assertions after a step, where they are cheap. */
async function check(app: App, fixture: Fixture, event: any, state: string, visitedSinceStep: string[]) {
  const required = fixture.app!.siwx!.required === true
  if (state === stateKey({ value: { awaitingSession: 'prompting' } })) {
    const dialog = await app.get('dialog', 'Sign In')
    // Required and no session in this connection: the view says that cancelling disconnects.
    const disconnects = required && sessionsOfTarget(siwxOf(app).getSnapshot().context).length === 0
    expect(dialog.textContent?.includes('Cancelling disconnects your wallet.')).toBe(disconnects)
    // Who signs in: the wallet's current account.
    expect(within(dialog).getByTestId('siwx-address').getAttribute('title')?.toLowerCase()).toBe(app.wallet.state.address.toLowerCase())
    if (required) {
      // Spec §2: a required sign-in without a session cannot be dismissed.
      await pressEscape(app)
      expect(app.find('dialog', 'Sign In')).not.toBeNull()
      expect(siwxOf(app).getSnapshot().matches({ awaitingSession: 'prompting' })).toBe(true)
    }
    if (event.type.startsWith('xstate.error.') && !(event.error instanceof UserRejectedRequestError)) {
      await waitFor(() => expect(within(app.dialog()!).getByRole('alert').textContent).toBe(siwxMessages.signFailed))
    }
    if (event.error instanceof UserRejectedRequestError) expect(within(app.dialog()!).queryByRole('alert')).toBeNull()
  }
  // Signed and verified: the modal closes (spec §4).
  if (event.type === 'xstate.done.actor.addSession') await dialogCloses(app)
  if (event.type === 'siwx.cancel' || event.type === 'root.closed') {
    if (!required) {
      await dialogCloses(app)
      expect(status(app)).toBe('connected')
    }
    // Cancelled while the wallet or the server had not answered: no longer waiting for it.
    if (event.gesture === 'cancelWhileSigning') expect(siwxOf(app).getSnapshot().matches({ awaitingSession: 'signing' })).toBe(false)
  }
  // Signing where the wallet is: the prompt says it prepares the message (Cancel still works).
  if (event.gesture === 'signHere') {
    const dialog = await app.get('dialog', 'Sign In')
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(false)
  }
  if (event.type === 'xstate.error.actor.signMessage' || event.type === 'xstate.error.actor.createMessage' || event.type === 'xstate.error.actor.addSession') {
    if (!(event.error instanceof UserRejectedRequestError)) await waitFor(() => expect(toastText()).toContain(siwxMessages.signFailed))
  }
  // The check failed: 'A problem occurred while trying initialize authentication', and the wallet is disconnected.
  if (event.type === 'xstate.error.actor.getSessions') {
    await waitFor(() => expect(toastText()).toContain(siwxMessages.initFailed))
    await waitFor(() => expect(status(app)).toBe('disconnected'))
  }
  // Required cancel with an earlier session: the wallet is back on that session's chain.
  if (event.gesture === 'approveSwitch') expect(app.wallet.state.chainId).toBe(Number(chainNumber(event.target.caipNetworkId)))
  if (isDisconnect(event) && event.auto) await waitFor(() => expect(status(app)).toBe('disconnected'))
  // Sessions kept on disconnect: no sign-out request.
  if (isDisconnect(event) && fixture.app!.siwx!.signOutOnDisconnect === false) {
    await app.settle()
    expect(app.gates.waiting(SESSION)).toBe(0)
  }
  // The same account and chain announced while signed in: nothing changes (no new check).
  if (event.gesture === 'reannounce') {
    await app.settle()
    expect(visitedSinceStep).not.toContain(stateKey({ value: 'checking' }))
    expect(siwxOf(app).getSnapshot().matches('signedIn')).toBe(true)
  }
  // Connected again while the sign-out is on its way: a new check (the old session is over).
  if (event.gesture === 'reconnect') {
    await waitFor(() => expect(status(app)).toBe('connected'))
    expect(visitedSinceStep).toContain(stateKey({ value: 'checking' }))
  }
  // The wallet refused to return: the prompt again, and (required) still no way to close.
  if (event.type === 'root.network') await app.get('dialog', 'Sign In')
}

async function walk(fixture: Fixture, path: ModelPath) {
  const app = await renderApp(fixture.app)
  try {
    // The SIWX machine is spawned with the first connection: its states are followed from then on.
    const siwx = followFeature(app, 'siwx')
    const visited = siwx.visited
    // Where the previous step's state was seen: what the root does by itself may be over before its step starts.
    let reached = 0
    for (const step of path.steps) {
      const from = (step.event as ModelEvent).auto ? reached : Math.max(0, visited.length - 1)
      await perform(app, step.event)
      await waitFor(() => {
        if (!visited.slice(from).includes(step.state)) throw new TestFailure(`after ${step.event.type} expected ${step.state}, visited ${visited.slice(from).join(' > ')}`)
      })
      reached = visited.indexOf(step.state, from)
      await check(app, fixture, step.event, step.state, visited.slice(from + 1))
    }
    siwx.stop()
    // Before any connection there is no SIWX machine yet (the initial path): the public state is idle.
    if (path.steps.length === 0) {
      expect(siwx.ref).toBeUndefined()
      expect(app.modal.getState().siwx?.phase).toBe('idle')
    } else expect(visited).toContain(path.target)
  } finally {
    await app.dispose()
  }
}

const stepName = (s: Step) => {
  const e = s.event as ModelEvent
  const name = e.type.replace('xstate.', '').replace('siwx.', '')
  const detail = e.gesture ?? (e.escape ? 'escape' : e.auto ? 'auto' : e.error instanceof UserRejectedRequestError ? 'rejected' : Array.isArray(e.output) ? `${e.output.length}` : '')
  return detail ? `${name}(${detail})` : name
}

describe('siwx model: walked in the UI', () => {
  afterAll(() => console.log(formatCoverage('siwx (model paths walked in the UI)', coverageReport(siwxMachine, runs))))

  test('coverage: the walks reach every state and fire every transition of the SIWX machine', () => {
    const report = coverageReport(siwxMachine, runs)
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })

  describeWalks(runs, stepName, walk)

  /**
   * Spec §2: with required sign-in the modal cannot close while no session exists. These three gesture sequences
   * used to leave the wallet connected with no session and no prompt (found by the walks above); each now ends at
   * the prompt or disconnected.
   */
  describe('regressions: a required sign-in is never skipped', () => {
    const signIn = async (app: App) => {
      await connectWallet(app)
      await app.clickInDialog('button', 'Sign')
      await app.walletAnswer('Approve')
      await waitFor(() => expect(siwxOf(app).getSnapshot().matches('signedIn')).toBe(true))
    }
    /** The prompt is up and Escape cannot close it. */
    const promptStays = async (app: App) => {
      await app.get('dialog', 'Sign In')
      await pressEscape(app)
      expect(app.find('dialog', 'Sign In')).not.toBeNull()
      expect(siwxOf(app).getSnapshot().matches({ awaitingSession: 'prompting' })).toBe(true)
    }

    test('reconnecting the same wallet while its sign-out is on its way asks for a new sign-in', async () => {
      const app = await renderApp({ siwx: { required: true }, hold: [SESSION] })
      try {
        await signIn(app)
        await app.close()
        await app.ensureOpen()
        await app.clickInDialog('button', 'Disconnect')
        expect(app.modal.getState().siwx?.session).toBeUndefined()
        await connectWallet(app)
        await onHeld(app, SESSION, () => app.gates.release(SESSION))
        await promptStays(app)
        expect(status(app)).toBe('connected')
      } finally {
        await app.dispose()
      }
    })

    test('Cancel after signing in on another chain, the wallet refuses to switch back: the prompt again, unclosable', async () => {
      const app = await renderApp({ siwx: { required: true } })
      try {
        await signIn(app)
        await app.selectInPanel('Wallet chain', chainNumber(B))
        await app.get('dialog', 'Sign In')
        await app.clickInDialog('button', 'Cancel')
        expect(siwxOf(app).getSnapshot().matches({ awaitingSession: 'returning' })).toBe(true)
        await pressEscape(app)
        expect(app.find('dialog', 'Sign In')).not.toBeNull()
        await app.walletAnswer('Reject')
        await promptStays(app)
        expect(app.wallet.state.chainId).toBe(31338)
      } finally {
        await app.dispose()
      }
    })

    test("another account picked in the wallet, Cancel: the first account's session does not count, the wallet is disconnected", async () => {
      const app = await renderApp({ siwx: { required: true } })
      try {
        await signIn(app)
        await app.selectInPanel('Account', '1')
        const dialog = await app.get('dialog', 'Sign In')
        expect(dialog.textContent).toContain('Cancelling disconnects your wallet.')
        await app.clickInDialog('button', 'Cancel')
        await waitFor(() => expect(status(app)).toBe('disconnected'))
      } finally {
        await app.dispose()
      }
    })
  })

  describe('the cancel and close rules', () => {
    for (const { name, fixture, path } of scenarios) {
      test(`${name}: ${path.steps.map(stepName).join(' → ')}`, () => walk(fixture, path), 30_000)
    }
  })
})
