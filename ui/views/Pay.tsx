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

/**
 * Pay (spec §1 Pay): what the site asks (the amount, the asset with its icon, the network, the recipient shortened with
 * a copy button, the site's note), then the way to pay: the connected wallet with its balance and the network fee, and
 * Pay, or why it cannot pay (not enough of the asset, or of the native currency for the fee) before any prompt. While
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

  const noWallet = flow.phase === 'noWallet'
  const busy = flow.phase === 'switching' || flow.phase === 'prompting' || flow.phase === 'confirming'
  const status = flow.phase === 'loading' ? t.loading : flow.phase === 'switching' ? t.switching(flow.networkName) : flow.phase === 'prompting' ? t.prompting : flow.phase === 'confirming' ? t.confirming : ''
  return (
    <div className="lk-center" aria-busy={busy || flow.phase === 'loading' ? 'true' : undefined}>
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
        <dd data-testid="pay-balance" style={{ gridColumn: '1 / -1', wordBreak: 'normal', overflowWrap: 'anywhere' }}>
          {noWallet ? t.noWallet : flow.balance ? t.walletBalance(flow.walletShort, flow.balance) : '—'}
        </dd>
        {!noWallet && (
          <>
            <dt>{t.networkFee}</dt>
            <dd data-testid="pay-fee">{flow.fee ?? '—'}</dd>
          </>
        )}
      </dl>
      {noWallet && (
        <p className="lk-muted" data-testid="pay-no-wallet">
          {t.noWalletHint(flow.exchanges.length > 0, flow.family)}
        </p>
      )}
      {flow.phase === 'short' && (
        <p className="lk-error" role="alert" data-testid="pay-short">
          {flow.shortOf === 'fee' ? t.shortOfFee(network?.nativeCurrency.symbol ?? flow.symbol) : t.shortOfAsset(flow.symbol)}
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
      </div>
    </div>
  )
}
