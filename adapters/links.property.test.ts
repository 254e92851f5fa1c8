import fc from 'fast-check'
import { binaryString } from '../tests/harness/arbitraries.ts'
import { describe, expect, test } from 'vitest'
import { catalogueWalletLink, checkWalletLink, forbiddenLinkSchemes, formatWalletLink, InvalidPairingUriError, InvalidWalletLinkError, isPairingUri } from './links.ts'
import { httpProtocols, parseConnectionUrl } from '../kernel/urls.ts'

/**
 * Property tests of the wallet-link policy (spec §5 links): any link is checked or refused with
 * `InvalidWalletLinkError` (never another exception), what passes can be opened (an http(s) URL of the URL policy, or
 * the bare `scheme://` of a native app), pairing links round-trip the URI, and adversarial links (forbidden schemes in
 * any case, credentials before the host, whitespace, control characters, backslashes) are refused wherever they sit in
 * a catalogue wallet. fast-check prints the counterexample of a failure.
 */
const runs = { numRuns: 500 }

const hex = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: n, maxLength: n })
const wcUri = fc
  .tuple(hex(64), hex(64), fc.option(fc.integer({ min: 1, max: 2 ** 40 }), { nil: undefined }))
  .map(([topic, symKey, expiry]) => `wc:${topic}@2?relay-protocol=irn&symKey=${symKey}${expiry ? `&expiryTimestamp=${expiry}` : ''}`)
const httpLink = fc
  .record({ scheme: fc.constantFrom('https', 'http', 'HTTPS'), host: fc.oneof(fc.domain(), fc.ipV4()), path: fc.option(fc.webPath(), { nil: undefined }) })
  .map((p) => ({ ...p, url: `${p.scheme}://${p.host}${p.path ?? ''}` }))
const forbiddenScheme = fc.constantFrom(...forbiddenLinkSchemes).chain((s) => fc.constantFrom(s, s.toUpperCase(), `${s[0]!.toUpperCase()}${s.slice(1)}`))
const nativeScheme = fc
  .tuple(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789+.-'), maxLength: 15 }))
  .map(([a, rest]) => `${a}${rest}`)
  .filter((s) => !['http', 'https'].includes(s) && !(forbiddenLinkSchemes as readonly string[]).includes(s))
const hostile = fc.constantFrom(' ', '\n', '\r', '\t', '\u0000', '\u001f', '\u007f', '\\')
const anything = fc.oneof(fc.string(), binaryString(), fc.string({ unit: fc.constantFrom(':', '/', '@', 'h', 't', 'p', 's', 'j', 'a', '.', ' ', '\n', '\\', '#', '?') }), fc.anything())

function check(link: unknown): ReturnType<typeof checkWalletLink> | { error: unknown } {
  try {
    return checkWalletLink(link)
  } catch (error) {
    return { error }
  }
}

describe('checkWalletLink (property)', () => {
  test('property: any value is checked or refused with InvalidWalletLinkError; what passes is safe to open', () => {
    fc.assert(
      fc.property(anything, (link) => {
        const r = check(link)
        if ('error' in r) expect(r.error).toBeInstanceOf(InvalidWalletLinkError)
        else if (r.kind === 'universal') {
          expect(parseConnectionUrl(r.href, { protocols: httpProtocols, allowFragment: true }).href).toBe(r.href)
          // Checking again changes nothing (the href is the normalised form).
          expect(checkWalletLink(r.href)).toEqual(r)
        } else {
          expect(r.href).toMatch(/^[a-z][a-z0-9+.-]*:\/\/$/)
          expect(forbiddenLinkSchemes).not.toContain(r.href.slice(0, -3))
        }
      }),
      runs,
    )
  })

  test('property: an http(s) link is universal and goes to its own host; a native one keeps only its scheme', () => {
    fc.assert(
      fc.property(httpLink, nativeScheme, fc.string(), ({ url, host }, scheme, rest) => {
        const universal = checkWalletLink(url)
        expect(universal.kind).toBe('universal')
        expect(new URL(universal.href).hostname).toBe(host.toLowerCase())
        // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the control characters that the link check rejects
        expect(checkWalletLink(`${scheme}://${rest.replace(/[\s\u0000-\u001f\u007f]/g, '')}`)).toEqual({ href: `${scheme}://`, kind: 'native' })
      }),
      runs,
    )
  })

  test('property: forbidden schemes in any case, credentials, whitespace, control characters and backslashes are refused', () => {
    fc.assert(
      fc.property(httpLink, forbiddenScheme, fc.string(), fc.domain(), hostile, fc.nat(), ({ scheme, url }, forbidden, rest, lookAlike, bad, at) => {
        expect(check(`${forbidden}:${rest}`)).toHaveProperty('error')
        expect(check(`${scheme}://${lookAlike}@${url.slice(scheme.length + 3)}`)).toHaveProperty('error')
        const i = at % (url.length + 1)
        expect(check(`${url.slice(0, i)}${bad}${url.slice(i)}`)).toHaveProperty('error')
      }),
      runs,
    )
  })
})

describe('formatWalletLink (property)', () => {
  test('property: a universal pairing link is <origin><path>/wc?uri=… on the wallet host, and its uri is the pairing URI', () => {
    fc.assert(
      fc.property(httpLink, wcUri, fc.string(), ({ url, host }, uri, name) => {
        expect(isPairingUri(uri)).toBe(true)
        const link = formatWalletLink({ appUrl: url, wcUri: uri, name })
        const parsed = new URL(link.href)
        expect(link).toMatchObject({ kind: 'universal', name })
        expect(parsed.hostname).toBe(host.toLowerCase())
        expect(parsed.pathname.endsWith('/wc')).toBe(true)
        expect(parsed.searchParams.get('uri')).toBe(uri)
      }),
      runs,
    )
  })

  test('property: a native pairing link is <scheme>://wc?uri=… whatever followed the scheme, and its uri is the pairing URI', () => {
    fc.assert(
      fc.property(nativeScheme, fc.webPath(), wcUri, (scheme, path, uri) => {
        const link = formatWalletLink({ appUrl: `${scheme}://${path}`, wcUri: uri, name: 'W' })
        expect(link.kind).toBe('native')
        expect(link.href.startsWith(`${scheme}://wc?uri=`)).toBe(true)
        expect(decodeURIComponent(link.href.slice(`${scheme}://wc?uri=`.length))).toBe(uri)
      }),
      runs,
    )
  })

  test('property: a pairing URI that is not wc:<64 hex>@2?… is refused with InvalidPairingUriError, before the link is looked at', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          wcUri.map((u) => u.replace('@2', '@1')),
          wcUri.map((u) => `${u} `),
          wcUri.map((u) => u.replace(/symKey=[0-9a-f]+/, 'symKey=zz')),
        ),
        fc.oneof(
          httpLink.map((l) => l.url),
          fc.string(),
        ),
        (uri, appUrl) => {
          fc.pre(!isPairingUri(uri))
          expect(() => formatWalletLink({ appUrl, wcUri: uri, name: 'W' })).toThrow(InvalidPairingUriError)
        },
      ),
      runs,
    )
  })
})

describe('catalogueWalletLink (property)', () => {
  const field = fc.constantFrom('homepage', 'webapp_link', 'desktop_link', 'mobile_link' as const)
  const link = fc.oneof(
    httpLink.map((l) => l.url),
    nativeScheme.map((s) => `${s}://`),
    anything,
    fc.constant(null),
    fc.constant(undefined),
  )

  test('property: never throws; a wallet opens only a link that passes the policy, and a wallet with any refused link opens nothing', () => {
    fc.assert(
      fc.property(fc.record({ homepage: link, webapp_link: link, desktop_link: link, mobile_link: link }), (links) => {
        const result = catalogueWalletLink({ name: 'W', ...(links as Record<string, string>) })
        const refused = (['webapp_link', 'homepage', 'desktop_link', 'mobile_link'] as const).filter((f) => {
          const value = links[f]
          return value !== undefined && value !== null && value !== '' && 'error' in check(value)
        })
        if (refused.length) expect(result).toMatchObject({ kind: 'refused', field: refused[0] })
        else if (result.kind === 'open') expect(checkWalletLink(result.link.href)).toEqual({ href: result.link.href, kind: 'universal' })
        else expect(result.kind).toBe('none')
      }),
      runs,
    )
  })

  test('property: a look-alike link (credentials before the host) in any field refuses the wallet', () => {
    fc.assert(
      fc.property(httpLink, fc.domain(), field, ({ scheme, url }, lookAlike, f) => {
        const result = catalogueWalletLink({ name: 'W', homepage: url, [f]: `${scheme}://${lookAlike}@${url.slice(scheme.length + 3)}` })
        expect(result).toMatchObject({ kind: 'refused', field: f })
      }),
      runs,
    )
  })
})
