/**
 * The inspector panel's tabs (latchkey/inspect), each drawing one part of the view model (panel.connect.ts): the
 * actors as a tree, the selected actor's chart with its coverage, the sequence of events between actors, the
 * filtered log, and the session's export and import. React only renders: every choice is a handler of the view model.
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { Chart, chartColours, chartColoursDark, type ChartHandle } from './Chart.tsx'
import type { MachineGraph } from './graph.ts'
import type { CachedLayout, LayoutCache } from './layoutCache.ts'
import type { LiveReplayView } from './liveReplay.connect.ts'
import type { PanelView } from './panel.connect.ts'
import type { InspectorEntry } from './recorder.ts'

/** One line of an entry: what happened, to whom. */
export function entryText(entry: InspectorEntry, nameOf: (id: string) => string): string {
  if (entry.kind === 'actor') return `${nameOf(entry.actor)} started`
  if (entry.kind === 'event') return `${entry.source ? `${nameOf(entry.source)} → ` : ''}${nameOf(entry.actor)}: ${entry.event.type}`
  return `${nameOf(entry.actor)} ${entry.status} after ${entry.event}`
}

export function ActorsTab({ view }: { view: PanelView }) {
  return (
    <ul className="lki-tree" aria-label="Actors">
      {view.actors.map((a) => (
        <li key={a.sessionId} style={{ paddingInlineStart: `${a.depth * 14}px` }}>
          <button type="button" aria-pressed={a.selected} onClick={() => view.select(a.sessionId)}>
            <span className="lki-name">{a.name}</span>
            {a.state && <span className="lki-value">{a.state}</span>}
            {a.status !== 'active' && a.status !== 'unknown' && <span className="lki-status">{a.status}</span>}
          </button>
        </li>
      ))}
    </ul>
  )
}

/**
 * The laid-out chart of the selected graph: at once when `layouts` holds it (a chart shown before), else `null` until
 * ELK (fetched on the first chart, run in this page, no worker) has laid it out, `'failed'` when it could not.
 */
function useLayout(view: PanelView, layouts: LayoutCache): CachedLayout | null {
  const graph = view.graph
  const [layout, setLayout] = useState<{ graph: MachineGraph; layout: CachedLayout } | null>(null)
  useEffect(() => {
    if (!graph || layouts.known(graph)) return
    let live = true
    layouts.layout(graph).then(
      (l) => live && setLayout({ graph, layout: l }),
      () => live && setLayout({ graph, layout: 'failed' }),
    )
    return () => {
      live = false
    }
  }, [graph, layouts])
  if (!graph) return null
  return layouts.known(graph) ?? (layout?.graph === graph ? layout.layout : null)
}

export function ChartTab({ view, layouts }: { view: PanelView; layouts: LayoutCache }) {
  const layout = useLayout(view, layouts)
  const chart = useRef<ChartHandle>(null)
  const readMerge = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    if (file) void file.text().then(view.mergeText)
    e.target.value = ''
  }
  if (!view.selected) return <p>No actor yet.</p>
  if (!view.graph) return <p>{view.selected.name} runs no state machine (a promise or a callback).</p>
  const s = view.summary
  return (
    <div className="lki-chart">
      <div className="lki-row">
        <strong>{view.selected.name}</strong>
        {s && (
          <span data-testid="lki-coverage">
            Coverage: {s.states.visited}/{s.states.total} states, {s.transitions.visited}/{s.transitions.total} transitions
          </span>
        )}
        <label className="lki-file">
          Merge coverage file
          <input type="file" accept="application/json,.json" onChange={readMerge} />
        </label>
        {layout && layout !== 'failed' && (
          <span className="lki-zoom">
            <button type="button" onClick={() => chart.current?.zoomBy(1.25)} aria-label="Zoom in" title="Zoom in (+)">
              +
            </button>
            <button type="button" onClick={() => chart.current?.zoomBy(0.8)} aria-label="Zoom out" title="Zoom out (−)">
              −
            </button>
            <button type="button" onClick={() => chart.current?.fit()} title="The whole chart (0)">
              Whole chart
            </button>
            <button type="button" onClick={() => chart.current?.reset()} title="Readable size, from the top (1)">
              Readable size
            </button>
          </span>
        )}
      </div>
      {view.fileError && <p role="alert">{view.fileError}</p>}
      <div className="lki-canvas">
        {layout === 'failed' ? (
          <p role="alert">The chart could not be laid out.</p>
        ) : layout ? (
          <Chart ref={chart} layout={layout} machineId={view.graph.id} activeIds={view.activeIds} coverage={view.visited} colours={view.themeMode === 'dark' ? chartColoursDark : chartColours} />
        ) : (
          <p>Laying out…</p>
        )}
      </div>
    </div>
  )
}

export function LogTab({ view }: { view: PanelView }) {
  return (
    <div className="lki-log">
      <div className="lki-row">
        <label>
          Actor{' '}
          <select value={view.filters.actor ?? ''} onChange={(e) => view.filter({ actor: e.target.value || null })}>
            <option value="">All</option>
            {view.actors.map((a) => (
              <option key={a.sessionId} value={a.sessionId}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Event type <input type="search" value={view.filters.eventType} onChange={(e) => view.filter({ eventType: e.target.value })} />
        </label>
        <label>
          <input type="checkbox" checked={view.filters.errorsOnly} onChange={(e) => view.filter({ errorsOnly: e.target.checked })} /> Errors only
        </label>
      </div>
      <ol className="lki-entries" aria-label="Log">
        {view.log.map((e) => (
          <li key={e.seq}>
            <details>
              <summary>
                <span className="lki-time">{e.at.toFixed(0)} ms</span> {entryText(e, view.nameOf)}
              </summary>
              <pre>{JSON.stringify(e, null, 2)}</pre>
            </details>
          </li>
        ))}
      </ol>
    </div>
  )
}

export function SessionTab({ view, live }: { view: PanelView; live: LiveReplayView }) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([view.exportText()], { type: 'application/json' }))
    const a = document.createElement('a')
    a.href = url
    a.download = `latchkey-inspect-${view.session.startedAt.replace(/[:.]/g, '-')}.json`
    a.click()
    URL.revokeObjectURL(url)
  }
  const open = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    if (file) void file.text().then(view.importText)
    e.target.value = ''
  }
  return (
    <div className="lki-session">
      <p>
        {view.imported ? 'Showing an imported session' : 'Showing this page'}: {view.session.actors.length} actors, {view.session.entries.length} entries, started {view.session.startedAt}.
      </p>
      <div className="lki-row">
        <button type="button" onClick={download}>
          Download session (JSON)
        </button>
        <label className="lki-file">
          Open a session file
          <input type="file" accept="application/json,.json" onChange={open} />
        </label>
        {view.startReplay && (
          <button type="button" onClick={view.startReplay}>
            Replay step by step
          </button>
        )}
        {view.imported && (
          <button type="button" onClick={view.leaveImport}>
            Back to this page
          </button>
        )}
      </div>
      {view.fileError && <p role="alert">{view.fileError}</p>}
      <h3>Replay on this page</h3>
      <p>
        Sends the {live.pathLength} events {view.imported ? 'the imported session' : "this page's log"} received from outside (gestures and the dapp's calls) to this page's actors again, in order, step by step or at the
        recording's pace; the test wallets approve their prompts. A step its actor does not accept in its state stops the replay.
      </p>
      <button type="button" onClick={live.start} disabled={live.pathLength === 0 || (live.shown && !live.done && live.failure === null)}>
        Replay on this page
      </button>
    </div>
  )
}
