/**
 * The inspector panel's own state (latchkey/inspect): which tab is shown, the selected actor and log entry, the log's
 * filters, whether the live record is followed or paused, an imported session drawn instead of the page's, a merged
 * coverage file, the panel's size (expanded or collapsed to its bar) and its theme mode (light or dark, the modal's). Pure data: the panel's view model
 * (panel.connect.ts) reads it and the recorder, and files are read there (parseSession) before they come in as events.
 */
import { assign, setup } from 'xstate'
import type { Coverage, InspectorSession } from './recorder.ts'

/** The panel's tabs, in the order shown. */
export const panelTabs = ['actors', 'chart', 'sequence', 'log', 'session'] as const
export type PanelTab = (typeof panelTabs)[number]

/** The panel's colours: the modal's theme mode (its `themeMode` option or `setThemeMode`), else the visitor's scheme. */
export type PanelThemeMode = 'light' | 'dark'

/** The log's filters: one actor (session id) or all, an event type's part or none, only errors. */
export type PanelFilters = { actor: string | null; eventType: string; errorsOnly: boolean }

export type PanelContext = {
  tab: PanelTab
  /** The selected actor's session id (its chart is drawn), or null before one is chosen. */
  selectedActor: string | null
  /** The selected entry's `seq` (the Sequence tab shows its snapshot before and after), or null. */
  selectedEntry: number | null
  filters: PanelFilters
  /** While paused, the last `seq` shown; null while live. */
  pausedAt: number | null
  /** The session drawn instead of the page's, once imported. */
  imported: InspectorSession | null
  /** A coverage file merged over the live (or imported) coverage, or null. */
  mergedCoverage: Coverage | null
  /** Why the last file was refused (InspectorSessionError's message), or null. */
  fileError: string | null
  /** Light or dark, as the modal is drawn. */
  themeMode: PanelThemeMode
  /** While an imported session is replayed, the index of the event shown (0 = its first event); null otherwise. */
  replayStep: number | null
}

export type PanelEvent =
  | { type: 'panel.tab'; tab: PanelTab }
  | { type: 'panel.select'; actor: string }
  | { type: 'panel.pick'; seq: number | null }
  | { type: 'panel.filter'; filters: Partial<PanelFilters> }
  | { type: 'panel.pause'; seq: number }
  | { type: 'panel.resume' }
  | { type: 'panel.imported'; session: InspectorSession }
  | { type: 'panel.leaveImport' }
  | { type: 'panel.coverageMerged'; coverage: Coverage }
  | { type: 'panel.fileRefused'; message: string }
  | { type: 'panel.collapse' }
  | { type: 'panel.expand' }
  | { type: 'panel.theme'; mode: PanelThemeMode }
  | { type: 'panel.replay' }
  | { type: 'panel.step'; to: number }
  | { type: 'panel.stopReplay' }

export type PanelInput = { tab?: PanelTab; themeMode?: PanelThemeMode }

/** How many steps a replay of `session` has: one per event it recorded (0 without a session). */
export function replayLength(session: InspectorSession | null): number {
  return session ? session.entries.filter((e) => e.kind === 'event').length : 0
}

/** `to` brought into a replay's steps: 0 to `length - 1` (0 when there are none); fractions round down. */
export function clampStep(to: number, length: number): number {
  if (!Number.isFinite(to)) return to > 0 ? Math.max(0, length - 1) : 0
  return Math.max(0, Math.min(Math.floor(to), length - 1))
}

/**
 * The inspector panel's chart: two regions. `size` is `expanded` or `collapsed` (only the bar shows); `source` is
 * `live` (entries follow the recorder), `paused` (entries up to `pausedAt`) or `imported` (an exported session drawn
 * without the page, until `panel.leaveImport`): `imported.whole` shows all of it, `imported.replaying` steps through its
 * events one at a time (`panel.step` to any step, kept within the session; the views show the session as it stood
 * after that event). Replay only reads the file: it never sends an event to the page's modal. Tab, selection, filters and files are taken in every state.
 * @example createActor(panelMachine, { input: { tab: 'log' } }).start().send({ type: 'panel.pause', seq: 42 })
 */
export const panelMachine = setup({
  types: {} as { context: PanelContext; events: PanelEvent; input: PanelInput },
  actions: {
    showTab: assign({ tab: ({ event }) => (event.type === 'panel.tab' ? event.tab : 'actors') }),
    selectActor: assign({ selectedActor: ({ event }) => (event.type === 'panel.select' ? event.actor : null), selectedEntry: null }),
    pickEntry: assign({ selectedEntry: ({ event }) => (event.type === 'panel.pick' ? event.seq : null) }),
    setFilters: assign({ filters: ({ context, event }) => (event.type === 'panel.filter' ? { ...context.filters, ...event.filters } : context.filters) }),
    holdAt: assign({ pausedAt: ({ event }) => (event.type === 'panel.pause' ? event.seq : null) }),
    follow: assign({ pausedAt: null }),
    takeSession: assign({
      imported: ({ event }) => (event.type === 'panel.imported' ? event.session : null),
      selectedActor: null,
      selectedEntry: null,
      pausedAt: null,
      fileError: null,
      replayStep: null,
    }),
    dropSession: assign({ imported: null, selectedActor: null, selectedEntry: null, replayStep: null }),
    startReplay: assign({ replayStep: 0, selectedEntry: null }),
    stepTo: assign({
      replayStep: ({ context, event }) => (event.type === 'panel.step' ? clampStep(event.to, replayLength(context.imported)) : context.replayStep),
    }),
    endReplay: assign({ replayStep: null }),
    mergeCoverage: assign({ mergedCoverage: ({ event }) => (event.type === 'panel.coverageMerged' ? event.coverage : null), fileError: null }),
    setTheme: assign({ themeMode: ({ context, event }) => (event.type === 'panel.theme' ? event.mode : context.themeMode) }),
    refuseFile: assign({ fileError: ({ event }) => (event.type === 'panel.fileRefused' ? event.message : null) }),
  },
}).createMachine({
  id: 'inspectorPanel',
  type: 'parallel',
  context: ({ input }) => ({
    tab: input.tab ?? 'actors',
    selectedActor: null,
    selectedEntry: null,
    filters: { actor: null, eventType: '', errorsOnly: false },
    pausedAt: null,
    imported: null,
    mergedCoverage: null,
    fileError: null,
    themeMode: input.themeMode ?? 'light',
    replayStep: null,
  }),
  on: {
    'panel.theme': { actions: 'setTheme' },
    'panel.tab': { actions: 'showTab' },
    'panel.select': { actions: 'selectActor' },
    'panel.pick': { actions: 'pickEntry' },
    'panel.filter': { actions: 'setFilters' },
    'panel.coverageMerged': { actions: 'mergeCoverage' },
    'panel.fileRefused': { actions: 'refuseFile' },
  },
  states: {
    size: {
      initial: 'expanded',
      states: {
        expanded: { on: { 'panel.collapse': 'collapsed' } },
        collapsed: { on: { 'panel.expand': 'expanded', 'panel.tab': { target: 'expanded', actions: 'showTab' } } },
      },
    },
    source: {
      initial: 'live',
      on: { 'panel.imported': { target: '.imported', actions: 'takeSession' } },
      states: {
        live: { on: { 'panel.pause': { target: 'paused', actions: 'holdAt' } } },
        paused: { on: { 'panel.resume': { target: 'live', actions: 'follow' } } },
        imported: {
          initial: 'whole',
          on: { 'panel.leaveImport': { target: 'live', actions: 'dropSession' } },
          states: {
            whole: { on: { 'panel.replay': { target: 'replaying', actions: 'startReplay' } } },
            // Replay reads the imported session only: no event of it is ever sent to an actor of the page.
            replaying: { on: { 'panel.step': { actions: 'stepTo' }, 'panel.stopReplay': { target: 'whole', actions: 'endReplay' } } },
          },
        },
      },
    },
  },
})
