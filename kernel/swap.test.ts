import { describe, expect, test } from 'vitest'
import { parseCaipNetworkId } from './caip.ts'
import { defaultSwapProvider, swapNetworks, swapPopularTokens, swapProviders, swapSuggestedTokens } from './swap.ts'

describe('swap constants (spec §9 "Swaps")', () => {
  test('behavior: 12 swap networks, each a distinct eip155 CAIP-2 id, Ethereum first', () => {
    expect(swapNetworks).toHaveLength(12)
    expect(new Set(swapNetworks).size).toBe(12)
    for (const id of swapNetworks) expect(parseCaipNetworkId(id)).toEqual({ chainNamespace: 'eip155', chainId: id.slice('eip155:'.length) })
    expect(swapNetworks[0]).toBe('eip155:1')
    expect(swapNetworks).toEqual(expect.arrayContaining(['eip155:42161', 'eip155:10', 'eip155:8453', 'eip155:56', 'eip155:137']))
  })

  test('behavior: the suggested tokens lead the popular ones, in the same order; each list names a symbol once', () => {
    expect(swapPopularTokens.slice(0, swapSuggestedTokens.length)).toEqual([...swapSuggestedTokens])
    expect(swapPopularTokens.length).toBeGreaterThan(swapSuggestedTokens.length)
    expect(new Set(swapSuggestedTokens).size).toBe(swapSuggestedTokens.length)
    expect(new Set(swapPopularTokens).size).toBe(swapPopularTokens.length)
    expect(swapSuggestedTokens.slice(0, 4)).toEqual(['ETH', 'UNI', '1INCH', 'AAVE'])
    for (const symbol of swapPopularTokens) expect(symbol).toMatch(/^[A-Za-z0-9_]+$/)
  })

  test('behavior: the swap provider by default is 1inch, one of the providers', () => {
    expect(defaultSwapProvider).toBe('1inch')
    expect(swapProviders).toContain(defaultSwapProvider)
  })
})
