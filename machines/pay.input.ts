import * as v from 'valibot'
import { parseAddress } from '../adapters/address.ts'
import { isSolanaAddress } from '../adapters/solana.base58.ts'
import { looksLikeName } from './receiverName.ts'
import { BaseError, type BaseErrorParameters } from '../adapters/errors.ts'
import type { CaipNetwork } from '../adapters/networks.ts'

/*
 * The boundary of Pay (spec §1 "optional features … and pay", §2 "pay loaded on demand"): what a dapp hands
 * `modal.pay`, checked before anything opens, and normalised to what the pay chart is given. Amounts are decimal
 * strings in the asset's units and become base units (wei for ETH, lamports for SOL, the token's smallest unit for an
 * ERC-20 or an SPL token); no float ever holds an amount.
 */

/** A 0x-prefixed hex string. */
export type Hex = `0x${string}`

/**
 * The asset to pay in, as a dapp gives it:
 * - a CAIP-19 id: `eip155:<chainId>/slip44:<coinType>` for the network's native currency, `eip155:<chainId>/erc20:<address>`
 *   for an ERC-20 token; `solana:<genesis>/slip44:501` for SOL, `solana:<genesis>/token:<mint>` for an SPL token (the
 *   genesis hash or its first 32 characters, the CAIP-2 reference);
 * - `{ chainId, address }`: an ERC-20 token at `address` on chain `chainId` (a number or `eip155:<n>`), or an SPL token
 *   of mint `address` with `chainId` `solana:<reference>`;
 * - `'native'`: the native currency of `chainId` (required then).
 */
export type PayAssetParameter = string | { chainId: number | string; address: string }

/**
 * What `modal.pay` takes:
 * - `recipient`: on eip155 the 0x address paid (EIP-55 checksum required when mixed case) or a name (`alice.reown.id`)
 *   resolved as Send resolves it; on solana a base58 public key;
 * - `amount`: how much, a decimal string in the asset's units (`'1.5'` ETH, `'12.34'` USDC), > 0, with at most as many
 *   fraction digits as the asset has decimals;
 * - `asset`: {@link PayAssetParameter};
 * - `chainId`: the network (a number, `eip155:<n>` or `solana:<reference>`); required with `'native'`, and must agree
 *   with the asset's chain;
 * - `memo`: the dapp's words shown with the request (≤ {@link maxMemoLength} characters);
 * - `confirmations`: on eip155, how many blocks must hold the transfer before the payment is a success (the block that
 *   includes it counts as one; 1 to {@link maxPayConfirmations}; default {@link defaultPayConfirmations}): a reorganised
 *   chain that drops the transfer meanwhile is waited out, never counted as paid. Not taken on solana, where the end is
 *   the cluster's `confirmed` commitment (a supermajority's vote), not a count of blocks.
 */
export type PayParameters = {
  recipient: string
  amount: string
  asset: PayAssetParameter
  chainId?: number | string | undefined
  memo?: string | undefined
  confirmations?: number | undefined
}

/** The namespaces a payment can be made on. */
export type PayNamespace = 'eip155' | 'solana'

/**
 * The asset, checked: its namespace and chain (`chainId`: the EIP-155 number, or the Solana CAIP-2 reference), its kind,
 * the token's address for an ERC-20 or the mint's for an SPL token, and its CAIP-19 id; with its network's name and native
 * currency (`native`: what the fee is paid in).
 */
export type PayAsset = { caipNetworkId: string; caip19: string; networkName: string; native: { symbol: string; decimals: number } } & (
  | { namespace: 'eip155'; chainId: number }
  | { namespace: 'solana'; chainId: string }
) &
  ({ kind: 'native'; symbol: string; decimals: number } | { kind: 'erc20'; address: Hex } | { kind: 'spl'; address: string })

/**
 * The request, checked (the amount still a decimal string: a token's decimals are read from its contract or mint).
 * `recipientName`: the name the dapp gave, until the pay chart's reads resolve it (`recipient` is the name until then).
 * `confirmations`: the blocks that must hold the transfer before success (1 on solana: its `confirmed` commitment).
 */
export type PayRequest = { recipient: string; recipientName?: string | undefined; amount: string; asset: PayAsset; memo: string | undefined; confirmations: number }

/** The longest memo shown (characters). */
export const maxMemoLength = 140
/**
 * The blocks that hold an eip155 transfer before a payment is a success, when the dapp names none: 1, the block that
 * includes it (the receipt). The issue asks for "confirmations as configured" and names no count; a dapp that wants
 * more (a large payment, a chain that reorganises) passes `confirmations`.
 */
export const defaultPayConfirmations = 1
/** The most confirmations a payment may ask (64: two epochs of Ethereum, past its finality). */
export const maxPayConfirmations = 64

/**
 * A payment a dapp asked for that cannot be made as given: the recipient is not an address of the asset's namespace
 * (nor, on eip155, a name), the amount is not a positive decimal string or has more fraction digits than the asset's
 * decimals, the asset is neither native nor an ERC-20 of an eip155 network nor SOL or an SPL token of a solana network
 * (a mint that is no base58 public key), the chains disagree. Nothing was opened. `path` names the refused field.
 */
export class InvalidPayParametersError extends BaseError {
  static override docsPath = '/errors/InvalidPayParametersError'
  override name = 'InvalidPayParametersError'
  /** The refused field: `recipient`, `amount`, `asset`, `chainId`, `memo`, or `parameters` for the whole. */
  path: string
  constructor(path: string, why: string, args: BaseErrorParameters = {}) {
    super(`${path}: ${why}`, args)
    this.path = path
  }
}

/** The payment names an eip155 or solana network the dapp did not configure. Nothing was opened. */
export class PayChainNotConfiguredError extends BaseError {
  static override docsPath = '/errors/PayChainNotConfiguredError'
  override name = 'PayChainNotConfiguredError'
  /** The chain asked for, as given. */
  chainId: number | string
  constructor(chainId: number | string, configured: readonly string[]) {
    super('The payment names a network that is not configured', { details: `Asked for ${String(chainId)}; configured: ${configured.join(', ') || 'none'}.` })
    this.chainId = chainId
  }
}

const chainIdWords = 'must be an EIP-155 chain id, eip155:<id> or solana:<reference>'
const chainIdSchema = v.union(
  [v.pipe(v.number(), v.integer(chainIdWords), v.minValue(1, chainIdWords)), v.pipe(v.string(), v.regex(/^(?:eip155:[1-9][0-9]*|solana:[1-9A-HJ-NP-Za-km-z]{1,44})$/, chainIdWords))],
  chainIdWords,
)
const decimalPattern = /^(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/
const caip19Pattern = /^(eip155:[1-9][0-9]*|solana:[1-9A-HJ-NP-Za-km-z]{1,44})\/(slip44|erc20|token):(.+)$/
const assetWords = 'must be a CAIP-19 id (eip155:<id>/slip44:<n>, eip155:<id>/erc20:<address>, solana:<genesis>/slip44:501, solana:<genesis>/token:<mint>), { chainId, address } or "native"'

const confirmationsWords = `must be a whole number of blocks from 1 to ${maxPayConfirmations}`
const parametersSchema = v.strictObject(
  {
    recipient: v.string('must be an address string'),
    amount: v.pipe(v.string('must be a decimal string (not a number: no floats)'), v.regex(decimalPattern, 'must be a decimal string such as "1.5"')),
    asset: v.union([v.string(), v.strictObject({ chainId: chainIdSchema, address: v.string() })], assetWords),
    chainId: v.optional(chainIdSchema),
    memo: v.optional(v.pipe(v.string('must be text'), v.maxLength(maxMemoLength, `must be at most ${maxMemoLength} characters`))),
    confirmations: v.optional(v.pipe(v.number(confirmationsWords), v.integer(confirmationsWords), v.minValue(1, confirmationsWords), v.maxValue(maxPayConfirmations, confirmationsWords))),
  },
  'must be { recipient, amount, asset, chainId?, memo?, confirmations? } (no other field)',
)

/** A checksummed address (parseAddress returns it with its 0x), typed as such. */
const hexOf = (checked: string): Hex => `0x${checked.slice(2)}`

/** The CAIP-2 id of a chain id as given: a number is eip155; a Solana reference is cut to 32 characters (CAIP-30). */
const caipOf = (id: number | string): string => {
  if (typeof id === 'number') return `eip155:${id}`
  return id.startsWith('solana:') ? id.slice(0, 'solana:'.length + 32) : id
}

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

function mintAddress(value: string): string {
  if (!isSolanaAddress(value)) refuse('asset', "the SPL token's mint must be a Solana public key (base58, 32 bytes)", value)
  return value
}

/** The recipient of the asset's namespace; an eip155 name (Send's rule) is kept to be resolved before anything opens. */
function recipientOf(recipient: string, namespace: PayNamespace): { recipient: string; recipientName?: string } {
  if (namespace === 'solana') {
    if (!isSolanaAddress(recipient)) refuse('recipient', 'must be a Solana public key (base58, 32 bytes)', recipient)
    return { recipient }
  }
  if (looksLikeName(recipient.trim())) {
    const name = recipient.trim().toLowerCase()
    return { recipient: name, recipientName: name }
  }
  try {
    return { recipient: hexOf(parseAddress('eip155', recipient)) }
  } catch (cause) {
    throw new InvalidPayParametersError('recipient', 'must be an EVM address (EIP-55 checksum when mixed case) or a name', { cause })
  }
}

/**
 * Checks what a dapp handed `modal.pay` (spec §1, §2 Pay): the fields' shapes, the asset (native or ERC-20 of a configured
 * eip155 network, SOL or an SPL token of a configured solana network), the recipient of its namespace (eip155: EIP-55 or
 * a name, resolved before anything opens; solana: a base58 public key), the chains agreeing, and, for a native asset, the
 * amount against the network's decimals ({@link toBaseUnits}; a token's amount is checked once its decimals are read).
 * Pure: it throws before anything opens.
 *
 * @param parameters what the dapp passed ({@link PayParameters}).
 * @param networks the configured networks (the eip155 and solana ones can be paid on).
 * @throws InvalidPayParametersError naming the first refused field (`amount: must be a decimal string such as "1.5"`).
 * @throws PayChainNotConfiguredError when the asset's chain is not a configured eip155 or solana network.
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
  const { recipient, amount, asset, chainId, memo, confirmations } = parsed.output
  const asked = chainId === undefined ? undefined : caipOf(chainId)
  let caipNetworkId: string
  let token: string | undefined
  if (typeof asset === 'object') {
    caipNetworkId = caipOf(asset.chainId)
    token = caipNetworkId.startsWith('solana:') ? mintAddress(asset.address) : tokenAddress(asset.address)
  } else if (asset === 'native') {
    if (asked === undefined) refuse('chainId', 'is required with the asset "native"', chainId)
    caipNetworkId = asked
  } else {
    const match = caip19Pattern.exec(asset)
    if (!match) refuse('asset', assetWords, asset)
    caipNetworkId = caipOf(match[1]!)
    const [kind, reference] = [match[2]!, match[3]!]
    const solana = caipNetworkId.startsWith('solana:')
    if (kind === 'slip44') {
      if (!/^[0-9]+$/.test(reference) || (solana && reference !== '501')) refuse('asset', solana ? 'SOL is slip44:501' : 'a native currency is slip44:<coin type>', asset)
    } else if (kind === (solana ? 'token' : 'erc20')) token = solana ? mintAddress(reference) : tokenAddress(reference)
    else refuse('asset', solana ? 'a token on solana is token:<mint>' : 'a token on eip155 is erc20:<address>', asset)
  }
  if (asked !== undefined && asked !== caipNetworkId) refuse('chainId', `must be the asset's chain (${caipNetworkId})`, chainId)
  const network = networks.find((n) => n.caipNetworkId === caipNetworkId && (n.chainNamespace === 'eip155' || n.chainNamespace === 'solana'))
  if (!network)
    throw new PayChainNotConfiguredError(
      chainId ?? caipNetworkId,
      networks.filter((n) => n.chainNamespace === 'eip155' || n.chainNamespace === 'solana').map((n) => n.caipNetworkId),
    )
  const namespace: PayNamespace = network.chainNamespace === 'solana' ? 'solana' : 'eip155'
  const where = namespace === 'solana' ? { namespace, chainId: String(network.id) } : { namespace, chainId: Number(caipNetworkId.slice('eip155:'.length)) }
  const shared = { ...where, caipNetworkId, networkName: network.name, native: { symbol: network.nativeCurrency.symbol, decimals: network.nativeCurrency.decimals } } as const
  const checkedAsset: PayAsset = !token
    ? { ...shared, kind: 'native', caip19: `${caipNetworkId}/slip44:${namespace === 'solana' ? 501 : 60}`, symbol: network.nativeCurrency.symbol, decimals: network.nativeCurrency.decimals }
    : namespace === 'solana'
      ? { ...shared, kind: 'spl', caip19: `${caipNetworkId}/token:${token}`, address: token }
      : { ...shared, kind: 'erc20', caip19: `${caipNetworkId}/erc20:${token}`, address: hexOf(token) }
  if (checkedAsset.kind === 'native') toBaseUnits(amount, checkedAsset.decimals)
  if (namespace === 'solana' && confirmations !== undefined) refuse('confirmations', "counts eip155 blocks: a Solana payment ends at the cluster's confirmed commitment", confirmations)
  return { ...recipientOf(recipient, namespace), amount, asset: checkedAsset, memo, confirmations: confirmations ?? defaultPayConfirmations }
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
