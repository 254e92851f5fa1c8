import { to, type ConnectedAccount, type FeatureCommand, type FeatureFacts, type FeatureRegistration } from './features.ts'
import { isMessage, messageOf } from './messages.ts'
import { startSwap, swapUnconfirmed } from './swap.feature.ts'
import type { SwapEmitted, SwapTarget } from './swap.ts'

/**
 * The toasts of a swap, as message keys (their words are the catalogue's: `ui/locales/en.shell.ts` `messages`). The
 * loading toast (`submitted`) is the transaction machine's own (shown with the hash, hidden when the end is unknown);
 * the outcome's toast replaces it here.
 */
export const swapToastMessages = { submitted: messageOf('swapSubmitted'), sent: messageOf('swapSent') } as const

const swapTarget = (a: ConnectedAccount): SwapTarget => ({ address: a.address, caipNetworkId: a.caipNetworkId, namespace: a.namespace, connectorId: a.connectorId })
const back = (facts: FeatureFacts) => to.router({ type: 'router.back', isConnected: Boolean(facts.account) })
const withoutTransaction = (facts: FeatureFacts) => facts.view === 'SwapPreview' && facts.transactions.count === 0
const pop = (facts: FeatureFacts, outcome: 'success' | 'error' | 'cancel') => to.router({ type: 'router.popTransaction', outcome, isConnected: Boolean(facts.account) })

function hideSubmittedToast(facts: FeatureFacts): FeatureCommand[] {
  const shown = facts.toast
  return shown?.variant === 'loading' && isMessage(shown.message, 'swapSubmitted') ? [{ to: 'toast', event: { type: 'toast.hide' } }] : []
}

/**
 * The swap feature's hooks that arrive with its machine ({@link import('./features.ts').LoadedFeature}): it follows the
 * active account (another address or chain resets the form), and turns the machine's outcomes into the modal's moves:
 * the review pushed, the approval and the swap on the transaction stack, success back to Account with the balances
 * and Activity read again, a rejection or failure back to the form, an unknown end to its status view with Account
 * behind it.
 */
export const swapOutcomes: NonNullable<FeatureRegistration['on']> = {
  spawned: (facts) => (facts.account ? [to.self({ type: 'swap.setTarget', target: swapTarget(facts.account) })] : []),
  account: (facts, change) => {
    const target = facts.account
    const commands: FeatureCommand[] = []
    if (change === 'switched') commands.push(to.self({ type: 'swap.clear' }))
    commands.push(to.self(target ? { type: 'swap.setTarget', target: swapTarget(target) } : { type: 'swap.clear' }))
    if (change === 'changed' || change === 'disconnected') commands.push(...hideSubmittedToast(facts))
    if (change === 'changed' && facts.holder === 'swap') {
      commands.push(to.router({ type: 'router.clearTransactions' }), to.router({ type: 'router.reset', view: 'Account' }))
    }
    return commands
  },
  // Back from a swap whose end is not known leaves it (Account, the form cleared), never to the form with its amount.
  back: (facts) => (facts.view === 'SwapPreview' ? [to.self({ type: swapUnconfirmed(facts) ? 'swap.dismiss' : 'swap.edit' })] : []),
  gesture: (facts, event) => {
    switch (event.type) {
      case 'swap.start':
        return startSwap(facts)
      case 'swap.chooseToken':
        return [to.router({ type: 'router.push', view: 'SwapSelectToken', data: { side: event.side } })]
      case 'swap.pickToken': {
        return [to.self({ type: 'swap.selectToken', side: event.side, address: event.address }), back(facts)]
      }
      case 'swap.confirm':
        // The approval and the swap enter the stack as one transaction; a full stack refuses it (spec §9).
        if (facts.transactions.count >= facts.transactions.limit) return [to.toast('error', messageOf('transactionStackFull'))]
        return [to.router({ type: 'router.pushTransaction', id: `swap-${facts.transactions.count}`, onSuccess: 'Account' }), to.self({ type: 'swap.confirm' }, true)]
      case 'swap.dismiss':
        return [to.self({ type: 'swap.dismiss' }), to.router({ type: 'router.reset', view: 'Account' })]
      default:
        return [to.self(event, true)]
    }
  },
  emitted: (facts, event: SwapEmitted) => {
    switch (event.type) {
      case 'swap.reviewing':
        return [to.router({ type: 'router.push', view: 'SwapPreview' })]
      case 'swap.repriced':
        // The review shows again with the new quote; its next confirm opens the transaction again.
        return [to.router({ type: 'router.dropTransaction' })]
      // Sent, status unknown: its view (the hash, the explorer) with Account behind it, so that Back never shows the
      // form again; the stack's entry is done (a later end after a re-check returns to Account).
      case 'swap.unconfirmed':
        return [to.router({ type: 'router.clearTransactions' }), to.router({ type: 'router.reset', view: 'Account' }), to.router({ type: 'router.push', view: 'SwapPreview' })]
      case 'swap.succeeded':
        return [
          withoutTransaction(facts) ? to.router({ type: 'router.reset', view: 'Account' }) : pop(facts, 'success'),
          to.connection({ type: 'connection.refreshBalance' }),
          { to: 'feature', feature: 'account', event: { type: 'account.reload' } },
          to.toast('success', swapToastMessages.sent),
        ]
      case 'swap.cancelled':
        return [withoutTransaction(facts) ? to.router({ type: 'router.replace', view: 'Swap' }) : pop(facts, 'cancel')]
      case 'swap.failed':
        return [
          withoutTransaction(facts) ? to.router({ type: 'router.replace', view: 'Swap' }) : pop(facts, 'error'),
          to.toast('error', messageOf('failure', event.error)),
          to.root({ type: 'feature.reportError', error: event.error }),
        ]
      default:
        return []
    }
  },
}
