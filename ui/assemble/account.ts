import { fromPromise } from 'xstate'
import { accountMachine } from '../../machines/account.ts'
import type { FeatureHost } from './host.ts'

/**
 * The account-data machine (spec §2 Account: tokens, NFTs, activity) on this instance's blockchain API. Each actor hands
 * its `signal` to the call: a load the machine leaves (its timeout, a new account, the view closed) stops waiting.
 */
export function assemble(host: FeatureHost) {
  return accountMachine.provide({
    actors: {
      fetchBalances: fromPromise(async ({ input, signal }) =>
        (await host.blockchain()).getBalances(
          {
            address: input.address,
            chainId: input.caipNetworkId,
            ...(input.force ? { force: true } : {}),
            ...(input.forceUpdate ? { forceUpdate: input.forceUpdate } : {}),
          },
          { signal },
        ),
      ),
      fetchIdentity: fromPromise(async ({ input, signal }) => (await host.blockchain()).getIdentity({ address: input.address }, { signal })),
      fetchNames: fromPromise(async ({ input, signal }) => (await (await host.blockchain()).reverseLookupName({ address: input.address }, { signal })).map((p) => p.name)),
      fetchHistory: fromPromise(async ({ input, signal }) => (await host.blockchain()).getHistory({ account: input.address, chainId: input.caipNetworkId, cursor: input.cursor }, { signal })),
    },
  })
}
