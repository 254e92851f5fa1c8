/**
 * The Bitcoin adapter's heavy half, loaded with `import()` only when a bip122 call needs it (the lazy-loading rule: a
 * dapp that uses only EVM never loads bitcoinjs-lib): full address decoding per network, checks of a PSBT before it
 * goes to the wallet, and of the PSBT the wallet returns (same transaction, every asked input signed, every signature
 * valid for the key the spent output names), finalisation for broadcast.
 *
 * Never import this module statically from a module that `adapters/eip155.ts` or `ui/createModal.ts` import.
 */
import type * as BitcoinJs from 'bitcoinjs-lib'
import { MissingPeerDependencyError } from './peers.ts'
import { chainOfNetwork, InvalidBitcoinAddressError, InvalidBitcoinRequestError, InvalidSignedPsbtError } from './bip122.standard.ts'
import type { BitcoinChain } from './bip122.standard.ts'
import type { CaipNetwork } from './networks.ts'

/*
 * bitcoinjs-lib and @bitcoinerlab/secp256k1 are optional peer dependencies, imported in a try block:
 * webpack and Turbopack then treat a missing one as optional (no build error) and {@link ready} rejects with
 * MissingPeerDependencyError naming them; Vite gives an empty module instead, caught by the check below.
 *
 * Not a top-level await: one module with a top-level await anywhere in the build makes Rolldown split the page's
 * first JS into many small shared chunks (the EVM-only page's initial JS went from 121 to 126 kB gzip).
 */
let bitcoin: typeof BitcoinJs
let ecc: typeof import('@bitcoinerlab/secp256k1')
let networks: Record<BitcoinChain, BitcoinJs.Network>

/**
 * Resolves once bitcoinjs-lib and its curve library are loaded and set up; every other export needs it first (the
 * adapter's `import()` of this module waits for it).
 * @throws MissingPeerDependencyError (the promise rejects) when either package is missing.
 */
export const ready: Promise<void> = (async () => {
  try {
    ;[bitcoin, ecc] = await Promise.all([import('bitcoinjs-lib'), import('@bitcoinerlab/secp256k1')])
  } catch (cause) {
    throw new MissingPeerDependencyError('bip122', { cause })
  }
  if (typeof bitcoin.initEccLib !== 'function' || typeof ecc.verify !== 'function') throw new MissingPeerDependencyError('bip122')
  bitcoin.initEccLib(ecc)
  networks = {
    'bitcoin:mainnet': bitcoin.networks.bitcoin,
    'bitcoin:testnet': bitcoin.networks.testnet,
    'bitcoin:regtest': bitcoin.networks.regtest,
  }
})()
// Whoever imports the module awaits `ready`; this only keeps a failure from also being reported as unhandled.
ready.catch(() => {})

/** The bitcoinjs-lib network of a bip122 network. @throws UnsupportedBitcoinChainError */
export function bitcoinjsNetwork(network: CaipNetwork): BitcoinJs.Network {
  return networks[chainOfNetwork(network)]
}

/**
 * Decodes an address of `network` (checksum included) to its output script.
 * @throws InvalidBitcoinAddressError for an address of another network (`bc1…`/`tb1…` on regtest) or no address.
 */
export function outputScriptOf(address: string, network: CaipNetwork): Uint8Array {
  try {
    return bitcoin.address.toOutputScript(address, bitcoinjsNetwork(network))
  } catch {
    throw new InvalidBitcoinAddressError(address, network.name)
  }
}

/** One input a wallet must sign: its index and the address (of a connected account) whose output it spends. */
export type PsbtSigningInput = { address: string; index: number }

/**
 * Parses the PSBT the dapp wants signed and checks it before any wallet sees it: base64 BIP-174, every input to sign
 * exists and carries a `witnessUtxo` paying to the address that signs it.
 *
 * @returns the parsed PSBT.
 * @throws InvalidBitcoinRequestError naming what is wrong; InvalidBitcoinAddressError for an address of another network.
 */
export function parseRequestedPsbt(base64: string, network: CaipNetwork, signInputs: readonly PsbtSigningInput[]): BitcoinJs.Psbt {
  let psbt: BitcoinJs.Psbt
  try {
    psbt = bitcoin.Psbt.fromBase64(base64, { network: bitcoinjsNetwork(network) })
  } catch (error) {
    throw new InvalidBitcoinRequestError('The transaction to sign is not a base64 PSBT.', { cause: error })
  }
  if (signInputs.length === 0) throw new InvalidBitcoinRequestError('Name at least one input to sign.')
  for (const { address, index } of signInputs) {
    const input = psbt.data.inputs[index]
    if (!Number.isInteger(index) || !input) throw new InvalidBitcoinRequestError(`The PSBT has no input ${index}.`, { details: `It has ${psbt.inputCount} input(s).` })
    const script = outputScriptOf(address, network)
    if (!input.witnessUtxo) throw new InvalidBitcoinRequestError(`Input ${index} has no witnessUtxo (the output it spends, needed to sign a segwit input).`)
    if (!equalBytes(input.witnessUtxo.script, script)) throw new InvalidBitcoinRequestError(`Input ${index} does not spend an output of ${address}.`)
  }
  return psbt
}

/**
 * Checks the PSBT a wallet returned against the one it was asked to sign.
 *
 * 1. It decodes (else `malformed`).
 * 2. Same transaction: version, locktime, every input (outpoint, sequence, `witnessUtxo`) and output (script, value)
 *    (else `altered`).
 * 3. Every asked input has a signature: a P2WPKH partial signature, a P2TR key-path signature, or a final witness
 *    (else `unsigned`).
 * 4. Every such signature verifies, by the key the spent output commits to, over this transaction (BIP-143 ECDSA,
 *    BIP-341 Schnorr) (else `badSignature`).
 *
 * @returns the returned PSBT, parsed.
 * @throws InvalidSignedPsbtError with `reason` and the input or output at fault in `details`.
 */
export function checkSignedPsbt(requested: BitcoinJs.Psbt, returned: unknown, signInputs: readonly PsbtSigningInput[], network: CaipNetwork): BitcoinJs.Psbt {
  let psbt: BitcoinJs.Psbt
  try {
    if (typeof returned !== 'string') throw new TypeError(`expected a base64 string, got ${typeof returned}`)
    psbt = bitcoin.Psbt.fromBase64(returned, { network: bitcoinjsNetwork(network) })
  } catch (error) {
    throw new InvalidSignedPsbtError('malformed', error instanceof Error ? error.message : String(error))
  }
  const difference = differenceOf(requested, psbt)
  if (difference) throw new InvalidSignedPsbtError('altered', difference)
  const tx = unsignedTransaction(psbt)
  const prevScripts = psbt.data.inputs.map((input) => input.witnessUtxo?.script ?? new Uint8Array())
  const values = psbt.data.inputs.map((input) => input.witnessUtxo?.value ?? 0n)
  for (const { address, index } of signInputs) {
    const problem = verifyInputSignature(psbt, tx, index, prevScripts, values)
    if (problem === 'unsigned') throw new InvalidSignedPsbtError('unsigned', `Input ${index} (${address}) has no signature.`)
    if (problem) throw new InvalidSignedPsbtError('badSignature', `Input ${index} (${address}): ${problem}.`)
  }
  return psbt
}

/**
 * Finalises every input of a signed PSBT and extracts the raw transaction for broadcast.
 * @returns the transaction hex and its txid.
 * @throws InvalidSignedPsbtError (`unsigned`) when an input cannot be finalised (a signature is missing).
 */
export function finalizeTransaction(psbt: BitcoinJs.Psbt): { hex: string; txid: string } {
  const copy = psbt.clone()
  try {
    for (let i = 0; i < copy.inputCount; i++) if (!copy.data.inputs[i]?.finalScriptWitness && !copy.data.inputs[i]?.finalScriptSig) copy.finalizeInput(i)
    const tx = copy.extractTransaction()
    return { hex: tx.toHex(), txid: tx.getId() }
  } catch (error) {
    throw new InvalidSignedPsbtError('unsigned', `The transaction cannot be finalised for broadcast: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** Where two PSBTs' transactions differ, in words; undefined when they are the same transaction. */
function differenceOf(a: BitcoinJs.Psbt, b: BitcoinJs.Psbt): string | undefined {
  if (a.version !== b.version) return `The version changed from ${a.version} to ${b.version}.`
  if (a.locktime !== b.locktime) return `The locktime changed from ${a.locktime} to ${b.locktime}.`
  if (a.inputCount !== b.inputCount) return `The inputs changed: ${a.inputCount} asked, ${b.inputCount} returned.`
  const outsA = a.txOutputs
  const outsB = b.txOutputs
  if (outsA.length !== outsB.length) return `The outputs changed: ${outsA.length} asked, ${outsB.length} returned.`
  for (let i = 0; i < a.inputCount; i++) {
    const x = a.txInputs[i]!
    const y = b.txInputs[i]!
    if (!equalBytes(x.hash, y.hash) || x.index !== y.index) return `Input ${i} spends another output.`
    if (x.sequence !== y.sequence) return `Input ${i}'s sequence changed from ${x.sequence} to ${y.sequence}.`
    const ux = a.data.inputs[i]?.witnessUtxo
    const uy = b.data.inputs[i]?.witnessUtxo
    if (ux && (!uy || ux.value !== uy.value || !equalBytes(ux.script, uy.script))) return `Input ${i}'s spent output (witnessUtxo) changed.`
  }
  for (let i = 0; i < outsA.length; i++) {
    const x = outsA[i]!
    const y = outsB[i]!
    if (!equalBytes(x.script, y.script)) return `Output ${i} pays another script${y.address ? ` (${y.address})` : ''}.`
    if (x.value !== y.value) return `Output ${i}'s amount changed from ${x.value} to ${y.value} sat.`
  }
  return undefined
}

function unsignedTransaction(psbt: BitcoinJs.Psbt): BitcoinJs.Transaction {
  const tx = new bitcoin.Transaction()
  tx.version = psbt.version
  tx.locktime = psbt.locktime
  for (const input of psbt.txInputs) tx.addInput(input.hash, input.index, input.sequence)
  for (const output of psbt.txOutputs) tx.addOutput(output.script, output.value)
  return tx
}

/**
 * Verifies input `i`'s signature: `'unsigned'` when there is none, a reason when it is wrong, undefined when valid.
 * P2WPKH: the public key must hash to the spent output's program and its ECDSA signature verify over the BIP-143
 * sighash. P2TR key path: the Schnorr signature must verify for the output key over the BIP-341 sighash.
 */
function verifyInputSignature(psbt: BitcoinJs.Psbt, tx: BitcoinJs.Transaction, i: number, prevScripts: Uint8Array[], values: bigint[]): string | undefined {
  const input = psbt.data.inputs[i]!
  const script = prevScripts[i]!
  if (script.length === 22 && script[0] === 0x00 && script[1] === 0x14) {
    const pairs: Array<{ pubkey: Uint8Array; signature: Uint8Array }> = [...(input.partialSig ?? [])]
    const witness = input.finalScriptWitness ? decodeWitness(input.finalScriptWitness) : undefined
    if (witness?.length === 2) pairs.push({ signature: witness[0]!, pubkey: witness[1]! })
    if (pairs.length === 0) return 'unsigned'
    for (const { pubkey, signature } of pairs) {
      if (!equalBytes(bitcoin.crypto.hash160(pubkey), script.subarray(2))) return 'the signing key is not the key of the spent output'
      let decoded: { signature: Uint8Array; hashType: number }
      try {
        decoded = bitcoin.script.signature.decode(signature)
      } catch {
        return 'the signature is not a DER signature with a sighash type'
      }
      const hash = tx.hashForWitnessV0(i, bitcoin.payments.p2pkh({ hash: script.subarray(2) }).output!, values[i]!, decoded.hashType)
      if (!ecc.verify(hash, pubkey, decoded.signature)) return 'the ECDSA signature does not verify'
    }
    return undefined
  }
  if (script.length === 34 && script[0] === 0x51 && script[1] === 0x20) {
    const witness = input.finalScriptWitness ? decodeWitness(input.finalScriptWitness) : undefined
    const sig = input.tapKeySig ?? (witness?.length === 1 ? witness[0] : undefined)
    if (!sig) return 'unsigned'
    if (sig.length !== 64 && sig.length !== 65) return 'the Schnorr signature has the wrong length'
    const hashType = sig.length === 65 ? sig[64]! : bitcoin.Transaction.SIGHASH_DEFAULT
    let hash: Uint8Array
    try {
      hash = tx.hashForWitnessV1(i, prevScripts, values, hashType)
    } catch {
      return `the sighash type ${hashType} is not valid`
    }
    if (!ecc.verifySchnorr(hash, script.subarray(2), sig.subarray(0, 64))) return 'the Schnorr signature does not verify'
    return undefined
  }
  return 'only P2WPKH and P2TR key-path inputs can be checked'
}

/** Decodes a serialised witness stack (count, then length-prefixed items). */
function decodeWitness(bytes: Uint8Array): Uint8Array[] {
  let at = 0
  const readVarint = (): number => {
    const first = bytes[at++] ?? 0
    if (first < 0xfd) return first
    const size = first === 0xfd ? 2 : first === 0xfe ? 4 : 8
    let value = 0
    for (let k = 0; k < size; k++) value += (bytes[at++] ?? 0) * 2 ** (8 * k)
    return value
  }
  const items: Uint8Array[] = []
  const count = readVarint()
  for (let k = 0; k < count; k++) {
    const length = readVarint()
    items.push(bytes.subarray(at, at + length))
    at += length
  }
  return items
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i])
}
