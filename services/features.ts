import type { RemoteFeatures } from './features.schema.ts'

/**
 * The features a project can turn on or off remotely (spec §3 "Project feature flags", §6 "Feature access follows the
 * project's remote configuration"): the directory's `/appkit/v1/config` answers them; basic mode turns them off.
 */
export type RemoteFeatureFlags = {
  analytics: boolean
  email: boolean
  /** The social logins offered, or `false` for none. */
  socials: false | readonly string[]
  swaps: boolean
  onramp: boolean
  activity: boolean
  /** The branding footer at the bottom of Connect and Account. */
  reownBranding: boolean
  multiWallet: boolean
  /** `modal.pay` (spec §1 optional features): a dapp asks for a payment; off, it shows the 'Pay Not Enabled' alert. */
  pay: boolean
}

/** The features only the dapp's options decide (spec §9 "Local feature defaults"): no remote config touches them. */
export type LocalFeatureFlags = {
  /** Account's Send button and the send views. */
  send: boolean
  /** Account's Receive button and the Receive view. */
  receive: boolean
  /** Connect's All Wallets entry and the AllWallets view. */
  allWallets: boolean
  /**
   * The legal checkbox of Connect and AllWallets (spec §9 "legal checkbox off"): wallets can be chosen once
   * the visitor agrees to the `termsConditionsUrl` and `privacyPolicyUrl` pages.
   */
  legalCheckbox: boolean
}

/**
 * The one resolved feature set (spec §6, §9): every feature of the modal, on or off. It gates what exists:
 * a feature that is off shows no entry point, loads no code, and its public API call throws `FeatureDisabledError`.
 * Resolved by {@link resolveFeatures}, held by the remote config machine (`machines/remoteConfig.ts`), read by the
 * views (`useFeatures()`) and the dapp (`modal.getState().features`).
 */
export type Features = RemoteFeatureFlags & LocalFeatureFlags

/** A key of the feature set (what a feature registration names as its `flag`). */
export type FeatureFlag = keyof Features

/** The remote-controlled keys (spec §6), in the spec's order; analytics follows the config call (spec §4). */
export const remoteFeatureKeys = ['email', 'socials', 'swaps', 'onramp', 'activity', 'reownBranding', 'multiWallet', 'pay'] as const
/** The keys only local options decide (spec §9 "Local feature defaults"); basic mode keeps them. */
export const localFeatureKeys = ['send', 'receive', 'allWallets', 'legalCheckbox'] as const

/** Defaults (spec §9 "Remote feature defaults" and "Local feature defaults"). */
export const defaultFeatures: Features = {
  analytics: true,
  email: true,
  socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
  swaps: true,
  onramp: true,
  activity: true,
  reownBranding: true,
  multiWallet: false,
  send: true,
  receive: true,
  allWallets: true,
  pay: false,
  legalCheckbox: false,
}

/** The remote features basic mode turns off (spec §6). */
const basicOff: Omit<RemoteFeatureFlags, 'analytics'> = {
  email: false,
  socials: false,
  swaps: false,
  onramp: false,
  activity: false,
  reownBranding: false,
  multiWallet: false,
  pay: false,
}

/** True when `flag` is on in `features` (`socials` is on with at least one provider). */
export function isFeatureOn(features: Features, flag: FeatureFlag): boolean {
  const value = features[flag]
  return Array.isArray(value) ? value.length > 0 : value === true
}

/**
 * The IANA time zones of mainland China and Hong Kong that spec §6 restricts ("Some time zones in mainland China and Hong
 * Kong are restricted"), their legacy aliases included. The spec names the places, not what is restricted: this build
 * restricts {@link timeZoneRestrictedFeatures}.
 */
export const restrictedTimeZones: readonly string[] = ['Asia/Shanghai', 'Asia/Urumqi', 'Asia/Chongqing', 'Asia/Chungking', 'Asia/Harbin', 'Asia/Kashgar', 'PRC', 'Asia/Hong_Kong', 'Hongkong']

/**
 * What a restricted time zone turns off, whatever the options or the remote config say: the two features that move money
 * through third-party financial services (buying crypto with a card or bank, exchanging tokens through a swap provider).
 */
export const timeZoneRestrictedFeatures = ['onramp', 'swaps'] as const satisfies readonly FeatureFlag[]

/** The time zone {@link visitorTimeZone} read, once per page (`zone` undefined where the runtime could not tell). */
let readTimeZone: { zone: string | undefined } | undefined

/**
 * The visitor's IANA time zone from `Intl`, or undefined where the runtime cannot tell (it never throws). Read once per
 * page and kept: building an `Intl.DateTimeFormat` costs milliseconds on a slow phone, and every opening resolves the
 * features again (the remote config's machine, the root's facts).
 */
export function visitorTimeZone(): string | undefined {
  if (!readTimeZone) {
    try {
      readTimeZone = { zone: Intl.DateTimeFormat().resolvedOptions().timeZone || undefined }
    } catch {
      readTimeZone = { zone: undefined }
    }
  }
  return readTimeZone.zone
}

/**
 * The UTC offsets the {@link restrictedTimeZones} have today, in minutes east of UTC: +8 h (China's standard time and
 * Hong Kong's, neither with summer time) and +6 h (`Asia/Urumqi` and its alias `Asia/Kashgar`, as the tz database has
 * them). A clock at another offset is in none of those zones.
 */
export const restrictedTimeZoneOffsets: readonly number[] = [480, 360]

/** What {@link visitorInRestrictedTimeZone} reads of the visitor's clock: its UTC offset now, and its zone's name. */
export type VisitorClock = {
  /** Minutes east of UTC (`getTimezoneOffset()` of a fixed instant, never the current time: no `Intl`, a microsecond). */
  offsetMinutes: () => number
  /** The IANA zone ({@link visitorTimeZone}: `Intl.DateTimeFormat`, 100–700 ms the first time on a phone's CPU). */
  timeZone: () => string | undefined
}

/**
 * The instant whose UTC offset the check reads (1 January 2026, 00:00 UTC), not the current time: a server rendering a
 * client component must not read the clock (Next.js's prerender with Cache Components refuses `new Date()` there and
 * fails the build), and the restricted zones keep one offset all year, so any instant under today's rules tells them.
 */
const offsetInstant = new Date(Date.UTC(2026, 0, 1))

const browserClock: VisitorClock = { offsetMinutes: () => -offsetInstant.getTimezoneOffset(), timeZone: visitorTimeZone }

/**
 * Whether the visitor is in one of the {@link restrictedTimeZones} (spec §6). The zone's name is read only when the
 * clock's offset is one of {@link restrictedTimeZoneOffsets}: the first `Intl.DateTimeFormat` of a page loads the
 * runtime's date data, a long task on a slow phone's first paint (measured 160–750 ms on a CPU four times slower, in
 * `createModal`), and a visitor at any other offset cannot be in those zones.
 * @example visitorInRestrictedTimeZone({ offsetMinutes: () => 0, timeZone: () => 'UTC' }) // false, the name not read
 */
export function visitorInRestrictedTimeZone(clock: VisitorClock = browserClock): boolean {
  return restrictedTimeZoneOffsets.includes(clock.offsetMinutes()) && isRestrictedTimeZone(clock.timeZone())
}

/** True when `timeZone` is one of {@link restrictedTimeZones} (exact IANA name). */
export function isRestrictedTimeZone(timeZone: string | undefined): boolean {
  return timeZone !== undefined && restrictedTimeZones.includes(timeZone)
}

export type ResolveFeaturesParameters = {
  /** The dapp's `features` option (any key; unknown keys are not read). */
  local: Partial<Features>
  /** The project config fetched (its features), `'failed'` when the call failed, `undefined` when none was fetched. */
  remote: { features: RemoteFeatures } | 'failed' | undefined
  /**
   * `basic`: basic mode. `timeZone`: the visitor's IANA time zone (default: the visitor's own,
   * {@link visitorInRestrictedTimeZone}); in one of {@link restrictedTimeZones} the {@link timeZoneRestrictedFeatures} are off.
   */
  options?: { basic?: boolean; timeZone?: string | undefined }
}

export type ResolveFeaturesReturnType = {
  features: Features
  /** Local options overridden by the remote config, for the "local configuration ignored" warning. */
  ignored: string[]
  source: 'local' | 'remote' | 'basic'
}

/**
 * Decides the features (spec §6, §9): the defaults, then the local options; when no remote config was fetched that is
 * all. A found remote config overrides the remote-controlled keys (email, socials, swaps, onramp, activity,
 * reownBranding, multiWallet, pay, and analytics), naming the local options it ignored; the local-only keys (send, receive,
 * allWallets, legalCheckbox) are never touched by it. In basic mode every remote feature is off, the local-only keys stay as
 * the options say. Analytics turns off when the config call failed (`remote === 'failed'`, spec §4). In a restricted time
 * zone (spec §6) the on-ramp and swaps are off last, over everything else, and are not named as ignored.
 *
 * @example
 * resolveFeatures({ swaps: false }, { features: { swaps: true } }) // { features: { swaps: true, … }, ignored: ['swaps'], source: 'remote' }
 * resolveFeatures({ send: false }, undefined, { basic: true }).features // { send: false, receive: true, activity: false, … }
 */
export function resolveFeatures(local: ResolveFeaturesParameters['local'], remote: ResolveFeaturesParameters['remote'], options: NonNullable<ResolveFeaturesParameters['options']> = {}): ResolveFeaturesReturnType {
  const resolved = resolveUnrestricted(local, remote, options)
  if (!('timeZone' in options ? isRestrictedTimeZone(options.timeZone) : visitorInRestrictedTimeZone())) return resolved
  const features: Features = { ...resolved.features }
  for (const key of timeZoneRestrictedFeatures) features[key] = false
  return { ...resolved, features }
}

function resolveUnrestricted(local: ResolveFeaturesParameters['local'], remote: ResolveFeaturesParameters['remote'], options: { basic?: boolean }): ResolveFeaturesReturnType {
  const base: Features = { ...defaultFeatures }
  for (const key of Object.keys(defaultFeatures) as FeatureFlag[]) {
    if (local[key] !== undefined) (base as Record<string, unknown>)[key] = local[key]
  }
  if (options.basic) {
    // Every remote feature off; analytics still follows the config call (off when it failed, spec §4).
    const analytics = remote === 'failed' ? false : (remote?.features.analytics ?? base.analytics)
    return { features: { ...base, ...basicOff, analytics }, ignored: [], source: 'basic' }
  }
  if (remote === undefined) return { features: base, ignored: [], source: 'local' }
  if (remote === 'failed') return { features: { ...base, analytics: false }, ignored: [], source: 'local' }
  const features: Features = { ...base }
  const ignored: string[] = []
  for (const key of remoteFeatureKeys) {
    const value = remote.features[key]
    if (value === undefined) continue
    if (local[key] !== undefined && JSON.stringify(local[key]) !== JSON.stringify(value)) ignored.push(key)
    ;(features as Record<string, unknown>)[key] = value
  }
  if (remote.features.analytics !== undefined) features.analytics = remote.features.analytics
  return { features, ignored, source: 'remote' }
}

/** The warning of spec §8 "Local configuration ignored notice", or undefined when nothing was ignored. */
export function ignoredConfigurationWarning(ignored: readonly string[]): string | undefined {
  if (ignored.length === 0) return undefined
  return `Local configuration ignored: the project's remote configuration sets ${ignored.join(', ')}. Change them in the dashboard instead.`
}
