/**
 * The local Solana chain: a LiteSVM (the real Solana runtime, in-process) with what a validator adds around it
 * and LiteSVM leaves out — blocks (one per landed transaction), a window of recent blockhashes, a faucet, and
 * the history of every landed transaction by address. `server.ts` puts a JSON-RPC front on it. Dev-only.
 *
 * The ledger speaks `@solana/web3.js` (PublicKey, VersionedTransaction) like the rest of the project; LiteSVM 1.x
 * speaks `@solana/kit` (Address, Transaction), and only this file converts between them (by the wire bytes).
 */
import { Keypair, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { address, getTransactionDecoder, lamports, signature as kitSignature } from '@solana/kit'
import type { Address, Transaction } from '@solana/kit'
import { LiteSVM } from 'litesvm'
import { base58Encode } from '../../adapters/solana.base58.ts'
import { DEV_SOLANA_ACCOUNT_LAMPORTS, devSolanaKeypairs, exchangeSolanaKeypair } from './accounts.ts'
import { toTransactionErrorJson } from './errors.ts'
import { devSplAccounts } from './splSeed.ts'
import { tokenBalancesOf } from './tokenBalances.ts'
import type { TokenBalance } from './tokenBalances.ts'
import type { TransactionErrorJson } from './errors.ts'
import { DevError } from '../errors.ts'

/** How many blocks a blockhash stays usable after it was the latest (a validator's 150). */
export const blockhashValidBlocks = 150
/** What one signature costs (the runtime's default `lamports_per_signature`). */
export const lamportsPerSignature = 5_000
/** What the faucet holds at start: 2^53 − 1 lamports (~9 million SOL), the most a JSON number keeps exactly. */
export const faucetLamports = 9_007_199_254_740_991n
/** The faucet's ed25519 seed: UTF-8 `latchkey/solana/faucet` padded with '.' to 32 bytes. */
export const faucetSeed = new TextEncoder().encode('latchkey/solana/faucet'.padEnd(32, '.'))

/** A transaction that landed in a block (succeeded, or failed in execution and paid its fee). */
export type LedgerEntry = {
  /** Base58 of the first signature. */
  signature: string
  slot: number
  /** Unix seconds. */
  blockTime: number
  transaction: VersionedTransaction
  /** `null` on success. */
  err: TransactionErrorJson | null
  /** Lamports. */
  fee: number
  /** Balances of the message's static account keys before and after, lamports. */
  preBalances: number[]
  postBalances: number[]
  /** The token accounts among those keys, their balances before and after (`tokenBalances.ts`). */
  preTokenBalances: TokenBalance[]
  postTokenBalances: TokenBalance[]
  logs: string[]
  computeUnitsConsumed: number
}

/** An account as the ledger hands it out (web3.js keys, as the RPC shows it). */
export type LedgerAccount = {
  lamports: bigint
  data: Uint8Array
  owner: PublicKey
  executable: boolean
  /** Always 0 (LiteSVM keeps no rent epoch; rent-exempt accounts never collect rent). */
  rentEpoch: bigint
}

/** What {@link SolanaLedger.submit} did with a transaction. */
export type SubmitResult =
  | { landed: true; entry: LedgerEntry }
  /** It never reached a block (bad signature, stale blockhash, unknown payer, already processed…); no fee paid. */
  | { landed: false; signature: string; err: TransactionErrorJson; logs: string[] }

/** What {@link SolanaLedger.simulate} found. */
export type SimulationResult = { err: TransactionErrorJson | null; logs: string[]; unitsConsumed: number; replacementBlockhash?: string }

/** Options of {@link SolanaLedger}. */
export type SolanaLedgerOptions = {
  /** Fund the five dev accounts and the reference exchange's hot wallet (`accounts.ts`) with 100 SOL and 1 000 dUSDC each. Default true. */
  fundDevAccounts?: boolean
  /** More accounts to fund at start, lamports each. */
  fund?: ReadonlyArray<{ address: string; lamports: bigint }>
  /** Unix time source in ms; default `Date.now`. */
  now?: () => number
}

/** A web3.js key as LiteSVM's kit `Address`. */
const addressOf = (key: PublicKey): Address => address(key.toBase58())

/**
 * A web3.js transaction as LiteSVM's kit `Transaction` (its wire bytes decoded: the message bytes and the signatures by
 * signer, an all-zero one as missing), for `ledger.svm`'s `sendTransaction` and `simulateTransaction`.
 */
export const kitTransactionOf = (transaction: VersionedTransaction): Transaction => getTransactionDecoder().decode(transaction.serialize())

/** Whether a required signature is missing (all zeros): the runtime's signature check fails it (SignatureFailure). */
const lacksSignature = (transaction: VersionedTransaction): boolean => transaction.signatures.some((s) => s.every((byte) => byte === 0))

/**
 * The chain state behind the local RPC. Every method is synchronous (LiteSVM is), so requests never interleave.
 *
 * Blocks: slot = block height, starting at 0; each landed transaction (airdrops included) makes one block and a
 * new latest blockhash. A blockhash is usable for {@link blockhashValidBlocks} blocks after it was the latest.
 *
 * @throws Error from the constructor when a `fund` address is not a public key or funding fails.
 */
export class SolanaLedger {
  /** The runtime itself, for tests that need to reach past the RPC (`setAccount`, `warpToSlot`…). */
  readonly svm: LiteSVM
  /** The faucet keypair that pays airdrops and start-up funding. */
  readonly faucet: Keypair
  #slot = 0
  readonly #now: () => number
  /** Recent blockhashes → last valid block height. */
  readonly #blockhashes = new Map<string, number>()
  readonly #bySignature = new Map<string, LedgerEntry>()
  /** Entries per address, oldest first. */
  readonly #byAddress = new Map<string, LedgerEntry[]>()
  #transactionCount = 0

  constructor(options: SolanaLedgerOptions = {}) {
    this.#now = options.now ?? Date.now
    // LiteSVM checks only "the latest blockhash"; the ledger keeps a validator's window itself (see #checkBlockhash).
    this.svm = new LiteSVM().withBlockhashCheck(false)
    this.faucet = Keypair.fromSeed(faucetSeed)
    this.#setAccount(this.faucet.publicKey, { lamports: faucetLamports, data: new Uint8Array(), owner: SystemProgram.programId })
    this.#rememberBlockhash()
    this.#setClock()
    // The dev accounts and the reference exchange's hot wallet (accounts.ts), funded alike.
    const holders = options.fundDevAccounts === false ? [] : [...devSolanaKeypairs(), exchangeSolanaKeypair()].map((k) => k.publicKey)
    const funding = [...holders.map((key) => ({ address: key.toBase58(), lamports: DEV_SOLANA_ACCOUNT_LAMPORTS })), ...(options.fund ?? [])]
    for (const { address, lamports } of funding) {
      const result = this.airdrop(new PublicKey(address), lamports)
      if (!result.landed || result.entry.err) throw new DevError(`Could not fund ${address} with ${lamports} lamports: ${JSON.stringify(result.landed ? result.entry.err : result.err)}`)
    }
    // The dev SPL token (tokens.ts): its mint and the dev accounts' holdings, written as genesis accounts.
    if (options.fundDevAccounts !== false) {
      for (const { address, data, owner } of devSplAccounts(this.faucet.publicKey, holders)) {
        this.#setAccount(address, { lamports: this.minimumBalanceForRentExemption(data.length), data, owner })
      }
    }
  }

  /** The current slot (= block height). */
  get slot(): number {
    return this.#slot
  }

  /** How many transactions landed (airdrops included). */
  get transactionCount(): number {
    return this.#transactionCount
  }

  /** The latest blockhash and the last block height at which a transaction using it can land. */
  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number } {
    const blockhash = this.svm.latestBlockhash()
    return { blockhash, lastValidBlockHeight: this.#blockhashes.get(blockhash) ?? this.#slot + blockhashValidBlocks }
  }

  /** Whether a transaction with this recent blockhash can still land. */
  isBlockhashValid(blockhash: string): boolean {
    const lastValid = this.#blockhashes.get(blockhash)
    return lastValid !== undefined && lastValid >= this.#slot
  }

  /** Lamports of an address; 0 when the account does not exist. */
  getBalance(key: PublicKey): bigint {
    return this.svm.getBalance(addressOf(key)) ?? 0n
  }

  /** The account, or null when it does not exist. */
  getAccount(key: PublicKey): LedgerAccount | null {
    const account = this.svm.getAccount(addressOf(key))
    if (!account.exists) return null
    return { lamports: account.lamports, data: account.data, owner: new PublicKey(account.programAddress), executable: account.executable, rentEpoch: 0n }
  }

  /** Lamports an account with `dataLength` bytes of data needs to be rent-exempt (890 880 for 0 bytes). */
  minimumBalanceForRentExemption(dataLength: number): bigint {
    return this.svm.minimumBalanceForRentExemption(BigInt(dataLength))
  }

  /**
   * Runs a transaction without keeping its effects (a node's `simulateTransaction` and preflight).
   *
   * @param options.sigVerify check signatures (a real node's default for preflight; off for `simulateTransaction`).
   * @param options.replaceRecentBlockhash run it with the latest blockhash instead of its own.
   */
  simulate(transaction: VersionedTransaction, options: { sigVerify: boolean; replaceRecentBlockhash?: boolean }): SimulationResult {
    let replacementBlockhash: string | undefined
    if (options.replaceRecentBlockhash) {
      replacementBlockhash = this.svm.latestBlockhash()
      transaction.message.recentBlockhash = replacementBlockhash
    }
    const signature = signatureOf(transaction)
    if (this.#bySignature.has(signature)) return { err: 'AlreadyProcessed', logs: [], unitsConsumed: 0 }
    if (!this.isBlockhashValid(transaction.message.recentBlockhash)) return { err: 'BlockhashNotFound', logs: [], unitsConsumed: 0 }
    if (options.sigVerify && lacksSignature(transaction)) return { err: 'SignatureFailure', logs: [], unitsConsumed: 0 }
    if (!options.sigVerify) this.svm.withSigverify(false)
    try {
      const result = this.svm.simulateTransaction(kitTransactionOf(transaction))
      const meta = result.meta()
      const err = 'err' in result ? toTransactionErrorJson(result.err()) : null
      return { err, logs: meta.logs(), unitsConsumed: Number(meta.computeUnitsConsumed()), ...(replacementBlockhash ? { replacementBlockhash } : {}) }
    } catch (error) {
      return { err: 'SanitizeFailure', logs: [messageOf(error)], unitsConsumed: 0 }
    } finally {
      if (!options.sigVerify) this.svm.withSigverify(true)
    }
  }

  /**
   * Executes a transaction (no preflight). A transaction that lands — succeeded, or failed in execution and paid
   * its fee — is recorded and makes a new block; one that cannot land (bad signature, stale blockhash, a payer
   * without funds, a duplicate) changes nothing.
   */
  submit(transaction: VersionedTransaction): SubmitResult {
    const signature = signatureOf(transaction)
    if (this.#bySignature.has(signature)) return { landed: false, signature, err: 'AlreadyProcessed', logs: [] }
    if (!this.isBlockhashValid(transaction.message.recentBlockhash)) return { landed: false, signature, err: 'BlockhashNotFound', logs: [] }
    if (lacksSignature(transaction)) return { landed: false, signature, err: 'SignatureFailure', logs: [] }
    const keys = transaction.message.staticAccountKeys
    const preBalances = keys.map((key) => Number(this.getBalance(key)))
    const preTokenBalances = tokenBalancesOf(keys, (key) => this.getAccount(key))
    let result: ReturnType<LiteSVM['sendTransaction']>
    try {
      result = this.svm.sendTransaction(kitTransactionOf(transaction))
    } catch (error) {
      return { landed: false, signature, err: 'SanitizeFailure', logs: [messageOf(error)] }
    }
    const meta = 'err' in result ? result.meta() : result
    const err = 'err' in result ? toTransactionErrorJson(result.err()) : null
    const landed = err === null || (err !== 'AlreadyProcessed' && this.svm.getTransaction(kitSignature(signature)) !== null)
    if (!landed) return { landed: false, signature, err: err ?? 'SanitizeFailure', logs: meta.logs() }
    const entry: LedgerEntry = {
      signature,
      slot: this.#slot,
      blockTime: Math.floor(this.#now() / 1000),
      transaction,
      err,
      fee: feeOf(meta, transaction),
      preBalances,
      postBalances: keys.map((key) => Number(this.getBalance(key))),
      preTokenBalances,
      postTokenBalances: tokenBalancesOf(keys, (key) => this.getAccount(key)),
      logs: meta.logs(),
      computeUnitsConsumed: Number(meta.computeUnitsConsumed()),
    }
    this.#record(entry)
    this.#produceBlock()
    return { landed: true, entry }
  }

  /**
   * Sends `lamports` from the faucet to `to` in a real transfer transaction (so it has a signature, a status and
   * a place in both histories). Fails like any transfer: below the rent-exempt minimum for a new account, or
   * more than the faucet holds.
   */
  airdrop(to: PublicKey, lamports: bigint): SubmitResult {
    const message = new TransactionMessage({
      payerKey: this.faucet.publicKey,
      recentBlockhash: this.svm.latestBlockhash(),
      instructions: [SystemProgram.transfer({ fromPubkey: this.faucet.publicKey, toPubkey: to, lamports })],
    }).compileToLegacyMessage()
    const transaction = new VersionedTransaction(message)
    transaction.sign([this.faucet])
    return this.submit(transaction)
  }

  /** The landed transaction with this base58 signature, if any. */
  getEntry(signature: string): LedgerEntry | undefined {
    return this.#bySignature.get(signature)
  }

  /** Landed transactions that name `address` among their account keys, newest first. */
  entriesFor(address: string): LedgerEntry[] {
    return [...(this.#byAddress.get(address) ?? [])].reverse()
  }

  /** Writes an account straight into the runtime (genesis accounts: no transaction, no block). */
  #setAccount(key: PublicKey, account: { lamports: bigint; data: Uint8Array; owner: PublicKey }): void {
    this.svm.setAccount({ address: addressOf(key), lamports: lamports(account.lamports), data: account.data, programAddress: addressOf(account.owner), executable: false, space: BigInt(account.data.length) })
  }

  #record(entry: LedgerEntry): void {
    this.#bySignature.set(entry.signature, entry)
    this.#transactionCount++
    const seen = new Set<string>()
    for (const key of entry.transaction.message.staticAccountKeys) {
      const address = key.toBase58()
      if (seen.has(address)) continue
      seen.add(address)
      const list = this.#byAddress.get(address)
      if (list) list.push(entry)
      else this.#byAddress.set(address, [entry])
    }
  }

  /** A new block: the slot moves on, the blockhash changes, hashes older than the window are forgotten. */
  #produceBlock(): void {
    this.#slot++
    this.svm.warpToSlot(BigInt(this.#slot))
    this.svm.expireBlockhash()
    this.#rememberBlockhash()
    this.#setClock()
    for (const [hash, lastValid] of this.#blockhashes) if (lastValid < this.#slot) this.#blockhashes.delete(hash)
  }

  #rememberBlockhash(): void {
    this.#blockhashes.set(this.svm.latestBlockhash(), this.#slot + blockhashValidBlocks)
  }

  /** Keeps the Clock sysvar's slot and unix time in step with the ledger. */
  #setClock(): void {
    const clock = this.svm.getClock()
    clock.slot = BigInt(this.#slot)
    clock.unixTimestamp = BigInt(Math.floor(this.#now() / 1000))
    this.svm.setClock(clock)
  }
}

/** Base58 of a transaction's first signature (all zeros when unsigned). */
export function signatureOf(transaction: VersionedTransaction): string {
  return base58Encode(transaction.signatures[0] ?? new Uint8Array(64))
}

/** The fee LiteSVM charged (it prints it in its metadata), else lamportsPerSignature per required signature. */
function feeOf(meta: { toString(): string }, transaction: VersionedTransaction): number {
  const match = /\bfee: (\d+)/.exec(meta.toString())
  return match?.[1] ? Number(match[1]) : lamportsPerSignature * transaction.message.header.numRequiredSignatures
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
