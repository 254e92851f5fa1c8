/**
 * The inspector's docked panel (latchkey/inspect): a bar (title, live or paused, collapse, close) and the tabs, in its
 * own shadow root so the page's styles and the panel's never meet. Light and dark follow the visitor's scheme; it is
 * docked along the bottom edge, full width up to 100 % of a 390 px phone, its height resizable by its handle.
 */
import type { ELK } from 'elkjs/lib/elk-api.js'
import { useCallback, useSyncExternalStore, type KeyboardEvent } from 'react'
import type { ActorRefFrom } from 'xstate'
import { connectPanel } from './panel.connect.ts'
import { panelTabs, type PanelTab, type panelMachine } from './panel.ts'
import { ActorsTab, ChartTab, LogTab, SequenceTab, SessionTab } from './PanelTabs.tsx'
import type { InspectorRecorder } from './recorder.ts'

const tabNames: Record<PanelTab, string> = { actors: 'Actors', chart: 'Chart', sequence: 'Sequence', log: 'Log', session: 'Export / Import' }

/** The panel's stylesheet, inside its shadow root. */
export const panelCss = `
:host { all: initial; }
.lki { position: fixed; inset: auto 0 0 0; z-index: 2147483000; box-sizing: border-box; height: 45vh; min-height: 40px; max-height: 95vh;
  display: flex; flex-direction: column; font: 13px/1.4 system-ui, sans-serif; color: #1b1d21; background: #ffffff;
  border-top: 1px solid #8a94a6; box-shadow: 0 -4px 16px rgb(0 0 0 / 0.15); resize: vertical; overflow: hidden; direction: ltr; }
.lki[data-collapsed='true'] { height: auto; resize: none; }
.lki * { box-sizing: border-box; }
.lki-bar { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; padding: 4px 8px; border-bottom: 1px solid #d0d5dd; }
.lki-bar h2 { font-size: 13px; margin: 0 6px 0 0; }
.lki-tabs { display: flex; flex-wrap: wrap; gap: 2px; flex: 1; }
button, select, input, .lki-file { font: inherit; color: inherit; }
button, .lki-file { border: 1px solid #8a94a6; background: #f4f6fa; border-radius: 6px; padding: 2px 8px; cursor: pointer; min-height: 28px; }
button[aria-selected='true'], button[aria-pressed='true'] { background: #dcf5e3; border-color: #1a7f37; font-weight: 600; }
button:focus-visible, input:focus-visible, select:focus-visible, summary:focus-visible, .lki-file:focus-within { outline: 2px solid #1d5fd6; outline-offset: 1px; }
.lki-body { flex: 1; overflow: auto; padding: 8px; }
.lki-row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-bottom: 6px; }
.lki-tree, .lki-entries, .lki-messages { list-style: none; margin: 0; padding: 0; }
.lki-tree button { display: flex; gap: 8px; width: 100%; text-align: start; border: 0; background: none; border-radius: 4px; flex-wrap: wrap; }
.lki-tree button[aria-pressed='true'] { background: #dcf5e3; }
.lki-value { color: #1a7f37; font-family: ui-monospace, monospace; }
.lki-status, .lki-time { color: #5b6475; }
.lki-canvas { height: 100%; min-height: 240px; border: 1px solid #d0d5dd; border-radius: 6px; overflow: hidden; }
.lki-canvas svg { width: 100%; height: 100%; min-height: 240px; background: #ffffff; }
.lki-chart { display: flex; flex-direction: column; height: 100%; }
.lki-seq-scroll { overflow-x: auto; }
.lki-messages button { border: 0; background: none; text-align: start; width: 100%; font-family: ui-monospace, monospace; font-size: 12px; }
pre { font: 12px/1.3 ui-monospace, monospace; white-space: pre-wrap; word-break: break-all; margin: 4px 0; }
.lki-file input { inline-size: 1px; block-size: 1px; opacity: 0; position: absolute; }
.lki-file { position: relative; display: inline-flex; align-items: center; }
[role='alert'] { color: #b42318; }
@media (prefers-color-scheme: dark) {
  .lki { color: #e7e9ee; background: #16181d; border-top-color: #5b6475; }
  .lki-bar { border-bottom-color: #2c313a; }
  button, .lki-file { background: #22262e; border-color: #5b6475; }
  button[aria-selected='true'], button[aria-pressed='true'], .lki-tree button[aria-pressed='true'] { background: #0f3d22; border-color: #4ac26b; }
  .lki-value { color: #4ac26b; }
  .lki-status, .lki-time { color: #a3acbd; }
  [role='alert'] { color: #ff8a80; }
  select, input { background: #22262e; }
}
`

export type PanelProps = { panel: ActorRefFrom<typeof panelMachine>; recorder: InspectorRecorder; elk: ELK; onClose: () => void }

/** The panel: reads the panel actor and the recorder, and renders the view model. */
export function Panel({ panel, recorder, elk, onClose }: PanelProps) {
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
  const live = sessionAt(recorder, version)
  const view = connectPanel(snapshot, panel.send, live)
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
    <section className="lki" data-collapsed={view.collapsed} aria-label="latchkey inspector">
      <div className="lki-bar">
        <h2>latchkey inspector</h2>
        <div className="lki-tabs" role="tablist" aria-label="Inspector views" onKeyDown={onTabKey}>
          {view.tabs.map(({ tab, selected }) => (
            <button key={tab} id={`lki-tab-${tab}`} type="button" role="tab" aria-selected={selected && !view.collapsed} aria-controls="lki-body" tabIndex={selected ? 0 : -1} onClick={() => view.showTab(tab)}>
              {tabNames[tab]}
            </button>
          ))}
        </div>
        {view.imported ? (
          <span>Imported</span>
        ) : (
          <button type="button" aria-pressed={view.paused} onClick={view.paused ? view.resume : view.pause}>
            {view.paused ? 'Paused' : 'Pause'}
          </button>
        )}
        <button type="button" aria-expanded={!view.collapsed} onClick={view.collapsed ? view.expand : view.collapse}>
          {view.collapsed ? 'Expand' : 'Collapse'}
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      {!view.collapsed && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the tab panel scrolls; a keyboard reaches and scrolls it (WAI-ARIA tabs pattern)
        <div className="lki-body" id="lki-body" role="tabpanel" aria-labelledby={`lki-tab-${view.tab}`} tabIndex={0}>
          {view.tab === 'actors' && <ActorsTab view={view} />}
          {view.tab === 'chart' && <ChartTab view={view} elk={elk} />}
          {view.tab === 'sequence' && <SequenceTab view={view} />}
          {view.tab === 'log' && <LogTab view={view} />}
          {view.tab === 'session' && <SessionTab view={view} />}
        </div>
      )}
    </section>
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
