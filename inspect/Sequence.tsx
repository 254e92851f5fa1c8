/**
 * The inspector's Sequence tab (latchkey/inspect): one lifeline per actor that sends or receives, each event an arrow
 * from its sender to its receiver in time order (an event to itself, or from outside, a loop back to its own lifeline),
 * the event's type above it. A lane is as wide as its longest name needs (within bounds); a longer name is cut with an
 * ellipsis and kept whole in its tooltip. The list under the drawing holds the same events as buttons: picking one
 * shows its actor's snapshot before and after.
 */
import type { PanelView } from './panel.connect.ts'

/** The drawing's measures, in px: a lane's bounds, a row's height, the lifeline names' font size. */
export const sequenceMetrics = { minLane: 96, maxLane: 220, rowHeight: 24, nameSize: 12, labelSize: 11, head: 34 } as const

/** The width of `text` at `size` px in the panel's sans-serif font (an estimate on the wide side: 0.6 em a character). */
const textWidth = (text: string, size: number) => Math.ceil(text.length * size * 0.6)

/**
 * The width of every lane: enough for the longest lifeline name with 16 px of gap, within
 * {@link sequenceMetrics}' `minLane` and `maxLane`.
 */
export function laneWidthFor(names: readonly string[]): number {
  const longest = Math.max(0, ...names.map((n) => textWidth(n, sequenceMetrics.nameSize)))
  return Math.min(sequenceMetrics.maxLane, Math.max(sequenceMetrics.minLane, longest + 16))
}

/** `name` cut to fit `width` px at `size` px, ending in an ellipsis when cut. */
export function fitName(name: string, width: number, size: number): string {
  const room = Math.floor(width / (size * 0.6))
  return name.length <= room ? name : `${name.slice(0, Math.max(1, room - 1))}…`
}

export function SequenceTab({ view }: { view: PanelView }) {
  const { rowHeight, nameSize, labelSize, head } = sequenceMetrics
  const lane = laneWidthFor(view.lifelines)
  const width = Math.max(1, view.lifelines.length) * lane
  const height = head + 8 + view.messages.length * rowHeight
  const x = (i: number) => i * lane + lane / 2
  return (
    <div className="lki-sequence">
      <div className="lki-seq-scroll">
        {/* The drawing; the list below it is the same events as buttons (a click or a key picks one). */}
        <svg width={width} height={height} role="img" aria-label="Sequence of events between actors">
          <defs>
            <marker id="lki-seq-head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" fill="currentColor" />
            </marker>
            <marker id="lki-seq-head-on" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" style={{ fill: 'var(--on-line)' }} />
            </marker>
          </defs>
          {view.lifelines.map((name, i) => {
            const shown = fitName(name, lane - 12, nameSize)
            return (
              <g key={name + String(i)} data-lifeline={name}>
                <text x={x(i)} y={16} textAnchor="middle" fontSize={nameSize} fontWeight={600} fill="currentColor">
                  {shown !== name && <title>{name}</title>}
                  {shown}
                </text>
                <line x1={x(i)} x2={x(i)} y1={24} y2={height} stroke="currentColor" strokeOpacity={0.3} />
              </g>
            )
          })}
          {view.messages.map((m, i) => {
            const y = head + 12 + i * rowHeight
            const self = m.from === m.to
            const colour = m.selected ? 'var(--on-line)' : 'currentColor'
            const d = self ? `M${x(m.from)},${y - 6} h18 v10 h-16` : `M${x(m.from)},${y} H${x(m.to) + (m.to > m.from ? -1 : 1)}`
            return (
              <g key={m.seq} data-seq={m.seq} opacity={m.ahead ? 0.4 : 1} style={{ fill: colour }}>
                <path d={d} fill="none" style={{ stroke: colour }} strokeWidth={m.selected ? 2 : 1.2} markerEnd={m.selected ? 'url(#lki-seq-head-on)' : 'url(#lki-seq-head)'} data-arrow="" />
                <text x={self ? x(m.from) + 24 : (x(m.from) + x(m.to)) / 2} y={self ? y + 1 : y - 5} textAnchor={self ? 'start' : 'middle'} fontSize={labelSize}>
                  {m.type}
                </text>
              </g>
            )
          })}
        </svg>
      </div>
      <ol className="lki-messages" aria-label="Events in time order">
        {view.messages.map((m) => (
          <li key={m.seq}>
            <button type="button" aria-pressed={m.selected} className={m.ahead ? 'lki-ahead' : undefined} onClick={() => view.pick(m.selected ? null : m.seq)}>
              {`${m.at.toFixed(0)} ms ${view.lifelines[m.from]} → ${view.lifelines[m.to]}: ${m.type}`}
            </button>
          </li>
        ))}
      </ol>
      {view.picked && view.around && (
        <section className="lki-around" aria-label="Snapshot before and after">
          <h3>Event</h3>
          <pre>{JSON.stringify(view.picked.kind === 'event' ? view.picked.event : view.picked, null, 2)}</pre>
          <h3>Before</h3>
          <pre>{view.around.before ? JSON.stringify({ value: view.around.before.value, context: view.around.before.context }, null, 2) : '—'}</pre>
          <h3>After</h3>
          <pre>{view.around.after ? JSON.stringify({ value: view.around.after.value, context: view.around.after.context }, null, 2) : '—'}</pre>
        </section>
      )}
    </div>
  )
}
