import { describe, expect, test } from 'vitest'
import { displaySocialUsername, socialsShown, telegramPlatformOf } from './socialLogin.connect.ts'
import { defaultFeatures } from '../services/features.ts'

const order = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook']

describe('socialsShown (spec §6, §9)', () => {
  test('the socials feature’s order, without Farcaster (separate) and names this build does not know', () => {
    expect(socialsShown(order)).toEqual(['google', 'x', 'discord', 'github', 'apple', 'facebook'])
    expect(socialsShown(['discord', 'myspace', 'google', 'discord'])).toEqual(['discord', 'google'])
    expect(socialsShown(false)).toEqual([])
  })
  test('Telegram filtering: iOS removes google, Mac removes x, Android removes facebook and x, others keep all', () => {
    expect(socialsShown(order, 'ios')).toEqual(['x', 'discord', 'github', 'apple', 'facebook'])
    expect(socialsShown(order, 'macos')).toEqual(['google', 'discord', 'github', 'apple', 'facebook'])
    expect(socialsShown(order, 'android')).toEqual(['google', 'discord', 'github', 'apple'])
    expect(socialsShown(order, 'tdesktop')).toEqual(socialsShown(order))
  })
  test('the remote default list is the spec’s order', () => {
    expect(defaultFeatures.socials).toEqual(order)
  })
})

describe('telegramPlatformOf: Telegram’s documented WebApp global and user agents', () => {
  test('window.Telegram.WebApp.platform', () => {
    expect(telegramPlatformOf({ Telegram: { WebApp: { platform: 'ios' } } })).toBe('ios')
    expect(telegramPlatformOf({ Telegram: { WebApp: { platform: 'macos' } } })).toBe('macos')
    // telegram-web-app.js outside a mini-app says 'unknown'.
    expect(telegramPlatformOf({ Telegram: { WebApp: { platform: 'unknown' } } })).toBeUndefined()
  })
  test('Telegram’s Android webview user agent; a plain browser is not Telegram', () => {
    expect(
      telegramPlatformOf({ navigator: { userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36 Telegram-Android/11.2.1 (Google Pixel 8; Android 14; SDK 34; HIGH)' } }),
    ).toBe('android')
    expect(telegramPlatformOf({ navigator: { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1' } })).toBeUndefined()
    expect(telegramPlatformOf(undefined)).toBeUndefined()
  })
})

describe('displaySocialUsername (spec §9)', () => {
  test('a Discord username ending in 0 loses it (with the # of the legacy discriminator)', () => {
    expect(displaySocialUsername('discord', 'alice#0')).toBe('alice')
    expect(displaySocialUsername('discord', 'bob10')).toBe('bob1')
    expect(displaySocialUsername('discord', 'bob_builder')).toBe('bob_builder')
  })
  test('other providers keep it', () => {
    expect(displaySocialUsername('google', 'bob10')).toBe('bob10')
    expect(displaySocialUsername(undefined, 'alice#0')).toBe('alice#0')
  })
})
