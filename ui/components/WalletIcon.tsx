/** Only data:image URIs (EIP-6963) and http(s) URLs are used as image sources; anything else shows a placeholder. */
export function safeImageUrl(url: string | undefined): string | undefined {
  if (!url) return undefined
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(url)) return url
  try {
    const u = new URL(url)
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : undefined
  } catch {
    return undefined
  }
}

/** An http(s) URL to open for a wallet, or undefined for anything else (javascript:, data:, malformed). */
export function safeLinkUrl(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    const u = new URL(url)
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : undefined
  } catch {
    return undefined
  }
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
