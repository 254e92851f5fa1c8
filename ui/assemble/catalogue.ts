import { fromPromise } from 'xstate'
import { catalogueMachine, cataloguePage } from '../../machines/catalogue.ts'
import type { FeatureHost } from './host.ts'

/**
 * The catalogue machine (spec §2 Connect and AllWallets, §6 wallet filters) on this instance's directory: the first
 * load asks for the featured wallets (in the configured order), the recommended ones and, with `allWallets` on, the
 * first page of AllWallets; later pages and searches go through `fetchWallets`.
 */
export function assemble(host: FeatureHost) {
  const preload = cataloguePage.imagesPreloaded
  return catalogueMachine.provide({
    actors: {
      fetchWallets: fromPromise(({ input }) => host.fetchWallets(input, preload)),
      loadInitial: fromPromise(async ({ input }) => {
        const o = input.options
        const base = { include: o.includeWalletIds, chains: o.chains }
        const featuredIds = o.featuredWalletIds ?? []
        const exclude = [...(o.excludeWalletIds ?? []), ...featuredIds]
        // The first page of 40 is AllWallets' list (and its count, the entry's tag): nothing of it with allWallets off.
        const allWallets = host.flags().allWallets
        const none = Promise.resolve({ data: [], count: 0 })
        const [featured, recommended, first] = await Promise.all([
          featuredIds.length ? host.fetchWallets({ page: 1, entries: featuredIds.length, include: featuredIds }, preload) : none,
          host.fetchWallets({ ...base, page: 1, entries: cataloguePage.recommended, exclude }, preload),
          allWallets ? host.fetchWallets({ ...base, page: 1, entries: cataloguePage.entries, exclude }, preload) : none,
        ])
        // Featured keeps the configured order.
        const order = new Map(featuredIds.map((id, i) => [id, i]))
        return { featured: [...featured.data].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)), recommended: recommended.data, first }
      }),
    },
  })
}
