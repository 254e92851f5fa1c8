import { to, type FeatureCommand, type FeatureFacts, type FeatureRegistration } from './features.ts'
import { defineFeature } from './features.ts'
import type { sendMachine } from './send.ts'

/** The gestures of the send views (`feature.deliver` to `send`) that are not the machine's own events. */
export type SendGesture =
  /** Account's Send button (or a token row): the form, or the preview of a send still waiting. */
  | { type: 'send.start'; tokenKey?: string | undefined }
  /** The form's token button: the picker. */
  | { type: 'send.chooseToken' }
  /** A token picked in the picker: selected, back to the form. */
  | { type: 'send.pickToken'; tokenKey: string }

/** A send waits for the wallet or the chain (the machine's `loading` tag). */
export const sendBusy = (facts: FeatureFacts) => facts.self?.hasTag('loading') ?? false
/** A sent transaction's end is not known (the machine's `unconfirmed` tag): its status view, never a new form. */
export const sendUnconfirmed = (facts: FeatureFacts) => facts.self?.hasTag('unconfirmed') ?? false

/**
 * Account's Send (or a token row): the preview of a send still waiting or sent with its status unknown (spec §4 Send:
 * the visitor is not offered the same transfer again), else the form, the machine fetched if needed.
 */
export function startSend(facts: FeatureFacts, tokenKey: string | undefined): FeatureCommand[] {
  if (sendBusy(facts) || sendUnconfirmed(facts)) return [to.router({ type: 'router.push', view: 'SendPreview' })]
  return [to.router({ type: 'router.push', view: 'Send' }), to.self({ type: 'send.open', ...(tokenKey ? { tokenKey } : {}) }, true)]
}

/**
 * Send (spec §4 Send) as a feature: gated by the `send` flag, holds the views Send, SendSelectToken and SendPreview.
 * The page holds only what starts it (Account's Send, `open({ view: 'Send' })`); the rest arrives with the machine
 * (`send.outcomes.ts`: following the account, the preview, the toasts, the transaction stack, the balances).
 */
export const sendFeature: FeatureRegistration = {
  id: 'send',
  available: (facts) => facts.flags.send,
  busyTag: 'loading',
  on: {
    open: (facts, { view }) => {
      // Asked for Send while a send waits for the wallet or the chain: its preview (as Account → Send does), not a
      // second form; the outcome then returns to Account.
      if (sendBusy(facts) || sendUnconfirmed(facts)) return [to.router({ type: 'router.reset', view: 'Account' }), to.router({ type: 'router.push', view: 'SendPreview' })]
      return view === 'Send' && facts.account ? [to.self({ type: 'send.open' }, true)] : []
    },
    // Until the machine arrives: Send starts it; anything else waits for it (`send.outcomes.ts` answers from then on).
    gesture: (facts, event) => (event.type === 'send.start' ? startSend(facts, typeof event.tokenKey === 'string' ? event.tokenKey : undefined) : [to.self(event, true)]),
  },
}

/** Send (spec §4 Send): the form, the token picker and the preview; Account's Send button. */
export const sendManifest = defineFeature<typeof sendMachine, SendGesture>()({
  id: 'send',
  flag: 'send',
  views: {
    Send: { next: ['SendSelectToken', 'SendPreview'] },
    SendSelectToken: {},
    SendPreview: {},
  },
  holdsViews: true,
  entries: [{ slot: 'account.actions', order: 30, label: 'send', gesture: { event: { type: 'send.start' } }, capability: 'send' }],
  parts: { 'Account: Send button': 'send' },
  register: () => sendFeature,
})
