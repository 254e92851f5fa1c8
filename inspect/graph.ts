/**
 * The statechart of a machine as plain JSON, read from the machine definition itself (never a hand-kept copy):
 * every state node and every transition, with the same transition ids as the model-based tests
 * (`<sourceNodeId> --<eventType>[<index>]`, tests/model/coverage.ts `transitionInventory`).
 *
 * The visualiser lays this graph out and draws it; QA can download it as JSON. Nothing here imports React,
 * the DOM or a machine: it works on any XState v5 machine.
 */
import type { AnyStateMachine, StateValue } from 'xstate'

/** One state node. `id` is XState's node id (`siwx.awaitingSession.prompting`); the machine root has `parent: null`. */
export type GraphNode = {
  id: string
  /** The node's key in its parent (`prompting`); the machine id for the root. */
  key: string
  parent: string | null
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history'
  /** Ids of the initial child state(s) of a compound node; `[]` for the others. */
  initial: string[]
  /** `'shallow'` or `'deep'` for a history node, else `undefined`. */
  history?: 'shallow' | 'deep'
  tags: string[]
  /** The actors invoked while the node is active: their id and their source (the `setup({ actors })` name). */
  invoke: Array<{ id: string; src: string }>
  /** Entry and exit action names. */
  entry: string[]
  exit: string[]
  /** The node's docstring-like `description`, when the config has one. */
  description?: string
}

/** What starts a transition. */
export type EdgeKind = 'event' | 'always' | 'after' | 'done' | 'error'

/** A guard by name with its params (`{ type: 'isOnView', params: { view: 'SendPreview' } }`); combinators are spelled out. */
export type GraphGuard = { name: string; params?: unknown }

/** One transition (one guarded branch is one edge). */
export type GraphEdge = {
  /** `<source> --<eventType>[<index>]`; eventless transitions are `<source> --always[<index>]`. */
  id: string
  source: string
  /** Target node ids; `[]` for a targetless (internal) transition, which runs actions only. */
  targets: string[]
  /** The event type (`siwx.sign`, `xstate.after.pairingTtl.connection.pairing`, `xstate.done.actor.getSessions`); `''` for eventless ones. */
  event: string
  kind: EdgeKind
  guard: GraphGuard | null
  /** The delay of an `after` transition: its `setup({ delays })` name, or a number of ms. */
  delay: string | number | null
  /** For `done`/`error`: the id of the invoked actor. */
  actor: string | null
  /** Action names (`assign`, `emit`, … for inline action creators). */
  actions: string[]
  /** Re-entering (external) transition. */
  reenter: boolean
  /** Index among the transitions of the source node for this event (guarded branches are tried in this order). */
  index: number
}

export type MachineGraph = { id: string; nodes: GraphNode[]; edges: GraphEdge[] }

/** Is `value` an XState v5 machine (a `StateMachine` with a root state node)? */
export function isStateMachine(value: unknown): value is AnyStateMachine {
  const v = value as { root?: { transitions?: unknown }; id?: unknown; getInitialSnapshot?: unknown } | null
  return Boolean(v && typeof v === 'object' && typeof v.id === 'string' && typeof v.getInitialSnapshot === 'function' && v.root?.transitions instanceof Map)
}

/** The subset of XState's `StateNode` this module reads. */
type StateNodeLike = {
  id: string
  key: string
  type: GraphNode['type']
  parent?: StateNodeLike
  states: Record<string, StateNodeLike>
  initial?: { target?: StateNodeLike[] }
  history?: false | 'shallow' | 'deep'
  tags: string[]
  description?: string
  entry: unknown[]
  exit: unknown[]
  invoke: Array<{ id: string; src: unknown }>
  transitions: Map<string, TransitionLike[]>
  always?: TransitionLike[]
}
type TransitionLike = {
  eventType: string
  target?: StateNodeLike[] | undefined
  guard?: unknown
  actions?: unknown[]
  reenter?: boolean
  delay?: string | number
}

/** A readable name of an action: its name in `setup({ actions })`, or the creator's type (`xstate.assign` → `assign`). */
export function actionName(action: unknown): string {
  if (typeof action === 'string') return action
  if (typeof action === 'function') {
    const type = (action as { type?: unknown }).type
    if (typeof type === 'string') return type.replace(/^xstate\./, '')
    return action.name || 'inline'
  }
  if (action && typeof action === 'object' && typeof (action as { type?: unknown }).type === 'string') return (action as { type: string }).type
  return 'inline'
}

/** A guard's name and params; `and`/`or`/`not` become `a && b`, `a || b`, `!a`. */
export function guardOf(guard: unknown): GraphGuard | null {
  if (guard === undefined || guard === null) return null
  if (typeof guard === 'string') return { name: guard }
  if (typeof guard === 'function') {
    const inner = (guard as { guards?: unknown[] }).guards
    const names = (inner ?? []).map((g) => guardOf(g)?.name ?? '?')
    if (guard.name === 'and' && inner) return { name: names.map((n) => (n.includes(' ') ? `(${n})` : n)).join(' && ') }
    if (guard.name === 'or' && inner) return { name: names.map((n) => (n.includes(' ') ? `(${n})` : n)).join(' || ') }
    if (guard.name === 'not' && inner) return { name: `!${names[0]!.includes(' ') ? `(${names[0]})` : names[0]}` }
    return { name: guard.name || 'inline' }
  }
  if (typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string') {
    const { type, params } = guard as { type: string; params?: unknown }
    return params === undefined ? { name: type } : { name: type, params }
  }
  return { name: 'inline' }
}

function edgeKind(eventType: string): { kind: EdgeKind; actor: string | null } {
  if (eventType === '') return { kind: 'always', actor: null }
  if (eventType.startsWith('xstate.after.')) return { kind: 'after', actor: null }
  if (eventType.startsWith('xstate.done.actor.')) return { kind: 'done', actor: eventType.slice('xstate.done.actor.'.length) }
  if (eventType.startsWith('xstate.error.actor.')) return { kind: 'error', actor: eventType.slice('xstate.error.actor.'.length) }
  return { kind: 'event', actor: null }
}

function toEdge(source: StateNodeLike, t: TransitionLike, index: number): GraphEdge {
  const { kind, actor } = edgeKind(t.eventType)
  return {
    id: `${source.id} --${kind === 'always' ? 'always' : t.eventType}[${index}]`,
    source: source.id,
    targets: (t.target ?? []).map((n) => n.id),
    event: t.eventType,
    kind,
    guard: guardOf(t.guard),
    delay: kind === 'after' ? (t.delay ?? null) : null,
    actor,
    actions: (t.actions ?? []).map(actionName),
    reenter: Boolean(t.reenter),
    index,
  }
}

/**
 * The graph of `machine`: every state node (root included, `parent: null`) in document order, and every
 * transition (event, delayed `after`, invoke done/error, eventless `always`) in the order XState tries them.
 *
 * @throws TypeError when `machine` is not an XState v5 machine (no `root` state node).
 * @example
 * const graph = machineToGraph(siwxMachine)
 * graph.nodes.map((n) => n.id)   // ['siwx', 'siwx.idle', 'siwx.checking', …]
 * graph.edges[0]!.id             // 'siwx --root.account[0]'
 */
export function machineToGraph(machine: AnyStateMachine): MachineGraph {
  const root = (machine as { root?: unknown } | null | undefined)?.root as StateNodeLike | undefined
  if (!root || typeof root !== 'object' || !(root.transitions instanceof Map)) {
    throw new TypeError(`machineToGraph: expected an XState v5 machine (createMachine/setup().createMachine), got ${describe(machine)}`)
  }
  const nodes: GraphNode[] = []
  const edges: GraphEdge[] = []
  const visit = (node: StateNodeLike) => {
    const invoke = (node.invoke ?? []).map((i) => ({ id: i.id, src: typeof i.src === 'string' ? i.src : ((i.src as { id?: string })?.id ?? 'inline') }))
    nodes.push({
      id: node.id,
      key: node.key,
      parent: node.parent ? node.parent.id : null,
      type: node.type,
      initial: node.type === 'compound' ? (node.initial?.target ?? []).map((n) => n.id) : [],
      ...(node.type === 'history' ? { history: node.history === 'deep' ? ('deep' as const) : ('shallow' as const) } : {}),
      tags: [...(node.tags ?? [])],
      invoke,
      entry: (node.entry ?? []).map(actionName),
      exit: (node.exit ?? []).map(actionName),
      ...(node.description ? { description: node.description } : {}),
    })
    for (const [, list] of node.transitions) list.forEach((t, i) => edges.push(toEdge(node, t, i)))
    ;(node.always ?? []).forEach((t, i) => edges.push(toEdge(node, t, i)))
    Object.values(node.states).forEach(visit)
  }
  visit(root)
  return { id: machine.id, nodes, edges }
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value !== 'object') return typeof value
  return Object.prototype.toString.call(value)
}

/** The label of an edge as drawn: `event [guard] / delay` (`after [isX] / pairingTtl`, `done: getSessions`, `always [hasSession]`). */
export function edgeLabel(edge: GraphEdge): string {
  const event = edge.kind === 'after' ? 'after' : edge.kind === 'always' ? 'always' : edge.kind === 'done' ? `done: ${edge.actor}` : edge.kind === 'error' ? `error: ${edge.actor}` : edge.event
  const guard = edge.guard ? ` [${edge.guard.name}${edge.guard.params !== undefined ? ` ${compact(edge.guard.params)}` : ''}]` : ''
  const delay = edge.delay !== null ? ` / ${typeof edge.delay === 'number' ? `${edge.delay} ms` : edge.delay}` : ''
  return `${event}${guard}${delay}`
}

function compact(value: unknown): string {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.values(value as Record<string, unknown>)
      .map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
      .join(', ')
  }
  return JSON.stringify(value)
}

/**
 * The ids of the state nodes active in `value` (the root and every ancestor included), as XState's
 * `snapshot._nodes` would list them. Keys the graph does not have are skipped (a stale history entry).
 *
 * @example activeNodeIds(graph, { awaitingSession: 'prompting' }) // ['siwx', 'siwx.awaitingSession', 'siwx.awaitingSession.prompting']
 */
export function activeNodeIds(graph: MachineGraph, value: StateValue | null | undefined): string[] {
  const root = graph.nodes.find((n) => n.parent === null)
  if (!root) return []
  const childrenOf = new Map<string, GraphNode[]>()
  for (const n of graph.nodes) if (n.parent !== null) childrenOf.set(n.parent, [...(childrenOf.get(n.parent) ?? []), n])
  const out: string[] = [root.id]
  const walk = (parentId: string, v: unknown) => {
    const children = childrenOf.get(parentId) ?? []
    if (typeof v === 'string') {
      const child = children.find((c) => c.key === v)
      if (child) out.push(child.id)
      return
    }
    if (v && typeof v === 'object') {
      for (const [key, sub] of Object.entries(v as Record<string, unknown>)) {
        const child = children.find((c) => c.key === key)
        if (!child) continue
        out.push(child.id)
        walk(child.id, sub)
      }
    }
  }
  walk(root.id, value)
  return out
}

/** An event QA can send in a state: its type and the transitions it may take (guards decide among them at run time). */
export type AcceptedEvent = { type: string; edges: GraphEdge[] }

/**
 * The events the machine accepts in the given active nodes: every transition of an active node except the
 * eventless ones and XState's own (`xstate.*`: timers, invoked actors' results), one entry per event type in
 * document order. A guarded event is listed; whether a branch fires is the machine's decision.
 */
export function acceptedEvents(graph: MachineGraph, activeIds: readonly string[]): AcceptedEvent[] {
  const active = new Set(activeIds)
  const byType = new Map<string, GraphEdge[]>()
  for (const edge of graph.edges) {
    if (!active.has(edge.source) || edge.kind !== 'event' || edge.event.startsWith('xstate.')) continue
    byType.set(edge.event, [...(byType.get(edge.event) ?? []), edge])
  }
  return [...byType].map(([type, edges]) => ({ type, edges }))
}
