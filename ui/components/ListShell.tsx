import type { ReactNode } from 'react'

/** The words of a {@link ListShell}: the line above the list, the loading and failure lines, Try again, the list's name. */
export type ListShellCopy = {
  intro: string
  loading: string
  failed: string
  retry: string
  /** The list's accessible name. */
  list: string
  /** Said when the list is read and has no row; without it an empty list is shown as such. */
  empty?: string
}

/** What a {@link ListShell} shows: the read's status, its rows, and how one row looks. */
export type ListShellProps<Row> = {
  copy: ListShellCopy
  /** The read of the list: `idle` shows the intro alone. */
  status: 'idle' | 'loading' | 'loaded' | 'failed'
  rows: readonly Row[]
  /** Why the read failed, shown after the failure line; absent: the line alone. */
  error?: string | undefined
  /** Try again after a failed read. */
  onRetry: () => void
  /**
   * Keep the rows whenever there are some and the read has not failed (a list read again after a change keeps its rows
   * meanwhile); without it they show once the list is read.
   */
  keepRows?: boolean
  /** The list's `data-testid`. */
  testId: string
  /** One row: an `<li>` with its `key`. */
  children: (row: Row) => ReactNode
}

/**
 * The frame of a view that lists what it read (ProfileWallets, Sessions): the intro, a spinner line while it reads,
 * the failure with Try again, the empty line, and the rows as a named list.
 *
 * @example
 * <ListShell copy={t} status={view.status} rows={view.rows} onRetry={retry} testId="sessions">
 *   {(row) => <li key={row.pci}>{row.pci}</li>}
 * </ListShell>
 */
export function ListShell<Row>({ copy, status, rows, error, onRetry, keepRows = false, testId, children }: ListShellProps<Row>) {
  const isEmpty = copy.empty !== undefined && rows.length === 0
  const showRows = keepRows ? rows.length > 0 && status !== 'failed' : status === 'loaded' && !isEmpty
  return (
    <div className="lk-center lk-form">
      <p className="lk-muted">{copy.intro}</p>
      {status === 'loading' && (
        <p className="lk-muted" role="status">
          <span className="lk-spinner" aria-hidden="true" /> {copy.loading}
        </p>
      )}
      {status === 'failed' && (
        <>
          <p className="lk-error" role="alert">
            {copy.failed}
            {error !== undefined && (
              <>
                {' '}
                <span className="lk-small">{error}</span>
              </>
            )}
          </p>
          <button type="button" className="lk-secondary" onClick={onRetry}>
            {copy.retry}
          </button>
        </>
      )}
      {status === 'loaded' && isEmpty && <p role="status">{copy.empty}</p>}
      {showRows && (
        <ul className="lk-profile-wallets" aria-label={copy.list} data-testid={testId}>
          {rows.map(children)}
        </ul>
      )}
    </div>
  )
}
