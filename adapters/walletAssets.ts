/**
 * A wallet's own asset list (EIP-7811 `wallet_getAssets`; spec §4 wallet RPC methods), read at the boundary: whether the
 * wallet advertises it (`assetDiscovery` in its EIP-5792 capabilities), the request, and its reply checked with valibot
 * before anything of it is used. The Account view's tokens come from it where the wallet has it (ui/assemble/account.ts).
 */
import * as v from 'valibot'
import { formatUnits } from 'viem'
import { BaseError, type BaseErrorParameters } from './errors.ts'
import { callForeign } from './boundary.ts'
import type { Eip1193Provider } from './types.ts'

/** The most assets one chain's list may hold: a longer reply is refused, not cut (a wallet's list is not a feed). */
export const maxWalletAssets = 500

/** `0x` and 1 to 64 hex digits (a 256-bit quantity at most). */
const hexQuantitySchema = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,64}$/, 'a hex quantity (0x and 1 to 64 hex digits)'))
const addressSchema = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, "an address (0x and 40 hex digits) or 'native'"))
const assetSchema = v.object({
  address: v.union([v.literal('native'), addressSchema], "an address (0x and 40 hex digits) or 'native'"),
  balance: hexQuantitySchema,
  type: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  metadata: v.optional(v.nullable(v.unknown())),
})
/** EIP-7811 §ERC-20 Token: the metadata an ERC-20 must carry (and a native asset may). */
const tokenMetadataSchema = v.object({
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  symbol: v.pipe(v.string(), v.minLength(1), v.maxLength(32)),
  decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
})
/** The reply: EIP-155 chain ids (hex) to their asset lists. */
const replySchema = v.record(v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,16}$/, 'an EIP-155 chain id in hex')), v.pipe(v.array(assetSchema), v.maxLength(maxWalletAssets)))

/**
 * One fungible asset of the wallet's list on one chain: the native currency (`address` `'native'`; `metadata` when the
 * wallet gave one) or an ERC-20 (`address` its contract, checksummed as given; `metadata` required by EIP-7811).
 * `balance` is in the smallest unit (wei for the native currency).
 */
export type WalletAsset = { address: 'native' | `0x${string}`; balance: bigint; metadata?: { name: string; symbol: string; decimals: number } | undefined }

/**
 * The wallet answered `wallet_getAssets` with something EIP-7811 does not allow (spec: a hostile reply ends clearly).
 * `path` names the refused part (`0x7a69[2].metadata.decimals`, or `` for the whole reply); nothing of the reply is used.
 */
export class InvalidWalletAssetsError extends BaseError {
  static override docsPath = '/errors/InvalidWalletAssetsError'
  override name = 'InvalidWalletAssetsError'
  /** The refused part of the reply. */
  path: string
  constructor(path: string, why: string, args: BaseErrorParameters = {}) {
    super('The wallet answered its assets with something unreadable', { details: `${path || 'the reply'}: ${why}`, ...args })
    this.path = path
  }
}

/** `a.b[2].c` from a valibot issue's path. */
function pathOf(issue: v.BaseIssue<unknown>): string {
  return (issue.path ?? []).map((item, i) => (typeof item.key === 'number' ? `[${item.key}]` : i === 0 ? String(item.key) : `.${String(item.key)}`)).join('')
}

/**
 * Reads a `wallet_getAssets` reply for the chain `chainId` (EIP-155, a number): its fungible assets, the native currency
 * and the ERC-20s (`type` `erc20` in any case); other types (ERC-721, a wallet's own) are left out. A chain the reply
 * does not name has none.
 * @throws InvalidWalletAssetsError when any part of the reply is malformed (not an object of chain ids to lists, an
 *   asset without a `0x` address or `'native'`, a balance that is not a hex quantity, a list longer than
 *   {@link maxWalletAssets}, an ERC-20 without `{ name, symbol, decimals }` metadata): nothing of it is used.
 * @example readWalletAssets({ '0x1': [{ address: 'native', balance: '0xde0b6b3a7640000', type: 'native' }] }, 1)
 * // [{ address: 'native', balance: 1000000000000000000n }]
 */
export function readWalletAssets(reply: unknown, chainId: number): WalletAsset[] {
  if (Array.isArray(reply)) throw new InvalidWalletAssetsError('', 'an object of chain ids to asset lists, not a list')
  const parsed = v.safeParse(replySchema, reply)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    throw new InvalidWalletAssetsError(pathOf(issue), issue.message)
  }
  const all: WalletAsset[] = []
  for (const [chain, assets] of Object.entries(parsed.output)) {
    for (const [index, asset] of assets.entries()) {
      const kind = asset.type.toLowerCase()
      if (kind !== 'native' && kind !== 'erc20') continue
      const metadata = asset.metadata === undefined || asset.metadata === null ? undefined : v.safeParse(tokenMetadataSchema, asset.metadata)
      if (metadata && !metadata.success) throw new InvalidWalletAssetsError(`${chain}[${index}].metadata${pathOf(metadata.issues[0]) ? `.${pathOf(metadata.issues[0])}` : ''}`, metadata.issues[0].message)
      if (kind === 'erc20' && !metadata) throw new InvalidWalletAssetsError(`${chain}[${index}].metadata`, 'an ERC-20 carries { name, symbol, decimals }')
      if ((kind === 'native') !== (asset.address === 'native')) throw new InvalidWalletAssetsError(`${chain}[${index}].address`, `a ${asset.type} asset with the address ${asset.address}`)
      if (Number(chain) === chainId) all.push({ address: asset.address as WalletAsset['address'], balance: BigInt(asset.balance), ...(metadata?.success ? { metadata: metadata.output } : {}) })
    }
  }
  return all
}

/**
 * Whether a `wallet_getCapabilities` answer advertises `wallet_getAssets` for the chain `chainId` (EIP-7811 §Capabilities:
 * `assetDiscovery: { supported: true }` under the chain's hex id, or `0x0` for every chain). Never throws.
 * @example hasAssetDiscovery({ '0x1': { assetDiscovery: { supported: true } } }, 1) // true
 */
export function hasAssetDiscovery(capabilities: unknown, chainId: number): boolean {
  const record = (value: unknown) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined)
  const all = record(capabilities)
  const chain = record(all?.[`0x${chainId.toString(16)}`]) ?? record(all?.['0x0'])
  return record(chain?.['assetDiscovery'])?.['supported'] === true
}

/**
 * What {@link getWalletAssets} takes: the wallet's provider, the account, the chain (EIP-155, a number), and the bound
 * of each of the two requests in ms (none by default).
 */
export type GetWalletAssetsParameters = { provider: Eip1193Provider; address: string; chainId: number; timeout?: number | undefined }
/** The wallet's fungible assets on the chain, or `undefined` when it does not advertise `wallet_getAssets` there. */
export type GetWalletAssetsReturnType = WalletAsset[] | undefined
/** {@link InvalidWalletAssetsError}, or the wallet's own error of `wallet_getAssets` (its capabilities' failure is "not advertised"). */
export type GetWalletAssetsErrorType = BaseError

/**
 * Asks the wallet for the account's assets on one chain where it advertises them: `wallet_getCapabilities(address,
 * [chain])` first (a wallet without it, or failing it, has none: `undefined`), then `wallet_getAssets({ account,
 * chainFilter: [chain] })`, read with {@link readWalletAssets}.
 * @throws InvalidWalletAssetsError for a malformed reply; the wallet's error when `wallet_getAssets` itself fails
 *   (`RequestTimeoutError` after `timeout`).
 * @example await getWalletAssets({ provider, address: '0xf39F…', chainId: 1 }) // [{ address: 'native', balance: 10n ** 18n }]
 */
export async function getWalletAssets({ provider, address, chainId, timeout }: GetWalletAssetsParameters): Promise<GetWalletAssetsReturnType> {
  const chain = `0x${chainId.toString(16)}`
  const bound = timeout === undefined ? {} : { timeout }
  const capabilities = await callForeign('wallet_getCapabilities', () => provider.request({ method: 'wallet_getCapabilities', params: [address, [chain]] }), bound).catch(() => undefined)
  if (!hasAssetDiscovery(capabilities, chainId)) return undefined
  const reply = await callForeign('wallet_getAssets', () => provider.request({ method: 'wallet_getAssets', params: [{ account: address, chainFilter: [chain] }] }), bound)
  return readWalletAssets(reply, chainId)
}

/** A wallet asset's amount as the API writes quantities: whole units with up to `decimals` fraction digits. */
export const assetQuantity = (asset: WalletAsset, decimals: number) => ({ decimals: String(decimals), numeric: formatUnits(asset.balance, decimals) })
