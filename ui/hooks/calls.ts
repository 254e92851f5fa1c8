import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { asError } from '../../kernel/errors.ts'
import { timing } from '../../machines/timing.ts'
import { useModalInstance } from '../context.ts'
import type { GetCallsStatusReturnType, SendCallsParameters, SendCallsReturnType } from '../core/callsCommands.ts'

/** What {@link useSendCalls} returns: the call, and the last call's result or error while it is the last. */
export type UseSendCallsReturnType = {
  /** `modal.sendCalls`: resolves with the batch id; rejects as it does (`InvalidCallsError`, 4001, …). */
  sendCalls: (parameters: SendCallsParameters) => Promise<SendCallsReturnType>
  /** The last call's batch id once the wallet accepted it. */
  data: SendCallsReturnType | undefined
  /** The last call's error (the visitor's rejection included). */
  error: Error | undefined
  /** The last call waits for the wallet. */
  isPending: boolean
}

/**
 * Sends batched calls (EIP-5792 `wallet_sendCalls`; spec §7) through the modal's connected eip155 wallet: `sendCalls`
 * is `modal.sendCalls`, and `data`, `error`, `isPending` follow the last call (an earlier call's late answer is ignored).
 * @example
 * const { sendCalls, data, isPending } = useSendCalls()
 * <button disabled={isPending} onClick={() => sendCalls({ calls: [{ to, value: 1n }] })}>Send</button>
 */
export function useSendCalls(): UseSendCallsReturnType {
  const modal = useModalInstance()
  const [last, setLast] = useState<{ n: number; data?: SendCallsReturnType; error?: Error; isPending: boolean }>({ n: 0, isPending: false })
  const sendCalls = useCallback(
    (parameters: SendCallsParameters) => {
      let n = 0
      setLast((prev) => {
        n = prev.n + 1
        return { n, isPending: true }
      })
      const call = modal.sendCalls(parameters)
      call.then(
        (data) => setLast((prev) => (prev.n === n ? { n, data, isPending: false } : prev)),
        (error: unknown) => setLast((prev) => (prev.n === n ? { n, error: asError(error), isPending: false } : prev)),
      )
      return call
    },
    [modal],
  )
  return { sendCalls, data: last.data, error: last.error, isPending: last.isPending }
}

/** What {@link useCallsStatus} returns. */
export type UseCallsStatusReturnType = {
  /** The batch's status (EIP-5792 v2 shape: `status` 100 pending, 200, 400, 500, 600; its receipts). */
  data: GetCallsStatusReturnType | undefined
  error: Error | undefined
  /** The batch has not ended yet (no status, or 1xx). */
  isPending: boolean
}

/**
 * Follows a batch's status (`modal.getCallsStatus`), asked every `callsStatusPoll` (2 s) until it is no longer 1xx;
 * none without an `id`. Stops with the component.
 * @example const { data } = useCallsStatus(id); data?.status === 200 // confirmed
 */
export function useCallsStatus(id: string | undefined): UseCallsStatusReturnType {
  const modal = useModalInstance()
  const [result, setResult] = useState<{ id?: string; data?: GetCallsStatusReturnType; error?: Error }>({})
  useEffect(() => {
    if (!id) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const ask = () => {
      modal.getCallsStatus(id).then(
        (data) => {
          if (stopped) return
          setResult({ id, data })
          if (data.status < 200) timer = setTimeout(ask, timing.callsStatusPoll)
        },
        (error: unknown) => {
          if (!stopped) setResult({ id, error: asError(error) })
        },
      )
    }
    ask()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [modal, id])
  const current = result.id === id ? result : {}
  return { data: current.data, error: current.error, isPending: Boolean(id) && !current.error && (!current.data || current.data.status < 200) }
}

/**
 * The connected wallet's EIP-5792 capabilities (`modal.getCapabilities`), for `chainId` (that chain's) or every chain;
 * read once per account and chain. `undefined` until read (and while disconnected).
 * @example const caps = useCapabilities({ chainId: 1 }); caps?.atomic // { status: 'supported' }
 */
export function useCapabilities(parameters: { chainId?: number } = {}): Record<string, unknown> | undefined {
  const modal = useModalInstance()
  const [read, setRead] = useState<{ key: string; value: Record<string, unknown> } | undefined>()
  const address = useSyncExternalStore(modal.subscribe, modal.getState, modal.getState).account.address
  const key = `${address ?? ''}:${parameters.chainId ?? ''}`
  useEffect(() => {
    if (!address) return
    let stopped = false
    modal.getCapabilities(parameters.chainId === undefined ? {} : { chainId: parameters.chainId }).then(
      (value) => {
        if (!stopped) setRead({ key, value })
      },
      () => {},
    )
    return () => {
      stopped = true
    }
  }, [modal, address, key, parameters.chainId])
  return read?.key === key ? read.value : undefined
}
