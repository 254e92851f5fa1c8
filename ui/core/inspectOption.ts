/**
 * The dapp's `inspect` option (`ModalOptions.inspect`, the statechart visualiser's hook) as the root actor's inspection
 * observer. XState calls an inspection observer inside the modal's updates, where an exception would leave the actor
 * that was updating unable to process anything more (its mailbox stuck): the modal would stop answering, silently.
 */
import type { InspectionEvent } from 'xstate'
import type { ModalLog } from '../log.ts'
import type { ModalOptions } from '../types.ts'

/**
 * Wraps the `inspect` option (a function or an observer's `next`) so that what it throws stays with it: the first
 * throw is logged (`log.error`, with its message), later ones are not (an observer that always throws would log every
 * event); the modal goes on either way.
 * @example createActor(machine, { inspect: guardedInspect(options.inspect, log) })
 */
export function guardedInspect(inspect: NonNullable<ModalOptions['inspect']>, log: Pick<ModalLog, 'error'>): (event: InspectionEvent) => void {
  const next = typeof inspect === 'function' ? inspect : (event: InspectionEvent) => inspect.next?.(event)
  let logged = false
  return (event) => {
    try {
      next(event)
    } catch (error) {
      if (logged) return
      logged = true
      log.error(`The inspect option threw (${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}); the modal goes on, and its later throws are not logged.`)
    }
  }
}
