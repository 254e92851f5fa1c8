import type { Widen } from '../../../../ui/i18n/keys.ts'

/**
 * The frame page's English words (the approval card of spec §4 "Embedded-wallet RPC lifecycle"). Each other locale of
 * the modal has a file beside this one with the same keys (`FrameWords`); the secure site bundles the frame's script
 * with the one locale the frame URL names (`frameLocale`, `words/index.ts`), so the page loads only that locale's words.
 */
const en = {
  badge: 'Embedded wallet · secure site',
  signMessage: 'Sign message',
  signTypedData: 'Sign typed data',
  grantPermissions: 'Grant permissions',
  sendTransaction: 'Send transaction',
  signTransaction: 'Sign transaction',
  signTransactions: (count: number) => `Sign ${count} transactions`,
  requestedBy: 'Requested by',
  network: 'Network',
  until: 'Until',
  to: 'To',
  value: 'Value',
  amount: 'Amount',
  feePayer: 'Fee payer',
  newContract: 'New contract',
  data: (data: string) => `Data: ${data}`,
  unreadable: 'Not a readable transaction',
  transfer: (amount: string, to: string) => `Transfer ${amount} to ${to}`,
  program: (program: string, bytes: number) => `Program ${program} (${bytes} bytes of data)`,
  sendCalls: (count: number) => (count === 1 ? 'Send 1 call together' : `Send ${count} calls together`),
  call: (index: number) => `Call ${index}`,
  callData: (index: number, data: string) => `Call ${index} data: ${data}`,
  message: 'Message',
  details: 'Details',
  reject: 'Reject',
  approve: 'Approve',
} as const

/** A locale's frame words: English's keys, each a string or a function of the same values. */
export type FrameWords = Widen<typeof en>

export default en as FrameWords
