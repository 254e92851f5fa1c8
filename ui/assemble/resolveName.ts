import { evmCoinType } from '../../adapters/coinType.ts'
import { evmChainIdOf } from '../../kernel/caip.ts'
import { ApiError } from '../../services/api.ts'
import type { FeatureHost } from './host.ts'

/** What a name resolved to on a network: its `address` (null when the name has none there) and its avatar. */
export type ResolvedName = { address: string | null; avatar: string | null }

/**
 * A name's address on an eip155 network (spec §4 Send "an address or a name"; Pay resolves its recipient the same way),
 * through the blockchain API's names (`lookupName`): the chain's own coin type (ENSIP-11), else the default EVM address
 * (coin type 60). An unknown name (404) is no address, not a failure.
 * @throws the API client's errors for a lookup that failed ('Error resolving name', spec §8); InvalidCaipNetworkIdError
 *   for a network that is not eip155.
 * @example await resolveNameOn(host)({ name: 'alice.reown.id', caipNetworkId: 'eip155:1' }) // { address: '0x…', avatar: null }
 */
export const resolveNameOn =
  (host: FeatureHost) =>
  async ({ name, caipNetworkId }: { name: string; caipNetworkId: string }): Promise<ResolvedName> => {
    const profile = await (await host.blockchain()).lookupName({ name }).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return undefined
      throw error
    })
    const chainId = evmChainIdOf(caipNetworkId)
    const entry = profile?.addresses[String(evmCoinType(chainId))] ?? profile?.addresses['60']
    return { address: entry?.address ?? null, avatar: profile?.attributes?.['avatar'] ?? null }
  }
