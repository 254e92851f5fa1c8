/**
 * Small stroke icons drawn for this project (decorative: the buttons carry the accessible names): the shell's (Back,
 * Close, the page buttons' Retry, the network glyph), part of the initial JS; the views' icons are in `glyphs.tsx`.
 */
/** The stroke icons' SVG attributes (16×16, `currentColor`). */
export const base = { width: 16, height: 16, viewBox: '0 0 16 16', fill: 'none', stroke: 'currentColor', strokeWidth: 1.6, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const

export const BackIcon = () => (
  <svg {...base} className="lk-directional">
    <path d="M10 3 5 8l5 5" />
  </svg>
)
export const CloseIcon = () => (
  <svg {...base}>
    <path d="m4 4 8 8M12 4l-8 8" />
  </svg>
)
export const RetryIcon = () => (
  <svg {...base}>
    <path d="M13 8a5 5 0 1 1-1.5-3.55" />
    <path d="M13 2.5v3h-3" />
  </svg>
)

/**
 * Larger filled glyphs that stand in for a missing image (never a letter monogram). They are decorative
 * (`aria-hidden`): the row's name is the label. Drawn on a 24×24 grid in `currentColor`.
 */
export const glyph = (size: number) => ({ width: size, height: size, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: 'false' }) as const

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
