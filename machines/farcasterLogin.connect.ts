import type { SnapshotFrom } from 'xstate'
import type { farcasterLoginMachine } from './farcasterLogin.ts'
import { socialsShown, type TelegramPlatform } from './socialLogin.connect.ts'
import type { SocialProvider } from './socialLogin.ts'

/** ConnectingFarcaster's view model (STYLE rule 3). */
export type FarcasterLoginView = {
  /** False until the machine arrived. */
  loaded: boolean
  /** `preparing`: asking the frame for the request; `waiting`: the QR code shows; `failed`: refused (Try again). */
  step: 'idle' | 'preparing' | 'waiting' | 'failed' | 'connected'
  /** The request URL (spec §3 `farcasterUrl`): the QR code's value and the deep link; only while waiting. */
  url: string | undefined
  /** Why it failed, in the secure site's words. */
  error: string | undefined
}

/**
 * ConnectingFarcaster's view model from the machine's snapshot (undefined: not loaded yet).
 * @example connectFarcasterLogin(undefined) // { loaded: false, step: 'preparing', url: undefined, error: undefined }
 */
export function connectFarcasterLogin(snapshot: SnapshotFrom<typeof farcasterLoginMachine> | undefined): FarcasterLoginView {
  if (!snapshot) return { loaded: false, step: 'preparing', url: undefined, error: undefined }
  const step: FarcasterLoginView['step'] = snapshot.matches('gettingUrl')
    ? 'preparing'
    : snapshot.matches('waiting')
      ? 'waiting'
      : snapshot.matches('failed')
        ? 'failed'
        : snapshot.matches('connected')
          ? 'connected'
          : 'idle'
  return {
    loaded: true,
    step,
    url: step === 'waiting' ? snapshot.context.farcasterUrl : undefined,
    error: step === 'failed' ? snapshot.context.error?.message : undefined,
  }
}

/**
 * Connect's social entries (spec §9 socials order): the providers {@link socialsShown} keeps, with Farcaster at its
 * place in the list when the Farcaster login is available (`farcaster`: the feature exists).
 *
 * @example socialEntries(['google', 'x', 'discord', 'farcaster', 'github'], undefined, true) // ['google', 'x', 'discord', 'farcaster', 'github']
 * @example socialEntries(['google', 'farcaster'], undefined, false) // ['google']
 */
export function socialEntries(socials: false | readonly string[], telegram: TelegramPlatform | undefined, farcaster: boolean): (SocialProvider | 'farcaster')[] {
  if (!socials) return []
  const shown = new Set<string>(socialsShown(socials, telegram))
  if (farcaster) shown.add('farcaster')
  const seen = new Set<string>()
  return socials.filter((s): s is SocialProvider | 'farcaster' => {
    if (!shown.has(s) || seen.has(s)) return false
    seen.add(s)
    return true
  })
}
