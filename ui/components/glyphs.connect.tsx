/**
 * The glyphs Connect draws (its wallet rows' stand-ins, All Wallets' grid, the social buttons' marks), drawn for this
 * project and decorative (`aria-hidden`): they come with the first opening (a cold first tap fetches them before the
 * first wallet row); the other views' are in `glyphs.tsx`, the shell's in `icons.tsx`.
 */
import type { ReactNode } from 'react'
import { base, glyph } from './icons.tsx'

export const GridIcon = () => (
  <svg {...base}>
    <rect x="2.5" y="2.5" width="4" height="4" rx="1" />
    <rect x="9.5" y="2.5" width="4" height="4" rx="1" />
    <rect x="2.5" y="9.5" width="4" height="4" rx="1" />
    <rect x="9.5" y="9.5" width="4" height="4" rx="1" />
  </svg>
)

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

/**
 * The social providers' marks, drawn for this project at 24 px, monochrome in `currentColor` so they follow
 * the theme (no brand assets, no brand colours): a G cut from a ring (Google), a cat's head (GitHub), an apple with its
 * leaf and bite (Apple), an f in a ring (Facebook), a bold and a thin stroke crossed (X), a round face with two eyes
 * (Discord), a gate (Farcaster). An unknown provider gets its initial in a ring.
 */
const socialMarks: Record<string, ReactNode> = {
  google: <path d="M18.2 6.6A8.3 8.3 0 1 0 20.3 12h-7.6" fill="none" stroke="currentColor" strokeWidth={2.6} strokeLinecap="round" strokeLinejoin="round" />,
  github: (
    <path
      d="M5.2 10.3 4.8 3.6l4.6 3.2a9.4 9.4 0 0 1 5.2 0l4.6-3.2-.4 6.7c.8 1 1.2 2.3 1.2 3.6 0 4.2-3.6 6.6-8 6.6s-8-2.4-8-6.6c0-1.3.4-2.6 1.2-3.6zM8.6 13.4a1.2 1.5 0 1 0 2.4 0 1.2 1.5 0 1 0-2.4 0zm4.4 0a1.2 1.5 0 1 0 2.4 0 1.2 1.5 0 1 0-2.4 0z"
      fillRule="evenodd"
    />
  ),
  apple: (
    <>
      <path d="M12 7.6c-1.5-1-3.3-1.2-4.6-.5-2.5 1.3-3 4.8-1.7 8 1 2.6 2.7 4.9 4.4 4.9.8 0 1.2-.5 1.9-.5s1.1.5 1.9.5c1.7 0 3.2-2.2 4.1-4.2-1.6-.8-2.5-2.2-2.5-3.8 0-1.4.7-2.6 1.8-3.3-.9-1.3-2.3-1.9-3.6-1.8-.6 0-1.1.3-1.7.7z" />
      <path d="M12.3 6.3c0-1.8 1.2-3.1 3-3.2 0 1.8-1.2 3.1-3 3.2z" />
    </>
  ),
  facebook: (
    <g fill="none" stroke="currentColor" strokeLinecap="round">
      <circle cx="12" cy="12" r="9.2" strokeWidth={1.8} />
      <path d="M15.2 6.6h-1.3a2.6 2.6 0 0 0-2.6 2.6V21M8.6 11.8h5.8" strokeWidth={2.4} />
    </g>
  ),
  x: (
    <>
      <path d="M4.2 4h4.6l11 16h-4.6z" />
      <path d="M19 4 5 20" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" />
    </>
  ),
  discord: (
    <path
      d="M6.3 6.7A15 15 0 0 1 12 5.6c2 0 3.9.4 5.7 1.1 1.7 2.6 2.7 5.6 2.8 9.2a11 11 0 0 1-4.6 2.4l-.9-1.6c-2 .5-4 .5-6 0l-.9 1.6a11 11 0 0 1-4.6-2.4c.1-3.6 1.1-6.6 2.8-9.2zM7.6 12.6a1.6 1.8 0 1 0 3.2 0 1.6 1.8 0 1 0-3.2 0zm5.6 0a1.6 1.8 0 1 0 3.2 0 1.6 1.8 0 1 0-3.2 0z"
      fillRule="evenodd"
    />
  ),
  farcaster: <path d="M4.5 3.5h15v3.2H21v2.4h-1.5v11.4h-4.6v-6.3a2.9 2.9 0 0 0-5.8 0v6.3H4.5V9.1H3V6.7h1.5z" />,
}
export const SocialGlyph = ({ provider, size = 24 }: { provider: string; size?: number }) => (
  <svg {...glyph(size)} fill="currentColor" className="lk-social-glyph" data-provider={provider}>
    {socialMarks[provider] ?? (
      <>
        <circle cx="12" cy="12" r="9.2" fill="none" stroke="currentColor" strokeWidth={1.8} />
        <text x="12" y="16.2" textAnchor="middle" fontSize="11" fontWeight="700" fontFamily="system-ui, sans-serif">
          {provider.slice(0, 1).toUpperCase()}
        </text>
      </>
    )}
  </svg>
)
