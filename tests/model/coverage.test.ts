import { describe, expect, test } from 'vitest'
import { assign, setup } from 'xstate'
import { buildModelPaths, coverageReport, stateInventory, transitionInventory, withoutPrefixes } from './coverage.ts'

const sample = setup({
  types: { events: {} as { type: 'go' } | { type: 'back' } | { type: 'never' }, context: {} as { n: number } },
  guards: { isFirst: ({ context }) => context.n === 0 },
  actions: { count: assign({ n: ({ context }) => context.n + 1 }) },
}).createMachine({
  context: { n: 0 },
  initial: 'a',
  states: {
    a: { on: { go: [{ guard: 'isFirst', target: 'b', actions: 'count' }, { target: 'c' }] } },
    b: { on: { back: 'a' } },
    c: { on: { never: 'a' } },
  },
})

describe('model coverage', () => {
  test('behavior: the inventory lists every state and every guarded branch, nothing else', () => {
    expect(stateInventory(sample).sort()).toEqual(['(machine).a', '(machine).b', '(machine).c'])
    expect(transitionInventory(sample).sort()).toEqual(['(machine).a --go[0]', '(machine).a --go[1]', '(machine).b --back[0]', '(machine).c --never[0]'])
  })

  test('behavior: paths reach every state reachable with the given events and report what is missing', () => {
    const run = buildModelPaths(sample, { events: () => [{ type: 'go' }, { type: 'back' }] })
    const report = coverageReport(sample, [run])
    expect(report.states).toEqual({ covered: 3, total: 3, missing: [] })
    expect(report.transitions.missing).toEqual(['(machine).c --never[0]'])
    expect(run.paths.map((p) => p.steps.map((s) => s.event.type).join('>'))).toContain('go>back>go')
  })

  test('behavior: the paths a longer one starts with are dropped, unless kept; what is walked reaches the same states and transitions', () => {
    const run = buildModelPaths(sample, { events: () => [{ type: 'go' }, { type: 'back' }] })
    const names = (paths: typeof run.paths) => paths.map((p) => p.steps.map((s) => s.event.type).join('>'))
    expect(names(run.paths)).toEqual(['', 'go', 'go>back>go'])
    expect(names(withoutPrefixes(run).paths)).toEqual(['go>back>go'])
    expect(names(withoutPrefixes(run, (p) => p.steps.length === 0).paths)).toEqual(['', 'go>back>go'])
    // The kept path knows where the dropped ones ended, for a walk's end-of-path checks.
    expect(withoutPrefixes(run).paths[0]!.ends).toEqual([
      { length: 0, target: '"a"' },
      { length: 1, target: '"b"' },
    ])
    expect(withoutPrefixes(run, (p) => p.steps.length === 0).paths[1]!.ends).toEqual([{ length: 1, target: '"b"' }])
    // Every step of a dropped path is a step of a kept one, from the same start: the walked steps cover the same.
    const walked = withoutPrefixes(run).paths.flatMap((p) => p.steps.map((s, i) => `${i}:${s.event.type}>${s.state}`))
    for (const path of run.paths) for (const [i, s] of path.steps.entries()) expect(walked).toContain(`${i}:${s.event.type}>${s.state}`)
  })
})
