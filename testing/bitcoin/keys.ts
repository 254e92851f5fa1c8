/**
 * The test Bitcoin wallet's accounts from its options: a BIP-39 mnemonic derived as Bitcoin wallets do — the payment
 * key at BIP-84 `m/84'/c'/0'/0/i` (P2WPKH) and the ordinals key at BIP-86 `m/86'/c'/0'/0/i` (P2TR key path), coin type
 * `c` 0 on mainnet and 1 on testnet and regtest — or the five development accounts when none is given on regtest. Every
 * malformed input is a {@link TestWalletOptionsError} naming the field, before any key is used.
 */
import * as bitcoin from 'bitcoinjs-lib'
import * as ecc from '@bitcoinerlab/secp256k1'
import { HDKey } from 'viem/accounts'
import type { BitcoinChain } from '../../adapters/bip122.standard.ts'
import { TestWalletOptionsError } from '../errors.ts'
import { mnemonicToSeed, preview } from '../wallet/keys.ts'
import { DEV_MNEMONIC, DevBitcoinKeyError, type DevBitcoinAccount, type DevBitcoinKey } from './accounts.ts'
import { bitcoinjsNetworks } from './signing.ts'

const DEFAULT_ACCOUNTS = 5
const MAX_ACCOUNTS = 20

/** The BIP-44 coin type of a chain: 0 for Bitcoin, 1 for every test network. */
export const coinTypeOf = (chain: BitcoinChain): 0 | 1 => (chain === 'bitcoin:mainnet' ? 0 : 1)

/**
 * The accounts of a test Bitcoin wallet on `chain`, or `undefined` for none given on regtest (the wallet then uses the
 * development accounts, whose addresses the dev stack funds). On mainnet and testnet without a mnemonic, the
 * development mnemonic's accounts at that chain's paths.
 * @throws TestWalletOptionsError for a malformed mnemonic (see `mnemonicToSeed`), or an `accountCount` outside 1–20.
 */
export function bitcoinAccountsFromOptions(options: { mnemonic?: unknown; accountCount?: unknown }, chain: BitcoinChain): DevBitcoinAccount[] | undefined {
  const { mnemonic, accountCount } = options
  if (mnemonic === undefined && accountCount === undefined && chain === 'bitcoin:regtest') return undefined
  const count = accountCount ?? DEFAULT_ACCOUNTS
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_ACCOUNTS) {
    throw new TestWalletOptionsError('Invalid test wallet account count', { details: `options.accountCount must be an integer from 1 to ${MAX_ACCOUNTS}, got ${preview(count)}` })
  }
  return bitcoinAccountsFromSeed(mnemonicToSeed(mnemonic ?? DEV_MNEMONIC), count, chain)
}

/** `count` accounts of a BIP-39 seed on `chain` (payment at BIP-84, ordinals at BIP-86), account 0 first. */
export function bitcoinAccountsFromSeed(seed: Uint8Array, count: number, chain: BitcoinChain): DevBitcoinAccount[] {
  bitcoin.initEccLib(ecc)
  const master = HDKey.fromMasterSeed(seed)
  const network = bitcoinjsNetworks[chain]
  const coin = coinTypeOf(chain)
  const key = (purpose: DevBitcoinKey['purpose'], path: string): DevBitcoinKey => {
    const node = master.derive(path)
    if (!node.privateKey || !node.publicKey) throw new DevBitcoinKeyError(path)
    const publicKey = node.publicKey
    const payment = purpose === 'payment' ? bitcoin.payments.p2wpkh({ pubkey: publicKey, network }) : bitcoin.payments.p2tr({ internalPubkey: publicKey.slice(1, 33), network })
    return Object.freeze({ purpose, address: payment.address as string, path, privateKey: node.privateKey, publicKey })
  }
  return Array.from({ length: count }, (_, index) => Object.freeze({ index, payment: key('payment', `m/84'/${coin}'/0'/0/${index}`), ordinals: key('ordinals', `m/86'/${coin}'/0'/0/${index}`) }))
}
