import { useId } from 'react'
import { useCopy } from '../copy.ts'
import { errorSentence } from '../errorSentence.ts'
import { useShellCopy } from '../context.ts'
import { useNetwork, useSend } from '../hooks.ts'
import { explorerOf, TransactionUnconfirmed } from '../components/TransactionUnconfirmed.tsx'
import { swapMessageText, useSwapFlow } from '../hooks/swap.ts'

/**
 * The swap's review (spec §2 "Swap takes swap arguments", §7 convert): what is paid and the quoted amount received,
 * the rate, the price impact, the minimum received with the slippage (1 % by default, editable), the network fee; Swap
 * asks the wallet (approving first when the allowance is short: two prompts), after which the view says where the swap
 * is. When the chain has not told the approval's or the swap's end in time, the view says it was sent and shows its
 * hash and explorer page, Check again and Back to Account, never the review's Swap again ({@link TransactionUnconfirmed}).
 */
export default function SwapPreview() {
  const copy = useCopy()
  const shell = useShellCopy()
  const flow = useSwapFlow()
  const send = useSend()
  const network = useNetwork()
  const slippageId = useId()
  const busy = flow.loading
  const status = {
    approving: flow.from ? copy.swap.approving(flow.from.symbol) : '',
    confirmingApproval: copy.swap.waitingApproval,
    requoting: copy.swap.requoting,
    swapping: copy.swap.swapping,
    confirmingSwap: copy.swap.waitingSwap,
    preparing: copy.swap.preparing,
  } as Partial<Record<typeof flow.phase, string>>
  return (
    <div className="lk-center" aria-busy={busy || flow.phase === 'preparing' ? 'true' : undefined}>
      <dl className="lk-summary lk-swap-summary">
        <dt>{copy.swap.from}</dt>
        <dd data-testid="swap-preview-from">
          {flow.amount} {flow.from?.symbol}
        </dd>
        <dt>{copy.swap.to}</dt>
        <dd data-testid="swap-preview-to">
          {flow.toAmount} {flow.to?.symbol}
        </dd>
        <dt>{copy.swap.rate}</dt>
        <dd>{flow.rate && flow.from && flow.to ? copy.swap.rateOf(flow.from.symbol, flow.rate, flow.to.symbol) : '—'}</dd>
        <dt>{copy.swap.priceImpact}</dt>
        <dd data-testid="swap-preview-impact">{flow.priceImpact || '—'}</dd>
        <dt>{copy.swap.minimumReceived}</dt>
        <dd data-testid="swap-preview-minimum">{flow.minimumReceived || '—'}</dd>
        <dt>{copy.swap.networkFee}</dt>
        <dd data-testid="swap-preview-fee">{flow.fee || (flow.phase === 'preparing' ? copy.estimatingFee : '—')}</dd>
      </dl>
      {flow.phase === 'unconfirmed' && flow.unconfirmedHash ? (
        <TransactionUnconfirmed
          hash={flow.unconfirmedHash}
          kind={flow.unconfirmedIsTransaction ? 'transaction' : 'batch'}
          explorer={flow.unconfirmedIsTransaction ? explorerOf(network.active, flow.unconfirmedHash) : undefined}
          onRecheck={() => flow.recheck()}
          onLeave={() => flow.dismiss()}
        />
      ) : (
        <>
          <div className="lk-field">
            <label htmlFor={slippageId}>{copy.swap.slippageInPercent}</label>
            <input
              id={slippageId}
              className="lk-search"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={flow.slippage}
              disabled={busy}
              data-testid="swap-slippage"
              aria-invalid={flow.error?.key === 'invalidSlippage' ? true : undefined}
              onChange={(e) => flow.setSlippage(e.target.value)}
            />
          </div>
          {flow.needsApproval && !busy && <p className="lk-muted">{flow.from ? copy.swap.approveHint(flow.from.symbol) : ''}</p>}
          <p className="lk-error" role="alert" data-testid="swap-error">
            {flow.error ? swapMessageText(copy, flow.error) : flow.phase === 'prepareFailed' ? errorSentence(shell, flow.failure) : ''}
          </p>
          {flow.phase === 'prepareFailed' && (
            <button type="button" className="lk-secondary" onClick={() => flow.retry()}>
              {copy.tryAgain}
            </button>
          )}
          <p className="lk-muted" role="status" data-testid="swap-status">
            {status[flow.phase] ?? ''}
          </p>
          {busy && <span className="lk-spinner" aria-hidden="true" />}
          <div className="lk-actions">
            <button type="button" className="lk-secondary" disabled={busy} onClick={() => send({ type: 'app.back' })}>
              {copy.cancel}
            </button>
            <button type="button" className="lk-primary" disabled={flow.phase !== 'reviewing'} onClick={() => flow.confirm()}>
              {flow.needsApproval ? copy.swap.approveAndSwap : copy.swap.confirm}
            </button>
          </div>
        </>
      )}
    </div>
  )
}
