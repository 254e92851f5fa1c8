import { to, type CommandEvent, type FeatureCommand, type FeatureFacts, type FeatureRegistration } from './features.ts'
import type { EmailLoginEmitted } from './emailLogin.ts'
import { defineFeature } from './features.ts'
import type { emailLoginMachine } from './emailLogin.ts'

/** The auth connector's id: the embedded wallet as the eip155 connection. */
export const authConnectorId = 'auth'

/**
 * What the embedded wallet reports about an unsafe request's approval (`createModal` relays them to this registration):
 * the first request waiting, and the outcome of the last one. `modalWasOpen`: the modal was open when it began.
 */
export type EmbeddedApprovalEvent = { type: 'embedded.approvalRequested'; id: string; modalWasOpen: boolean } | { type: 'embedded.approvalEnded'; outcome: 'success' | 'error'; modalWasOpen: boolean }

/**
 * The embedded-wallet RPC lifecycle's moves (spec §4): an unsafe request puts ApproveTransaction on the transaction
 * stack (pushed over the open modal's view, or the modal opened on it); its success (after the balance refresh) pops
 * with 'success' (Account) and its failure with 'error' (back), or the modal it opened closes. An outcome when
 * ApproveTransaction no longer shows (the visitor closed the modal or went back: the request was rejected) moves nothing.
 */
export function approvalMoves(facts: FeatureFacts, e: CommandEvent): FeatureCommand[] {
  if (e.type === 'embedded.approvalRequested') {
    const push = to.router({ type: 'router.pushTransaction', id: `approve-${String(e.id)}`, onSuccess: 'Account' })
    if (e.modalWasOpen) return [to.router({ type: 'router.push', view: 'ApproveTransaction' }), push]
    return [to.router({ type: 'router.reset', view: 'ApproveTransaction' }), push, to.modal({ type: 'modal.open' })]
  }
  if (e.type === 'embedded.approvalEnded') {
    if (facts.view !== 'ApproveTransaction') return []
    if (!e.modalWasOpen) return [to.router({ type: 'router.clearTransactions' }), to.modal({ type: 'modal.close' })]
    return [to.router({ type: 'router.popTransaction', outcome: e.outcome, isConnected: Boolean(facts.account) })]
  }
  return []
}

/**
 * Email login (spec §2 EmailLogin, §4 "Email connection") as a feature: exists with the `email` flag
 * (local option, remote config, off in basic mode) when the dapp configured `embeddedWallet`. Its machine arrives with
 * the visitor's first keystroke in Connect's email field (nothing before). When the frame has a session for the
 * email, the auth connector becomes the eip155 connection (`connection.request auth`: the embedded wallet's
 * `eth_requestAccounts`), which closes the modal like any connection.
 *
 * @param options.enabled whether `embeddedWallet` is configured.
 */
export function emailLoginFeature(options: { enabled: boolean }): FeatureRegistration {
  return {
    id: 'emailLogin',
    available: (facts) => options.enabled && facts.flags.email,
    on: {
      emitted: (facts, event: EmailLoginEmitted | EmbeddedApprovalEvent) => {
        if (event.type === 'emailLogin.connected') return [to.connection({ type: 'connection.request', connectorId: authConnectorId })]
        return approvalMoves(facts, event)
      },
      // A new visit starts from the email field, the typed email kept.
      account: (_facts, change) => (change === 'connected' || change === 'disconnected' ? [to.self({ type: 'emailLogin.reset' })] : []),
    },
  }
}

/**
 * Email login (spec §4 "Email login"): the email field of Connect, with the embedded wallet configured; the secure
 * site's approval of an unsafe request shows as ApproveTransaction (spec §4 "Embedded-wallet RPC lifecycle").
 */
export const emailLoginManifest = defineFeature<typeof emailLoginMachine>()({
  id: 'emailLogin',
  flag: 'email',
  views: { ApproveTransaction: {} },
  loadsWith: ['embeddedWallet'],
  // Account: the email row of an email user, shown even once the remote config turns the email login off.
  entries: [{ slot: 'account.identity', order: 40, component: 'emailLogin', export: 'EmailRow', flag: null }],
  register: (settings: { embeddedWallet?: boolean | undefined }) => emailLoginFeature({ enabled: settings.embeddedWallet === true }),
})
