/**
 * The journeys of one chart, found by xstate's graph utilities over the production machine and the events a page
 * model offers in each state: the shortest path to every state (`getShortestPaths`), then, for each transition no path
 * fired yet, the shortest path to its source state followed by its event (`getAdjacencyMap`). Each path is carried on
 * through the events that come by themselves (a wallet's answer, a balance read) until the chart rests, and a path
 * another one starts with is dropped (walking the longer one walks it). Node-only, no page: pure transitions.
 */
import { getInitialSnapshot, getNextSnapshot, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate'
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph'

/** How a page makes an event happen: a step's name and its lines of Playwright (fixtures `page`, `wallet`, `modal`, `chain`). */
export type Drive = { name: string; code: readonly string[] }

/**
 * An event the page model offers: `drive` for one the test makes happen; none for one that comes by itself once the
 * step before it was made (an invoked actor's answer, a read): it is folded into that step.
 */
export type ModelEvent = EventObject & { drive?: Drive; [field: string]: unknown }

/** A chart as a page drives it: the production machine, its input, the events per state and the state's key. */
export type PageModel = {
  /** The chart's name in the config (`connection`, `network`, `siwx`, `send`). */
  chart: string
  /** The actor's system id in the modal (`connection.eip155`): whose state the tests read. */
  systemId: string
  machine: AnyStateMachine
  input?: unknown
  /** The events of a state, in a fixed order (the paths follow it). */
  events(snapshot: SnapshotFrom<AnyStateMachine>): ModelEvent[]
  /** How the traversal tells states apart (state value and the context that matters). */
  serialize(snapshot: SnapshotFrom<AnyStateMachine>): string
  /** Lines asserting what the page shows in a state at rest (the view, the public state); none by default. */
  checks?(snapshot: SnapshotFrom<AnyStateMachine>): string[]
  /** Whether the actor exists before the first step (a feature's actor is spawned on its first use). */
  spawnedLater?: boolean
}

/** One step of a path: the event, the state value (`JSON.stringify`) after it and the page's checks there. */
export type PathStep = { event: ModelEvent; state: string; checks: string[] }
/** A path from the initial state: its steps and the state it ends in. */
export type ChartPath = { steps: PathStep[]; target: string }

/** A state value as the paths name it. */
export const stateKey = (snapshot: { value: unknown }): string => JSON.stringify(snapshot.value)

type Node = { id: string; transitions: Map<string, unknown[]> }

/** The transitions `event` fires in `snapshot`, named `<source> --<event>[<index>]` (as the inspector names them). */
export function firedTransitions(machine: AnyStateMachine, snapshot: SnapshotFrom<AnyStateMachine>, event: EventObject): string[] {
  const data = machine.getTransitionData(snapshot as never, event) as unknown as Array<{ source: Node; eventType: string }>
  return data.map((t) => `${t.source.id} --${t.eventType}[${(t.source.transitions.get(t.eventType) ?? []).indexOf(t)}]`)
}

const driven = (events: ModelEvent[]) => events.some((e) => e.drive)

/**
 * The paths of `model` (see the module's comment), in a fixed order: state paths in `getShortestPaths`' order, then
 * transition paths in the adjacency map's. Same model, same paths.
 * @returns The paths and the transitions they fire (for the generated file's header).
 */
export function chartPaths(model: PageModel): { paths: ChartPath[]; fired: Set<string> } {
  const { machine, serialize } = model
  const traversal = { events: model.events as never, serializeState: serialize as never, ...(model.input !== undefined ? { input: model.input } : {}) } as never
  const fired = new Set<string>()
  const sequences: ModelEvent[][] = []
  const shortest = getShortestPaths(machine, traversal) as unknown as Array<{ state: SnapshotFrom<AnyStateMachine>; steps: Array<{ state: SnapshotFrom<AnyStateMachine>; event: ModelEvent }> }>
  const toState = new Map<string, ModelEvent[]>()
  const seenStates = new Set<string>()
  for (const path of shortest) {
    const events = path.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init')
    toState.set(serialize(path.state), events)
    const key = stateKey(path.state)
    if (seenStates.has(key)) continue
    seenStates.add(key)
    sequences.push(events)
  }
  const replay = (events: ModelEvent[]) => {
    let snapshot = getInitialSnapshot(machine, model.input as never)
    for (const event of events) {
      firedTransitions(machine, snapshot, event).forEach((t) => fired.add(t))
      snapshot = getNextSnapshot(machine, snapshot, event as never)
    }
    return snapshot
  }
  sequences.forEach(replay)
  const adjacency = getAdjacencyMap(machine, traversal) as unknown as Record<string, { state: SnapshotFrom<AnyStateMachine>; transitions: Record<string, { event: ModelEvent }> }>
  for (const { state, transitions } of Object.values(adjacency)) {
    const prefix = toState.get(serialize(state))
    if (!prefix) continue
    for (const { event } of Object.values(transitions)) {
      if (firedTransitions(machine, state, event).every((t) => fired.has(t))) continue
      sequences.push([...prefix, event])
      replay([...prefix, event])
    }
  }
  const paths = sequences.map((events) => carryOn(model, events, fired))
  return { paths: withoutPrefixes(paths), fired }
}

/** Replays `events`, then follows the events that come by themselves (the first offered) until the chart rests. */
function carryOn(model: PageModel, events: ModelEvent[], fired: Set<string>): ChartPath {
  let snapshot = getInitialSnapshot(model.machine, model.input as never)
  const steps: PathStep[] = []
  const push = (event: ModelEvent) => {
    firedTransitions(model.machine, snapshot, event).forEach((t) => fired.add(t))
    snapshot = getNextSnapshot(model.machine, snapshot, event as never)
    steps.push({ event, state: stateKey(snapshot), checks: model.checks?.(snapshot) ?? [] })
  }
  events.forEach(push)
  for (let guard = 0; guard < 20; guard++) {
    const next = model.events(snapshot)
    if (next.length === 0 || driven(next)) break
    push(next[0]!)
  }
  return { steps, target: stateKey(snapshot) }
}

/** The paths without those another path starts with (of two equal ones the first stays). */
function withoutPrefixes(paths: ChartPath[]): ChartPath[] {
  const key = (p: ChartPath) => p.steps.map((s) => `${s.event.type}${s.event.drive ? `:${s.event.drive.name}` : ''}>${s.state}`)
  const keys = paths.map(key)
  return paths.filter((_, i) => {
    const mine = keys[i]!
    return !keys.some((theirs, j) => j !== i && mine.length <= theirs.length && mine.every((k, n) => k === theirs[n]) && (mine.length < theirs.length || j < i))
  })
}

/** A step of a test: a driven event and the events that came by themselves after it, and where the chart rests. */
export type TestStep = { drive: Drive; folded: string[]; state: string; checks: string[] }

/**
 * A path as the steps of a test: each driven event with the internal events after it folded in; the internal events
 * before the first driven one (the chart's start) are the `start` list.
 */
export function toTestSteps(path: ChartPath, initial: string): { start: string[]; startState: string; steps: TestStep[] } {
  const start: string[] = []
  let startState = initial
  const steps: TestStep[] = []
  for (const step of path.steps) {
    if (step.event.drive) steps.push({ drive: step.event.drive, folded: [], state: step.state, checks: step.checks })
    else if (steps.length === 0) {
      start.push(step.event.type)
      startState = step.state
    } else {
      const last = steps.at(-1)!
      last.folded.push(step.event.type)
      last.state = step.state
      last.checks = step.checks
    }
  }
  return { start, startState, steps }
}
