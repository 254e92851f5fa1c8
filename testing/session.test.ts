import { describe, expect, it } from 'vitest'
import { ConnectedStartError } from './errors.ts'
import { connectedStorage, testSolanaWalletConnection, testWalletConnection } from './session.ts'
import { createTestWallet, testWalletStorageKey } from './wallet/testWallet.ts'

describe('connected start storage', () => {
  const wallet = createTestWallet({ rpcUrl: 'http://127.0.0.1:1', chains: [31337, 31338], rdns: 'com.example.qa', name: 'QA Wallet' })

  it('a test wallet’s connection stores the modal’s keys and the wallet’s authorisation, which a new wallet reads back', async () => {
    const connection = testWalletConnection({ wallet, account: 1, chainId: 31338 })
    const storage = connectedStorage(connection)
    expect(JSON.parse(storage['@latchkey/eip155:connected_connector_id']!)).toBe('com.example.qa')
    expect(JSON.parse(storage['@latchkey/active_caip_network_id']!)).toBe('eip155:31338')
    expect(JSON.parse(storage['@latchkey/connections']!)).toEqual({ eip155: [{ connectorId: 'com.example.qa', accounts: [{ address: wallet.addresses[1] }] }] })
    const entries = new Map(Object.entries(storage))
    const restored = createTestWallet({ rpcUrl: 'http://127.0.0.1:1', chains: [31337, 31338], rdns: 'com.example.qa', storage: { getItem: (k) => entries.get(k) ?? null, setItem: () => {}, removeItem: () => {} } })
    expect(restored.state).toMatchObject({ authorised: true, accountIndex: 1, chainId: 31338 })
    expect(await restored.provider.request({ method: 'eth_accounts' })).toEqual([wallet.addresses[1]])
    expect(Object.keys(storage)).toContain(testWalletStorageKey('com.example.qa'))
  })

  it.each([
    ['an account the wallet does not have', () => testWalletConnection({ wallet, account: 5 }), /account must be 0 to 4/],
    ['a chain the wallet does not have', () => testWalletConnection({ wallet, chainId: 1 }), /one of the wallet's chains \(31337, 31338\)/],
    ['an unknown namespace', () => connectedStorage({ namespace: 'cosmos' as never, connectorId: 'x', name: 'X', caipNetworkId: 'cosmos:hub' }), /namespace must be/],
    ['a network of another namespace', () => connectedStorage({ namespace: 'eip155', connectorId: 'x', name: 'X', caipNetworkId: 'solana:abc' }), /CAIP-2 id of eip155/],
    ['an empty connector id', () => connectedStorage({ namespace: 'eip155', connectorId: '', name: 'X', caipNetworkId: 'eip155:1' }), /non-empty/],
  ])('%s is a ConnectedStartError', (_, make, message) => {
    expect(make).toThrow(ConnectedStartError)
    expect(make).toThrow(message)
  })
})

describe('a test Solana wallet connected earlier', () => {
  const wallet = {
    name: 'Test Solana Wallet',
    addresses: ['HPRrGFaH1GeKXeURURykoaHz1ejDuRbyEJXdcNq6FjhV', '7BNg9dvdHrtiuYmK1wF2DoMRbRkZup9Q9wWsdCjvSd4S'],
    chains: ['solana:localnet', 'solana:AK7zphcMpwwaFXRuPquNGSMjWsVvhFPZ'],
  }

  it("stores the modal's solana keys on the wallet's CAIP-2 chain (not its cluster name) and the wallet's authorisation of account 1", () => {
    const storage = connectedStorage(testSolanaWalletConnection({ wallet, account: 1 }))
    expect(JSON.parse(storage['@latchkey/solana:connected_connector_id']!)).toBe('Test Solana Wallet')
    expect(JSON.parse(storage['@latchkey/active_caip_network_id']!)).toBe('solana:AK7zphcMpwwaFXRuPquNGSMjWsVvhFPZ')
    expect(JSON.parse(storage['@latchkey/connections']!)).toEqual({ solana: [{ connectorId: 'Test Solana Wallet', accounts: [{ address: wallet.addresses[1] }] }] })
    expect(JSON.parse(storage['latchkey-test-solana-wallet:Test Solana Wallet']!)).toEqual({ authorised: true, accountIndex: 1, autoApprove: false })
  })

  it('refuses an account it does not have and a wallet with only cluster names (ConnectedStartError)', () => {
    expect(() => testSolanaWalletConnection({ wallet, account: 2 })).toThrow(ConnectedStartError)
    expect(() => testSolanaWalletConnection({ wallet: { ...wallet, chains: ['solana:localnet'] } })).toThrow(/no 'solana:<reference>' id/)
  })
})
