import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEV_ADDRESSES } from '../dev/accounts.ts'
import { startApiServer } from '../dev/api/server.ts'
import { InvalidUrlError } from '../kernel/urls.ts'
import { createAnalytics } from './analytics.ts'
import { createApiClient } from './api.ts'
import { createBlockchainApi } from './blockchain.ts'
import { createDirectoryApi } from './directory.ts'
import { ForeignError } from '../tests/harness/failures.ts'

/**
 * The common query parameters of spec §7, read from the requests themselves: every call of the three clients goes
 * through a recording fetch to the reference server (`dev/api`, which answers 400 when a parameter its contract
 * declares is missing), and each request is written down as `METHOD path: <common query> [body.projectId]`.
 */
let server: Awaited<ReturnType<typeof startApiServer>>
beforeAll(async () => {
  server = await startApiServer({ port: 0, chains: [], openNamesAtStart: true })
  // The start now waits for PGlite's (seconds, past 10 s on a loaded machine).
}, 60_000)
afterAll(() => server.stop())

const projectId = 'p-22'
const address = DEV_ADDRESSES[0]

type Seen = { line: string; status: number; message: string }

/** A real fetch that writes down each request (method, path below the contract's mount, common query, body's projectId) and its answer. */
function recordingFetch(mount: string) {
  const seen: Seen[] = []
  const f = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    const query = ['st', 'sv', 'projectId', 'clientId'].filter((k) => url.searchParams.has(k)).map((k) => `${k}=${url.searchParams.get(k)}`)
    const text = request.method === 'GET' ? '' : await request.clone().text()
    const body = text ? (JSON.parse(text) as { projectId?: unknown }) : undefined
    const line = `${request.method} ${url.pathname.slice(mount.length)}: ${query.join(' ') || '(none)'}${body?.projectId !== undefined ? ` body.projectId=${String(body.projectId)}` : ''}`
    // Written down before the answer: a request the client's timeout ends (spec §9) was still sent with its parameters.
    const entry: Seen = { line, status: 0, message: '' }
    seen.push(entry)
    const response = await fetch(request)
    entry.status = response.status
    entry.message = response.ok ? '' : await response.clone().text()
    return response
  }
  return { fetch: f as typeof fetch, seen }
}

/** Runs a call whose answer does not matter here (the reference server may refuse its made-up arguments). */
const settle = (p: Promise<unknown> | undefined) =>
  Promise.resolve(p).then(
    () => undefined,
    () => undefined,
  )

/** No answer was a 400 about a missing or empty common parameter (the reference server's contract check). */
function expectNoMissingCommonParameter(seen: Seen[]) {
  for (const s of seen) if (s.status === 400) expect(s.message, s.line).not.toMatch(/\b(st|sv|projectId)\b/)
}

describe('spec §7: the common query parameters of each call', () => {
  test('spec §7: every GET of the blockchain API adds st, sv and projectId; its POSTs carry projectId where §7 names it (query: on-ramp URL, on-ramp quote, session revoke; body: fungible price, build-transaction; none: profile account), never st or sv', async () => {
    const rec = recordingFetch('/blockchain')
    // The reference server's name store (PGlite) opens at its first name request, which can take longer than the default
    // request timeout on a busy machine; this test reads the parameters sent, so it waits for the answers.
    const api = createBlockchainApi({ baseUrl: `${server.url}/blockchain`, projectId, clientId: 'c1', fetch: rec.fetch, timeout: 60_000 })
    const token = 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
    const eth = 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
    await settle(api.getSupportedChains())
    await settle(api.getIdentity({ address }))
    await settle(api.getHistory({ account: address, chainId: 'eip155:1' }))
    await settle(api.getSwapQuotes({ amount: '1', userAddress: address, from: eth, to: token }))
    await settle(api.getSwapTokens({ chainId: 'eip155:1' }))
    await settle(api.getTokenPrices({ addresses: [token] }))
    await settle(api.getSwapAllowance({ tokenAddress: token, userAddress: address }))
    await settle(api.getGasPrice({ chainId: 'eip155:1' }))
    await settle(api.buildSwapTransaction({ amount: '1', slippage: '1', from: eth, to: token, userAddress: address }))
    await settle(api.buildSwapApprove({ userAddress: address, from: token, to: eth }))
    await settle(api.getBalances({ address, chainId: 'eip155:1' }))
    await settle(api.lookupName({ name: 'alice.reown.id' }))
    await settle(api.reverseLookupName({ address }))
    await settle(api.getNameSuggestions({ name: 'alice' }))
    await settle(api.registerName({ coin_type: 60, address, message: '{}', signature: '0x00' }))
    await settle(api.generateOnrampUrl({ destinationWallets: [{ address }], partnerUserId: address }))
    await settle(api.getOnrampOptions())
    await settle(api.getOnrampQuote({ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: 'ethereum' }))
    await settle(api.getSessions({ address }))
    await settle(api.revokeSession({ address, pci: 'pci', signature: '0x00' }))
    expect(rec.seen.map((s) => s.line.replaceAll(address, '{address}'))).toMatchInlineSnapshot(`
      [
        "GET /v1/supported-chains: st=appkit sv=latchkey-0.1.0 projectId=p-22 clientId=c1",
        "GET /v1/identity/{address}: st=appkit sv=latchkey-0.1.0 projectId=p-22 clientId=c1",
        "GET /v1/account/{address}/history: st=appkit sv=latchkey-0.1.0 projectId=p-22 clientId=c1",
        "GET /v1/convert/quotes: st=appkit sv=latchkey-0.1.0 projectId=p-22 clientId=c1",
        "GET /v1/convert/tokens: st=appkit sv=latchkey-0.1.0 projectId=p-22 clientId=c1",
        "POST /v1/fungible/price: clientId=c1 body.projectId=p-22",
        "GET /v1/convert/allowance: st=appkit sv=latchkey-0.1.0 projectId=p-22 clientId=c1",
        "GET /v1/convert/gas-price: st=appkit sv=latchkey-0.1.0 projectId=p-22 clientId=c1",
        "POST /v1/convert/build-transaction: clientId=c1 body.projectId=p-22",
        "GET /v1/convert/build-approve: st=appkit sv=latchkey-0.1.0 projectId=p-22 clientId=c1",
        "GET /v1/account/{address}/balance: st=appkit sv=latchkey-0.1.0 projectId=p-22 clientId=c1",
        "GET /v1/profile/account/alice.reown.id: st=appkit sv=latchkey-0.1.0 projectId=p-22 clientId=c1",
        "GET /v1/profile/reverse/{address}: st=appkit sv=latchkey-0.1.0 projectId=p-22 clientId=c1",
        "GET /v1/profile/suggestions/alice: st=appkit sv=latchkey-0.1.0 projectId=p-22 clientId=c1",
        "POST /v1/profile/account: clientId=c1",
        "POST /v1/generators/onrampurl: projectId=p-22 clientId=c1",
        "GET /v1/onramp/options: st=appkit sv=latchkey-0.1.0 projectId=p-22 clientId=c1",
        "POST /v1/onramp/quote: projectId=p-22 clientId=c1",
        "GET /v1/sessions/{address}: st=appkit sv=latchkey-0.1.0 projectId=p-22 clientId=c1",
        "POST /v1/sessions/{address}/revoke: projectId=p-22 clientId=c1",
      ]
    `)
    expectNoMissingCommonParameter(rec.seen)
  }, 90_000)

  test('spec §7: every call of the wallet directory is a GET with projectId, st and sv (the wallet image URL too)', async () => {
    const rec = recordingFetch('/directory')
    const directory = createDirectoryApi({ baseUrl: `${server.url}/directory`, projectId, sdkType: 'appkit', sdkVersion: 'v9', fetch: rec.fetch })
    await settle(directory.getProjectConfig())
    await settle(directory.getAllowedOrigins())
    await settle(directory.getWallets({ page: 1, entries: 1 }))
    await settle(directory.getAnalyticsConfig())
    expect(rec.seen.map((s) => s.line)).toMatchInlineSnapshot(`
      [
        "GET /appkit/v1/config: st=appkit sv=v9 projectId=p-22",
        "GET /projects/v1/origins: st=appkit sv=v9 projectId=p-22",
        "GET /getWallets: st=appkit sv=v9 projectId=p-22",
        "GET /getAnalyticsConfig: st=appkit sv=v9 projectId=p-22",
      ]
    `)
    expect(rec.seen.every((s) => s.status === 200)).toBe(true)
    const image = new URL(directory.walletImageUrl('img-1'))
    expect(Object.fromEntries(image.searchParams)).toEqual({ projectId, st: 'appkit', sv: 'v9' })
  })

  test('spec §7: analytics POST /e carries projectId, st and sv in the query, for events and error reports', async () => {
    const rec = recordingFetch('/analytics')
    const analytics = createAnalytics({ baseUrl: `${server.url}/analytics`, projectId, sdkVersion: 'v9', fetch: rec.fetch, location: { href: 'http://dapp.example/', hostname: 'dapp.example' } })
    expect(await analytics.track('MODAL_OPEN')).toBe(true)
    expect(await analytics.reportError(new ForeignError('boom'))).toBe(true)
    expect(rec.seen.map((s) => s.line)).toMatchInlineSnapshot(`
      [
        "POST /e: st=appkit sv=v9 projectId=p-22",
        "POST /e: st=appkit sv=v9 projectId=p-22",
      ]
    `)
  })
})

describe('spec §5: the connection layer accepts only http(s) or ws(s) URLs', () => {
  test('spec §5: the connection layer accepts only http(s) or ws(s) URLs: an API client is made only for an http(s) base URL', () => {
    for (const baseUrl of ['ws://127.0.0.1:8600', 'javascript:alert(1)', 'file:///etc/passwd', '/blockchain', 'http://u:p@evil.example', 'http://127.0.0.1:8600/x?y=1']) {
      expect(() => createApiClient({ baseUrl, projectId }), baseUrl).toThrow(InvalidUrlError)
    }
    expect(() => createApiClient({ baseUrl: 'ftp://api.example', projectId })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidUrlError: Invalid URL
      Docs: https://latchkey.example/errors/InvalidUrlError
      Details: Expected an absolute http:// or https:// URL. The ftp: protocol is not accepted. Received: "ftp://api.example"]
    `)
    expect(() => createApiClient({ baseUrl: 'https://api.example/blockchain/', projectId })).not.toThrow()
  })
})
