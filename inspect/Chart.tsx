/**
 * Draws a laid-out statechart as SVG: states as nested boxes (parallel regions dashed, initial states marked
 * with a dot and arrow, final states double-bordered), transitions as arrows labelled `event [guard] / delay`,
 * internal transitions as rows inside their state, active states highlighted. A chart that fits its frame at a readable
 * scale is drawn whole; a bigger one (the root's) opens at a readable scale from its top, to be panned: dragging, the
 * wheel (Ctrl or ⌘ with the wheel, or a pinch, zooms around the pointer) or the keyboard (arrows pan, + and − zoom, 0
 * fits the whole chart, 1 goes back to the readable scale). The view transform sits on one outer group, so the drawing
 * inside is the chart alone (what the SVG export keeps). Every colour is an attribute: the exported file needs no
 * stylesheet.
 */
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react'
import { invokeText, metrics, title, type ChartLayout, type LayoutEdge, type LayoutNode } from './layout.ts'
import { BaseError } from '../kernel/errors.ts'

/**
 * The chart's SVG was asked for (`exportSvg`) before the chart was drawn: its layout is still being computed. Export
 * once the chart is on screen.
 */
export class ChartNotDrawnError extends BaseError {
  static override docsPath = '/errors/ChartNotDrawnError'
  override name = 'ChartNotDrawnError'
  constructor(machineId: string) {
    super(`The chart of ${machineId} is not drawn yet: export it once it is on screen`)
  }
}

/** The chart's palette: every colour it draws with. */
export type ChartColours = {
  background: string
  stateFill: readonly string[]
  stateStroke: string
  text: string
  muted: string
  activeFill: string
  activeStroke: string
  edge: string
  labelBackground: string
}

/** The light palette (the default, and the visualiser's). */
export const chartColours: ChartColours = {
  background: '#ffffff',
  stateFill: ['#f4f6fa', '#ffffff', '#f8f9fb', '#ffffff', '#f8f9fb'],
  stateStroke: '#8a94a6',
  text: '#1b1d21',
  muted: '#5b6475',
  activeFill: '#dcf5e3',
  activeStroke: '#1a7f37',
  edge: '#6b7385',
  labelBackground: '#ffffff',
}

/** The dark palette (the inspector's panel in dark mode); contrasts as the light one's (text ≥ 4.5:1 on every fill). */
export const chartColoursDark: ChartColours = {
  background: '#16181d',
  stateFill: ['#1e2128', '#16181d', '#1b1e24', '#16181d', '#1b1e24'],
  stateStroke: '#6b7385',
  text: '#e7e9ee',
  muted: '#a3acbd',
  activeFill: '#0f3d22',
  activeStroke: '#4ac26b',
  edge: '#8a94a6',
  labelBackground: '#16181d',
}

export type ChartHandle = {
  /** The drawn SVG as a self-contained document (the whole chart at zoom 1, no pan). */
  exportSvg(): string
  /** The whole chart in its frame, however small that makes it. */
  fit(): void
  /** The opening view: the whole chart if it is readable so, else {@link readableScale} from its top. */
  reset(): void
  zoomBy(factor: number): void
}

/**
 * The smallest scale the chart opens at: its 10 px labels are 8 px on screen. A chart that would need less to fit
 * whole opens at this scale (or its width's fit, if larger) from its top-left, and is panned.
 */
export const readableScale = 0.8

/**
 * The opening view of a `chart` (w × h px) in a `frame` (w × h px) with a 20 px margin: the whole chart, centred, when
 * that keeps it at {@link readableScale} or more (never above 1); else the width's fit or the readable scale, whichever
 * is larger, from the top (centred across when it fits across, else from the left edge).
 */
export function openingView(chart: { width: number; height: number }, frame: { width: number; height: number }): View {
  const margin = 20
  const across = (frame.width - 2 * margin) / chart.width
  const whole = Math.min(1, across, (frame.height - 2 * margin) / chart.height)
  const k = whole >= readableScale ? whole : Math.max(readableScale, Math.min(1, across))
  const x = chart.width * k <= frame.width - 2 * margin ? (frame.width - chart.width * k) / 2 : margin
  return { k, x, y: margin }
}

/** The view transform: translate by (x, y) px, then scale by k. */
export type View = { x: number; y: number; k: number }

const pathOf = (points: LayoutEdge['points']) => points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')

/** The coverage overlay: the ids of states and transitions visited; the others are drawn dashed and faded. */
export type ChartCoverage = { states: ReadonlySet<string>; transitions: ReadonlySet<string> }

function StateBox({ n, active, missed = false, c }: { n: LayoutNode; active: boolean; missed?: boolean; c: ChartColours }) {
  const { node } = n
  // An active leaf is filled; an active compound state (and region) only gets the green border, so its children stay readable.
  const isLeaf = node.type === 'atomic' || node.type === 'final' || node.type === 'history'
  const fill = active && isLeaf ? c.activeFill : c.stateFill[Math.min(n.depth, c.stateFill.length - 1)]
  const stroke = active ? c.activeStroke : c.stateStroke
  const strokeWidth = active ? 2.5 : 1.2
  const isHistory = node.type === 'history'
  const nameY = n.y + 17
  const rowY = n.rowsTop + metrics.rowHeight - 2
  return (
    <g data-state-id={n.id} data-active={active ? 'true' : 'false'} data-type={node.type} {...(missed ? { 'data-visited': 'false', opacity: 0.55 } : {})}>
      <title>{`${n.id} (${node.type})${node.tags.length ? ` tags: ${node.tags.join(', ')}` : ''}`}</title>
      <rect
        x={n.x}
        y={n.y}
        width={n.width}
        height={n.height}
        rx={isHistory ? n.height / 2 : 7}
        fill={fill}
        stroke={stroke}
        strokeWidth={strokeWidth}
        {...(n.isRegion || missed ? { strokeDasharray: missed ? '2 3' : '6 4' } : {})}
      />
      {node.type === 'final' && <rect x={n.x + 3} y={n.y + 3} width={n.width - 6} height={n.height - 6} rx={5} fill="none" stroke={stroke} strokeWidth={1} />}
      {n.isInitial && (
        <g data-initial="true">
          <circle cx={n.x - 9} cy={n.y + 12} r={3.5} fill={c.text} />
          <line x1={n.x - 6} y1={n.y + 12} x2={n.x - 1} y2={n.y + 12} stroke={c.text} strokeWidth={1.2} />
        </g>
      )}
      <text x={n.x + 10} y={nameY} fontSize={metrics.titleSize} fontWeight={active || n.depth === 0 ? 700 : 600} fill={c.text}>
        {isHistory ? `${title(node)} ${node.key}` : title(node)}
        {node.type === 'parallel' ? ' ∥' : ''}
      </text>
      {node.tags.length > 0 && (
        <text x={n.x + n.width - 8} y={nameY} fontSize={metrics.labelSize} fill={c.muted} textAnchor="end">
          {node.tags.map((t) => `#${t}`).join(' ')}
        </text>
      )}
      {node.invoke.length > 0 && (
        <text x={n.x + 10} y={rowY} fontSize={metrics.labelSize} fill={c.muted} fontStyle="italic">
          {invokeText(node)}
        </text>
      )}
      {n.rows.map((row, i) => (
        <text key={row.edge.id} data-edge-id={row.edge.id} x={n.x + 10} y={rowY + (i + (node.invoke.length ? 1 : 0)) * metrics.rowHeight} fontSize={metrics.labelSize} fill={c.muted}>
          {row.text}
        </text>
      ))}
    </g>
  )
}

function EdgeArrow({ e, fromActive, missed = false, c }: { e: LayoutEdge; fromActive: boolean; missed?: boolean; c: ChartColours }) {
  const stroke = fromActive ? c.activeStroke : c.edge
  return (
    <g data-edge-ids={e.edges.map((x) => x.id).join(' ')} {...(missed ? { 'data-visited': 'false', opacity: 0.5 } : {})}>
      <path d={pathOf(e.points)} fill="none" stroke={stroke} strokeWidth={fromActive ? 1.6 : 1.1} {...(missed ? { strokeDasharray: '3 3' } : {})} markerEnd={fromActive ? 'url(#lk-arrow-active)' : 'url(#lk-arrow)'} />
      {e.label && (
        <>
          <rect x={e.label.x - 1} y={e.label.y} width={e.label.width + 2} height={e.label.height} rx={3} fill={c.labelBackground} fillOpacity={0.92} />
          <text x={e.label.x + 2} y={e.label.y} fontSize={metrics.labelSize} fill={fromActive ? c.activeStroke : c.text}>
            {e.label.lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one label, fixed once laid out; their order is their identity
              <tspan key={i} x={e.label!.x + 2} dy={metrics.rowHeight - (i === 0 ? 2 : 0)}>
                {line}
              </tspan>
            ))}
          </text>
        </>
      )}
    </g>
  )
}

/** The arrowheads the edges point with (`lk-arrow`, `lk-arrow-active`). */
function ArrowMarkers({ c }: { c: ChartColours }) {
  return (
    <defs>
      <marker id="lk-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
        <path d="M0,0 L10,5 L0,10 z" fill={c.edge} />
      </marker>
      <marker id="lk-arrow-active" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
        <path d="M0,0 L10,5 L0,10 z" fill={c.activeStroke} />
      </marker>
    </defs>
  )
}

type ContentProps = { layout: ChartLayout; activeIds: ReadonlySet<string>; coverage: ChartCoverage | null; colours: ChartColours }

/** The chart itself at zoom 1: the states, outer boxes first, then the arrows. */
const ChartContent = forwardRef<SVGGElement, ContentProps>(function ChartContent({ layout, activeIds, coverage, colours }, ref) {
  const nodes = [...layout.nodes].sort((a, b) => a.depth - b.depth)
  return (
    <g ref={ref} data-chart-content="" fontFamily={metrics.fontFamily}>
      {nodes.map((n) => (
        // The machine's own box is always active: only its states are marked.
        <StateBox key={n.id} c={colours} n={n} active={n.depth > 0 && activeIds.has(n.id)} missed={coverage !== null && n.depth > 0 && !coverage.states.has(n.id)} />
      ))}
      {layout.edges.map((e) => (
        // The machine root is always active: only its states' transitions are marked as enabled.
        <EdgeArrow key={e.id} c={colours} e={e} fromActive={activeIds.has(e.source) && e.source !== layout.nodes[0]?.id} missed={coverage !== null && !e.edges.some((x) => coverage.transitions.has(x.id))} />
      ))}
    </g>
  )
})

/**
 * The whole chart as a standalone SVG element at zoom 1, no state active (what a page shows as a figure, drawn with the
 * same parts as {@link Chart}): sized to the layout with a 10-unit margin, titled `Statechart of <machineId>`, on the
 * palette's background. Render it to a file with `renderToStaticMarkup` (react-dom/server).
 */
export function ChartFigure({ layout, machineId, colours = chartColours }: { layout: ChartLayout; machineId: string; colours?: ChartColours }) {
  const w = layout.width + 20
  const h = layout.height + 20
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width={w} height={h} viewBox={`-10 -10 ${w} ${h}`} data-machine={machineId}>
      <title>{`Statechart of ${machineId}`}</title>
      <rect x={-10} y={-10} width={w} height={h} fill={colours.background} />
      <ArrowMarkers c={colours} />
      <ChartContent layout={layout} activeIds={noneActive} coverage={null} colours={colours} />
    </svg>
  )
}
const noneActive: ReadonlySet<string> = new Set()

type ChartProps = { layout: ChartLayout; machineId: string; activeIds: ReadonlySet<string>; coverage?: ChartCoverage | null; colours?: ChartColours }

export const Chart = forwardRef<ChartHandle, ChartProps>(function Chart({ layout, machineId, activeIds, coverage = null, colours = chartColours }, ref) {
  const svgRef = useRef<SVGSVGElement>(null)
  const contentRef = useRef<SVGGElement>(null)
  // Zoom and pan are view state of this component only (no business state).
  const [view, setView] = useState<View>({ x: 0, y: 0, k: 1 })
  const drag = useRef<{ x: number; y: number; view: View } | null>(null)

  const fitWhole = useCallback(() => {
    const box = svgRef.current?.getBoundingClientRect()
    if (!box || box.width === 0) return
    const k = Math.min(1, (box.width - 40) / layout.width, (box.height - 40) / layout.height)
    setView({ k, x: (box.width - layout.width * k) / 2, y: 20 })
  }, [layout])
  const reset = useCallback(() => {
    const box = svgRef.current?.getBoundingClientRect()
    if (!box || box.width === 0) return
    setView(openingView(layout, box))
  }, [layout])
  useEffect(reset, [reset])

  const zoomAt = useCallback((factor: number, cx: number, cy: number) => {
    setView((v) => {
      const k = Math.min(4, Math.max(0.1, v.k * factor))
      const f = k / v.k
      return { k, x: cx - (cx - v.x) * f, y: cy - (cy - v.y) * f }
    })
  }, [])

  useEffect(() => {
    const svg = svgRef.current
    if (!svg) return
    const onWheel = (event: WheelEvent) => {
      event.preventDefault()
      const box = svg.getBoundingClientRect()
      // A pinch on a touchpad arrives as a wheel event with ctrlKey: both zoom; a plain wheel scrolls the chart.
      if (event.ctrlKey || event.metaKey) zoomAt(Math.exp(-event.deltaY * 0.0015), event.clientX - box.left, event.clientY - box.top)
      else setView((v) => ({ ...v, x: v.x - (event.shiftKey ? event.deltaY : event.deltaX), y: v.y - (event.shiftKey ? 0 : event.deltaY) }))
    }
    svg.addEventListener('wheel', onWheel, { passive: false })
    return () => svg.removeEventListener('wheel', onWheel)
  }, [zoomAt])

  useImperativeHandle(
    ref,
    () => ({
      fit: fitWhole,
      reset,
      zoomBy: (factor) => {
        const box = svgRef.current?.getBoundingClientRect()
        zoomAt(factor, (box?.width ?? 0) / 2, (box?.height ?? 0) / 2)
      },
      exportSvg: () => {
        const content = contentRef.current
        if (!content) throw new ChartNotDrawnError(machineId)
        const w = layout.width + 20
        const h = layout.height + 20
        const doc = document.implementation.createDocument('http://www.w3.org/2000/svg', 'svg', null)
        const svg = doc.documentElement
        svg.setAttribute('width', String(w))
        svg.setAttribute('height', String(h))
        svg.setAttribute('viewBox', `-10 -10 ${w} ${h}`)
        const heading = doc.createElementNS('http://www.w3.org/2000/svg', 'title')
        heading.textContent = `Statechart of ${machineId}`
        svg.appendChild(heading)
        const background = doc.createElementNS('http://www.w3.org/2000/svg', 'rect')
        for (const [k, v] of Object.entries({ x: '-10', y: '-10', width: String(w), height: String(h), fill: colours.background })) background.setAttribute(k, v)
        svg.appendChild(background)
        svg.appendChild(doc.importNode(svgRef.current!.querySelector('defs')!, true))
        svg.appendChild(doc.importNode(content, true))
        return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(doc)}`
      },
    }),
    [fitWhole, reset, zoomAt, layout, machineId, colours.background],
  )

  const onPointerDown = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { x: event.clientX, y: event.clientY, view }
  }
  const onPointerMove = (event: ReactPointerEvent<SVGSVGElement>) => {
    const d = drag.current
    if (!d) return
    setView({ ...d.view, x: d.view.x + event.clientX - d.x, y: d.view.y + event.clientY - d.y })
  }
  const onPointerUp = () => {
    drag.current = null
  }
  const onKeyDown = (event: ReactKeyboardEvent<SVGSVGElement>) => {
    const step = 60
    const box = svgRef.current?.getBoundingClientRect()
    const pan: Record<string, [number, number]> = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] }
    if (pan[event.key]) {
      const [dx, dy] = pan[event.key]!
      setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }))
    } else if (event.key === '+' || event.key === '=') zoomAt(1.25, (box?.width ?? 0) / 2, (box?.height ?? 0) / 2)
    else if (event.key === '-' || event.key === '_') zoomAt(0.8, (box?.width ?? 0) / 2, (box?.height ?? 0) / 2)
    else if (event.key === '0') fitWhole()
    else if (event.key === '1') reset()
    else return
    event.preventDefault()
  }

  return (
    <svg
      ref={svgRef}
      role="img"
      aria-label={`Statechart of ${machineId}`}
      data-testid="chart"
      data-machine={machineId}
      data-scale={view.k.toFixed(2)}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart is panned and zoomed with the keyboard (arrows, + −, 0, 1)
      tabIndex={0}
      aria-roledescription="pannable chart"
      aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown + - 0 1"
      onKeyDown={onKeyDown}
      width="100%"
      height="100%"
      style={{ display: 'block', cursor: drag.current ? 'grabbing' : 'grab', touchAction: 'none', background: colours.background }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      <ArrowMarkers c={colours} />
      <g transform={`translate(${view.x},${view.y}) scale(${view.k})`}>
        <ChartContent ref={contentRef} layout={layout} activeIds={activeIds} coverage={coverage} colours={colours} />
      </g>
    </svg>
  )
})
