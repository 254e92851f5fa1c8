import fc from 'fast-check'
import { checksumAddress } from 'viem'
import { describe, expect, test } from 'vitest'
import { InvalidAddressError, isValidAddress, normalizeAddress, parseAddress } from './address.ts'

/**
 * Property tests of the address parser of the three namespaces (spec §5): eip155 40 hex digits
 * with an optional 0x (a mixed-case one with a valid EIP-55 checksum), solana 32–44 base58 characters, bip122 base58
 * or bech32 shapes. Any value parses or is refused with `InvalidAddressError`; valid addresses round-trip to one
 * canonical form; adversarial edits are refused. fast-check prints the counterexample of a failure.
 */
const runs = { numRuns: 1000 }
const hex = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: n, maxLength: n })
const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

function attempt(namespace: string, value: unknown): { ok: true; address: string } | { ok: false; error: unknown } {
  try {
    return { ok: true, address: parseAddress(namespace, value) }
  } catch (error) {
    return { ok: false, error }
  }
}

describe('parseAddress (property)', () => {
  test('property: any value of any namespace is parsed or refused with InvalidAddressError; isValidAddress agrees and never throws', () => {
    fc.assert(
      fc.property(fc.constantFrom('eip155', 'solana', 'bip122', 'polkadot', 'unknown'), fc.oneof(fc.string(), hex(40), fc.anything()), (namespace, value) => {
        const r = attempt(namespace, value)
        if (!r.ok) expect(r.error).toBeInstanceOf(InvalidAddressError)
        if (typeof value === 'string') expect(isValidAddress(namespace, value)).toBe(r.ok)
        // The canonical form is a fixed point.
        if (r.ok) expect(parseAddress(namespace, r.address)).toBe(r.address)
      }),
      runs,
    )
  })

  test('property: an EVM address, with or without 0x, in lower, upper or checksummed case, is the checksummed 0x address', () => {
    fc.assert(
      fc.property(hex(40), fc.constantFrom('lower', 'upper', 'checksum'), fc.boolean(), (digits, casing, prefixed) => {
        const canonical = checksumAddress(`0x${digits}`)
        const body = casing === 'lower' ? digits : casing === 'upper' ? digits.toUpperCase() : canonical.slice(2)
        const typed = prefixed ? `0x${body}` : body
        expect(parseAddress('eip155', typed)).toBe(canonical)
        expect(normalizeAddress('eip155', typed)).toBe(canonical)
      }),
      runs,
    )
  })

  test('property: a checksummed EVM address with one letter of the wrong case is refused, with or without 0x', () => {
    fc.assert(
      fc.property(
        hex(40).filter((d) => /[a-f]/.test(d)),
        fc.nat(),
        fc.boolean(),
        (digits, pick, prefixed) => {
          const canonical = checksumAddress(`0x${digits}`).slice(2)
          const letters = [...canonical].flatMap((c, i) => (/[a-fA-F]/.test(c) ? [i] : []))
          const i = letters[pick % letters.length]!
          const c = canonical[i]!
          const flipped = `${canonical.slice(0, i)}${c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()}${canonical.slice(i + 1)}`
          // Flipping the only letter that differed from the rest makes it all one case: no checksum, and valid.
          fc.pre(flipped !== flipped.toLowerCase() && flipped !== flipped.toUpperCase())
          const r = attempt('eip155', prefixed ? `0x${flipped}` : flipped)
          expect(r.ok).toBe(false)
          expect(r.ok ? '' : (r.error as InvalidAddressError).details).toContain('checksum')
        },
      ),
      runs,
    )
  })

  test('property: other lengths, other prefixes and non-hex characters are not EVM addresses', () => {
    fc.assert(
      fc.property(
        hex(40),
        fc.integer({ min: 0, max: 80 }).filter((n) => n !== 40),
        fc.constantFrom('0X', '0x0x', 'x', ' 0x', '0x ', '00', '\u00a00x'),
        fc.constantFrom('g', 'z', ' ', '\n', 'é', '٠'),
        fc.nat(),
        (digits, length, prefix, bad, at) => {
          const other = digits.repeat(3).slice(0, length)
          expect(attempt('eip155', other).ok).toBe(false)
          expect(attempt('eip155', `0x${other}`).ok).toBe(false)
          expect(attempt('eip155', `${prefix}${digits}`).ok).toBe(false)
          const i = at % 40
          expect(attempt('eip155', `0x${digits.slice(0, i)}${bad}${digits.slice(i + 1)}`).ok).toBe(false)
        },
      ),
      runs,
    )
  })

  test('property: Solana addresses are 32 to 44 base58 characters, kept as typed; anything with 0, O, I, l or another length is refused', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...base58Alphabet), minLength: 32, maxLength: 44 }), fc.constantFrom('0', 'O', 'I', 'l', ' ', '+', '/'), fc.nat(), (address, bad, at) => {
        expect(parseAddress('solana', address)).toBe(address)
        const i = at % address.length
        expect(attempt('solana', `${address.slice(0, i)}${bad}${address.slice(i + 1)}`).ok).toBe(false)
        expect(attempt('solana', address.slice(0, 31)).ok).toBe(false)
        expect(attempt('solana', `${address}${'1'.repeat(45 - address.length)}`).ok).toBe(false)
      }),
      runs,
    )
  })

  test('property: Bitcoin bech32 and base58 shapes are kept as typed; an uppercase-mixed or foreign character is refused', () => {
    const bech32 = fc.tuple(fc.constantFrom('bc', 'tb', 'bcrt'), fc.string({ unit: fc.constantFrom(...'023456789acdefghjklmnpqrstuvwxyz'), minLength: 8, maxLength: 87 })).map(([hrp, data]) => `${hrp}1${data}`)
    const base58 = fc.tuple(fc.constantFrom('1', '3', 'm', 'n', '2'), fc.string({ unit: fc.constantFrom(...base58Alphabet), minLength: 25, maxLength: 34 })).map(([p, rest]) => `${p}${rest}`)
    fc.assert(
      fc.property(fc.oneof(bech32, base58), fc.constantFrom('b', 'i', 'o', ' ', '0O'), (address, bad) => {
        expect(parseAddress('bip122', address)).toBe(address)
        if (address.includes('1') && /^(bc|tb|bcrt)1/.test(address)) expect(attempt('bip122', `${address}${bad}`).ok).toBe(false)
        expect(attempt('bip122', ` ${address}`).ok).toBe(false)
      }),
      runs,
    )
  })
})
