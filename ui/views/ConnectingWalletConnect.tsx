import { useState } from 'react'
import { QrCode } from '../components/QrCode.tsx'
import { WalletIcon } from '../components/WalletIcon.tsx'
import { CheckIcon, CopyIcon } from '../components/icons.tsx'
import { useCopy, useModalInstance } from '../context.ts'
import { useSend } from '../hooks.ts'
import { usePairing } from '../hooks/pairing.ts'

/**
 * ConnectingWalletConnect and ConnectingWalletConnectBasic (spec §2): a WalletConnect pairing.
 * Desktop: the URI as a QR code (drawn by uqr, black on white) and a copy button; a picked wallet's desktop app
 * and web app links. Phone: the picked wallet's deep link (its mobile link, universal or native, spec §5) as the
 * main button, the QR and copy below. A refused link is never rendered as a link: the reason shows instead.
 * Declined and failed pairings offer a retry. The URI renews itself before it expires (spec §4).
 */
export default function ConnectingWalletConnect() {
  const copy = useCopy()
  const send = useSend()
  const modal = useModalInstance()
  const pairing = usePairing()
  const [copied, setCopied] = useState(false)
  const isMobile = Boolean(modal.actor.getSnapshot().context.options.isMobile)
  const walletName = pairing.wallet?.name ?? 'WalletConnect'

  if (pairing.phase === 'declined' || pairing.phase === 'error') {
    return (
      <div className="lk-center" aria-live="polite">
        <WalletIcon src={pairing.wallet?.imageUrl} name={walletName} large />
        <p className="lk-error">{pairing.phase === 'declined' ? copy.pairingDeclined : copy.pairingFailed}</p>
        <p className="lk-muted">{pairing.phase === 'declined' ? copy.pairingDeclinedHint : pairing.errorMessage}</p>
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
  if (!pairing.uri) {
    return (
      <div className="lk-center" aria-live="polite">
        <span className="lk-spinner" role="progressbar" aria-label={copy.pairingPreparing} />
        <p className="lk-muted">{copy.pairingPreparing}</p>
      </div>
    )
  }
  const uri = pairing.uri
  const appLink = pairing.appLink
  return (
    <div className="lk-center" data-pairing-uris={pairing.uris}>
      {isMobile && appLink && (
        <a
          className="lk-primary"
          href={appLink.href}
          data-testid="pairing-app-link"
          onClick={() => pairing.openedLink(appLink)}
          style={{ textAlign: 'center', textDecoration: 'none' }}
        >
          {copy.pairingTapToOpen(walletName)}
        </a>
      )}
      <p>
        <strong>{pairing.wallet ? copy.pairingScanWith(walletName) : copy.pairingScan}</strong>
      </p>
      <QrCode value={uri} label={copy.pairingQr} testId="pairing-qr" size={232} />
      <p className="lk-muted">{copy.pairingExpiryHint}</p>
      <button
        type="button"
        className="lk-secondary"
        onClick={() =>
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
      {!isMobile && appLink && (
        <a
          className="lk-secondary"
          href={appLink.href}
          data-testid="pairing-app-link"
          // A universal (https) link is a web page: a new tab, so the dapp's own tab and its pairing stay (issue 17 §2).
          // A native scheme opens the installed app and leaves the tab where it is.
          {...(appLink.kind === 'universal' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          style={{ textAlign: 'center', textDecoration: 'none' }}
        >
          {copy.pairingOpenApp(walletName)}
        </a>
      )}
      {pairing.webLink && (
        <a className="lk-secondary" href={pairing.webLink} target="_blank" rel="noopener noreferrer" style={{ textAlign: 'center', textDecoration: 'none' }}>
          {copy.pairingOpenWeb}
        </a>
      )}
      {pairing.linkError && (
        <p className="lk-error" role="alert">
          {copy.pairingLinkRefused}: {pairing.linkError}
        </p>
      )}
    </div>
  )
}
