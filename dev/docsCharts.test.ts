import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, test } from 'vitest'
import { isStateMachine } from '../inspect/graph.ts'
import { chartsMarkdown, type MachineFigure, machineFigure, projectMachines } from './docsCharts.tsx'

const root = fileURLToPath(new URL('..', import.meta.url))

/** The machines the project registers, as its model registry finds them (tests/model/registry.test.ts): `export const <name>Machine = setup(` in machines/. */
function registeredMachines(): Array<{ file: string; exportName: string }> {
  return readdirSync(`${root}machines`)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .flatMap((file) => Array.from(readFileSync(`${root}machines/${file}`, 'utf8').matchAll(/^export const (\w+Machine) = (?:setup\(|\w+\.createMachine\()/gm), (m) => ({ file, exportName: m[1]! })))
}

let figures: MachineFigure[]
beforeAll(async () => {
  figures = []
  for (const machine of await projectMachines(root)) figures.push(await machineFigure(machine))
}, 120_000)

describe('the architecture page statecharts', () => {
  test('behavior: every registered machine has its figure, and each of its top-level states is named in the SVG', async () => {
    const registered = registeredMachines()
    expect(registered.length).toBeGreaterThan(30)
    for (const { file, exportName } of registered) {
      const machine: unknown = (await import(`../machines/${file}`))[exportName]
      if (!isStateMachine(machine)) throw new TypeError(`machines/${file} ${exportName} is not a machine`)
      const figure = figures.find((f) => f.id === machine.id)
      expect(figure, `no figure of ${machine.id} (${exportName} in machines/${file})`).toBeDefined()
      expect(figure!.svg).toContain(`<title>Statechart of ${machine.id}</title>`)
      // A state's name is the text of its box's header (a parallel state's followed by ∥).
      for (const state of Object.keys(machine.root.states)) expect(figure!.svg, `${machine.id}: state ${state}`).toMatch(new RegExp(`>${state}( ∥)?</text>`))
    }
  })

  test("behavior: the page's section shows every figure under a heading of its machine's id", () => {
    const markdown = chartsMarkdown(figures)
    for (const { id } of figures) {
      expect(markdown).toContain(`\n### ${id}\n`)
      expect(markdown).toContain(`<img src="/charts/${id}.svg" alt="Statechart of ${id}"`)
    }
  })
})
