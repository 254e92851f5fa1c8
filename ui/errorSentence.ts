import type { MessageRef } from '../machines/messages.ts'
import type { SendMessage } from '../machines/send.messages.ts'
import type { ShellCopy } from './locales/en.shell.ts'

/** What the machines keep of a failure (`adapters/errors.ts` `ErrorSummary`): its name, its own message, an EIP-1193 code. */
export type ErrorLike = { name: string; message?: string; code?: number }

/**
 * Names of failures whose `message` is already a plain sentence: a send the public API refuses (`SendValidationError`,
 * worded from the catalogue's `sendMessages`), and the Solana runtime's refusals, which the adapter words plainly
 * ('Transaction results in an account (1) with insufficient funds for rent': `plainTransactionMessage`). Shown as they are.
 */
const plainMessageNames = new Set(['SendValidationError', 'SolanaTransactionError'])

/**
 * The sentence a visitor reads for a failure: the catalogue's words for the error's name, else for its
 * EIP-1193 / JSON-RPC code, else the catalogue's fallback ('Something went wrong. Try again.'). A failure's own message
 * (an adapter's 'Connector not found', a node's 'execution reverted') is for developers — it stays in the machine's
 * context, the events and the console — and is never returned, except for the failures the machines word themselves
 * from the spec's strings. `undefined` in, `undefined` out.
 *
 * @example errorSentence(en, { name: 'ConnectorNotFoundError', message: 'Connector not found' })
 * // 'This wallet is no longer available. Reload the page or choose another wallet.'
 */
export function errorSentence(copy: Pick<ShellCopy, 'errors' | 'messages'>, error: ErrorLike | undefined): string | undefined {
  if (!error) return undefined
  if (plainMessageNames.has(error.name) && error.message) return error.message
  const byName = Object.hasOwn(copy.errors.byName, error.name) ? copy.errors.byName[error.name] : undefined
  if (byName) return byName
  const byCode = error.code !== undefined && Object.hasOwn(copy.errors.byCode, error.code) ? copy.errors.byCode[error.code] : undefined
  return byCode ?? copy.errors.fallback
}

/**
 * The words of a machine's message: the catalogue's `messages` entry for its key, its values put in their
 * places (`emailUpdated`'s email); a `failure` is worded from its error by {@link errorSentence}.
 * @example messageText(en, { key: 'sendSent' }) // 'Transaction sent'
 */
export function messageText(copy: Pick<ShellCopy, 'errors' | 'messages'>, message: MessageRef): string {
  if (message.key === 'failure') return errorSentence(copy, message.error) ?? copy.errors.fallback
  if (message.key === 'batchProgress') return copy.messages.batchProgress(message.values?.index ?? 0, message.values?.total ?? 0)
  const words = copy.messages[message.key]
  return typeof words === 'function' ? words(message.values?.email ?? '') : words
}

/**
 * The words of a send form message: the catalogue's `sendMessages` entry for its key, its values (symbol,
 * decimals, network id) put in their places.
 * @example sendMessageText(en, { key: 'tooManyDecimals', values: { symbol: 'USDC', decimals: 6 } }) // 'Too many decimals: USDC allows 6'
 */
export function sendMessageText(copy: Pick<ShellCopy, 'sendMessages'>, message: SendMessage): string {
  const words = copy.sendMessages
  const { symbol = '', decimals = 0, caipNetworkId = '' } = message.values ?? {}
  switch (message.key) {
    case 'tooManyDecimals':
      return words.tooManyDecimals(symbol, decimals)
    case 'insufficient':
      return words.insufficient(symbol)
    case 'insufficientForFee':
      return words.insufficientForFee(symbol)
    case 'receiverOnOtherNetwork':
      return words.receiverOnOtherNetwork(caipNetworkId)
    default:
      return words[message.key]
  }
}
