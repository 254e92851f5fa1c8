import { describe, expect, test, vi } from 'vitest'
import {
  defaultFeatures,
  ignoredConfigurationWarning,
  isFeatureOn,
  isRestrictedTimeZone,
  localFeatureKeys,
  remoteFeatureKeys,
  resolveFeatures,
  restrictedTimeZoneOffsets,
  restrictedTimeZones,
  visitorInRestrictedTimeZone,
  visitorTimeZone,
} from './features.ts'

describe('features', () => {
  test('behavior: local options when no remote config is fetched', () => {
    expect(resolveFeatures({ swaps: false }, undefined)).toEqual({ features: { ...defaultFeatures, swaps: false }, ignored: [], source: 'local' })
  })
  test('behavior: the local-only features have the spec §9 defaults: send, receive and allWallets on, pay off', () => {
    expect(resolveFeatures({}, undefined).features).toMatchObject({ send: true, receive: true, allWallets: true, pay: false, legalCheckbox: false })
    expect(localFeatureKeys).toEqual(['send', 'receive', 'allWallets', 'legalCheckbox'])
  })
  test('behavior: pay follows the option, and a remote config overrides it like the other flags (the option named as ignored)', () => {
    expect(resolveFeatures({ pay: true }, undefined).features.pay).toBe(true)
    expect(resolveFeatures({ pay: true }, { features: { pay: false } })).toMatchObject({ features: { pay: false }, ignored: ['pay'], source: 'remote' })
    expect(resolveFeatures({}, { features: { pay: true } }).features.pay).toBe(true)
    expect(resolveFeatures({ pay: true }, undefined, { basic: true }).features.pay).toBe(false)
  })
  test('spec §9: the remote defaults (email, the seven socials, activity, branding on; multiWallet off) and analytics on, with no option and no remote config', () => {
    expect(resolveFeatures({}, undefined).features).toMatchObject({
      analytics: true,
      email: true,
      socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
      activity: true,
      reownBranding: true,
      multiWallet: false,
    })
  })
  test('behavior: the local-only features follow the options, and a remote config never changes them', () => {
    const local = { send: false, receive: false, allWallets: false }
    expect(resolveFeatures(local, undefined).features).toMatchObject(local)
    // A remote answer carrying keys it does not control (the schema drops them; here forced) changes nothing local.
    const r = resolveFeatures(local, { features: { activity: false, send: true, allWallets: true } as never })
    expect(r.features).toMatchObject({ ...local, activity: false })
    expect(r.ignored).toEqual([])
    expect(resolveFeatures(local, 'failed').features).toMatchObject(local)
  })
  test('behavior: basic mode turns every remote feature off', () => {
    const { features } = resolveFeatures({}, { features: { swaps: true } }, { basic: true })
    expect(features).toMatchObject({ email: false, socials: false, swaps: false, onramp: false, activity: false, reownBranding: false, multiWallet: false })
  })
  test('behavior: basic mode keeps the local send, receive and allWallets (on by default, off when the options say)', () => {
    expect(resolveFeatures({}, undefined, { basic: true }).features).toMatchObject({ send: true, receive: true, allWallets: true, activity: false })
    expect(resolveFeatures({ send: false, allWallets: false, activity: true }, { features: { activity: true } }, { basic: true }).features).toMatchObject({
      send: false,
      receive: true,
      allWallets: false,
      activity: false,
    })
  })
  test('behavior: a remote config overrides local settings and names what it ignored', () => {
    const r = resolveFeatures({ swaps: false, email: true, onramp: false }, { features: { swaps: true, email: true, onramp: false } })
    expect(r.features).toMatchObject({ swaps: true, email: true, onramp: false })
    expect(r.ignored).toEqual(['swaps'])
    expect(ignoredConfigurationWarning(r.ignored)).toMatchInlineSnapshot(`"Local configuration ignored: the project's remote configuration sets swaps. Change them in the dashboard instead."`)
    expect(ignoredConfigurationWarning([])).toBeUndefined()
  })
  test('behavior: a remote activity:false overrides the local activity:true, in the ignored warning', () => {
    const r = resolveFeatures({ activity: true, reownBranding: false }, { features: { activity: false, reownBranding: true } })
    expect(r.features).toMatchObject({ activity: false, reownBranding: true })
    expect(r.ignored).toEqual(['activity', 'reownBranding'])
    expect(r.source).toBe('remote')
  })
  test('behavior: a key the remote config leaves out keeps its local value, and is not named as ignored', () => {
    const r = resolveFeatures({ activity: false }, { features: { swaps: false } })
    expect(r.features).toMatchObject({ activity: false, swaps: false })
    expect(r.ignored).toEqual([])
  })
  test('behavior: analytics turns off when the config call fails, in basic mode too', () => {
    expect(resolveFeatures({}, 'failed').features.analytics).toBe(false)
    expect(resolveFeatures({}, 'failed', { basic: true }).features.analytics).toBe(false)
    expect(resolveFeatures({}, undefined, { basic: true }).features.analytics).toBe(true)
    expect(resolveFeatures({}, { features: { analytics: false } }, { basic: true }).features.analytics).toBe(false)
  })
  test('behavior: every key of the set is remote-controlled, local-only or analytics', () => {
    expect(Object.keys(defaultFeatures).sort()).toEqual(['analytics', ...remoteFeatureKeys, ...localFeatureKeys].sort())
  })
  test('behavior: socials is on with at least one provider', () => {
    expect(isFeatureOn(defaultFeatures, 'socials')).toBe(true)
    expect(isFeatureOn({ ...defaultFeatures, socials: [] }, 'socials')).toBe(false)
    expect(isFeatureOn({ ...defaultFeatures, socials: false }, 'socials')).toBe(false)
    expect(isFeatureOn(defaultFeatures, 'pay')).toBe(false)
    expect(isFeatureOn(defaultFeatures, 'send')).toBe(true)
  })

  test('spec §6 restricted time zones: in mainland China or Hong Kong the on-ramp and swaps are off over the options and the remote config, and are not named as ignored', () => {
    for (const timeZone of ['Asia/Shanghai', 'Asia/Urumqi', 'Asia/Hong_Kong', 'PRC', 'Hongkong']) {
      const local = resolveFeatures({ onramp: true, swaps: true }, undefined, { timeZone })
      expect(local.features).toEqual({ ...defaultFeatures, onramp: false, swaps: false })
      const remote = resolveFeatures({}, { features: { onramp: true, swaps: true, email: false } }, { timeZone })
      expect(remote).toEqual({ features: { ...defaultFeatures, onramp: false, swaps: false, email: false }, ignored: [], source: 'remote' })
    }
    expect(resolveFeatures({}, undefined, { timeZone: 'Asia/Shanghai', basic: true }).features).toMatchObject({ onramp: false, swaps: false, send: true })
  })
  test('bad input: a time zone that is not exactly a restricted IANA name restricts nothing (Taipei, Macau, Tokyo, a lower-cased name, none)', () => {
    for (const timeZone of ['Asia/Taipei', 'Asia/Macau', 'Asia/Tokyo', 'asia/shanghai', 'Asia/Shanghai ', '', undefined]) {
      expect(isRestrictedTimeZone(timeZone)).toBe(false)
      expect(resolveFeatures({}, undefined, { timeZone }).features).toEqual(defaultFeatures)
    }
  })
  test("behavior: without a time zone given, the visitor's own (Intl) decides", () => {
    const own = visitorTimeZone()
    expect(typeof own).toBe('string')
    expect(resolveFeatures({}, undefined).features.onramp).toBe(!isRestrictedTimeZone(own))
  })
  test("behavior: the restricted zones' offsets are those the runtime's time zone data gives them today, each used by one of them", () => {
    const offsetOf = (timeZone: string, at = new Date()) => {
      const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')!.value
      const [, sign, hours, minutes] = /^GMT([+-])(\d\d):(\d\d)$/.exec(name) ?? [name, '+', '00', '00']
      return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes))
    }
    const offsets = restrictedTimeZones.map((zone) => offsetOf(zone))
    expect(offsets.every((offset) => restrictedTimeZoneOffsets.includes(offset))).toBe(true)
    expect([...new Set(offsets)].sort()).toEqual([...restrictedTimeZoneOffsets].sort())
    // The check reads the offset of 1 January 2026 (never the current time): the zones had the same offsets then.
    expect(restrictedTimeZones.map((zone) => offsetOf(zone, new Date(Date.UTC(2026, 0, 1))))).toEqual(offsets)
    expect(offsetOf('Asia/Tokyo')).toBe(540)
  })
  test("behavior: the visitor's zone name (Intl) is read only when the clock's offset is a restricted zone's; the name then decides", () => {
    const clock = (offset: number, zone: string) => {
      const timeZone = vi.fn(() => zone)
      return { clock: { offsetMinutes: () => offset, timeZone }, timeZone }
    }
    for (const offset of [0, -300, 60, 540, 330]) {
      const { clock: c, timeZone } = clock(offset, 'Asia/Shanghai')
      expect(visitorInRestrictedTimeZone(c)).toBe(false)
      expect(timeZone).not.toHaveBeenCalled()
    }
    expect(visitorInRestrictedTimeZone(clock(480, 'Asia/Shanghai').clock)).toBe(true)
    expect(visitorInRestrictedTimeZone(clock(480, 'Asia/Hong_Kong').clock)).toBe(true)
    expect(visitorInRestrictedTimeZone(clock(360, 'Asia/Urumqi').clock)).toBe(true)
    expect(visitorInRestrictedTimeZone(clock(480, 'Asia/Singapore').clock)).toBe(false)
    expect(visitorInRestrictedTimeZone(clock(360, 'Asia/Dhaka').clock)).toBe(false)
  })
  test('behavior: the time zone is read from Intl once per page, not at every resolution (an opening resolves the features again)', () => {
    const own = visitorTimeZone()
    const read = vi.spyOn(Intl, 'DateTimeFormat')
    try {
      expect([visitorTimeZone(), visitorTimeZone()]).toEqual([own, own])
      resolveFeatures({ onramp: true }, undefined)
      expect(read).not.toHaveBeenCalled()
    } finally {
      read.mockRestore()
    }
  })
})
