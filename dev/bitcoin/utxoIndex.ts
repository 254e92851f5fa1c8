/**
 * A regtest-style Bitcoin UTXO index for the dev stack: there is no bitcoind on these machines
 * (`shared/notes/local-stack.md`), so the reference API server keeps the UTXO set itself.
 *
 * - Genesis: one coinbase-like funding transaction per funded address (block 0).
 * - {@link UtxoIndex.broadcast}: parses a signed transaction, checks that every input spends an unspent output of
 *   the set, verifies every input's signature (P2WPKH ECDSA and P2TR key-path Schnorr, with the real BIP-143 and
 *   BIP-341 sighashes), checks that the outputs do not exceed the inputs (fee ≥ 0), then "mines" it at once in a
 *   block of its own (height + 1, the clock's time), like a regtest node with automatic mining.
 * - Reads: {@link UtxoIndex.utxos}, {@link UtxoIndex.balance}, {@link UtxoIndex.history}, {@link UtxoIndex.getTx}.
 *
 * Not modelled: a mempool (everything is confirmed at once), coinbase maturity (funding outputs are spendable at
 * once), script-path taproot spends, legacy and P2SH inputs (refused as unsupported; outputs to any address are
 * fine), relay policy (dust, fee rate). Amounts are bigint satoshis. Dev-only: never imported by the library.
 */
import * as bitcoin from 'bitcoinjs-lib'
import * as ecc from '@bitcoinerlab/secp256k1'
import { BaseError } from '../../adapters/errors.ts'
import { DEV_BITCOIN_BALANCE, DEV_BITCOIN_PAYMENT_ADDRESSES } from './accounts.ts'

bitcoin.initEccLib(ecc)

/** Why {@link UtxoIndex.broadcast} refused a transaction. */
export type RefusalCode = 'MALFORMED' | 'MISSING_INPUT' | 'DOUBLE_SPEND' | 'BAD_SIGNATURE' | 'UNSUPPORTED_SCRIPT' | 'OUTPUTS_EXCEED_INPUTS'

/** Base class of every refusal of {@link UtxoIndex.broadcast}: `code` says which rule the transaction broke. */
export class TransactionRefusedError extends BaseError {
  override name = 'TransactionRefusedError'
  code: RefusalCode
  /** The input the refusal is about, when it is about one. */
  inputIndex: number | undefined
  constructor(code: RefusalCode, shortMessage: string, args: { inputIndex?: number; details?: string; cause?: unknown } = {}) {
    super(shortMessage, { ...(args.details ? { details: args.details } : {}), ...(args.cause ? { cause: args.cause } : {}) })
    this.code = code
    this.inputIndex = args.inputIndex
  }
}
/** The hex does not decode to a transaction with inputs and outputs (or is a coinbase, which only the index makes). */
export class MalformedTransactionError extends TransactionRefusedError {
  override name = 'MalformedTransactionError'
  constructor(reason: string, cause?: unknown) {
    super('MALFORMED', `Malformed transaction: ${reason}`, cause ? { cause, details: cause instanceof Error ? cause.message : String(cause) } : {})
  }
}
/** An input spends an output the index has never seen. */
export class MissingInputError extends TransactionRefusedError {
  override name = 'MissingInputError'
  constructor(inputIndex: number, outpoint: string) {
    super('MISSING_INPUT', `Input ${inputIndex} spends ${outpoint}, which is not an output of any known transaction`, { inputIndex })
  }
}
/** An input spends an output that is already spent (by another transaction, or twice in this one). */
export class DoubleSpendError extends TransactionRefusedError {
  override name = 'DoubleSpendError'
  constructor(inputIndex: number, outpoint: string, spentBy: string) {
    super('DOUBLE_SPEND', `Input ${inputIndex} spends ${outpoint}, which is already spent by ${spentBy}`, { inputIndex })
  }
}
/** An input's witness does not hold a valid signature of this transaction by the output's key. */
export class BadSignatureError extends TransactionRefusedError {
  override name = 'BadSignatureError'
  constructor(inputIndex: number, reason: string) {
    super('BAD_SIGNATURE', `Input ${inputIndex} has no valid signature: ${reason}`, { inputIndex })
  }
}
/** An input spends an output whose script the dev index cannot verify (anything but P2WPKH and P2TR key path). */
export class UnsupportedScriptError extends TransactionRefusedError {
  override name = 'UnsupportedScriptError'
  constructor(inputIndex: number, reason: string) {
    super('UNSUPPORTED_SCRIPT', `Input ${inputIndex}: ${reason} (the dev index verifies P2WPKH and P2TR key-path spends only)`, { inputIndex })
  }
}
/** The outputs add up to more than the inputs (a negative fee). */
export class OutputsExceedInputsError extends TransactionRefusedError {
  override name = 'OutputsExceedInputsError'
  constructor(inputs: bigint, outputs: bigint) {
    super('OUTPUTS_EXCEED_INPUTS', `Outputs (${outputs} sat) exceed inputs (${inputs} sat)`)
  }
}
/** An address that is not an address of the index's network (e.g. a `bc1…` or `tb1…` address on regtest). */
export class InvalidBitcoinAddressError extends BaseError {
  override name = 'InvalidBitcoinAddressError'
  constructor(address: string, networkName: string) {
    super(`'${address}' is not a ${networkName} address`, { details: describeAddressNetwork(address) })
  }
}

/** Where and when a transaction was included ("mined"). */
export type TxStatus = {
  /** Block height: 0 for the funding transactions, then one block per broadcast transaction. */
  height: number
  /** The (made-up, deterministic) block hash, hex. */
  blockHash: string
  /** Block time, Unix seconds. */
  time: number
}

/** An output of a transaction. `address` is null for scripts without an address form (OP_RETURN). */
export type IndexedOutput = { value: bigint; scriptPubKey: string; address: string | null }

/** An input of a transaction with the output it spends (`prevout`, null for the funding coinbases). */
export type IndexedInput = {
  txid: string
  vout: number
  sequence: number
  scriptSig: string
  witness: string[]
  coinbase: boolean
  prevout: IndexedOutput | null
}

/** A transaction of the index (all confirmed). `fee` in satoshis; `size`, `vsize` in bytes, `weight` in weight units. */
export type IndexedTransaction = {
  txid: string
  hex: string
  version: number
  locktime: number
  size: number
  vsize: number
  weight: number
  fee: bigint
  inputs: IndexedInput[]
  outputs: IndexedOutput[]
  status: TxStatus
}

/** An unspent output. */
export type Utxo = { txid: string; vout: number; value: bigint; scriptPubKey: string; address: string | null; status: TxStatus }

/**
 * What an address received and spent: counts of outputs and their sums in satoshis (Esplora's `chain_stats`),
 * and `balance` = `fundedSum` − `spentSum`.
 */
export type AddressSummary = {
  address: string
  fundedCount: number
  fundedSum: bigint
  spentCount: number
  spentSum: bigint
  txCount: number
  balance: bigint
}

/** Options of {@link createUtxoIndex}. */
export type CreateUtxoIndexParameters = {
  /** The network whose addresses the index accepts; default regtest (`bcrt1…`). */
  network?: bitcoin.Network
  /** A display name for errors; default 'Bitcoin Regtest'. */
  networkName?: string
  /** The funding of the genesis block: one coinbase-like transaction per entry, in order. Sats > 0. */
  funded: ReadonlyArray<{ address: string; sats: bigint }>
  /** Clock for block times, Unix ms; default `Date.now`. */
  now?: () => number
}

/** The in-memory UTXO set of one dev chain. */
export type UtxoIndex = {
  readonly network: bitcoin.Network
  readonly networkName: string
  /** The newest block. */
  tip(): TxStatus
  /**
   * Verifies and applies a signed transaction (see the module comment), mining it in a new block.
   *
   * @param txHex the raw transaction, hex (segwit serialisation).
   * @returns the txid (hex, display order).
   * @throws MalformedTransactionError, MissingInputError, DoubleSpendError, BadSignatureError,
   *   UnsupportedScriptError, OutputsExceedInputsError (all {@link TransactionRefusedError}s with a `code`).
   */
  broadcast(txHex: string): { txid: string }
  /**
   * The unspent outputs of an address, oldest first.
   * @throws InvalidBitcoinAddressError for an address of another network or no address at all.
   */
  utxos(address: string): Utxo[]
  /**
   * What the address received and spent, see {@link AddressSummary}.
   * @throws InvalidBitcoinAddressError
   */
  balance(address: string): AddressSummary
  /**
   * The transactions that pay to or spend from the address, newest first.
   * @throws InvalidBitcoinAddressError
   */
  history(address: string): IndexedTransaction[]
  /** A transaction by txid (hex, display order), or undefined. */
  getTx(txid: string): IndexedTransaction | undefined
  /**
   * Checks that an address belongs to the index's network and returns its output script.
   * @throws InvalidBitcoinAddressError
   */
  outputScript(address: string): Uint8Array
}

type Spendable = { output: IndexedOutput; txid: string; vout: number; status: TxStatus; spentBy?: string }

/**
 * Creates the index with its genesis block: one coinbase-like funding transaction per `funded` entry.
 *
 * @throws InvalidBitcoinAddressError when a funded address is not of `network`.
 * @throws RangeError when a funded amount is not positive.
 * @example
 * const index = createUtxoIndex({ funded: [{ address: 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw', sats: 100_000_000n }] })
 * index.balance('bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw').balance // 100000000n
 * index.broadcast(signedHex) // { txid }
 */
export function createUtxoIndex(parameters: CreateUtxoIndexParameters): UtxoIndex {
  const network = parameters.network ?? bitcoin.networks.regtest
  const networkName = parameters.networkName ?? 'Bitcoin Regtest'
  const now = parameters.now ?? Date.now

  const transactions = new Map<string, IndexedTransaction>()
  /** Outputs by outpoint `txid:vout`. */
  const outputs = new Map<string, Spendable>()
  /** Txids touching a script (hex), in order of inclusion. */
  const byScript = new Map<string, string[]>()
  let tip: TxStatus

  const outputScript = (address: string): Uint8Array => {
    try {
      return bitcoin.address.toOutputScript(address, network)
    } catch {
      throw new InvalidBitcoinAddressError(address, networkName)
    }
  }
  const addressOf = (script: Uint8Array): string | null => {
    try {
      return bitcoin.address.fromOutputScript(script, network)
    } catch {
      return null
    }
  }
  const touch = (scriptHex: string, txid: string): void => {
    const list = byScript.get(scriptHex) ?? []
    if (list.at(-1) !== txid) list.push(txid)
    byScript.set(scriptHex, list)
  }
  const mine = (txids: readonly string[]): TxStatus => {
    const height = tip ? tip.height + 1 : 0
    const previous = tip ? fromHex(tip.blockHash) : new Uint8Array(32)
    const header = new Uint8Array([...previous, ...new TextEncoder().encode(`${height}:${txids.join(',')}`)])
    return { height, blockHash: toHex(bitcoin.crypto.hash256(header).reverse()), time: Math.floor(now() / 1000) }
  }
  const record = (tx: bitcoin.Transaction, inputs: IndexedInput[], fee: bigint, status: TxStatus): IndexedTransaction => {
    const txid = tx.getId()
    const outs: IndexedOutput[] = tx.outs.map((o) => ({ value: o.value, scriptPubKey: toHex(o.script), address: addressOf(o.script) }))
    const indexed: IndexedTransaction = {
      txid,
      hex: tx.toHex(),
      version: tx.version,
      locktime: tx.locktime,
      size: tx.byteLength(),
      vsize: tx.virtualSize(),
      weight: tx.weight(),
      fee,
      inputs,
      outputs: outs,
      status,
    }
    transactions.set(txid, indexed)
    for (const input of inputs) if (input.prevout) touch(input.prevout.scriptPubKey, txid)
    outs.forEach((output, vout) => {
      outputs.set(`${txid}:${vout}`, { output, txid, vout, status })
      touch(output.scriptPubKey, txid)
    })
    return indexed
  }

  // Genesis: one coinbase-like transaction per funded address. The coinbase script holds the entry's index, so
  // two fundings of the same address get different txids.
  const funding = parameters.funded.map(({ address, sats }, i) => {
    if (typeof sats !== 'bigint' || sats <= 0n) throw new RangeError(`Funding of ${address} must be a positive bigint of satoshis, got ${String(sats)}`)
    const tx = new bitcoin.Transaction()
    tx.version = 2
    tx.addInput(new Uint8Array(32), 0xffffffff, 0xffffffff, bitcoin.script.compile([bitcoin.script.number.encode(0), bitcoin.script.number.encode(i + 1)]))
    tx.addOutput(outputScript(address), sats)
    return tx
  })
  tip = mine(funding.map((tx) => tx.getId()))
  for (const tx of funding) {
    const input = tx.ins[0]!
    record(tx, [{ txid: '0'.repeat(64), vout: 0xffffffff, sequence: input.sequence, scriptSig: toHex(input.script), witness: [], coinbase: true, prevout: null }], 0n, tip)
  }

  const summary = (address: string): AddressSummary => {
    const scriptHex = toHex(outputScript(address))
    const result: AddressSummary = { address, fundedCount: 0, fundedSum: 0n, spentCount: 0, spentSum: 0n, txCount: byScript.get(scriptHex)?.length ?? 0, balance: 0n }
    for (const spendable of outputs.values()) {
      if (spendable.output.scriptPubKey !== scriptHex) continue
      result.fundedCount += 1
      result.fundedSum += spendable.output.value
      if (spendable.spentBy) {
        result.spentCount += 1
        result.spentSum += spendable.output.value
      }
    }
    result.balance = result.fundedSum - result.spentSum
    return result
  }

  return {
    network,
    networkName,
    tip: () => ({ ...tip }),
    outputScript,
    broadcast(txHex) {
      const tx = parseTransaction(txHex)
      const txid = tx.getId()
      const claimed = new Map<string, number>()
      const spent: Spendable[] = tx.ins.map((input, i) => {
        const outpoint = `${toHex(Uint8Array.from(input.hash).reverse())}:${input.index}`
        const earlier = claimed.get(outpoint)
        if (earlier !== undefined) throw new DoubleSpendError(i, outpoint, `input ${earlier} of this transaction`)
        claimed.set(outpoint, i)
        const spendable = outputs.get(outpoint)
        if (!spendable) throw new MissingInputError(i, outpoint)
        if (spendable.spentBy) throw new DoubleSpendError(i, outpoint, spendable.spentBy)
        return spendable
      })
      const prevScripts = spent.map((s) => fromHex(s.output.scriptPubKey))
      const values = spent.map((s) => s.output.value)
      tx.ins.forEach((_, i) => verifyInput(tx, i, prevScripts, values))
      const inSum = values.reduce((a, b) => a + b, 0n)
      const outSum = tx.outs.reduce((a, o) => a + o.value, 0n)
      if (outSum > inSum) throw new OutputsExceedInputsError(inSum, outSum)

      tip = mine([txid])
      const inputs: IndexedInput[] = tx.ins.map((input, i) => {
        const s = spent[i]!
        s.spentBy = txid
        return { txid: s.txid, vout: s.vout, sequence: input.sequence, scriptSig: toHex(input.script), witness: input.witness.map(toHex), coinbase: false, prevout: s.output }
      })
      record(tx, inputs, inSum - outSum, tip)
      return { txid }
    },
    utxos(address) {
      const scriptHex = toHex(outputScript(address))
      return [...outputs.values()]
        .filter((s) => !s.spentBy && s.output.scriptPubKey === scriptHex)
        .map((s) => ({ txid: s.txid, vout: s.vout, value: s.output.value, scriptPubKey: s.output.scriptPubKey, address: s.output.address, status: s.status }))
    },
    balance: summary,
    history(address) {
      const scriptHex = toHex(outputScript(address))
      return (byScript.get(scriptHex) ?? []).map((txid) => transactions.get(txid)!).reverse()
    },
    getTx: (txid) => transactions.get(txid.toLowerCase()),
  }
}

/**
 * The dev stack's index: each of the 5 dev payment addresses (`DEV_BITCOIN_PAYMENT_ADDRESSES`, P2WPKH `bcrt1q…`)
 * funded with {@link DEV_BITCOIN_BALANCE} (1 BTC) at genesis, in account order. The reference API server holds one.
 *
 * @param options `now` (clock, Unix ms) and extra `funded` entries appended after the dev accounts.
 */
export function createDevUtxoIndex(options: { now?: () => number; funded?: CreateUtxoIndexParameters['funded'] } = {}): UtxoIndex {
  return createUtxoIndex({
    funded: [...DEV_BITCOIN_PAYMENT_ADDRESSES.map((address) => ({ address, sats: DEV_BITCOIN_BALANCE })), ...(options.funded ?? [])],
    ...(options.now ? { now: options.now } : {}),
  })
}

/**
 * Decodes raw transaction hex.
 * @throws MalformedTransactionError
 */
function parseTransaction(txHex: unknown): bitcoin.Transaction {
  if (typeof txHex !== 'string' || txHex.length === 0) throw new MalformedTransactionError('expected the raw transaction as a hex string')
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(txHex)) throw new MalformedTransactionError('not hex (expected an even number of 0-9, a-f digits)')
  let tx: bitcoin.Transaction
  try {
    tx = bitcoin.Transaction.fromHex(txHex)
  } catch (error) {
    throw new MalformedTransactionError('the bytes do not decode to a transaction', error)
  }
  if (tx.ins.length === 0) throw new MalformedTransactionError('no inputs')
  if (tx.outs.length === 0) throw new MalformedTransactionError('no outputs')
  if (tx.isCoinbase()) throw new MalformedTransactionError('coinbase transactions are made by the index only')
  return tx
}

/**
 * Verifies input `i`'s witness against the output it spends: P2WPKH (`OP_0 <20 bytes>`: witness `[sig, pubkey]`,
 * BIP-143 sighash, ECDSA) or P2TR key path (`OP_1 <32 bytes>`: witness `[sig]`, BIP-341 sighash, Schnorr).
 *
 * @throws BadSignatureError, UnsupportedScriptError
 */
function verifyInput(tx: bitcoin.Transaction, i: number, prevScripts: Uint8Array[], values: bigint[]): void {
  const input = tx.ins[i]!
  const script = prevScripts[i]!
  const witness = input.witness
  if (script.length === 22 && script[0] === 0x00 && script[1] === 0x14) {
    if (input.script.length > 0) throw new BadSignatureError(i, 'a native segwit input must have an empty scriptSig')
    if (witness.length !== 2) throw new BadSignatureError(i, `a P2WPKH witness has 2 items (signature, public key), this one has ${witness.length}`)
    const [encoded, pubkey] = witness as [Uint8Array, Uint8Array]
    if (pubkey.length !== 33 || !ecc.isPoint(pubkey)) throw new BadSignatureError(i, 'the public key is not a compressed secp256k1 point')
    if (!equalBytes(bitcoin.crypto.hash160(pubkey), script.subarray(2))) throw new BadSignatureError(i, 'the public key does not match the output it spends')
    let decoded: { signature: Uint8Array; hashType: number }
    try {
      decoded = bitcoin.script.signature.decode(encoded)
    } catch (error) {
      throw new BadSignatureError(i, `the signature is not DER with a sighash type (${error instanceof Error ? error.message : String(error)})`)
    }
    const scriptCode = bitcoin.payments.p2pkh({ hash: script.subarray(2) }).output!
    const hash = tx.hashForWitnessV0(i, scriptCode, values[i]!, decoded.hashType)
    if (!ecc.verify(hash, pubkey, decoded.signature)) throw new BadSignatureError(i, 'the ECDSA signature does not verify')
    return
  }
  if (script.length === 34 && script[0] === 0x51 && script[1] === 0x20) {
    if (input.script.length > 0) throw new BadSignatureError(i, 'a native segwit input must have an empty scriptSig')
    if (witness.length !== 1) throw new UnsupportedScriptError(i, 'a taproot witness with more than one item (script path or annex)')
    const sig = witness[0]!
    if (sig.length !== 64 && sig.length !== 65) throw new BadSignatureError(i, `a Schnorr signature has 64 or 65 bytes, this one has ${sig.length}`)
    const hashType = sig.length === 65 ? sig[64]! : bitcoin.Transaction.SIGHASH_DEFAULT
    if (sig.length === 65 && hashType === bitcoin.Transaction.SIGHASH_DEFAULT) throw new BadSignatureError(i, 'an explicit sighash type 0x00 is not allowed')
    let hash: Uint8Array
    try {
      hash = tx.hashForWitnessV1(i, prevScripts, values, hashType)
    } catch (error) {
      throw new BadSignatureError(i, `invalid sighash type 0x${hashType.toString(16)} (${error instanceof Error ? error.message : String(error)})`)
    }
    if (!ecc.verifySchnorr(hash, script.subarray(2), sig.subarray(0, 64))) throw new BadSignatureError(i, 'the Schnorr signature does not verify')
    return
  }
  throw new UnsupportedScriptError(i, `it spends an output with script ${toHex(script)}`)
}

/** Names the network an address looks like it belongs to, for error details. */
function describeAddressNetwork(address: string): string {
  const lower = address.toLowerCase()
  if (lower.startsWith('bcrt1')) return 'It looks like a regtest address.'
  if (lower.startsWith('bc1') || /^[13]/.test(address)) return 'It looks like a Bitcoin mainnet address.'
  if (lower.startsWith('tb1')) return 'It looks like a Bitcoin testnet address.'
  return 'It is not a Bitcoin address.'
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i])
}

/** Bytes → lower-case hex. */
export function toHex(bytes: Uint8Array): string {
  let out = ''
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0')
  return out
}

/** Hex → bytes (the caller checked the hex). */
export function fromHex(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return out
}
