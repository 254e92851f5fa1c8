import { useContext, useState, type ReactNode } from 'react'
import { AheadContext } from '../context.ts'
import { isImageUrl } from '../../kernel/urls.ts'
import { TokenGlyph, WalletConnectGlyph, WalletGlyph } from './glyphs.connect.tsx'

/**
 * Only data:image URIs (EIP-6963) and http(s) URLs of the connection layer's URL policy (no credentials, whitespace
 * or backslash) are used as image sources ({@link isImageUrl}); anything else shows a placeholder.
 */
export function safeImageUrl(url: string | undefined): string | undefined {
  if (!isImageUrl(url)) return undefined
  return url.startsWith('data:') ? url : new URL(url).href
}

/** What stands in for a missing or broken image: a wallet, a token, or WalletConnect's own icon. */
export type IconGlyph = 'wallet' | 'token' | 'walletConnect'

/**
 * An image of a fixed size that falls back to `fallback` when it has no safe source or fails to load, so
 * nothing jumps and no broken image shows. Decorative (`alt=""`): the row's name is the label.
 */
export function FallbackImage({ src, size, className, lazy, fallback }: { src: string | undefined; size: number; className: string; lazy: boolean; fallback: ReactNode }) {
  const url = safeImageUrl(src)
  // Rendered ahead while the modal is closed: an inline image only, no request before intent.
  const safe = useContext(AheadContext) && !url?.startsWith('data:') ? undefined : url
  // The source that failed (a new source is tried again).
  const [failed, setFailed] = useState<string | undefined>(undefined)
  if (!safe || failed === safe) {
    return (
      <span
        className={className}
        aria-hidden="true"
        data-fallback="true"
        style={{ width: size, height: size, display: 'inline-flex', alignItems: 'center', justifyContent: 'center', flexShrink: 0, color: 'var(--lk-muted)' }}
      >
        {fallback}
      </span>
    )
  }
  return <img className={className} src={safe} alt="" width={size} height={size} style={{ flexShrink: 0 }} {...(lazy ? { loading: 'lazy' as const } : {})} decoding="async" onError={() => setFailed(safe)} />
}

/**
 * A wallet's (or a token's) icon at a fixed size; `lazy` images load as their row scrolls into view. Without an image,
 * or when it fails to load, a glyph (`glyph`: a wallet, a coin, WalletConnect's icon), never a letter.
 * `name` is kept for callers; the icon is decorative, the row's name is its label.
 */
export function WalletIcon({ src, name: _name, large = false, lazy = false, glyph = 'wallet' }: { src?: string | undefined; name: string; large?: boolean; lazy?: boolean; glyph?: IconGlyph }) {
  const size = large ? 72 : 32
  const cls = large ? 'lk-wallet-icon lk-wallet-icon-lg' : 'lk-wallet-icon'
  const fallback = glyph === 'walletConnect' ? <WalletConnectGlyph size={size} /> : glyph === 'token' ? <TokenGlyph size={Math.round(size * 0.7)} /> : <WalletGlyph size={Math.round(size * 0.6)} />
  return <FallbackImage src={src} size={size} className={cls} lazy={lazy} fallback={fallback} />
}
