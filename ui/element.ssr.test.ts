// A server (Node, no DOM): importing latchkey/element touches no window, document or customElements.
import { describe, expect, test } from 'vitest'

describe('latchkey/element on a server', () => {
  test('behavior: importing it registers nothing and defineLatchkeyElements does nothing without customElements', async () => {
    expect('customElements' in globalThis).toBe(false)
    expect('document' in globalThis).toBe(false)
    const element = await import('./element.ts')
    expect(element.defineLatchkeyElements()).toBeUndefined()
    expect(element.defineLatchkeyElements({ networks: {} })).toBeUndefined()
    // The attribute parser is plain code: usable on a server (e.g. to check a template's attributes).
    expect(element.parseNetworksAttribute('mainnet,solana').map((n) => n.caipNetworkId)).toEqual(['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])
  })
})
