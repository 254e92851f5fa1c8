import { fromCallback, setup, type AnyActorLogic, type AnyActorRef, type EventObject } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { connectionMachine } from './connection.ts'
import { modalMachine } from './modal.ts'
import { networkMachine } from './network.ts'
import { routerMachine } from './router.ts'
import { toastMachine } from './toast.ts'
import type { RootContext, RootEvent, RootInput } from './root.context.ts'
import { machineTypes } from './machineTypes.ts'

/*
 * The root machine's setup: its types and the actors it spawns and invokes. Its guards (machines/root.guards.ts) and
 * actions (machines/root.actions.ts) extend it, typed by it, and the chart (machines/root.ts) is made from them.
 */

/** A snapshot's tags, sorted (none for a logic without tags). */
function tagsOf(snapshot: unknown): string[] {
  const tags = snapshot && typeof snapshot === 'object' && 'tags' in snapshot ? snapshot.tags : undefined
  return tags instanceof Set ? [...tags].filter((t): t is string => typeof t === 'string').sort() : []
}
/** The root's types and actors (see machines/root.ts for the chart). */
export const rootSetup = setup({
  types: machineTypes<{ context: RootContext; events: RootEvent; input: RootInput }>(),
  actors: {
    router: routerMachine,
    modal: modalMachine,
    toast: toastMachine,
    connection: connectionMachine,
    network: networkMachine,
    /** Fetches a feature's module and answers `feature.loaded` with its machine (or `feature.loadFailed`). */
    loadFeature: fromCallback<EventObject, { feature: string; load: () => Promise<AnyActorLogic> }>(({ input, sendBack }) => {
      let live = true
      input.load().then(
        (logic) => live && sendBack({ type: 'feature.loaded', feature: input.feature, logic }),
        (error: unknown) => live && sendBack({ type: 'feature.loadFailed', feature: input.feature, error }),
      )
      return () => {
        live = false
      }
    }),
    /**
     * Relays a spawned feature's tags to the root as `feature.tags` when they change (the feature found by its
     * systemId). The root names no feature, so a feature's busy and opening tags reach it through this relay rather
     * than through each feature's chart; the root's guards read its copy.
     */
    featureTags: fromCallback<RootEvent, { systemId: string }>(({ input, system, sendBack }) => {
      const feature: AnyActorRef | undefined = system.get(input.systemId)
      let last: string | undefined
      const report = (snapshot: unknown) => {
        const tags = tagsOf(snapshot)
        if (tags.join(' ') === last) return
        last = tags.join(' ')
        sendBack({ type: 'feature.tags', feature: input.systemId, tags })
      }
      report(feature?.getSnapshot())
      // An error handler keeps a failing feature's error with its parent (the root), as without this listener.
      const tagsSub = feature?.subscribe({ next: report, error: () => {} })
      return () => tagsSub?.unsubscribe()
    }),
    watchConnectors: fromCallback<EventObject>(() => {
      throw new ActorNotProvidedError('root', 'watchConnectors')
    }),
    /**
     * What the other tabs of the site store, as `tabs.*` events (machines/root.tabs.ts). By default none (tests, server
     * rendering, reconnect disabled); the assembly provides the listener. It never ends: a listener, not a wait.
     */
    watchTabs: fromCallback<EventObject>(() => {}),
    /**
     * Answers `screen.painted` once the modal just asked to open has had its first frame painted (the root's
     * `announcing` region waits for it before the features hear `root.opened`). By default at once (tests, server
     * rendering, no screen); the assembly provides the browser's (ui/firstPaint.ts).
     */
    firstPaint: fromCallback<EventObject>(({ sendBack }) => {
      sendBack({ type: 'screen.painted' })
    }),
    /** Relays every event a child emits to the root. */
    childEvents: fromCallback<RootEvent, { children: AnyActorRef[] }>(({ input, sendBack }) => {
      const subs = input.children.map((child) => child.on('*', (event: RootEvent) => sendBack(event)))
      return () => subs.forEach((s) => s.unsubscribe())
    }),
  },
})
