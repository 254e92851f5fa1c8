import { to, type ConnectedAccount, type FeatureRegistration } from './features.ts'
import type { NamesEmitted, NamesTarget } from './names.ts'
import { supportsNamespace } from './namespaces.ts'

/** The gestures of the names views (`feature.deliver` to `names`) that are not the machine's own events. */
export type NamesGesture =
  /** Account's "Register a name": RegisterAccountName, its machine fetched now (first use). */
  | { type: 'names.start' }
  /** RegisterAccountNameSuccess's Done: back to Account. */
  | { type: 'names.done' }

const target = (a: ConnectedAccount | undefined): NamesTarget | undefined =>
  a && supportsNamespace('names', a.namespace) ? { address: a.address, caipNetworkId: a.caipNetworkId, namespace: a.namespace, connectorId: a.connectorId } : undefined

const follow = (a: ConnectedAccount | undefined) => {
  const t = target(a)
  return to.self(t ? { type: 'names.setTarget', target: t } : { type: 'names.clear' })
}

/**
 * Name registration (issue 21 §2; spec §2 RegisterAccountName and RegisterAccountNameSuccess, §4, §6: eip155 only)
 * as a feature: its machine is fetched on the visitor's first "Register a name" in Account, follows the active
 * account (another account leaves the views for Account), waits on Back while the wallet signs or the registration
 * posts, and on success refreshes Account's identity (the new name shows there) and replaces the form with
 * RegisterAccountNameSuccess. A cancel in the wallet or a failure stays on RegisterAccountName (the machine keeps
 * the name and the message).
 *
 * @param options.suffix the zone suffix of registered names (spec §9, default '.reown.id').
 */
export function namesFeature(options: { suffix?: string | undefined } = {}): FeatureRegistration {
  return {
    id: 'names',
    available: (facts) => supportsNamespace('names', facts.account?.namespace),
    input: () => ({ suffix: options.suffix }),
    views: ['RegisterAccountName', 'RegisterAccountNameSuccess'],
    busyTag: 'loading',
    on: {
      spawned: (facts) => [follow(facts.account)],
      account: (facts, change) => {
        const commands = [follow(facts.account)]
        if ((change === 'changed' || change === 'disconnected' || change === 'switched') && facts.holder === 'names' && facts.account) {
          commands.push(to.router({ type: 'router.reset', view: 'Account' }))
        }
        return commands
      },
      gesture: (facts, event) => {
        switch ((event as NamesGesture | { type: string }).type) {
          case 'names.start':
            return [to.router({ type: 'router.push', view: 'RegisterAccountName' }), to.self({ type: 'names.reset' }, true)]
          case 'names.done':
            return [to.router({ type: 'router.reset', view: 'Account' }), to.self({ type: 'names.reset' })]
          default:
            return facts.account ? [to.self(event, true)] : []
        }
      },
      emitted: (facts, event) => {
        const e = event as NamesEmitted
        switch (e.type) {
          case 'names.registered':
            return [
              { to: 'feature', feature: 'account', event: { type: 'account.reload' } },
              ...(facts.view === 'RegisterAccountName' ? [to.router({ type: 'router.replace', view: 'RegisterAccountNameSuccess' })] : []),
            ]
          case 'names.failed':
            return [to.root({ type: 'feature.reportError', error: e.error })]
          default:
            return []
        }
      },
    },
  }
}
