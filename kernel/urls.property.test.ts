import fc from 'fast-check'
import { binaryString } from '../tests/harness/arbitraries.ts'
import { describe, expect, test } from 'vitest'
import { InvalidUrlError, httpProtocols, isImageUrl, parseConnectionUrl, wsProtocols } from './urls.ts'
import { checkRelayUrl, InvalidRelayUrlError } from '../adapters/walletconnect.ts'

/**
 * Property tests of the connection layer's URL policy (spec §5) and of the relay URL check on it:
 * any input is accepted or refused with the typed error (never another exception), what is accepted holds the
 * policy's invariants, valid URLs round-trip, and adversarial edits of a valid URL (whitespace, control characters,
 * a backslash, credentials, a suffix after a space — the old prefix match) are refused. fast-check prints the
 * counterexample of a failure.
 */
const runs = { numRuns: 500 }

/** Parses, returning the URL or the error thrown (so a property can assert what kind it is). */
function attempt(value: unknown, protocols = wsProtocols): URL | unknown {
  try {
    return parseConnectionUrl(value, { protocols })
  } catch (error) {
    return error
  }
}

const scheme = fc.constantFrom('ws', 'wss', 'WS', 'Wss')
const host = fc.oneof(fc.domain(), fc.ipV4(), fc.constant('localhost'))
const port = fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined })
const path = fc.option(fc.webPath(), { nil: undefined })
/** A valid relay URL and its parts. */
const validRelay = fc.record({ scheme, host, port, path }).map((p) => ({ ...p, url: `${p.scheme}://${p.host}${p.port === undefined ? '' : `:${p.port}`}${p.path ?? ''}` }))
/** Characters the parser would drop, normalise or stop at, and that a prefix match let through. */
const hostile = fc.constantFrom(' ', '\n', '\r', '\t', '\u0000', '\u001f', '\u007f', '\u0085', '\u00a0', '\u2028', '\u2029', '\ufeff', '\\')
/** Arbitrary text, including every code point (lone surrogates too). */
const anything = fc.oneof(fc.string(), binaryString(), fc.string({ unit: fc.constantFrom(':', '/', '@', 'w', 's', '.', '?', '#', ' ', '\n', '\\', '%', '[', ']') }))

describe('parseConnectionUrl and checkRelayUrl (property)', () => {
  test('property: any value is accepted or refused with InvalidUrlError / InvalidRelayUrlError, nothing else', () => {
    fc.assert(
      fc.property(fc.oneof(anything, fc.anything()), (value) => {
        const result = attempt(value)
        if (!(result instanceof URL)) expect(result).toBeInstanceOf(InvalidUrlError)
        try {
          checkRelayUrl(value)
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidRelayUrlError)
        }
      }),
      runs,
    )
  })

  test('property: what is accepted is an absolute ws(s) URL with a host, no credentials, no whitespace or control characters', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anything,
          validRelay.map((r) => r.url),
        ),
        (value) => {
          const result = attempt(value)
          if (!(result instanceof URL)) return
          expect(['ws:', 'wss:']).toContain(result.protocol)
          expect(value.toLowerCase().startsWith(`${result.protocol}//`)).toBe(true)
          expect(result.hostname).not.toBe('')
          expect(result.username + result.password).toBe('')
          expect(result.hash).toBe('')
          // biome-ignore lint/suspicious/noControlCharactersInRegex: asserts that no control character survives
          expect(value).not.toMatch(/[\s\u0000-\u001f\u007f-\u009f\\]/)
        },
      ),
      runs,
    )
  })

  test('property: a valid relay URL round-trips: protocol, host, port and path as written; checkRelayUrl returns it unchanged', () => {
    fc.assert(
      fc.property(validRelay, ({ scheme, host, port, path, url }) => {
        const parsed = parseConnectionUrl(url, { protocols: wsProtocols })
        expect(parsed.protocol).toBe(`${scheme.toLowerCase()}:`)
        expect(parsed.hostname).toBe(host.toLowerCase())
        const defaultPort = scheme.toLowerCase() === 'wss' ? 443 : 80
        expect(parsed.port).toBe(port === undefined || port === defaultPort ? '' : String(port))
        if (path) expect(decodeURIComponent(parsed.pathname)).toBe(decodeURIComponent(new URL(`http://h${path}`).pathname))
        expect(checkRelayUrl(url)).toBe(url)
        // The same URL as http(s) is refused for a relay, and accepted where http(s) is asked for.
        const http = url.replace(/^wss?/i, 'https')
        expect(attempt(http)).toBeInstanceOf(InvalidUrlError)
        expect(parseConnectionUrl(http, { protocols: httpProtocols }).hostname).toBe(host.toLowerCase())
      }),
      runs,
    )
  })

  test('property: a valid URL with whitespace, a control character or a backslash anywhere is refused (no prefix match)', () => {
    fc.assert(
      fc.property(validRelay, hostile, fc.nat(), fc.string(), ({ url }, char, at, tail) => {
        const i = at % (url.length + 1)
        expect(attempt(`${url.slice(0, i)}${char}${url.slice(i)}`)).toBeInstanceOf(InvalidUrlError)
        expect(attempt(`${url}${char}${tail}`)).toBeInstanceOf(InvalidUrlError)
        expect(() => checkRelayUrl(`${url}${char}javascript:alert(1)`)).toThrow(InvalidRelayUrlError)
      }),
      runs,
    )
  })

  test('property: credentials before the host (a look-alike: the host is what follows the @) are refused', () => {
    fc.assert(
      fc.property(validRelay, fc.domain(), fc.option(fc.webSegment(), { nil: undefined }), ({ scheme, url }, lookAlike, password) => {
        const rest = url.slice(scheme.length + 3)
        const withCredentials = `${scheme}://${lookAlike}${password ? `:${password}` : ''}@${rest}`
        expect(attempt(withCredentials)).toBeInstanceOf(InvalidUrlError)
      }),
      runs,
    )
  })

  test('property: a base URL refuses a query or a fragment, a relay URL a fragment', () => {
    fc.assert(
      fc.property(validRelay, fc.webQueryParameters(), fc.webFragments(), ({ url }, query, fragment) => {
        const http = url.replace(/^wss?/i, 'https')
        expect(() => parseConnectionUrl(`${http}?${query}`, { protocols: httpProtocols, base: true })).toThrow(InvalidUrlError)
        expect(attempt(`${url}#${fragment}`)).toBeInstanceOf(InvalidUrlError)
      }),
      runs,
    )
  })

  test('property: isImageUrl never throws; it accepts exactly http(s) URLs of the policy and data:image URIs', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anything,
          fc.anything(),
          validRelay.map((r) => r.url.replace(/^wss?/i, 'https')),
        ),
        (value) => {
          const accepted = isImageUrl(value)
          let asHttp = false
          try {
            asHttp = parseConnectionUrl(value, { protocols: httpProtocols, allowFragment: true }) instanceof URL
          } catch (error) {
            expect(error).toBeInstanceOf(InvalidUrlError)
          }
          const asData = typeof value === 'string' && /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(value)
          expect(accepted).toBe(asHttp || asData)
        },
      ),
      runs,
    )
  })
})

describe('parseConnectionUrl (examples of defect 9)', () => {
  test.each([
    'ws://127.0.0.1:8700 evil',
    'ws://127.0.0.1:8700\njavascript:alert(1)',
    'ws:/nohost',
    'ws:nohost',
    'ws:\\\\evil.example',
    'wss://relay.example@evil.example',
    'javascript:alert(1)',
    'http://127.0.0.1:1',
    '',
  ])('bad input: %j is not a relay URL', (url) => {
    expect(() => checkRelayUrl(url)).toThrow(InvalidRelayUrlError)
  })

  test('behavior: the hosted and the loopback relay are relay URLs', () => {
    expect(checkRelayUrl('wss://relay.walletconnect.org')).toBe('wss://relay.walletconnect.org')
    expect(checkRelayUrl('ws://127.0.0.1:8700')).toBe('ws://127.0.0.1:8700')
  })
})
