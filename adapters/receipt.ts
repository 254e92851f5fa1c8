import { hexToBigInt, isAddressEqual, numberToHex } from 'viem'
import type { Address, Hex } from 'viem'
import { callForeign, type TimerClock } from './boundary.ts'
import { InvalidProviderResponseError, ProviderRpcError, RequestTimeoutError, toProviderError } from './errors.ts'
import type { Eip1193Provider, TransactionReplacement, TransferReceipt } from './types.ts'

/**
 * The one rule for waiting on a transaction's end (spec §4 Send: a send, a swap's approval and swap wait for the
 * chain; §9 "RPC default timeout 10 s with 3 retries"): **only the chain decides how a sent transaction ended.**
 *
 * - Mined with status 1 is `success`, mined with status 0 is `reverted` (the chain's answer, never a guess).
 * - A look that fails for a reason that may pass (HTTP 5xx, 429, a timeout, a dropped connection, JSON-RPC -32603 /
 *   -32000 / -32005, a malformed answer, a `null` receipt) is looked again, after {@link receiptTiming.pollInterval}
 *   and, for errors, a back-off that doubles up to {@link receiptTiming.backoffMax}: a poll that failed says nothing
 *   about the transaction.
 * - Past {@link receiptTiming.receiptTimeout}, or on an error that will not pass by asking again (the wallet does not
 *   have the method, refuses the read: see {@link isPersistentLookError}), the end is `unknown`: sent, status not
 *   known. A caller shows the hash and says so; it never offers the same transfer again as if nothing was sent.
 * - On EVM chains a transaction replaced in the wallet (sped up, cancelled, or another one with its nonce) is followed
 *   to the replacement's end ({@link waitForEip155Transaction}), as viem's `waitForTransactionReceipt` does with
 *   `onReplaced`: same sender and nonce, new hash.
 *
 * Why a loop of its own rather than viem's `waitForTransactionReceipt`: viem's ends at the first error that is not
 * "receipt not found" (one HTTP 500 rejects it), runs on the page's own timers (not the modal's clock), and reads its own block-number cache. This
 * rule keeps viem's replacement test (nonce consumed, same `from` and `nonce` in a later block, `repriced` /
 * `cancelled` / `replaced`) and adds the retry policy, a clock the caller controls (the modal's `clock` option, tests'
 * fake timers), and an abort signal. Every chain's adapter waits through {@link pollForTransactionEnd}; the
 * transaction machines (send, swap) only see its three ends.
 */
export const receiptTiming = {
  /** Between two looks at the chain, ms. One second: below any chain's block time, the spec's poll rate (§9 1000 ms). */
  pollInterval: 1_000,
  /** The longest back-off between looks after consecutive errors, ms (1 s, 2 s, 4 s, 8 s, 8 s…). */
  backoffMax: 8_000,
  /** One look (its requests) ends as a transient error after this, ms (spec §9 "RPC default timeout 10 s"). */
  requestTimeout: 10_000,
  /** After this the end is `unknown` (sent, status not known), ms. Not in the spec: two minutes, many blocks on any chain. */
  receiptTimeout: 120_000,
} as const

/** The timing of one wait, ms ({@link receiptTiming} by default). */
export type ReceiptTiming = { pollInterval: number; backoffMax: number; requestTimeout: number; receiptTimeout: number }

/** What {@link pollForTransactionEnd} takes. */
export type PollForTransactionEndParameters = {
  /** The transaction's hash (or Solana signature) as sent. */
  hash: string
  /**
   * One look at the chain: the end when the chain has decided, `null` when not yet. It may throw: the error is
   * classified by {@link isPersistentLookError}. It may follow another hash (a replacement) and return that one's end.
   */
  look: () => Promise<TransferReceipt | null>
  /** The hash followed now (a replacement's, once found); default `hash`. Named in an `unknown` end. */
  currentHash?: () => string
  timing?: Partial<ReceiptTiming> | undefined
  /** Timers of the waits; default `globalThis` (the modal's `clock` option passes its own). */
  clock?: TimerClock | undefined
  /** Stops the wait: it resolves `unknown` with reason `aborted` (the actor that asked has gone). */
  signal?: AbortSignal | undefined
}

/**
 * True for a look's error that asking again will not change: the wallet refuses the read (4001, 4100), does not have
 * the method (4200, -32601), or calls the request itself malformed (-32600, -32602). Everything else (HTTP 5xx or 429
 * mapped to -32603/-32000/-32005, timeouts, dropped connections, malformed answers) may pass and is retried.
 */
export function isPersistentLookError(error: unknown): boolean {
  const e = toProviderError(error)
  return e instanceof ProviderRpcError && [4001, 4100, 4200, -32600, -32601, -32602].includes(e.code)
}

/**
 * Waits for a transaction's end by looking at the chain until it decides (see {@link receiptTiming} for the rule).
 * Never rejects: resolves with `success` or `reverted` (the chain's end, `blockNumber` set, `replaced` when a
 * replacement was followed), or `unknown` with `reason` `'timeout'` (past `receiptTimeout`), `'unavailable'` (a
 * persistent error; `details` says which) or `'aborted'`.
 *
 * @example
 * const end = await pollForTransactionEnd({ hash, look: async () => (await readStatus(hash)) ?? null })
 * if (end.status === 'unknown') showSentButUnconfirmed(end.hash)
 */
export function pollForTransactionEnd({ hash, look, currentHash = () => hash, timing, clock = globalThis, signal }: PollForTransactionEndParameters): Promise<TransferReceipt> {
  const t: ReceiptTiming = { ...receiptTiming, ...timing }
  return new Promise<TransferReceipt>((resolve) => {
    let done = false
    let pollTimer: unknown
    let lookTimer: unknown
    const finish = (end: TransferReceipt): void => {
      if (done) return
      done = true
      clock.clearTimeout(deadline)
      clock.clearTimeout(pollTimer)
      clock.clearTimeout(lookTimer)
      signal?.removeEventListener('abort', onAbort)
      resolve(end)
    }
    const unknown = (reason: 'timeout' | 'unavailable' | 'aborted', details?: string): TransferReceipt => ({
      hash: currentHash(),
      status: 'unknown',
      reason,
      ...(details ? { details } : {}),
    })
    const onAbort = (): void => finish(unknown('aborted'))
    const deadline = clock.setTimeout(() => finish(unknown('timeout', `No end after ${t.receiptTimeout} ms.`)), t.receiptTimeout)
    if (signal?.aborted) return onAbort()
    signal?.addEventListener('abort', onAbort)
    let failures = 0
    const next = (ms: number): void => {
      if (!done) pollTimer = clock.setTimeout(() => void once(), ms)
    }
    const once = async (): Promise<void> => {
      try {
        // One look, bounded by the request timeout (a hung request is a failed look); its timer goes with the wait.
        const end = await new Promise<TransferReceipt | null>((resolveLook, rejectLook) => {
          lookTimer = clock.setTimeout(() => rejectLook(new RequestTimeoutError('A look at the transaction', t.requestTimeout)), t.requestTimeout)
          callForeign('A look at the transaction', look)
            .then(resolveLook, rejectLook)
            .finally(() => clock.clearTimeout(lookTimer))
        })
        if (done) return
        failures = 0
        if (end) finish(end)
        else next(t.pollInterval)
      } catch (error) {
        if (done) return
        if (isPersistentLookError(error)) return finish(unknown('unavailable', toProviderError(error).message))
        failures += 1
        next(Math.min(t.pollInterval * 2 ** failures, t.backoffMax))
      }
    }
    void once()
  })
}

/** What {@link waitForEip155Transaction} takes. */
export type WaitForEip155TransactionParameters = {
  /** The EIP-1193 provider the transaction was sent through (its reads go to the chain it is on). */
  provider: Eip1193Provider
  /** The 0x transaction hash the wallet returned. */
  hash: string
  timing?: Partial<ReceiptTiming> | undefined
  clock?: TimerClock | undefined
  signal?: AbortSignal | undefined
}

type SentTransaction = { hash: Hex; from: Address; nonce: bigint; to: Address | null; value: bigint; input: Hex }

const hexQuantity = /^0x[0-9a-fA-F]+$/
const hash32 = /^0x[0-9a-fA-F]{64}$/

/**
 * Waits for an EVM transaction's end through the wallet's EIP-1193 provider, by the rule of
 * {@link pollForTransactionEnd}: `eth_getTransactionReceipt` each look; while there is none, the transaction
 * (`eth_getTransactionByHash`: its sender and nonce) and the sender's mined nonce (`eth_getTransactionCount` at
 * `latest`). Once that nonce is used and this hash has no receipt, the blocks since the wait began
 * (`eth_getBlockByNumber` with transactions) are searched for the same sender and nonce: that replacement is
 * followed, and the end names its hash with `replaced: { hash, reason }` (`repriced`: same call at another fee;
 * `cancelled`: 0 to the sender itself; `replaced`: anything else), as viem's `onReplaced` reports it.
 *
 * Never rejects (see {@link pollForTransactionEnd}); a malformed receipt is a failed look, not a failed transaction.
 * A wallet that refuses the search's methods (4200, -32601) is waited on by its receipt alone.
 */
export function waitForEip155Transaction({ provider, hash, timing, clock, signal }: WaitForEip155TransactionParameters): Promise<TransferReceipt> {
  let current = hash
  let original: SentTransaction | undefined
  let replaced: TransactionReplacement | undefined
  /** The next block to search for a replacement (the chain's height when the wait began, then onwards). */
  let searchFrom: bigint | undefined
  const request = async (method: string, params: unknown[] = []): Promise<unknown> => {
    try {
      return await provider.request({ method, params })
    } catch (error) {
      throw toProviderError(error)
    }
  }
  const receiptOf = async (txHash: string): Promise<TransferReceipt | null> => {
    const raw = await request('eth_getTransactionReceipt', [txHash])
    if (raw === null || raw === undefined) return null
    return { ...parseReceipt(txHash, raw), ...(replaced ? { replaced } : {}) }
  }
  /** The wallet cannot tell a replacement (it lacks a method the search needs): the receipt alone decides. */
  let searchUnsupported = false
  const look = async (): Promise<TransferReceipt | null> => {
    const end = await receiptOf(current)
    if (end || replaced || searchUnsupported) return end
    try {
      return await searchReplacement()
    } catch (error) {
      if (!isPersistentLookError(error)) throw error
      searchUnsupported = true
      return null
    }
  }
  const searchReplacement = async (): Promise<TransferReceipt | null> => {
    searchFrom ??= quantity('eth_blockNumber', await request('eth_blockNumber'))
    if (!original) {
      const raw = await request('eth_getTransactionByHash', [hash])
      // Not known to this node (yet): the receipt is asked again next time.
      if (raw !== null && raw !== undefined) original = parseTransaction(hash, raw)
      return null
    }
    const mined = quantity('eth_getTransactionCount', await request('eth_getTransactionCount', [original.from, 'latest']))
    if (mined <= original.nonce) return null
    // The nonce is used: by this transaction (its receipt comes next look) or by a replacement in a block since.
    const latest = quantity('eth_blockNumber', await request('eth_blockNumber'))
    for (let n = searchFrom; n <= latest; n++) {
      const block = await request('eth_getBlockByNumber', [numberToHex(n), true])
      if (block === null || block === undefined) return null
      const found = findSameNonce(block, original)
      searchFrom = n + 1n
      if (!found || found.hash.toLowerCase() === hash.toLowerCase()) continue
      replaced = { hash: original.hash, reason: replacementReason(original, found) }
      current = found.hash
      return receiptOf(current)
    }
    return null
  }
  return pollForTransactionEnd({ hash, look, currentHash: () => current, timing, clock, signal })
}

/** The transaction of `block` (full transactions) with `original`'s sender and nonce, if any. */
function findSameNonce(block: unknown, original: SentTransaction): SentTransaction | undefined {
  const transactions = (block as { transactions?: unknown }).transactions
  if (!Array.isArray(transactions)) throw new InvalidProviderResponseError('eth_getBlockByNumber', block)
  for (const raw of transactions) {
    if (typeof raw !== 'object' || raw === null) continue
    const tx = parseTransaction(String((raw as { hash?: unknown }).hash), raw)
    if (isAddressEqual(tx.from, original.from) && tx.nonce === original.nonce) return tx
  }
  return undefined
}

/** viem's reasons (`waitForTransactionReceipt` `onReplaced`). */
function replacementReason(original: SentTransaction, replacement: SentTransaction): TransactionReplacement['reason'] {
  const sameTo = (original.to === null && replacement.to === null) || (original.to !== null && replacement.to !== null && isAddressEqual(original.to, replacement.to))
  if (sameTo && original.value === replacement.value && original.input === replacement.input) return 'repriced'
  if (replacement.to !== null && isAddressEqual(replacement.from, replacement.to) && replacement.value === 0n) return 'cancelled'
  return 'replaced'
}

/** A 0x quantity. @throws InvalidProviderResponseError (a failed look: retried). */
function quantity(method: string, value: unknown): bigint {
  if (typeof value !== 'string' || !hexQuantity.test(value)) throw new InvalidProviderResponseError(method, value)
  return hexToBigInt(value as Hex)
}

/** A transaction object's hash, sender, nonce, receiver, value and input. @throws InvalidProviderResponseError. */
function parseTransaction(hash: string, raw: unknown): SentTransaction {
  const method = 'eth_getTransactionByHash'
  if (typeof raw !== 'object' || raw === null) throw new InvalidProviderResponseError(method, raw)
  const { from, nonce, to, value, input, hash: txHash } = raw as Record<string, unknown>
  if (typeof txHash !== 'string' || !hash32.test(txHash) || txHash.toLowerCase() !== hash.toLowerCase()) throw new InvalidProviderResponseError(method, raw)
  if (typeof from !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(from)) throw new InvalidProviderResponseError(method, raw)
  if (to !== null && to !== undefined && (typeof to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(to))) throw new InvalidProviderResponseError(method, raw)
  return {
    hash: txHash as Hex,
    from: from as Address,
    nonce: quantity(method, nonce),
    to: typeof to === 'string' ? (to as Address) : null,
    value: value === undefined ? 0n : quantity(method, value),
    input: typeof input === 'string' ? (input.toLowerCase() as Hex) : '0x',
  }
}

/**
 * Validates a receipt object: `status` '0x1' or '0x0' (post-Byzantium), a hex `blockNumber`, and, when present, the
 * `transactionHash` that was asked for. @throws InvalidProviderResponseError otherwise (a failed look: retried).
 */
function parseReceipt(hash: string, raw: unknown): { hash: string; status: 'success' | 'reverted'; blockNumber: bigint } {
  const method = 'eth_getTransactionReceipt'
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new InvalidProviderResponseError(method, raw)
  const { status, blockNumber, transactionHash } = raw as Record<string, unknown>
  if (status !== '0x1' && status !== '0x0') throw new InvalidProviderResponseError(method, raw)
  if (typeof blockNumber !== 'string' || !hexQuantity.test(blockNumber)) throw new InvalidProviderResponseError(method, raw)
  if (transactionHash !== undefined && (typeof transactionHash !== 'string' || transactionHash.toLowerCase() !== hash.toLowerCase())) {
    throw new InvalidProviderResponseError(method, raw)
  }
  return { hash, status: status === '0x1' ? 'success' : 'reverted', blockNumber: hexToBigInt(blockNumber as Hex) }
}
