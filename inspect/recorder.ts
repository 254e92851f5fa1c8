/**
 * The inspector's record of one modal: every actor of its system, every event between them and every snapshot, in
 * time order, read through XState v5's inspection API (`actor.system.inspect(observer)` or createActor's `inspect`
 * option; nothing patched). Payloads, contexts and outputs go through {@link toPlain} as they arrive, so no secret is
 * ever kept. From the same stream it counts coverage: each state node entered and each transition taken, per machine,
 * named as the model-based tests name them (`<sourceNodeId> --<eventType>[<index>]`), so a test run's coverage file
 * and a live session's can be merged.
 *
 * Pure data and functions: no DOM, no React. The panel reads {@link InspectorRecorder.session}; an exported session is
 * the same JSON ({@link InspectorSession}), read back by `parseSession` (inspect/session.ts).
 */
import type { AnyActorRef, AnyStateMachine, InspectionEvent } from 'xstate'
import { activeNodeIds, machineToGraph, type MachineGraph } from './graph.ts'
import { toPlain } from './plain.ts'

/** An actor as the inspector names it. */
export type InspectedActor = {
  /** XState's session id (`x:3`): unique per actor and page load. */
  sessionId: string
  /** Its system id (`router`, `connection.eip155`); `root` for the root actor; else its id. */
  name: string
  /** The id of the machine it runs, or null for an actor that is not a state machine (a promise, a callback). */
  machineId: string | null
  /** The parent's session id; null for the root. */
  parent: string | null
}

/** An event as plain data: its type and its other fields, secrets taken out. */
export type PlainEvent = { type: string; [field: string]: unknown }

/** One moment of the record. `at` is ms since the recording started; `seq` counts from 1 in arrival order. */
export type InspectorEntry =
  | { seq: number; at: number; kind: 'actor'; actor: string }
  | { seq: number; at: number; kind: 'event'; actor: string; source: string | null; event: PlainEvent }
  | { seq: number; at: number; kind: 'snapshot'; actor: string; event: string; status: string; value: unknown; context: unknown; error?: unknown; output?: unknown }

/** Counts per machine id: how often each state node was entered and each transition taken. */
export type Coverage = Record<string, { states: Record<string, number>; transitions: Record<string, number> }>

/** A whole recording as JSON: what the inspector exports and imports (format 1). */
export type InspectorSession = {
  format: 'latchkey-inspect'
  version: 1
  /** When the recording started (ISO 8601). */
  startedAt: string
  /** The page it was recorded on, or null (a test run). */
  url: string | null
  actors: InspectedActor[]
  entries: InspectorEntry[]
  coverage: Coverage
  /** The chart of every machine that ran, read from its definition, so an imported session draws without the page. */
  machines: Record<string, MachineGraph>
}

export type RecorderOptions = {
  /** How many entries are kept (the oldest go first); default 5,000. Coverage counts everything. */
  limit?: number
  /** The clock, in ms; default `performance.now` (or `Date.now`). */
  now?: () => number
  /** The page's address for the session; default none. */
  url?: string | null
}

export type InspectorRecorder = {
  /** The observer to give `system.inspect(…)` or createActor's `inspect`. */
  inspect: (event: InspectionEvent) => void
  /** Records every actor already running in `root`'s system (an inspector attached after the modal started). */
  adopt: (root: AnyActorRef) => void
  /** The recording so far (a new object each call; entries and coverage copied). */
  session: () => InspectorSession
  /** Called after each recorded entry; returns the removal. */
  subscribe: (listener: () => void) => () => void
  /** Forgets the entries (coverage and actors stay). */
  clear: () => void
}

/** The default number of entries kept. */
export const defaultEntryLimit = 5_000

type ActorLike = AnyActorRef & { systemId?: string; _parent?: ActorLike; logic?: unknown; getSnapshot(): unknown }
type NodeLike = { id: string; transitions: Map<string, unknown[]>; always?: unknown[] }
type TakenTransition = { source: NodeLike; eventType: string }
/** An entry before it is numbered and timed (each member of the union without `seq` and `at`). */
type NewEntry = InspectorEntry extends infer E ? (E extends InspectorEntry ? Omit<E, 'seq' | 'at'> : never) : never

/** The machine an actor runs, or null (a promise or callback actor). */
function machineOf(actor: ActorLike): AnyStateMachine | null {
  const logic = actor.logic as { id?: unknown; root?: unknown } | undefined
  return logic && typeof logic.id === 'string' && logic.root ? (logic as unknown as AnyStateMachine) : null
}

/**
 * An id XState made up because the config gave none: an invoke's `<index>.<state node id>` (`0.root`) or a spawned
 * actor's session id (`x:12`). Such an id says nothing to a reader.
 */
function isGeneratedId(actor: ActorLike): boolean {
  return actor.id === actor.sessionId || /^\d+\.[^.]/.test(actor.id)
}

/**
 * How the inspector names `actor`: its system id; `root` for the root; its id when the config gave one; else what it
 * runs (the `src` named in its invoke or spawn, `watchConnectors`), else its machine's id (logic given inline), else its
 * generated id.
 */
export function describeInspectedActor(actor: AnyActorRef): InspectedActor {
  const a = actor as ActorLike
  const parent = a._parent ?? null
  const machineId = machineOf(a)?.id ?? null
  const src = (a as { src?: unknown }).src
  const name = typeof a.systemId === 'string' ? a.systemId : !parent ? 'root' : !isGeneratedId(a) ? a.id : typeof src === 'string' && !src.startsWith('xstate.') ? src : (machineId ?? a.id)
  return { sessionId: a.sessionId, name, machineId, parent: parent ? parent.sessionId : null }
}

/** A transition's id as the model tests name it (tests/model/coverage.ts `transitionInventory`). */
function transitionId(t: TakenTransition): string {
  const list = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? [])
  return `${t.source.id} --${t.eventType === '' ? 'always' : t.eventType}[${list.indexOf(t)}]`
}

/**
 * A recorder of one actor system. Give `recorder.inspect` to `modal.actor.system.inspect(…)` (and call
 * `recorder.adopt(modal.actor)` for the actors already running), or to createActor's `inspect` option.
 * Never throws from `inspect` (XState calls it inside the page's update, where an exception would leave the actor
 * unable to process anything more): a value it cannot read is recorded as a note ({@link toPlain}), a listener that
 * throws is reported on the console.
 * @example const recorder = createRecorder(); modal.actor.system.inspect(recorder.inspect); recorder.adopt(modal.actor)
 */
export function createRecorder(options: RecorderOptions = {}): InspectorRecorder {
  const limit = options.limit ?? defaultEntryLimit
  const now = options.now ?? (() => (typeof performance !== 'undefined' ? performance.now() : Date.now()))
  const startedAt = new Date().toISOString()
  const origin = now()
  const actors = new Map<string, InspectedActor>()
  const machines = new Map<string, AnyStateMachine>()
  const graphs = new Map<string, MachineGraph>()
  let entries: InspectorEntry[] = []
  const coverage: Coverage = {}
  const listeners = new Set<() => void>()
  let seq = 0

  const count = (machineId: string, kind: 'states' | 'transitions', id: string) => {
    coverage[machineId] ??= { states: {}, transitions: {} }
    const counts = coverage[machineId][kind]
    counts[id] = (counts[id] ?? 0) + 1
  }
  const graphOf = (machineId: string) => {
    let graph = graphs.get(machineId)
    const machine = machines.get(machineId)
    if (!graph && machine) {
      graph = machineToGraph(machine)
      graphs.set(machineId, graph)
    }
    return graph
  }
  const push = (entry: NewEntry) => {
    entries.push({ ...entry, seq: ++seq, at: Math.round((now() - origin) * 10) / 10 } as InspectorEntry)
    if (entries.length > limit) entries = entries.slice(entries.length - limit)
    // The listeners run inside the page's update (XState calls `inspect` there): one that throws is reported and the
    // others still hear the entry, and nothing reaches the page (an exception there leaves its actor unable to process
    // anything more).
    for (const listener of listeners) {
      try {
        listener()
      } catch (error) {
        console.error('latchkey inspector: a listener of the recorder threw; the page goes on.', error)
      }
    }
  }
  const know = (actorRef: AnyActorRef): InspectedActor => {
    const known = actors.get(actorRef.sessionId)
    if (known) return known
    const info = describeInspectedActor(actorRef)
    actors.set(info.sessionId, info)
    const machine = machineOf(actorRef as ActorLike)
    if (machine && info.machineId) machines.set(info.machineId, machine)
    return info
  }
  const snapshotEntry = (info: InspectedActor, event: string, snapshot: unknown) => {
    const s = (snapshot ?? {}) as { status?: unknown; value?: unknown; context?: unknown; error?: unknown; output?: unknown }
    push({
      kind: 'snapshot',
      actor: info.sessionId,
      event,
      status: typeof s.status === 'string' ? s.status : 'unknown',
      value: info.machineId ? toPlain(s.value) : null,
      // null for an actor with no context (a promise, a callback): the key stays, so the JSON reads back whole.
      context: s.context === undefined ? null : toPlain(s.context, { maxDepth: 6, maxArray: 40 }),
      ...(s.error !== undefined ? { error: toPlain(s.error, { maxDepth: 4 }) } : {}),
      ...(s.output !== undefined ? { output: toPlain(s.output, { maxDepth: 4 }) } : {}),
    })
  }
  const countStates = (info: InspectedActor, value: unknown) => {
    if (!info.machineId) return
    const graph = graphOf(info.machineId)
    if (graph) for (const id of activeNodeIds(graph, value as never)) count(info.machineId, 'states', id)
  }

  const inspect = (event: InspectionEvent) => {
    try {
      const info = know(event.actorRef as AnyActorRef)
      switch (event.type) {
        case '@xstate.actor':
          push({ kind: 'actor', actor: info.sessionId })
          return
        case '@xstate.event':
          push({ kind: 'event', actor: info.sessionId, source: event.sourceRef ? know(event.sourceRef as AnyActorRef).sessionId : null, event: toPlain(event.event, { maxDepth: 6, maxArray: 40 }) as PlainEvent })
          return
        case '@xstate.snapshot': {
          snapshotEntry(info, event.event.type, event.snapshot)
          countStates(info, (event.snapshot as { value?: unknown }).value)
          return
        }
        case '@xstate.microstep': {
          if (!info.machineId) return
          for (const t of (event as unknown as { _transitions?: TakenTransition[] })._transitions ?? []) count(info.machineId, 'transitions', transitionId(t))
          return
        }
      }
    } catch (error) {
      try {
        push({ kind: 'event', actor: event.actorRef?.sessionId ?? 'unknown', source: null, event: { type: 'inspector.unreadable', error: toPlain(error) } })
      } catch {
        // Not even the note could be kept: the entry is lost, the page is not.
      }
    }
  }

  const adopt = (root: AnyActorRef) => {
    const visit = (actor: ActorLike) => {
      if (!actors.has(actor.sessionId)) {
        const info = know(actor)
        push({ kind: 'actor', actor: info.sessionId })
        const snapshot = actor.getSnapshot()
        snapshotEntry(info, 'inspector.adopted', snapshot)
        countStates(info, (snapshot as { value?: unknown }).value)
      }
      const children = (actor.getSnapshot() as { children?: Record<string, ActorLike> } | undefined)?.children ?? {}
      for (const child of Object.values(children)) if (child) visit(child)
    }
    visit(root as ActorLike)
    for (const actor of Object.values(root.system.getAll() as Record<string, ActorLike>)) if (actor) visit(actor)
  }

  return {
    inspect,
    adopt,
    session: () => ({
      format: 'latchkey-inspect',
      version: 1,
      startedAt,
      url: options.url ?? null,
      actors: [...actors.values()],
      entries: [...entries],
      coverage: structuredClone(coverage),
      machines: Object.fromEntries([...machines.keys()].flatMap((id) => (graphOf(id) ? [[id, graphOf(id) as MachineGraph]] : []))),
    }),
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    clear: () => {
      entries = []
      for (const listener of listeners) listener()
    },
  }
}
