import { describe, expect, test } from 'vitest'
import { canInstallChromeExtensions } from './browser.ts'

const desktopChrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const androidChrome = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const iPhoneChrome = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1'
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
const safari = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15'

describe('canInstallChromeExtensions', () => {
  test('behavior: a desktop Chromium browser, by client hints or by user agent', () => {
    expect(canInstallChromeExtensions({ userAgentData: { brands: [{ brand: 'Not A Brand' }, { brand: 'Chromium' }, { brand: 'Microsoft Edge' }], mobile: false } })).toBe(true)
    expect(canInstallChromeExtensions({ userAgent: desktopChrome })).toBe(true)
  })

  test('behavior: phones, Firefox, Safari and a navigator that says nothing cannot', () => {
    expect(canInstallChromeExtensions({ userAgentData: { brands: [{ brand: 'Chromium' }], mobile: true } })).toBe(false)
    for (const userAgent of [androidChrome, iPhoneChrome, firefox, safari, '']) expect(canInstallChromeExtensions({ userAgent }), userAgent).toBe(false)
    expect(canInstallChromeExtensions({})).toBe(false)
  })
})
