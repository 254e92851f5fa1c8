import type { Hex } from 'viem'
import { useCallsStatus, useCapabilities, useSendCalls } from 'latchkey/react'

export function Batch({ to }: { to: Hex }) {
  const { sendCalls, data, error, isPending } = useSendCalls()
  const status = useCallsStatus(data?.id) // asked every 2 s until it is no longer 1xx
  const capabilities = useCapabilities({ chainId: 1 })
  return (
    <>
      <button
        type="button"
        disabled={isPending}
        onClick={() =>
          sendCalls({
            calls: [
              { to, value: 1n },
              { to, value: 2n },
            ],
          })
        }
      >
        Send both
      </button>
      <output>{JSON.stringify({ status: status.data?.status, capabilities })}</output>
      {error && <p role="alert">{error.message}</p>}
    </>
  )
}
