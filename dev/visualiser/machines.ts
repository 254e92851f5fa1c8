/**
 * Every statechart of machines/, found by scanning the folder (Vite's `import.meta.glob`), so a machine added
 * there appears in the visualiser without a change here. Test files and view models (`*.test.ts`,
 * `*.connect.ts`) are skipped; a module's exports that are XState machines are listed by their machine id.
 */
import type { AnyStateMachine } from 'xstate'
import { isStateMachine } from '../../inspect/graph.ts'

export type VisualisedMachine = {
  /** The machine's id (`siwx`); inspection events name their actor's machine by it. */
  id: string
  /** The module it comes from (`machines/siwx.ts`) and its export name (`siwxMachine`). */
  module: string
  exportName: string
  machine: AnyStateMachine
}

const modules = import.meta.glob<Record<string, unknown>>(['../../machines/*.ts', '!../../machines/*.test.ts', '!../../machines/*.connect.ts'], { eager: true })

/** The machines, root first, then by id. */
export const visualisedMachines: readonly VisualisedMachine[] = Object.entries(modules)
  .flatMap(([path, exports]) =>
    Object.entries(exports)
      .filter(([, value]) => isStateMachine(value))
      .map(([exportName, machine]) => ({ id: (machine as AnyStateMachine).id, module: path.replace(/^(\.\.\/)+/, ''), exportName, machine: machine as AnyStateMachine })),
  )
  .sort((a, b) => (a.id === 'root' ? -1 : b.id === 'root' ? 1 : a.id.localeCompare(b.id)))
