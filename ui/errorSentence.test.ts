import { describe, expect, test } from 'vitest'
import { JsonRpcError, summarizeError, UserRejectedRequestError } from '../adapters/errors.ts'
import { messageOf } from '../machines/messages.ts'
import { errorSentence, messageText } from './errorSentence.ts'
import { en } from './locales/en.ts'

describe('errorSentence (issue 17 §9: visitors never read internal error names)', () => {
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
    const sentence = errorSentence(en, summarizeError(new Error('execution reverted: 0x08c379a0')))
    expect(sentence).toBe('Something went wrong. Try again.')
    expect(errorSentence(en, { name: 'toString', message: 'x' })).toBe(en.errors.fallback)
    expect(errorSentence(en, { name: '__proto__', message: 'x', code: 99999 })).toBe(en.errors.fallback)
  })
  test('behavior: the send form messages the machine words from the spec strings show as they are', () => {
    expect(errorSentence(en, { name: 'InsufficientFundsError', message: 'Not enough ETH to pay the network fee' })).toBe('Not enough ETH to pay the network fee')
  })
  test('behavior: nothing in, nothing out', () => {
    expect(errorSentence(en, undefined)).toBeUndefined()
  })
  test('behavior: a machine message key takes the catalogue words; a failure is worded from its error', () => {
    expect(messageText(en, messageOf('siwxSignFailed'))).toBe('Error signing message')
    expect(messageText(en, messageOf('sendSent'))).toBe('Transaction sent')
    expect(messageText(en, messageOf('failure', { name: 'RequestTimeoutError', message: 'eth_accounts timed out after 10 s.' }))).toBe(en.errors.byName.RequestTimeoutError)
    expect(messageText(en, messageOf('failure'))).toBe(en.errors.fallback)
  })
})
