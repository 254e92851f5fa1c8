import { useSelector } from '../useSelector.ts'
import { useMemo, useState } from 'react'
import type { Connector } from '../../adapters/types.ts'
import { allWalletsTag, connectCatalogue, connectConnect, listedConnectors, reservedDirectoryRows, type CatalogueView, type CatalogueWallet, type ConnectRow, type ConnectView } from '../../machines/catalogue.connect.ts'
import { walletConnectRow, type WalletConnectRow } from '../../machines/pairing.connect.ts'
import { useModalInstance } from '../context.ts'
import { same, useActiveNamespace, useConnectors, useDeliver, useFeatureActor, useFeatures } from '../hooks.ts'

/*
 * The catalogue's hooks: AllWallets' list and Connect's rows (spec §2, §9).
 * Only the views that show the feature import this module (never `ui/hooks.ts`), so its view model stays out of the
 * page's first JS; see `ui/hooks.ts` for the hooks' contract with feature machines.
 */

/**
 * The active namespace's connectors that Connect and AllWallets list, with the recent wallets: the browser-wallet entry
 * hidden on a desktop unless relevant and on a phone without rdns and not installed (spec §6, `listedConnectors`).
 */
export function useListedConnectors(): { connectors: Connector[]; recent: ReturnType<typeof useConnectors>['recent'] } {
  const { connectors, recent } = useConnectors()
  const isMobile = useIsMobile()
  const listed = useMemo(() => listedConnectors(connectors, { isMobile }), [connectors, isMobile])
  return { connectors: listed, recent }
}

function useIsMobile(): boolean {
  return useSelector(useModalInstance().actor, (s) => Boolean(s.context.options.isMobile))
}

/**
 * The wallet catalogue of AllWallets: the view model (installed wallets excluded by rdns or name) and the
 * gestures. `typed` is the search box's current text, filtered at once while the server is asked. Before the catalogue
 * machine arrived the model is `connectCatalogue`'s not-loaded one (`isLoading`, no wallets); `load()` (which the views
 * call on mount), `loadMore()` and `search()` go through `feature.deliver`, so the first one fetches the catalogue.
 */
export function useCatalogue(typed: string): CatalogueView & { load(): void; loadMore(): void; search(query: string): void } {
  const modal = useModalInstance()
  const catalogue = useFeatureActor('catalogue')
  const deliver = useDeliver('catalogue')
  // Every namespace's listed connectors: a wallet installed on any of them is not listed again from the directory.
  const all = useSelector(modal.actor, (s) => s.context.connectors, same)
  const isMobile = useIsMobile()
  const connectors = useMemo(() => listedConnectors(all, { isMobile }), [all, isMobile])
  const snapshot = useSelector(catalogue, (s) => s)
  const view = useMemo(
    () =>
      connectCatalogue(
        snapshot,
        {
          rdns: connectors.flatMap((c) => (c.info?.rdns ? [c.info.rdns] : [])),
          names: connectors.map((c) => c.name),
        },
        typed,
      ),
    [snapshot, connectors, typed],
  )
  return {
    ...view,
    load: () => deliver({ type: 'catalogue.load' }),
    loadMore: () => deliver({ type: 'catalogue.loadMore' }),
    search: (query: string) => deliver({ type: 'catalogue.search', query }),
  }
}

/** What Connect shows of the wallets beside `connectConnect`'s rows: the All Wallets entry and the WalletConnect row. */
export type ConnectWalletsExtras = {
  catalogue: ReturnType<typeof useCatalogue>
  /** The All Wallets entry shows: the `allWallets` feature on, and the directory's wallets can connect here (EVM). */
  showAllWallets: boolean
  /** The All Wallets entry's tag: how many wallets it lists (`allWalletsTag`: exact under 10, else rounded down to 'N+'). */
  allWalletsTag: string
  /** Where the WalletConnect row leads, and its tag, on this device (`walletConnectRow`: on a phone, All Wallets or hidden). */
  walletConnect: WalletConnectRow
}

/**
 * Connect's view model (spec §2, §9; `connectConnect`): its sections in the connect method order and its wallet rows in
 * the `connectorTypeOrder` option's order, connectors matched to the directory by rdns (imageId, explorerId), with the
 * catalogue's gestures, the All Wallets entry and the WalletConnect row ({@link ConnectWalletsExtras}). Before the
 * catalogue arrived the rows are the connectors only.
 */
export function useConnectView(): ConnectView & ConnectWalletsExtras {
  const modal = useModalInstance()
  const { connectors, recent } = useListedConnectors()
  const catalogue = useCatalogue('')
  const directory = useSelector(useFeatureActor('catalogue'), (s) => (s ? ([...s.context.featured, ...s.context.recommended, ...s.context.wallets] as CatalogueWallet[]) : []), same)
  const order = modal.options.connectorTypeOrder
  // The directory's wallets pair over WalletConnect: EVM only in this build (the catalogue is fetched for eip155).
  const directoryReachable = useActiveNamespace() === 'eip155'
  // Email login: with the `email` flag, when the dapp configured the embedded wallet, on EVM.
  const emailOn = useFeatures().email && Boolean(modal.options.embeddedWallet) && modal.options.adapter == null && directoryReachable
  // Social login: with a non-empty `socials` list, when the dapp configured the embedded wallet, on EVM.
  const socials = useFeatures().socials
  const socialOn = Array.isArray(socials) && socials.length > 0 && Boolean(modal.options.embeddedWallet) && modal.options.adapter == null && directoryReachable
  // The room kept for the directory's rows until its first answer, from the options (reservedDirectoryRows).
  const { api, featuredWalletIds, customWallets } = modal.options
  const pendingRows = reservedDirectoryRows({ directory: Boolean(api?.directoryUrl), featured: featuredWalletIds?.length ?? 0, custom: customWallets?.length ?? 0 })
  const view = useMemo(
    () => connectConnect({ connectors, recentIds: recent.map((r) => r.id), catalogue, directory, order, directoryReachable, pendingRows, methods: { wallet: true, email: emailOn, social: socialOn } }),
    [connectors, recent, catalogue, directory, order, directoryReachable, pendingRows, emailOn, socialOn],
  )
  // All Wallets lists the directory's wallets: offered only where they can connect.
  const showAllWallets = useFeatures().allWallets && directoryReachable
  const isMobile = useIsMobile()
  const installed = view.rows.filter((r) => r.kind === 'connector' && r.connector.type !== 'WALLET_CONNECT').length
  return {
    ...view,
    catalogue,
    showAllWallets,
    allWalletsTag: allWalletsTag({ installed, view: catalogue }),
    walletConnect: walletConnectRow({ isMobile, allWalletsAvailable: showAllWallets }),
  }
}

/** A placeholder row of Connect's wallet list: room kept for a directory row ({@link useReservedRows}). */
export type ReservedRow = { kind: 'reserved'; key: string; collapsing: boolean }

/**
 * Connect's wallet rows with the room kept for the directory's (spec §2: nothing under a finger moves when they
 * arrive): `reserved.count` placeholder rows at `reserved.at` while the catalogue's first answer is awaited. When it
 * answers with fewer rows than were reserved (or fails), the placeholders left over stay where the missing rows would
 * have been and collapse (`collapsing`, a CSS transition), then go once `collapsed()` is called for them.
 * @example const { rows, collapsed } = useReservedRows(view) // rows: ConnectRow | ReservedRow, in order
 */
export function useReservedRows(view: Pick<ConnectView, 'rows' | 'reserved'>): { rows: Array<ConnectRow | ReservedRow>; collapsed(): void } {
  const { rows, reserved } = view
  // The most directory rows (in or reserved) while this view shows; the leftovers collapse once the answer is in, then
  // are gone. Placeholders are keyed by the slot they keep, so a row that comes takes its slot's place.
  const shown = rows.filter((r) => r.kind === 'wallet').length
  const [peak, setPeak] = useState(reserved.count + shown)
  const [gone, setGone] = useState(false)
  if (reserved.count + shown > peak) setPeak(reserved.count + shown)
  if (reserved.count > 0 && gone) setGone(false)
  const placeholders: ReservedRow[] =
    reserved.count > 0
      ? Array.from({ length: reserved.count }, (_, i) => ({ kind: 'reserved', key: `reserved:${shown + i}`, collapsing: false }))
      : gone
        ? []
        : Array.from({ length: Math.max(0, peak - shown) }, (_, i) => ({ kind: 'reserved', key: `reserved:${shown + i}`, collapsing: true }))
  const withRoom = placeholders.length ? [...rows.slice(0, reserved.at), ...placeholders, ...rows.slice(reserved.at)] : rows
  return { rows: withRoom, collapsed: () => setGone(true) }
}
