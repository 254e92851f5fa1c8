import { to, type ConnectedAccount, type FeatureCommand, type FeatureFacts, type FeatureRegistration } from './features.ts'
import { isMessage, messageOf } from './messages.ts'
import { sendUnconfirmed, startSend } from './send.feature.ts'
import type { SendEmitted, SendTarget } from './send.ts'

/**
 * The toasts of a send (spec §2 "Toasts"): `submitted` (a loading toast, the transaction machine's own: shown with the
 * hash the wallet returned, hidden when the end is unknown) until the outcome replaces it here with `sent` (success) or
 * the error; a send cleared before its outcome hides it. As message keys:
 * their words are the catalogue's (`ui/locales/en.shell.ts` `messages`); a machine does not import ui/.
 */
export const sendToastMessages = { submitted: messageOf('sendSubmitted'), sent: messageOf('sendSent') } as const

const sendTarget = (a: ConnectedAccount): SendTarget => ({ ...a })
const back = (facts: FeatureFacts) => to.router({ type: 'router.back', isConnected: Boolean(facts.account) })
/** On the preview with no stack entry (the modal was closed and reopened meanwhile): the views are moved here. */
const withoutTransaction = (facts: FeatureFacts) => facts.view === 'SendPreview' && facts.transactions.count === 0
const pop = (facts: FeatureFacts, outcome: 'success' | 'error' | 'cancel') => to.router({ type: 'router.popTransaction', outcome, isConnected: Boolean(facts.account) })

/** A send cleared before its outcome never replaces its loading toast: it is hidden if it is the toast shown. */
function hideSubmittedToast(facts: FeatureFacts): FeatureCommand[] {
  const shown = facts.toast
  return shown?.variant === 'loading' && isMessage(shown.message, 'sendSubmitted') ? [{ to: 'toast', event: { type: 'toast.hide' } }] : []
}

/**
 * The send feature's hooks that arrive with its machine ({@link import('./features.ts').LoadedFeature}):
 * it follows the active account (another address or chain resets the form, spec §4), and turns the machine's outcomes
 * into the modal's moves: the preview pushed, the loading toast, the transaction stack popped with the outcome, the
 * balances refreshed (spec §4: after a send the wallet's balance and Account's data are read again).
 */
export const sendOutcomes: NonNullable<FeatureRegistration['on']> = {
  spawned: (facts) => (facts.account ? [to.self({ type: 'send.setTarget', target: sendTarget(facts.account) })] : []),
  account: (facts, change) => {
    const target = facts.account
    const commands: FeatureCommand[] = []
    if (change === 'switched') commands.push(to.self({ type: 'send.clear' }))
    commands.push(to.self(target ? { type: 'send.setTarget', target: sendTarget(target) } : { type: 'send.clear' }))
    if (change === 'changed' || change === 'disconnected') commands.push(...hideSubmittedToast(facts))
    // Another account or chain while the send views show: they leave for Account, the stack with them.
    if (change === 'changed' && facts.holder === 'send') {
      commands.push(to.router({ type: 'router.clearTransactions' }), to.router({ type: 'router.reset', view: 'Account' }))
    }
    return commands
  },
  // Back from a send whose end is not known leaves it (Account, the form cleared), never to the form with its amount.
  back: (facts) => (facts.view === 'SendPreview' ? [to.self({ type: sendUnconfirmed(facts) ? 'send.dismiss' : 'send.edit' })] : []),
  gesture: (facts, event) => {
    switch (event.type) {
      case 'send.start':
        return startSend(facts, typeof event.tokenKey === 'string' ? event.tokenKey : undefined)
      case 'send.chooseToken':
        return [to.router({ type: 'router.push', view: 'SendSelectToken' })]
      case 'send.pickToken':
        return [to.self({ type: 'send.selectToken', tokenKey: event.tokenKey }), back(facts)]
      case 'send.confirm':
        // The transaction enters the stack and the wallet is asked; a full stack refuses it (spec §9).
        if (facts.transactions.count >= facts.transactions.limit) return [to.toast('error', messageOf('transactionStackFull'))]
        return [to.router({ type: 'router.pushTransaction', id: `send-${Date.now().toString(36)}`, onSuccess: 'Account' }), to.self({ type: 'send.confirm' }, true)]
      case 'send.dismiss':
        return [to.self({ type: 'send.dismiss' }), to.router({ type: 'router.reset', view: 'Account' })]
      default:
        return [to.self(event, true)]
    }
  },
  emitted: (facts, event: SendEmitted) => {
    switch (event.type) {
      case 'send.previewing':
        return [to.router({ type: 'router.push', view: 'SendPreview' })]
      case 'send.succeeded':
        return [
          withoutTransaction(facts) ? to.router({ type: 'router.reset', view: 'Account' }) : pop(facts, 'success'),
          to.connection({ type: 'connection.refreshBalance' }),
          { to: 'feature', feature: 'account', event: { type: 'account.reload', ...(event.tokenAddress ? { forceUpdate: event.tokenAddress } : {}) } },
          to.toast('success', sendToastMessages.sent),
        ]
      case 'send.cancelled':
        return [withoutTransaction(facts) ? to.router({ type: 'router.replace', view: 'Send' }) : pop(facts, 'cancel')]
      // Sent, status unknown: its view (the hash, the explorer) with Account behind it, so that Back never shows the
      // form again; the stack's entry is done (a later end after a re-check returns to Account).
      case 'send.unconfirmed':
        return [to.router({ type: 'router.clearTransactions' }), to.router({ type: 'router.reset', view: 'Account' }), to.router({ type: 'router.push', view: 'SendPreview' })]
      case 'send.failed':
        return [
          withoutTransaction(facts) ? to.router({ type: 'router.replace', view: 'Send' }) : pop(facts, 'error'),
          to.toast('error', messageOf('failure', event.error)),
          to.root({ type: 'feature.reportError', error: event.error }),
        ]
      default:
        return []
    }
  },
}
