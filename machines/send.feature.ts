import type { FeatureRegistration } from './features.ts'
import { defineFeature } from './features.ts'
import type { SendInput, sendMachine } from './send.ts'

/** The gestures of the send views (`feature.deliver` to `send`) that only move views: the machine handles them too. */
export type SendGesture =
  /** Account's Send button (or a token row): the form, or the preview of a send still waiting. */
  | { type: 'send.start'; tokenKey?: string | undefined }
  /** The form's token button: the picker. */
  | { type: 'send.chooseToken' }
  /** A token picked in the picker: selected, back to the form. */
  | { type: 'send.pickToken'; tokenKey: string }

/**
 * Send (spec §4 Send) as a feature: gated by the `send` flag, holds the views Send, SendSelectToken and SendPreview.
 * Its machine does the rest in its own chart (`machines/send.ts`): it follows the root's account moments, answers
 * Account's Send, `open({ view: 'Send' })` and Back, and moves the views, the toasts and the transaction stack itself.
 * The machine is fetched with the first gesture; the gestures meanwhile wait for it.
 */
export const sendFeature: FeatureRegistration = {
  id: 'send',
  available: (facts) => facts.flags.send,
  // Spawned with the connected account (later ones arrive as `root.account`).
  input: (facts): SendInput => ({ target: facts.account }),
  opensWith: 'connected',
  busyTag: 'loading',
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
