import { useState } from 'react'
import { useSelector } from '../useSelector.ts'
import { connectFarcasterLogin, type FarcasterLoginView } from '../../machines/farcasterLogin.connect.ts'
import { QrCode } from '../components/QrCode.tsx'
import { ToneIcon } from '../components/ToneIcon.tsx'
import { SocialGlyph } from '../components/glyphs.connect.tsx'
import { CheckIcon, CopyIcon } from '../components/glyphs.tsx'
import { useCopy } from '../copy.ts'
import { useDeliver, useFeatureActor, useSend } from '../hooks.ts'

const notLoaded = connectFarcasterLogin(undefined)
const same = (a: FarcasterLoginView, b: FarcasterLoginView) => a.step === b.step && a.url === b.url && a.error === b.error && a.loaded === b.loaded

/**
 * ConnectingFarcaster (spec §2): the Sign In With Farcaster request as a QR code to scan with the Farcaster
 * app, a deep link to open it on this device and "Copy link". While the request is prepared, a spinner; once the app
 * answered, "Connecting…" until the auth connector connects (the modal closes). A refused answer (e.g. a signature of
 * another custody address) shows the secure site's words and "Try again" (a new request). Back leaves the login (the
 * Farcaster URL cleared, the auth connector reloaded after 100 ms).
 */
export default function ConnectingFarcaster() {
  const copy = useCopy()
  const send = useSend()
  const deliver = useDeliver('farcasterLogin')
  const view = useSelector(useFeatureActor('farcasterLogin'), (s) => (s ? connectFarcasterLogin(s) : notLoaded), same)
  const [copied, setCopied] = useState(false)

  if (view.step === 'failed') {
    return (
      <div className="lk-center" data-testid="farcaster-failed">
        <ToneIcon tone="error">
          <SocialGlyph provider="farcaster" size={48} />
        </ToneIcon>
        <strong>{copy.farcasterFailed}</strong>
        <p className="lk-error" role="alert" data-testid="farcaster-error" style={{ overflowWrap: 'anywhere', maxWidth: '100%', padding: '0 8px' }}>
          {view.error}
        </p>
        <button type="button" className="lk-primary" onClick={() => deliver({ type: 'farcasterLogin.start' })}>
          {copy.tryAgain}
        </button>
      </div>
    )
  }
  if (view.step === 'connected') {
    return (
      <div className="lk-center" aria-live="polite">
        <SocialGlyph provider="farcaster" size={48} />
        <p className="lk-muted">{copy.farcasterConnecting}</p>
        <span className="lk-spinner" role="progressbar" aria-label={copy.farcasterConnecting} />
      </div>
    )
  }
  if (view.step !== 'waiting' || !view.url) {
    return (
      <div className="lk-center" aria-live="polite">
        <span className="lk-spinner" role="progressbar" aria-label={copy.farcasterPreparing} />
        <p className="lk-muted">{copy.farcasterPreparing}</p>
      </div>
    )
  }
  const url = view.url
  return (
    <div className="lk-center" data-testid="farcaster-waiting">
      <strong>{copy.farcasterScan}</strong>
      <QrCode value={url} label={copy.farcasterQr} testId="farcaster-qr" size={232} />
      <p className="lk-muted">{copy.farcasterHint}</p>
      <a className="lk-primary lk-wide" href={url} data-testid="farcaster-link">
        {copy.farcasterOpen}
      </a>
      <button
        type="button"
        className="lk-secondary lk-with-glyph"
        onClick={() =>
          void navigator.clipboard?.writeText(url).then(
            () => {
              setCopied(true)
              send({ type: 'app.notify', variant: 'success', message: copy.farcasterLinkCopied })
            },
            () => setCopied(false),
          )
        }
      >
        {copied ? <CheckIcon /> : <CopyIcon />} {copy.farcasterCopyLink}
      </button>
    </div>
  )
}
