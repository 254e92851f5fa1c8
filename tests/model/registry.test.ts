import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

/**
 * Every machine has its model-based test: a machine added to `machines/` without a
 * `tests/model/<name>.model.test.tsx` that measures its coverage and asserts nothing is missing fails the build.
 * A walk file fails by itself when a state or event has no gesture (its `perform()` throws) or when the
 * coverage drops below 100 %.
 */
const root = fileURLToPath(new URL('../..', import.meta.url))

/** `name` for each `export const <name>Machine = setup(` (or `= <setup>.createMachine(`, a setup extended in its own files) in machines/. */
function productionMachines(): string[] {
  const names: string[] = []
  for (const file of readdirSync(`${root}machines`)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue
    const text = readFileSync(`${root}machines/${file}`, 'utf8')
    for (const m of text.matchAll(/^export const (\w+)Machine = (?:setup\(|\w+\.createMachine\()/gm)) names.push(m[1]!)
  }
  return names.sort()
}

/**
 * Machines whose model walk is not written yet, with the reason. Each entry is a debt the note of its issue
 * names; the list may only shrink (a machine listed here that has its walk fails too).
 */
const pending: Record<string, string> = {}

describe('model registry', () => {
  const machines = productionMachines()

  test('behavior: the machines of machines/ are found', () => {
    expect(machines).toEqual(expect.arrayContaining(['connection', 'router', 'send', 'siwx']))
  })

  for (const name of machines) {
    test(`behavior: ${name} has a model walk that asserts 100 % state and transition coverage`, () => {
      const path = `${root}tests/model/${name}.model.test.tsx`
      let text: string | undefined
      try {
        text = readFileSync(path, 'utf8')
      } catch {
        text = undefined
      }
      if (name in pending) {
        expect(text, `${name} has a model walk now: remove it from the pending list`).toBeUndefined()
        return
      }
      expect(text, `no tests/model/${name}.model.test.tsx: every machine needs its model walk`).toBeDefined()
      expect(text).toContain(`coverageReport(${name}Machine`)
      // Exactly [] or exactly a named list of unreachable ones, with reasons, in the file.
      expect(text).toMatch(/states\.missing\)\.toEqual\(/)
      expect(text).toMatch(/transitions\.missing\)\.toEqual\(/)
    })
  }
})
