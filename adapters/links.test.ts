import { describe, expect, test } from 'vitest'
import { catalogueWalletLink, checkWalletLink, formatWalletLink, InvalidPairingUriError, InvalidWalletLinkError, isPairingUri, phoneWalletLink } from './links.ts'

const wcUri = `wc:${'7f'.repeat(32)}@2?relay-protocol=irn&symKey=${'a1'.repeat(32)}&expiryTimestamp=1700000000`
const encoded = encodeURIComponent(wcUri)

describe('the universal-links preference (spec §9)', () => {
  test("spec §9: no universal links by default: a phone opens the mobile link; with the preference, the wallet's universal link when it has one", () => {
    const trust = { mobile_link: 'trust://', link_mode: 'https://link.trustwallet.com' }
    expect(phoneWalletLink(trust)).toBe('trust://')
    expect(phoneWalletLink({ ...trust, preferUniversalLinks: true })).toBe('https://link.trustwallet.com')
    expect(phoneWalletLink({ mobile_link: 'trust://', link_mode: null, preferUniversalLinks: true })).toBe('trust://')
    expect(phoneWalletLink({ mobile_link: null, link_mode: 'https://link.trustwallet.com' })).toBeUndefined()
    // A link_mode that is not a web link is no universal link.
    expect(phoneWalletLink({ mobile_link: 'trust://', link_mode: 'other://', preferUniversalLinks: true })).toBe('trust://')
  })
})

describe('wallet links (spec §5)', () => {
  test('behavior: an https link is a universal link: <origin><path>/wc?uri=<encoded>', () => {
    expect(formatWalletLink({ appUrl: 'https://wallet.example/app', wcUri, name: 'Ex' })).toEqual({
      href: `https://wallet.example/app/wc?uri=${encoded}`,
      kind: 'universal',
      name: 'Ex',
    })
    expect(formatWalletLink({ appUrl: 'https://wallet.example/', wcUri, name: 'Ex' }).href).toBe(`https://wallet.example/wc?uri=${encoded}`)
    expect(formatWalletLink({ appUrl: 'http://127.0.0.1:5273/mobile-wallet.html', wcUri, name: 'Dev' }).href).toBe(`http://127.0.0.1:5273/mobile-wallet.html/wc?uri=${encoded}`)
  })

  test('behavior: any other scheme builds a native link scheme://wc?uri=<encoded>, whatever followed the scheme', () => {
    expect(formatWalletLink({ appUrl: 'examplewallet://', wcUri, name: 'Ex' }).href).toBe(`examplewallet://wc?uri=${encoded}`)
    expect(formatWalletLink({ appUrl: 'examplewallet:', wcUri, name: 'Ex' }).href).toBe(`examplewallet://wc?uri=${encoded}`)
    // A path or host after a native scheme cannot redirect the link elsewhere.
    expect(formatWalletLink({ appUrl: 'examplewallet://evil.example/x?y=1', wcUri, name: 'Ex' })).toMatchObject({
      href: `examplewallet://wc?uri=${encoded}`,
      kind: 'native',
    })
  })

  test.each([
    ['javascript:alert(1)//', 'javascript'],
    ['JavaScript:alert(1)', 'javascript'],
    ['data:text/html,<script>alert(1)</script>', 'data'],
    ['vbscript:msgbox(1)', 'vbscript'],
    ['file:///etc/passwd', 'file'],
    ['blob:https://x.example/uuid', 'blob'],
  ])('bad input: %s is refused and never built', (appUrl, scheme) => {
    expect(() => formatWalletLink({ appUrl, wcUri, name: 'Ex' })).toThrow(InvalidWalletLinkError)
    expect(() => checkWalletLink(appUrl)).toThrow(`The ${scheme}: scheme is never opened.`)
  })

  test.each([
    ['', 'non-empty'],
    ['no-scheme-here', 'needs a scheme'],
    ['https://', 'does not parse'],
    ['https://user:pass@wallet.example', 'credentials'],
    ['java\nscript:alert(1)', 'whitespace'],
    [' https://wallet.example', 'whitespace'],
    ['https://wallet.example/\u0000', 'control'],
  ])('bad input: malformed link %j is refused (%s)', (appUrl, reason) => {
    expect(() => checkWalletLink(appUrl)).toThrow(reason)
  })

  test('bad input: a non-string link is refused', () => {
    expect(() => checkWalletLink(undefined)).toThrow(InvalidWalletLinkError)
    expect(() => checkWalletLink({ href: 'https://x' })).toThrow(InvalidWalletLinkError)
  })

  test('bad input: a pairing URI that is not wc:<64 hex>@2?relay-protocol&symKey is refused', () => {
    expect(isPairingUri(wcUri)).toBe(true)
    for (const bad of [
      'wc:abc@2?relay-protocol=irn&symKey=' + 'a1'.repeat(32),
      `wc:${'7f'.repeat(32)}@1?relay-protocol=irn&symKey=${'a1'.repeat(32)}`,
      `wc:${'7f'.repeat(32)}@2?symKey=${'a1'.repeat(32)}`,
      `wc:${'7f'.repeat(32)}@2?relay-protocol=irn&symKey=short`,
      `javascript:${'7f'.repeat(32)}@2?relay-protocol=irn`,
      `${wcUri} `,
      42,
    ]) {
      expect(isPairingUri(bad)).toBe(false)
    }
    expect(() => formatWalletLink({ appUrl: 'https://wallet.example', wcUri: 'wc:nope', name: 'Ex' })).toThrow(InvalidPairingUriError)
  })
})

describe('catalogue rows without WalletConnect: one link policy', () => {
  test.each([
    ['https://wallet.example@evil.example/', 'credentials'],
    ['https://u:p@evil.example/', 'credentials'],
    ['https:\\\\evil.example', 'backslash'],
    ['https:evil.example', 'must start with https://'],
    ['javascript:alert(1)', 'javascript: scheme'],
    ['https://wallet.example/ x', 'whitespace'],
  ])('bad input: a link %j in any field refuses the wallet (%s): nothing of it is opened', (link, reason) => {
    for (const field of ['homepage', 'webapp_link', 'desktop_link', 'mobile_link'] as const) {
      const result = catalogueWalletLink({ name: 'W', homepage: 'https://wallet.example/', [field]: link })
      expect(result, field).toMatchObject({ kind: 'refused', field })
      expect((result as { error: InvalidWalletLinkError }).error).toBeInstanceOf(InvalidWalletLinkError)
      expect((result as { error: InvalidWalletLinkError }).error.details).toContain(reason)
    }
  })

  test('behavior: the web app first, then the homepage, then an http(s) desktop link; native and mobile links are not opened in a tab', () => {
    expect(catalogueWalletLink({ name: 'W', webapp_link: 'https://app.w.example/#/x', homepage: 'https://w.example' })).toEqual({ kind: 'open', link: { href: 'https://app.w.example/#/x', kind: 'universal', name: 'W' } })
    expect(catalogueWalletLink({ name: 'W', homepage: 'https://w.example', desktop_link: 'https://d.w.example' })).toMatchObject({ kind: 'open', link: { href: 'https://w.example/' } })
    expect(catalogueWalletLink({ name: 'W', desktop_link: 'https://d.w.example', webapp_link: null, homepage: '' })).toMatchObject({ kind: 'open', link: { href: 'https://d.w.example/' } })
    expect(catalogueWalletLink({ name: 'W', desktop_link: 'wallet://', mobile_link: 'https://w.example/wc' })).toEqual({ kind: 'none' })
    expect(catalogueWalletLink({ name: 'W' })).toEqual({ kind: 'none' })
  })
})
