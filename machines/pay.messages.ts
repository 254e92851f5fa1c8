/*
 * The words a payment ends with (spec §1 Pay): what `modal.pay` resolves with and what the Pay view's end says. A file of
 * its own so that the core (which resolves a destroyed modal's payment `cancelled`) carries no more of pay than these.
 */

/** The reasons a payment ends with, word for word (what `modal.pay` resolves with and the end view says). */
export const payReasons = {
  cancelled: 'The payment was cancelled.',
  noWallet: 'Connect a wallet on an EVM network to pay.',
  busy: 'Another payment is already in progress.',
  balanceUnreadable: "The wallet's balance could not be read. Try again, or pay another way.",
  walletLost: 'The wallet disconnected before the payment was sent.',
  reverted: 'The transfer failed on chain (it was reverted): nothing was paid.',
  replaced: 'The wallet replaced the transfer with another transaction: nothing was paid.',
  unknown: 'The transfer was sent, but the network did not confirm it in time.',
  walletFailed: 'The wallet could not send the payment.',
  exchangeUnavailable: 'The exchange could not start the payment. Nothing was paid.',
  exchangeFailed: 'The exchange did not complete the payment.',
  exchangeExpired: 'The exchange did not receive the payment before its deadline. Nothing was paid.',
  resumeLost: 'The payment under way before the page reloaded could not be picked up again. Check your wallet or the exchange before paying again.',
  exchangeMismatch: 'The exchange reported a transfer that does not match this payment (another amount or recipient): it is not counted as paid.',
} as const
