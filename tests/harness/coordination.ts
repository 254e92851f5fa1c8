import { createActor, fromCallback, setup, type AnyActorLogic, type AnyActorRef, type EventObject } from 'xstate'
import { modalMachine } from '../../machines/modal.ts'
import { routerMachine, type RouterInput } from '../../machines/router.ts'
import { toastMachine } from '../../machines/toast.ts'

/** What a recorder heard: the systemId it stands for, and the event. */
export type Heard = { to: string; event: EventObject }

/**
 * A feature's machine run the way the root runs it (STYLE rule 16): a child of a host, beside the actors it tells by
 * systemId. `router`, `toast` and `modal` are the real machines (the router starting on `router.view`); every id of
 * `recorders` is a recorder standing for that actor (`connection.eip155`, `account`, `network`): what it heard is in
 * `heard`, in order. What the feature sends its parent (the root's reports: `feature.reportError`, `feature.flags`) is
 * in `reported`.
 *
 * @param feature the feature's id (its child id and systemId, as the root spawns it), its logic and input.
 * @example
 * const s = coordination({ id: 'socialLogin', logic: socialLoginMachine }, { recorders: ['connection.eip155'] })
 * s.feature.send({ type: 'root.closed', view: 'Connect' })
 * expect(s.heard).toEqual([])
 */
export function coordination(feature: { id: string; logic: AnyActorLogic; input?: unknown }, options: { router?: RouterInput; toast?: boolean; modal?: boolean; recorders?: readonly string[] } = {}) {
  const heard: Heard[] = []
  const reported: EventObject[] = []
  const recorder = fromCallback<EventObject, { to: string }>(({ input, receive }) => receive((event) => void heard.push({ to: input.to, event })))
  const invoke = [
    ...(options.router ? [{ id: 'router', src: 'router' as const, systemId: 'router', input: options.router }] : []),
    ...(options.toast ? [{ id: 'toast', src: 'toast' as const, systemId: 'toast' }] : []),
    ...(options.modal ? [{ id: 'modal', src: 'modal' as const, systemId: 'modal', input: {} }] : []),
    ...(options.recorders ?? []).map((to) => ({ id: to, src: 'recorder' as const, systemId: to, input: { to } })),
    { id: feature.id, src: 'feature' as const, systemId: feature.id, input: feature.input },
  ]
  const host = setup({ actors: { router: routerMachine, toast: toastMachine, modal: modalMachine, recorder, feature: feature.logic } }).createMachine({
    // The invocations differ by test; XState types a literal list, so the built one is handed as such.
    invoke: invoke as never,
    on: { '*': { actions: ({ event }) => void reported.push(event) } },
  })
  const actor = createActor(host).start()
  const child = (id: string): AnyActorRef => actor.system.get(id)!
  /** The router's history, by view name. */
  const views = (): string[] =>
    child('router')
      .getSnapshot()
      .context.history.map((h: { view: string }) => h.view)
  return { feature: child(feature.id), heard, reported, child, views, stop: () => actor.stop() }
}
