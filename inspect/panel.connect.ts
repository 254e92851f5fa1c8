/**
 * The inspector panel's view model (STYLE.md rule 3): the panel's snapshot and the session it shows (the recorder's,
 * cut where it was paused, or an imported one) turned into what each tab draws, and the handlers the views call.
 * Files come in here: their text is read with parseSession before the machine hears of them, and a refused file
 * becomes `panel.fileRefused` with InspectorSessionError's message (nothing of it kept).
 */
import type { SnapshotFrom } from 'xstate'
import { activeNodeIds, type MachineGraph } from './graph.ts'
import type { PanelEvent, PanelFilters, PanelTab, panelMachine } from './panel.ts'
import { clampStep, panelTabs, replayLength } from './panel.ts'
import type { InspectedActor, InspectorEntry, InspectorSession } from './recorder.ts'
import { coverageSummary, mergeCoverage, parseSession, type CoverageSummary } from './session.ts'

type PanelSnapshot = SnapshotFrom<typeof panelMachine>
type SnapshotEntry = Extract<InspectorEntry, { kind: 'snapshot' }>
type EventEntry = Extract<InspectorEntry, { kind: 'event' }>

/** An actor row of the Actors tab: its depth in the tree and its current state value as text. */
export type ActorRow = InspectedActor & { depth: number; state: string; status: string; selected: boolean }
/**
 * A message of the Sequence tab: from one lifeline to another (the same one for an event from outside); `ahead` while a
 * replay has not reached it yet.
 */
export type SequenceMessage = { seq: number; at: number; from: number; to: number; type: string; selected: boolean; ahead: boolean }

/**
 * A state value as one line: `connected.idle`, `{ size: expanded, source: live }` as `size.expanded | source.live`, a
 * region whose value is `{}` by its name alone.
 */
export function stateText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value !== 'object') return String(value)
  return (
    Object.entries(value as Record<string, unknown>)
      // A region with no state of its own to show (its value `{}`) is named alone, not as `name.()`.
      .map(([k, v]) => (typeof v === 'string' ? `${k}.${v}` : v && typeof v === 'object' && Object.keys(v).length === 0 ? k : `${k}.(${stateText(v)})`))
      .join(' | ')
  )
}

/** Whether an entry is an error: a snapshot with an error or an error status, or an event whose type names an error. */
export function isErrorEntry(entry: InspectorEntry): boolean {
  if (entry.kind === 'snapshot') return entry.status === 'error' || entry.error !== undefined
  if (entry.kind === 'event') return /error|fail/i.test(entry.event.type)
  return false
}

/** The entries the Log tab lists under `filters`. */
export function filterEntries(entries: InspectorEntry[], filters: PanelFilters): InspectorEntry[] {
  const type = filters.eventType.trim().toLowerCase()
  return entries.filter((e) => {
    if (filters.actor && e.actor !== filters.actor) return false
    if (filters.errorsOnly && !isErrorEntry(e)) return false
    if (type) {
      const name = e.kind === 'event' ? e.event.type : e.kind === 'snapshot' ? e.event : 'actor'
      if (!name.toLowerCase().includes(type)) return false
    }
    return true
  })
}

/** The actors as a tree: parents before children, each with its depth. */
function actorTree(actors: InspectedActor[]): Array<InspectedActor & { depth: number }> {
  const byParent = new Map<string | null, InspectedActor[]>()
  const ids = new Set(actors.map((a) => a.sessionId))
  for (const a of actors) {
    const parent = a.parent && ids.has(a.parent) ? a.parent : null
    byParent.set(parent, [...(byParent.get(parent) ?? []), a])
  }
  const out: Array<InspectedActor & { depth: number }> = []
  const walk = (parent: string | null, depth: number) => {
    for (const a of byParent.get(parent) ?? []) {
      out.push({ ...a, depth })
      walk(a.sessionId, depth + 1)
    }
  }
  walk(null, 0)
  return out
}

/**
 * The panel's view model.
 * @param snapshot The panel machine's snapshot.
 * @param send The panel actor's send.
 * @param live The recorder's session now (ignored while an imported session is shown).
 */
export function connectPanel(snapshot: PanelSnapshot, send: (event: PanelEvent) => void, live: InspectorSession) {
  const c = snapshot.context
  const imported = snapshot.matches({ source: 'imported' })
  const paused = snapshot.matches({ source: 'paused' })
  const base = imported && c.imported ? c.imported : live
  const nameOf = (id: string) => base.actors.find((a) => a.sessionId === id)?.name ?? id
  // Replaying: the session as it stood after its step-th event (every entry before the next event), that event picked.
  const replaying = snapshot.matches({ source: { imported: 'replaying' } })
  const replayEvents = replaying ? base.entries.filter((e): e is EventEntry => e.kind === 'event') : []
  const step = replaying && replayEvents.length > 0 ? clampStep(c.replayStep ?? 0, replayEvents.length) : null
  const stepEvent = step === null ? null : replayEvents[step]!
  const cut = stepEvent ? replayCut(base.entries, stepEvent, replayEvents[step! + 1]) : Number.POSITIVE_INFINITY
  const entries = paused && c.pausedAt !== null ? base.entries.filter((e) => e.seq <= c.pausedAt!) : replaying ? base.entries.filter((e) => e.seq <= cut) : base.entries
  const selectedEntry = stepEvent ? stepEvent.seq : c.selectedEntry
  const lastSnapshot = new Map<string, SnapshotEntry>()
  for (const e of entries) if (e.kind === 'snapshot') lastSnapshot.set(e.actor, e)
  const selectedId = c.selectedActor ?? base.actors.find((a) => a.parent === null)?.sessionId ?? null
  const actors: ActorRow[] = actorTree(base.actors).map((a) => ({
    ...a,
    state: stateText(lastSnapshot.get(a.sessionId)?.value),
    status: lastSnapshot.get(a.sessionId)?.status ?? 'unknown',
    selected: a.sessionId === selectedId,
  }))
  const selected = base.actors.find((a) => a.sessionId === selectedId) ?? null
  const graph: MachineGraph | null = selected?.machineId ? (base.machines[selected.machineId] ?? null) : null
  const coverage = c.mergedCoverage ? mergeCoverage(base.coverage, c.mergedCoverage) : base.coverage
  const counts = graph ? coverage[graph.id] : undefined
  const summary: CoverageSummary | null = graph ? coverageSummary(graph, counts) : null
  const activeIds = new Set(graph && selected ? activeNodeIds(graph, lastSnapshot.get(selected.sessionId)?.value as never) : [])

  // Sequence: one lifeline per actor that sends or receives; events from outside start at their own actor.
  // While replaying the whole sequence stays drawn (a later event can be picked to move there), the ones ahead faded.
  const events = replaying ? replayEvents : entries.filter((e): e is EventEntry => e.kind === 'event')
  const lane = new Map<string, number>()
  for (const e of events) for (const id of [e.source ?? e.actor, e.actor]) if (!lane.has(id)) lane.set(id, lane.size)
  const messages: SequenceMessage[] = events.map((e) => ({
    seq: e.seq,
    at: e.at,
    from: lane.get(e.source ?? e.actor) ?? 0,
    to: lane.get(e.actor) ?? 0,
    type: e.event.type,
    selected: e.seq === selectedEntry,
    ahead: step !== null && e.seq > cut,
  }))
  const picked = selectedEntry === null ? null : (entries.find((e) => e.seq === selectedEntry) ?? null)
  const around = picked ? snapshotsAround(entries, picked) : null

  const readFile = (text: string, then: (session: InspectorSession) => PanelEvent) => {
    try {
      send(then(parseSession(text)))
    } catch (error) {
      send({ type: 'panel.fileRefused', message: error instanceof Error ? error.message : String(error) })
    }
  }

  return {
    tabs: panelTabs.map((tab) => ({ tab, selected: tab === c.tab })),
    tab: c.tab,
    themeMode: c.themeMode,
    collapsed: snapshot.matches({ size: 'collapsed' }),
    live: snapshot.matches({ source: 'live' }),
    paused,
    imported,
    /**
     * The replay of an imported session: null unless replaying; else the step shown (0-based) of `total` (one per event),
     * that event's line, and the moves (each kept within the session by the machine).
     */
    replay: replaying
      ? {
          step: step ?? 0,
          total: replayEvents.length,
          text: stepEvent ? `${stepEvent.source && stepEvent.source !== stepEvent.actor ? `${nameOf(stepEvent.source)} → ` : ''}${nameOf(stepEvent.actor)}: ${stepEvent.event.type}` : 'No events in this session',
          first: () => send({ type: 'panel.step', to: 0 }),
          previous: () => send({ type: 'panel.step', to: (step ?? 0) - 1 }),
          next: () => send({ type: 'panel.step', to: (step ?? 0) + 1 }),
          last: () => send({ type: 'panel.step', to: replayEvents.length - 1 }),
          seek: (to: number) => send({ type: 'panel.step', to }),
          stop: () => send({ type: 'panel.stopReplay' }),
        }
      : null,
    /** Starts stepping through the imported session (offered while one is shown whole and has events). */
    startReplay: imported && !replaying && replayLength(base) > 0 ? () => send({ type: 'panel.replay' }) : null,
    fileError: c.fileError,
    coverageMerged: c.mergedCoverage !== null,
    session: base,
    actors,
    selected,
    graph,
    activeIds,
    summary,
    visited: { states: new Set(Object.keys(counts?.states ?? {})), transitions: new Set(Object.keys(counts?.transitions ?? {})) },
    log: filterEntries(entries, c.filters),
    filters: c.filters,
    nameOf,
    lifelines: [...lane.keys()].map(nameOf),
    messages,
    picked,
    around,
    showTab: (tab: PanelTab) => send({ type: 'panel.tab', tab }),
    select: (actor: string) => send({ type: 'panel.select', actor }),
    /** Picks an event (its snapshot before and after); while replaying, moves the replay to that event instead. */
    pick: (seq: number | null) => {
      const at = replaying && seq !== null ? replayEvents.findIndex((e) => e.seq === seq) : -1
      send(at >= 0 ? { type: 'panel.step', to: at } : { type: 'panel.pick', seq })
    },
    filter: (filters: Partial<PanelFilters>) => send({ type: 'panel.filter', filters }),
    pause: () => send({ type: 'panel.pause', seq: live.entries.at(-1)?.seq ?? 0 }),
    resume: () => send({ type: 'panel.resume' }),
    collapse: () => send({ type: 'panel.collapse' }),
    expand: () => send({ type: 'panel.expand' }),
    leaveImport: () => send({ type: 'panel.leaveImport' }),
    /** Reads an exported session's text and draws it (or says why it was refused). */
    importText: (text: string) => readFile(text, (session) => ({ type: 'panel.imported', session })),
    /** Reads a session or coverage file's text and merges its coverage over the one shown. */
    mergeText: (text: string) => readFile(text, (session) => ({ type: 'panel.coverageMerged', coverage: session.coverage })),
    /** The shown session as the JSON text a file keeps. */
    exportText: () => JSON.stringify(base, null, 2),
  }
}

/**
 * The last `seq` a replay shows at `event`: everything before the next event, and at least up to the receiving actor's
 * snapshot after `event` (XState reports the events an actor sends while it handles one before its own new snapshot).
 */
export function replayCut(entries: InspectorEntry[], event: EventEntry, next: EventEntry | undefined): number {
  const after = entries.find((e) => e.kind === 'snapshot' && e.actor === event.actor && e.seq > event.seq)?.seq ?? Number.NEGATIVE_INFINITY
  return Math.max(after, next ? next.seq - 1 : Number.POSITIVE_INFINITY)
}

/** The picked entry's actor's snapshot before and after it (the last one at or before, the first one after). */
export function snapshotsAround(entries: InspectorEntry[], picked: InspectorEntry): { before: SnapshotEntry | null; after: SnapshotEntry | null } {
  let before: SnapshotEntry | null = null
  let after: SnapshotEntry | null = null
  for (const e of entries) {
    if (e.kind !== 'snapshot' || e.actor !== picked.actor) continue
    if (e.seq < picked.seq) before = e
    else if (!after && e.seq > picked.seq) after = e
  }
  return { before, after }
}

export type PanelView = ReturnType<typeof connectPanel>
