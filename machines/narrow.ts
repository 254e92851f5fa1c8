import type { EventObject } from 'xstate'

/**
 * The error carried by an invoked actor's failure event (`xstate.error.actor.<id>`, the event of an
 * `onError` transition); `undefined` for an event that carries none.
 *
 * Named guards and actions in `setup()` are typed with the machine's own events, which do not list the
 * actor events; this reads the error by narrowing, without asserting a type. The error is `unknown` (an
 * actor may reject with anything); callers summarise or classify it.
 *
 * @example
 * setError: assign({ error: ({ event }) => summarizeError(actorErrorOf(event)) })
 */
export function actorErrorOf(event: EventObject): unknown {
  return 'error' in event ? event.error : undefined
}
