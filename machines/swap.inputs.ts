import type { BatchCall, BatchInput, BatchOutcome } from './batch.ts'
import type { Hex } from './batch.calls.ts'
import { fromUnits, type SwapContext, type SwapQuoteInput, type SwapTransaction } from './swap.types.ts'
import type { TransactionInput } from './transaction.ts'

/*
 * What the swap chart (machines/swap.ts) hands the actors it invokes (the quote and build calls, the transaction
 * machine, the batch machine) and the params it reads from the batch's end.
 */

/** Params for a guard from the batch's `onDone`: its outcome and the ends tested. */
export const batchEndIn =
  (...status: BatchOutcome['status'][]) =>
  ({ event }: { event: { output: BatchOutcome } }) => ({ outcome: event.output, status })
/** Params for an action from the batch's `onDone`: its outcome. */
export const batchOutcomeOf = ({ event }: { event: { output: BatchOutcome } }): BatchOutcome => event.output

/** A `0x`-prefixed text the swap API's schema checked (services/schemas.ts), as the `Hex` type (no assertion). */
const hexOf = (checked: string): Hex => `0x${checked.slice(2)}`

/** The batch machine's input: the approval and the swap built, to run together (nothing sent otherwise), no toasts of its own. */
export function batchInput(context: SwapContext, resume?: string): BatchInput {
  const call = (tx: SwapTransaction): BatchCall => ({ to: hexOf(tx.to), data: hexOf(tx.data), value: `0x${BigInt(tx.value || '0').toString(16)}` })
  return {
    connectorId: context.target!.connectorId,
    from: context.target!.address,
    caipNetworkId: context.target!.caipNetworkId,
    calls: resume ? [] : [call(context.approval!), call(context.built!)],
    atomicRequired: true,
    capabilities: {},
    quiet: true,
    ...(resume ? { resume: { id: resume } } : {}),
  }
}

/** The transaction machine's input for this swap's account and network (`request`: the built transaction). */
export function transactionInput(context: SwapContext, request?: SwapTransaction): TransactionInput {
  return { caipNetworkId: context.target!.caipNetworkId, namespace: context.target!.namespace, connectorId: context.target!.connectorId, request }
}

/** The quote the context describes (call once the form checked it). */
export function quoteInput(context: SwapContext): SwapQuoteInput {
  return {
    caipNetworkId: context.target!.caipNetworkId,
    userAddress: context.target!.address,
    from: context.fromToken!,
    to: context.toToken!,
    amount: (fromUnits(context) ?? 0n).toString(),
  }
}
