/**
 * Batched calls (EIP-5792; spec §5 "wallet_sendCalls call addresses and data must start with 0x", §7 `wallet_sendCalls`)
 * for the embedded wallet's smart account: `wallet_getCapabilities` says `atomic` is supported on the chains where the
 * user prefers the smart account, `wallet_sendCalls` (the v2 request, after the frame's approval: an unsafe method of
 * spec §5) sends every call in one user operation (the account's `executeBatch`: all or nothing), and
 * `wallet_getCallsStatus` reads that operation's receipt from the bundler (200, or 500 when its calls reverted; 100
 * while it has none). A batch is kept in the database with its user, chain and user operation hash: only its user can
 * ask about it, and it survives a restart. The EOA keeps the answers of a wallet without batched calls (4200). Dev-only.
 */
import { getAddress, isAddress, isAddressEqual, isHex, toHex } from 'viem'
import type { Address, Hash, Hex } from 'viem'
import type { UserOperationReceipt } from 'viem/account-abstraction'
import { ProviderRpcError } from '../../adapters/errors.ts'
import type { SecureDb } from './db.ts'
import type { SmartAccountCall, SmartAccounts } from './smartAccount.ts'

/** The batches the smart accounts sent: the batch id (the user operation hash, or the dapp's own id) of each user. */
export const smartCallsSchema = `
create table if not exists call_batches (
  user_id integer not null references users(id),
  id text not null,
  chain_id integer not null,
  user_op_hash text not null,
  primary key (user_id, id)
);
`

/** The most calls one batch may hold (EIP-5792 5740 beyond). */
export const maxSmartBatchCalls = 10

/** EIP-5792 error codes the smart account answers with. */
export const callsErrorCodes = {
  invalidParams: -32602,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  unsupportedCapability: 5700,
  unsupportedChain: 5710,
  duplicateId: 5720,
  unknownBundle: 5730,
  tooLarge: 5740,
} as const

/** A refusal of a batched-calls request: its EIP-5792 / JSON-RPC `code` and words. */
export class SmartCallsError extends ProviderRpcError {
  override name = 'SmartCallsError'
}

/** A `wallet_sendCalls` request as the smart account runs it. */
export type SmartCallsRequest = { calls: SmartAccountCall[]; id?: string }

/** The `wallet_getCallsStatus` v2 answer. */
export type SmartCallsStatus = {
  version: '2.0.0'
  id: string
  chainId: Hex
  status: 100 | 200 | 500
  atomic: true
  receipts?: Array<{ logs: Array<{ address: Address; data: Hex; topics: Hex[] }>; status: '0x1' | '0x0'; blockHash: Hash; blockNumber: Hex; gasUsed: Hex; transactionHash: Hash }>
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const invalid = (why: string) => new SmartCallsError(callsErrorCodes.invalidParams, `Invalid params for wallet_sendCalls: ${why}`)

/**
 * Checks a `wallet_sendCalls` v2 request (`{ version, id?, from?, chainId, atomicRequired, calls, capabilities? }`) for
 * `account` on `chainId`.
 *
 * @returns the calls (`to` checksummed, `value` in wei, `data` when not empty) and the dapp's batch id when it gave one.
 * @throws SmartCallsError -32602 (not an object, no calls, a call without a `0x` address, data that is not whole bytes
 *   of `0x` hex, a value that is not a hex quantity, an id that is not 1–4096 characters), 4100 (`from` another
 *   account), 5710 (another chain), 5740 (more than {@link maxSmartBatchCalls} calls), 5700 (a capability not marked
 *   optional: the smart account supports none).
 * @example parseSendCalls({ version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls: [{ to, value: '0x1' }] }, { chainId: 31337, account })
 */
export function parseSendCalls(request: unknown, expected: { chainId: number; account: Address }): SmartCallsRequest {
  if (!isRecord(request)) throw invalid('expected [{ version, chainId, from, atomicRequired, calls }]')
  if (request['version'] !== undefined && typeof request['version'] !== 'string') throw invalid('version must be a string')
  const id = request['id']
  if (id !== undefined && (typeof id !== 'string' || id.length === 0 || id.length > 4096)) throw invalid('id must be a string of 1 to 4096 characters')
  const from = request['from']
  if (from !== undefined && (typeof from !== 'string' || !isAddress(from, { strict: false }) || !isAddressEqual(from, expected.account))) {
    throw new SmartCallsError(callsErrorCodes.unauthorized, 'The address is not the embedded wallet’s')
  }
  const chainId = request['chainId']
  if (typeof chainId !== 'string' || !/^0x[0-9a-fA-F]+$/.test(chainId) || Number(chainId) !== expected.chainId) {
    throw new SmartCallsError(callsErrorCodes.unsupportedChain, `Unsupported chain id: the wallet is on ${toHex(expected.chainId)}`)
  }
  const calls = request['calls']
  if (!Array.isArray(calls) || calls.length === 0) throw invalid('calls must be a non-empty list')
  if (calls.length > maxSmartBatchCalls) throw new SmartCallsError(callsErrorCodes.tooLarge, `A batch holds at most ${maxSmartBatchCalls} calls`)
  checkCapabilities(request['capabilities'])
  return { calls: calls.map((call, index) => parseCall(call, index)), ...(typeof id === 'string' ? { id } : {}) }
}

function parseCall(call: unknown, index: number): SmartAccountCall {
  if (!isRecord(call)) throw invalid(`calls[${index}] must be { to, data?, value? }`)
  const { to, data, value } = call
  if (typeof to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(to)) throw invalid(`calls[${index}].to must be 0x and 40 hex digits`)
  if (data !== undefined && (typeof data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(data))) throw invalid(`calls[${index}].data must be 0x and whole bytes of hex`)
  if (value !== undefined && (typeof value !== 'string' || !/^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$/.test(value))) throw invalid(`calls[${index}].value must be a hex quantity`)
  checkCapabilities(call['capabilities'])
  return { to: getAddress(to), value: typeof value === 'string' ? BigInt(value) : 0n, ...(typeof data === 'string' && data !== '0x' && isHex(data) ? { data } : {}) }
}

/** A capability the dapp requires (not `optional: true`) is refused: the smart account supports none of them. */
function checkCapabilities(capabilities: unknown): void {
  if (capabilities === undefined) return
  if (!isRecord(capabilities)) throw invalid('capabilities must be an object')
  for (const [name, value] of Object.entries(capabilities)) {
    if (!(isRecord(value) && value['optional'] === true)) throw new SmartCallsError(callsErrorCodes.unsupportedCapability, `Unsupported non-optional capability: ${name}`)
  }
}

/**
 * The `wallet_getCapabilities` answer of a user's wallet: for each asked chain (`chainIds`, hex quantities; all the
 * configured ones when absent) that is configured, `atomic` `supported` where the smart account is the wallet's
 * account, `unsupported` elsewhere.
 *
 * @throws SmartCallsError -32602 when `chainIds` is not a list of hex quantities.
 * @example capabilitiesOf(['0x7a69'], [31337, 31338], (id) => id === 31337) // { '0x7a69': { atomic: { status: 'supported' } } }
 */
export function capabilitiesOf(chainIds: unknown, configured: readonly number[], isSmart: (chainId: number) => boolean): Record<Hex, { atomic: { status: 'supported' | 'unsupported' } }> {
  if (chainIds !== undefined && !(Array.isArray(chainIds) && chainIds.every((c) => typeof c === 'string' && /^0x[0-9a-fA-F]+$/.test(c)))) {
    throw new SmartCallsError(callsErrorCodes.invalidParams, 'Invalid params for wallet_getCapabilities: chain ids must be hex quantities')
  }
  const asked = chainIds === undefined ? configured : (chainIds as string[]).map(Number).filter((id) => configured.includes(id))
  return Object.fromEntries(asked.map((id) => [toHex(id), { atomic: { status: isSmart(id) ? 'supported' : 'unsupported' } }])) as Record<Hex, { atomic: { status: 'supported' | 'unsupported' } }>
}

/**
 * The `wallet_getCallsStatus` v2 answer of batch `id` on `chainId` from its user operation's receipt: 100 without a
 * receipt; 200 when the operation succeeded, 500 when its calls reverted (all of them: they ran in one `executeBatch`),
 * with the transaction that carried it as the one receipt (its `status` the operation's, its logs the operation's).
 */
export function callsStatusOf(id: string, chainId: number, receipt: UserOperationReceipt | undefined): SmartCallsStatus {
  const base = { version: '2.0.0' as const, id, chainId: toHex(chainId), atomic: true as const }
  if (!receipt) return { ...base, status: 100 }
  const tx = receipt.receipt
  return {
    ...base,
    status: receipt.success ? 200 : 500,
    receipts: [
      {
        logs: receipt.logs.map((log) => ({ address: log.address, data: log.data, topics: [...log.topics] as Hex[] })),
        status: receipt.success ? '0x1' : '0x0',
        blockHash: tx.blockHash,
        blockNumber: toHex(tx.blockNumber),
        gasUsed: toHex(tx.gasUsed),
        transactionHash: tx.transactionHash,
      },
    ],
  }
}

/** What {@link createSmartCalls} needs: the database, the smart accounts, and the configured EVM chain ids. */
export type SmartCallsOptions = { db: SecureDb; smart: SmartAccounts; chainIds: readonly number[] }

/**
 * The EIP-5792 methods of the embedded wallet for one request: `account` is the smart account when the user prefers it
 * on the request's chain, undefined for the EOA (4200 then, as a wallet without batched calls, except for the status of
 * a batch the smart account sent earlier).
 */
export function createSmartCalls({ db, smart, chainIds }: SmartCallsOptions) {
  return {
    /**
     * `wallet_getCapabilities(address, chainIds?)`.
     * @throws SmartCallsError 4200 for the EOA, 4100 for another address, -32602 for bad chain ids.
     */
    async capabilities(input: { account: Address | undefined; params: unknown[]; isSmart: (chainId: number) => Promise<boolean> }) {
      if (!input.account) throw new SmartCallsError(callsErrorCodes.unsupportedMethod, 'Method not supported by the embedded wallet')
      const [address, asked] = input.params
      if (address !== undefined && (typeof address !== 'string' || !isAddress(address, { strict: false }) || !isAddressEqual(address, input.account))) {
        throw new SmartCallsError(callsErrorCodes.unauthorized, 'The address is not the embedded wallet’s')
      }
      const smartOn = new Set<number>()
      for (const id of chainIds) if (await input.isSmart(id)) smartOn.add(id)
      return capabilitiesOf(asked, chainIds, (id) => smartOn.has(id))
    },

    /**
     * Checks a `wallet_sendCalls([request])` before the frame shows its approval, as {@link send} will: nothing is sent.
     * @throws SmartCallsError as {@link send} does before it sends (4200 for the EOA, 5720, those of {@link parseSendCalls}).
     */
    async check(input: { userId: number; account: Address | undefined; chainId: number; params: unknown[] }): Promise<void> {
      await check(input)
    },

    /**
     * `wallet_sendCalls([request])`, after the frame's approval: one user operation of every call.
     * @returns `{ id }`: the dapp's id when it gave one, else the user operation hash.
     * @throws SmartCallsError 4200 for the EOA, 5720 for an id this user already used, those of {@link parseSendCalls};
     *   the bundler's refusal with its code (SmartAccountSendError).
     */
    async send(input: { userId: number; ownerKey: () => Promise<Hex>; account: Address | undefined; chainId: number; params: unknown[] }): Promise<{ id: string }> {
      const request = await check(input)
      const userOpHash = await smart.submit(await input.ownerKey(), input.chainId, request.calls)
      const id = request.id ?? userOpHash
      await db.query('insert into call_batches (user_id, id, chain_id, user_op_hash) values ($1, $2, $3, $4) on conflict do nothing', [input.userId, id, input.chainId, userOpHash])
      return { id }
    },

    /**
     * `wallet_getCallsStatus([id])` of a batch this user's smart account sent (on any chain).
     * @throws SmartCallsError 5730 for an id this user never sent (4200 for the EOA), -32602 without an id; the
     *   bundler's failure (SmartAccountSendError) when it cannot answer.
     */
    async status(input: { userId: number; account: Address | undefined; params: unknown[] }): Promise<SmartCallsStatus> {
      const id = input.params[0]
      if (typeof id !== 'string' || id.length === 0 || id.length > 4096) throw new SmartCallsError(callsErrorCodes.invalidParams, 'Invalid params for wallet_getCallsStatus: expected [id]')
      const batch = await batchOf(input.userId, id)
      if (!batch) {
        if (!input.account) throw new SmartCallsError(callsErrorCodes.unsupportedMethod, 'Method not supported by the embedded wallet')
        throw new SmartCallsError(callsErrorCodes.unknownBundle, `Unknown bundle id: ${id}`)
      }
      return callsStatusOf(id, batch.chainId, await smart.operationReceipt(batch.chainId, batch.userOpHash))
    },
  }

  /** The request of a `wallet_sendCalls` the user's smart account may send; refused as {@link parseSendCalls} says, 4200, 5720. */
  async function check(input: { userId: number; account: Address | undefined; chainId: number; params: unknown[] }): Promise<SmartCallsRequest> {
    if (!input.account) throw new SmartCallsError(callsErrorCodes.unsupportedMethod, 'Method not supported by the embedded wallet')
    const request = parseSendCalls(input.params[0], { chainId: input.chainId, account: input.account })
    if (request.id !== undefined && (await batchOf(input.userId, request.id))) throw new SmartCallsError(callsErrorCodes.duplicateId, `Duplicate batch id: ${request.id}`)
    return request
  }

  async function batchOf(userId: number, id: string): Promise<{ chainId: number; userOpHash: Hash } | undefined> {
    const { rows } = await db.query<{ chain_id: number; user_op_hash: Hash }>('select chain_id, user_op_hash from call_batches where user_id = $1 and id = $2', [userId, id])
    const row = rows[0]
    return row ? { chainId: row.chain_id, userOpHash: row.user_op_hash } : undefined
  }
}
