import ELK from 'elkjs/lib/elk.bundled.js'
import { describe, expect, test } from 'vitest'
import { machineToGraph } from './graph.ts'
import { isInternalEdge, layoutGraph } from './layout.ts'
import { visualisedMachines } from '../dev/visualiser/machines.ts'

const elk = new ELK()

describe('layoutGraph', () => {
  test.each(visualisedMachines.map((m) => [m.id, m] as const))('behavior: %s is laid out with every state inside its parent and every transition drawn', async (_, { machine }) => {
    const graph = machineToGraph(machine)
    const started = performance.now()
    const layout = await layoutGraph(graph, elk)
    const ms = performance.now() - started
    // Every state is a box, nested in its parent's box.
    expect(layout.nodes.map((n) => n.id).sort()).toEqual(graph.nodes.map((n) => n.id).sort())
    const box = new Map(layout.nodes.map((n) => [n.id, n]))
    for (const n of layout.nodes) {
      expect(n.width, n.id).toBeGreaterThan(0)
      const parent = n.node.parent === null ? undefined : box.get(n.node.parent)
      if (!parent) continue
      expect(n.x, n.id).toBeGreaterThanOrEqual(parent.x)
      expect(n.y, n.id).toBeGreaterThanOrEqual(parent.y)
      expect(n.x + n.width, n.id).toBeLessThanOrEqual(parent.x + parent.width + 0.5)
      expect(n.y + n.height, n.id).toBeLessThanOrEqual(parent.y + parent.height + 0.5)
    }
    // Every transition is either an arrow (with a route and its label) or a row inside its state.
    const arrows = new Set(layout.edges.flatMap((e) => e.edges.map((x) => x.id)))
    const rows = new Set(layout.nodes.flatMap((n) => n.rows.map((r) => r.edge.id)))
    for (const edge of graph.edges) {
      expect(isInternalEdge(edge) ? rows.has(edge.id) : arrows.has(edge.id), edge.id).toBe(true)
    }
    for (const e of layout.edges) {
      expect(e.points.length, e.id).toBeGreaterThanOrEqual(2)
      expect(e.label?.lines.length, e.id).toBe(e.edges.length)
    }
    console.info(`${machine.id}: ${graph.nodes.length - 1} states, ${graph.edges.length} transitions, ${layout.width}×${layout.height} px (${layout.direction}), ${ms.toFixed(0)} ms`)
  })
})
