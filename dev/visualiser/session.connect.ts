/**
 * The visualiser's view model (STYLE.md rule 3): from the session snapshot and the machines' graphs, what
 * the page shows (machines with their running actors, the chart's active states at the selected point of
 * the history, the event list, the drive panel) and the handlers QA's gestures call.
 */
import type { SnapshotFrom } from 'xstate'
import { acceptedEvents, activeNodeIds, type MachineGraph } from '../../inspect/graph.ts'
import { eventFromPayload } from './protocol.ts'
import type { HistoryEntry, SessionActor, sessionMachine } from './session.ts'
import { payloadTemplate } from './templates.ts'

export type ActorView = { sessionId: string; name: string; machineId: string; value: unknown; running: boolean; selected: boolean }

export type SessionView = ReturnType<typeof connectSession>

/**
 * `{"awaitingSession":"prompting"}` → `awaitingSession.prompting`; parallel values keep their braces. A parallel
 * state's regions that have no states of their own (the root's `features`, `connections`, `networks`: always there,
 * their value `{}`) say nothing and are left out: the root reads `screen.closed`, not four regions.
 */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'string') return value
  if (typeof value === 'object') {
    const all = Object.entries(value as Record<string, unknown>)
    const entries = all.length > 1 ? all.filter(([, sub]) => !isEmptyRegion(sub)) : all
    if (entries.length === 0) return '(root)'
    if (entries.length === 1) {
      const [key, sub] = entries[0]!
      const inner = formatValue(sub)
      return inner === '(root)' ? key : `${key}.${inner}`
    }
    return `{ ${entries.map(([k, v]) => `${k}: ${formatValue(v)}`).join(', ')} }`
  }
  return String(value)
}

/** A region without states of its own: its value is `{}`. */
function isEmptyRegion(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0
}

/**
 * @param graphs the graph of every machine, by machine id (`machineToGraph`), in the order of the machine list.
 */
export function connectSession(snapshot: SnapshotFrom<typeof sessionMachine>, graphs: ReadonlyMap<string, MachineGraph>, send: SessionActor['send']) {
  const { context } = snapshot
  const cursor = context.cursor
  const cursorEntry = cursor === null ? undefined : context.history.find((h) => h.index === cursor)

  /** Each actor's state value at the cursor (live: its last snapshot). */
  const valueAt = new Map<string, unknown>()
  if (cursor === null) {
    for (const [id, a] of Object.entries(context.actors)) if (a.snapshot && a.info.machineId) valueAt.set(id, a.snapshot.value)
  } else {
    for (const h of context.history) if (h.index <= cursor) valueAt.set(h.actor.sessionId, h.value)
  }

  const machineActors = Object.entries(context.actors)
    .filter(([, a]) => a.info.machineId !== null)
    .map(
      ([sessionId, a]): ActorView => ({
        sessionId,
        name: a.info.name,
        machineId: a.info.machineId!,
        value: valueAt.get(sessionId) ?? null,
        running: cursor === null ? a.running : valueAt.has(sessionId),
        selected: false,
      }),
    )

  const selectedMachine = context.selectedMachine
  const graph = graphs.get(selectedMachine)
  const runningOfSelected = machineActors.filter((a) => a.machineId === selectedMachine && a.running)
  const driven =
    runningOfSelected.find((a) => a.sessionId === context.selectedActor) ??
    // A spawned child over an invoked one of the same machine (none today), then the first.
    runningOfSelected[0]
  const marked = machineActors.map((a) => ({ ...a, selected: a.sessionId === driven?.sessionId }))

  const machines = [...graphs.keys()].map((id) => ({ id, selected: id === selectedMachine, actors: marked.filter((a) => a.machineId === id && a.running) }))

  const chartActors = graph ? runningOfSelected.map((a) => ({ sessionId: a.sessionId, name: a.name, value: a.value, activeIds: activeNodeIds(graph, a.value as never) })) : []
  // The chart shows one actor: the selected one, else the first running (several actors of one machine, e.g. a
  // connection per namespace, would otherwise light up each other's states). The actor list shows every one.
  const activeIds = new Set(chartActors.filter((a) => a.sessionId === driven?.sessionId).flatMap((a) => a.activeIds))

  /** The last payload of each event type the app sent (the drive panel starts from it). */
  const lastPayload = new Map<string, Record<string, unknown>>()
  for (const h of context.history) if (h.origin === 'event') lastPayload.set(h.event.type, h.event)

  // Driving always starts from the live state, also while the chart shows the past.
  const liveValue = driven ? context.actors[driven.sessionId]?.snapshot?.value : undefined
  const driveEvents =
    graph && driven
      ? acceptedEvents(graph, activeNodeIds(graph, liveValue as never)).map((e) => ({
          type: e.type,
          guards: e.edges.map((edge) => edge.guard?.name).filter((g): g is string => Boolean(g)),
          template: payloadTemplate(e.type, lastPayload.get(e.type)),
        }))
      : []

  const history = context.history.map((h: HistoryEntry) => ({
    index: h.index,
    seq: h.seq,
    at: h.at,
    actorName: h.actor.name,
    machineId: h.actor.machineId,
    eventType: h.event.type,
    payload: h.event,
    value: formatValue(h.value),
    status: h.status,
    origin: h.origin,
    selected: h.index === cursor,
  }))

  return {
    isLinked: context.instance !== null,
    demoUrl: context.url,
    isLive: cursor === null,
    cursorEntry: cursorEntry ? { index: cursorEntry.index, actorName: cursorEntry.actor.name, eventType: cursorEntry.event.type, context: cursorEntry.context } : null,
    machines,
    selectedMachine,
    graph,
    chartActors,
    activeIds,
    history,
    drive: {
      actor: driven ? { sessionId: driven.sessionId, name: driven.name, value: formatValue(liveValue) } : null,
      events: driveEvents,
      isPending: snapshot.matches('awaitingResult'),
      outcome: context.commandOutcome,
    },
    selectMachine: (machineId: string) => send({ type: 'machine.select', machineId }),
    selectActor: (sessionId: string) => send({ type: 'actor.select', sessionId }),
    selectHistory: (index: number) => send({ type: 'history.select', index }),
    goLive: () => send({ type: 'history.live' }),
    clearHistory: () => send({ type: 'history.clear' }),
    refresh: () => send({ type: 'snapshots.request' }),
    /** Sends `type` with the fields of `payloadText` (JSON) to the driven actor; a bad payload is shown, nothing sent. */
    sendEvent: (type: string, payloadText: string) => {
      if (!driven) return send({ type: 'command.invalid', error: `No running ${selectedMachine} actor to send ${type} to` })
      const built = eventFromPayload(type, payloadText)
      if (!built.ok) return send({ type: 'command.invalid', error: built.error })
      send({ type: 'command.send', actor: driven.name, event: built.event })
    },
  }
}
