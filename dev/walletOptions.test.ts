import { describe, expect, it } from 'vitest'
import { DEV_ADDRESSES } from './accounts.ts'
import { DevSolanaWallet } from './solana-wallet/wallet.ts'
import { DevWallet } from '../testing/wallet/provider.ts'
import { DevWalletOptionsError } from './walletOptions.ts'

const chains = [{ chainId: 31337, name: 'Anvil Local', rpcUrl: 'http://127.0.0.1:1' }]

describe('dev wallet options', () => {
  it('bad input: an EVM dev wallet with no chain or no account is a DevWalletOptionsError saying what is missing', () => {
    expect(() => new DevWallet({ chains: [] })).toThrow(new DevWalletOptionsError('DevWallet needs at least one chain.'))
    expect(() => new DevWallet({ chains, accounts: [] })).toThrow(DevWalletOptionsError)
    expect(() => new DevWallet({ chains, accounts: [] })).toThrow('DevWallet needs at least one account.')
  })

  it('bad input: a Solana dev wallet with no chain or no keypair is a DevWalletOptionsError saying what is missing', () => {
    expect(() => new DevSolanaWallet({ rpcUrl: 'http://127.0.0.1:1', chains: [] })).toThrow('DevSolanaWallet needs at least one chain.')
    expect(() => new DevSolanaWallet({ rpcUrl: 'http://127.0.0.1:1', keypairs: [] })).toThrow(DevWalletOptionsError)
  })

  it('without accounts given, the EVM dev wallet offers the dev addresses', () => {
    expect(new DevWallet({ chains }).addresses).toEqual(DEV_ADDRESSES)
  })
})
