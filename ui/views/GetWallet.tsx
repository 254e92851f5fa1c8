import { useEffect, useMemo } from 'react'
import { connectGetWallet } from '../../machines/onboarding.connect.ts'
import { useModalInstance } from '../context.ts'
import { useCopy } from '../copy.ts'
import { useSend } from '../hooks.ts'
import { useCatalogue } from '../hooks/catalogue.ts'
import { WalletIcon } from '../components/WalletIcon.tsx'
import { canInstallChromeExtensions } from '../browser.ts'

/**
 * Get a wallet: the directory's featured, custom and recommended wallets, each with the store links its
 * directory entry carries (Chrome Web Store on a desktop Chromium browser, App Store, Google Play, desktop app, web app,
 * website: `connectGetWallet`), every link
 * opening in a new tab (`rel="noopener noreferrer"`), so the dapp's tab stays. When the directory cannot be loaded or
 * suggests nothing, a line of help and, with WalletConnect on, the WalletConnect route.
 */
export default function GetWallet() {
  const copy = useCopy()
  const send = useSend()
  const modal = useModalInstance()
  const catalogue = useCatalogue('')
  // biome-ignore lint/correctness/useExhaustiveDependencies: the catalogue loads once when the view mounts
  useEffect(() => catalogue.load(), [])
  const walletConnectId = modal.actor.getSnapshot().context.options.walletConnectConnectorId
  const hasDirectory = modal.options.api?.directoryUrl !== undefined
  // Extension pages only where they can be installed: a desktop Chromium browser.
  const chromeExtensions = !modal.actor.getSnapshot().context.options.isMobile && canInstallChromeExtensions()
  const view = useMemo(() => connectGetWallet({ catalogue, hasDirectory, walletConnectId, chromeExtensions }), [catalogue, hasDirectory, walletConnectId, chromeExtensions])

  if (view.status === 'loading') {
    return (
      <div className="lk-center">
        <span className="lk-spinner" role="progressbar" aria-label={copy.loading} />
      </div>
    )
  }
  if (view.status !== 'list') {
    return (
      <div className="lk-empty" data-testid="get-wallet-help">
        <p className="lk-muted">
          {view.status === 'unavailable' ? copy.getWalletUnavailable : copy.getWalletEmpty} {view.walletConnectId ? copy.getWalletViaQr : copy.getWalletElsewhere}
        </p>
        {view.walletConnectId && (
          <button type="button" className="lk-primary" onClick={() => send({ type: 'app.selectWallet', connectorId: view.walletConnectId! })}>
            {copy.useWalletConnect}
          </button>
        )}
      </div>
    )
  }
  return (
    <div className="lk-onboarding">
      <p className="lk-muted">{copy.getWalletIntro}</p>
      <ul className="lk-list lk-get-wallets">
        {view.wallets.map((wallet) => (
          <li key={wallet.id} className="lk-get-wallet">
            <WalletIcon src={wallet.imageUrl} name={wallet.name} lazy />
            <span className="lk-get-wallet-body">
              <span className="lk-row-name">{wallet.name}</span>
              <span className="lk-store-links">
                {wallet.links.map((link) => (
                  <a key={link.kind} className="lk-store-link" href={link.href} target="_blank" rel="noopener noreferrer" aria-label={copy.storeLinkLabel(wallet.name, copy.storeLinks[link.kind])}>
                    {copy.storeLinks[link.kind]}
                  </a>
                ))}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
