import { errorSentence } from '../errorSentence.ts'
import { useState } from 'react'
import { QrCode } from '../components/QrCode.tsx'
import { ToneIcon } from '../components/ToneIcon.tsx'
import { WalletIcon } from '../components/WalletIcon.tsx'
import { CheckIcon, CopyIcon } from '../components/glyphs.tsx'
import { useModalInstance } from '../context.ts'
import { useCopy } from '../copy.ts'
import { useSend } from '../hooks.ts'
import { useDeepLinkFallback, usePairing } from '../hooks/pairing.ts'
import type { WalletLink } from '../../adapters/links.ts'

/**
 * The attributes that open a wallet link from the tap itself: the anchor's own navigation, in the
 * click's task, with no await before it, so no popup blocker stops it. A universal (https) link is a web page: a new
 * tab, so the dapp's own tab and its pairing stay (the phone hands it to the app when installed). A native scheme opens
 * the installed app and leaves the tab where it is.
 */
function linkTarget(link: WalletLink) {
  return link.kind === 'universal' ? { target: '_blank', rel: 'noopener noreferrer' } : {}
}

/**
 * ConnectingWalletConnect and ConnectingWalletConnectBasic (spec §2): a WalletConnect pairing.
 * Desktop: the URI as a QR code (drawn by uqr, black on white) and a copy button; a picked wallet's desktop app
 * and web app links. Phone: never a QR code — a picked wallet shows "Continue in <wallet>" and an Open
 * link (its mobile link on the URI, universal or native, spec §5), a disabled "Preparing…" until the URI is there; when
 * nothing opened after `timing.deepLinkFallbackDelay`, "Copy link" and "Get the app" (its store page). Without a
 * wallet, the link to copy. A refused link is never rendered as a link: the reason shows instead.
 * Declined and failed pairings offer a retry. The URI renews itself before it expires (spec §4).
 */
export default function ConnectingWalletConnect() {
  const copy = useCopy()
  const send = useSend()
  const pairing = usePairing()
  // The dapp's icon in the QR code's centre.
  const dappIcon = useModalInstance().options.metadata?.icons?.[0]
  const fallback = useDeepLinkFallback()
  const [copied, setCopied] = useState(false)
  const isMobile = pairing.isMobile
  const walletName = pairing.wallet?.name ?? 'WalletConnect'
  const copyButton = (uri: string | undefined) => (
    <button
      type="button"
      className="lk-secondary"
      disabled={!uri}
      onClick={() =>
        uri &&
        void navigator.clipboard?.writeText(uri).then(
          () => {
            setCopied(true)
            send({ type: 'app.notify', variant: 'success', message: copy.pairingLinkCopied })
          },
          () => setCopied(false),
        )
      }
    >
      {copied ? <CheckIcon /> : <CopyIcon />} {copy.pairingCopyLink}
    </button>
  )
  const webLink = pairing.webLink && (
    <a className="lk-secondary" href={pairing.webLink} target="_blank" rel="noopener noreferrer" style={{ textAlign: 'center', textDecoration: 'none' }}>
      {copy.pairingOpenWeb}
    </a>
  )
  const linkError = pairing.linkError && (
    // The catalogue's sentence; the refusal's own reason (English, for developers) stays in an attribute.
    <p className="lk-error" role="alert" data-reason={pairing.linkError}>
      {errorSentence(copy, { name: 'InvalidWalletLinkError' })}
    </p>
  )

  if (pairing.phase === 'declined' || pairing.phase === 'error') {
    return (
      <div className="lk-center" aria-live="polite">
        <ToneIcon tone="error">
          <WalletIcon src={pairing.wallet?.imageUrl} name={walletName} large />
        </ToneIcon>
        <p className="lk-error">{pairing.phase === 'declined' ? copy.pairingDeclined : copy.pairingFailed}</p>
        <p className="lk-muted">{pairing.phase === 'declined' ? copy.pairingDeclinedHint : errorSentence(copy, pairing.error)}</p>
        <button type="button" className="lk-primary" onClick={pairing.retry}>
          {copy.tryAgain}
        </button>
      </div>
    )
  }
  if (pairing.phase === 'connecting' || pairing.phase === 'connected') {
    return (
      <div className="lk-center" aria-live="polite">
        <WalletIcon src={pairing.wallet?.imageUrl} name={walletName} large />
        <p>
          <strong>{pairing.phase === 'connected' ? copy.connectedTo(walletName) : copy.pairingApproved}</strong>
        </p>
        {pairing.phase === 'connected' && <p className="lk-muted">{copy.signInChecking}</p>}
        <span className="lk-spinner" role="progressbar" aria-label={copy.connecting} />
      </div>
    )
  }
  if (isMobile && pairing.wallet) {
    const appLink = pairing.appLink
    return (
      <div className="lk-center" data-pairing-uris={pairing.uris}>
        <WalletIcon src={pairing.wallet.imageUrl} name={walletName} large />
        <p>
          <strong>{copy.pairingTapToOpen(walletName)}</strong>
        </p>
        <p className="lk-muted">{copy.pairingOpenHint(walletName)}</p>
        {appLink ? (
          <a
            className="lk-primary lk-wide"
            href={appLink.href}
            data-testid="pairing-app-link"
            {...linkTarget(appLink)}
            onClick={() => {
              // The browser follows the href in this same click: nothing here may wait before it.
              pairing.openedLink(appLink)
              fallback.opened()
            }}
            style={{ textAlign: 'center', textDecoration: 'none' }}
          >
            {copy.pairingOpen}
          </a>
        ) : pairing.preparingLink ? (
          <button type="button" className="lk-primary lk-wide" disabled data-testid="pairing-app-link-preparing">
            {copy.pairingPreparingLink}
          </button>
        ) : pairing.phase === 'loading' ? (
          <span className="lk-spinner" role="progressbar" aria-label={copy.pairingPreparingLink} />
        ) : null}
        {(fallback.showFallback || !appLink) && pairing.uri && (
          <>
            {fallback.showFallback && (
              <p className="lk-muted" role="status">
                {copy.pairingNothingOpened(walletName)}
              </p>
            )}
            {copyButton(pairing.uri)}
            {fallback.showFallback && pairing.storeLink && (
              <a className="lk-secondary" href={pairing.storeLink} target="_blank" rel="noopener noreferrer" data-testid="pairing-store-link" style={{ textAlign: 'center', textDecoration: 'none' }}>
                {copy.pairingGetApp}
              </a>
            )}
          </>
        )}
        {webLink}
        {linkError}
      </div>
    )
  }
  if (isMobile && pairing.loaded) {
    // No wallet picked (the plain WalletConnect view on a phone): no QR code, the link to paste in a wallet app.
    return (
      <div className="lk-center" data-pairing-uris={pairing.uris} aria-live="polite">
        <p>
          <strong>{copy.pairingPasteHint}</strong>
        </p>
        {copyButton(pairing.uri)}
        {!pairing.uri && <span className="lk-spinner" role="progressbar" aria-label={copy.pairingPreparingLink} />}
      </div>
    )
  }
  if (!pairing.uri) {
    return (
      <div className="lk-center" aria-live="polite">
        <span className="lk-spinner" role="progressbar" aria-label={isMobile ? copy.pairingPreparingLink : copy.pairingPreparing} />
        <p className="lk-muted">{isMobile ? copy.pairingPreparingLink : copy.pairingPreparing}</p>
      </div>
    )
  }
  const uri = pairing.uri
  const appLink = pairing.appLink
  return (
    <div className="lk-center" data-pairing-uris={pairing.uris}>
      <p>
        <strong>{pairing.wallet ? copy.pairingScanWith(walletName) : copy.pairingScan}</strong>
      </p>
      {pairing.showQr && <QrCode value={uri} label={copy.pairingQr} testId="pairing-qr" size={232} icon={dappIcon} />}
      <p className="lk-muted">{copy.pairingExpiryHint}</p>
      {copyButton(uri)}
      {appLink && (
        <a className="lk-secondary" href={appLink.href} data-testid="pairing-app-link" {...linkTarget(appLink)} style={{ textAlign: 'center', textDecoration: 'none' }}>
          {copy.pairingOpenApp(walletName)}
        </a>
      )}
      {webLink}
      {pairing.extensionLink && (
        <a className="lk-secondary" href={pairing.extensionLink} target="_blank" rel="noopener noreferrer" data-testid="pairing-extension-link" style={{ textAlign: 'center', textDecoration: 'none' }}>
          {copy.pairingGetExtension(walletName)}
        </a>
      )}
      {linkError}
    </div>
  )
}
