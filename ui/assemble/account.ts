import { fromPromise } from 'xstate'
import { accountMachine } from '../../machines/account.ts'
import type { FeatureHost } from './host.ts'

/** The account-data machine (spec §2 Account: tokens, NFTs, activity) on this instance's blockchain API. */
export function assemble(host: FeatureHost) {
  return accountMachine.provide({
    actors: {
      fetchBalances: fromPromise(async ({ input }) =>
        (await host.blockchain()).getBalances({
          address: input.address,
          chainId: input.caipNetworkId,
          ...(input.force ? { force: true } : {}),
          ...(input.forceUpdate ? { forceUpdate: input.forceUpdate } : {}),
        }),
      ),
      fetchIdentity: fromPromise(async ({ input }) => (await host.blockchain()).getIdentity({ address: input.address })),
      fetchNames: fromPromise(async ({ input }) => (await (await host.blockchain()).reverseLookupName({ address: input.address })).map((p) => p.name)),
      fetchHistory: fromPromise(async ({ input }) => (await host.blockchain()).getHistory({ account: input.address, chainId: input.caipNetworkId, cursor: input.cursor })),
    },
  })
}
