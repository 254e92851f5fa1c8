import type { RemoteFeatures } from './schemas.ts'

/** The features a project can turn on or off remotely (spec §3 "Project feature flags", §6). */
export type Features = {
  analytics: boolean
  email: boolean
  socials: false | readonly string[]
  swaps: boolean
  onramp: boolean
  activity: boolean
  reownBranding: boolean
  multiWallet: boolean
}

/** Local defaults (spec §9 "Local feature defaults" and "Remote feature defaults"). */
export const defaultFeatures: Features = {
  analytics: true,
  email: true,
  socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
  swaps: true,
  onramp: true,
  activity: true,
  reownBranding: true,
  multiWallet: false,
}

const remoteKeys = ['email', 'socials', 'swaps', 'onramp', 'activity', 'reownBranding', 'multiWallet'] as const

export type ResolveFeaturesReturnType = {
  features: Features
  /** Local options overridden by the remote config, for the "local configuration ignored" warning. */
  ignored: string[]
  source: 'local' | 'remote' | 'basic'
}

/**
 * Decides the features (spec §6): local options when no remote config was fetched; in basic mode every
 * remote feature is off; a found remote config overrides the local settings, naming what it ignored.
 * Analytics turns off when the config call failed (`remote === 'failed'`).
 *
 * @example resolveFeatures({ swaps: false }, { features: { swaps: true } }) // ignored: ['swaps']
 */
export function resolveFeatures(
  local: Partial<Features>,
  remote: { features: RemoteFeatures } | 'failed' | undefined,
  options: { basic?: boolean } = {},
): ResolveFeaturesReturnType {
  const base: Features = { ...defaultFeatures, ...local }
  if (options.basic) {
    // Every remote feature off; analytics still follows the config call (off when it failed, spec §4).
    const analytics = remote === 'failed' ? false : (remote?.features.analytics ?? base.analytics)
    return {
      features: { ...base, email: false, socials: false, swaps: false, onramp: false, activity: false, reownBranding: false, multiWallet: false, analytics },
      ignored: [],
      source: 'basic',
    }
  }
  if (remote === undefined) return { features: base, ignored: [], source: 'local' }
  if (remote === 'failed') return { features: { ...base, analytics: false }, ignored: [], source: 'local' }
  const features: Features = { ...base }
  const ignored: string[] = []
  for (const key of remoteKeys) {
    const value = remote.features[key]
    if (value === undefined) continue
    if (key in local && JSON.stringify(local[key]) !== JSON.stringify(value)) ignored.push(key)
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
