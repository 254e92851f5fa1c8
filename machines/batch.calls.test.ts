import { describe, expect, test } from 'vitest'
import { BaseError } from '../adapters/errors.ts'
import { maxBatchCalls, validateCalls } from './batch.calls.ts'
import { CallsChainNotConfiguredError, InvalidCallsError } from './batch.errors.ts'

const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const context = { configured: ['eip155:31337', 'eip155:1'], connectedChainId: 31337 }

/** The error `validateCalls` throws for `parameters` (the test fails when it does not throw). */
function refusal(parameters: unknown, ctx: Parameters<typeof validateCalls>[1] = context): BaseError {
  try {
    validateCalls(parameters, ctx)
  } catch (error) {
    expect(error).toBeInstanceOf(BaseError)
    return error as BaseError
  }
  expect.unreachable('validateCalls accepted the parameters')
}

describe('validateCalls', () => {
  test('behavior: a valid batch is normalised for wallet_sendCalls v2 (values as hex quantities, data lower-cased)', () => {
    const checked = validateCalls(
      {
        calls: [
          { to: BOB, value: 10n ** 18n },
          { to: BOB, data: '0xA9059CBB' },
          { to: BOB, value: '0x0', data: '0x' },
        ],
      },
      context,
    )
    expect(checked).toEqual({
      calls: [
        { to: BOB, value: '0xde0b6b3a7640000' },
        { to: BOB, data: '0xa9059cbb', value: '0x0' },
        { to: BOB, data: '0x', value: '0x0' },
      ],
      chainId: 31337,
      caipNetworkId: 'eip155:31337',
      atomicRequired: false,
      capabilities: {},
    })
  })

  test('behavior: the chain may be named as a number or a CAIP-2 id; the options are kept', () => {
    const capabilities = { paymasterService: { url: 'https://pm.example' } }
    expect(validateCalls({ calls: [{ to: BOB }], chainId: 'eip155:1', atomicRequired: true, capabilities }, context)).toMatchObject({ chainId: 1, caipNetworkId: 'eip155:1', atomicRequired: true, capabilities })
    expect(validateCalls({ calls: [{ to: BOB }], chainId: 1 }, context).caipNetworkId).toBe('eip155:1')
  })

  test.each([
    ['a missing 0x on the address', { calls: [{ to: BOB.slice(2) }] }, 'calls[0].to: must be 0x and 40 hex digits'],
    ['a short address', { calls: [{ to: '0x1234' }] }, 'calls[0].to: must be 0x and 40 hex digits'],
    ['an address that is not a string', { calls: [{ to: 42 }] }, 'calls[0].to: an address string is required'],
    ['data without 0x', { calls: [{ to: BOB }, { to: BOB, data: 'a9059cbb' }] }, 'calls[1].data: must be 0x and whole bytes of hex'],
    ['data with half a byte', { calls: [{ to: BOB, data: '0xabc' }] }, 'calls[0].data: must be 0x and whole bytes of hex'],
    ['data that is not hex', { calls: [{ to: BOB, data: '0xzz' }] }, 'calls[0].data: must be 0x and whole bytes of hex'],
    ['a negative value', { calls: [{ to: BOB, value: -1n }] }, 'calls[0].value: must not be negative'],
    ['a decimal string value', { calls: [{ to: BOB, value: '100' }] }, 'calls[0].value: must be a hex quantity (0x, no leading zeros)'],
    ['a hex value with a leading zero', { calls: [{ to: BOB, value: '0x01' }] }, 'calls[0].value: must be a hex quantity (0x, no leading zeros)'],
    ['a number value (wei must be exact)', { calls: [{ to: BOB, value: 1 }] }, 'calls[0].value: must be a bigint or a hex quantity'],
    ['an unknown field on a call', { calls: [{ to: BOB, gas: '0x1' }] }, 'calls[0].gas: must be a call: to, and optionally data and value (no other field)'],
    ['no calls', { calls: [] }, 'calls: must hold at least one call'],
    ['a call that is not an object', { calls: ['0xdead'] }, 'calls[0]: must be a call: to, and optionally data and value (no other field)'],
    ['calls that are not a list', { calls: { to: BOB } }, 'calls: must be an array of calls'],
    ['too many calls', { calls: Array.from({ length: maxBatchCalls + 1 }, () => ({ to: BOB })) }, `calls: must hold at most ${maxBatchCalls} calls`],
    ['atomicRequired that is not a boolean', { calls: [{ to: BOB }], atomicRequired: 'yes' }, 'atomicRequired: must be a boolean'],
    ['capabilities that are not an object', { calls: [{ to: BOB }], capabilities: 'paymaster' }, 'capabilities: must be an object of capabilities'],
    ['a chain id that is not EIP-155', { calls: [{ to: BOB }], chainId: 'solana:mainnet' }, 'chainId: must be an EIP-155 chain id or eip155:<id>'],
  ])('behavior: %s is refused with InvalidCallsError naming the field', (_, parameters, message) => {
    const error = refusal(parameters)
    expect(error).toBeInstanceOf(InvalidCallsError)
    expect(error.shortMessage).toBe(message)
  })

  test('behavior: parameters that are not an object are refused', () => {
    expect(refusal(undefined)).toBeInstanceOf(InvalidCallsError)
    expect(refusal('0x').shortMessage).toBe('parameters: must be an object with calls')
  })

  test('behavior: a chain that is not configured is refused with CallsChainNotConfiguredError', () => {
    const error = refusal({ calls: [{ to: BOB }], chainId: 10 })
    expect(error).toBeInstanceOf(CallsChainNotConfiguredError)
    expect(error.message).toMatchInlineSnapshot(`
      "The batch names a network that is not configured
      Docs: https://latchkey.example/errors/CallsChainNotConfiguredError
      Details: Asked for 10; configured: eip155:31337, eip155:1."
    `)
  })

  test('behavior: with no chain asked and no wallet chain known the batch is refused', () => {
    expect(refusal({ calls: [{ to: BOB }] }, { configured: ['eip155:1'] })).toBeInstanceOf(CallsChainNotConfiguredError)
  })

  test('behavior: the refusal says what was received, cut short when long', () => {
    const error = refusal({ calls: [{ to: BOB, data: `0x${'ab'.repeat(100)}z` }] })
    expect(error.details).toMatch(/^Received: "0xabab.*\.\.\."$/)
    expect(error.details.length).toBeLessThan(100)
  })
})
