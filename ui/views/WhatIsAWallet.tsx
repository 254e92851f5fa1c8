import { useCopy } from '../copy.ts'
import { useSend } from '../hooks.ts'

/** Stroke icons of the three points (decorative; drawn for this view, colours from the theme through `currentColor`). */
const pointIcons = [
  // A wallet: a home for assets.
  <svg key="home" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <rect x="3" y="6" width="18" height="13" rx="3" />
    <path d="M3 10h18M16 14.5h2" />
    <path d="M6 6V5a2 2 0 0 1 2-2h8" />
  </svg>,
  // A key: a new way to sign in.
  <svg key="key" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <circle cx="8" cy="14" r="4" />
    <path d="m11 11 8-8M16 6l2 2M14 8l2 2" />
  </svg>,
  // A shield: you stay in control.
  <svg key="shield" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d="M12 3 5 6v5c0 4.5 3 8 7 10 4-2 7-5.5 7-10V6l-7-3Z" />
    <path d="m9 12 2 2 4-4" />
  </svg>,
]

/**
 * What is a wallet?: a short explainer for a visitor new to wallets, reached from Connect's "New to
 * wallets?" link: what a wallet is, what connecting does, and what it does not (no funds move, nothing is paid, the
 * visitor can disconnect). "Get a wallet" goes on to the directory's wallets; the header's Back returns to Connect.
 */
export default function WhatIsAWallet() {
  const copy = useCopy()
  const send = useSend()
  return (
    <div className="lk-onboarding">
      <ul className="lk-points">
        {copy.walletIntro.map((point, i) => (
          <li key={point.heading} className="lk-point">
            <span className="lk-point-icon">{pointIcons[i]}</span>
            <span>
              <strong className="lk-point-heading">{point.heading}</strong>
              <span className="lk-muted lk-point-body">{point.body}</span>
            </span>
          </li>
        ))}
      </ul>
      <button type="button" className="lk-primary lk-wide" onClick={() => send({ type: 'app.push', view: 'GetWallet' })}>
        {copy.getAWallet}
      </button>
    </div>
  )
}
