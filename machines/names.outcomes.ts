import { to, type ConnectedAccount, type FeatureRegistration } from './features.ts'
import { startNames, type NamesGesture } from './names.feature.ts'
import type { NamesEmitted, NamesTarget } from './names.ts'
import { supportsNamespace } from './namespaces.ts'

const target = (a: ConnectedAccount | undefined): NamesTarget | undefined =>
  a && supportsNamespace('names', a.namespace) ? { address: a.address, caipNetworkId: a.caipNetworkId, namespace: a.namespace, connectorId: a.connectorId } : undefined

const follow = (a: ConnectedAccount | undefined) => {
  const t = target(a)
  return to.self(t ? { type: 'names.setTarget', target: t } : { type: 'names.clear' })
}

/**
 * The names feature's hooks that arrive with its machine (issue 15 §1, {@link import('./features.ts').LoadedFeature}):
 * it follows the active account (another account leaves the views for Account), and on success refreshes Account's
 * identity (the new name shows there) and replaces the form with RegisterAccountNameSuccess. A cancel in the wallet or
 * a failure stays on RegisterAccountName (the machine keeps the name and the message).
 */
export const namesOutcomes: NonNullable<FeatureRegistration['on']> = {
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
        return startNames()
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
}
