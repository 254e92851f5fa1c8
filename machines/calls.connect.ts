import type { SnapshotFrom } from 'xstate'
import type { BatchContext } from './batch.ts'
import type { CallsRequest, callsMachine } from './calls.ts'
import { truncateAddress } from './format.ts'

/**
 * Where the batch the CallsStatus view shows is (EIP-5792; spec §7 `wallet_sendCalls`):
 * - `none`: no batch yet (the view opened before any `sendCalls`);
 * - `asking`: the wallet is asked (its capabilities, then its prompt): confirm in the wallet;
 * - `pending`: the wallet accepted the calls and runs them; the modal asks their status;
 * - `fallback`: the wallet has no batched calls, so each call is its own prompt (`progress`: "Call 2 of 3");
 * - the ends: `confirmed` (200), `failed` (400, off-chain: nothing included), `reverted` (500), `partial` (600: some
 *   calls landed), `rejected` (4001: the visitor declined, nothing sent), `atomicUnsupported` (the calls must run
 *   together and the wallet cannot: nothing sent), `unknown` (sent, no end known in time).
 */
export type CallsStatusPhase = 'none' | 'asking' | 'pending' | 'fallback' | 'confirmed' | 'failed' | 'reverted' | 'partial' | 'rejected' | 'atomicUnsupported' | 'unknown'

/**
 * One call of the batch as the view lists it: `landed` (its transaction succeeded), `notLanded` (reverted, or never
 * sent), `waiting` (not known yet); `hash` its transaction when one is known (an atomic batch's calls share one).
 */
export type CallsStatusRow = { index: number; to: string; toShort: string; state: 'landed' | 'notLanded' | 'waiting'; hash?: string | undefined }

/** The CallsStatus view's model (STYLE rule 3). */
export type CallsStatusView = {
  phase: CallsStatusPhase
  /** CAIP-2 id of the batch's chain (the view finds its explorer in the network's config). */
  caipNetworkId: string | undefined
  /** The wallet's EIP-5792 status code at the end (200, 400, 500, 600), or none. */
  status: number | undefined
  /** In `fallback`: the call asked now (1-based) and how many there are. */
  progress: { index: number; total: number } | undefined
  calls: CallsStatusRow[]
  /** How many calls landed. */
  landedCount: number
}

const none: CallsStatusView = { phase: 'none', caipNetworkId: undefined, status: undefined, progress: undefined, calls: [], landedCount: 0 }

const statusOfEnd: Partial<Record<CallsStatusPhase, number>> = { confirmed: 200, failed: 400, reverted: 500, partial: 600, rejected: 400, atomicUnsupported: 400 }

/** Each call's row at the end: by the wallet's receipts (one per call, or one for all), else by what the fallback landed. */
function endedRows(request: CallsRequest & { phase: 'ended' }): CallsStatusRow[] {
  const { outcome } = request
  const receipts = outcome.report?.receipts ?? []
  const rowOf = (index: number, to: string, state: CallsStatusRow['state'], hash?: string): CallsStatusRow => ({ index, to, toShort: truncateAddress(to), state, ...(hash ? { hash } : {}) })
  return request.calls.map((call, index) => {
    const receipt = receipts.length === request.calls.length ? receipts[index] : receipts.length === 1 ? receipts[0] : undefined
    if (receipt) return rowOf(index, call.to, receipt.status === 'success' ? 'landed' : 'notLanded', receipt.transactionHash)
    const at = outcome.landed.indexOf(index)
    if (at >= 0) return rowOf(index, call.to, 'landed', outcome.hashes[at])
    if (outcome.status === 'confirmed' && !receipts.length && outcome.via === 'wallet') return rowOf(index, call.to, 'landed')
    return rowOf(index, call.to, outcome.status === 'unknown' ? 'waiting' : 'notLanded')
  })
}

/**
 * The CallsStatus view's model from the calls feature's snapshot and, while the batch runs, its batch actor's context
 * (the fallback's progress). Undefined snapshots (the module not in yet, no batch): `none`.
 * @example connectCallsStatus(undefined).phase // 'none'
 */
export function connectCallsStatus(snapshot: SnapshotFrom<typeof callsMachine> | undefined, batch?: Pick<BatchContext, 'via' | 'index' | 'landed' | 'hashes'> | undefined): CallsStatusView {
  const key = snapshot?.context.shown
  const request = key ? snapshot.context.requests[key] : undefined
  if (!request) return none
  const caipNetworkId = `eip155:${request.chainId}`
  const waiting = (landed: number[] = [], hashes: string[] = []) =>
    request.calls.map((call, index): CallsStatusRow => {
      const at = landed.indexOf(index)
      return { index, to: call.to, toShort: truncateAddress(call.to), state: at >= 0 ? 'landed' : 'waiting', ...(at >= 0 && hashes[at] ? { hash: hashes[at] } : {}) }
    })
  if (request.phase === 'ended') {
    const phase = request.outcome.status
    const calls = endedRows(request)
    return { phase, caipNetworkId, status: request.outcome.report?.status ?? statusOfEnd[phase], progress: undefined, calls, landedCount: calls.filter((c) => c.state === 'landed').length }
  }
  const fallback = batch?.via === 'fallback' ? batch : undefined
  if (fallback) {
    return { phase: 'fallback', caipNetworkId, status: undefined, progress: { index: fallback.index + 1, total: request.count }, calls: waiting(fallback.landed, fallback.hashes), landedCount: fallback.landed.length }
  }
  return { phase: request.phase === 'asking' ? 'asking' : 'pending', caipNetworkId, status: undefined, progress: undefined, calls: waiting(), landedCount: 0 }
}
