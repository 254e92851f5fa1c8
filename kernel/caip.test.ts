import { describe, expect, test } from 'vitest'
import { caipReferenceOf, evmChainIdOf, InvalidCaipNetworkIdError } from './caip.ts'

/** The loose readers of CAIP-2 ids (spec §5 'Invalid CAIP-2 network id'); the parser's properties: adapters/networks.property.test.ts. */
describe('caipReferenceOf', () => {
  test('the reference of a CAIP-2 id of any known namespace', () => {
    expect(caipReferenceOf('eip155:31337')).toBe('31337')
    expect(caipReferenceOf('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
  })

  test('bad input: none for a malformed id, another type, an unknown namespace or an extra part', () => {
    for (const value of [undefined, null, 1, '', 'eip155', 'eip155:', ':1', 'eip155:1:2', 'tezos:1', 'eip155:1 ', { id: 'eip155:1' }]) {
      expect(caipReferenceOf(value), String(value)).toBeUndefined()
    }
  })
})

describe('evmChainIdOf', () => {
  test('the numeric chain id of an eip155 id', () => {
    expect(evmChainIdOf('eip155:1')).toBe(1)
    expect(evmChainIdOf('eip155:2147483647')).toBe(2147483647)
  })

  test('bad input: another namespace, a reference that is not a decimal safe integer, or a malformed id throws InvalidCaipNetworkIdError', () => {
    for (const value of ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eip155:0x1', 'eip155:1e3', 'eip155:-1', 'eip155:99999999999999999999', 'eip155', undefined]) {
      expect(() => evmChainIdOf(value), String(value)).toThrow(InvalidCaipNetworkIdError)
    }
  })
})
