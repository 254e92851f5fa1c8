/**
 * The dev Bitcoin wallet's cryptography, on bitcoinjs-lib 7 and @bitcoinerlab/secp256k1 (pure JS, Uint8Array only,
 * so it runs in a browser without a `Buffer` polyfill; the signers are built on the curve library directly, no key-pair
 * package):
 *
 * - BIP-322 "simple" message signatures for P2WPKH and P2TR key-path addresses (the witness of the virtual
 *   "to_sign" transaction, base64). Written here rather than called from bip322-js, whose code uses Node's
 *   `Buffer`; the tests verify every signature with bip322-js's `Verifier`.
 * - Legacy ECDSA signed messages (the "Bitcoin Signed Message" hash, 65-byte recoverable signature with the BIP-137
 *   header byte: 39–42 for P2WPKH, 31–34 otherwise), base64.
 * - Transfers: coin selection over the payment address's UTXOs, a PSBT (BIP-174) with `witnessUtxo`s, signing of
 *   given inputs by P2WPKH or P2TR keys.
 *
 * The dev wallet's and the test Bitcoin wallet's (`latchkey/testing/bitcoin`); browser-safe.
 */
import * as bitcoin from 'bitcoinjs-lib'
import * as ecc from '@bitcoinerlab/secp256k1'
import type { BitcoinChain } from '../../adapters/bip122.standard.ts'
import { BaseError } from '../../kernel/errors.ts'
import type { DevBitcoinKey } from './accounts.ts'

let eccReady = false

/**
 * bitcoinjs-lib's elliptic-curve library, set up on first use: it checks the curve library with test vectors (tens of
 * milliseconds in a page), which a page that only announces the wallet never pays.
 */
function ready(): void {
  if (eccReady) return
  bitcoin.initEccLib(ecc)
  eccReady = true
}

/** The network of the dev wallet: regtest (`bcrt1…`). */
export const devWalletNetwork = bitcoin.networks.regtest

/** The bitcoinjs-lib network of each Wallet Standard Bitcoin chain. */
export const bitcoinjsNetworks: Readonly<Record<BitcoinChain, bitcoin.Network>> = {
  'bitcoin:mainnet': bitcoin.networks.bitcoin,
  'bitcoin:testnet': bitcoin.networks.testnet,
  'bitcoin:regtest': bitcoin.networks.regtest,
}

/** The network of a segwit address by its prefix (`bcrt1` regtest, `tb1` testnet, else mainnet). */
export function networkOfAddress(address: string): bitcoin.Network {
  const lower = address.toLowerCase()
  return lower.startsWith('bcrt1') ? bitcoin.networks.regtest : lower.startsWith('tb1') ? bitcoin.networks.testnet : bitcoin.networks.bitcoin
}

/** A PSBT input the wallet was asked to sign but cannot: out of range, or not paying to the key's address. */
export class PsbtInputError extends BaseError {
  static override docsPath = '/errors/PsbtInputError'
  override name = 'PsbtInputError'
}

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text)

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** Bitcoin's CompactSize unsigned integer. */
export function varint(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n)
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8)
  return Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff)
}

/** Bytes → base64 (browser and Node: `btoa`). */
export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** A signer for P2WPKH inputs (the key itself) or P2TR key-path inputs (the key tweaked by its own x coordinate, BIP-86). */
export function signerOf(key: DevBitcoinKey): bitcoin.Signer {
  ready()
  if (key.purpose === 'payment') return { publicKey: key.publicKey, sign: (hash) => ecc.sign(hash, key.privateKey) }
  // BIP-341: the key with an even y (negated otherwise), plus the tagged hash of its x coordinate.
  const even = key.publicKey[0] === 0x03 ? ecc.privateNegate(key.privateKey) : key.privateKey
  const tweaked = ecc.privateAdd(even, bitcoin.crypto.taggedHash('TapTweak', key.publicKey.slice(1, 33)))
  const publicKey = tweaked ? ecc.pointFromScalar(tweaked, true) : null
  if (!tweaked || !publicKey) throw new PsbtInputError(`The taproot key of ${key.address} cannot be tweaked`)
  return { publicKey, sign: (hash) => ecc.sign(hash, tweaked), signSchnorr: (hash) => ecc.signSchnorr(hash, tweaked) }
}

/** The output script of a dev key's address. */
export function scriptOf(key: DevBitcoinKey): Uint8Array {
  ready()
  return bitcoin.address.toOutputScript(key.address, networkOfAddress(key.address))
}

/** BIP-322's message hash: SHA256(SHA256(tag) ‖ SHA256(tag) ‖ message), tag "BIP0322-signed-message". */
function bip322MessageHash(message: Uint8Array): Uint8Array {
  const tag = bitcoin.crypto.sha256(utf8('BIP0322-signed-message'))
  return bitcoin.crypto.sha256(concat(tag, tag, message))
}

/**
 * Signs `message` with BIP-322 "simple" for the key's address (P2WPKH: SIGHASH_ALL ECDSA; P2TR: SIGHASH_DEFAULT
 * Schnorr with the BIP-86 tweaked key).
 *
 * @returns the serialised witness of the "to_sign" transaction, base64.
 */
export function signBip322(key: DevBitcoinKey, message: Uint8Array): string {
  ready()
  const scriptPubKey = scriptOf(key)
  const toSpend = new bitcoin.Transaction()
  toSpend.version = 0
  toSpend.locktime = 0
  toSpend.addInput(new Uint8Array(32), 0xffffffff, 0, bitcoin.script.compile([bitcoin.opcodes.OP_0!, bip322MessageHash(message)]))
  toSpend.addOutput(scriptPubKey, 0n)

  const toSign = new bitcoin.Transaction()
  toSign.version = 0
  toSign.locktime = 0
  toSign.addInput(toSpend.getHash(), 0, 0)
  toSign.addOutput(Uint8Array.of(bitcoin.opcodes.OP_RETURN!), 0n)

  let witness: Uint8Array[]
  if (key.purpose === 'payment') {
    const scriptCode = bitcoin.payments.p2pkh({ pubkey: key.publicKey }).output!
    const hash = toSign.hashForWitnessV0(0, scriptCode, 0n, bitcoin.Transaction.SIGHASH_ALL)
    witness = [bitcoin.script.signature.encode(ecc.sign(hash, key.privateKey), bitcoin.Transaction.SIGHASH_ALL), key.publicKey]
  } else {
    const hash = toSign.hashForWitnessV1(0, [scriptPubKey], [0n], bitcoin.Transaction.SIGHASH_DEFAULT)
    witness = [signerOf(key).signSchnorr!(hash)]
  }
  return toBase64(concat(varint(witness.length), ...witness.flatMap((item) => [varint(item.length), item])))
}

/**
 * Signs `message` the legacy way: double SHA-256 of "\x18Bitcoin Signed Message:\n" ‖ varint(length) ‖ message, a
 * recoverable ECDSA signature with the untweaked key, header byte per BIP-137 (P2WPKH 39 + recovery id; else the
 * compressed P2PKH 31 + recovery id).
 *
 * @returns the 65 bytes header ‖ r ‖ s, base64.
 */
export function signEcdsaMessage(key: DevBitcoinKey, message: Uint8Array): string {
  ready()
  const hash = bitcoin.crypto.hash256(concat(utf8('\x18Bitcoin Signed Message:\n'), varint(message.length), message))
  const { signature, recoveryId } = ecc.signRecoverable(hash, key.privateKey)
  const header = (key.purpose === 'payment' ? 39 : 31) + recoveryId
  return toBase64(concat(Uint8Array.of(header), signature))
}

/** An unspent output the wallet may spend. `value` in satoshis. */
export type SpendableOutput = { txid: string; vout: number; value: bigint }

/** Virtual size estimate of a transaction spending `inputs` P2WPKH outputs to `outputs` outputs (P2TR-sized, the largest common one). */
export function estimateVsize(inputs: number, outputs: number): number {
  return Math.ceil(10.5 + 68 * inputs + 43 * outputs)
}

/** Change below this is left to the fee instead of making an output (P2WPKH dust limit). */
export const dustLimit = 294n

/** Thrown by {@link buildTransferPsbt} when the UTXOs do not cover amount and fee. */
export class InsufficientFundsError extends BaseError {
  static override docsPath = '/errors/InsufficientFundsError'
  override name = 'InsufficientFundsError'
}

/**
 * Builds the PSBT of a transfer from a payment key: largest UTXOs first until they cover `amount` plus the fee at
 * `feeRate`, one output to `recipientScript`, change back to the key's address when above {@link dustLimit}.
 *
 * @param feeRate satoshis per virtual byte.
 * @returns the unsigned PSBT and the fee it pays (satoshis).
 * @throws InsufficientFundsError naming what is available and what is needed.
 */
export function buildTransferPsbt(parameters: { from: DevBitcoinKey; utxos: readonly SpendableOutput[]; recipientScript: Uint8Array; amount: bigint; feeRate: number }): { psbt: bitcoin.Psbt; fee: bigint } {
  ready()
  const { from, recipientScript, amount, feeRate } = parameters
  const fromScript = scriptOf(from)
  const utxos = [...parameters.utxos].sort((a, b) => (b.value > a.value ? 1 : b.value < a.value ? -1 : 0))
  const chosen: SpendableOutput[] = []
  let total = 0n
  const feeFor = (inputs: number, outputs: number) => BigInt(Math.ceil(estimateVsize(inputs, outputs) * feeRate))
  for (const utxo of utxos) {
    if (total >= amount + feeFor(chosen.length, 2)) break
    chosen.push(utxo)
    total += utxo.value
  }
  let fee = feeFor(chosen.length, 2)
  if (chosen.length === 0 || total < amount + fee) {
    const available = utxos.reduce((a, u) => a + u.value, 0n)
    throw new InsufficientFundsError(`Insufficient funds: ${available} sat available, ${amount + fee} sat needed (${amount} sat and a fee of ${fee} sat)`)
  }
  const psbt = new bitcoin.Psbt({ network: networkOfAddress(from.address) })
  for (const utxo of chosen) psbt.addInput({ hash: utxo.txid, index: utxo.vout, sequence: 0xfffffffd, witnessUtxo: { script: fromScript, value: utxo.value } })
  psbt.addOutput({ script: recipientScript, value: amount })
  const change = total - amount - fee
  if (change >= dustLimit) psbt.addOutput({ script: fromScript, value: change })
  else fee += change
  return { psbt, fee }
}

/**
 * Signs inputs of a PSBT with a dev key (partial signatures; not finalised). For a P2TR key adds `tapInternalKey`
 * when the input lacks it.
 *
 * @throws PsbtInputError when an index is out of range or the input does not pay to the key's address.
 */
export function signPsbtInputs(psbt: bitcoin.Psbt, key: DevBitcoinKey, indexes: readonly number[], sigHash?: number): void {
  ready()
  const script = scriptOf(key)
  for (const index of indexes) {
    const input = psbt.data.inputs[index]
    if (!input) throw new PsbtInputError(`The PSBT has no input ${index}`)
    const owned = input.witnessUtxo?.script
    if (!owned || owned.length !== script.length || !owned.every((b, i) => b === script[i])) throw new PsbtInputError(`Input ${index} does not spend an output of ${key.address}`)
    if (key.purpose === 'ordinals' && !input.tapInternalKey) psbt.updateInput(index, { tapInternalKey: key.publicKey.slice(1, 33) })
    psbt.signInput(index, signerOf(key), sigHash === undefined ? undefined : [sigHash])
  }
}
