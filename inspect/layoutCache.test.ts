import ELK from 'elkjs/lib/elk.bundled.js'
import type { ELK as ElkApi } from 'elkjs/lib/elk-api.js'
import { describe, expect, test, vi } from 'vitest'
import { toastMachine } from '../machines/toast.ts'
import { machineToGraph } from './graph.ts'
import { layoutGraph } from './layout.ts'
import { layoutCache } from './layoutCache.ts'

/** A real ELK whose `layout` calls are counted. */
function countingElk() {
  const elk = new ELK()
  const layout = vi.spyOn(elk, 'layout')
  return { elk: () => Promise.resolve(elk as ElkApi), calls: () => layout.mock.calls.length }
}

describe('layoutCache', () => {
  test('behavior: a graph is laid out once; shown again, its layout is known at once and is the one layoutGraph computes', async () => {
    const { elk, calls } = countingElk()
    const layouts = layoutCache(elk)
    const graph = machineToGraph(toastMachine)
    expect(layouts.known(graph)).toBeUndefined()
    const [first, second] = await Promise.all([layouts.layout(graph), layouts.layout(graph)])
    const once = calls()
    expect(once).toBeGreaterThan(0)
    expect(second).toBe(first)
    expect(layouts.known(graph)).toBe(first)
    // A copy of the same definition (a session imported from this page) reuses it.
    expect(await layouts.layout(structuredClone(graph))).toBe(first)
    expect(layouts.known(structuredClone(graph))).toBe(first)
    expect(calls()).toBe(once)
    expect(first).toEqual(await layoutGraph(graph, new ELK()))
  })

  test('behavior: a graph of the same id but another definition gets a layout of its own', async () => {
    const { elk, calls } = countingElk()
    const layouts = layoutCache(elk)
    const graph = machineToGraph(toastMachine)
    // The same machine id with a transition less (a session recorded by another version of the machine).
    const other = { ...graph, edges: graph.edges.slice(1) }
    const a = await layouts.layout(graph)
    const before = calls()
    const b = await layouts.layout(other)
    expect(calls()).toBeGreaterThan(before)
    expect(b).toEqual(await layoutGraph(other, new ELK()))
    expect(b).not.toEqual(a)
  })

  test("behavior: a graph ELK rejects is 'failed' (kept); an ELK that could not be loaded rejects and is asked again next time", async () => {
    const broken = { layout: () => Promise.reject(new TypeError('bad graph')) } as unknown as ElkApi
    const failing = layoutCache(() => Promise.resolve(broken))
    const graph = machineToGraph(toastMachine)
    expect(await failing.layout(graph)).toBe('failed')
    expect(failing.known(graph)).toBe('failed')

    let loads = 0
    const elk = new ELK() as ElkApi
    const flaky = layoutCache(() => (++loads === 1 ? Promise.reject(new TypeError('chunk not fetched')) : Promise.resolve(elk)))
    await expect(flaky.layout(graph)).rejects.toThrow('chunk not fetched')
    expect(flaky.known(graph)).toBeUndefined()
    const layout = await flaky.layout(graph)
    expect(loads).toBe(2)
    expect(layout).not.toBe('failed')
  })
})
