import { test } from 'vitest'
import { machineToGraph } from './graph.ts'
import { visualisedMachines } from './machines.ts'
test('probe', () => {
  for (const m of visualisedMachines) {
    const g = machineToGraph(m.machine)
    console.log(m.id, [...new Set(g.edges.filter(e => e.kind === 'event' && !e.event.startsWith('xstate.')).map(e => e.event))].join(' '))
  }
})
