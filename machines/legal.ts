import { setup } from 'xstate'
import { machineTypes } from './machineTypes.ts'

/** The legal checkbox's events: the visitor ticks (`legal.accept`) or unticks (`legal.withdraw`) it. */
export type LegalEvent = { type: 'legal.accept' } | { type: 'legal.withdraw' }

/**
 * The legal checkbox of Connect and AllWallets (spec §9 "legal checkbox off" by default): `unaccepted`
 * until the visitor ticks the box, then `accepted`; unticking goes back. One actor per modal instance, held in memory
 * only: the agreement is not stored, so a reload asks again.
 *
 * @example
 * const legal = createActor(legalMachine).start()
 * legal.send({ type: 'legal.accept' })
 * legal.getSnapshot().value // 'accepted'
 */
export const legalMachine = setup({
  types: machineTypes<{ events: LegalEvent }>(),
}).createMachine({
  id: 'legal',
  initial: 'unaccepted',
  states: {
    unaccepted: { on: { 'legal.accept': 'accepted' } },
    accepted: { on: { 'legal.withdraw': 'unaccepted' } },
  },
})
