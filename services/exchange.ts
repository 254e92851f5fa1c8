/**
 * The exchange deposit client (`openapi/exchange.yaml`, spec §1 optional features "… and pay"): the exchanges that can
 * pay an asset on a network, a deposit session for one payment, and the session's status. No state of its own: the pay
 * machine keeps the session and asks its status on its own timing.
 */
import * as v from 'valibot'
import type { BaseError } from '../kernel/errors.ts'
import type { paths } from '../openapi/exchange.d.ts'
import { call, createApiClient } from './api.ts'
import type { ApiClientParameters, ApiError, ApiTimeoutError, InvalidResponseError, RequestOptions } from './api.ts'
import { isoTimestampSchema } from './schemas.ts'

const amountSchema = v.pipe(v.string(), v.regex(/^(0|[1-9][0-9]*)(\.[0-9]+)?$/))
const httpOrDataUrl = v.pipe(v.string(), v.regex(/^(https?:\/\/|data:image\/)/))

/** Mirrors the contract's `Exchange`. */
export const exchangeSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,64}$/)),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  imageUrl: v.optional(httpOrDataUrl),
})
/** An exchange that can pay: its `id` (sent back with a session request), `name` and mark `imageUrl` (http(s) or data URI). */
export type Exchange = v.InferOutput<typeof exchangeSchema>

const exchangeListSchema = v.object({ exchanges: v.pipe(v.array(exchangeSchema), v.maxLength(50)) })

/** Mirrors the contract's `DepositSession`; `url` must be an http(s) page (the visitor is sent there). */
export const depositSessionSchema = v.object({
  sessionId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,128}$/)),
  url: v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//)),
  deadline: isoTimestampSchema,
})
/** A deposit session: its `sessionId`, the exchange's page `url` for it, and its `deadline` (ISO 8601). */
export type DepositSession = v.InferOutput<typeof depositSessionSchema>

/** Mirrors the contract's `SessionStatus`. */
export const depositStatusSchema = v.variant('status', [
  v.object({ status: v.literal('pending') }),
  v.object({
    status: v.literal('succeeded'),
    txHash: v.pipe(v.string(), v.regex(/^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{64,88})$/)),
    amount: amountSchema,
    recipient: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  }),
  v.object({ status: v.literal('failed'), reason: v.pipe(v.string(), v.minLength(1), v.maxLength(500)) }),
  v.object({ status: v.literal('expired') }),
])
/**
 * Where a session is: `pending`; `succeeded` with the transfer's `txHash` (a 0x hash on eip155, a base58 signature on
 * solana), the `amount` sent (the asset's units, a
 * decimal string) and its `recipient`; `failed` with a `reason` for people; `expired` (the deadline passed unpaid).
 */
export type DepositStatus = v.InferOutput<typeof depositStatusSchema>

/** What {@link createExchangeApi} takes: the common client parameters (the `/exchange` base URL, project id, fetch). */
export type CreateExchangeApiParameters = Omit<ApiClientParameters, 'postQuery'>

/** The exchanges of an asset on a network. */
export type ListExchangesParameters = {
  /** CAIP-19 id of the asset (`eip155:31337/slip44:60`, `eip155:31337/erc20:0x…`). */
  asset: string
  /** CAIP-2 id of its network. */
  network: string
}
export type ListExchangesReturnType = Exchange[]

/** A deposit session for one payment. */
export type CreateDepositSessionParameters = ListExchangesParameters & {
  /** The exchange's `id` from {@link ListExchangesReturnType}. */
  exchangeId: string
  /** In the asset's units, a decimal string (`'0.5'`), never a float. */
  amount: string
  /** The address the payment goes to, on `network`. */
  recipient: string
  /**
   * Where the exchange's page sends the visitor back once they answered (an http(s) URL, the site's page): for a page
   * opened in the same tab, on phones. Without it the exchange's page stays open (a new tab).
   */
  returnUrl?: string
}
export type CreateDepositSessionReturnType = DepositSession
export type GetDepositStatusReturnType = DepositStatus

/**
 * What the calls reject with: {@link ApiError} for a non-2xx status (404: no such exchange or session);
 * {@link InvalidResponseError} for an answer that breaks the contract or is not JSON (the issues in its details);
 * {@link ApiTimeoutError} past the client's timeout; `BaseError` when the request did not complete.
 */
export type ExchangeApiErrorType = ApiError | InvalidResponseError | ApiTimeoutError | BaseError

/** The client made by {@link createExchangeApi}. */
export type ExchangeApi = ReturnType<typeof createExchangeApi>

/**
 * Creates the exchange deposit client on {@link createApiClient} (the `st`, `sv` and `projectId` middleware; a non-2xx
 * status thrown as {@link ApiError}). Every answer is validated with valibot; one that breaks the contract is an
 * {@link InvalidResponseError}, never half-read. One per modal instance.
 *
 * @param parameters see {@link CreateExchangeApiParameters}; `baseUrl` is the contract's mount, e.g.
 *   `http://127.0.0.1:8600/exchange`.
 * @returns `listExchanges`, `createSession`, `getStatus`; each rejects with {@link ExchangeApiErrorType}.
 * @example
 * const exchange = createExchangeApi({ baseUrl: `${apiUrl}/exchange`, projectId: 'p' })
 * const [first] = await exchange.listExchanges({ asset: 'eip155:31337/slip44:60', network: 'eip155:31337' })
 * const session = await exchange.createSession({ exchangeId: first.id, asset: 'eip155:31337/slip44:60', network: 'eip155:31337', amount: '0.5', recipient: '0x7099…79C8' })
 * window.open(session.url)
 * await exchange.getStatus(session.sessionId) // { status: 'pending' } … { status: 'succeeded', txHash, amount, recipient }
 */
export function createExchangeApi(parameters: CreateExchangeApiParameters) {
  const client = createApiClient<paths>(parameters)
  return {
    /**
     * The exchanges that can pay `asset` on `network` (none: an empty list).
     * @throws {@link ExchangeApiErrorType}.
     */
    listExchanges: async (query: ListExchangesParameters, options: RequestOptions = {}): Promise<ListExchangesReturnType> =>
      (await call('listExchanges', exchangeListSchema, () => client.GET('/v1/exchanges', { params: { query }, ...signalOf(options) }))).exchanges,
    /**
     * Opens a deposit session at one exchange.
     * @throws {@link ApiError} 404 for an exchange the server does not know; see {@link ExchangeApiErrorType}.
     */
    createSession: (body: CreateDepositSessionParameters, options: RequestOptions = {}): Promise<CreateDepositSessionReturnType> =>
      call('createDepositSession', depositSessionSchema, () => client.POST('/v1/sessions', { body, ...signalOf(options) })),
    /**
     * A session's status.
     * @throws {@link ApiError} 404 for a session the server does not know; see {@link ExchangeApiErrorType}.
     */
    getStatus: (sessionId: string, options: RequestOptions = {}): Promise<GetDepositStatusReturnType> =>
      call('getDepositSessionStatus', depositStatusSchema, () => client.GET('/v1/sessions/{sessionId}', { params: { path: { sessionId } }, ...signalOf(options) })),
  }
}

const signalOf = (options: RequestOptions) => (options.signal ? { signal: options.signal } : {})
