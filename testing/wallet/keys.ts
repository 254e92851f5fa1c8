/**
 * The test wallet's keys from its options: private keys, or a BIP-39 mnemonic (checked word by word and by its
 * checksum) derived at `m/44'/60'/0'/0/i`, or anvil's development accounts when neither is given. Every malformed
 * input is a {@link TestWalletOptionsError} naming the field, before any key is made.
 */
import { pbkdf2 } from '@noble/hashes/pbkdf2'
import { sha256, sha512 } from '@noble/hashes/sha2'
import { english, HDKey, hdKeyToAccount, privateKeyToAccount, type LocalAccount } from 'viem/accounts'
import { TestWalletOptionsError } from '../errors.ts'

/** How many accounts a mnemonic gives by default (anvil funds the first ten of its own). */
export const DEFAULT_MNEMONIC_ACCOUNTS = 5
const MAX_MNEMONIC_ACCOUNTS = 20
const wordIndex = new Map(english.map((word, index) => [word, index]))

/**
 * The accounts of a test wallet: `accounts` (each a 0x-prefixed 32-byte private key), or `mnemonic` (`count`
 * accounts, default 5, at most 20), or `undefined` for none given (the wallet then uses anvil's five dev accounts).
 *
 * @throws TestWalletOptionsError for both given, an empty or non-array `accounts`, a key that is not 32 bytes of hex
 *   or not a valid secp256k1 key, a mnemonic with a word outside the English list, a length other than 12, 15, 18, 21
 *   or 24 words, a wrong checksum, or a `count` outside 1–20.
 */
export function accountsFromOptions(options: { accounts?: unknown; mnemonic?: unknown; accountCount?: unknown }): LocalAccount[] | undefined {
  const { accounts, mnemonic, accountCount } = options
  if (accounts !== undefined && mnemonic !== undefined) {
    throw new TestWalletOptionsError('Give a test wallet accounts or a mnemonic, not both', { details: 'options.accounts and options.mnemonic are both set' })
  }
  if (accounts !== undefined) {
    if (!Array.isArray(accounts) || accounts.length === 0) {
      throw new TestWalletOptionsError('Invalid test wallet accounts', { details: 'options.accounts must be a non-empty array of private keys (0x + 64 hex digits)' })
    }
    return accounts.map((key: unknown, i) => accountFromKey(key, `options.accounts[${i}]`))
  }
  if (mnemonic === undefined) return undefined
  const count = accountCount ?? DEFAULT_MNEMONIC_ACCOUNTS
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_MNEMONIC_ACCOUNTS) {
    throw new TestWalletOptionsError('Invalid test wallet account count', { details: `options.accountCount must be an integer from 1 to ${MAX_MNEMONIC_ACCOUNTS}, got ${String(count)}` })
  }
  const master = HDKey.fromMasterSeed(mnemonicToSeed(mnemonic))
  return Array.from({ length: count }, (_, addressIndex) => hdKeyToAccount(master, { addressIndex }))
}

function accountFromKey(key: unknown, field: string): LocalAccount {
  if (typeof key !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(key)) {
    throw new TestWalletOptionsError('Invalid test wallet account', { details: `${field} must be a private key (0x + 64 hex digits), got ${preview(key)}` })
  }
  try {
    return privateKeyToAccount(key as `0x${string}`)
  } catch (cause) {
    throw new TestWalletOptionsError('Invalid test wallet account', { details: `${field} is not a valid secp256k1 private key`, cause })
  }
}

/**
 * The BIP-39 seed of `mnemonic` (empty passphrase) after checking it: English words, 12–24 words in steps of three,
 * the checksum its last word carries.
 * @throws TestWalletOptionsError naming what is wrong.
 */
export function mnemonicToSeed(mnemonic: unknown): Uint8Array {
  if (typeof mnemonic !== 'string') throw new TestWalletOptionsError('Invalid mnemonic', { details: `options.mnemonic must be a string, got ${preview(mnemonic)}` })
  const words = mnemonic.normalize('NFKD').trim().split(/\s+/)
  if (![12, 15, 18, 21, 24].includes(words.length)) {
    throw new TestWalletOptionsError('Invalid mnemonic', { details: `options.mnemonic has ${words.length} words; BIP-39 has 12, 15, 18, 21 or 24` })
  }
  const bits = words
    .map((word, i) => {
      const index = wordIndex.get(word)
      if (index === undefined) throw new TestWalletOptionsError('Invalid mnemonic', { details: `options.mnemonic word ${i + 1} ("${word}") is not a BIP-39 English word` })
      return index.toString(2).padStart(11, '0')
    })
    .join('')
  const checksumBits = words.length / 3
  const entropyBits = bits.slice(0, bits.length - checksumBits)
  const entropy = Uint8Array.from(entropyBits.match(/.{8}/g) ?? [], (byte) => Number.parseInt(byte, 2))
  const expected = [...sha256(entropy)]
    .map((b) => b.toString(2).padStart(8, '0'))
    .join('')
    .slice(0, checksumBits)
  if (expected !== bits.slice(-checksumBits)) throw new TestWalletOptionsError('Invalid mnemonic', { details: 'options.mnemonic fails its BIP-39 checksum (a word is wrong or out of order)' })
  const encoder = new TextEncoder()
  return pbkdf2(sha512, encoder.encode(words.join(' ')), encoder.encode('mnemonic'), { c: 2048, dkLen: 64 })
}

/** A short, safe rendering of a bad value for an error's details. */
export function preview(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 24 ? `${value.slice(0, 24)}…` : value)
  if (value === null || typeof value !== 'object') return String(value)
  return Array.isArray(value) ? 'an array' : 'an object'
}
