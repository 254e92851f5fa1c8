import { useEffect, useId, type ReactNode } from 'react'
import type { AccountTab } from '../../machines/account.ts'
import { useCopy } from '../copy.ts'
import { useActiveNamespace, useFeatures, useLocale, useSend } from '../hooks.ts'
import { supportsNamespace } from '../../machines/namespaces.ts'
import { useAccountData } from '../hooks/account.ts'
import { WalletIcon } from '../components/WalletIcon.tsx'
import { truncateAddress } from '../../machines/format.ts'
import { activityAmount, type ActivityItem } from '../../machines/account.connect.ts'

const allTabs: AccountTab[] = ['tokens', 'nfts', 'activity']
/** Activity pages by cursor as the visitor scrolls: the next page is asked this close (px) to the panel's bottom. */
const activityLoadThreshold = 80

/**
 * The Account view's tabs (spec §2): Tokens, NFTs and Activity, as a WAI-ARIA tablist (arrow keys move
 * between tabs). The data comes from the account machine; the view asks for it when shown and again when the
 * account or chain changes under it. Activity pages by cursor as the visitor scrolls (a Load more button too, for
 * keyboards and lists too short to scroll). The Activity tab exists only with the `activity` feature on (the resolved
 * set; the account machine then fetches no history either).
 */
export function AccountTabs() {
  const copy = useCopy()
  const data = useAccountData()
  const features = useFeatures()
  const { activity } = features
  const send = useSend()
  // The Activity tab: the feature on, and a namespace with a transaction history (spec §6: eip155 only).
  const namespace = useActiveNamespace()
  const hasActivity = activity && supportsNamespace('activity', namespace)
  const tabs = hasActivity ? allTabs : allTabs.filter((t) => t !== 'activity')
  const currentTab = tabs.includes(data.currentTab) ? data.currentTab : 'tokens'
  const baseId = useId()
  // Empty states come with a line of help and an action: Receive, and Send where the namespace can send.
  const canReceive = features.receive
  const canSend = features.send && supportsNamespace('send', namespace)
  const push = (view: 'Receive' | 'Send') => () => send({ type: 'app.push', view })
  const receiveAction = (label: string) => (canReceive ? [{ label, onClick: push('Receive') }] : [])
  // Asked when shown and when the account or chain changes; not before the account-data machine has an account (it
  // arrives after Account's `feature.ensure`, and its `targetKey` then runs this).
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again only when the account or chain changes (targetKey), not when the view model object is rebuilt
  useEffect(() => {
    if (data.targetKey) data.refresh()
  }, [data.targetKey])
  const onPanelScroll = (e: React.UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget
    if (currentTab !== 'activity' || !data.hasMoreActivity || data.isLoadingActivity) return
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= activityLoadThreshold) data.loadMoreActivity()
  }

  const onKeyDown = (e: React.KeyboardEvent, index: number) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return
    // Right to left, the tabs run from the right: the left arrow goes to the next one (WAI-ARIA tabs pattern).
    const forward = (e.key === 'ArrowRight') !== (getComputedStyle(e.currentTarget).direction === 'rtl')
    const next = tabs[(index + (forward ? 1 : tabs.length - 1)) % tabs.length]!
    data.selectTab(next)
    const el = e.currentTarget.parentElement?.querySelector(`#${CSS.escape(`${baseId}-tab-${next}`)}`) as HTMLElement | null
    el?.focus()
  }

  return (
    <div style={{ width: '100%' }}>
      <div role="tablist" aria-label={copy.accountTabs} className="lk-tabs">
        {tabs.map((tab, i) => (
          <button
            key={tab}
            id={`${baseId}-tab-${tab}`}
            type="button"
            role="tab"
            className="lk-tab"
            aria-selected={currentTab === tab}
            aria-controls={`${baseId}-panel`}
            tabIndex={currentTab === tab ? 0 : -1}
            onClick={() => data.selectTab(tab)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {copy.tabs[tab]}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${currentTab}`}
        className="lk-tabpanel"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern gives a tab panel without focusable content tabindex 0, so a keyboard reaches and scrolls its rows
        tabIndex={0}
        onScroll={onPanelScroll}
        aria-busy={data.isLoadingBalances || data.isLoadingActivity ? 'true' : undefined}
      >
        {currentTab === 'tokens' && (
          <TokenList
            rows={data.tokens}
            empty={
              data.isBalanceUnavailable ? (
                <BalanceUnavailable retry={data.balanceRetry} onRetry={data.retry} />
              ) : data.isLoadingBalances ? (
                copy.loading
              ) : (
                <EmptyState title={copy.noTokens} hint={copy.noTokensHint} actions={receiveAction(copy.emptyReceive)} />
              )
            }
          />
        )}
        {currentTab === 'nfts' && (
          <TokenList
            rows={data.nfts}
            empty={
              data.isBalanceUnavailable ? <BalanceUnavailable retry={data.balanceRetry} onRetry={data.retry} /> : <EmptyState title={copy.noNfts} hint={copy.noNftsHint} actions={receiveAction(copy.emptyReceiveNfts)} />
            }
          />
        )}
        {currentTab === 'activity' && (
          <>
            {data.activityFailed ? (
              <div className="lk-empty">
                <p className="lk-error">{copy.activityFailed}</p>
                <button type="button" className="lk-secondary" onClick={() => data.retry()}>
                  {copy.tryAgain}
                </button>
              </div>
            ) : data.activity.length === 0 ? (
              data.isLoadingActivity ? (
                <p className="lk-muted">{copy.loading}</p>
              ) : (
                <EmptyState title={copy.noActivity} hint={copy.noActivityHint} actions={[...receiveAction(copy.emptyReceive), ...(canSend ? [{ label: copy.emptySend, onClick: push('Send') }] : [])]} />
              )
            ) : (
              data.activity.map((group) => (
                <section key={group.key} aria-label={group.label}>
                  <h3 className="lk-group">{group.label}</h3>
                  <ul className="lk-list">
                    {group.transactions.map((item) => (
                      <li key={item.tx.id}>
                        <ActivityRow item={item} />
                      </li>
                    ))}
                  </ul>
                </section>
              ))
            )}
            {data.hasMoreActivity && (
              <button type="button" className="lk-secondary" style={{ marginTop: 8 }} onClick={() => data.loadMoreActivity()}>
                {copy.loadMore}
              </button>
            )}
          </>
        )}
      </div>
    </div>
  )
}

/**
 * 'Token Balance Unavailable' (spec §8) with its Try again: disabled during the 30 s back-off after a failure (spec §4,
 * §9), absent where the API does not serve the network.
 */
function BalanceUnavailable({ retry, onRetry }: { retry: 'none' | 'waiting' | 'ready'; onRetry: () => void }) {
  const copy = useCopy()
  return (
    <div className="lk-empty" data-testid="balance-unavailable">
      <p className="lk-empty-title">{copy.balanceUnavailable}</p>
      {retry !== 'none' && (
        <button type="button" className="lk-secondary" disabled={retry === 'waiting'} onClick={onRetry}>
          {copy.tryAgain}
        </button>
      )}
    </div>
  )
}

/** An empty tab: what is missing, a line of help, and what the visitor can do about it. */
function EmptyState({ title, hint, actions }: { title: string; hint: string; actions: Array<{ label: string; onClick: () => void }> }) {
  return (
    <div className="lk-empty" data-testid="empty-state">
      <p className="lk-empty-title">{title}</p>
      <p className="lk-muted">{hint}</p>
      {actions.length > 0 && (
        <div className="lk-actions">
          {actions.map((a) => (
            <button key={a.label} type="button" className="lk-secondary" onClick={a.onClick}>
              {a.label}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}

function TokenList({ rows, empty }: { rows: ReturnType<typeof useAccountData>['tokens']; empty: ReactNode }) {
  if (rows.length === 0) return typeof empty === 'string' ? <p className="lk-muted">{empty}</p> : <>{empty}</>
  return (
    <ul className="lk-list">
      {rows.map((r) => (
        <li key={r.key} className="lk-row lk-static">
          <WalletIcon src={r.iconUrl} name={r.symbol} glyph="token" lazy />
          <span className="lk-row-name">
            {r.name}
            <br />
            <span className="lk-muted lk-token-amount" title={r.amount === r.exactAmount ? undefined : `${r.exactAmount} ${r.symbol}`}>
              {r.amount} {r.symbol}
            </span>
          </span>
          {/* Fiat only with a known price: no '$0.00' for a token nobody priced. */}
          {r.fiat !== undefined && (
            <span className="lk-fiat" data-testid="token-fiat">
              {r.fiat}
            </span>
          )}
        </li>
      ))}
    </ul>
  )
}

/**
 * A transaction of the Activity tab: received or sent and the amount, the counterparty, and when it was mined: relative
 * to now for the last 7 days ('5 minutes ago', 'yesterday'), else the date, with the full date and time as its title.
 */
function ActivityRow({ item: { tx, when } }: { item: ActivityItem }) {
  const copy = useCopy()
  const locale = useLocale()
  const transfer = tx.transfers[0]
  const incoming = transfer?.direction === 'in'
  // Written like a balance: floored to 3 decimals, grouped in the locale.
  const amount = activityAmount(tx, locale)
  const counterparty = incoming ? tx.metadata.sentFrom : tx.metadata.sentTo
  return (
    <div className="lk-row lk-static">
      <span className="lk-row-name">
        {incoming ? copy.received : copy.sent} {amount}
        <br />
        <span className="lk-muted">
          {truncateAddress(counterparty)}
          {when && (
            <>
              {' · '}
              <time dateTime={tx.metadata.minedAt} title={when.title} data-testid="activity-when">
                {when.text}
              </time>
            </>
          )}
        </span>
      </span>
    </div>
  )
}
