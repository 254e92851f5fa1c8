import { getInitialSnapshot, getNextSnapshot, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { UserRejectedRequestError } from '../../adapters/errors.ts'
import { DEV_ADDRESSES } from '../../dev/accounts.ts'
import { connectionMachine, type ConnectionContext } from '../../machines/connection.ts'
import { siwxMachine, type SiwxContext, type SiwxMessage, type SiwxSession, type SiwxTarget } from '../../machines/siwx.ts'
import { activeStateIds, buildModelPaths, firedTransitions, stateKey, type TransitionId } from './coverage.ts'
import { TestFailure } from '../harness/failures.ts'

/**
 * The model paths of the main journeys, for the browser (last bullet; STYLE.md rule 11): built from
 * the production charts with {@link buildModelPaths}, like the happy-dom walks of tests/model, but over the
 * gestures Playwright can make against the demo (tests/e2e/model-paths.spec.ts walks them in Chromium).
 * DOM-free: no React, no page, only the machines and tests/model/coverage.ts.
 *
 * The model's alphabet is smaller than the happy-dom models': in the browser nothing is held. Each event is
 *
 * - a gesture (`gesture` ≠ 'none'): a button in the modal, Approve/Reject in the dev wallet panel, its 'Account'
 *   and 'Wallet chain' selects or 'Disconnect site', a page reload; or
 * - an answer that comes by itself (`gesture: 'none'`): the wallet's `eth_accounts` at restore, the balance read,
 *   the SIWX nonce, verification and session calls, the root disconnecting after a required cancel. Where the
 *   chart waits for such an answer, the model offers only that answer (the browser cannot stop it), so the state
 *   before it is transient: the walk sees it in the actor's history, not at rest.
 *
 * Left out by construction (no browser gesture): every failure of a call or of the wallet's RPC other than the
 * user's rejection (a held or failed network call), a `connection.request` while a restore is on its way, the
 * wallet re-announcing the same account, the SIWX session check failing, a reconnect while the sign-out is on its
 * way, and the timers (`nativeBalanceTtl`, `balanceRetry`: 30 s each). `connection.walletDisconnected` has no
 * gesture of its own: 'Disconnect site' in the dev wallet sends `accountsChanged []` first, which disconnects, so
 * the wallet's `disconnect` then finds the chart disconnected. `connection.refreshBalance` (after a send) is left
 * out to keep the journeys short; the happy-dom walks cover all of these.
 */

/** What the person (or nobody) does in the browser for a model event. */
export type Gesture =
  /** Connect Wallet (the page's button, if the modal is closed) → 'Latchkey Dev Wallet'; on the declined view, 'Try again'. */
  | 'pickWallet'
  /** The modal header's 'Back'. */
  | 'back'
  /** The dev wallet's Approve / Reject on its one pending request (`question` names it). */
  | 'approve'
  | 'reject'
  /** The dev wallet panel's 'Account' select (`option`: the account index). */
  | 'walletAccount'
  /** The dev wallet panel's 'Wallet chain' select (`option`: the chain id). */
  | 'walletChain'
  /** The dev wallet panel's 'Disconnect site'. */
  | 'disconnectSite'
  /** The page's account button → Account → 'Disconnect'. */
  | 'disconnect'
  /** Connect Wallet → 'Latchkey Dev Wallet' → Approve in the dev wallet (the chart moves on the approval). */
  | 'connectWallet'
  /** The Sign In view's 'Sign' / 'Cancel'. */
  | 'sign'
  | 'cancel'
  /** Nobody: the page answers by itself. */
  | 'none'

export type BrowserEvent = EventObject & { gesture: Gesture; option?: string; question?: string; [key: string]: unknown }
/** One step: the event, the state value after it (`stateKey`), and whether the chart rests there (no answer pending). */
export type BrowserStep = { event: BrowserEvent; state: string; rest: boolean }
export type BrowserPath = {
  /** How the walk starts: a clean demo page, or (a stored connection) connected, then the page reloaded. */
  start: 'fresh' | 'reload'
  /** The initial state value, and whether the chart rests there. */
  initial: string
  initialRest: boolean
  steps: BrowserStep[]
  target: string
  /** The steps, for the test's name. */
  name: string
}
export type Coverage = { coveredStates: Set<string>; coveredTransitions: Set<TransitionId> }
export type Journeys = { machine: AnyStateMachine; paths: BrowserPath[]; runs: Coverage[] }

const [ACCOUNT_0] = DEV_ADDRESSES
const RDNS = 'dev.latchkey.wallet'
const CONNECT_QUESTION = 'Connect to this site?'
const SIGN_QUESTION = 'Sign message?'
const auto = (event: EventObject & Record<string, unknown>): BrowserEvent => ({ ...event, gesture: 'none' })

// ---------------------------------------------------------------- connection

/** The connection model's events in a state: the gestures of the visitor and of the wallet's user, or the answer the page waits for. */
export function connectionEvents(snapshot: SnapshotFrom<typeof connectionMachine>): BrowserEvent[] {
  const c = snapshot.context as ConnectionContext
  const balance = { value: '1', decimals: 18, symbol: 'ETH' }
  const session = { accounts: [ACCOUNT_0], chainId: 31337 }
  switch (stateKey(snapshot)) {
    case '"disconnected"':
      return [{ type: 'connection.request', connectorId: RDNS, gesture: 'pickWallet' }]
    case '"reconnecting"':
      return [auto({ type: 'xstate.done.actor.reconnect', output: session })]
    case '"connecting"':
      return [
        { type: 'connection.cancel', gesture: 'back' },
        { type: 'xstate.done.actor.connect', output: session, gesture: 'approve', question: CONNECT_QUESTION },
        { type: 'xstate.error.actor.connect', error: new UserRejectedRequestError(), gesture: 'reject', question: CONNECT_QUESTION },
      ]
    case '"rejected"':
      return [
        { type: 'connection.request', connectorId: RDNS, gesture: 'pickWallet' },
        { type: 'connection.cancel', gesture: 'back' },
      ]
    case '{"connected":"fetchingBalance"}':
      return [auto({ type: 'xstate.done.actor.getBalance', output: balance })]
    case '{"connected":"balanceReady"}': {
      const other = c.address === ACCOUNT_0 ? 1 : 0
      const chain = c.chainId === 31337 ? 31338 : 31337
      return [
        { type: 'connection.accountsChanged', accounts: [DEV_ADDRESSES[other]], gesture: 'walletAccount', option: String(other) },
        { type: 'connection.chainChanged', chainId: chain, gesture: 'walletChain', option: String(chain) },
        { type: 'connection.accountsChanged', accounts: [], gesture: 'disconnectSite' },
        { type: 'connection.disconnect', gesture: 'disconnect' },
      ]
    }
    case '"disconnecting"':
      return [auto({ type: 'xstate.done.actor.disconnect', output: undefined })]
    default:
      return []
  }
}

const connectionSerialize = (s: SnapshotFrom<typeof connectionMachine>) => JSON.stringify({ v: s.value, a: (s.context as ConnectionContext).address, c: (s.context as ConnectionContext).chainId })

/** The fixtures of the connection journeys: a fresh visitor, and a stored connection restored by a reload. */
const connectionFixtures = [
  { start: 'fresh', input: { namespace: 'eip155' } },
  { start: 'reload', input: { namespace: 'eip155', storedConnectorId: RDNS, reconnect: true } },
] as const

// ---------------------------------------------------------------- siwx (required)

const SIWX_CHAIN = 'eip155:31337'
const siwxTarget: SiwxTarget = { address: ACCOUNT_0!, caipNetworkId: SIWX_CHAIN, namespace: 'eip155', connectorId: RDNS }
/** The root's account moments the SIWX machine follows: the wallet connected (from ConnectingExternal), disconnected. */
const siwxConnected = { type: 'root.account', change: 'connected', account: { ...siwxTarget, supported: true, testnet: true }, holder: undefined, connecting: true, connection: 'connection.eip155' }
const siwxDisconnected = { type: 'root.account', change: 'disconnected', account: undefined, holder: undefined, connection: 'connection.eip155' }
const siwxSession = {
  data: { accountAddress: ACCOUNT_0, chainId: SIWX_CHAIN, domain: '127.0.0.1:5273', uri: 'http://127.0.0.1:5273', version: '1', nonce: 'n', serializedMessage: 'm' },
  message: 'm',
  signature: '0x',
} as unknown as SiwxSession

/** The SIWX model's events (required sign-in) in a state. */
export function siwxEvents(snapshot: SnapshotFrom<typeof siwxMachine>): BrowserEvent[] {
  const c = snapshot.context as SiwxContext
  if (snapshot.matches('idle')) {
    // Disconnected: the visitor connects. After a required cancel with no session: the root disconnects by itself.
    if (!c.target) return [{ ...siwxConnected, gesture: 'connectWallet', question: CONNECT_QUESTION }]
    return c.required ? [auto(siwxDisconnected)] : []
  }
  if (snapshot.matches('checking')) {
    const stored = c.sessions.some((s) => s.data.chainId === c.target?.caipNetworkId)
    return [auto({ type: 'xstate.done.actor.getSessions', output: stored ? [siwxSession] : [] })]
  }
  if (snapshot.matches({ awaitingSession: 'prompting' }))
    return [
      { type: 'siwx.sign', gesture: 'sign' },
      { type: 'siwx.cancel', gesture: 'cancel' },
    ]
  if (snapshot.matches({ awaitingSession: { signing: 'creatingMessage' } })) return [auto({ type: 'xstate.done.actor.createMessage', output: siwxSession.data as SiwxMessage })]
  if (snapshot.matches({ awaitingSession: { signing: 'awaitingSignature' } })) {
    return [
      { type: 'xstate.done.actor.signMessage', output: '0x01', gesture: 'approve', question: SIGN_QUESTION },
      { type: 'xstate.error.actor.signMessage', error: new UserRejectedRequestError(), gesture: 'reject', question: SIGN_QUESTION },
    ]
  }
  if (snapshot.matches({ awaitingSession: { signing: 'verifying' } })) return [auto({ type: 'xstate.done.actor.addSession', output: siwxSession })]
  if (snapshot.matches('signedIn')) return [{ ...siwxDisconnected, gesture: 'disconnect' }]
  if (snapshot.matches('signingOut')) return [auto({ type: 'xstate.done.actor.revokeSession', output: undefined })]
  return []
}

const siwxSerialize = (s: SnapshotFrom<typeof siwxMachine>) => {
  const c = s.context as SiwxContext
  return JSON.stringify({ v: s.value, t: Boolean(c.target), s: c.sessions.length })
}

// ---------------------------------------------------------------- paths

const isAuto = (events: BrowserEvent[]) => events.length > 0 && events.every((e) => e.gesture === 'none')

function stepName(event: BrowserEvent): string {
  const type = event.type.replace(/^xstate\./, '')
  const detail = event.gesture === 'none' ? 'by itself' : event.option !== undefined ? `${event.gesture} ${event.option}` : event.gesture
  return `${type} (${detail})`
}

/**
 * A journey the issue names that coverage alone does not produce (its transitions are fired on other paths): the
 * shortest path to a state where `where` holds, then the first event of each state matching `then` in turn.
 */
export type Scenario = { where: (s: SnapshotFrom<AnyStateMachine>) => boolean; then: Array<(e: BrowserEvent) => boolean> }

/**
 * The browser paths of one machine: {@link buildModelPaths} per fixture (earlier fixtures' coverage passed on),
 * plus the scenarios, each path then carried on through the answers that come by themselves (a path never ends in
 * a transient state), and the paths contained in a longer one dropped (walking the longer one covers them). Also
 * returns the coverage of the paths walked: buildModelPaths' figures plus what the carried-on steps fire.
 */
function journeys(
  machine: AnyStateMachine,
  fixtures: ReadonlyArray<{ start: BrowserPath['start']; input: unknown; scenarios?: Scenario[] }>,
  events: (s: SnapshotFrom<AnyStateMachine>) => BrowserEvent[],
  serialize: (s: SnapshotFrom<AnyStateMachine>) => string,
): Journeys {
  const runs: Coverage[] = []
  const paths: BrowserPath[] = []
  for (const fixture of fixtures) {
    const built = buildModelPaths(machine, { input: fixture.input, events: events as never, serialize: serialize as never, covered: runs })
    runs.push(built)
    const initial = getInitialSnapshot(machine, fixture.input as never)
    const sequences = built.paths.map((path) => path.steps.map((s) => s.event as BrowserEvent))
    for (const scenario of fixture.scenarios ?? []) {
      const traversal = { events, serializeState: serialize, input: fixture.input } as never
      const shortest = (getShortestPaths(machine, traversal) as unknown as Array<{ state: SnapshotFrom<AnyStateMachine>; steps: Array<{ event: BrowserEvent }> }>)
        .filter((p) => scenario.where(p.state))
        .sort((a, b) => a.steps.length - b.steps.length)[0]
      if (!shortest) throw new TestFailure('no state of the model matches the scenario')
      let snapshot = shortest.state
      const sequence = shortest.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init')
      for (const match of scenario.then) {
        const event = events(snapshot).find(match)
        if (!event) throw new TestFailure(`no event of the scenario in ${serialize(snapshot)}`)
        sequence.push(event)
        snapshot = getNextSnapshot(machine, snapshot, event as never)
      }
      sequences.push(sequence)
    }
    const extended = sequences.map((sequence, n) => {
      // Replay the path on the chart (pure transitions: no actor runs) to know where it rests.
      let snapshot = initial
      const steps: BrowserStep[] = []
      const push = (event: BrowserEvent) => {
        const before = snapshot
        snapshot = getNextSnapshot(machine, snapshot, event as never)
        activeStateIds(snapshot).forEach((id) => built.coveredStates.add(id))
        firedTransitions(machine, before, event).forEach((t) => built.coveredTransitions.add(t))
        steps.push({ event, state: stateKey(snapshot), rest: true })
      }
      sequence.forEach(push)
      for (let guard = 0; isAuto(events(snapshot)) && guard < 20; guard++) push(events(snapshot)[0]!)
      steps.forEach((step, i) => (step.rest = !steps[i + 1] || steps[i + 1]!.event.gesture !== 'none'))
      const generated = built.paths[n]
      const mismatch = generated?.steps.find((s, i) => s.state !== steps[i]!.state)
      if (mismatch) throw new TestFailure(`replay of the model path differs at ${mismatch.event.type}`)
      const target = steps.at(-1)?.state ?? stateKey(initial)
      return {
        start: fixture.start,
        initial: stateKey(initial),
        initialRest: steps[0]?.event.gesture !== 'none',
        steps,
        target,
        name: `${fixture.start === 'reload' ? 'reload → ' : ''}${steps.map((s) => stepName(s.event)).join(' → ') || '(initial)'} ⇒ ${target}`,
      }
    })
    const key = (p: BrowserPath) => p.steps.map((s) => `${JSON.stringify({ ...s.event, error: s.event.error ? String(s.event.error) : undefined })}>${s.state}`)
    for (const path of extended) {
      const mine = key(path)
      const contained = extended.some((other) => {
        if (other === path) return false
        const theirs = key(other)
        const prefix = mine.length <= theirs.length && mine.every((k, i) => k === theirs[i])
        // Of two equal paths, keep the first.
        return prefix && (mine.length < theirs.length || extended.indexOf(other) < extended.indexOf(path))
      })
      if (!contained) paths.push(path)
    }
  }
  return { machine, paths, runs }
}

/** The connection journeys: connect, reject and retry, cancel, the wallet's account and chain changes, 'Disconnect site', Disconnect, reload restore. */
export const connectionJourneys = (): Journeys => journeys(connectionMachine as AnyStateMachine, connectionFixtures, connectionEvents as never, connectionSerialize as never)

/** The SIWX journeys with required sign-in: connect, sign (approved or rejected in the wallet), cancel, disconnect. */
export const siwxRequiredJourneys = (): Journeys =>
  journeys(
    siwxMachine as AnyStateMachine,
    [
      {
        start: 'fresh',
        input: { required: true },
        // The visitor's Disconnect while signed in fires the same (root) transition as the disconnect after a
        // required cancel, so coverage alone walks only the latter.
        // biome-ignore lint/suspicious/noThenProperty: a scenario's `then` is its next gestures; the object is never awaited
        scenarios: [{ where: (s) => s.matches('signedIn'), then: [(e) => e.gesture === 'disconnect'] }],
      },
    ],
    siwxEvents as never,
    siwxSerialize as never,
  )
