/**
 * The views' icons and stand-in glyphs (issue 17 §6), drawn for this project and decorative (`aria-hidden`): they load
 * with the views' chunk; the shell's icons are in `icons.tsx` (issue 15 §4).
 */
import { base, glyph } from './icons.tsx'

export const CopyIcon = () => (
  <svg {...base}>
    <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
    <path d="M10.5 3.5v-.5a1.5 1.5 0 0 0-1.5-1.5H4A1.5 1.5 0 0 0 2.5 3v5A1.5 1.5 0 0 0 4 9.5h.5" />
  </svg>
)

/** A pencil: edit (Account's email row, issue 19 §3). */
export const EditIcon = () => (
  <svg {...base}>
    <path d="M10.5 2.5l3 3-8 8H2.5v-3z" />
    <path d="M9 4l3 3" />
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

/** The social providers' marks (issue 19 §1): a tinted tile with the provider's letter, drawn here (no brand assets). */
const socialTints: Record<string, { bg: string; fg: string; letter: string }> = {
  google: { bg: '#ffffff', fg: '#4285f4', letter: 'G' },
  github: { bg: '#24292f', fg: '#ffffff', letter: 'G' },
  apple: { bg: '#000000', fg: '#ffffff', letter: 'A' },
  facebook: { bg: '#1877f2', fg: '#ffffff', letter: 'f' },
  x: { bg: '#0f1419', fg: '#ffffff', letter: 'X' },
  discord: { bg: '#5865f2', fg: '#ffffff', letter: 'D' },
  farcaster: { bg: '#855dcd', fg: '#ffffff', letter: 'F' },
}
export const SocialGlyph = ({ provider, size = 24 }: { provider: string; size?: number }) => {
  const t = socialTints[provider] ?? { bg: '#888', fg: '#fff', letter: provider.slice(0, 1).toUpperCase() }
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width="23" height="23" rx="6" fill={t.bg} stroke="#8884" />
      <text x="12" y="16.5" textAnchor="middle" fontSize={t.letter.length > 1 ? 10 : 14} fontWeight="700" fontFamily="system-ui, sans-serif" fill={t.fg}>
        {t.letter}
      </text>
    </svg>
  )
}

/** A name tag (RegisterAccountName): a label with its hole. */
export const NameTagGlyph = ({ size = 24 }: { size?: number }) => (
  <svg {...glyph(size)} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinejoin="round">
    <path d="M3.5 12.2V5a1.5 1.5 0 0 1 1.5-1.5h7.2l8.3 8.3a1.5 1.5 0 0 1 0 2.1l-7 7a1.5 1.5 0 0 1-2.1 0z" />
    <circle cx="8.5" cy="8.5" r="1.6" />
  </svg>
)

/** A name registered (RegisterAccountNameSuccess): a check in a circle. */
export const RegisteredGlyph = ({ size = 24 }: { size?: number }) => (
  <svg {...glyph(size)} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.3 2.7 2.7 5.3-5.6" />
  </svg>
)

/** A payment card (the on-ramp's providers, issue 21 §1): a card with its stripe. */
export const CardGlyph = ({ size = 24 }: { size?: number }) => (
  <svg {...glyph(size)} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinejoin="round">
    <rect x="3" y="5.5" width="18" height="13" rx="2.5" />
    <path d="M3 10h18M6.5 15h4" />
  </svg>
)

/** Swap's flip button: two arrows, up and down. */
export const SwapGlyph = ({ size = 24 }: { size?: number }) => (
  <svg {...glyph(size)} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
    <path d="M8 4v15M4.5 7.5 8 4l3.5 3.5" />
    <path d="M16 20V5M12.5 16.5 16 20l3.5-3.5" />
  </svg>
)
