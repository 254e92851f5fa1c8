import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { DEV_ADDRESSES, DEV_MNEMONIC, DEV_SEED_HEX, devAccount, devAccounts, devMasterKey } from './accounts.ts'
import * as bitcoin from 'bitcoinjs-lib'
import { DEV_BITCOIN_ORDINALS_ADDRESSES, DEV_BITCOIN_PAYMENT_ADDRESSES, devBitcoinAccounts } from './bitcoin/accounts.ts'

describe('dev accounts from the seed literal', () => {
  it('the master key of the seed literal is the mnemonic’s BIP-32 master (BIP-39 seed, empty passphrase)', () => {
    const fromMnemonic = mnemonicToAccount(DEV_MNEMONIC, { path: 'm' as `m/44'/60'/${string}` }).getHdKey()
    expect(devMasterKey().privateKey).toEqual(fromMnemonic.privateKey)
    expect(devMasterKey().chainCode).toEqual(fromMnemonic.chainCode)
    expect(DEV_SEED_HEX).toMatch(/^0x[0-9a-f]{128}$/)
  })

  it('each dev account has the key mnemonicToAccount derives, and the anvil address', () => {
    devAccounts().forEach((account, addressIndex) => {
      const fromMnemonic = mnemonicToAccount(DEV_MNEMONIC, { addressIndex })
      expect(account.address).toBe(DEV_ADDRESSES[addressIndex])
      expect(account.getHdKey().privateKey).toEqual(fromMnemonic.getHdKey().privateKey)
    })
  })

  it('the master key is made once; the Bitcoin accounts derive from it', () => {
    expect(devMasterKey()).toBe(devMasterKey())
    expect(devBitcoinAccounts()).toBe(devBitcoinAccounts())
    const network = bitcoin.networks.regtest
    devBitcoinAccounts().forEach((account, i) => {
      // The literal addresses are what the derived keys pay to (P2WPKH, and P2TR on the x-only internal key).
      expect(bitcoin.payments.p2wpkh({ pubkey: account.payment.publicKey, network }).address).toBe(DEV_BITCOIN_PAYMENT_ADDRESSES[i])
      expect(bitcoin.payments.p2tr({ internalPubkey: account.ordinals.publicKey.slice(1, 33), network }).address).toBe(DEV_BITCOIN_ORDINALS_ADDRESSES[i])
      expect(account.payment.address).toBe(DEV_BITCOIN_PAYMENT_ADDRESSES[i])
      expect(account.payment.privateKey).toEqual(devMasterKey().derive(account.payment.path).privateKey)
    })
  })

  it('one dev account is derived on its own and kept; an index outside 0..4 is a RangeError', () => {
    expect(devAccount(3)).toBe(devAccount(3))
    expect(devAccount(3).address).toBe(DEV_ADDRESSES[3])
    expect(devAccounts()[3]).toBe(devAccount(3))
    for (const bad of [-1, 5, 1.5, Number.NaN]) expect(() => devAccount(bad)).toThrow(RangeError)
  })
})
