/**
 * Test support for the Bitcoin dev stack: raw transactions built and signed by hand. Dev and tests only.
 */
import * as bitcoin from 'bitcoinjs-lib'
import * as ecc from '@bitcoinerlab/secp256k1'
import type { DevBitcoinKey } from './accounts.ts'
import { fromHex } from './utxoIndex.ts'
import type { Utxo } from './utxoIndex.ts'

const network = bitcoin.networks.regtest

/** An output to spend and the dev key that owns it. */
export type Spend = { utxo: Utxo; key: DevBitcoinKey }

/**
 * Builds and signs a raw transaction by hand (no PSBT, so that tests can also build what a PSBT refuses:
 * outputs above inputs, a signature over other bytes). P2WPKH inputs sign BIP-143, P2TR inputs BIP-341 key path.
 */
export function rawTransfer(spends: Spend[], outputs: Array<{ address: string; value: bigint }>, tamper?: (tx: bitcoin.Transaction) => void): string {
  const tx = new bitcoin.Transaction()
  tx.version = 2
  for (const { utxo } of spends) tx.addInput(fromHex(utxo.txid).reverse(), utxo.vout, 0xfffffffd)
  for (const o of outputs) tx.addOutput(bitcoin.address.toOutputScript(o.address, network), o.value)
  const scripts = spends.map((s) => fromHex(s.utxo.scriptPubKey))
  const values = spends.map((s) => s.utxo.value)
  spends.forEach(({ utxo, key }, i) => {
    if (key.purpose === 'payment') {
      const scriptCode = bitcoin.payments.p2pkh({ pubkey: key.publicKey }).output!
      const hash = tx.hashForWitnessV0(i, scriptCode, utxo.value, bitcoin.Transaction.SIGHASH_ALL)
      tx.setWitness(i, [bitcoin.script.signature.encode(ecc.sign(hash, key.privateKey), bitcoin.Transaction.SIGHASH_ALL), key.publicKey])
    } else {
      const internal = key.publicKey.slice(1, 33)
      const tweak = bitcoin.crypto.taggedHash('TapTweak', internal)
      const priv = key.publicKey[0] === 0x03 ? ecc.privateNegate(key.privateKey) : key.privateKey
      const tweaked = ecc.privateAdd(priv, tweak)!
      const hash = tx.hashForWitnessV1(i, scripts, values, bitcoin.Transaction.SIGHASH_DEFAULT)
      tx.setWitness(i, [ecc.signSchnorr(hash, tweaked)])
    }
  })
  tamper?.(tx)
  return tx.toHex()
}
