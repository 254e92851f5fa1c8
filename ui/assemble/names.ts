import { fromPromise } from 'xstate'
import { evmCoinType } from '../../adapters/coinType.ts'
import { ApiError } from '../../services/api.ts'
import { namesMachine } from '../../machines/names.ts'
import type { FeatureHost } from './host.ts'
import { evmChainIdOf } from '../../kernel/caip.ts'

/**
 * The names machine on this instance's blockchain API and the connected wallet: suggestions with the
 * zone, the registration message (JSON of name, attributes and timestamp) signed with EIP-191 `personal_sign` by the
 * wallet of the eip155 connection, and the POST with the chain's ENSIP-11 coin type.
 */
export function assemble(host: FeatureHost) {
  return namesMachine.provide({
    actors: {
      fetchSuggestions: fromPromise(async ({ input }) => (await (await host.blockchain()).getNameSuggestions({ name: input.name, zone: input.zone })).suggestions),
      signRegistration: fromPromise(async ({ input }) => {
        const message = JSON.stringify({ name: input.name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
        const { address, connectorId, namespace } = input.target
        const signature = await host.signWithWallet({ connectorId, address, message, namespace })
        return { message, signature }
      }),
      registerName: fromPromise(async ({ input }) => {
        // Spec §5: the coin type needs a chain id below 2147483648 ('Invalid chainId').
        const coinType = evmCoinType(evmChainIdOf(input.target.caipNetworkId))
        const api = await host.blockchain()
        const { success } = await api.registerName({ coin_type: coinType, address: input.target.address, message: input.message, signature: input.signature })
        if (!success) throw new ApiError({ status: 200, body: { success }, url: 'http://localhost/v1/profile/account' })
        return { success }
      }),
    },
  })
}
