import * as v from 'valibot'
import { CallsChainNotConfiguredError, InvalidCallsError } from './batch.errors.ts'

/*
 * The boundary of batched calls (EIP-5792 `wallet_sendCalls`, spec §5 "wallet_sendCalls call addresses and data must
 * start with 0x", §7 "wallet_sendCalls: chainId, from, version, capabilities, calls"): what a dapp hands
 * `sendCalls`, checked before anything reaches a wallet, and normalised to what the wallet is sent.
 */

/**
 * The most calls one batch may carry. EIP-5792 sets no limit (a wallet refuses a batch it finds too large with 5740);
 * ten covers an approve + swap + the dapp's own follow-ups while keeping the one-by-one fallback (one prompt per call)
 * bearable for the visitor.
 */
export const maxBatchCalls = 10

/** A 0x-prefixed hex string (even length for data, any for a quantity). */
export type Hex = `0x${string}`

/**
 * One call of a batch as a dapp gives it (EIP-5792 v2 call):
 * - `to`: the 20-byte address called, `0x` and 40 hex digits (any case; spec §5).
 * - `data`: the calldata, `0x` and whole bytes of hex (`0x` alone: no data); absent: none.
 * - `value`: wei, a `bigint` (≥ 0) or a hex quantity (`0x0`, `0xde0b6b3a7640000`: no leading zeros); absent: 0.
 */
export type BatchCallParameter = { to: string; data?: string | undefined; value?: bigint | string | undefined }

/** One call as the wallet is sent it (`wallet_sendCalls` v2): `value` a hex quantity of wei, `data` present only when given. */
export type BatchCall = { to: Hex; data?: Hex | undefined; value: Hex }

/**
 * What `sendCalls` takes (spec §7):
 * - `calls`: 1 to {@link maxBatchCalls} calls, run in order.
 * - `chainId`: the EIP-155 chain id (a number, or its CAIP-2 id `eip155:<n>`) of a configured network; absent: the
 *   connected wallet's chain.
 * - `atomicRequired`: the calls must run all or none (EIP-5792 `atomicRequired`); default `false`, which allows the
 *   one-by-one fallback.
 * - `capabilities`: EIP-5792 capabilities passed to the wallet as given (e.g. `{ paymasterService: { url } }`).
 */
export type SendCallsParameters = {
  calls: readonly BatchCallParameter[]
  chainId?: number | string | undefined
  atomicRequired?: boolean | undefined
  capabilities?: Record<string, unknown> | undefined
}

/** The checked batch: the normalised calls, the chain as a number and as CAIP-2, the atomicity and the capabilities. */
export type ValidatedCalls = {
  calls: BatchCall[]
  chainId: number
  caipNetworkId: string
  atomicRequired: boolean
  capabilities: Record<string, unknown>
}

const addressPattern = /^0x[0-9a-fA-F]{40}$/
const dataPattern = /^0x(?:[0-9a-fA-F]{2})*$/
const quantityPattern = /^0x(?:0|[1-9a-fA-F][0-9a-fA-F]*)$/

const chainIdWords = 'must be an EIP-155 chain id or eip155:<id>'

const callSchema = v.strictObject(
  {
    to: v.pipe(v.string('an address string is required'), v.regex(addressPattern, 'must be 0x and 40 hex digits')),
    data: v.optional(v.pipe(v.string('must be a 0x-hex string'), v.regex(dataPattern, 'must be 0x and whole bytes of hex'))),
    value: v.optional(
      v.union([v.pipe(v.bigint(), v.minValue(0n, 'must not be negative')), v.pipe(v.string(), v.regex(quantityPattern, 'must be a hex quantity (0x, no leading zeros)'))], 'must be a bigint or a hex quantity'),
    ),
  },
  'must be a call: to, and optionally data and value (no other field)',
)

const parametersSchema = v.strictObject({
  calls: v.pipe(v.array(v.unknown(), 'must be an array of calls'), v.minLength(1, 'must hold at least one call'), v.maxLength(maxBatchCalls, `must hold at most ${maxBatchCalls} calls`)),
  chainId: v.optional(v.union([v.pipe(v.number(), v.integer(chainIdWords), v.minValue(1, chainIdWords)), v.pipe(v.string(), v.regex(/^eip155:[1-9][0-9]*$/, chainIdWords))], chainIdWords)),
  atomicRequired: v.optional(v.boolean('must be a boolean')),
  capabilities: v.optional(v.record(v.string(), v.unknown(), 'must be an object of capabilities')),
})

/** `['calls', 1, 'data']` → `calls[1].data`. */
function pathOf(issue: v.BaseIssue<unknown>, prefix: ReadonlyArray<string | number>): string {
  const keys = [...prefix, ...(issue.path ?? []).map((item) => (typeof item.key === 'number' ? item.key : String(item.key)))]
  return keys.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : `.${key}`)).join('') || 'parameters'
}

function refuse(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]], prefix: ReadonlyArray<string | number>): never {
  const issue = issues[0]
  throw new InvalidCallsError(pathOf(issue, prefix), issue.message, { details: `Received: ${describe(issue.input)}` })
}

function describe(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value)
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

/** A string the schema checked to start with 0x, typed as such. */
const hexOf = (checked: string): Hex => `0x${checked.slice(2)}`

/** A value as a hex quantity of wei: a bigint turned to hex, a hex quantity lower-cased; absent: `0x0`. */
function quantityOf(value: bigint | string | undefined): Hex {
  if (value === undefined) return '0x0'
  return typeof value === 'bigint' ? `0x${value.toString(16)}` : hexOf(value.toLowerCase())
}

/**
 * Checks a batch at the boundary (spec §5, §7) and normalises it for `wallet_sendCalls` v2: every call's `to` a 0x
 * address, its `data` 0x and whole bytes of hex, its `value` a bigint ≥ 0 or a hex quantity (sent as a hex quantity);
 * 1 to {@link maxBatchCalls} calls; the chain one of `configured` (CAIP-2 ids; absent: `connectedChainId`). Pure: it
 * throws before anything is sent.
 *
 * @param parameters what the dapp passed to `sendCalls` ({@link SendCallsParameters}).
 * @param context `configured`: the CAIP-2 ids of the configured eip155 networks; `connectedChainId`: the wallet's chain.
 * @throws InvalidCallsError naming the first refused field (`calls[1].data: must be 0x and whole bytes of hex`).
 * @throws CallsChainNotConfiguredError when the chain is not one of `configured` (or no chain is known).
 * @example
 * validateCalls({ calls: [{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 1n }] }, { configured: ['eip155:31337'], connectedChainId: 31337 })
 * // { calls: [{ to: '0x7099…79C8', value: '0x1' }], chainId: 31337, caipNetworkId: 'eip155:31337', atomicRequired: false, capabilities: {} }
 */
export function validateCalls(parameters: unknown, context: { configured: readonly string[]; connectedChainId?: number | undefined }): ValidatedCalls {
  if (typeof parameters !== 'object' || parameters === null) throw new InvalidCallsError('parameters', 'must be an object with calls', { details: `Received: ${describe(parameters)}` })
  const top = v.safeParse(parametersSchema, parameters)
  if (!top.success) refuse(top.issues, [])
  const calls = top.output.calls.map((call, index): BatchCall => {
    const checked = v.safeParse(callSchema, call)
    if (!checked.success) refuse(checked.issues, ['calls', index])
    const { to, data, value } = checked.output
    return { to: hexOf(to), ...(data !== undefined ? { data: hexOf(data.toLowerCase()) } : {}), value: quantityOf(value) }
  })
  const asked = top.output.chainId ?? context.connectedChainId
  const chainId = typeof asked === 'string' ? Number(asked.slice('eip155:'.length)) : asked
  const caipNetworkId = `eip155:${chainId}`
  if (chainId === undefined || !context.configured.includes(caipNetworkId)) throw new CallsChainNotConfiguredError(asked ?? 'none', context.configured)
  return { calls, chainId, caipNetworkId, atomicRequired: top.output.atomicRequired ?? false, capabilities: top.output.capabilities ?? {} }
}
