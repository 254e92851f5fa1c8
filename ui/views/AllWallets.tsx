import { useEffect, useId, useRef, useState, type UIEvent } from 'react'
import type { Connector } from '../../adapters/types.ts'
import type { CatalogueWallet } from '../../machines/catalogue.connect.ts'
import { CatalogueRow } from '../components/CatalogueRow.tsx'
import { useModalInstance } from '../context.ts'
import { useCopy } from '../copy.ts'
import { useSend } from '../hooks.ts'
import { useCatalogue, useListedConnectors } from '../hooks/catalogue.ts'
import { useLegal } from '../hooks/legal.ts'
import { LegalCheckbox, WalletRow } from '../entries/connect/catalogue.tsx'

/** Row height of the virtual list (px): a 48 px row and an 8 px gap. */
const rowHeight = 56
/** Height of the scrolling area (px). */
const viewportHeight = 392
/** Rows rendered above and below the visible ones. */
const overscan = 6
/** Ask for the next page when this many rows remain below the visible ones. */
const loadMoreThreshold = 10

type Row = { kind: 'installed'; connector: Connector } | { kind: 'catalogue'; wallet: CatalogueWallet }

/**
 * AllWallets (spec §2): the installed wallets, then the directory's catalogue (featured first, then
 * recommended, then pages of 40 as the list scrolls), with a search box. The list is virtualised: only
 * the rows in view are in the DOM, so the whole catalogue scrolls and filters without blocking the page. A search with
 * no result says so with the query, a line of help and a Clear search button; with the `legalCheckbox`
 * feature on, the legal checkbox comes first and the rows are disabled until it is ticked. When the directory cannot be
 * read (the first load, or a search), the view says so under the installed wallets, offline as offline, with Try again
 * (spec §4: Connect stays quiet, AllWallets says it).
 */
export default function AllWallets() {
  const copy = useCopy()
  const send = useSend()
  const { connectors } = useListedConnectors()
  const [typed, setTyped] = useState('')
  const catalogue = useCatalogue(typed)
  const [scrollTop, setScrollTop] = useState(0)
  const listRef = useRef<HTMLDivElement>(null)
  const searchRef = useRef<HTMLInputElement>(null)
  const legal = useLegal()
  const legalNoteId = useId()
  const blockedBy = legal.walletsEnabled ? undefined : legalNoteId
  // The search field takes the focus on arrival, except on a phone, where that would raise the keyboard
  // over the list the visitor came to scroll.
  const focusSearch = !useModalInstance().actor.getSnapshot().context.options.isMobile

  // biome-ignore lint/correctness/useExhaustiveDependencies: the catalogue loads once when the view mounts
  useEffect(() => catalogue.load(), [])

  const q = typed.trim().toLowerCase()
  // WalletConnect is not a wallet: every catalogue row below pairs through it.
  const wallets = connectors.filter((c) => c.type !== 'WALLET_CONNECT')
  const installed = q ? wallets.filter((c) => c.name.toLowerCase().includes(q)) : wallets
  const rows: Row[] = [...installed.map((connector) => ({ kind: 'installed' as const, connector })), ...catalogue.items.map((wallet) => ({ kind: 'catalogue' as const, wallet }))]
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan)
  const last = Math.min(rows.length, Math.ceil((scrollTop + viewportHeight) / rowHeight) + overscan)

  const nearEnd = (lastRow: number) => catalogue.hasMore && !catalogue.isLoadingMore && lastRow >= rows.length - loadMoreThreshold
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the visible rows or the paging state change; the handlers are rebuilt each render and are not triggers
  useEffect(() => {
    // After a failed page, only the visitor's next scroll asks again (below), never this effect: no retry loop.
    if (!catalogue.isPageFailed && nearEnd(last)) catalogue.loadMore()
  }, [last, rows.length, catalogue.hasMore, catalogue.isLoadingMore, catalogue.isPageFailed])

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const top = e.currentTarget.scrollTop
    setScrollTop(top)
    if (catalogue.isPageFailed && nearEnd(Math.ceil((top + viewportHeight) / rowHeight) + overscan)) catalogue.loadMore()
  }

  // A failed search is said for the query shown; with no query, a failed first load.
  const failure = q ? catalogue.searchFailure : catalogue.loadFailure
  const failureWords = copy.catalogueFailure
  const failureNotice = failure && (
    <div className="lk-empty" role="alert" data-testid="catalogue-failure">
      <p className="lk-empty-title">{q ? (failure === 'offline' ? failureWords.searchOffline : failureWords.searchFailed) : failure === 'offline' ? failureWords.loadOffline : failureWords.loadFailed}</p>
      <p className="lk-muted">{q ? (failure === 'offline' ? failureWords.searchOfflineHint : failureWords.searchFailedHint) : failure === 'offline' ? failureWords.loadOfflineHint : failureWords.loadFailedHint}</p>
      <button type="button" className="lk-secondary lk-fit" onClick={() => (q ? catalogue.search(typed) : catalogue.load())}>
        {copy.tryAgain}
      </button>
    </div>
  )

  const clearSearch = () => {
    setTyped('')
    catalogue.search('')
    setScrollTop(0)
    searchRef.current?.focus()
  }

  return (
    <>
      {legal.shown && <LegalCheckbox legal={legal} noteId={legalNoteId} />}
      <div style={{ position: 'relative' }}>
        <input
          ref={searchRef}
          className="lk-search"
          type="search"
          // biome-ignore lint/a11y/noAutofocus: the search field takes focus when the view opens on desktop (not on phones, where the keyboard would cover the list)
          autoFocus={focusSearch}
          aria-label={copy.searchWallet}
          placeholder={copy.searchWallet}
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value)
            catalogue.search(e.target.value)
            listRef.current?.scrollTo({ top: 0 })
            setScrollTop(0)
          }}
        />
        {catalogue.isSearching && <span className="lk-spinner" role="progressbar" aria-label={copy.searching} style={{ position: 'absolute', insetInlineEnd: 40, top: 9 }} />}
      </div>
      {rows.length === 0 && !catalogue.isLoading ? (
        failureNotice ? null : catalogue.isSearching || !q ? (
          <p className="lk-muted">{catalogue.isSearching ? copy.searching : copy.noMatch}</p>
        ) : (
          <div className="lk-empty" data-testid="no-match">
            <p className="lk-empty-title">{copy.noMatchFor(typed.trim())}</p>
            <p className="lk-muted">{copy.noMatchHint}</p>
            <button type="button" className="lk-secondary lk-fit" onClick={clearSearch}>
              {copy.clearSearch}
            </button>
          </div>
        )
      ) : (
        <div ref={listRef} className="lk-virtual" style={{ height: Math.min(viewportHeight, rows.length * rowHeight) }} onScroll={onScroll} data-testid="wallet-list">
          <ul className="lk-list" style={{ position: 'relative', height: rows.length * rowHeight, display: 'block' }} aria-label={copy.titles.AllWallets}>
            {rows.slice(first, last).map((row, i) => {
              const index = first + i
              const key = row.kind === 'installed' ? `c:${row.connector.id}` : `w:${row.wallet.id}`
              return (
                <li key={key} aria-setsize={rows.length} aria-posinset={index + 1} style={{ position: 'absolute', top: index * rowHeight, left: 0, right: 0 }}>
                  {row.kind === 'installed' ? (
                    <WalletRow connector={row.connector} tag={copy.installed} blockedBy={blockedBy} onSelect={() => send({ type: 'app.selectWallet', connectorId: row.connector.id })} />
                  ) : (
                    <CatalogueRow wallet={row.wallet} blockedBy={blockedBy} />
                  )}
                </li>
              )
            })}
          </ul>
        </div>
      )}
      {failureNotice}
      {(catalogue.isLoading || catalogue.isLoadingMore) && (
        <div className="lk-center" style={{ padding: 4 }}>
          <span className="lk-spinner" role="progressbar" aria-label={copy.loading} />
        </div>
      )}
    </>
  )
}
