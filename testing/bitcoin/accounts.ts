/**
 * The development Bitcoin keys: 5 accounts derived from the project's {@link DEV_MNEMONIC} (anvil's well-known
 * mnemonic, public knowledge: never use it for anything of value), each with
 *
 * - a **payment** key on the BIP-84 regtest path `m/84'/1'/0'/0/i` and its P2WPKH address (`bcrt1q…`), and
 * - an **ordinals** key on the BIP-86 regtest path `m/86'/1'/0'/0/i` and its P2TR key-path address (`bcrt1p…`).
 *
 * The dev stack's UTXO index (`dev/bitcoin`) funds every payment address with {@link DEV_BITCOIN_BALANCE} at its genesis.
 * The test Bitcoin wallet's default accounts (`latchkey/testing/bitcoin`) and the dev stack's (`dev/bitcoin`); browser-safe
 * (no Node imports).
 */
import * as bitcoin from 'bitcoinjs-lib'
import * as ecc from '@bitcoinerlab/secp256k1'
import { BaseError } from '../../kernel/errors.ts'
import { DEV_MNEMONIC, devMasterKey } from '../wallet/accounts.ts'

export { DEV_MNEMONIC }

/** How many dev Bitcoin accounts there are. */
export const DEV_BITCOIN_ACCOUNT_COUNT = 5

/** What each dev payment address holds at the index's genesis: 1 BTC, in satoshis. */
export const DEV_BITCOIN_BALANCE = 100_000_000n

/** The BIP-32 path of dev account `i`'s payment key (BIP-84, coin type 1: testnet and regtest). */
export const paymentPath = (index: number): string => `m/84'/1'/0'/0/${index}`
/** The BIP-32 path of dev account `i`'s ordinals key (BIP-86 taproot, coin type 1). */
export const ordinalsPath = (index: number): string => `m/86'/1'/0'/0/${index}`

/**
 * The P2WPKH regtest payment addresses of dev accounts 0..4, in order. Literal copies of what
 * {@link devBitcoinAccounts} derives (a test checks it), for code that needs addresses only (no key derivation).
 */
export const DEV_BITCOIN_PAYMENT_ADDRESSES = [
  'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw',
  'bcrt1qlqj2pdsteppkcr8jkp9ms0wpvey89tna8v72sj',
  'bcrt1qwqwxn0pae964jk3zu8zxr3lu2jyj0p7mk8hkdv',
  'bcrt1q0rvyhr5465rrdfmavlj67u7ru5vr434c08qx4e',
  'bcrt1qvlwxpcmszwutam7ykvwc272r748a9zzszj8a4s',
] as const

/** The P2TR regtest ordinals addresses of dev accounts 0..4, in order (literal copies, see above). */
export const DEV_BITCOIN_ORDINALS_ADDRESSES = [
  'bcrt1pfewlxm8meyyvgjydfu7v8j4ej64symj6ut8sf66h9germp94qgzs92e5zv',
  'bcrt1p6g8r5e8jvnvukaqgdauwag8lfkzvz3dng4057kv7avnpxpkghdkszxhwd4',
  'bcrt1pw4n0e9av3evnyt7j7x3wgrjrttqr4482x7kwpp78g7wnue59mvnse7srs6',
  'bcrt1plafgmyp8xpy9fvljgmeaea57zsad2aqujxcqmag6u9r3zpmyg6aqek54f7',
  'bcrt1p0lxykduwlrn4th0xxpkvthqp65gdtra9u37v6hph0qzdj30p0mmsdf33qf',
] as const

/** One key of a dev account. */
export type DevBitcoinKey = {
  /** `payment` (P2WPKH) or `ordinals` (P2TR key path). */
  purpose: 'payment' | 'ordinals'
  /** The regtest address (`bcrt1q…` or `bcrt1p…`). */
  address: string
  /** BIP-32 derivation path. */
  path: string
  /** 32-byte private key. */
  privateKey: Uint8Array
  /** 33-byte compressed public key (for P2TR the internal key is its x coordinate, bytes 1..33). */
  publicKey: Uint8Array
}

/** A dev Bitcoin account: its payment and ordinals keys. */
export type DevBitcoinAccount = { index: number; payment: DevBitcoinKey; ordinals: DevBitcoinKey }

let cached: readonly DevBitcoinAccount[] | undefined

/** A dev Bitcoin key that could not be derived (a path without a private key: never for the dev paths). */
export class DevBitcoinKeyError extends BaseError {
  static override docsPath = '/errors/DevBitcoinKeyError'
  override name = 'DevBitcoinKeyError'
  constructor(path: string) {
    super(`No dev Bitcoin key at ${path}.`)
  }
}

let eccReady = false

/** The key at `path` of the dev master key, with bitcoinjs-lib's elliptic-curve library set up first (P2TR needs it). */
function deriveKey(path: string): { privateKey: Uint8Array; publicKey: Uint8Array } {
  if (!eccReady) {
    bitcoin.initEccLib(ecc)
    eccReady = true
  }
  const node = devMasterKey().derive(path)
  if (!node.privateKey || !node.publicKey) throw new DevBitcoinKeyError(path)
  return { privateKey: node.privateKey, publicKey: node.publicKey }
}

/** A key whose address is the literal and whose private and public keys are derived on first read (then kept). */
function lazyKey(purpose: DevBitcoinKey['purpose'], path: string, address: string): DevBitcoinKey {
  let derived: ReturnType<typeof deriveKey> | undefined
  const keys = () => (derived ??= deriveKey(path))
  return Object.freeze({
    purpose,
    address,
    path,
    get privateKey() {
      return keys().privateKey
    },
    get publicKey() {
      return keys().publicKey
    },
  })
}

/**
 * The 5 dev Bitcoin accounts with their keys (from {@link DEV_MNEMONIC}). Their addresses are the literals above (a test
 * derives them from the keys); a key's private and public halves are derived from the shared master key the first time
 * they are read, so a page that only announces the dev wallet does no elliptic-curve work.
 *
 * @returns a frozen array, made once; account `i` has the addresses `DEV_BITCOIN_PAYMENT_ADDRESSES[i]` and
 *   `DEV_BITCOIN_ORDINALS_ADDRESSES[i]`.
 * @throws DevBitcoinKeyError from a key's `privateKey` / `publicKey` when its path has no key (never for the dev paths).
 * @example devBitcoinAccounts()[0].payment.address // 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw'
 */
export function devBitcoinAccounts(): readonly DevBitcoinAccount[] {
  cached ??= Object.freeze(
    Array.from({ length: DEV_BITCOIN_ACCOUNT_COUNT }, (_, index) =>
      Object.freeze({
        index,
        payment: lazyKey('payment', paymentPath(index), DEV_BITCOIN_PAYMENT_ADDRESSES[index]!),
        ordinals: lazyKey('ordinals', ordinalsPath(index), DEV_BITCOIN_ORDINALS_ADDRESSES[index]!),
      }),
    ),
  )
  return cached
}
