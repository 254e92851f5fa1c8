/**
 * The live page's side of a live replay (inspect/liveReplay.ts): `sendStep` finds the step's actor on the page by
 * name (`root` is the modal's root actor, any other name a system id), waits as the step needs (its actor there, in
 * its recorded state where the event can be taken, the wallet it names discovered; at most {@link liveReplayStateWait}),
 * checks that the actor accepts the event in its state, and sends it (the wait's limit counts from the page's last change,
 * and does not run out while a state of the page waits on an invoked actor's result: a connect the wallet has not
 * answered yet is waited for; at most {@link liveReplayWaitCap} in all), and tells the replay what it waits for meanwhile
 * (`replay.waiting`, to the actor of system id `liveReplaySystemId`: the bar's waiting line); `answerWallets` approves every prompt the given
 * test wallets raise while the replay is active, through the wallets' own approve control (what the visitor's click in
 * the wallet does).
 */
import { fromCallback, fromPromise, type AnyActorRef } from 'xstate'
import { stateText } from './panel.connect.ts'
import { holdsRedacted, LiveReplayError, liveReplaySystemId, type LiveReplayEvent, type LiveStep, type SendStepInput } from './liveReplay.ts'

/**
 * A test wallet the replay answers for: the development wallets (the demo's EVM DevWallet, latchkey/testing's
 * `TestWallet.provider`, the Solana and Bitcoin test wallets) all fit. Every pending prompt is approved.
 */
export type ReplayWallet = {
  readonly pending: ReadonlyArray<{ readonly id: number }>
  approve(id: number): unknown
  subscribe(listener: () => void): () => void
}

/** The longest a paced step waits for the recording's gap before it (ms): a long pause while recording is not replayed. */
export const liveReplayMaxGap = 1_500
/**
 * How long a step waits for its actor to exist and reach its recorded state, or at least accept the event, after the
 * page's actors last changed (ms): a page still moving (a connect under way on a slow machine) is waited for, a page
 * that stays elsewhere is not. A page whose active state waits on an invoked actor's result ({@link awaitsResult}: a
 * wallet's answer, a request) is still on its way however long it is quiet, up to {@link liveReplayWaitCap}.
 */
export const liveReplayStateWait = 5_000
/** The longest a step waits in all, however long the page keeps changing without reaching the recorded state (ms). */
export const liveReplayWaitCap = 30_000

type Snapshot = { value?: unknown; can?: (event: { type: string }) => boolean }

/** The page's actor named `name`: the root for `root`, else the system's actor of that system id. */
function actorNamed(root: AnyActorRef, name: string): AnyActorRef | undefined {
  return name === 'root' ? root : (root.system.get(name) as AnyActorRef | undefined)
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The part of a machine's state node the wait rule reads (XState's StateNode; `invoke`: its invocations, by id). */
type ChartNode = { type: string; states: Record<string, ChartNode>; transitions: Map<string, unknown[]>; invoke?: ReadonlyArray<{ id: string; src?: unknown }> }

/** Whether a transition keyed `key` (an event type, `*`, or a partial wildcard `app.*`) takes events of `type`. */
const keyTakes = (key: string, type: string) => key === type || key === '*' || (key.endsWith('.*') && type.startsWith(key.slice(0, -1)))
const nodeTakes = (node: ChartNode, type: string) => [...node.transitions.keys()].some((key) => keyTakes(key, type))
/** Whether any state node of `node`'s subtree has a transition for events of `type`. */
const subtreeTakes = (node: ChartNode, type: string): boolean => nodeTakes(node, type) || Object.values(node.states).some((child) => subtreeTakes(child, type))
/** The active child's key in a compound state's part of a state value (`'idle'`, or `{ open: … }` → `'open'`). */
const activeKey = (value: unknown) => (typeof value === 'string' ? value : value && typeof value === 'object' ? Object.keys(value)[0] : undefined)
/** The part of a state value under `key` (a region of a parallel state, or the active child of a compound one). */
const valueUnder = (value: unknown, key: string) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined)

/** Whether a state node `node` or one of its active descendants in `value` (its part of a state value) has a transition for `type`. */
const activeTakes = (node: ChartNode, value: unknown, type: string): boolean => activeNodes(node, value).some((active) => nodeTakes(active, type))

/**
 * Whether state values `now` and `recorded` of the chart under `node` agree where an event of `type` can be affected: a
 * parallel state's region counts only when the event has a transition from its active states in either value, so a
 * region the event does not touch (the modal's `announcing`, waiting for a paint the page already had) holds no step.
 */
function sameWhereTaken(node: ChartNode, now: unknown, recorded: unknown, type: string): boolean {
  if (node.type !== 'parallel') {
    const key = activeKey(now)
    if (key !== activeKey(recorded)) return false
    const child = key === undefined ? undefined : node.states[key]
    return child === undefined || sameWhereTaken(child, valueUnder(now, key!), valueUnder(recorded, key!), type)
  }
  return Object.entries(node.states).every(([key, child]) => {
    const a = valueUnder(now, key)
    const b = valueUnder(recorded, key)
    return !(activeTakes(child, a, type) || activeTakes(child, b, type)) || sameWhereTaken(child, a, b, type)
  })
}

/** The chart of `actor`'s logic when it is a state machine. */
const chartOf = (actor: AnyActorRef) => (actor.getSnapshot() as { machine?: { root?: ChartNode } }).machine?.root

/**
 * Whether `actor`, now, is where the recording had it for `step`: no recorded state, or its state value agrees with
 * the recorded one in every region the step's event can be taken in (the whole value for an actor with no chart).
 */
export function atRecordedState(actor: AnyActorRef, step: Pick<LiveStep, 'before' | 'event'>): boolean {
  if (step.before === null) return true
  const value = (actor.getSnapshot() as Snapshot).value
  const chart = chartOf(actor)
  return chart ? sameWhereTaken(chart, value, step.before, step.event.type) : sameValue(value, step.before)
}

/**
 * Whether the wallet a step's event names (`connectorId`: `connection.request`, `connection.restore`) is among the
 * wallets the page has discovered (root's `connectors`), as it was when the visitor picked it from the list: a request
 * sent before the wallet announced itself fails (ConnectorNotFoundError) where the recording connected. True for an
 * event naming no wallet, or a page whose root keeps no such list.
 */
export function connectorListed(root: AnyActorRef, event: { type: string; connectorId?: unknown }): boolean {
  if (typeof event.connectorId !== 'string') return true
  const connectors = (root.getSnapshot() as { context?: { connectors?: unknown } }).context?.connectors
  return !Array.isArray(connectors) || connectors.some((c: { id?: unknown }) => c?.id === event.connectorId)
}

/** The state nodes active in `value` (its part of a state value) under `node`, `node` itself first. */
function activeNodes(node: ChartNode, value: unknown, out: ChartNode[] = []): ChartNode[] {
  out.push(node)
  if (node.type === 'parallel') {
    for (const [key, child] of Object.entries(node.states)) activeNodes(child, valueUnder(value, key), out)
    return out
  }
  const key = activeKey(value)
  const child = key === undefined ? undefined : node.states[key]
  if (child) activeNodes(child, valueUnder(value, key!), out)
  return out
}

type ActorSnapshot = { status?: string; value?: unknown; children?: Record<string, AnyActorRef | undefined>; machine?: { root?: ChartNode } }

/**
 * Whether `actor`, or an actor it invoked or spawned (at any depth), is in a state that waits on an invoked actor's
 * result: an invocation of one of its active states still running whose done event (`xstate.done.actor.<id>`, the
 * invocation's `onDone`) an active state takes, such as a connection's `connecting` waiting for the wallet. Listeners
 * invoked for a state's whole life (no `onDone`) and delayed transitions do not count: the page is not on its way
 * because of them.
 */
export function awaitsResult(actor: AnyActorRef): boolean {
  return awaitedResult(actor) !== undefined
}

/**
 * The first result `actor` or one of its descendants waits on ({@link awaitsResult}), said as the live replay's bar says
 * it: `<actor>'s <invoked logic> (in <state>)`, the actor named by its system id (`root` for the actor asked about
 * without one, else its id), the logic by its name in the chart's `actors` (else the invocation's id); undefined when
 * none is awaited.
 * @example awaitedResult(root) // "connection's connectWallet (in connecting)"
 */
export function awaitedResult(actor: AnyActorRef, seen: Set<AnyActorRef> = new Set()): string | undefined {
  if (seen.has(actor)) return undefined
  const isTop = seen.size === 0
  seen.add(actor)
  const snapshot = actor.getSnapshot() as ActorSnapshot | undefined
  if (snapshot?.status !== 'active') return undefined
  const children = snapshot.children ?? {}
  const chart = snapshot.machine?.root
  if (chart) {
    const nodes = activeNodes(chart, snapshot.value)
    const waits = (id: string) => nodes.some((node) => node.transitions.has(`xstate.done.actor.${id}`))
    for (const node of nodes) {
      for (const { id, src } of node.invoke ?? []) {
        if ((children[id]?.getSnapshot() as ActorSnapshot | undefined)?.status !== 'active' || !waits(id)) continue
        const name = (actor as { systemId?: string }).systemId ?? (isTop ? 'root' : actor.id)
        return `${name}'s ${typeof src === 'string' ? src : id} (in ${stateText(snapshot.value)})`
      }
    }
  }
  for (const child of Object.values(children)) {
    const found = child === undefined ? undefined : awaitedResult(child, seen)
    if (found) return found
  }
  return undefined
}

/** Whether no state of `actor`'s chart has a transition for `type` (so waiting for it to accept cannot help). */
const neverTakes = (actor: AnyActorRef, type: string) => {
  const chart = chartOf(actor)
  return chart !== undefined && !subtreeTakes(chart, type)
}

/**
 * Resolves once `ready()` holds (checked now and after each change of the page's actors), or once the page's actors
 * have not changed for `ms` while none of them waits on an invoked actor's result ({@link awaitsResult}), or after
 * `cap` in all. Rejects with the signal's reason when the replay drops the step, and with what a check threw (the
 * page's chart read, a guard run by `can`). `waiting` is called when the wait begins and after each change of the page
 * that leaves it waiting (to say what for).
 *
 * The checks after a change run in a microtask after it, never inside the page's processing: XState calls an inspection
 * observer in the middle of an actor's update, and an exception thrown there leaves that actor's mailbox stuck (every
 * later event queued, none processed: the page silently dead while the replay goes on sending).
 */
function waitFor(root: AnyActorRef, ready: () => boolean, { ms, cap }: { ms: number; cap: number }, signal: AbortSignal, waiting: () => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (ready()) return resolve()
    waiting()
    let ended = false
    /** A check is queued for the microtask after the page's current step (one for a burst of changes). */
    let queued = false
    // Quiet for `ms`: the page stays elsewhere, unless it is still waiting on a result (then the limit starts again).
    const quiet = () =>
      guarded(() => {
        if (awaitsResult(root)) timer = setTimeout(quiet, ms)
        else finish()
      })
    let timer = setTimeout(quiet, ms)
    const capTimer = setTimeout(finish, cap)
    const check = () => {
      queued = false
      if (ended) return
      guarded(() => {
        if (ready()) return finish()
        // The page moved, not yet to where the step needs it: the quiet limit starts again.
        waiting()
        clearTimeout(timer)
        timer = setTimeout(quiet, ms)
      })
    }
    const subscription = root.system.inspect({
      next: (event) => {
        if (event.type !== '@xstate.snapshot' || queued || ended) return
        queued = true
        queueMicrotask(check)
      },
    })
    const abort = () => {
      cleanup()
      reject(signal.reason)
    }
    signal.addEventListener('abort', abort, { once: true })
    function cleanup() {
      ended = true
      clearTimeout(timer)
      clearTimeout(capTimer)
      subscription.unsubscribe()
      signal.removeEventListener('abort', abort)
    }
    function finish() {
      cleanup()
      resolve()
    }
    /** Runs a check; what it throws ends the wait with that error (the step is then refused with it). */
    function guarded(run: () => void) {
      try {
        run()
      } catch (error) {
        cleanup()
        reject(error)
      }
    }
  })
}

/** Resolves after `ms`, or rejects when `signal` aborts first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    const abort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    signal.addEventListener('abort', abort, { once: true })
  })
}

/**
 * The actors a live replay of `root`'s page needs: `sendStep` and `answerWallets`, to give
 * `liveReplayMachine.provide({ actors })`. `timing` shortens the waits ({@link liveReplayMaxGap},
 * {@link liveReplayStateWait}, {@link liveReplayWaitCap}; ms), for tests.
 * @throws (`sendStep`) LiveReplayError when the step's actor is not on the page, its event carries a redacted value, or
 *   the actor does not accept the event in its state.
 */
export function liveReplayActors(root: AnyActorRef, wallets: readonly ReplayWallet[] = [], timing: { maxGap?: number; stateWait?: number; waitCap?: number } = {}) {
  const maxGap = timing.maxGap ?? liveReplayMaxGap
  const stateWait = timing.stateWait ?? liveReplayStateWait
  const waitCap = timing.waitCap ?? liveReplayWaitCap
  /** One step: its waits, its checks and its send (see {@link liveReplayActors}); `name` says the step in errors. */
  async function sendOne({ step, index, paced }: SendStepInput, name: string, signal: AbortSignal, system: { get(systemId: string): unknown }): Promise<void> {
    if (holdsRedacted(step.event)) throw new LiveReplayError(`${name} carries a value the recording redacted: it cannot be sent again. The replay stopped; nothing more was sent.`)
    // What the step waits for, told to the replay (its bar shows it); the same words are not told twice.
    let told = ''
    const tell = (what: string) => {
      const awaited = awaitedResult(root)
      const reason = `${what}${awaited ? `; the page waits on ${awaited}` : ''}`
      if (reason === told) return
      told = reason
      const replay = system.get(liveReplaySystemId) as AnyActorRef | undefined
      replay?.send({ type: 'replay.waiting', index, reason } satisfies LiveReplayEvent)
    }
    const gap = paced ? Math.min(step.gap, maxGap) : 0
    if (gap > 0) {
      tell(`The recording's pace: ${(gap / 1000).toFixed(1)} s`)
      await pause(gap, signal)
    }
    // Both waits below share the cap: the step waits at most `waitCap` in all.
    const deadline = Date.now() + waitCap
    const limits = () => ({ ms: stateWait, cap: Math.max(0, deadline - Date.now()) })
    // The actor may still be on its way (a connection spawned by the previous step), in a state it passes through, or
    // the wallet the step names not yet discovered. Only the regions the event can be taken in are compared.
    const arrived = (actor: AnyActorRef | undefined): boolean => actor !== undefined && (atRecordedState(actor, step) || neverTakes(actor, step.event.type))
    await waitFor(
      root,
      () => arrived(actorNamed(root, step.actor)) && connectorListed(root, step.event),
      limits(),
      signal,
      () => {
        const actor = actorNamed(root, step.actor)
        if (!actor) return tell(`Waiting for ${step.actor} to appear on the page`)
        if (!arrived(actor)) return tell(`Waiting for ${step.actor} to reach ${stateText(step.before)} (it is in ${stateText((actor.getSnapshot() as Snapshot).value) || '(no state)'})`)
        tell(`Waiting for the wallet ${String((step.event as { connectorId?: unknown }).connectorId)} to be discovered`)
      },
    )
    const accepts = () => {
      const snapshot = actorNamed(root, step.actor)?.getSnapshot() as Snapshot | undefined
      return snapshot?.can ? snapshot.can(step.event) : snapshot !== undefined
    }
    const present = actorNamed(root, step.actor)
    // An event no state of the actor's chart takes is never accepted: no wait.
    if (!accepts() && !(present && neverTakes(present, step.event.type))) {
      await waitFor(root, accepts, limits(), signal, () => {
        const actor = actorNamed(root, step.actor)
        tell(actor ? `Waiting for ${step.actor} to accept ${step.event.type} (it is in ${stateText((actor.getSnapshot() as Snapshot).value) || '(no state)'})` : `Waiting for ${step.actor} to appear on the page`)
      })
    }
    const actor = actorNamed(root, step.actor)
    if (!actor) throw new LiveReplayError(`${name}: no actor named ${step.actor} on this page. The replay stopped; nothing more was sent.`)
    if (!accepts()) {
      const now = stateText((actor.getSnapshot() as Snapshot).value)
      throw new LiveReplayError(`${name} is not accepted: ${step.actor} is in ${now || '(no state)'}, the recording had it in ${stateText(step.before) || '(no state)'}. The replay stopped; nothing more was sent.`)
    }
    actor.send(step.event)
  }
  return {
    sendStep: fromPromise<void, SendStepInput>(async ({ input, signal, system }) => {
      const name = `Step ${input.index + 1} (${input.step.actor}: ${input.step.event.type})`
      try {
        await sendOne(input, name, signal, system)
      } catch (error) {
        // A check of the page that threw (its chart read, a guard `can` ran): said as the step's refusal.
        if (error instanceof LiveReplayError || signal.aborted) throw error
        throw new LiveReplayError(`${name} could not be checked against the page: ${error instanceof Error ? error.message : String(error)}. The replay stopped; nothing more was sent.`, { cause: error })
      }
    }),
    answerWallets: fromCallback(() => {
      const approveAll = (wallet: ReplayWallet) => {
        for (const prompt of wallet.pending) wallet.approve(prompt.id)
      }
      const stops = wallets.map((wallet) => {
        approveAll(wallet)
        return wallet.subscribe(() => approveAll(wallet))
      })
      return () => {
        for (const stop of stops) stop()
      }
    }),
  }
}
