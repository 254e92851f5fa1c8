import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { DEV_ADDRESSES, DEV_MNEMONIC, DEV_SEED_HEX, devAccounts, devMasterKey } from './accounts.ts'
import { devBitcoinAccounts } from './bitcoin/accounts.ts'

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
    expect(devBitcoinAccounts()[0]!.payment.address).toBe('bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw')
  })
})
