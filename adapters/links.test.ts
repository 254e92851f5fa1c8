import { describe, expect, test } from 'vitest'
import { checkWalletLink, formatWalletLink, InvalidPairingUriError, InvalidWalletLinkError, isPairingUri } from './links.ts'

const wcUri = `wc:${'7f'.repeat(32)}@2?relay-protocol=irn&symKey=${'a1'.repeat(32)}&expiryTimestamp=1700000000`
const encoded = encodeURIComponent(wcUri)

describe('wallet links (spec §5)', () => {
  test('behavior: an https link is a universal link: <origin><path>/wc?uri=<encoded>', () => {
    expect(formatWalletLink({ appUrl: 'https://wallet.example/app', wcUri, name: 'Ex' })).toEqual({
      href: `https://wallet.example/app/wc?uri=${encoded}`,
      kind: 'universal',
      name: 'Ex',
    })
    expect(formatWalletLink({ appUrl: 'https://wallet.example/', wcUri, name: 'Ex' }).href).toBe(`https://wallet.example/wc?uri=${encoded}`)
    expect(formatWalletLink({ appUrl: 'http://127.0.0.1:5273/mobile-wallet.html', wcUri, name: 'Dev' }).href).toBe(
      `http://127.0.0.1:5273/mobile-wallet.html/wc?uri=${encoded}`,
    )
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
