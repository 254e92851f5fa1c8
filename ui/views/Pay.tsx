import { useState } from 'react'
import { CheckIcon, CopyIcon, RegisteredGlyph } from '../components/glyphs.tsx'
import { NetworkIcon } from '../components/NetworkIcon.tsx'
import { ToneIcon } from '../components/ToneIcon.tsx'
import { WalletIcon } from '../components/WalletIcon.tsx'
import { useModalInstance } from '../context.ts'
import { useCopy } from '../copy.ts'
import { fillSlots } from '../i18n/slots.ts'
import { en } from '../locales/en.ts'
import { useSend } from '../hooks.ts'
import { usePayFlow } from '../hooks/payFlow.ts'
import type { PayWalletRow } from '../../machines/pay.connect.ts'

/**
 * Pay (spec §1 Pay): what the site asks (the amount, the asset with its icon, the network, the recipient shortened with
 * a copy button, the site's note), shown whole at once, then the way to pay: the connected wallet with its balance and
 * the network fee (read once the view shows, loading in place: `aria-busy`, no layout jump), and Pay, or why it cannot
 * pay (not enough of the asset, or of the native currency for the fee) before any prompt. With several wallets of the
 * payment's namespace connected (multi-wallet), each is a choice with its balance; one that cannot pay is not selectable
 * and says why; a wallet other than the site's active one paying is said under the list. While
 * the wallet and the chain decide the view says which. Beside the wallet, the exchanges that can pay it: choosing one
 * opens its page in a new tab (on a phone in this tab, which the exchange sends back here) and the view follows the
 * payment there; without a connected wallet the exchanges are the ways to pay, beside Connect a wallet (Connect over
 * Pay; once a wallet connected the Pay view comes back with it). Each end (paid, failed, expired) has its own words and
 * its action: Done for a payment made; Try again (a
 * wallet's failure) or Choose another way (an exchange's) back to the ways to pay, with Close beside it.
 */
export default function Pay() {
  const copy = useCopy()
  const flow = usePayFlow()
  const send = useSend()
  const modal = useModalInstance()
  const [copied, setCopied] = useState(false)
  const network = modal.options.networks.find((n) => n.caipNetworkId === flow.caipNetworkId)
  const sameTab = Boolean(modal.actor.getSnapshot().context.options.isMobile)
  const t = copy.pay

  if (flow.phase === 'succeeded' || flow.phase === 'failed' || flow.phase === 'expired') {
    const ok = flow.phase === 'succeeded'
    const icon = <WalletIcon src={flow.iconUrl} name={flow.symbol} glyph="token" large />
    return (
      <div className="lk-center" data-testid="pay-end" data-status={flow.outcome?.status}>
        {ok ? (
          <span className="lk-name-glyph lk-name-ok">
            <RegisteredGlyph size={48} />
          </span>
        ) : (
          <ToneIcon tone="error">{icon}</ToneIcon>
        )}
        <p style={{ margin: 0, fontWeight: 600 }} role="status">
          {ok ? t.succeeded : flow.phase === 'expired' ? t.expired : t.failed}
        </p>
        <p className="lk-muted">
          {ok ? (
            <>
              {fillSlots(
                t.succeededBody,
                [
                  flow.amount,
                  flow.symbol,
                  <span key="recipient" style={{ whiteSpace: 'nowrap', fontFamily: 'ui-monospace, monospace' }}>
                    {flow.recipientShort}
                  </span>,
                ],
                { fallback: en.pay.succeededBody },
              )}{' '}
              {t.succeededConfirmed}
            </>
          ) : flow.outcome && 'reason' in flow.outcome ? (
            flow.outcome.reason
          ) : (
            ''
          )}
        </p>
        {flow.hash && (
          <p className="lk-muted" style={{ wordBreak: 'break-all', fontFamily: 'ui-monospace, monospace', fontSize: 12 }} data-testid="pay-hash">
            {t.transaction} {flow.hash}
          </p>
        )}
        {flow.retryKind ? (
          <div className="lk-actions">
            <button type="button" className="lk-secondary" onClick={() => flow.done()}>
              {t.close}
            </button>
            <button type="button" className="lk-primary" onClick={() => flow.retry()}>
              {flow.retryKind === 'exchange' ? t.chooseAnother : t.tryAgain}
            </button>
          </div>
        ) : (
          <button type="button" className="lk-primary lk-wide" onClick={() => flow.done()}>
            {ok ? t.done : t.close}
          </button>
        )}
      </div>
    )
  }

  const exchangeName = flow.exchange?.name ?? ''
  if (flow.phase === 'exchangeOpening' || flow.phase === 'exchangeWaiting') {
    return (
      <div className="lk-center" aria-busy="true" data-testid="pay-exchange">
        <WalletIcon src={flow.exchange?.imageUrl} name={exchangeName} large />
        <p style={{ margin: 0, display: 'flex', alignItems: 'center', gap: 8, fontSize: 20, fontWeight: 700 }}>
          {flow.amount} {flow.symbol}
        </p>
        <p className="lk-muted" role="status">
          {flow.phase === 'exchangeOpening' ? t.exchangeOpening(exchangeName) : t.exchangeWaiting(exchangeName)}
        </p>
        <span className="lk-spinner" aria-hidden="true" />
        <div className="lk-actions">
          <button type="button" className="lk-secondary" onClick={() => flow.cancel()}>
            {t.cancel}
          </button>
          {flow.exchangeUrl && (
            // On a phone the exchange's page takes this tab (it sends the visitor back here); on a desktop a new tab.
            <a className="lk-primary" href={flow.exchangeUrl} {...(sameTab ? {} : { target: '_blank' })} rel="noopener noreferrer">
              {t.exchangeReopen(exchangeName)}
            </a>
          )}
        </div>
      </div>
    )
  }

  // The request shows whole at once; the wallets' balances and the fee arrive in place (no layout jump).
  const loading = flow.phase === 'loading'
  const noWallet = flow.phase === 'noWallet' || (loading && flow.wallets.length === 0)
  const busy = flow.phase === 'switching' || flow.phase === 'prompting' || flow.phase === 'confirming'
  const choosing = flow.wallets.length > 1
  const status = flow.phase === 'loading' ? t.loading : flow.phase === 'switching' ? t.switching(flow.networkName) : flow.phase === 'prompting' ? t.prompting : flow.phase === 'confirming' ? t.confirming : ''
  return (
    <div className="lk-center" aria-busy={busy || loading ? 'true' : undefined} data-testid="pay-review">
      <p className="lk-muted" style={{ margin: 0 }}>
        {t.asked}
      </p>
      <p style={{ margin: 0, display: 'flex', alignItems: 'center', gap: 8, fontSize: 24, fontWeight: 700 }} data-testid="pay-asked">
        <WalletIcon src={flow.iconUrl} name={flow.symbol} glyph="token" />
        {flow.amount} {flow.symbol}
      </p>
      <dl className="lk-summary">
        <dt>{t.recipient}</dt>
        <dd data-testid="pay-recipient" title={flow.recipient} style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 4, ...(flow.recipientName ? { flexWrap: 'wrap' } : {}) }}>
          {/* A name the site gave: its own line above the address it resolved to, which never breaks. */}
          {flow.recipientName && (
            <span data-testid="pay-recipient-name" style={{ flexBasis: '100%', textAlign: 'right', overflowWrap: 'anywhere' }}>
              {flow.recipientName}
            </span>
          )}
          <span style={{ fontFamily: 'ui-monospace, monospace', ...(flow.recipientName ? { whiteSpace: 'nowrap' } : {}) }}>{flow.recipientShort}</span>{' '}
          <button
            type="button"
            className="lk-icon-button"
            style={{ width: 24, height: 24 }}
            aria-label={t.copyRecipient}
            onClick={() =>
              void navigator.clipboard?.writeText(flow.recipient).then(
                () => {
                  setCopied(true)
                  send({ type: 'app.notify', variant: 'success', message: t.recipientCopied })
                },
                () => setCopied(false),
              )
            }
          >
            {copied ? <CheckIcon /> : <CopyIcon />}
          </button>
        </dd>
        <dt>{t.network}</dt>
        <dd style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 6 }}>
          {network && <NetworkIcon network={network} size={18} />}
          {flow.networkName}
        </dd>
        {flow.memo && (
          <>
            <dt>{t.memo}</dt>
            <dd data-testid="pay-memo" style={{ wordBreak: 'normal' }}>
              {flow.memo}
            </dd>
          </>
        )}
        <dt>{t.payWith}</dt>
        {/*
          The wallet and its balance are words, an address and an amount, too long for the value column beside the label:
          the whole row's width under its label, broken between words only (`.lk-summary dd` breaks anywhere, for hashes).
        */}
        <dd data-testid="pay-balance" aria-busy={loading ? 'true' : undefined} style={{ gridColumn: '1 / -1', wordBreak: 'normal', overflowWrap: 'anywhere' }}>
          {choosing ? <PayWalletChoice flow={flow} /> : loading ? <Skeleton width="100%" /> : noWallet ? t.noWallet : flow.balance ? <WalletBalance wallet={flow.walletShort} balance={flow.balance} /> : '—'}
        </dd>
        {!noWallet && (
          <>
            <dt>{t.networkFee}</dt>
            <dd data-testid="pay-fee" aria-busy={loading ? 'true' : undefined}>
              {loading ? <Skeleton width="8em" /> : (flow.fee ?? '—')}
            </dd>
          </>
        )}
      </dl>
      {flow.walletHeld && !loading && !noWallet && (
        <p className="lk-muted" data-testid="pay-held-wallet" style={{ margin: 0 }}>
          {t.heldWalletPays(flow.walletShort)}
        </p>
      )}
      {flow.phase === 'noWallet' && (
        <p className="lk-muted" data-testid="pay-no-wallet">
          {t.noWalletHint(flow.exchanges.length > 0, flow.family)}
        </p>
      )}
      {flow.phase === 'short' && (
        <p className="lk-error" role="alert" data-testid="pay-short">
          {flow.shortOf === 'unreadable' ? t.walletUnreadable : flow.shortOf === 'fee' ? t.shortOfFee(network?.nativeCurrency.symbol ?? flow.symbol) : t.shortOfAsset(flow.symbol)}
        </p>
      )}
      <p className="lk-muted" role="status">
        {status}
      </p>
      {busy && <span className="lk-spinner" aria-hidden="true" />}
      {flow.exchanges.length > 0 && (flow.phase === 'ready' || flow.phase === 'short' || noWallet) && (
        <div style={{ width: '100%' }}>
          <p className="lk-muted" style={{ margin: '0 0 8px' }}>
            {t.orExchange}
          </p>
          <ul className="lk-list" aria-label={t.orExchange}>
            {flow.exchanges.map((exchange) => (
              <li key={exchange.id}>
                <button type="button" className="lk-row" onClick={() => flow.payWithExchange(exchange.id)}>
                  <WalletIcon src={exchange.imageUrl} name={exchange.name} />
                  <span>{t.payWithExchange(exchange.name)}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="lk-actions">
        <button type="button" className="lk-secondary" disabled={flow.phase === 'confirming'} onClick={() => flow.cancel()}>
          {t.cancel}
        </button>
        {noWallet ? (
          // Connect over Pay: the payment waits, and the Pay view comes back with the wallet once it connected.
          <button type="button" className="lk-primary" onClick={() => flow.connectWallet()}>
            {copy.switchActiveChainConfirm}
          </button>
        ) : (
          <button type="button" className="lk-primary" disabled={flow.phase !== 'ready'} onClick={() => flow.confirm()}>
            {t.payButton(flow.amount, flow.symbol)}
          </button>
        )}
        {flow.phase === 'short' && flow.wallets.every((w) => w.shortOf === 'unreadable') && (
          // No balance could be read: read them again.
          <button type="button" className="lk-secondary" onClick={() => flow.retry()}>
            {t.tryAgain}
          </button>
        )}
      </div>
    </div>
  )
}

/**
 * A wallet and its balance (`Wallet 0x7099…79C8 · balance 0.25 ETH`): where the line must break, never between an
 * amount and its symbol (the amount is kept whole: no 'ETH' alone on the next line).
 */
function WalletBalance({ wallet, balance }: { wallet: string; balance: string }) {
  const t = useCopy().pay
  return (
    <>
      {fillSlots(
        t.walletBalance,
        [
          wallet,
          <span key="balance" style={{ whiteSpace: 'nowrap' }}>
            {balance}
          </span>,
        ],
        { fallback: en.pay.walletBalance },
      )}
    </>
  )
}

/** A line of text on its way (the wallets' balances, the fee): its place kept, one line high, pulsing. */
function Skeleton({ width }: { width: string }) {
  return <span className="lk-skeleton-row" aria-hidden="true" style={{ display: 'inline-block', verticalAlign: 'middle', height: '1lh', width, maxWidth: '100%' }} />
}

/**
 * The connected wallets of the payment's namespace as a choice (spec §1 Pay: "each connected wallet that holds enough of
 * the asset on that network (balance shown)"): one radio per wallet, its address and balance; the one that pays checked;
 * one that cannot pay is not selectable and says why (not enough of the asset, of the native currency for the fee, or its
 * balance unreadable). Picking one does not change the site's active wallet.
 */
function PayWalletChoice({ flow }: { flow: ReturnType<typeof usePayFlow> }) {
  const t = useCopy().pay
  const modal = useModalInstance()
  const nativeSymbol = modal.options.networks.find((n) => n.caipNetworkId === flow.caipNetworkId)?.nativeCurrency.symbol ?? flow.symbol
  const why = (row: PayWalletRow) =>
    row.shortOf === 'unreadable' ? t.walletUnreadable : row.shortOf === 'fee' ? t.walletShortOfFee(nativeSymbol) : row.shortOf === 'asset' ? t.walletShortOfAsset(flow.symbol) : undefined
  return (
    <fieldset aria-label={t.payWith} data-testid="pay-wallets" style={{ display: 'flex', flexDirection: 'column', gap: 6, margin: '4px 0 0', padding: 0, border: 0, minWidth: 0 }}>
      {flow.wallets.map((row) => {
        const reason = why(row)
        return (
          <label
            key={row.address}
            className="lk-row"
            data-testid="pay-wallet"
            title={row.address}
            style={{ alignItems: 'flex-start', gap: 10, cursor: reason ? 'default' : 'pointer', ...(row.chosen ? { outline: '2px solid var(--lk-accent)', outlineOffset: -2 } : {}) }}
          >
            <input
              type="radio"
              name="lk-pay-wallet"
              checked={row.chosen}
              disabled={Boolean(reason) || flow.phase !== 'ready'}
              onChange={() => flow.chooseWallet(row.address)}
              style={{ margin: '3px 0 0', accentColor: 'var(--lk-accent)' }}
            />
            <span style={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0, flex: 1 }}>
              <span>{row.balance ? <WalletBalance wallet={row.short} balance={row.balance} /> : flow.phase === 'loading' ? <Skeleton width="100%" /> : row.short}</span>
              {reason && <span className="lk-muted">{reason}</span>}
            </span>
          </label>
        )
      })}
    </fieldset>
  )
}
