import { defineFeature } from './features.ts'

/** Receive: the address as text and QR code, and the networks it works on (spec §2); Account's Receive button. */
export const receiveManifest = defineFeature()({
  id: 'receive',
  flag: 'receive',
  views: { Receive: {} },
  entries: [{ slot: 'account.actions', order: 20, label: 'receive', gesture: { view: 'Receive' } }],
  parts: { 'Account: Receive button': 'receive' },
})
