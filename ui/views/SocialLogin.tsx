import { useSelector } from '../useSelector.ts'
import { connectSocialLogin, telegramPlatformOf, type SocialLoginView } from '../../machines/socialLogin.connect.ts'
import { socialEntries } from '../../machines/farcasterLogin.connect.ts'
import { socialPopupSize, type SocialProvider } from '../../machines/socialLogin.providers.ts'
import { useConnectCopy } from '../copy.connect.ts'
import { useModalInstance } from '../context.ts'
import { useDeliver, useFeatureActor, useFeatures } from '../hooks.ts'
import { SocialGlyph } from '../components/glyphs.connect.tsx'

const notLoaded = connectSocialLogin(undefined)
const same = (a: SocialLoginView, b: SocialLoginView) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Opens the social login's popup (spec §9: 600×800, centred on the page's window). Called in the click itself, before
 * any await: browsers (Safari first) block a `window.open` that comes after an asynchronous gap.
 *
 * @returns the popup, or null when it could not open (blocked): the login goes by redirect.
 */
export function openSocialPopup(win: Window): Window | null {
  const { width, height } = socialPopupSize
  const left = Math.max(0, Math.round((win.screenX ?? 0) + ((win.outerWidth ?? width) - width) / 2))
  const top = Math.max(0, Math.round((win.screenY ?? 0) + ((win.outerHeight ?? height) - height) / 2))
  try {
    return win.open('about:blank', 'latchkey-social-login', `popup=yes,width=${width},height=${height},left=${left},top=${top}`)
  } catch {
    return null
  }
}

/**
 * The social section of Connect (spec §2, §6, §9): the `socials` feature's providers in its order (on a
 * Telegram mini-app filtered by platform), the first as "Continue with <name>", the others as a row of buttons. A
 * press opens the 600×800 popup at once and hands it to the social login machine (fetched on the first intent: pointer
 * over or focus); without a popup (blocked, or Telegram) the page goes to the provider and comes back. While the popup
 * is open: "Continue in the <name> window" and Cancel (closes it). A popup the visitor closed says so, and the choice
 * is offered again.
 */
export function SocialLogin() {
  const copy = useConnectCopy()
  const root = useModalInstance().actor
  const deliver = useDeliver('socialLogin')
  const deliverFarcaster = useDeliver('farcasterLogin')
  const view = useSelector(useFeatureActor('socialLogin'), (s) => (s ? connectSocialLogin(s) : notLoaded), same)
  const win = globalThis.window
  const telegram = telegramPlatformOf(win)
  // Farcaster sits at its place in the list; it has its own view (ConnectingFarcaster), not a popup.
  const providers = socialEntries(useFeatures().socials, telegram, true)
  if (providers.length === 0) return null
  const ensure = () => {
    root.send({ type: 'feature.ensure', feature: 'socialLogin' })
    if (providers.includes('farcaster')) root.send({ type: 'feature.ensure', feature: 'farcasterLogin' })
  }
  const start = (provider: SocialProvider | 'farcaster') => {
    if (provider === 'farcaster') return deliverFarcaster({ type: 'farcasterLogin.start' })
    // Nothing asynchronous before this line: the popup opens in the click (Telegram mini-apps go by redirect).
    const popup = telegram === undefined && win ? openSocialPopup(win) : null
    deliver({ type: 'socialLogin.start', provider, popup })
  }
  const name = (p: SocialProvider | 'farcaster' | undefined) => (p ? (copy.socialNames[p] ?? p) : '')
  const error = view.error ? (
    <p className="lk-error" role="alert" data-testid="social-error">
      {view.error.kind === 'popupClosed' ? copy.socialPopupClosed : view.error.message}
    </p>
  ) : null

  if (view.step !== 'choose') {
    return (
      <section className="lk-social" aria-live="polite" aria-label={copy.socialLabel}>
        <p className="lk-social-status">
          <SocialGlyph provider={view.provider ?? ''} />
          <span>{view.step === 'popup' ? copy.socialWaiting(name(view.provider)) : view.step === 'redirect' ? copy.socialRedirecting(name(view.provider)) : copy.socialConnecting}</span>
          <span className="lk-spinner" aria-hidden="true" />
        </p>
        {(view.step === 'popup' || view.step === 'redirect') && (
          <button type="button" className="lk-secondary" onClick={() => deliver({ type: 'socialLogin.cancel' })}>
            {copy.socialCancel}
          </button>
        )}
      </section>
    )
  }
  const [first, ...rest] = providers
  return (
    <section className="lk-social" aria-label={copy.socialLabel} onPointerEnter={ensure} onFocus={ensure}>
      <button type="button" className="lk-row" onClick={() => start(first!)}>
        <SocialGlyph provider={first!} />
        <span className="lk-row-name">{copy.socialContinueWith(name(first))}</span>
      </button>
      {rest.length > 0 && (
        <div className="lk-social-grid">
          {rest.map((p) => (
            <button key={p} type="button" className="lk-social-button" aria-label={copy.socialContinueWith(name(p))} title={name(p)} onClick={() => start(p)}>
              <SocialGlyph provider={p} />
            </button>
          ))}
        </div>
      )}
      {error}
    </section>
  )
}
