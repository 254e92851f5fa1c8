import { useState } from 'react'
import { useCopy } from '../copy.ts'
import { useSend } from '../hooks.ts'
import { CheckIcon, CopyIcon } from './glyphs.tsx'
import { transactionExplorerUrl } from '../../machines/transaction.ts'

/** What {@link TransactionUnconfirmed} shows and does. */
export type TransactionUnconfirmedProps = {
  /** The transaction's hash (the final one, a replacement's when the wallet sped it up), or a batch's id. */
  hash: string
  /** What `hash` is: a transaction's hash (default) or the id of a batch of calls (EIP-5792) that named no transaction. */
  kind?: 'transaction' | 'batch' | undefined
  /** Its page on the network's explorer; none: the hash alone, to copy. */
  explorer?: { name: string; url: string } | undefined
  /** Look at the chain again. */
  onRecheck(): void
  /** Leave the transaction to Account. */
  onLeave(): void
}

/**
 * "Sent, status unknown" (spec §4 Send, §9 receipt timeout; a send, a swap's approval or its swap): the chain has not told how the transaction ended, so the
 * visitor is told it was sent and where to check before sending again, given its hash (copyable; a batch that named no
 * transaction: its batch id, under its own label) and the explorer's
 * page when the network names one, a way to look again and a way out to Account. Never the editable form: a
 * transaction that may be mined must not be sent twice.
 */
export function TransactionUnconfirmed({ hash, kind = 'transaction', explorer, onRecheck, onLeave }: TransactionUnconfirmedProps) {
  const copy = useCopy()
  const words = kind === 'batch' ? { label: copy.batchId, copy: copy.copyBatchId, copied: copy.batchIdCopied } : { label: copy.transactionHash, copy: copy.copyTransactionHash, copied: copy.transactionHashCopied }
  const send = useSend()
  const [copied, setCopied] = useState(false)
  return (
    <>
      <p className="lk-muted" role="status" data-testid="transaction-unconfirmed">
        {copy.sendUnconfirmed}
      </p>
      <dl className="lk-summary">
        <dt>{words.label}</dt>
        <dd data-testid="transaction-hash" style={{ fontFamily: 'ui-monospace, monospace' }}>
          {hash}
        </dd>
      </dl>
      <div className="lk-actions">
        <button
          type="button"
          className="lk-secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(hash).then(
              () => {
                setCopied(true)
                send({ type: 'app.notify', variant: 'success', message: words.copied })
              },
              () => setCopied(false),
            )
          }
        >
          {copied ? <CheckIcon /> : <CopyIcon />} {words.copy}
        </button>
        {explorer && (
          <a className="lk-secondary" href={explorer.url} target="_blank" rel="noopener noreferrer">
            {copy.viewOnExplorer(explorer.name)}
          </a>
        )}
      </div>
      <div className="lk-actions">
        <button type="button" className="lk-secondary" onClick={onLeave}>
          {copy.backToAccount}
        </button>
        <button type="button" className="lk-primary" onClick={onRecheck}>
          {copy.checkAgain}
        </button>
      </div>
    </>
  )
}

/** The explorer page of the transaction on `network`, when it names an explorer ({@link TransactionUnconfirmedProps} `explorer`). */
export function explorerOf(network: { blockExplorers?: { default: { name: string; url: string } } | undefined }, hash: string) {
  const url = transactionExplorerUrl(network, hash)
  return url && network.blockExplorers ? { name: network.blockExplorers.default.name, url } : undefined
}
