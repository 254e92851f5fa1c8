import { createActor, type AnyActorRef, type AnyStateMachine, type EventObject, type InspectionEvent, type SnapshotFrom } from 'xstate'
import { getAdjacencyMap } from 'xstate/graph'
import { TestFailure } from '../harness/failures.ts'

/**
 * Model-based test support (STYLE.md rule 11): from a production machine and the events its gestures can
 * produce, build paths that reach every state and fire every transition, and measure the coverage.
 *
 * A transition is identified by its source state node, its event and its index among that node's
 * transitions for the event (guarded branches are distinct transitions). Eventless (`always`)
 * transitions are counted when their source is entered and their target reached.
 */

export type TransitionId = string
export type Step = { event: EventObject; state: string }
export type ModelPath = {
  steps: Step[]
  target: string
  transition?: TransitionId
  /**
   * Set by {@link withoutPrefixes}: the paths dropped because this one starts with them, each as its number of steps
   * and its target, so a walk with assertions at a path's end can make them after that many steps of this one.
   */
  ends?: Array<{ length: number; target: string }>
}

/** Serialises a snapshot by its state value only (context differences are not new states). */
export const stateKey = (snapshot: { value: unknown }) => JSON.stringify(snapshot.value)

type StateNodeLike = {
  id: string
  key: string
  states: Record<string, StateNodeLike>
  transitions: Map<string, Array<{ eventType: string; target?: Array<{ id: string }> }>>
  always?: Array<unknown>
}

function allNodes(machine: AnyStateMachine): StateNodeLike[] {
  const out: StateNodeLike[] = []
  const visit = (node: StateNodeLike) => {
    out.push(node)
    Object.values(node.states).forEach(visit)
  }
  visit(machine.root as unknown as StateNodeLike)
  return out
}

/** Every state node id of the machine, root excluded. */
export function stateInventory(machine: AnyStateMachine): string[] {
  return allNodes(machine)
    .filter((n) => n !== (machine.root as unknown))
    .map((n) => n.id)
}

/** Every event-driven transition of the machine (incl. delayed `xstate.after.*` and actor done/error). */
export function transitionInventory(machine: AnyStateMachine): TransitionId[] {
  const ids: TransitionId[] = []
  for (const node of allNodes(machine)) {
    for (const [eventType, list] of node.transitions) {
      list.forEach((_, i) => ids.push(`${node.id} --${eventType}[${i}]`))
    }
    ;(node.always ?? []).forEach((_, i) => ids.push(`${node.id} --always[${i}]`))
  }
  return ids
}

/** The transitions `event` fires from `snapshot` (identified as in {@link transitionInventory}). */
export function firedTransitions(machine: AnyStateMachine, snapshot: SnapshotFrom<AnyStateMachine>, event: EventObject): TransitionId[] {
  const data = machine.getTransitionData(snapshot as never, event) as Array<{ source: StateNodeLike; eventType: string }>
  return data.map((t) => {
    const list = t.source.transitions.get(t.eventType) ?? []
    return `${t.source.id} --${t.eventType}[${list.indexOf(t as never)}]`
  })
}

/** Active state node ids of a snapshot (all levels). */
export function activeStateIds(snapshot: SnapshotFrom<AnyStateMachine>): string[] {
  return (snapshot as unknown as { _nodes: Array<{ id: string }> })._nodes.map((n) => n.id)
}

type Snapshot = SnapshotFrom<AnyStateMachine>
/** xstate/graph's adjacency map: by serialised state, the state and, by serialised event, each event and the next state. */
type Adjacency = Record<string, { state: Snapshot; transitions: Record<string, { event: EventObject; state: Snapshot }> }>

/**
 * The shortest path to every state of an adjacency map, exactly as xstate/graph's `getShortestPaths` computes them from
 * the map it builds itself (the same search, order and step shape: the first step is `xstate.init` on the initial
 * state, each step's state the one after its event), so a caller that needs the map too traverses the model once.
 *
 * @param adjacency `getAdjacencyMap(machine, traversal)`; its first key is the initial state.
 * @param serialize The traversal's `serializeState`.
 * @returns One path per reachable state, in the order `getShortestPaths` gives them.
 */
function shortestPaths(adjacency: Adjacency, serialize: (snapshot: Snapshot) => string): Array<{ state: Snapshot; steps: Array<{ state: Snapshot; event: EventObject }> }> {
  const initial = Object.keys(adjacency)[0]!
  const weights = new Map<string, { weight: number; from?: string; event?: EventObject }>([[initial, { weight: 0 }]])
  const states = new Map<string, Snapshot>([[initial, adjacency[initial]!.state]])
  const unvisited = new Set([initial])
  const visited = new Set<string>()
  for (const serialized of unvisited) {
    const { weight } = weights.get(serialized)!
    for (const { event, state: next } of Object.values(adjacency[serialized]!.transitions)) {
      const key = serialize(next)
      states.set(key, next)
      const known = weights.get(key)
      if (!known || known.weight > weight + 1) weights.set(key, { weight: weight + 1, from: serialized, event })
      if (!visited.has(key)) unvisited.add(key)
    }
    visited.add(serialized)
    unvisited.delete(serialized)
  }
  const plans = new Map<string, Array<{ state: Snapshot; event: EventObject }>>()
  const paths: Array<{ state: Snapshot; steps: Array<{ state: Snapshot; event: EventObject }> }> = []
  weights.forEach(({ from, event }, key) => {
    const state = states.get(key)!
    const plan = from === undefined ? [] : [...plans.get(from)!, { state: states.get(from)!, event: event! }]
    plans.set(key, plan)
    // getShortestPaths' shape: each step's event led to its state, the first being `xstate.init`.
    const steps = plan.length === 0 ? [{ state, event: { type: 'xstate.init' } }] : plan.map((step, i) => ({ state: step.state, event: i === 0 ? { type: 'xstate.init' } : plan[i - 1]!.event }))
    if (plan.length > 0) steps.push({ state, event: plan[plan.length - 1]!.event })
    paths.push({ state, steps })
  })
  return paths
}

export type ModelOptions = {
  input?: unknown
  /** The events available in a state: only those a gesture can produce there (return [] to bound the graph). */
  events: (snapshot: SnapshotFrom<AnyStateMachine>) => EventObject[]
  /** Coverage of earlier runs (other inputs): their states and transitions get no new paths here. */
  covered?: { coveredStates: Set<string>; coveredTransitions: Set<TransitionId> }[]
  /** How the traversal tells states apart; default value + context. */
  serialize?: (snapshot: SnapshotFrom<AnyStateMachine>) => string
}

const valueAndContext = (snapshot: { value: unknown; context: unknown }) => JSON.stringify({ value: snapshot.value, context: snapshot.context })

/**
 * Paths for the machine: the shortest path to every reachable state, plus for every edge (state × event)
 * that fires a transition not yet covered, the shortest path to its source followed by that event.
 * Also returns what they cover.
 */
export function buildModelPaths(machine: AnyStateMachine, options: ModelOptions) {
  const traversal = { events: options.events, serializeState: options.serialize ?? valueAndContext, ...(options.input !== undefined ? { input: options.input } : {}) } as never
  // One traversal of the model for both the shortest paths and the edges below (xstate/graph's getShortestPaths would
  // build the same adjacency map again: about a third of the cost of a large model).
  const adjacency = getAdjacencyMap(machine, traversal) as unknown as Adjacency
  const shortest = shortestPaths(adjacency, (options.serialize ?? valueAndContext) as (s: Snapshot) => string)
  const toState = new Map<string, Step[]>()
  const shortestBySerialized = new Map<string, Array<{ state: SnapshotFrom<AnyStateMachine>; event: EventObject }>>()
  const paths: ModelPath[] = []
  const coveredStates = new Set<string>()
  const coveredTransitions = new Set<TransitionId>()
  const earlierStates = new Set((options.covered ?? []).flatMap((r) => [...r.coveredStates]))
  const earlierTransitions = new Set((options.covered ?? []).flatMap((r) => [...r.coveredTransitions]))

  // In xstate/graph paths, steps[i].state is the state *after* steps[i].event (steps[0] is xstate.init).
  const record = (steps: Array<{ state: SnapshotFrom<AnyStateMachine>; event: EventObject }>) => {
    steps.forEach((step, i) => {
      activeStateIds(step.state).forEach((id) => coveredStates.add(id))
      const before = steps[i - 1]?.state
      if (!before) return
      firedTransitions(machine, before, step.event).forEach((t) => coveredTransitions.add(t))
      // Eventless transitions the event led through (transient states are never at rest in a snapshot).
      for (const t of eventlessTransitions(machine, before, step.event)) {
        coveredTransitions.add(t)
        coveredStates.add(t.split(' --')[0]!)
      }
    })
  }

  const serialize = (options.serialize ?? valueAndContext) as (s: unknown) => string
  // Eventless transitions taken while starting (a transient boot state) are seen through inspection.
  for (const t of initialTransitions(machine, options.input)) {
    coveredTransitions.add(t)
    coveredStates.add(t.split(' --')[0]!)
  }

  for (const p of shortest) {
    const key = stateKey(p.state)
    const steps = p.steps.filter((s) => s.event.type !== 'xstate.init').map((s) => ({ event: s.event, state: stateKey(s.state) }))
    toState.set(serialize(p.state), steps)
    shortestBySerialized.set(serialize(p.state), p.steps)
    const isNew = activeStateIds(p.state).some((id) => !earlierStates.has(id) && !coveredStates.has(id))
    // One walked path per new state value; only walked paths count as coverage. The edge paths below add the rest.
    if ((isNew || steps.length === 0) && !paths.some((q) => q.target === key && q.transition === undefined)) {
      record(p.steps)
      paths.push({ steps, target: key })
    }
  }

  // An edge's eventless transitions are replayed on an actor (the dearest step of a large model) only while one of the
  // machine's `always` transitions is still uncovered: once all are, they can add nothing fresh to an edge.
  const always = transitionInventory(machine).filter((t) => t.includes(' --always['))
  const alwaysCovered = () => always.every((t) => coveredTransitions.has(t) || earlierTransitions.has(t))
  for (const [, { state, transitions }] of Object.entries(adjacency)) {
    const prefix = toState.get(serialize(state))
    if (!prefix) continue
    for (const { event, state: next } of Object.values(transitions)) {
      const fired = [...firedTransitions(machine, state, event), ...(alwaysCovered() ? [] : eventlessTransitions(machine, state, event))]
      const fresh = fired.filter((t) => !coveredTransitions.has(t) && !earlierTransitions.has(t))
      if (fresh.length === 0) continue
      const prefixPath = shortestBySerialized.get(serialize(state))!
      record([...prefixPath, { state: next, event }])
      paths.push({ steps: [...prefix, { event, state: stateKey(next) }], target: stateKey(next), transition: fresh[0]! })
    }
  }
  return { paths, coveredStates, coveredTransitions }
}

/**
 * The paths without those another path starts with (walking the longer one walks them too); the coverage is the same.
 * Where a machine is spawned on intent, a path that ends before the intent would leave nothing to see.
 *
 * For a walk that asserts at every step what it asserts at its path's end (the step's state reached, and the step's
 * own checks): the longer path then asserts each dropped path's every step, in the same order from the same start. A
 * walk with assertions of its own at the end of a path makes them after each of the kept path's `ends` too (the
 * dropped paths' lengths and targets), and passes `keep` for the paths whose end it cannot assert in the middle of
 * another (e.g. that a machine spawned on intent is not there yet, or an end check that changes the page): those
 * are never dropped.
 *
 * @param run A run of {@link buildModelPaths} (its coverage sets are kept as they are: the dropped paths' steps are
 *   all walked by the paths kept).
 * @param keep Paths to walk even when a longer path starts with them.
 */
export function withoutPrefixes<R extends { paths: ModelPath[] }>(run: R, keep: (path: ModelPath) => boolean = () => false): R {
  const key = (p: ModelPath) => p.steps.map((s) => `${JSON.stringify(s.event, (_, v) => (v instanceof Error ? `${v.name}: ${v.message}` : v))}>${s.state}`)
  const keys = run.paths.map(key)
  const startsWith = (j: number, i: number) => {
    const mine = keys[i]!
    const theirs = keys[j]!
    return j !== i && mine.length <= theirs.length && mine.every((k, n) => k === theirs[n]) && (mine.length < theirs.length || j < i)
  }
  const dropped = run.paths.map((path, i) => !keep(path) && keys.some((_, j) => startsWith(j, i)))
  const paths = run.paths.flatMap((path, j) => {
    if (dropped[j]) return []
    const ends = run.paths.flatMap((p, i) => (dropped[i] && startsWith(j, i) ? [{ length: p.steps.length, target: p.target }] : []))
    return [ends.length ? { ...path, ends } : path]
  })
  return { ...run, paths }
}

/**
 * The eventless (`always`) transitions taken when `event` is sent in `snapshot`: the event is replayed on an
 * actor restored from the snapshot, with inspection (invoked actors are not run; only the microsteps matter).
 */
function eventlessTransitions(machine: AnyStateMachine, snapshot: SnapshotFrom<AnyStateMachine>, event: EventObject): TransitionId[] {
  const taken: TransitionId[] = []
  const actor = createActor(machine, {
    snapshot: { ...(snapshot as object), children: {} } as never,
    inspect: (ev) => {
      if (ev.type !== '@xstate.microstep') return
      if (ev.actorRef.sessionId !== ev.rootId) return
      for (const t of (ev as unknown as { _transitions: Array<{ source: StateNodeLike; eventType: string }> })._transitions) {
        if (t.eventType !== '') continue
        taken.push(`${t.source.id} --always[${(t.source.always ?? []).indexOf(t as never)}]`)
      }
    },
  })
  actor.subscribe({ error: () => {} })
  try {
    actor.start()
    taken.length = 0
    actor.send(event)
  } catch {
    // An unprovided invoked actor may throw: the microsteps seen so far are what counts.
  }
  actor.stop()
  return taken
}

/** Transitions (eventless ones included) taken by the machine while it starts with `input`. */
function initialTransitions(machine: AnyStateMachine, input: unknown): TransitionId[] {
  const taken: TransitionId[] = []
  const actor = createActor(machine, {
    ...(input !== undefined ? { input } : {}),
    inspect: (ev) => {
      if (ev.type !== '@xstate.microstep' || ev.actorRef.sessionId !== ev.rootId) return
      for (const t of (ev as unknown as { _transitions: Array<{ source: StateNodeLike; eventType: string }> })._transitions) {
        const list = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? [])
        taken.push(`${t.source.id} --${t.eventType === '' ? 'always' : t.eventType}[${list.indexOf(t as never)}]`)
      }
    },
  })
  actor.subscribe({ error: () => {} })
  try {
    actor.start()
  } catch {
    // Actors the machine invokes at start may be unprovided here: only the microsteps matter.
  }
  actor.stop()
  return taken
}

/** Coverage figures of several runs of one machine (different inputs or fixtures). */
export function coverageReport(
  machine: AnyStateMachine,
  runs: Array<{ coveredStates: Set<string>; coveredTransitions: Set<TransitionId> }>,
  alwaysCovered: (id: TransitionId, states: Set<string>) => boolean = () => false,
) {
  const states = new Set(runs.flatMap((r) => [...r.coveredStates]))
  const transitions = new Set(runs.flatMap((r) => [...r.coveredTransitions]))
  const allStates = stateInventory(machine)
  const allTransitions = transitionInventory(machine)
  for (const t of allTransitions) if (t.includes('--always[') && alwaysCovered(t, states)) transitions.add(t)
  const missingStates = allStates.filter((s) => !states.has(s))
  const missingTransitions = allTransitions.filter((t) => !transitions.has(t))
  return {
    states: { covered: allStates.length - missingStates.length, total: allStates.length, missing: missingStates },
    transitions: { covered: allTransitions.length - missingTransitions.length, total: allTransitions.length, missing: missingTransitions },
  }
}

/** One line for the console: `router: states 7/7 (100%), transitions 20/24 (83%)`. */
export function formatCoverage(name: string, report: ReturnType<typeof coverageReport>): string {
  const pct = (a: number, b: number) => `${b === 0 ? 100 : Math.round((a / b) * 100)}%`
  return `${name}: states ${report.states.covered}/${report.states.total} (${pct(report.states.covered, report.states.total)}), transitions ${report.transitions.covered}/${report.transitions.total} (${pct(report.transitions.covered, report.transitions.total)})`
}

/** The delayed (`after`) events the active states of a snapshot are waiting for. */
export function delayedEvents(snapshot: SnapshotFrom<AnyStateMachine>): EventObject[] {
  const nodes = (snapshot as unknown as { _nodes: StateNodeLike[] })._nodes
  return nodes.flatMap((n) => [...n.transitions.keys()].filter((t) => t.startsWith('xstate.after.')).map((type) => ({ type })))
}

/**
 * Records what one actor of a running system does, from XState's inspection: every transition it takes, named as
 * in {@link transitionInventory} (the guarded branch each event fired, eventless ones included), and the states it
 * is in. Pass `inspect` to `createActor` (or `createModal`) to see the actor's start too, or to `system.inspect`.
 * `select` picks the actor (default: the system's root). `coveredStates` and `coveredTransitions` have the shape
 * {@link coverageReport} takes.
 *
 * The branch is read from the microstep the actor took (`_transitions`). With `machine`, each event relayed to the
 * actor (`@xstate.event`) is also given to {@link firedTransitions} with the actor's snapshot at that moment
 * (`firedAtRelay`), as a check of the two: an event relayed while the actor still processes an earlier one waits
 * in its mailbox, and guards that read other actors (a coordinator's) are evaluated when it is dequeued.
 */
export function transitionRecorder(options: { machine?: AnyStateMachine; select?: (actorRef: InspectionEvent['actorRef'], rootId: string) => boolean } = {}) {
  const select = options.select ?? ((actorRef, rootId) => actorRef.sessionId === rootId)
  const coveredStates = new Set<string>()
  const coveredTransitions = new Set<TransitionId>()
  const firedAtRelay = new Set<TransitionId>()
  /** Every transition taken, in order, with the event's type. */
  const taken: Array<{ event: string; transition: TransitionId }> = []
  const inspect = (ev: InspectionEvent) => {
    if (!select(ev.actorRef, ev.rootId)) return
    if (ev.type === '@xstate.event' && options.machine && ev.event.type !== 'xstate.init' && ev.event.type !== 'xstate.stop') {
      const snapshot = (ev.actorRef as unknown as { getSnapshot(): SnapshotFrom<AnyStateMachine> }).getSnapshot()
      if (snapshot.status === 'active') firedTransitions(options.machine, snapshot, ev.event).forEach((t) => firedAtRelay.add(t))
    }
    if (ev.type !== '@xstate.microstep') return
    for (const t of (ev as unknown as { _transitions: Array<{ source: StateNodeLike; eventType: string }> })._transitions) {
      const list = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? [])
      const id = `${t.source.id} --${t.eventType === '' ? 'always' : t.eventType}[${list.indexOf(t as never)}]`
      coveredTransitions.add(id)
      coveredStates.add(t.source.id)
      taken.push({ event: ev.event.type, transition: id })
    }
    activeStateIds(ev.snapshot as never).forEach((id) => coveredStates.add(id))
  }
  return { inspect, coveredStates, coveredTransitions, firedAtRelay, taken }
}

/**
 * Records the transitions one actor of a running system takes, as {@link transitionInventory} names them, through
 * `actor.system.inspect` (a {@link transitionRecorder} that selects only `actor`). `taken` is every transition
 * taken since the call, in order; `stop` ends the recording.
 *
 * @param actor The actor whose transitions count (e.g. the modal's child machine of a walk).
 */
export function recordTransitions(actor: AnyActorRef) {
  const recorder = transitionRecorder({ select: (actorRef) => actorRef === actor })
  const sub = actor.system.inspect(recorder.inspect)
  return {
    /** The transition ids taken so far, in order. */
    get taken(): TransitionId[] {
      return recorder.taken.map((t) => t.transition)
    },
    stop: () => sub.unsubscribe(),
  }
}

/** How a model's traversal is built: the same options as {@link buildModelPaths} takes. */
export type TraversalOptions<E extends EventObject = EventObject> = {
  /** The events available in a state (the gestures of a fixture). */
  events: (snapshot: any) => E[]
  /** How the traversal tells states apart. */
  serialize: (snapshot: any) => string
  /** The machine's input, if it takes one. */
  input?: unknown
}

/**
 * A walk whatever the coverage paths happen to take (a named scenario): the shortest path to a state where `where`
 * holds, then `then`, each matcher picking the first event of the state reached so far it matches (from
 * `getAdjacencyMap`). Throws when no state matches or a matcher finds no event.
 *
 * @param machine The production machine.
 * @param options The traversal: events, serialisation and input, as for the coverage paths.
 * @param where Picks the state to start from (the nearest one that holds).
 * @param then The events to follow from there, in order.
 */
export function scenarioPath<E extends EventObject>(machine: AnyStateMachine, options: TraversalOptions<E>, where: (snapshot: any) => boolean, then: Array<(event: E) => boolean>): ModelPath {
  const { serialize } = options
  const traversal = { events: options.events, serializeState: serialize, ...(options.input !== undefined ? { input: options.input } : {}) } as never
  const adjacency = getAdjacencyMap(machine, traversal) as any
  const found = (shortestPaths(adjacency, serialize) as any[]).filter((p) => where(p.state)).sort((a, b) => a.steps.length - b.steps.length)[0]
  if (!found) throw new TestFailure('no such state in the model')
  const steps: Step[] = found.steps.filter((s: any) => s.event.type !== 'xstate.init').map((s: any) => ({ event: s.event, state: stateKey(s.state) }))
  let state = found.state
  for (const match of then) {
    const next = Object.values(adjacency[serialize(state)].transitions as Record<string, { event: E; state: any }>).find((t) => match(t.event))
    if (!next) throw new TestFailure(`no event to follow in ${serialize(state)}`)
    steps.push({ event: next.event, state: stateKey(next.state) })
    state = next.state
  }
  return { steps, target: stateKey(state) }
}
