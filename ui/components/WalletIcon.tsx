import { isImageUrl } from '../../adapters/urls.ts'

/**
 * Only data:image URIs (EIP-6963) and http(s) URLs of the connection layer's URL policy (no credentials, whitespace
 * or backslash) are used as image sources ({@link isImageUrl}); anything else shows a placeholder.
 */
export function safeImageUrl(url: string | undefined): string | undefined {
  if (!isImageUrl(url)) return undefined
  return url.startsWith('data:') ? url : new URL(url).href
}

/** A wallet's icon; `lazy` images load as their row scrolls into view. */
export function WalletIcon({ src, name, large = false, lazy = false }: { src?: string | undefined; name: string; large?: boolean; lazy?: boolean }) {
  const safe = safeImageUrl(src)
  const cls = large ? 'lk-wallet-icon lk-wallet-icon-lg' : 'lk-wallet-icon'
  if (!safe) {
    return (
      <span className={cls} aria-hidden="true" style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', fontWeight: 700 }}>
        {name.slice(0, 1).toUpperCase()}
      </span>
    )
  }
  return <img className={cls} src={safe} alt="" width={large ? 72 : 32} height={large ? 72 : 32} {...(lazy ? { loading: 'lazy' as const, decoding: 'async' as const } : {})} />
}
