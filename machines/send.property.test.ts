import fc from 'fast-check'
import { binaryString } from '../tests/harness/arbitraries.ts'
import { checksumAddress, formatUnits } from 'viem'
import { describe, expect, test } from 'vitest'
import type { TokenBalance } from '../services/schemas.ts'
import { parseAmount, parseReceiver, sendMessageRefs, type SendTarget } from './send.ts'

/**
 * Property tests of the Send form's parsers at the boundary (spec §5): the typed amount (parsed with the
 * token's decimals through viem's `parseUnits`, never a float) and the typed receiver (an address of the namespace,
 * optional 0x on eip155, or a CAIP-10 address of the network sent on). Any text gives a value or one of the form's
 * messages, never an exception; valid input round-trips. fast-check prints the counterexample of a failure.
 */
const runs = { numRuns: 1000 }
const token = (decimals: number): TokenBalance => ({ name: 'T', symbol: 'TKN', chainId: 'eip155:1', value: 0, price: 0, quantity: { decimals: String(decimals), numeric: '1' } })
const decimals = fc.integer({ min: 0, max: 36 })
const amountMessages = [sendMessageRefs.invalidAmount, sendMessageRefs.notPositive]
/** Text close to amounts: digits, points, signs, exponents, spaces, other scripts' digits. */
const amountish = fc.string({ unit: fc.constantFrom('0', '1', '9', '.', ',', '-', '+', 'e', 'E', ' ', 'x', '٣', '１', '\u00a0', '_', 'n') })

describe('parseAmount (property)', () => {
  test("property: any text gives an amount or one of the form's messages, never an exception", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), amountish, binaryString()), decimals, (text, d) => {
        const r = parseAmount(text, token(d))
        if (r.ok) expect(r.value > 0n).toBe(true)
        else expect([...amountMessages, sendMessageRefs.tooManyDecimals('TKN', d)]).toContainEqual(r.message)
      }),
      runs,
    )
  })

  test('property: an amount written with at most the token decimals round-trips to its smallest unit exactly', () => {
    fc.assert(
      fc.property(decimals, fc.bigInt({ min: 1n, max: 2n ** 256n - 1n }), fc.boolean(), (d, units, padded) => {
        const text = formatUnits(units, d)
        // A trailing zero is fine while the fraction stays within the decimals.
        const room = text.includes('.') && text.split('.')[1]!.length < d
        const typed = padded && room ? `${text}0` : text
        expect(parseAmount(typed, token(d))).toEqual({ ok: true, value: units })
        expect(parseAmount(` ${text} `, token(d))).toEqual({ ok: true, value: units })
      }),
      runs,
    )
  })

  test('property: one fraction digit more than the token has is refused with its message; zero and negatives too', () => {
    fc.assert(
      fc.property(decimals, fc.nat(), fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 5 }), (d, whole, digit) => {
        const fraction = `${'0'.repeat(d)}${digit}`
        expect(parseAmount(`${whole}.${fraction}`, token(d))).toEqual({ ok: false, message: sendMessageRefs.tooManyDecimals('TKN', d) })
        expect(parseAmount(`-${whole}`, token(d))).toEqual({ ok: false, message: sendMessageRefs.notPositive })
        expect(parseAmount(`0.${'0'.repeat(d)}`.replace(/\.$/, ''), token(d))).toEqual({ ok: false, message: sendMessageRefs.notPositive })
      }),
      runs,
    )
  })

  test('property: exponents, separators, signs and other scripts\u2019 digits are not amounts', () => {
    fc.assert(
      fc.property(fc.nat(), fc.constantFrom('e5', 'E-2', ',5', '_000', '+', 'n', '٣', '１', '0x1'), decimals, (n, junk, d) => {
        expect(parseAmount(`${n}${junk}`, token(d))).toEqual({ ok: false, message: sendMessageRefs.invalidAmount })
      }),
      runs,
    )
  })
})

describe('parseReceiver (property)', () => {
  const evm: SendTarget = { address: checksumAddress(`0x${'1'.repeat(40)}`), caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'c', supported: true, testnet: true }
  const hex40 = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 40, maxLength: 40 })
  const receiverMessages = [sendMessageRefs.invalidReceiver, sendMessageRefs.invalidCaipAddress]

  test("property: any text gives an address or one of the form's receiver messages, never an exception; an address is canonical", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(':', 'e', 'i', 'p', '1', '5', '3', '7', 'x', '0', 'a', 'F', ' ') }), hex40), (receiver) => {
        const r = parseReceiver({ target: evm, receiver })
        if (r.ok) expect(parseReceiver({ target: evm, receiver: r.address })).toEqual(r)
        else if (r.message.key !== 'receiverOnOtherNetwork') expect(receiverMessages).toContainEqual(r.message)
      }),
      runs,
    )
  })

  test('property: an address, bare, 0x-prefixed or CAIP-10 of the network sent on, is the same checksummed address', () => {
    fc.assert(
      fc.property(hex40, fc.constantFrom('bare', '0x', 'caip10', 'caip10-bare'), (digits, form) => {
        const canonical = checksumAddress(`0x${digits}`)
        const typed = { bare: digits, '0x': `0x${digits}`, caip10: `eip155:31337:${canonical}`, 'caip10-bare': `eip155:31337:${digits}` }[form]
        expect(parseReceiver({ target: evm, receiver: typed })).toEqual({ ok: true, address: canonical })
      }),
      runs,
    )
  })

  test('property: a CAIP-10 address of another network is refused and names that network', () => {
    fc.assert(
      fc.property(
        hex40,
        fc.integer({ min: 1, max: 2 ** 31 }).filter((id) => id !== 31337),
        (digits, chainId) => {
          expect(parseReceiver({ target: evm, receiver: `eip155:${chainId}:0x${digits}` })).toEqual({ ok: false, message: sendMessageRefs.receiverOnOtherNetwork(`eip155:${chainId}`) })
        },
      ),
      runs,
    )
  })
})
