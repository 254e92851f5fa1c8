/**
 * The blockchain API's Bitcoin routes (spec §7: `GET /v1/bitcoin/address/{address}`, `POST /v1/bitcoin/tx`) as the
 * UTXO source the Bitcoin adapter (`adapters/bip122.ts`) is handed by the assembly: the address's funded and spent
 * sums, and the broadcast of a signed transaction. Each network's first RPC URL is the API's base URL.
 */
import * as v from 'valibot'
import type { paths } from '../openapi/blockchain.d.ts'
import { ApiError, call, createApiClient } from './api.ts'

const addressStatsSchema = v.object({
  funded_txo_count: v.number(),
  funded_txo_sum: v.pipe(v.number(), v.integer(), v.minValue(0)),
  spent_txo_count: v.number(),
  spent_txo_sum: v.pipe(v.number(), v.integer(), v.minValue(0)),
  tx_count: v.number(),
})
const bitcoinAddressSchema = v.object({ address: v.string(), chain_stats: addressStatsSchema, mempool_stats: addressStatsSchema })
const broadcastSchema = v.object({ txid: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)) })

export type CreateBitcoinApiParameters = {
  /** `projectId` of the blockchain API calls (spec §7: every call carries `st`, `sv`, `projectId`). */
  projectId: string
  sdkType?: string | undefined
  sdkVersion?: string | undefined
  clientId?: string | undefined
  /** Injected fetch (tests, a proxy); default `globalThis.fetch`. */
  fetch?: typeof globalThis.fetch | undefined
}

/** A broadcast's answer: the transaction id, or the API's refusal (its message and refusal code, e.g. `DOUBLE_SPEND`). */
export type BroadcastBitcoinReturnType = { txid: string } | { refused: { message: string; code: string | undefined }; cause: unknown }

/**
 * Creates the blockchain API's Bitcoin client.
 * @throws from `getAddressStats`: `ApiError` for a non-OK status or a network failure, `InvalidResponseError` for an
 *   answer that is not an address's stats (services/api.ts `call`). `broadcast` answers a refusal (a non-OK status)
 *   as `{ refused }`, and throws the other failures.
 * @example
 * const bitcoin = createBitcoinApi({ projectId: 'p' })
 * const { chain_stats } = await bitcoin.getAddressStats('http://127.0.0.1:4000/blockchain', 'bcrt1q…')
 */
export function createBitcoinApi(parameters: CreateBitcoinApiParameters) {
  const client = (baseUrl: string) =>
    createApiClient<paths>({
      baseUrl,
      projectId: parameters.projectId,
      ...(parameters.sdkType ? { sdkType: parameters.sdkType } : {}),
      ...(parameters.sdkVersion ? { sdkVersion: parameters.sdkVersion } : {}),
      ...(parameters.clientId ? { clientId: parameters.clientId } : {}),
      ...(parameters.fetch ? { fetch: parameters.fetch } : {}),
    })
  return {
    /** The address's confirmed (`chain_stats`) and mempool (`mempool_stats`) sums, in satoshis. */
    getAddressStats: (baseUrl: string, address: string) => call('getBitcoinAddress', bitcoinAddressSchema, () => client(baseUrl).GET('/v1/bitcoin/address/{address}', { params: { path: { address } } })),
    /** Broadcasts a signed transaction (hex). */
    async broadcast(baseUrl: string, hex: string): Promise<BroadcastBitcoinReturnType> {
      try {
        const { txid } = await call('broadcastBitcoinTransaction', broadcastSchema, () => client(baseUrl).POST('/v1/bitcoin/tx', { body: { hex } }))
        return { txid }
      } catch (error) {
        if (!(error instanceof ApiError)) throw error
        const body = error.body as { message?: unknown; reasons?: Array<{ description?: unknown }> } | undefined
        const code = typeof body?.reasons?.[0]?.description === 'string' ? body.reasons[0].description : undefined
        return { refused: { message: typeof body?.message === 'string' ? body.message : error.shortMessage, code }, cause: error }
      }
    },
  }
}
