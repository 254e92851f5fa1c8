import { RegisteredGlyph } from '../components/glyphs.tsx'
import { useModalInstance } from '../context.ts'
import { useCopy } from '../copy.ts'
import { useCallsStatus } from '../hooks/callsStatus.ts'
import { transactionExplorerUrl } from '../../machines/transaction.ts'
import type { CallsStatusPhase } from '../../machines/calls.connect.ts'

/** The ends that took nothing, or not everything, on chain: said in the danger colour. */
const troubled: ReadonlySet<CallsStatusPhase> = new Set(['failed', 'reverted', 'partial', 'rejected', 'atomicUnsupported', 'unknown'])
const running: ReadonlySet<CallsStatusPhase> = new Set(['asking', 'pending', 'fallback'])

/**
 * CallsStatus (EIP-5792 batched calls; spec §7 `wallet_sendCalls`): what happened to the batch the site sent, in words.
 * While it runs: confirm in the wallet, waiting for the network, or the one-by-one fallback's "call 2 of 3"; at each end
 * (confirmed, failed off-chain, reverted, partially executed, declined, cannot run together, status unknown) its own
 * heading and sentence, and each call with its state and, when it has a transaction, a link to it on the network's
 * block explorer (the network config's `blockExplorers`). Done goes back.
 */
export default function CallsStatus() {
  const copy = useCopy()
  const t = copy.callsStatus
  const flow = useCallsStatus()
  const modal = useModalInstance()
  const network = modal.options.networks.find((n) => n.caipNetworkId === flow.caipNetworkId)
  const total = flow.calls.length
  const explorerName = network?.blockExplorers?.default.name
  const heading: Partial<Record<CallsStatusPhase, string>> = {
    confirmed: t.confirmed,
    failed: t.failed,
    reverted: t.reverted,
    partial: t.partial,
    rejected: t.rejected,
    atomicUnsupported: t.atomicUnsupported,
    unknown: t.unknown,
  }
  const body: Record<CallsStatusPhase, string> = {
    none: t.none,
    asking: t.asking(total),
    pending: t.pending,
    fallback: t.fallback(flow.progress?.index ?? 0, flow.progress?.total ?? total),
    confirmed: t.confirmedBody(total),
    failed: t.failedBody,
    reverted: t.revertedBody,
    partial: t.partialBody(flow.landedCount, total),
    rejected: t.rejectedBody,
    atomicUnsupported: t.atomicUnsupportedBody,
    unknown: t.unknownBody,
  }
  const busy = running.has(flow.phase)
  return (
    <div className="lk-center" data-testid="calls-status" data-phase={flow.phase} data-status={flow.status} aria-busy={busy ? 'true' : undefined}>
      {flow.phase === 'confirmed' && (
        <span className="lk-name-glyph lk-name-ok">
          <RegisteredGlyph size={48} />
        </span>
      )}
      {heading[flow.phase] && (
        <p className={troubled.has(flow.phase) ? 'lk-error' : undefined} style={{ margin: 0, fontWeight: 600 }} role="status" data-testid="calls-status-heading">
          {heading[flow.phase]}
        </p>
      )}
      <p className="lk-muted" role={heading[flow.phase] ? undefined : 'status'}>
        {body[flow.phase]}
      </p>
      {busy && <span className="lk-spinner" aria-hidden="true" />}
      {total > 0 && (
        <ul className="lk-list lk-wide" aria-label={t.listLabel}>
          {flow.calls.map((call) => {
            const url = transactionExplorerUrl(network, call.hash)
            const state = call.state === 'landed' ? t.landed : call.state === 'notLanded' ? t.notLanded : t.waiting
            return (
              <li key={call.index} className="lk-call" data-state={call.state} data-testid="calls-status-call">
                <span className="lk-call-name">
                  <span style={{ fontWeight: 600 }}>{t.call(call.index + 1)}</span>{' '}
                  <span className="lk-muted" title={call.to} style={{ fontFamily: 'ui-monospace, monospace', whiteSpace: 'nowrap' }}>
                    {t.to(call.toShort)}
                  </span>
                </span>
                <span className="lk-call-state">{state}</span>
                {url && (
                  <a className="lk-call-link" href={url} target="_blank" rel="noopener noreferrer" aria-label={explorerName ? t.viewCallOnExplorer(call.index + 1, explorerName) : t.viewCallOnTheExplorer(call.index + 1)}>
                    {explorerName ? t.viewOnExplorer(explorerName) : t.viewOnTheExplorer}
                  </a>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {!busy && (
        <button type="button" className="lk-primary lk-wide" onClick={() => flow.done()}>
          {t.done}
        </button>
      )}
    </div>
  )
}
