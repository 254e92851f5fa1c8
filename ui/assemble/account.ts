import { formatUnits } from '../../machines/send.tokens.ts'
import { fromPromise } from 'xstate'
import { accountMachine } from '../../machines/account.ts'
import { supportsNamespace } from '../../machines/namespaces.ts'
import type { TokenBalance } from '../../services/schemas.ts'
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
 * The account-data machine (spec §2 Account: tokens, NFTs, activity) on this instance's blockchain API. Each actor hands
 * its `signal` to the call: a load the machine leaves (its timeout, a new account, the view closed) stops waiting.
 * Balances come from {@link balancesOf}: the API on eip155 and solana only; a token without an icon gets the
 * directory's image of its symbol ({@link withTokenImages}).
 */
export function assemble(host: FeatureHost) {
  const tokenImages = directoryTokenImages(host)
  return accountMachine.provide({
    actors: {
      fetchBalances: fromPromise(async ({ input, signal }) => withTokenImages(await balancesOf(host, input, { signal }), tokenImages)),
      fetchIdentity: fromPromise(async ({ input, signal }) => (await host.blockchain()).getIdentity({ address: input.address }, { signal })),
      fetchNames: fromPromise(async ({ input, signal }) => (await (await host.blockchain()).reverseLookupName({ address: input.address }, { signal })).map((p) => p.name)),
      fetchHistory: fromPromise(async ({ input, signal }) => (await host.blockchain()).getHistory({ account: input.address, chainId: input.caipNetworkId, cursor: input.cursor }, { signal })),
    },
  })
}

/** `refreshBalance()` reads the account's data again too (tokens, activity), bypassing the caches. */
export const publicFace: FeaturePublicFace = { refreshBalance: { type: 'account.reload' } }
