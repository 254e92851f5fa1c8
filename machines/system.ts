import type { EventObject } from 'xstate'

/**
 * An event for one of the modal's actors found by its `systemId` (STYLE rule 16: actors talk to actors, no mediator):
 * `router`, `toast`, `modal`, `network`, a namespace's connection (`connection.eip155`), or a feature by its id
 * (`account`). A feature's machine declares a named `tell` action taking it as params
 * (`{ type: 'tell', params: { to: 'router', event: { type: 'router.push', view: 'SendPreview' } } }`), so the chart
 * shows whom it tells what; the action sends only when the actor exists (a machine run on its own, in a unit test,
 * has no router, and a feature not spawned has nothing to update).
 */
export type SystemMessage = { to: string; event: EventObject }
