import { describe, expect, it } from 'vitest'
import { coreAdaptersGroup } from './coreAdaptersGroup.ts'

describe('coreAdaptersGroup', () => {
  it('behavior: takes the eip155 adapter, its actors and the small modules the core shares with the entries, in one chunk', () => {
    const members = ['adapters/eip155.ts', 'adapters/actors.ts', 'adapters/boundary.ts', 'adapters/links.ts', 'adapters/errors.ts', 'machines/batch.errors.ts']
    expect(members.filter((m) => coreAdaptersGroup.test.test(`/r/${m}`))).toEqual(members)
  })

  it("behavior: leaves the adapters the core does not bring (Solana, Bitcoin, WalletConnect's client) and their neighbours' files in their own chunks", () => {
    const others = ['adapters/solana.ts', 'adapters/bip122.ts', 'adapters/walletconnect.client.ts', 'adapters/eip155.transfer.ts', 'adapters/actors.features.ts', 'adapters/solana.errors.ts', 'machines/batch.ts']
    expect(others.filter((m) => coreAdaptersGroup.test.test(`/r/${m}`))).toEqual([])
  })
})
