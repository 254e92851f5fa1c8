import { formatUnits } from '../../machines/send.tokens.ts'
import { fromPromise } from 'xstate'
import { accountMachine } from '../../machines/account.ts'
import { supportsNamespace } from '../../machines/namespaces.ts'
import type { TokenBalance } from '../../services/schemas.ts'
import { toProviderError } from '../../adapters/errors.ts'
import { assetQuantity, getWalletAssets, type WalletAsset } from '../../adapters/walletAssets.ts'
import { timing } from '../../machines/timing.ts'
import type { FeatureHost, FeaturePublicFace } from './host.ts'
import { directoryTokenImages, withTokenImages } from './tokenImages.ts'

/**
 * The balances of `address` on `caipNetworkId` (spec §2 Account's tokens): from the blockchain API on the namespaces it
 * serves (spec §6 "Supported namespaces: balance eip155 and solana"); elsewhere (Bitcoin) the API is not asked, and the
 * native currency is read by the chain adapter (Bitcoin: from its UTXOs), without a price (no fiat is shown there).
 * @example await balancesOf(host, { address: 'bcrt1q…', caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328' }, {}) // [{ symbol: 'BTC', quantity: { decimals: '8', numeric: '1' }, … }]
 */
export async function balancesOf(
  host: Pick<FeatureHost, 'blockchain' | 'nativeBalance'>,
  input: { address: string; caipNetworkId: string; force?: boolean | undefined; forceUpdate?: string | undefined },
  { signal }: { signal?: AbortSignal | undefined },
): Promise<TokenBalance[]> {
  if (!supportsNamespace('balance', input.caipNetworkId.split(':')[0])) {
    const native = await host.nativeBalance({ caipNetworkId: input.caipNetworkId, address: input.address })
    return [{ name: native.name, symbol: native.symbol, chainId: input.caipNetworkId, value: 0, price: 0, quantity: { decimals: String(native.decimals), numeric: formatUnits(native.value, native.decimals) } }]
  }
  return (await host.blockchain()).getBalances(
    {
      address: input.address,
      chainId: input.caipNetworkId,
      ...(input.force ? { force: true } : {}),
      ...(input.forceUpdate ? { forceUpdate: input.forceUpdate } : {}),
    },
    { signal },
  )
}

/**
 * The account's fungible tokens from its wallet's own list (EIP-7811 `wallet_getAssets`; spec §4 wallet RPC), where the
 * wallet advertises it for the chain (`assetDiscovery` in `wallet_getCapabilities`): the native currency and the ERC-20s
 * the wallet names, priced with the API's balances of the same tokens (its prices, names and icons; a token the API
 * does not know has a zero price). `undefined` when the wallet has no list there (the API's list is Account's), or its
 * reply cannot be read: then an `InvalidWalletAssetsError` (or the wallet's failure) is logged with `console.warn`,
 * clearly, and the API's list stands, so nothing is lost. Only eip155 wallets of the modal's own connections.
 * @example await walletBalancesOf(host, { address, caipNetworkId: 'eip155:1', connectorId: 'io.metamask' }, api) // [{ symbol: 'ETH', … }]
 */
export async function walletBalancesOf(
  host: Pick<FeatureHost, 'eip1193' | 'nativeBalance'>,
  input: { address: string; caipNetworkId: string; connectorId?: string | undefined },
  apiBalances: () => Promise<TokenBalance[]>,
): Promise<TokenBalance[] | undefined> {
  const [namespace, reference] = input.caipNetworkId.split(':')
  const provider = namespace === 'eip155' && input.connectorId ? host.eip1193(input.connectorId) : undefined
  if (!provider) return undefined
  let assets: WalletAsset[] | undefined
  try {
    assets = await getWalletAssets({ provider, address: input.address, chainId: Number(reference), timeout: timing.walletAssetsTimeout })
  } catch (error) {
    const e = toProviderError(error)
    console.warn(`${e.name}: ${e.shortMessage}${e.details ? ` (${e.details})` : ''}; Account's tokens come from the API instead.`)
    return undefined
  }
  if (!assets) return undefined
  const priced = await apiBalances().catch(() => [] as TokenBalance[])
  const rows: TokenBalance[] = []
  for (const asset of assets) {
    const known = asset.address === 'native' ? priced.find((row) => !row.address) : priced.find((row) => row.address?.toLowerCase() === `${input.caipNetworkId}:${asset.address}`.toLowerCase())
    if (asset.address !== 'native' && asset.balance === 0n) continue
    const native = asset.address === 'native' && !asset.metadata && !known ? await host.nativeBalance({ caipNetworkId: input.caipNetworkId, address: input.address }) : undefined
    const decimals = asset.metadata?.decimals ?? (known ? Number(known.quantity.decimals) : (native?.decimals ?? 18))
    const quantity = assetQuantity(asset, decimals)
    const price = known?.price ?? 0
    rows.push({
      name: asset.metadata?.name ?? known?.name ?? native?.name ?? '',
      symbol: asset.metadata?.symbol ?? known?.symbol ?? native?.symbol ?? '',
      chainId: input.caipNetworkId,
      ...(asset.address === 'native' ? {} : { address: `${input.caipNetworkId}:${asset.address}` }),
      value: price * Number(quantity.numeric),
      price,
      ...(known?.iconUrl ? { iconUrl: known.iconUrl } : {}),
      quantity,
    })
  }
  return rows
}

/**
 * The account-data machine (spec §2 Account: tokens, NFTs, activity) on this instance's blockchain API. Each actor hands
 * its `signal` to the call: a load the machine leaves (its timeout, a new account, the view closed) stops waiting.
 * Balances come from the wallet's own list where it advertises one ({@link walletBalancesOf}, EIP-7811), else from
 * {@link balancesOf}: the API on eip155 and solana only; a token without an icon gets the directory's image of its symbol
 * ({@link withTokenImages}).
 */
export function assemble(host: FeatureHost) {
  const tokenImages = directoryTokenImages(host)
  return accountMachine.provide({
    actors: {
      fetchBalances: fromPromise(async ({ input, signal }) => {
        const api = () => balancesOf(host, input, { signal })
        return withTokenImages((await walletBalancesOf(host, input, api)) ?? (await api()), tokenImages)
      }),
      fetchIdentity: fromPromise(async ({ input, signal }) => (await host.blockchain()).getIdentity({ address: input.address }, { signal })),
      fetchNames: fromPromise(async ({ input, signal }) => (await (await host.blockchain()).reverseLookupName({ address: input.address }, { signal })).map((p) => p.name)),
      fetchHistory: fromPromise(async ({ input, signal }) => (await host.blockchain()).getHistory({ account: input.address, chainId: input.caipNetworkId, cursor: input.cursor }, { signal })),
    },
  })
}

/** `refreshBalance()` reads the account's data again too (tokens, activity), bypassing the caches. */
export const publicFace: FeaturePublicFace = { refreshBalance: { type: 'account.reload' } }
