/** Small stroke icons drawn for this project (decorative: the buttons carry the accessible names). */
const base = { width: 16, height: 16, viewBox: '0 0 16 16', fill: 'none', stroke: 'currentColor', strokeWidth: 1.6, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const

export const BackIcon = () => (
  <svg {...base}>
    <path d="M10 3 5 8l5 5" />
  </svg>
)
export const CloseIcon = () => (
  <svg {...base}>
    <path d="m4 4 8 8M12 4l-8 8" />
  </svg>
)
export const CopyIcon = () => (
  <svg {...base}>
    <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
    <path d="M10.5 3.5v-.5a1.5 1.5 0 0 0-1.5-1.5H4A1.5 1.5 0 0 0 2.5 3v5A1.5 1.5 0 0 0 4 9.5h.5" />
  </svg>
)
export const CheckIcon = () => (
  <svg {...base}>
    <path d="m3 8.5 3 3 7-7" />
  </svg>
)
export const GridIcon = () => (
  <svg {...base}>
    <rect x="2.5" y="2.5" width="4" height="4" rx="1" />
    <rect x="9.5" y="2.5" width="4" height="4" rx="1" />
    <rect x="2.5" y="9.5" width="4" height="4" rx="1" />
    <rect x="9.5" y="9.5" width="4" height="4" rx="1" />
  </svg>
)
export const RetryIcon = () => (
  <svg {...base}>
    <path d="M13 8a5 5 0 1 1-1.5-3.55" />
    <path d="M13 2.5v3h-3" />
  </svg>
)

/**
 * Larger filled glyphs that stand in for a missing image (issue 17 §6: never a letter monogram). They are decorative
 * (`aria-hidden`): the row's name is the label. Drawn on a 24×24 grid in `currentColor`.
 */
const glyph = (size: number) => ({ width: size, height: size, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: 'false' }) as const

/** A chain namespace's glyph: a diamond (eip155), three slanted bars (solana), a notched coin (bip122), a globe otherwise. */
export function NamespaceGlyph({ namespace, size = 24 }: { namespace: string; size?: number }) {
  if (namespace === 'eip155') {
    return (
      <svg {...glyph(size)} fill="currentColor">
        <path d="M12 2 6 12.2l6 3.6 6-3.6z" />
        <path d="m12 17.2-6-3.6 6 8.4 6-8.4z" opacity=".7" />
      </svg>
    )
  }
  if (namespace === 'solana') {
    return (
      <svg {...glyph(size)} fill="currentColor">
        <path d="M7 5h13l-3 3H4z" />
        <path d="M4 10.5h13l3 3H7z" opacity=".7" />
        <path d="M7 16h13l-3 3H4z" />
      </svg>
    )
  }
  if (namespace === 'bip122') {
    return (
      <svg {...glyph(size)} fill="none" stroke="currentColor" strokeWidth={2.2} strokeLinecap="round">
        <circle cx="12" cy="12" r="6.5" />
        <path d="M10.5 3v2.5M13.5 3v2.5M10.5 18.5V21M13.5 18.5V21" />
      </svg>
    )
  }
  return (
    <svg {...glyph(size)} fill="none" stroke="currentColor" strokeWidth={1.8}>
      <circle cx="12" cy="12" r="8" />
      <ellipse cx="12" cy="12" rx="3.5" ry="8" />
      <path d="M4 12h16" />
    </svg>
  )
}

/** A wallet without an image: a wallet outline with its clasp. */
export const WalletGlyph = ({ size = 24 }: { size?: number }) => (
  <svg {...glyph(size)} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinejoin="round">
    <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5H17v2.5" />
    <rect x="4" y="7.5" width="16" height="11.5" rx="2.5" />
    <path d="M20 11.5h-4a1.75 1.75 0 0 0 0 3.5h4z" />
  </svg>
)

/** A token without an icon: a coin with a rim. */
export const TokenGlyph = ({ size = 24 }: { size?: number }) => (
  <svg {...glyph(size)} fill="none" stroke="currentColor" strokeWidth={1.8}>
    <circle cx="12" cy="12" r="8.5" />
    <circle cx="12" cy="12" r="4.5" opacity=".6" />
  </svg>
)

/**
 * WalletConnect's row icon, drawn for this project (a bridge arc over a wave on the protocol's blue, a brand colour
 * like any wallet's image, so not a theme variable), in place of a letter.
 */
export const WalletConnectGlyph = ({ size = 32 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <rect width="32" height="32" rx="8" fill="#3b99fc" />
    <path d="M9 13.2c3.9-3.8 10.1-3.8 14 0" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
    <path d="m7 16.6 3.4 3.3 3.4-3.3 2.2 2.1 2.2-2.1 3.4 3.3 3.4-3.3" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
)
