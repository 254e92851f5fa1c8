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
 * @example setup({ types: machineTypes<{ context: C; events: E }>(), actions: { tell: tellAction<C, E>() } })
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

/** The auth connector's id: the embedded wallet (email, social or Farcaster login) as the eip155 connection. */
const authConnectorId = 'auth'

/**
 * The `tell` params of a login that ended with the embedded wallet's user (email, social, Farcaster; spec §4): the
 * active namespace's connection (`context.connection`, its systemId) connects the auth connector
 * (`connection.request auth`: the embedded wallet's `eth_requestAccounts`).
 * @example { type: 'tell', params: requestAuthConnection }
 */
export function requestAuthConnection({ context }: { context: { connection: string } }): SystemMessage {
  return { to: context.connection, event: { type: 'connection.request', connectorId: authConnectorId } }
}

/** What a transaction's outcome pops (see {@link popTransactionAction}): `orElse` `'Account'` or `'form'` (default by the outcome). */
export type PopTransactionParams = { outcome: 'success' | 'error' | 'cancel'; orElse?: 'Account' | 'form' | undefined }

/*
 * The router's events below are written as plain objects (`RouterEvent`'s shapes, machines/router.ts): the view names
 * derive from the manifests, which are typed from the feature machines that use these actions (a type cycle).
 */

/** The id of a feature's entry on the transaction stack (`send`, `swap`): its outcome pops that entry, no other. */
export function transactionEntryId(feature: string): string {
  return feature
}

/**
 * The `reserveTransaction` action of a feature that hands the wallet a transaction (send, swap): it asks the router for
 * the transaction's entry on the stack (spec §4 "transaction stack", at most 99), its id the feature's name (a feature
 * has one transaction at a time: {@link transactionEntryId}), success leading to Account; the router answers the feature
 * `router.transactionAccepted` or `router.transactionRefused` (full).
 */
export function reserveTransactionAction<TContext extends MachineContext, TEvent extends EventObject>(feature: string) {
  return enqueueActions<TContext, TEvent, undefined, TEvent, never, never, never, never, never>(({ self, system, enqueue }) => {
    const router = system.get('router')
    const push: SystemMessage['event'] = { type: 'router.pushTransaction', id: transactionEntryId(feature), onSuccess: 'Account', replyTo: self }
    if (router) enqueue.sendTo(router, push)
  })
}

/**
 * The moves of a feature's transaction that was sent with its end unknown (spec §4 Send, §9 receipt timeout): Account
 * with `preview` (the hash, the explorer) over it, so Back never shows the form again, unless a newer request's view
 * shows over the feature's entry (a dapp's approval waits there: it stays, `unlessCovered`); then the entry leaves the
 * stack. `tell` actions, in order.
 */
export function unconfirmedMoves(feature: string, preview: string) {
  const tell = (event: SystemMessage['event']) => ({ type: 'tell', params: { to: 'router', event } satisfies SystemMessage }) as const
  const id = transactionEntryId(feature)
  return [tell({ type: 'router.reset', view: 'Account', unlessCovered: id }), tell({ type: 'router.push', view: preview, unlessCovered: id }), tell({ type: 'router.dropTransaction', id })] as const
}

/**
 * The `popTransaction` action of a feature that hands the wallet a transaction: the outcome pops its entry, by its id
 * (success: Account as a new history; error, cancel: back one view; under a newer request's entry it only leaves the
 * stack). With its entry gone while `views.preview` shows (the modal
 * was closed and reopened meanwhile), the views move instead (`orElse`, by default Account after a success and the
 * form after a failure): Account as a new history, or `views.form` in the preview's place.
 */
export function popTransactionAction<TContext extends MachineContext & { target?: unknown }, TEvent extends EventObject>(feature: string, views: { preview: string; form: string }) {
  return enqueueActions<TContext, TEvent, PopTransactionParams, TEvent, never, never, never, never, never>(({ context, system, enqueue }, params) => {
    const router = system.get('router')
    const toAccount = (params.orElse ?? (params.outcome === 'success' ? 'Account' : 'form')) === 'Account'
    const orElse = toAccount ? { from: views.preview, type: 'router.reset', view: 'Account' } : { from: views.preview, type: 'router.replace', view: views.form }
    const pop: SystemMessage['event'] = { type: 'router.popTransaction', id: transactionEntryId(feature), outcome: params.outcome, isConnected: Boolean(context.target), orElse }
    if (router) enqueue.sendTo(router, pop)
  })
}

/** The `backToForm` action of a feature with a picker over its form (a token, a provider): the router goes back one view. */
export function backToFormAction<TContext extends MachineContext & { target?: unknown }, TEvent extends EventObject>() {
  return enqueueActions<TContext, TEvent, undefined, TEvent, never, never, never, never, never>(({ context, system, enqueue }) => {
    const router = system.get('router')
    const back: SystemMessage['event'] = { type: 'router.back', isConnected: Boolean(context.target) }
    if (router) enqueue.sendTo(router, back)
  })
}
