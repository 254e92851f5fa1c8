import * as v from 'valibot'
import { parseAddress } from '../adapters/address.ts'
import { BaseError, type BaseErrorParameters } from '../adapters/errors.ts'
import type { CaipNetwork } from '../adapters/networks.ts'

/*
 * The boundary of Pay (spec §1 "optional features … and pay", §2 "pay loaded on demand"): what a dapp hands
 * `modal.pay`, checked before anything opens, and normalised to what the pay chart is given. Amounts are decimal
 * strings in the asset's units and become base units (wei for ETH, the token's smallest unit for an ERC-20); no
 * float ever holds an amount.
 */

/** A 0x-prefixed hex string. */
export type Hex = `0x${string}`

/**
 * The asset to pay in, as a dapp gives it (eip155 only):
 * - a CAIP-19 id: `eip155:<chainId>/slip44:<coinType>` for the network's native currency, `eip155:<chainId>/erc20:<address>`
 *   for an ERC-20 token;
 * - `{ chainId, address }`: an ERC-20 token at `address` on chain `chainId` (a number or `eip155:<n>`);
 * - `'native'`: the native currency of `chainId` (required then).
 */
export type PayAssetParameter = string | { chainId: number | string; address: string }

/**
 * What `modal.pay` takes:
 * - `recipient`: the 0x address paid (EIP-55 checksum required when mixed case);
 * - `amount`: how much, a decimal string in the asset's units (`'1.5'` ETH, `'12.34'` USDC), > 0, with at most as many
 *   fraction digits as the asset has decimals;
 * - `asset`: {@link PayAssetParameter};
 * - `chainId`: the network (a number or `eip155:<n>`); required with `'native'`, and must agree with the asset's chain;
 * - `memo`: the dapp's words shown with the request (≤ {@link maxMemoLength} characters).
 */
export type PayParameters = {
  recipient: string
  amount: string
  asset: PayAssetParameter
  chainId?: number | string | undefined
  memo?: string | undefined
}

/**
 * The asset, checked: its chain, its kind, the token's address for an ERC-20, and its CAIP-19 id; with its network's name
 * and native currency (`native`: what the fee is paid in).
 */
export type PayAsset = { chainId: number; caipNetworkId: string; caip19: string; networkName: string; native: { symbol: string; decimals: number } } & (
  | { kind: 'native'; symbol: string; decimals: number }
  | { kind: 'erc20'; address: Hex }
)

/** The request, checked (the amount still a decimal string: an ERC-20's decimals are read from its contract). */
export type PayRequest = { recipient: Hex; amount: string; asset: PayAsset; memo: string | undefined }

/** The longest memo shown (characters). */
export const maxMemoLength = 140

/**
 * A payment a dapp asked for that cannot be made as given: the recipient is not an address, the amount is not a
 * positive decimal string or has more fraction digits than the asset's decimals, the asset is neither native nor an
 * ERC-20 of an eip155 network, the chains disagree. Nothing was opened. `path` names the refused field.
 */
export class InvalidPayParametersError extends BaseError {
  override name = 'InvalidPayParametersError'
  /** The refused field: `recipient`, `amount`, `asset`, `chainId`, `memo`, or `parameters` for the whole. */
  path: string
  constructor(path: string, why: string, args: BaseErrorParameters = {}) {
    super(`${path}: ${why}`, args)
    this.path = path
  }
}

/** The payment names an eip155 network the dapp did not configure. Nothing was opened. */
export class PayChainNotConfiguredError extends BaseError {
  override name = 'PayChainNotConfiguredError'
  /** The chain asked for, as given. */
  chainId: number | string
  constructor(chainId: number | string, configured: readonly string[]) {
    super('The payment names a network that is not configured', { details: `Asked for ${String(chainId)}; configured: ${configured.join(', ') || 'none'}.` })
    this.chainId = chainId
  }
}

const chainIdWords = 'must be an EIP-155 chain id or eip155:<id>'
const chainIdSchema = v.union([v.pipe(v.number(), v.integer(chainIdWords), v.minValue(1, chainIdWords)), v.pipe(v.string(), v.regex(/^eip155:[1-9][0-9]*$/, chainIdWords))], chainIdWords)
const decimalPattern = /^(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/
const caip19Pattern = /^eip155:([1-9][0-9]*)\/(slip44:[0-9]+|erc20:0x[0-9a-fA-F]{40})$/

const parametersSchema = v.strictObject(
  {
    recipient: v.string('must be an address string'),
    amount: v.pipe(v.string('must be a decimal string (not a number: no floats)'), v.regex(decimalPattern, 'must be a decimal string such as "1.5"')),
    asset: v.union([v.string(), v.strictObject({ chainId: chainIdSchema, address: v.string() })], 'must be a CAIP-19 id (eip155:<id>/slip44:<n>, eip155:<id>/erc20:<address>), { chainId, address } or "native"'),
    chainId: v.optional(chainIdSchema),
    memo: v.optional(v.pipe(v.string('must be text'), v.maxLength(maxMemoLength, `must be at most ${maxMemoLength} characters`))),
  },
  'must be { recipient, amount, asset, chainId?, memo? } (no other field)',
)

/** A checksummed address (parseAddress returns it with its 0x), typed as such. */
const hexOf = (checked: string): Hex => `0x${checked.slice(2)}`

const chainOf = (id: number | string): number => (typeof id === 'number' ? id : Number(id.slice('eip155:'.length)))

function preview(value: unknown): string {
  try {
    const text = typeof value === 'bigint' ? `${value}n` : (JSON.stringify(value) ?? String(value))
    return text.length > 80 ? `${text.slice(0, 77)}...` : text
  } catch {
    return String(value)
  }
}

function refuse(path: string, why: string, received: unknown): never {
  throw new InvalidPayParametersError(path, why, { details: `Received: ${preview(received)}` })
}

function tokenAddress(value: string): Hex {
  try {
    return hexOf(parseAddress('eip155', value))
  } catch (cause) {
    throw new InvalidPayParametersError('asset', 'the token must be an EVM address (EIP-55 checksum when mixed case)', { cause })
  }
}

/**
 * Checks what a dapp handed `modal.pay` (spec §1, §2 Pay): the fields' shapes, the recipient (EIP-55), the asset (native
 * or ERC-20 of a configured eip155 network), the chains agreeing, and, for a native asset, the amount against the
 * network's decimals ({@link toBaseUnits}; an ERC-20's amount is checked once its decimals are read). Pure: it throws
 * before anything opens.
 *
 * @param parameters what the dapp passed ({@link PayParameters}).
 * @param networks the configured networks (only the eip155 ones can be paid on).
 * @throws InvalidPayParametersError naming the first refused field (`amount: must be a decimal string such as "1.5"`).
 * @throws PayChainNotConfiguredError when the asset's chain is not a configured eip155 network.
 * @example
 * validatePay({ recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '0.5', asset: 'eip155:31337/slip44:60' }, [anvil])
 * // { recipient: '0x7099…79C8', amount: '0.5', asset: { kind: 'native', chainId: 31337, symbol: 'ETH', decimals: 18, … }, memo: undefined }
 */
export function validatePay(parameters: unknown, networks: readonly CaipNetwork[]): PayRequest {
  if (typeof parameters !== 'object' || parameters === null) refuse('parameters', 'must be an object { recipient, amount, asset }', parameters)
  const parsed = v.safeParse(parametersSchema, parameters)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    const key = issue.path?.[0]?.key
    refuse(typeof key === 'string' ? key : 'parameters', issue.message, issue.input)
  }
  const { recipient, amount, asset, chainId, memo } = parsed.output
  let checkedRecipient: Hex
  try {
    checkedRecipient = hexOf(parseAddress('eip155', recipient))
  } catch (cause) {
    throw new InvalidPayParametersError('recipient', 'must be an EVM address (EIP-55 checksum when mixed case)', { cause })
  }
  const asked = chainId === undefined ? undefined : chainOf(chainId)
  let chain: number
  let token: Hex | undefined
  if (typeof asset === 'object') {
    chain = chainOf(asset.chainId)
    token = tokenAddress(asset.address)
  } else if (asset === 'native') {
    if (asked === undefined) refuse('chainId', 'is required with the asset "native"', chainId)
    chain = asked
  } else {
    const match = caip19Pattern.exec(asset)
    if (!match) refuse('asset', 'must be an eip155 CAIP-19 id (eip155:<id>/slip44:<n> or eip155:<id>/erc20:<address>)', asset)
    chain = Number(match[1])
    if (match[2]!.startsWith('erc20:')) token = tokenAddress(match[2]!.slice('erc20:'.length))
  }
  if (asked !== undefined && asked !== chain) refuse('chainId', `must be the asset's chain (${chain})`, chainId)
  const caipNetworkId = `eip155:${chain}`
  const network = networks.find((n) => n.caipNetworkId === caipNetworkId)
  if (!network)
    throw new PayChainNotConfiguredError(
      chainId ?? chain,
      networks.filter((n) => n.chainNamespace === 'eip155').map((n) => n.caipNetworkId),
    )
  const shared = { chainId: chain, caipNetworkId, networkName: network.name, native: { symbol: network.nativeCurrency.symbol, decimals: network.nativeCurrency.decimals } }
  const checkedAsset: PayAsset = token
    ? { ...shared, kind: 'erc20', caip19: `${caipNetworkId}/erc20:${token}`, address: token }
    : { ...shared, kind: 'native', caip19: `${caipNetworkId}/slip44:60`, symbol: network.nativeCurrency.symbol, decimals: network.nativeCurrency.decimals }
  if (checkedAsset.kind === 'native') toBaseUnits(amount, checkedAsset.decimals)
  return { recipient: checkedRecipient, amount, asset: checkedAsset, memo }
}

/**
 * An amount in the asset's units (a decimal string) as base units: `toBaseUnits('1.5', 18)` is 1.5 ETH in wei. String
 * arithmetic only (no float).
 * @param decimals the asset's decimals (an integer 0 to 255; ETH 18, USDC 6).
 * @throws InvalidPayParametersError at `amount` when it is not a decimal string, is zero, or has more fraction digits
 *   than `decimals`.
 * @example toBaseUnits('12.34', 6) // 12340000n
 */
export function toBaseUnits(amount: string, decimals: number): bigint {
  if (!decimalPattern.test(amount)) refuse('amount', 'must be a decimal string such as "1.5"', amount)
  const [whole = '0', fraction = ''] = amount.split('.')
  if (fraction.length > decimals) refuse('amount', `must have at most ${decimals} fraction digits (the asset's decimals)`, amount)
  const units = BigInt(whole + fraction.padEnd(decimals, '0'))
  if (units === 0n) refuse('amount', 'must be more than zero', amount)
  return units
}
