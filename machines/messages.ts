import type { ErrorSummary } from '../adapters/errors.ts'

/**
 * The keys of what the machines tell a visitor: a machine names a message, the views take its words from
 * the copy catalogue (`ui/locales/en.ts` `messages`), so another locale needs no machine change. The words of the
 * spec's strings (§8: 'Error signing message', 'A problem occurred while trying initialize authentication') are the
 * catalogue's.
 * - `sendSubmitted` / `sendSent`: a send handed to the chain / confirmed.
 * - `swapSubmitted` / `swapSent`: a swap handed to the chain / confirmed.
 * - `transactionStackFull`: a send refused while too many are pending.
 * - `siwxSignFailed` / `siwxInitFailed`: sign-in failures (spec §8).
 * - `featureLoadFailed`: a feature's code could not be fetched.
 * - `invalidAppConfiguration`: analytics answered 403 (spec §8 'Invalid App Configuration').
 * - `actionNotAllowed`: the embedded wallet refused a request its frame does not allow (spec §4, §8 'Action not allowed').
 * - `accountTypeSmartAccount` / `accountTypeEoa`: the embedded wallet switched to its smart account / its EOA.
 * - `emailUpdated`: the embedded wallet's email changed; `values.email` is the new email.
 * - `batchSubmitted`: batched calls handed to the wallet, waiting for their end; `batchProgress`: the one-by-one
 *   fallback's call `values.index` of `values.total` (1-based) waiting; `batchConfirmed`, `batchFailed` (off-chain),
 *   `batchReverted`, `batchPartial`, `batchAtomicUnsupported`, `batchUnknown`, `batchRejected` (the visitor declined
 *   in the wallet): a batch's ends (EIP-5792).
 * - `failure`: a failure, worded from its `error` (its name or EIP-1193 code: `ui/errorSentence.ts`).
 */
export type MessageKey =
  | 'sendSubmitted'
  | 'sendSent'
  | 'swapSubmitted'
  | 'swapSent'
  | 'transactionStackFull'
  | 'siwxSignFailed'
  | 'siwxInitFailed'
  | 'featureLoadFailed'
  | 'invalidAppConfiguration'
  | 'actionNotAllowed'
  | 'accountTypeSmartAccount'
  | 'accountTypeEoa'
  | 'emailUpdated'
  | 'batchSubmitted'
  | 'batchProgress'
  | 'batchConfirmed'
  | 'batchFailed'
  | 'batchReverted'
  | 'batchPartial'
  | 'batchAtomicUnsupported'
  | 'batchUnknown'
  | 'batchRejected'
  | 'failure'

/** A message a machine carries: its key, for `failure` the error it is about, and the values its words name. */
export type MessageRef = { key: MessageKey; error?: ErrorSummary; values?: { email?: string; index?: number; total?: number } }

/**
 * What a toast says: a machine's {@link MessageRef}, or a dapp's own words (`app.notify`, the `notify` API), shown as
 * given.
 */
export type ToastText = string | MessageRef

/**
 * A message reference.
 * @example messageOf('failure', { name: 'UserRejectedRequestError', message: 'User rejected', code: 4001 })
 */
export function messageOf(key: MessageKey, error?: ErrorSummary): MessageRef {
  return error ? { key, error } : { key }
}

/**
 * A message reference with the values its words name.
 * @example messageWith('emailUpdated', { email: 'grace@example.com' })
 */
export function messageWith(key: MessageKey, values: NonNullable<MessageRef['values']>): MessageRef {
  return { key, values }
}

/** Whether a toast shows the message `key` (a send's loading toast is hidden by its key, never by its words). */
export function isMessage(text: ToastText | undefined, key: MessageKey): boolean {
  return typeof text === 'object' && text !== null && text.key === key
}
