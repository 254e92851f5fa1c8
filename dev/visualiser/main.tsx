/**
 * The statechart visualiser page (demo/visualiser.html): every machine of machines/ drawn from its definition,
 * live-linked to the demo page over `BroadcastChannel('latchkey-inspect')`.
 */
import ELK from 'elkjs/lib/elk.bundled.js'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createActor } from 'xstate'
import { App } from './App.tsx'
import { broadcastChannelActor } from './channel.ts'
import { machineToGraph, type MachineGraph } from '../../inspect/graph.ts'
import { visualisedMachines } from './machines.ts'
import { sessionMachine } from './session.ts'

const graphs = new Map<string, MachineGraph>(visualisedMachines.map((m) => [m.id, machineToGraph(m.machine)]))
const params = new URLSearchParams(location.search)
const requested = params.get('machine')
const session = createActor(sessionMachine.provide({ actors: { channel: broadcastChannelActor() } }), {
  input: { selectedMachine: requested && graphs.has(requested) ? requested : 'root' },
}).start()
const elk = new ELK()

// For the tests and for curious developers.
;(window as unknown as { visualiser: unknown }).visualiser = { session, graphs }

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App session={session} graphs={graphs} elk={elk} />
  </StrictMode>,
)
