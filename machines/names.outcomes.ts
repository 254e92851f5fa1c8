import { to, type ConnectedAccount, type FeatureCommand, type FeatureRegistration } from './features.ts'
import type { ViewName } from './views.ts'
import { startNames } from './names.feature.ts'
import type { NamesEmitted, NamesTarget } from './names.ts'
import { supportsNamespace } from './namespaces.ts'

const target = (a: ConnectedAccount | undefined): NamesTarget | undefined =>
  a && supportsNamespace('names', a.namespace) ? { address: a.address, caipNetworkId: a.caipNetworkId, namespace: a.namespace, connectorId: a.connectorId } : undefined

const follow = (a: ConnectedAccount | undefined) => {
  const t = target(a)
  return to.self(t ? { type: 'names.setTarget', target: t } : { type: 'names.clear' })
}

/**
 * Where the success view goes, by the view showing when the registration ends. A browser wallet signs over the form:
 * the form is replaced. The embedded wallet's signature is approved in ApproveTransaction, whose success pops its stack
 * entry to Account (spec §4 "Embedded-wallet RPC lifecycle"), before or after the registration ends (the balance refresh
 * and the API call race): the success view goes over Account, and an approval still showing is cleared from the
 * transaction stack first (its late pop then moves nothing: `approvalMoves` only pops an approval on screen).
 */
function successMoves(view: ViewName): FeatureCommand[] {
  if (view === 'RegisterAccountName') return [to.router({ type: 'router.replace', view: 'RegisterAccountNameSuccess' })]
  if (view === 'Account') return [to.router({ type: 'router.push', view: 'RegisterAccountNameSuccess' })]
  if (view === 'ApproveTransaction') {
    return [to.router({ type: 'router.clearTransactions' }), to.router({ type: 'router.reset', view: 'Account' }), to.router({ type: 'router.push', view: 'RegisterAccountNameSuccess' })]
  }
  return []
}

/**
 * The names feature's hooks that arrive with its machine ({@link import('./features.ts').LoadedFeature}):
 * it follows the active account (another account leaves the views for Account), and on success refreshes Account's
 * identity (the new name shows there) and shows RegisterAccountNameSuccess ({@link successMoves}). A cancel in the wallet or
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
    switch (event.type) {
      case 'names.start':
        return startNames()
      case 'names.done':
        return [to.router({ type: 'router.reset', view: 'Account' }), to.self({ type: 'names.reset' })]
      default:
        return facts.account ? [to.self(event, true)] : []
    }
  },
  emitted: (facts, event: NamesEmitted) => {
    switch (event.type) {
      case 'names.registered':
        return [{ to: 'feature', feature: 'account', event: { type: 'account.reload' } }, ...successMoves(facts.view)]
      case 'names.failed':
        return [to.root({ type: 'feature.reportError', error: event.error })]
      default:
        return []
    }
  },
}
