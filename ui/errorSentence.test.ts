import { describe, expect, test } from 'vitest'
import { JsonRpcError, summarizeError, UserRejectedRequestError } from '../adapters/errors.ts'
import { messageOf, messageWith } from '../machines/messages.ts'
import { errorSentence, messageText, sendMessageText } from './errorSentence.ts'
import { sendMessageRefs } from '../machines/send.messages.ts'
import de from './locales/de.ts'
import { en } from './locales/en.ts'
import { ForeignError } from '../tests/harness/failures.ts'

describe('errorSentence (visitors never read internal error names)', () => {
  test('behavior: an adapter error is worded by its name, never by its own message', () => {
    const sentence = errorSentence(en, { name: 'ConnectorNotFoundError', message: 'Connector not found' })
    expect(sentence).toBe(en.errors.byName.ConnectorNotFoundError)
    expect(sentence).not.toContain('Connector not found')
  })
  test('behavior: a wallet answer is worded by its EIP-1193 / JSON-RPC code', () => {
    expect(errorSentence(en, summarizeError(new JsonRpcError(-32603, 'Internal error')))).toBe(en.errors.byCode[-32603])
    expect(errorSentence(en, summarizeError({ code: -32002, message: "Request of type 'wallet_requestPermissions' already pending" }))).toBe(en.errors.byCode[-32002])
    expect(errorSentence(en, summarizeError(new UserRejectedRequestError()))).toBe('You declined the request in your wallet.')
  })
  test('behavior: anything else gets the fallback sentence; a node message never shows', () => {
    const sentence = errorSentence(en, summarizeError(new ForeignError('execution reverted: 0x08c379a0')))
    expect(sentence).toBe('Something went wrong. Try again.')
    expect(errorSentence(en, { name: 'toString', message: 'x' })).toBe(en.errors.fallback)
    expect(errorSentence(en, { name: '__proto__', message: 'x', code: 99999 })).toBe(en.errors.fallback)
  })
  test("behavior: a send message key takes the catalogue's words, its values in their places (the spec strings word for word)", () => {
    expect(sendMessageText(en, sendMessageRefs.required)).toBe('An amount and receiver address are required')
    expect(sendMessageText(en, sendMessageRefs.unsupportedChain)).toBe('Unsupported chain')
    expect(sendMessageText(en, sendMessageRefs.tooManyDecimals('USDC', 6))).toBe('Too many decimals: USDC allows 6')
    expect(sendMessageText(en, sendMessageRefs.insufficient('DEV'))).toBe('Insufficient DEV balance')
    expect(sendMessageText(en, sendMessageRefs.insufficientForFee('ETH'))).toBe('Not enough ETH to pay the network fee')
    expect(sendMessageText(en, sendMessageRefs.receiverOnOtherNetwork('eip155:1'))).toBe('This address is on another network (eip155:1)')
  })

  test("behavior: a machine's own words for a failure never reach the page: an insufficient-funds failure is worded by the catalogue", () => {
    expect(errorSentence(en, { name: 'InsufficientFundsError', message: 'Insufficient ETH for amount + network fee' })).toBe(en.errors.byName.InsufficientFundsError)
  })
  test('behavior: nothing in, nothing out', () => {
    expect(errorSentence(en, undefined)).toBeUndefined()
  })
  test('behavior: a machine message key takes the catalogue words; a failure is worded from its error', () => {
    expect(messageText(en, messageOf('siwxSignFailed'))).toBe('Error signing message')
    expect(messageText(en, messageOf('sendSent'))).toBe('Transaction sent')
    expect(messageText(en, messageWith('batchProgress', { index: 2, total: 3 }))).toBe('Call 2 of 3…')
    expect(messageText(en, messageOf('batchAtomicUnsupported'))).toBe('This wallet cannot run these calls together')
    expect(messageText(en, messageOf('failure', { name: 'RequestTimeoutError', message: 'eth_accounts timed out after 10 s.' }))).toBe(en.errors.byName.RequestTimeoutError)
    expect(messageText(en, messageOf('failure'))).toBe(en.errors.fallback)
    // A message with values: the email update's toast names the new email.
    expect(messageText(en, messageWith('emailUpdated', { email: 'grace@example.com' }))).toBe('Your email is now grace@example.com')
  })
  test("behavior: the embedded wallet's refusal and the refused project are worded in the visitor's language, not in English", () => {
    expect(messageText(en, messageOf('actionNotAllowed'))).toBe('Action not allowed')
    expect(messageText(de, messageOf('actionNotAllowed'))).toBe('Aktion nicht erlaubt')
    expect(messageText(de, messageOf('invalidAppConfiguration'))).toBe('Ungültige App-Konfiguration')
  })
})
