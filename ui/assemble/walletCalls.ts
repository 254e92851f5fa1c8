import { fromPromise } from 'xstate'
import { callForeign } from '../../adapters/boundary.ts'
import { NotConnectedError } from '../../adapters/eip155.ts'
import type { GetCallsStatusInput, GetCapabilitiesInput, SendCallsInput } from '../../machines/batch.ts'
import type { FeatureHost } from './host.ts'

/**
 * The wallet's EIP-5792 methods (spec §7 `wallet_sendCalls`) as the batch machine's actors, on the connector's EIP-1193
 * provider: `wallet_getCapabilities(from, [chainId])`, `wallet_sendCalls([request])`, `wallet_getCallsStatus([id])`,
 * each answering the wallet's reply as is (the chart reads it, machines/batch.status.ts). A wallet that is not
 * connected any more rejects with `NotConnectedError`; the wallet's own errors are rejected as it gave them.
 * Shared by the calls feature (`modal.sendCalls`) and the swap (approve + swap in one batch).
 */
export function walletCallActors(host: FeatureHost) {
  const ask = (connectorId: string, method: string, params: unknown) => {
    const provider = host.eip1193(connectorId)
    if (!provider) return Promise.reject(new NotConnectedError())
    return callForeign(method, () => provider.request({ method, params }))
  }
  return {
    ask,
    getCapabilities: fromPromise<unknown, GetCapabilitiesInput>(({ input }) => ask(input.connectorId, 'wallet_getCapabilities', [input.from, [input.chainId]])),
    sendCalls: fromPromise<unknown, SendCallsInput>(({ input }) => ask(input.connectorId, 'wallet_sendCalls', [input.request])),
    getCallsStatus: fromPromise<unknown, GetCallsStatusInput>(({ input }) => ask(input.connectorId, 'wallet_getCallsStatus', [input.id])),
  }
}
