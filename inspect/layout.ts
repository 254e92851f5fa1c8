/**
 * Lays a {@link MachineGraph} out as nested boxes with ELK's layered algorithm (elkjs): compound and parallel
 * states contain their children, transitions between states are routed edges labelled `event [guard] / delay`
 * (one arrow per pair of states, one label line per transition),
 * and transitions without a target (or back to their own state) are listed as rows inside their state, as a
 * statechart's internal transitions are (the root machine has ~70 of them on one node: as edges they would be
 * unreadable loops).
 *
 * Every coordinate is in SVG user units (px at zoom 1), absolute (relative to the chart's top-left corner).
 * Text widths are estimated for the monospace font the chart is drawn with, so the layout is the same in the
 * browser and in Node.
 */
import type { ELK, ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api.js'
import { edgeLabel, type GraphEdge, type GraphNode, type MachineGraph } from './graph.ts'

/** Font metrics of the drawing (monospace: every character the same width). */
export const metrics = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace',
  /** State names. */
  titleSize: 12,
  /** Edge labels and internal-transition rows. */
  labelSize: 10,
  /** Width of one character as a fraction of the font size (0.6 em for common monospace fonts, rounded up). */
  charWidth: 0.62,
  rowHeight: 13,
} as const

export type Point = { x: number; y: number }

/** A state drawn as a box. */
export type LayoutNode = {
  id: string
  node: GraphNode
  x: number
  y: number
  width: number
  height: number
  /** Depth below the machine root (root 0). */
  depth: number
  /** A region of a parallel state (drawn dashed). */
  isRegion: boolean
  /** The node is an initial child of its parent (drawn with the initial marker). */
  isInitial: boolean
  /** Internal transitions listed inside the box, one text row each. */
  rows: Array<{ text: string; edge: GraphEdge }>
  /** The y of the first row (the box's header ends there). */
  rowsTop: number
}

/** An arrow from a source box to a target box: every transition between the two, its label one line each. */
export type LayoutEdge = {
  /** `<source>→<target>`. */
  id: string
  source: string
  target: string
  /** The transitions it stands for, in document order (the label's lines, in the same order). */
  edges: GraphEdge[]
  points: Point[]
  label: { lines: string[]; x: number; y: number; width: number; height: number } | null
}

export type ChartLayout = { width: number; height: number; direction: 'DOWN' | 'RIGHT'; nodes: LayoutNode[]; edges: LayoutEdge[] }

const textWidth = (text: string, size: number) => Math.ceil(text.length * size * metrics.charWidth)

const pad = { side: 10, bottom: 10, header: 24 }
/** The invisible frame around the machine's root box (ELK lays out the root as one of its children). */
const frameId = '#frame'

/** The row of an internal transition: `event [guard] / actions` (a re-entering self transition gets ↻). */
function rowText(edge: GraphEdge): string {
  const actions = edge.actions.length ? ` / ${edge.actions.join(', ')}` : ''
  return `${edge.targets.length ? '↻ ' : ''}${edgeLabel(edge)}${actions}`
}

/** Is `edge` drawn as a row inside its source (no target, or only its own source)? */
export function isInternalEdge(edge: GraphEdge): boolean {
  return edge.targets.length === 0 || edge.targets.every((t) => t === edge.source)
}

/**
 * Lays `graph` out with `elk` (`new ELK()` from `elkjs/lib/elk.bundled.js` in the browser, the same in Node).
 *
 * @throws the error of ELK when it cannot lay the graph out (it never has for our machines).
 * @example
 * const layout = await layoutGraph(machineToGraph(siwxMachine), new ELK())
 * layout.nodes.find((n) => n.id === 'siwx.idle') // { x, y, width, height, … }
 */
export async function layoutGraph(graph: MachineGraph, elk: ELK, options: LayoutOptions = {}): Promise<ChartLayout> {
  if (options.direction) return layoutOnce(graph, elk, options.direction)
  const down = await layoutOnce(graph, elk, 'DOWN')
  if (down.width / down.height <= wideLimit) return down
  // A hub (the router: every view is reached from the machine's own `on`) lays out as one very wide row: read
  // left to right, it becomes a column. The shape closer to a screen's wins.
  const right = await layoutOnce(graph, elk, 'RIGHT')
  const misfit = (l: ChartLayout) => Math.abs(Math.log(l.width / l.height / screenAspect))
  return misfit(right) < misfit(down) ? right : down
}

export type LayoutOptions = {
  /** The main direction of the arrows; default top to bottom, or left to right when that draws a much wider chart than tall. */
  direction?: 'DOWN' | 'RIGHT'
}

/** A top-to-bottom chart wider than this many times its height is tried left to right too. */
const wideLimit = 3
const screenAspect = 16 / 10

async function layoutOnce(graph: MachineGraph, elk: ELK, direction: 'DOWN' | 'RIGHT'): Promise<ChartLayout> {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]))
  const children = new Map<string, GraphNode[]>()
  for (const n of graph.nodes) if (n.parent !== null) children.set(n.parent, [...(children.get(n.parent) ?? []), n])
  const rows = new Map<string, LayoutNode['rows']>()
  const drawn: GraphEdge[] = []
  for (const edge of graph.edges) {
    if (isInternalEdge(edge)) rows.set(edge.source, [...(rows.get(edge.source) ?? []), { text: rowText(edge), edge }])
    else drawn.push(edge)
  }
  const root = graph.nodes.find((n) => n.parent === null)
  if (!root) throw new TypeError(`layoutGraph: the graph "${graph.id}" has no root node`)

  const ancestors = (id: string): string[] => {
    const out: string[] = []
    for (let n = byId.get(id); n; n = n.parent === null ? undefined : byId.get(n.parent)) out.push(n.id)
    return out
  }
  /**
   * The compound node an edge belongs to: the lowest common ancestor of its ends, or that ancestor's parent when
   * one end contains the other (ELK wants an edge's ends inside its container); the chart's frame above the root.
   */
  const container = (a: string, b: string): string => {
    const up = new Set(ancestors(a))
    const lca = ancestors(b).find((id) => up.has(id)) ?? root.id
    if (lca !== a && lca !== b) return lca
    return byId.get(lca)?.parent ?? frameId
  }

  const header = (node: GraphNode) => {
    const nodeRows = rows.get(node.id) ?? []
    const invokeRows = node.invoke.length ? 1 : 0
    return pad.header + (nodeRows.length + invokeRows) * metrics.rowHeight + (nodeRows.length + invokeRows ? 6 : 0)
  }
  const minWidth = (node: GraphNode) => {
    const texts = [{ t: title(node), s: metrics.titleSize }, ...(rows.get(node.id) ?? []).map((r) => ({ t: r.text, s: metrics.labelSize })), ...(node.invoke.length ? [{ t: invokeText(node), s: metrics.labelSize }] : [])]
    return Math.max(60, ...texts.map(({ t, s }) => textWidth(t, s) + 2 * pad.side))
  }

  // Transitions between the same two states share one arrow whose label lists them, one line each (the router
  // has five events into each of its views: five arrows each would make the chart ten times wider).
  const bundles = new Map<string, { source: string; target: string; edges: GraphEdge[] }>()
  for (const edge of drawn) {
    for (const target of new Set(edge.targets.filter((t) => t !== edge.source))) {
      const key = `${edge.source}→${target}`
      const bundle = bundles.get(key) ?? { source: edge.source, target, edges: [] }
      bundle.edges.push(edge)
      bundles.set(key, bundle)
    }
  }
  const elkEdges = new Map<string, ElkExtendedEdge[]>()
  const edgeInfo = new Map<string, { edges: GraphEdge[]; target: string; lines: string[] }>()
  for (const [id, bundle] of bundles) {
    const lines = bundle.edges.map(edgeLabel)
    const owner = container(bundle.source, bundle.target)
    edgeInfo.set(id, { edges: bundle.edges, target: bundle.target, lines })
    elkEdges.set(owner, [
      ...(elkEdges.get(owner) ?? []),
      {
        id,
        sources: [bundle.source],
        targets: [bundle.target],
        labels: [{ id: `${id}#label`, text: lines.join('\n'), width: Math.max(...lines.map((l) => textWidth(l, metrics.labelSize))) + 4, height: lines.length * metrics.rowHeight + 3 }],
      },
    ])
  }

  const toElk = (node: GraphNode): ElkNode => {
    const kids = children.get(node.id) ?? []
    const h = header(node)
    const w = minWidth(node)
    if (kids.length === 0) {
      return { id: node.id, width: w, height: node.type === 'history' ? 28 : h + (rows.get(node.id)?.length || node.invoke.length ? pad.bottom - 6 : 8) }
    }
    return {
      id: node.id,
      layoutOptions: {
        'elk.padding': `[top=${h},left=${pad.side + 8},bottom=${pad.bottom + 4},right=${pad.side + 4}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${w}, ${h + 20})`,
        // Regions of a parallel state side by side, the others top to bottom.
        'elk.direction': node.type === 'parallel' ? 'RIGHT' : direction,
      },
      children: kids.map(toElk),
      edges: elkEdges.get(node.id) ?? [],
    }
  }

  const elkGraph: ElkNode = {
    id: frameId,
    children: [toElk(root)],
    edges: elkEdges.get(frameId) ?? [],
    layoutOptions: {
      'elk.padding': '[top=0,left=12,bottom=0,right=0]',
      'elk.direction': direction,
      'elk.algorithm': 'layered',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.nodeNode': '24',
      'elk.spacing.edgeNode': '14',
      'elk.spacing.edgeEdge': '10',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.edgeLabels.sideSelection': 'SMART_DOWN',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
    },
  }

  const out = await elk.layout(elkGraph)

  const nodes: LayoutNode[] = []
  const initialIds = new Set(graph.nodes.flatMap((n) => n.initial))
  const visit = (e: ElkNode, depth: number) => {
    const node = byId.get(e.id)!
    const parent = node.parent === null ? undefined : byId.get(node.parent)
    nodes.push({
      id: e.id,
      node,
      x: e.x ?? 0,
      y: e.y ?? 0,
      width: e.width ?? 0,
      height: e.height ?? 0,
      depth,
      isRegion: parent?.type === 'parallel',
      isInitial: initialIds.has(e.id),
      rows: rows.get(e.id) ?? [],
      rowsTop: (e.y ?? 0) + pad.header,
    })
    for (const c of e.children ?? []) visit(c, depth + 1)
  }
  for (const c of out.children ?? []) visit(c, 0)

  const edges: LayoutEdge[] = []
  const collect = (e: ElkNode) => {
    for (const ee of (e.edges ?? []) as ElkExtendedEdge[]) {
      const info = edgeInfo.get(ee.id)!
      const points = (ee.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint])
      const l = ee.labels?.[0]
      edges.push({
        id: ee.id,
        source: info.edges[0]!.source,
        target: info.target,
        edges: info.edges,
        points,
        label: l ? { lines: info.lines, x: l.x ?? 0, y: l.y ?? 0, width: l.width ?? 0, height: l.height ?? 0 } : null,
      })
    }
    for (const c of e.children ?? []) collect(c)
  }
  collect(out)
  return { width: Math.ceil((out.width ?? 0) + 2), height: Math.ceil((out.height ?? 0) + 2), direction, nodes, edges }
}

/** The name drawn in a state's header: its key, with the kind of node where it matters. */
export function title(node: GraphNode): string {
  if (node.type === 'history') return node.history === 'deep' ? 'H*' : 'H'
  return node.key
}

/** The "invokes" row of a state (`invoke: getSessions`). */
export function invokeText(node: GraphNode): string {
  return `invoke: ${node.invoke.map((i) => (i.id === i.src ? i.src : `${i.src} (${i.id})`)).join(', ')}`
}
