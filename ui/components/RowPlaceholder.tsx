/**
 * A placeholder for a wallet row that has not arrived (Connect's directory rows while the directory answers): the box
 * of a row (`.lk-row`'s padding, border, a 32 px icon, one line of the row's name), pulsing, so that the rows that come
 * take its place and nothing below moves. Hidden from assistive technology. `collapsing`: the row it stood for will not
 * come; it folds to nothing (a 150 ms CSS transition, none under `prefers-reduced-motion`), and `onCollapsed` is called
 * when it has.
 */
export function RowPlaceholder({ collapsing, onCollapsed }: { collapsing: boolean; onCollapsed: () => void }) {
  return (
    <li className="lk-row-room" aria-hidden="true" data-collapsing={collapsing ? 'true' : undefined} data-testid="row-placeholder" onTransitionEnd={collapsing ? onCollapsed : undefined}>
      <div className="lk-row-room-clip">
        <div className="lk-row-placeholder">
          <span className="lk-wallet-icon" />
          {/* One line of the row's name (a no-break space): the row's own height, whatever the theme's font. */}
          <span className="lk-row-name">{'\u00a0'}</span>
        </div>
      </div>
    </li>
  )
}
