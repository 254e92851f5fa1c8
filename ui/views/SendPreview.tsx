import { errorSentence, sendMessageText } from '../errorSentence.ts'
import { useCopy } from '../copy.ts'
import { useNetwork, useSend } from '../hooks.ts'
import { useSendFlow } from '../hooks/send.ts'
import { receiverLabel } from '../../machines/send.connect.ts'
import { explorerOf, TransactionUnconfirmed } from '../components/TransactionUnconfirmed.tsx'

/**
 * The send preview and confirmation (spec §4 Send): what is sent, to whom, on which network, and the
 * network fee; Send asks the wallet (the transaction enters the router's transaction stack), after which
 * the view says where the transaction is (confirm in the wallet, then waiting for the chain). When the chain has not
 * told the end in time, the view says the transaction was sent and shows its hash and explorer page, with a way to look
 * again and a way out to Account, never Send again ({@link TransactionUnconfirmed}).
 */
export default function SendPreview() {
  const copy = useCopy()
  const flow = useSendFlow()
  const send = useSend()
  const network = useNetwork()
  return (
    <div className="lk-center" aria-busy={flow.loading || flow.phase === 'estimating' ? 'true' : undefined}>
      <dl className="lk-summary">
        <dt>{copy.youSend}</dt>
        <dd data-testid="send-preview-amount">
          {flow.amount} {flow.token?.symbol}
          {flow.amountFiat !== undefined && (
            <span className="lk-muted" data-testid="send-preview-fiat">
              {' '}
              · {flow.amountFiat}
            </span>
          )}
        </dd>
        <dt>{copy.receiver}</dt>
        <dd data-testid="send-preview-receiver" title={flow.resolvedAddress}>
          {receiverLabel(flow)}
        </dd>
        <dt>{copy.network}</dt>
        <dd>{network.active.name}</dd>
        <dt>{copy.networkFee}</dt>
        <dd data-testid="send-preview-fee">{flow.phase === 'estimating' ? copy.estimatingFee : (flow.fee ?? '—')}</dd>
      </dl>
      {flow.adjustedForFee && <p className="lk-muted">{copy.adjustedForFee}</p>}
      {flow.phase === 'estimateFailed' && (
        <>
          <p className="lk-error" role="alert">
            {flow.failureMessage ? sendMessageText(copy, flow.failureMessage) : errorSentence(copy, flow.failure)}
          </p>
          <button type="button" className="lk-secondary" onClick={() => flow.retryEstimate()}>
            {copy.tryAgain}
          </button>
        </>
      )}
      {flow.phase === 'unconfirmed' && flow.hash ? (
        <TransactionUnconfirmed hash={flow.hash} explorer={explorerOf(network.active, flow.hash)} onRecheck={() => flow.recheck()} onLeave={() => flow.dismiss()} />
      ) : (
        <>
          <p className="lk-muted" role="status">
            {flow.phase === 'sending' ? copy.confirmInWallet : flow.phase === 'confirming' ? copy.waitingForConfirmation : ''}
          </p>
          {flow.loading && <span className="lk-spinner" aria-hidden="true" />}
          <div className="lk-actions">
            <button type="button" className="lk-secondary" disabled={flow.loading} onClick={() => send({ type: 'app.back' })}>
              {copy.cancel}
            </button>
            <button type="button" className="lk-primary" disabled={flow.phase !== 'ready'} onClick={() => flow.confirm()}>
              {copy.confirmSend}
            </button>
          </div>
        </>
      )}
    </div>
  )
}
