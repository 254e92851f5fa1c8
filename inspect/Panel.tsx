/**
 * The inspector's docked panel (latchkey/inspect): a bar (title, live or paused, collapse, close) and the tabs, in its
 * own shadow root so the page's styles and the panel's never meet. Light or dark as the modal is drawn (its theme mode);
 * docked along the bottom edge, full width, its height resizable by its handle; on a phone (390 px) the bar stays one
 * row: the tabs scroll sideways and the buttons show their icons (their names stay for assistive technology).
 */
import { useCallback, useEffect, useRef, useSyncExternalStore, type KeyboardEvent } from 'react'
import type { ActorRefFrom } from 'xstate'
import { connectPanel, type PanelView } from './panel.connect.ts'
import { panelTabs, type PanelTab, type panelMachine } from './panel.ts'
import { LiveReplayBar } from './LiveReplay.tsx'
import { connectLiveReplay } from './liveReplay.connect.ts'
import type { LayoutCache } from './layoutCache.ts'
import type { liveReplayMachine } from './liveReplay.ts'
import { ActorsTab, ChartTab, LogTab, SessionTab } from './PanelTabs.tsx'
import { SequenceTab } from './Sequence.tsx'
import type { InspectorRecorder } from './recorder.ts'

const tabNames: Record<PanelTab, string> = { actors: 'Actors', chart: 'Chart', sequence: 'Sequence', log: 'Log', session: 'Export / Import' }

/** The panel's stylesheet, inside its shadow root. */
export const panelCss = `
:host { all: initial; }
.lki { --fg: #1b1d21; --bg: #ffffff; --muted: #5b6475; --line: #d0d5dd; --edge: #8a94a6; --control: #f4f6fa; --on: #dcf5e3;
  --on-line: #1a7f37; --value: #116329; --focus: #1d5fd6; --alert: #b42318; color-scheme: light; }
.lki[data-theme='dark'] { --fg: #e7e9ee; --bg: #16181d; --muted: #a3acbd; --line: #2c313a; --edge: #5b6475; --control: #22262e;
  --on: #0f3d22; --on-line: #4ac26b; --value: #4ac26b; --focus: #7aa7ff; --alert: #ff8a80; color-scheme: dark; }
.lki { position: fixed; inset: auto 0 0 0; z-index: 2147483000; box-sizing: border-box; height: 45vh; min-height: 40px; max-height: 95vh;
  display: flex; flex-direction: column; font: 13px/1.4 system-ui, sans-serif; color: var(--fg); background: var(--bg);
  border-top: 1px solid var(--edge); box-shadow: 0 -4px 16px rgb(0 0 0 / 0.15); resize: vertical; overflow: hidden; direction: ltr; }
.lki[data-collapsed='true'] { height: auto; resize: none; }
.lki * { box-sizing: border-box; }
.lki-bar { display: flex; flex-wrap: nowrap; align-items: center; gap: 6px; padding: 4px 8px; border-bottom: 1px solid var(--line); }
.lki-bar h2 { font-size: 13px; margin: 0 6px 0 0; white-space: nowrap; flex: none; }
.lki-tabs { display: flex; flex-wrap: nowrap; gap: 2px; flex: 1 1 auto; min-width: 0; overflow-x: auto; scrollbar-width: thin; padding: 2px; }
.lki-tabs button { flex: none; white-space: nowrap; }
.lki-actions { display: flex; flex: none; align-items: center; gap: 4px; }
.lki-actions button { display: inline-flex; align-items: center; gap: 4px; white-space: nowrap; }
.lki-actions svg { width: 14px; height: 14px; flex: none; }
button, select, input, .lki-file { font: inherit; color: inherit; }
button, .lki-file { border: 1px solid var(--edge); background: var(--control); border-radius: 6px; padding: 2px 8px; cursor: pointer; min-height: 28px; }
button[aria-selected='true'], button[aria-pressed='true'] { background: var(--on); border-color: var(--on-line); font-weight: 600; }
button:focus-visible, input:focus-visible, select:focus-visible, summary:focus-visible, .lki-file:focus-within { outline: 2px solid var(--focus); outline-offset: 1px; }
button:disabled { cursor: default; opacity: 0.55; }
select, input { background: var(--control); border: 1px solid var(--edge); border-radius: 4px; }
.lki-replay { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 6px; padding: 4px 8px; border-bottom: 1px solid var(--line); }
.lki-replay button { display: inline-flex; align-items: center; justify-content: center; min-width: 32px; }
.lki-replay svg { width: 14px; height: 14px; }
.lki-replay input[type='range'] { flex: 1 1 120px; min-width: 100px; accent-color: var(--on-line); }
.lki-live-failure { flex: 1 1 100%; margin: 0; }
.lki-live-waiting { flex: 1 1 100%; margin: 0; color: var(--muted); }
.lki-step { flex: 1 1 200px; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.lki-body { flex: 1; overflow: auto; padding: 8px; }
.lki-row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-bottom: 6px; }
.lki-tree, .lki-entries, .lki-messages { list-style: none; margin: 0; padding: 0; }
.lki-tree button { display: flex; gap: 8px; width: 100%; text-align: start; border: 0; background: none; border-radius: 4px; flex-wrap: wrap; }
.lki-tree button[aria-pressed='true'] { background: var(--on); }
.lki-value { color: var(--value); font-family: ui-monospace, monospace; }
.lki-status, .lki-time { color: var(--muted); }
.lki-canvas { flex: 1 1 auto; height: 100%; min-height: 240px; border: 1px solid var(--line); border-radius: 6px; overflow: hidden; }
.lki-canvas svg { width: 100%; height: 100%; min-height: 240px; }
.lki-chart { display: flex; flex-direction: column; height: 100%; }
.lki-zoom { display: inline-flex; gap: 2px; margin-inline-start: auto; }
.lki-zoom button[aria-label] { min-width: 32px; font-weight: 700; }
.lki-canvas svg:focus-visible { outline: 2px solid var(--focus); outline-offset: -2px; }
.lki-seq-scroll { overflow-x: auto; }
.lki-messages .lki-ahead { color: var(--muted); }
.lki-messages button[aria-pressed='true'] { background: var(--on); }
.lki-messages button { border: 0; background: none; text-align: start; width: 100%; font-family: ui-monospace, monospace; font-size: 12px; }
pre { font: 12px/1.3 ui-monospace, monospace; white-space: pre-wrap; word-break: break-all; margin: 4px 0; }
.lki-file input { inline-size: 1px; block-size: 1px; opacity: 0; position: absolute; }
.lki-file { position: relative; display: inline-flex; align-items: center; }
[role='alert'] { color: var(--alert); }
@media (max-width: 600px) {
  .lki-bar { padding: 4px; gap: 4px; }
  .lki-bar h2, .lki-actions .lki-label { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; margin: 0; }
  .lki-actions button { padding: 2px 6px; min-width: 32px; justify-content: center; }
}
`

export type PanelProps = {
  panel: ActorRefFrom<typeof panelMachine>
  /** The live replay (a recorded path sent again to this page's actors). */
  live: ActorRefFrom<typeof liveReplayMachine>
  recorder: InspectorRecorder
  /** The chart layouts, kept for the panel's life (each machine laid out once). */
  layouts: LayoutCache
  onClose: () => void
}

/** The panel: reads the panel actor and the recorder, and renders the view model. */
export function Panel({ panel, live, recorder, layouts, onClose }: PanelProps) {
  const subscribePanel = useCallback(
    (listener: () => void) => {
      const subscription = panel.subscribe(listener)
      return () => subscription.unsubscribe()
    },
    [panel],
  )
  const snapshot = useSyncExternalStore(subscribePanel, () => panel.getSnapshot())
  const subscribe = useCallback((listener: () => void) => recorder.subscribe(listener), [recorder])
  const version = useSyncExternalStore(subscribe, () => recorderVersion(recorder))
  const session = sessionAt(recorder, version)
  const view = connectPanel(snapshot, panel.send, session)
  const subscribeLive = useCallback(
    (listener: () => void) => {
      const subscription = live.subscribe(listener)
      return () => subscription.unsubscribe()
    },
    [live],
  )
  const liveView = connectLiveReplay(
    useSyncExternalStore(subscribeLive, () => live.getSnapshot()),
    live.send,
    view.session,
  )
  // On a phone the tabs scroll in one row: the shown tab is scrolled into sight whenever it changes.
  const tabList = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const shown = tabList.current?.querySelector<HTMLElement>(`#lki-tab-${view.tab}`)
    const list = tabList.current
    if (shown && list) list.scrollLeft = Math.max(0, Math.min(shown.offsetLeft - list.offsetLeft - 8, list.scrollWidth - list.clientWidth))
  }, [view.tab])
  const onTabKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = panelTabs.indexOf(view.tab)
    const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? panelTabs.length - 1 : null
    if (next === null) return
    e.preventDefault()
    const tab = panelTabs[(next + panelTabs.length) % panelTabs.length]!
    view.showTab(tab)
    ;(e.currentTarget.querySelector(`#lki-tab-${tab}`) as HTMLElement | null)?.focus()
  }
  return (
    <section className="lki" data-collapsed={view.collapsed} data-theme={view.themeMode} aria-label="latchkey inspector">
      <div className="lki-bar">
        <h2>latchkey inspector</h2>
        <div className="lki-tabs" role="tablist" aria-label="Inspector views" onKeyDown={onTabKey} ref={tabList}>
          {view.tabs.map(({ tab, selected }) => (
            <button key={tab} id={`lki-tab-${tab}`} type="button" role="tab" aria-selected={selected && !view.collapsed} aria-controls="lki-body" tabIndex={selected ? 0 : -1} onClick={() => view.showTab(tab)}>
              {tabNames[tab]}
            </button>
          ))}
        </div>
        <div className="lki-actions">
          {view.imported ? (
            <span>Imported</span>
          ) : (
            <button type="button" aria-pressed={view.paused} onClick={view.paused ? view.resume : view.pause}>
              <Icon d={view.paused ? 'M4 2.5v11l9-5.5z' : 'M4 2.5h3v11H4zM9 2.5h3v11H9z'} />
              <span className="lki-label">{view.paused ? 'Paused' : 'Pause'}</span>
            </button>
          )}
          <button type="button" aria-expanded={!view.collapsed} onClick={view.collapsed ? view.expand : view.collapse}>
            <Icon d={view.collapsed ? 'M3 10.5l5-5 5 5' : 'M3 5.5l5 5 5-5'} stroke />
            <span className="lki-label">{view.collapsed ? 'Expand' : 'Collapse'}</span>
          </button>
          <button type="button" onClick={onClose}>
            <Icon d="M3.5 3.5l9 9M12.5 3.5l-9 9" stroke />
            <span className="lki-label">Close</span>
          </button>
        </div>
      </div>
      {!view.collapsed && view.replay && <ReplayBar replay={view.replay} />}
      {!view.collapsed && liveView.shown && <LiveReplayBar live={liveView} />}
      {!view.collapsed && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the tab panel scrolls; a keyboard reaches and scrolls it (WAI-ARIA tabs pattern)
        <div className="lki-body" id="lki-body" role="tabpanel" aria-labelledby={`lki-tab-${view.tab}`} tabIndex={0}>
          {view.tab === 'actors' && <ActorsTab view={view} />}
          {view.tab === 'chart' && <ChartTab view={view} layouts={layouts} />}
          {view.tab === 'sequence' && <SequenceTab view={view} />}
          {view.tab === 'log' && <LogTab view={view} />}
          {view.tab === 'session' && <SessionTab view={view} live={liveView} />}
        </div>
      )}
    </section>
  )
}

/** The replay's controls: first, previous, next, last, a slider over the steps, the step's event, and stop. */
function ReplayBar({ replay }: { replay: NonNullable<PanelView['replay']> }) {
  const { step, total } = replay
  return (
    <div className="lki-replay" role="toolbar" aria-label="Replay">
      <button type="button" onClick={replay.first} disabled={step === 0} aria-label="First step">
        <Icon d="M3 3h2v10H3zM13 3L6 8l7 5z" />
      </button>
      <button type="button" onClick={replay.previous} disabled={step === 0} aria-label="Previous step">
        <Icon d="M12 3L5 8l7 5z" />
      </button>
      <button type="button" onClick={replay.next} disabled={step >= total - 1} aria-label="Next step">
        <Icon d="M4 3l7 5-7 5z" />
      </button>
      <button type="button" onClick={replay.last} disabled={step >= total - 1} aria-label="Last step">
        <Icon d="M11 3h2v10h-2zM3 3l7 5-7 5z" />
      </button>
      <input type="range" min={0} max={Math.max(0, total - 1)} value={step} aria-label="Step" aria-valuetext={`Step ${step + 1} of ${total}: ${replay.text}`} onChange={(e) => replay.seek(Number(e.target.value))} />
      <output className="lki-step" aria-live="polite">
        {`Step ${step + 1} of ${total}`} <span className="lki-value">{replay.text}</span>
      </output>
      <button type="button" onClick={replay.stop}>
        Stop replay
      </button>
    </div>
  )
}

/** A 16 px icon of the bar (decorative: each button's name is its text, visually hidden on a phone). */
function Icon({ d, stroke = false }: { d: string; stroke?: boolean }) {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d={d} fill={stroke ? 'none' : 'currentColor'} stroke={stroke ? 'currentColor' : 'none'} strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

// The recorder's session is a new object per call: one copy per change, keyed by a counter the subscription bumps.
const versions = new WeakMap<InspectorRecorder, { version: number; unsubscribe: () => void }>()
const copies = new WeakMap<InspectorRecorder, { version: number; session: ReturnType<InspectorRecorder['session']> }>()
function recorderVersion(recorder: InspectorRecorder): number {
  let v = versions.get(recorder)
  if (!v) {
    const entry = { version: 0, unsubscribe: () => {} }
    entry.unsubscribe = recorder.subscribe(() => {
      entry.version++
    })
    versions.set(recorder, entry)
    v = entry
  }
  return v.version
}
function sessionAt(recorder: InspectorRecorder, version: number) {
  const copy = copies.get(recorder)
  if (copy && copy.version === version) return copy.session
  const session = recorder.session()
  copies.set(recorder, { version, session })
  return session
}
