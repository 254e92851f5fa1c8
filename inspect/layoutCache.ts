/**
 * The inspector's chart layouts, computed once per machine (latchkey/inspect): ELK's layered layout of a large machine
 * (the root's, the router's) takes a second or more in the page, and the Chart tab is opened again and again (each tab
 * switch mounts it anew, each actor picked shows its machine). A layout depends on the machine's graph only
 * ({@link layoutGraph}: its states and transitions, with text widths estimated from fixed font metrics), so it is kept
 * per graph, by its content: a session imported from this page reuses the page's layouts, and an imported graph of the
 * same id but another definition gets its own.
 */
import type { ELK } from 'elkjs/lib/elk-api.js'
import type { MachineGraph } from './graph.ts'
import { layoutGraph, type ChartLayout } from './layout.ts'

/** A laid-out chart, or `'failed'` when ELK could not lay the graph out (drawn as a message, not retried). */
export type CachedLayout = ChartLayout | 'failed'

export type LayoutCache = {
  /** The layout of `graph` when it is already computed (so a chart shown again draws at once), else `undefined`. */
  known(graph: MachineGraph): CachedLayout | undefined
  /**
   * The layout of `graph`: computed on the first call for its content, the same promise after. Resolves `'failed'`
   * when ELK rejects the graph; rejects when `elk()` itself rejects (its chunk could not
   * be fetched); that rejection is not kept, a later call asks `elk()` again.
   */
  layout(graph: MachineGraph): Promise<CachedLayout>
}

/**
 * A layout cache over `elk` (ELK, fetched on the first chart: mount.tsx's loader). Graphs are looked up by identity
 * first (the recorder keeps one graph object per machine), then by their JSON; the cache lives as long as its panel.
 * @example
 * const layouts = layoutCache(() => import('elkjs/lib/elk.bundled.js').then(({ default: E }) => new E()))
 * await layouts.layout(graph) // ELK runs
 * layouts.known(graph) // the same layout, synchronously
 */
export function layoutCache(elk: () => Promise<ELK>): LayoutCache {
  const byContent = new Map<string, { promise: Promise<CachedLayout>; value?: CachedLayout }>()
  const keyOf = new WeakMap<MachineGraph, string>()
  const key = (graph: MachineGraph) => {
    let k = keyOf.get(graph)
    if (k === undefined) {
      k = JSON.stringify(graph)
      keyOf.set(graph, k)
    }
    return k
  }
  return {
    known: (graph) => byContent.get(key(graph))?.value,
    layout(graph) {
      const k = key(graph)
      const hit = byContent.get(k)
      if (hit) return hit.promise
      const entry: { promise: Promise<CachedLayout>; value?: CachedLayout } = {
        promise: elk().then(
          (loaded) =>
            layoutGraph(graph, loaded).then(
              (l): CachedLayout => l,
              (): CachedLayout => 'failed',
            ),
          (error: unknown) => {
            byContent.delete(k)
            throw error
          },
        ),
      }
      entry.promise.then(
        (value) => (entry.value = value),
        () => {},
      )
      byContent.set(k, entry)
      return entry.promise
    },
  }
}
