import { useCallback, useEffect, useState } from 'react'
import { asError } from '../../kernel/errors.ts'
import { useModalInstance } from '../context.ts'
import type { PayParameters, PayReturnType } from '../core/payCommands.ts'

/** Where the last `pay` call is: `idle` (none, or `reset`), `pending` (the visitor decides, or the chain), then `success`, `failed`, `expired`, `cancelled`, or `error` (bad input: `error` says why). */
export type PayHookStatus = 'idle' | 'pending' | PayReturnType['status'] | 'error'

/** What {@link usePay} returns. */
export type UsePayReturnType = {
  /** `modal.pay`: resolves with how the payment ended; rejects on bad input (`InvalidPayParametersError`, …). */
  pay: (parameters: PayParameters) => Promise<PayReturnType>
  status: PayHookStatus
  /** The last call's result once it ended. */
  result: PayReturnType | undefined
  /** The last call's refusal (bad input: nothing opened). */
  error: Error | undefined
  /** Forgets the last call (`idle`); a payment still under way keeps going, its answer ignored. */
  reset: () => void
}

/**
 * Asks the visitor for a payment (spec §1 Pay) through the modal: `pay` is `modal.pay`, and `status`, `result`, `error`
 * follow the last call (an earlier call's late answer is ignored). After a reload in the middle of a payment, they follow
 * the payment picked up from storage (`modal.getPayResult()`): `pending`, then its end, unless `pay` was called since.
 * @example
 * const { pay, status, result } = usePay()
 * <button disabled={status === 'pending'} onClick={() => pay({ recipient, amount: '5', asset: 'eip155:8453/erc20:0x8335…2913' })}>Pay</button>
 */
export function usePay(): UsePayReturnType {
  const modal = useModalInstance()
  const [last, setLast] = useState<{ n: number; status: PayHookStatus; result?: PayReturnType; error?: Error }>({ n: 0, status: 'idle' })
  const pay = useCallback(
    (parameters: PayParameters) => {
      let n = 0
      setLast((prev) => {
        n = prev.n + 1
        return { n, status: 'pending' }
      })
      const call = modal.pay(parameters)
      call.then(
        (result) => setLast((prev) => (prev.n === n ? { n, status: result.status, result } : prev)),
        (error: unknown) => setLast((prev) => (prev.n === n ? { n, status: 'error', error: asError(error) } : prev)),
      )
      return call
    },
    [modal],
  )
  useEffect(() => {
    // The payment under way before a reload, if any (its promise was the previous page's).
    if (modal.storage.getPendingPaymentKey()) setLast((prev) => (prev.n === 0 ? { n: 0, status: 'pending' } : prev))
    let live = true
    modal.getPayResult().then(
      (result) => {
        if (live) setLast((prev) => (prev.n !== 0 ? prev : result ? { n: 0, status: result.status, result } : prev.status === 'pending' ? { n: 0, status: 'idle' } : prev))
      },
      (error: unknown) => {
        if (live) setLast((prev) => (prev.n === 0 ? { n: 0, status: 'error', error: asError(error) } : prev))
      },
    )
    return () => {
      live = false
    }
  }, [modal])
  const reset = useCallback(() => setLast((prev) => ({ n: prev.n + 1, status: 'idle' })), [])
  return { pay, status: last.status, result: last.result, error: last.error, reset }
}
