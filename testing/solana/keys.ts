/**
 * The test Solana wallet's keypairs from its options: secret keys (base58 as wallets export them, or the 64 bytes of a
 * `solana-keygen` JSON file, or a 32-byte seed), or a BIP-39 mnemonic derived as Phantom and Solflare do
 * (SLIP-0010 ed25519 at `m/44'/501'/i'/0'`), or the five development keypairs when neither is given. Every malformed
 * input is a {@link TestWalletOptionsError} naming the field, before any key is used.
 */
import { hmac } from '@noble/hashes/hmac'
import { sha512 } from '@noble/hashes/sha2'
import { Keypair } from '@solana/web3.js'
import { base58Decode } from '../../adapters/solana.base58.ts'
import { TestWalletOptionsError } from '../errors.ts'
import { mnemonicToSeed, preview } from '../wallet/keys.ts'

const DEFAULT_ACCOUNTS = 5
const MAX_ACCOUNTS = 20

/**
 * The keypairs of a test Solana wallet, or `undefined` for none given (the wallet then uses the development keypairs).
 * @throws TestWalletOptionsError for both given, an empty or non-array `secretKeys`, a key that is neither base58 nor
 *   bytes, of a length other than 64 (secret key) or 32 (seed), a 64-byte key whose public half does not match its
 *   secret half, a malformed mnemonic (see `mnemonicToSeed`), or an `accountCount` outside 1–20.
 */
export function solanaKeypairsFromOptions(options: { secretKeys?: unknown; mnemonic?: unknown; accountCount?: unknown }): Keypair[] | undefined {
  const { secretKeys, mnemonic, accountCount } = options
  if (secretKeys !== undefined && mnemonic !== undefined) {
    throw new TestWalletOptionsError('Give a test Solana wallet secret keys or a mnemonic, not both', { details: 'options.secretKeys and options.mnemonic are both set' })
  }
  if (secretKeys !== undefined) {
    if (!Array.isArray(secretKeys) || secretKeys.length === 0) {
      throw new TestWalletOptionsError('Invalid test Solana wallet keys', { details: 'options.secretKeys must be a non-empty array of secret keys (base58, or 64 bytes, or a 32-byte seed)' })
    }
    return secretKeys.map((key: unknown, i) => keypairFromKey(key, `options.secretKeys[${i}]`))
  }
  if (mnemonic === undefined) return undefined
  const count = accountCount ?? DEFAULT_ACCOUNTS
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_ACCOUNTS) {
    throw new TestWalletOptionsError('Invalid test wallet account count', { details: `options.accountCount must be an integer from 1 to ${MAX_ACCOUNTS}, got ${preview(count)}` })
  }
  const seed = mnemonicToSeed(mnemonic)
  return Array.from({ length: count }, (_, i) => Keypair.fromSeed(slip10Ed25519(seed, [44, 501, i, 0])))
}

function keypairFromKey(key: unknown, field: string): Keypair {
  let bytes: Uint8Array | undefined
  if (typeof key === 'string') {
    try {
      bytes = base58Decode(key)
    } catch {
      bytes = undefined
    }
  } else if (key instanceof Uint8Array) bytes = key
  else if (Array.isArray(key) && key.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) bytes = Uint8Array.from(key as number[])
  if (!bytes || (bytes.length !== 64 && bytes.length !== 32)) {
    throw new TestWalletOptionsError('Invalid test Solana wallet key', {
      details: `${field} must be a secret key (base58 or bytes: 64 bytes, or a 32-byte seed), got ${bytes ? `${bytes.length} bytes` : preview(key)}`,
    })
  }
  if (bytes.length === 32) return Keypair.fromSeed(bytes)
  try {
    return Keypair.fromSecretKey(bytes)
  } catch (cause) {
    throw new TestWalletOptionsError('Invalid test Solana wallet key', { details: `${field}: its last 32 bytes are not the public key of its first 32`, cause })
  }
}

/** SLIP-0010 ed25519 derivation (every index hardened): the 32-byte private key at `path` from a BIP-39 seed. */
export function slip10Ed25519(seed: Uint8Array, path: readonly number[]): Uint8Array {
  let node = hmac(sha512, new TextEncoder().encode('ed25519 seed'), seed)
  for (const index of path) {
    const data = new Uint8Array(37)
    data.set(node.slice(0, 32), 1)
    new DataView(data.buffer).setUint32(33, (index | 0x80000000) >>> 0)
    node = hmac(sha512, node.slice(32), data)
  }
  return node.slice(0, 32)
}
