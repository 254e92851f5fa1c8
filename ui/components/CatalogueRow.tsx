import type { CatalogueWallet } from '../../machines/catalogue.connect.ts'
import { safeLinkUrl, WalletIcon } from './WalletIcon.tsx'

/**
 * A directory wallet that is not installed: its button opens the wallet's web app or homepage (http(s)
 * only; anything else is refused) in a new tab. Connecting it over WalletConnect arrives with the relay issue.
 */
export function CatalogueRow({ wallet, tag }: { wallet: CatalogueWallet; tag?: string }) {
  const link = safeLinkUrl(wallet.webapp_link ?? undefined) ?? safeLinkUrl(wallet.homepage ?? undefined) ?? safeLinkUrl(wallet.desktop_link ?? undefined)
  return (
    <button
      type="button"
      className="lk-row"
      aria-label={wallet.name}
      aria-disabled={link ? undefined : 'true'}
      data-wallet-id={wallet.id}
      onClick={() => {
        if (link) window.open(link, '_blank', 'noopener,noreferrer')
      }}
    >
      <WalletIcon src={wallet.imageUrl} name={wallet.name} lazy />
      <span className="lk-row-name">{wallet.name}</span>
      {tag ? <span className="lk-tag">{tag}</span> : wallet.badge_type === 'certified' ? <span className="lk-tag">✓</span> : null}
    </button>
  )
}
