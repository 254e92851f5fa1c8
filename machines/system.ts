import { enqueueActions, type EventObject, type MachineContext } from 'xstate'

/**
 * An event for one of the modal's actors found by its `systemId` (STYLE rule 16: actors talk to actors, no mediator):
 * `router`, `toast`, `modal`, `network`, a namespace's connection (`connection.eip155`), or a feature by its id
 * (`account`). A feature's machine declares a named `tell` action taking it as params
 * (`{ type: 'tell', params: { to: 'router', event: { type: 'router.push', view: 'SendPreview' } } }`), so the chart
 * shows whom it tells what; the action sends only when the actor exists (a machine run on its own, in a unit test,
 * has no router, and a feature not spawned has nothing to update).
 */
export type SystemMessage = { to: string; event: { type: string; [field: string]: unknown } }

/**
 * The `tell` action a feature's setup declares (`actions: { tell: tellAction<Context, Event>() }`): it sends
 * `params.event` to the actor registered as `params.to`, when there is one (see {@link SystemMessage}; no params:
 * nothing, for a message that depends on the event). Typed by the
 * machine's context and events, so that `setup` accepts it beside the machine's own actions.
 * @example setup({ types: { context: {} as C, events: {} as E }, actions: { tell: tellAction<C, E>() } })
 */
export function tellAction<TContext extends MachineContext, TEvent extends EventObject>() {
  return enqueueActions<TContext, TEvent, SystemMessage | undefined, TEvent, never, never, never, never, never>(({ system, enqueue }, params) => {
    const ref = params ? system.get(params.to) : undefined
    if (ref && params) enqueue.sendTo(ref, params.event)
  })
}

/**
 * The `report` action a feature's setup declares (`actions: { report: reportAction<Context, Event>() }`): it sends
 * `params` (one of the root's reports: `feature.flags`, `feature.alert`, `feature.track`, `feature.reportError`) to
 * the feature's parent, the root that spawned it; run on its own (a unit test), nobody is told. No params: nothing.
 */
export function reportAction<TContext extends MachineContext, TEvent extends EventObject>() {
  return enqueueActions<TContext, TEvent, EventObject | undefined, TEvent, never, never, never, never, never>(({ self, enqueue }, params) => {
    const parent = self._parent
    if (parent && params) enqueue.sendTo(parent, params)
  })
}
