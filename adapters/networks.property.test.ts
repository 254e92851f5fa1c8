import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { chainNamespaces, InvalidCaipAddressError, InvalidCaipNetworkIdError, parseCaipAddress, parseCaipNetworkId } from './networks.ts'

/**
 * Property tests of the CAIP-2 and CAIP-10 parsers (spec §5 'Invalid CAIP-2 network id', 'Invalid CAIP-10 address';
 * ): any value parses or is refused with the typed error, valid ids round-trip, and an id with an empty part,
 * one part too many or too few, an unknown namespace or a character outside the CAIP alphabets is refused.
 * fast-check prints the counterexample of a failure.
 */
const runs = { numRuns: 1000 }

const namespace = fc.constantFrom(...chainNamespaces)
const reference = fc.string({ unit: fc.constantFrom(...'-_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), minLength: 1, maxLength: 32 })
const accountAddress = fc.string({ unit: fc.constantFrom(...'-.%abcdefxyzABCDEFXYZ0123456789'), minLength: 1, maxLength: 128 })
/** Text made of what CAIP ids are made of, and what they must not hold. */
const caipish = fc.string({ unit: fc.constantFrom(':', 'e', 'i', 'p', '1', '5', '0', 'x', 'a', ' ', '\n', '/', '-', '_', '.', '%', 'é') })

function outcome(parse: (v: unknown) => unknown, value: unknown): { ok: true; value: unknown } | { ok: false; error: unknown } {
  try {
    return { ok: true, value: parse(value) }
  } catch (error) {
    return { ok: false, error }
  }
}

describe('parseCaipNetworkId (property)', () => {
  test('property: any value is parsed or refused with InvalidCaipNetworkIdError; what parses is namespace:reference of the CAIP alphabet', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), caipish, fc.anything()), (value) => {
        const r = outcome(parseCaipNetworkId, value)
        if (!r.ok) {
          expect(r.error).toBeInstanceOf(InvalidCaipNetworkIdError)
          expect((r.error as Error & { shortMessage: string }).shortMessage).toBe('Invalid CAIP-2 network id')
          return
        }
        const { chainNamespace, chainId } = r.value as ReturnType<typeof parseCaipNetworkId>
        expect(`${chainNamespace}:${chainId}`).toBe(value)
        expect(chainNamespaces).toContain(chainNamespace)
        expect(chainId).toMatch(/^[-_a-zA-Z0-9]{1,32}$/)
      }),
      runs,
    )
  })

  test('property: a valid id round-trips', () => {
    fc.assert(
      fc.property(namespace, reference, (ns, ref) => {
        expect(parseCaipNetworkId(`${ns}:${ref}`)).toEqual({ chainNamespace: ns, chainId: ref })
      }),
      runs,
    )
  })

  test('property: an empty part, an extra part, an unknown namespace or a foreign character is refused', () => {
    fc.assert(
      fc.property(
        namespace,
        reference,
        fc.string({ minLength: 1 }).filter((s) => !(chainNamespaces as readonly string[]).includes(s)),
        fc.constantFrom(' ', '\n', '\t', '\u0000', '/', '@', 'é', '\u2028'),
        fc.nat(),
        (ns, ref, unknown, bad, at) => {
          for (const value of [
            `${ns}:`,
            `:${ref}`,
            ':',
            `${ns}:${ref}:`,
            `${ns}:${ref}:x`,
            `${ns}::${ref}`,
            ns,
            `${unknown}:${ref}`,
            `${ns}:${ref.slice(0, at % (ref.length + 1))}${bad}${ref.slice(at % (ref.length + 1))}`,
            `${ns}:${ref}${'x'.repeat(33 - ref.length)}`,
          ]) {
            expect(() => parseCaipNetworkId(value), JSON.stringify(value)).toThrow(InvalidCaipNetworkIdError)
          }
        },
      ),
      runs,
    )
  })
})

describe('parseCaipAddress (property)', () => {
  test("property: any value is parsed or refused with InvalidCaipAddressError ('Invalid CAIP-10 address'); what parses round-trips", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), caipish, fc.anything()), (value) => {
        const r = outcome(parseCaipAddress, value)
        if (!r.ok) {
          expect(r.error).toBeInstanceOf(InvalidCaipAddressError)
          expect((r.error as Error & { shortMessage: string }).shortMessage).toBe('Invalid CAIP-10 address')
          return
        }
        const { chainNamespace, chainId, address } = r.value as ReturnType<typeof parseCaipAddress>
        expect(`${chainNamespace}:${chainId}:${address}`).toBe(value)
        // Its network is a CAIP-2 id.
        expect(parseCaipNetworkId(`${chainNamespace}:${chainId}`)).toEqual({ chainNamespace, chainId })
      }),
      runs,
    )
  })

  test('property: a valid CAIP-10 address round-trips', () => {
    fc.assert(
      fc.property(namespace, reference, accountAddress, (ns, ref, address) => {
        expect(parseCaipAddress(`${ns}:${ref}:${address}`)).toEqual({ chainNamespace: ns, chainId: ref, address })
      }),
      runs,
    )
  })

  test('property: two parts, an empty part, four parts, an unknown namespace or a foreign character is refused', () => {
    fc.assert(
      fc.property(namespace, reference, accountAddress, fc.constantFrom(' ', '\n', '\u0000', '/', '@', '#', '?', 'é'), (ns, ref, address, bad) => {
        for (const value of [
          `${ns}:${ref}`,
          `${ns}::${address}`,
          `:${ref}:${address}`,
          `${ns}:${ref}:`,
          `${ns}:${ref}:${address}:x`,
          `cosmoz:${ref}:${address}`,
          `${ns}:${ref}:${address}${bad}`,
          `${ns}:${ref}${bad}:${address}`,
        ]) {
          expect(() => parseCaipAddress(value), JSON.stringify(value)).toThrow(InvalidCaipAddressError)
        }
      }),
      runs,
    )
  })
})
