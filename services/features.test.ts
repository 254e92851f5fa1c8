import { describe, expect, test } from 'vitest'
import { defaultFeatures, ignoredConfigurationWarning, resolveFeatures } from './features.ts'

describe('features', () => {
  test('behavior: local options when no remote config is fetched', () => {
    expect(resolveFeatures({ swaps: false }, undefined)).toEqual({ features: { ...defaultFeatures, swaps: false }, ignored: [], source: 'local' })
  })
  test('behavior: basic mode turns every remote feature off', () => {
    const { features } = resolveFeatures({}, { features: { swaps: true } }, { basic: true })
    expect(features).toMatchObject({ email: false, socials: false, swaps: false, onramp: false, activity: false, reownBranding: false, multiWallet: false })
  })
  test('behavior: a remote config overrides local settings and names what it ignored', () => {
    const r = resolveFeatures({ swaps: false, email: true, onramp: false }, { features: { swaps: true, email: true, onramp: false } })
    expect(r.features).toMatchObject({ swaps: true, email: true, onramp: false })
    expect(r.ignored).toEqual(['swaps'])
    expect(ignoredConfigurationWarning(r.ignored)).toMatchInlineSnapshot(`"Local configuration ignored: the project's remote configuration sets swaps. Change them in the dashboard instead."`)
    expect(ignoredConfigurationWarning([])).toBeUndefined()
  })
  test('behavior: analytics turns off when the config call fails, in basic mode too', () => {
    expect(resolveFeatures({}, 'failed').features.analytics).toBe(false)
    expect(resolveFeatures({}, 'failed', { basic: true }).features.analytics).toBe(false)
    expect(resolveFeatures({}, undefined, { basic: true }).features.analytics).toBe(true)
    expect(resolveFeatures({}, { features: { analytics: false } }, { basic: true }).features.analytics).toBe(false)
  })
})
