import { fromCallback, fromPromise } from 'xstate'
import { asOfflineError, watchOnline } from '../../adapters/connectivity.ts'
import { catalogueMachine, cataloguePage, type CatalogueOptions } from '../../machines/catalogue.ts'
import type { FeatureHost } from './host.ts'

/** A failure as the visitor should hear it: offline (an `OfflineError`) when the network, not the server, failed. */
const said = (error: unknown): Promise<never> => Promise.reject(asOfflineError(error))

/**
 * The catalogue machine (spec §2 Connect and AllWallets, §6 wallet filters) on this instance's directory: the first
 * load asks for the featured wallets (in the configured order), the recommended ones and, with `allWallets` on, the
 * first page of AllWallets; later pages and searches go through `fetchWallets`. A request that fails while the browser
 * is offline, or with no HTTP answer, fails with an `OfflineError` (said as offline); the window's `online` event is
 * sent as `catalogue.online` (the catalogue asks again when the browser is back).
 */
export function assemble(host: FeatureHost) {
  const preload = cataloguePage.imagesPreloaded
  async function loadInitial({ options: o }: { options: CatalogueOptions }) {
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
  }
  return catalogueMachine.provide({
    actors: {
      fetchWallets: fromPromise(({ input }) => host.fetchWallets(input, preload).catch(said)),
      loadInitial: fromPromise(({ input }) => loadInitial(input).catch(said)),
      watchConnectivity: fromCallback(({ sendBack }) => watchOnline(() => sendBack({ type: 'catalogue.online' }))),
    },
  })
}
