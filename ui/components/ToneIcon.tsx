import type { ReactNode } from 'react'
import { base } from './icons.tsx'

/** The tones a view's icon can take: `error` for a failure (a connection declined, a pairing that failed). */
export type IconTone = 'error'

/**
 * A view's large icon (a wallet's, a provider's) in a tone: for `error` a ring in the theme's danger colour around it
 * and a mark on its corner, a cross in a disc, so a failure reads at a glance and not by colour alone (the cross is a
 * shape, the ring a border). Decorative like the icon it wraps: the view's title and text say what happened.
 * @example <ToneIcon tone="error"><WalletIcon src={url} name="Dev Wallet" large /></ToneIcon>
 */
export function ToneIcon({ tone, children }: { tone: IconTone; children: ReactNode }) {
  return (
    <span className="lk-tone-icon" data-tone={tone} data-testid="tone-icon">
      {children}
      <span className="lk-tone-mark" aria-hidden="true">
        <svg {...base} width={12} height={12} strokeWidth={2.4} aria-hidden="true">
          <path d="m4 4 8 8M12 4l-8 8" />
        </svg>
      </span>
    </span>
  )
}
