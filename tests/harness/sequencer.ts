/**
 * The order Vitest runs the test files in (vitest.config.ts `sequence.sequencer`): Vitest's own order (by project, then
 * the files that took longest in the last run first, or the largest first when there is no last run), with the files of
 * each project grouped by their test environment (`// @vitest-environment happy-dom`, Node when none).
 *
 * Why: a project that shares its worker's modules (`isolate: false`) keeps a worker for the next file only when that
 * file has the same project and environment; otherwise Vitest stops the worker, and the next one loads every module
 * again (the setup files' modal, React, viem, …). Vitest's own order mixed Node and happy-dom files, which stopped a
 * worker at almost every file of `unit` (52 times for its 117 files) and `integration-shared` (21 for 43).
 * Measured on 2 cores, both orders run side by side: `npm run test:unit` used 122 CPU-seconds instead of 192.
 *
 * With `--sequence.shuffle` the files are shuffled first (seeded by `--sequence.seed`, as Vitest's own shuffle), then
 * grouped the same way: the files that share a worker's modules still meet in random orders.
 */
import { readFileSync } from 'node:fs'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** The test environment Vitest reads from a file's text: its first `@vitest-environment <name>`, and its options. */
const environmentComment = /@(?:vitest|jest)-environment\s+([\w-]+)\b/
const environmentOptions = /@(?:vitest|jest)-environment-options\s+(.+)/

/**
 * The test environment of a test file as Vitest decides it from the file's comments ('node' when none is named;
 * the project's own `environment` is Node in every project of vitest.config.ts), with its options.
 *
 * @param source the file's text.
 * @returns e.g. `happy-dom`, `node`, or `happy-dom {"settings": …}` when the file gives options.
 */
export function testEnvironment(source: string): string {
  const name = source.match(environmentComment)?.[1] ?? 'node'
  const options = source.match(environmentOptions)?.[1]?.trim()
  return options ? `${name} ${options}` : name
}

/** A seeded shuffle (mulberry32), so one seed gives one order. */
function shuffled<T>(items: T[], seed: number): T[] {
  let state = seed >>> 0
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

/**
 * Groups `ordered` by `key`, each group where its first item was, the items of a group in their order in `ordered`.
 *
 * @example groupInOrder(['n1', 'd1', 'n2', 'd2'], (f) => f[0]) // ['n1', 'n2', 'd1', 'd2']
 */
export function groupInOrder<T>(ordered: T[], key: (item: T) => string): T[] {
  const groups = new Map<string, T[]>()
  for (const item of ordered) {
    const k = key(item)
    const group = groups.get(k)
    if (group) group.push(item)
    else groups.set(k, [item])
  }
  return [...groups.values()].flat()
}

/** Vitest's order with each project's files grouped by test environment (this module's header). */
export class EnvironmentSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { shuffle, seed } = this.ctx.config.sequence
    const ordered = shuffle ? shuffled(files, seed ?? Date.now()) : await super.sort(files)
    const environment = new Map<string, string>()
    const environmentOf = (file: string) => {
      let env = environment.get(file)
      if (env === undefined) {
        env = testEnvironment(readFileSync(file, 'utf8'))
        environment.set(file, env)
      }
      return env
    }
    // Projects stay in the order given (Vitest's: by name), so the key starts with the project.
    return groupInOrder(ordered, (spec) => `${spec.project.config.sequence.groupOrder}\0${spec.project.name}\0${environmentOf(spec.moduleId)}`)
  }
}
