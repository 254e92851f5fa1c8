/**
 * The batched-calls commands of one core (EIP-5792; spec §5 "wallet_sendCalls call addresses and data must start with
 * 0x", §7 `wallet_sendCalls`, `wallet_getCallsStatus`, `wallet_getCapabilities`): a batch checked at the boundary and
 * handed to the calls feature (`machines/calls.ts`, fetched with the first batch), its status, the wallet's capabilities.
 */
import { callForeign } from '../../adapters/boundary.ts'
import { NotConnectedError } from '../../adapters/eip155.ts'
import { type BaseError, summarizeError, UserRejectedRequestError } from '../../adapters/errors.ts'
import type { Eip1193Provider } from '../../adapters/types.ts'
import { validateCalls, type SendCallsParameters } from '../../machines/batch.calls.ts'
import { readCallsStatus, type CallsReceipt } from '../../machines/batch.status.ts'
import type { CallsRequest } from '../../machines/calls.ts'
import { connectModal } from '../../machines/modal.connect.ts'
import type { RootActor } from '../../machines/root.ts'
import { AtomicCallsUnsupportedError, BatchFailedError, CallsStatusUnknownError, CallsUnavailableError, UnknownBatchError } from '../../machines/batch.errors.ts'
import { featureTaking, type FeatureMachineId } from '../assemble/index.ts'
import { ModalDestroyedError } from '../errors.ts'
import type { FacedFeature } from './publicState.ts'

export type { SendCallsParameters }

/** What `sendCalls` resolves with: the batch id, for `getCallsStatus` (EIP-5792 v2 `{ id }`). */
export type SendCallsReturnType = { id: string }
/**
 * What `sendCalls` may reject with: `InvalidCallsError`, `CallsChainNotConfiguredError` (the input; nothing sent),
 * `NotConnectedError`, `UserRejectedRequestError` (4001), `AtomicCallsUnsupportedError`, `BatchFailedError`,
 * `CallsUnavailableError`, `ModalDestroyedError`. Each is a class `latchkey` exports, for `instanceof`.
 */
export type SendCallsErrorType = BaseError

/**
 * What `getCallsStatus` answers (EIP-5792 v2 shape): `status` 100 pending, 200 confirmed, 400 failed off-chain, 500
 * reverted, 600 partially executed; `receipts` the transactions that ran (in the one-by-one fallback, one per call that
 * was sent).
 */
export type GetCallsStatusReturnType = { version: '2.0.0'; id: string; chainId: `0x${string}`; status: number; atomic: boolean; receipts: CallsReceipt[] }

const statusOfEnd: Record<string, number> = { confirmed: 200, failed: 400, reverted: 500, partial: 600, rejected: 400, atomicUnsupported: 400 }

/** The public status of a batch this modal holds. */
function statusOf(request: CallsRequest): GetCallsStatusReturnType {
  const outcome = request.outcome
  const report = outcome?.report
  const receipts: CallsReceipt[] = report?.receipts ?? (outcome?.hashes ?? []).map((transactionHash) => ({ transactionHash, status: 'success' as const }))
  return {
    version: '2.0.0',
    id: request.id ?? request.key,
    chainId: `0x${request.chainId.toString(16)}`,
    status: report?.status ?? (outcome ? (statusOfEnd[outcome.status] ?? 100) : 100),
    atomic: report?.atomic ?? false,
    receipts,
  }
}

let sequence = 0
/** A key unique in this page for one `sendCalls` (also the batch id of the one-by-one fallback). */
const nextKey = () => `latchkey-calls-${Date.now().toString(36)}-${(sequence++).toString(36)}`

/**
 * Creates the batched-calls commands of one core.
 * @example
 * const { sendCalls, getCallsStatus } = createCallsCommands({ actor, faced, provider })
 * const { id } = await sendCalls({ calls: [{ to: '0x…', value: 1n }] })
 */
export function createCallsCommands({ actor, faced, provider }: { actor: RootActor; faced: () => FacedFeature[]; provider: (connectorId: string) => Eip1193Provider | undefined }) {
  /** The connected eip155 account; `NotConnectedError` otherwise. */
  function account() {
    const c = actor.getSnapshot().context.connections['eip155']?.getSnapshot()
    if (!c?.hasTag('connected') || !c.context.address || !c.context.connectorId) throw new NotConnectedError()
    return { address: c.context.address, connectorId: c.context.connectorId, chainId: Number(c.context.chainId) }
  }
  const configured = () =>
    actor
      .getSnapshot()
      .context.network.getSnapshot()
      .context.networks.filter((n) => n.chainNamespace === 'eip155')
      .map((n) => n.caipNetworkId)
  const holder = () => faced().find((f) => f.face.calls)

  /**
   * Resolves with the request once `settled` says so, following the root (the feature's arrival) and the feature. The
   * feature neither there nor on its way (its chunk failed to load: the root dropped the batch and toasted it) rejects
   * with {@link CallsUnavailableError}; the modal destroyed meanwhile, with {@link ModalDestroyedError}.
   */
  function follow<T>(feature: FeatureMachineId, key: string, settled: (request: CallsRequest) => { value: T } | { error: unknown } | undefined): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const subscriptions: Array<{ unsubscribe(): void }> = []
      let watched: FacedFeature['ref'] | undefined
      let done = false
      const stop = () => subscriptions.splice(0).forEach((s) => s.unsubscribe())
      const end = (result: { value: T } | { error: unknown }) => {
        done = true
        stop()
        if ('value' in result) resolve(result.value)
        else reject(result.error)
      }
      const check = () => {
        if (done) return
        const root = actor.getSnapshot()
        if (root.status !== 'active') return end({ error: new ModalDestroyedError() })
        const f = holder()
        if (!f && !root.context.features[feature] && !root.context.loading.includes(feature)) return end({ error: new CallsUnavailableError() })
        // The feature's actor, followed once (faced() makes new records on every call).
        if (f && f.ref !== watched) {
          watched = f.ref
          subscriptions.push(f.ref.subscribe({ next: check, error: () => {} }))
        }
        const request = f ? f.face.calls!.request(f.ref.getSnapshot(), key) : undefined
        const result = request ? settled(request) : undefined
        if (result) end(result)
      }
      subscriptions.push(actor.subscribe({ next: check, error: () => {}, complete: check }))
      check()
    })
  }

  return {
    /**
     * Sends a batch of calls to the connected eip155 wallet (EIP-5792 `wallet_sendCalls` v2; spec §7) and resolves
     * with its id once the wallet accepted it; its end is followed by the modal (status every 2 s, a toast per end, a
     * reload picks it up again) and read with {@link getCallsStatus}; with the modal open, the CallsStatus view shows it
     * (pushed on the view stack: each end in words, each call with its explorer link), and each batch toast's Details
     * opens that view. The input is checked first (spec §5): each
     * call's `to` 0x and 40 hex digits, `data` 0x-hex, `value` a bigint or hex quantity (wei), 1 to 10 calls, a
     * configured chain. A wallet without batched calls (4200) runs them one by one, each prompted ("Call 2 of 3…"),
     * unless `atomicRequired`.
     * @throws InvalidCallsError / CallsChainNotConfiguredError (nothing sent), NotConnectedError,
     *   UserRejectedRequestError (4001), AtomicCallsUnsupportedError ('This wallet cannot run these calls together',
     *   nothing sent), BatchFailedError (the wallet failed the request), CallsUnavailableError (the code of batched
     *   calls could not be fetched: nothing sent), ModalDestroyedError.
     * @example const { id } = await modal.sendCalls({ calls: [{ to: usdc, data: approveData }, { to: router, data: swapData }] })
     */
    async sendCalls(parameters: SendCallsParameters): Promise<SendCallsReturnType> {
      const from = account()
      const checked = validateCalls(parameters, { configured: configured(), connectedChainId: from.chainId })
      const key = nextKey()
      const batch = { connectorId: from.connectorId, from: from.address, caipNetworkId: checked.caipNetworkId, calls: checked.calls, atomicRequired: checked.atomicRequired, capabilities: checked.capabilities }
      const feature = featureTaking('calls.send')
      if (!feature) throw new BatchFailedError({ name: 'FeatureMissing', message: 'No feature of this build takes calls.send.' })
      // The modal open: the CallsStatus view is pushed for this batch (closed: its toasts' Details open it).
      const root = actor.getSnapshot().context
      const show = connectModal(root.modal.getSnapshot(), root.router.getSnapshot()).isOpen
      actor.send({ type: 'feature.deliver', feature, event: { type: 'calls.send', key, batch, show } })
      return follow<SendCallsReturnType>(feature, key, (request) => {
        if (request.phase === 'pending') return { value: { id: request.id ?? key } }
        if (request.phase !== 'ended') return undefined
        const { outcome } = request
        if (outcome.status === 'rejected' && !outcome.landed.length) return { error: new UserRejectedRequestError() }
        if (outcome.status === 'atomicUnsupported') return { error: new AtomicCallsUnsupportedError(outcome.error?.message ?? '') }
        if (!request.id && outcome.via === 'wallet') return { error: new BatchFailedError(outcome.error) }
        return { value: { id: request.id ?? key } }
      })
    },
    /**
     * The status of a batch (EIP-5792 `wallet_getCallsStatus` v2 shape): a batch this modal sent is answered from its
     * chart (100 until its end; then 200, 400, 500 or 600 with its receipts); another id is asked of the wallet and its
     * answer checked.
     * @throws CallsStatusUnknownError for a batch that ended without a known end (no end within `callsStatusTimeout`,
     *   130 s; a status that cannot be read or names another batch): sent, it may still land.
     * @throws UnknownBatchError for an id neither knows; NotConnectedError when asking the wallet without a connection.
     * @example const { status, receipts } = await modal.getCallsStatus(id) // status 200: confirmed
     */
    async getCallsStatus(id: string): Promise<GetCallsStatusReturnType> {
      const f = holder()
      const known = f?.face.calls?.byId(f.ref.getSnapshot(), id)
      // Ended without a known end (no end in time, an unreadable or foreign status): said so, never 100 forever.
      if (known?.outcome?.status === 'unknown') throw new CallsStatusUnknownError(id, known.outcome.error?.message.split('\n')[0])
      if (known) return statusOf(known)
      const from = account()
      const wallet = provider(from.connectorId)
      if (!wallet) throw new NotConnectedError()
      const answer = await callForeign('wallet_getCallsStatus', () => wallet.request({ method: 'wallet_getCallsStatus', params: [id] })).catch((error: unknown) => {
        throw new UnknownBatchError(id, { cause: error })
      })
      const reading = readCallsStatus(answer, { id, chainId: Number((answer as { chainId?: string } | null)?.chainId ?? from.chainId) })
      if (reading.kind !== 'report') throw new UnknownBatchError(id, { cause: reading.received })
      const r = reading.report
      return { version: '2.0.0', id, chainId: `0x${Number((answer as { chainId?: string }).chainId ?? from.chainId).toString(16)}`, status: r.status, atomic: r.atomic ?? false, receipts: r.receipts }
    },
    /**
     * The connected wallet's EIP-5792 capabilities for its account (`wallet_getCapabilities`), keyed by chain id as a
     * hex quantity (`{ '0x1': { atomic: { status: 'supported' } } }`); with `chainId`, that chain's only. A wallet
     * without the method answers `{}`.
     * @throws NotConnectedError without a connected eip155 wallet; the wallet's own errors otherwise.
     * @example const caps = await modal.getCapabilities({ chainId: 1 }) // { atomic: { status: 'ready' } }
     */
    async getCapabilities({ chainId }: { chainId?: number } = {}): Promise<Record<string, unknown>> {
      const from = account()
      const wallet = provider(from.connectorId)
      if (!wallet) throw new NotConnectedError()
      const hex = chainId === undefined ? undefined : `0x${chainId.toString(16)}`
      const answer = await callForeign('wallet_getCapabilities', () => wallet.request({ method: 'wallet_getCapabilities', params: hex ? [from.address, [hex]] : [from.address] })).catch((error: unknown) => {
        const code = summarizeError(error).code
        if (code === 4200 || code === -32601) return {}
        throw error
      })
      const all = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {}
      if (!hex) return all
      const chain = all[hex] ?? all['0x0']
      return typeof chain === 'object' && chain !== null ? (chain as Record<string, unknown>) : {}
    },
  }
}
