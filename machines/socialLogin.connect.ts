import type { SnapshotFrom } from 'xstate'
import type { socialLoginMachine } from './socialLogin.ts'
import { socialProviders, type SocialProvider } from './socialLogin.providers.ts'

/** The social login's view model (STYLE rule 3). */
export type SocialLoginView = {
  /** False until the machine arrived (the first intent on a provider button fetches it). */
  loaded: boolean
  /** The provider being signed in with, while waiting or connecting. */
  provider: SocialProvider | undefined
  step: 'choose' | 'popup' | 'redirect' | 'connecting' | 'connected'
  /** What went wrong: the popup closed by the visitor, or the message of the refusal. */
  error: { kind: 'popupClosed' } | { kind: 'message'; message: string } | undefined
  busy: boolean
}

/**
 * The social login's view model from its snapshot (undefined: not loaded yet).
 * @example connectSocialLogin(undefined) // { loaded: false, step: 'choose', … }
 */
export function connectSocialLogin(snapshot: SnapshotFrom<typeof socialLoginMachine> | undefined): SocialLoginView {
  if (!snapshot) return { loaded: false, provider: undefined, step: 'choose', error: undefined, busy: false }
  const step: SocialLoginView['step'] = snapshot.matches('popup')
    ? 'popup'
    : snapshot.matches('redirect')
      ? 'redirect'
      : snapshot.matches('connecting')
        ? 'connecting'
        : snapshot.matches('connected')
          ? 'connected'
          : 'choose'
  const e = snapshot.context.error
  return {
    loaded: true,
    provider: step === 'choose' ? undefined : snapshot.context.provider,
    step,
    error: !e ? undefined : e.name === 'SocialPopupClosedError' ? { kind: 'popupClosed' } : { kind: 'message', message: e.message },
    busy: snapshot.hasTag('loading') || snapshot.hasTag('waiting'),
  }
}

/** A Telegram mini-app's platform (`window.Telegram.WebApp.platform`: `ios`, `android`, `macos`, `tdesktop`, `weba`…). */
export type TelegramPlatform = string

/**
 * The social providers Connect offers (spec §6, §9): the `socials` feature's list in its order (default google, x,
 * discord, farcaster, github, apple, facebook), only the providers this build has (Farcaster is separate), and on a
 * Telegram mini-app filtered by platform: iOS removes google, Mac removes x, Android removes facebook and x.
 *
 * @example socialsShown(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'], 'android')
 * // ['google', 'discord', 'github', 'apple']
 */
export function socialsShown(socials: false | readonly string[], telegram?: TelegramPlatform | undefined): SocialProvider[] {
  if (!socials) return []
  const removed: readonly string[] = telegram === 'ios' ? ['google'] : telegram === 'macos' ? ['x'] : telegram === 'android' ? ['facebook', 'x'] : []
  const known: readonly string[] = socialProviders
  const seen = new Set<string>()
  return socials.filter((s): s is SocialProvider => {
    if (seen.has(s) || !known.includes(s) || removed.includes(s)) return false
    seen.add(s)
    return true
  })
}

/**
 * The social username as the Account shows it (spec §9): a Discord username ending in 0 (the legacy `#0`
 * discriminator) loses it, with the `#` before it.
 * @example displaySocialUsername('discord', 'alice#0') // 'alice'
 * @example displaySocialUsername('google', 'bob10') // 'bob10'
 */
export function displaySocialUsername(provider: string | undefined, username: string): string {
  if (provider !== 'discord' || !username.endsWith('0')) return username
  const cut = username.slice(0, -1)
  return cut.endsWith('#') ? cut.slice(0, -1) : cut
}

/**
 * The Telegram mini-app platform of a page, or `undefined` outside Telegram. Telegram's `telegram-web-app.js` sets
 * `window.Telegram.WebApp.platform` (`ios`, `android`, `macos`, `tdesktop`, `weba`, `webk`, …; `unknown` outside a
 * mini-app); Telegram's Android webview also names itself in the user agent (`Telegram-Android/…`).
 *
 * @example telegramPlatformOf({ Telegram: { WebApp: { platform: 'ios' } } }) // 'ios'
 * @example telegramPlatformOf({ navigator: { userAgent: 'Mozilla/5.0 (Linux; Android 14) … Telegram-Android/11.2.1' } }) // 'android'
 */
export function telegramPlatformOf(win: unknown): TelegramPlatform | undefined {
  const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null
  const telegram = isObject(win) && 'Telegram' in win ? win.Telegram : undefined
  const webApp = isObject(telegram) && 'WebApp' in telegram ? telegram.WebApp : undefined
  const platform = isObject(webApp) && 'platform' in webApp ? webApp.platform : undefined
  if (typeof platform === 'string' && platform !== '' && platform !== 'unknown') return platform
  const navigator = isObject(win) && 'navigator' in win ? win.navigator : undefined
  const ua = isObject(navigator) && 'userAgent' in navigator ? navigator.userAgent : undefined
  if (typeof ua === 'string' && /Telegram-Android\//.test(ua)) return 'android'
  return undefined
}
