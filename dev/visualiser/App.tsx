/**
 * The visualiser page: the machine list (with each running actor's state) on the left, the selected machine's
 * chart in the middle, the drive panel and the event history on the right. It renders the session's view
 * model (`connectSession`); its only local state is view state (payload fields being typed, the chart's
 * layout once computed).
 */
import { useSelector } from '@xstate/react'
import type { ELK } from 'elkjs/lib/elk-api.js'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Chart, type ChartHandle } from '../../inspect/Chart.tsx'
import type { MachineGraph } from '../../inspect/graph.ts'
import { layoutGraph, type ChartLayout } from '../../inspect/layout.ts'
import { connectSession, formatValue, type SessionView } from './session.connect.ts'
import type { SessionActor } from './session.ts'

export type AppProps = { session: SessionActor; graphs: ReadonlyMap<string, MachineGraph>; elk: ELK }

/** Layouts by machine id, computed once per page (ELK takes 0.1–0.8 s for our largest charts). */
function useLayout(graph: MachineGraph | undefined, elk: ELK) {
  const cache = useRef(new Map<string, Promise<{ layout: ChartLayout; ms: number }>>())
  const [state, setState] = useState<{ id: string; layout: ChartLayout; ms: number } | { id: string; error: string } | null>(null)
  useEffect(() => {
    if (!graph) return
    let cancelled = false
    let pending = cache.current.get(graph.id)
    if (!pending) {
      const started = performance.now()
      pending = layoutGraph(graph, elk).then((layout) => ({ layout, ms: Math.round(performance.now() - started) }))
      cache.current.set(graph.id, pending)
    }
    pending.then(
      (r) => !cancelled && setState({ id: graph.id, ...r }),
      (error: unknown) => !cancelled && setState({ id: graph.id, error: error instanceof Error ? error.message : String(error) }),
    )
    return () => {
      cancelled = true
    }
  }, [graph, elk])
  return state && graph && state.id === graph.id ? state : null
}

function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1_000)
}

function MachineList({ view }: { view: SessionView }) {
  return (
    <nav aria-label="Machines" className="machines">
      <h2>Machines</h2>
      <ul>
        {view.machines.map((m) => (
          <li key={m.id}>
            <button type="button" aria-pressed={m.selected} onClick={() => view.selectMachine(m.id)}>
              {m.id}
            </button>
            {m.actors.length > 0 && (
              <ul aria-label={`Running ${m.id} actors`}>
                {m.actors.map((a) => (
                  <li key={a.sessionId}>
                    <button type="button" className="actor" aria-pressed={a.selected} data-actor={a.name} onClick={() => view.selectActor(a.sessionId)}>
                      <span className="actor-name">{a.name}</span>{' '}
                      <span className="value" data-testid={`actor-value-${a.name}`}>
                        {formatValue(a.value)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      <p className="link-status" role="status" data-testid="link-status">
        {view.isLinked ? <>Linked to the demo{view.demoUrl ? <> ({new URL(view.demoUrl).pathname})</> : null}</> : 'Waiting for the demo page (open it in another tab)'}
      </p>
      <button type="button" onClick={view.refresh}>
        Ask the demo for its current states
      </button>
    </nav>
  )
}

function DrivePanel({ view }: { view: SessionView }) {
  const [payloads, setPayloads] = useState<Record<string, string>>({})
  const { drive } = view
  return (
    <section aria-labelledby="drive-heading" className="drive">
      <h2 id="drive-heading">{drive.actor ? `Drive ${drive.actor.name}` : 'Drive'}</h2>
      {drive.actor ? (
        <p>
          Current state: <code data-testid="drive-state">{drive.actor.value}</code>
        </p>
      ) : (
        <p>No running {view.selectedMachine} actor on the demo page.</p>
      )}
      {drive.outcome && (
        <p role={drive.outcome.ok ? 'status' : 'alert'} className={drive.outcome.ok ? 'ok' : 'error'} data-testid="command-outcome">
          {drive.outcome.message}
        </p>
      )}
      <ul className="events" aria-label="Events accepted in this state">
        {drive.events.map((e) => {
          const text = payloads[`${drive.actor?.sessionId}/${e.type}`] ?? e.template
          return (
            <li key={e.type}>
              <button type="button" disabled={drive.isPending} onClick={() => view.sendEvent(e.type, text ?? '')} title={e.guards.length ? `guards: ${e.guards.join(', ')}` : undefined}>
                {e.type}
              </button>
              {text !== null && (
                <textarea
                  aria-label={`Payload of ${e.type}`}
                  spellCheck={false}
                  rows={Math.min(4, Math.ceil(text.length / 44) || 1)}
                  value={text}
                  onChange={(event) => setPayloads((p) => ({ ...p, [`${drive.actor?.sessionId}/${e.type}`]: event.target.value }))}
                />
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function HistoryPanel({ view }: { view: SessionView }) {
  const listRef = useRef<HTMLOListElement>(null)
  const count = view.history.length
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new history entry (its count) is the trigger to scroll to the end
  useEffect(() => {
    // Live: follow the newest entry.
    if (view.isLive) listRef.current?.scrollTo({ top: listRef.current.scrollHeight })
  }, [count, view.isLive])
  const selected = view.history.find((h) => h.selected)
  return (
    <section aria-labelledby="history-heading" className="history">
      <h2 id="history-heading">Events</h2>
      <div className="toolbar">
        <span data-testid="history-mode">{view.isLive ? 'Live' : `At #${selected?.index ?? '?'}`}</span>
        <button type="button" onClick={view.goLive} disabled={view.isLive}>
          Back to live
        </button>
        <button type="button" onClick={view.clearHistory} disabled={count === 0}>
          Clear
        </button>
      </div>
      <ol ref={listRef} aria-label="Event history">
        {view.history.map((h) => (
          <li key={h.index}>
            <button type="button" aria-current={h.selected ? 'step' : undefined} data-event={h.eventType} data-actor={h.actorName} onClick={() => view.selectHistory(h.index)}>
              <span className="index">#{h.index}</span> <span className="actor-name">{h.actorName}</span> <span className="event-type">{h.eventType}</span> → <span className="value">{h.value}</span>
            </button>
          </li>
        ))}
      </ol>
      {selected && (
        <details open className="entry">
          <summary>
            #{selected.index} {selected.actorName} · {selected.eventType}
          </summary>
          <section aria-label="Event payload">
            <pre>{JSON.stringify(selected.payload, null, 2)}</pre>
          </section>
          <p>
            Resulting state: <code>{selected.value}</code> ({selected.status})
          </p>
          <section aria-label="Context after the event">
            <pre>{JSON.stringify(view.cursorEntry?.context ?? null, null, 2)}</pre>
          </section>
        </details>
      )}
    </section>
  )
}

export function App({ session, graphs, elk }: AppProps) {
  const snapshot = useSelector(session, (s) => s)
  const view = useMemo(() => connectSession(snapshot, graphs, session.send), [snapshot, graphs, session])
  const layout = useLayout(view.graph, elk)
  const chart = useRef<ChartHandle>(null)
  const machine = view.selectedMachine

  return (
    <div className="app">
      <MachineList view={view} />
      <main className="chart-area" aria-label="Chart">
        <div className="toolbar">
          <h1>
            {machine} <span className="muted">{view.graph ? `${view.graph.nodes.length - 1} states, ${view.graph.edges.length} transitions` : ''}</span>
          </h1>
          <span className="muted" data-testid="layout-time">
            {layout && 'ms' in layout ? `laid out in ${layout.ms} ms` : layout ? '' : 'laying out…'}
          </span>
          <span className="muted">{view.isLive ? 'live' : `showing #${view.cursorEntry?.index} (${view.cursorEntry?.actorName} · ${view.cursorEntry?.eventType})`}</span>
          <span className="spacer" />
          <button type="button" onClick={() => chart.current?.zoomBy(1.25)}>
            Zoom in
          </button>
          <button type="button" onClick={() => chart.current?.zoomBy(0.8)}>
            Zoom out
          </button>
          <button type="button" onClick={() => chart.current?.fit()}>
            Fit
          </button>
          <button type="button" disabled={!layout || !('layout' in layout)} onClick={() => download(`${machine}.statechart.svg`, 'image/svg+xml', chart.current!.exportSvg())}>
            Download SVG
          </button>
          <button type="button" disabled={!view.graph} onClick={() => download(`${machine}.statechart.json`, 'application/json', JSON.stringify(view.graph, null, 2))}>
            Download JSON
          </button>
        </div>
        <div className="chart">
          {layout && 'layout' in layout ? (
            <Chart ref={chart} layout={layout.layout} machineId={machine} activeIds={view.activeIds} />
          ) : layout && 'error' in layout ? (
            <p role="alert">
              Could not lay out {machine}: {layout.error}
            </p>
          ) : null}
        </div>
      </main>
      <aside className="panel" aria-label="Actor and events">
        <DrivePanel view={view} />
        <HistoryPanel view={view} />
      </aside>
    </div>
  )
}
