import type { CatalogueWallet } from '../../machines/catalogue.connect.ts'
import { useModalInstance } from '../context.ts'
import { safeLinkUrl, WalletIcon } from './WalletIcon.tsx'

/**
 * A directory wallet that is not installed. With WalletConnect on, its button starts a pairing for that wallet
 * (ConnectingWalletConnect: the QR code, and the wallet's own links). Without it, the button opens the wallet's
 * web app or homepage (http(s) only; anything else is refused) in a new tab.
 */
export function CatalogueRow({ wallet, tag }: { wallet: CatalogueWallet; tag?: string }) {
  const modal = useModalInstance()
  const viaRelay = modal.actor.getSnapshot().context.options.walletConnectConnectorId !== undefined
  const link = safeLinkUrl(wallet.webapp_link ?? undefined) ?? safeLinkUrl(wallet.homepage ?? undefined) ?? safeLinkUrl(wallet.desktop_link ?? undefined)
  return (
    <button
      type="button"
      className="lk-row"
      aria-label={wallet.name}
      aria-disabled={viaRelay || link ? undefined : 'true'}
      data-wallet-id={wallet.id}
      onClick={() => {
        if (viaRelay) {
          modal.actor.send({
            type: 'app.selectCatalogueWallet',
            wallet: {
              id: wallet.id,
              name: wallet.name,
              imageUrl: wallet.imageUrl,
              mobile_link: wallet.mobile_link ?? null,
              desktop_link: wallet.desktop_link ?? null,
              webapp_link: wallet.webapp_link ?? null,
            },
          })
        } else if (link) window.open(link, '_blank', 'noopener,noreferrer')
      }}
    >
      <WalletIcon src={wallet.imageUrl} name={wallet.name} lazy />
      <span className="lk-row-name">{wallet.name}</span>
      {tag ? <span className="lk-tag">{tag}</span> : wallet.badge_type === 'certified' ? <span className="lk-tag">✓</span> : null}
    </button>
  )
}
