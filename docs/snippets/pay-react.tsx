import { usePay } from 'latchkey/react'

export function PayButton({ recipient, asset }: { recipient: string; asset: string }) {
  const { pay, status, result, error, reset } = usePay()
  // status: 'idle' | 'pending' | 'success' | 'failed' | 'expired' | 'cancelled' | 'error' (bad input: see `error`)
  return (
    <>
      <button type="button" disabled={status === 'pending'} onClick={() => pay({ recipient, amount: '5', asset })}>
        Pay
      </button>
      {result?.status === 'success' && <output>{result.txHash}</output>}
      {error && <p role="alert">{error.message}</p>}
      {status !== 'idle' && status !== 'pending' && (
        <button type="button" onClick={reset}>
          Again
        </button>
      )}
    </>
  )
}
