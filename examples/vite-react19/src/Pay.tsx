import { usePay } from 'latchkey/react'

/** Who is paid: anvil's dev account 1 (a dapp puts its own address here, or a name like 'alice.reown.id'). */
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/**
 * Asks the visitor for a payment with `usePay()`: `pay` opens the modal's Pay view (what is asked, the wallet's balance
 * and fee, the ways to pay) and resolves with how it ended; `status` follows it (idle, pending, then success, failed,
 * expired, cancelled, or error for bad input); `result` is the end (`txHash` on success, `reason` otherwise); `reset`
 * forgets it.
 */
export function PayForOrder({ asset }: { asset: string }) {
  const { pay, status, result, error, reset } = usePay()
  return (
    <section aria-label="Payment">
      <h2>Pay for the order</h2>
      <button type="button" disabled={status === 'pending'} onClick={() => void pay({ recipient: RECIPIENT, amount: '0.01', asset, memo: 'Order #1' }).catch(() => {})}>
        Pay for the order (0.01 ETH)
      </button>{' '}
      <button type="button" disabled={status === 'idle'} onClick={reset}>
        Reset
      </button>
      <p>
        Status: <output data-testid="example-pay-status">{status}</output>
      </p>
      {result?.status === 'success' && (
        <p>
          Paid {result.paidAmount} in <output data-testid="example-pay-tx">{result.txHash}</output>
        </p>
      )}
      {result && result.status !== 'success' && <p data-testid="example-pay-reason">{result.reason}</p>}
      {error && <p data-testid="example-pay-error">{error.message}</p>}
    </section>
  )
}
