/**
 * The other views' icons and glyphs, drawn for this project and decorative (`aria-hidden`): they load with those views'
 * chunks, after Connect's first paint; Connect's are in `glyphs.connect.tsx`, the shell's in `icons.tsx`.
 */
import { base, glyph } from './icons.tsx'

export const CopyIcon = () => (
  <svg {...base}>
    <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
    <path d="M10.5 3.5v-.5a1.5 1.5 0 0 0-1.5-1.5H4A1.5 1.5 0 0 0 2.5 3v5A1.5 1.5 0 0 0 4 9.5h.5" />
  </svg>
)

/** A pencil: edit (Account's email row). */
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

/** A payment card (the on-ramp's providers): a card with its stripe. */
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

/** A picker's chevron (Swap's token buttons, the on-ramp's provider): the button opens a list. */
export const ChevronGlyph = () => (
  <svg {...base} className="lk-chevron lk-directional">
    <path d="m6 3.5 4.5 4.5L6 12.5" />
  </svg>
)
