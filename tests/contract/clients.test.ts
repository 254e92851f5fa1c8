import { createPublicClient, http } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest'
import { startApiServer } from '../../dev/api/server.ts'
import { BaseError } from '../../adapters/errors.ts'
import { DEV_ADDRESSES } from '../../dev/wallet/index.ts'
import { DEV_TETHER_ADDRESS } from '../../dev/tokens/tokens.ts'
import { createAnalytics, errorReportLimit } from '../../services/analytics.ts'
import { ApiError, InvalidResponseError } from '../../services/api.ts'
import { createBlockchainApi, fallbackOnrampOptions } from '../../services/blockchain.ts'
import { AllowedOriginsError, createDirectoryApi, InvalidImageIdError } from '../../services/directory.ts'
import { ForeignError } from '../harness/failures.ts'

/**
 * Contract tests: every client call against the reference server (`dev/api`), which validates requests
 * and its own answers against `openapi/*.yaml`. Then the failure table, each row against the server
 * switched to misbehave: 429, 5xx, 403, malformed body, invalid JSON, slow answer, connection refused.
 */
const rpc1 = inject('anvilRpc1')
const rpc2 = inject('anvilRpc2')
const projectId = 'contract-tests'
/** Native ETH and Dev Tether on the first anvil chain: tokens of the exchange's pools (dev/dex). */
const ETH = 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const DUSDT = `eip155:31337:${DEV_TETHER_ADDRESS}`
// A server of its own: the failure rows switch it to misbehave, which must not reach other test files.
let server: Awaited<ReturnType<typeof startApiServer>>
let apiUrl = ''
beforeAll(async () => {
  server = await startApiServer({
    port: 0,
    // The name calls below would otherwise open PGlite at the first one: over the client's 10 s on a loaded machine.
    openNamesAtStart: true,
    chains: [
      { chainId: 31337, rpcUrl: rpc1 },
      { chainId: 31338, rpcUrl: rpc2 },
    ],
  })
  apiUrl = server.url
  // PGlite's start (WebAssembly compiled, the saved cluster loaded) takes seconds, past 10 s beside the other phases.
}, 60_000)
afterAll(() => server.stop())

/** A real fetch that records the URLs it was asked for. */
function recordingFetch() {
  const urls: string[] = []
  const f = (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(input instanceof Request ? input.url : String(input))
    return fetch(input, init)
  }
  return { fetch: f as typeof fetch, urls }
}

async function control(body: Record<string, unknown>) {
  const res = await fetch(`${apiUrl}/__control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  expect(res.ok).toBe(true)
}
async function events(): Promise<Array<{ props: { type: string; event: string; errorType?: string } }>> {
  return (await fetch(`${apiUrl}/__control/events`)).json()
}

const directory = (extra = {}) => createDirectoryApi({ baseUrl: `${apiUrl}/directory`, projectId, ...extra })
const blockchain = (extra = {}) => createBlockchainApi({ baseUrl: `${apiUrl}/blockchain`, projectId, ...extra })

afterEach(async () => {
  await control({ mode: 'normal' })
})

describe('directory client', () => {
  test('contract: the catalogue pages by 40, counts more than three pages and includes the dev wallet', async () => {
    const page = await directory().getWallets({ page: 1, entries: 40 })
    expect(page.data).toHaveLength(40)
    expect(page.count).toBeGreaterThan(120)
    const all = await directory().getWallets({ page: 1, entries: 200, search: 'Latchkey Dev' })
    expect(all.data.map((w) => w.rdns)).toContain('dev.latchkey.wallet')
  })

  test('contract: search is trimmed and case-insensitive; include, exclude and chains filter', async () => {
    const d = directory()
    const meta = await d.getWallets({ page: 1, entries: 100, search: '  META  ' })
    expect(meta.data.length).toBeGreaterThan(1)
    expect(meta.data.every((w) => w.name.toLowerCase().includes('meta'))).toBe(true)
    const [a, b] = meta.data
    expect((await d.getWallets({ page: 1, entries: 10, include: [a!.id] })).data.map((w) => w.id)).toEqual([a!.id])
    const without = await d.getWallets({ page: 1, entries: 100, search: 'meta', exclude: [b!.id] })
    expect(without.data.map((w) => w.id)).not.toContain(b!.id)
    const solana = await d.getWallets({ page: 1, entries: 200, chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] })
    expect(solana.data.length).toBeGreaterThan(0)
    expect(solana.data.every((w) => w.chains.some((c) => c.startsWith('solana:')))).toBe(true)
    const mobile = await d.getWallets({ page: 1, entries: 200, platform: 'mobile' })
    expect(mobile.data.every((w) => Boolean(w.mobile_link))).toBe(true)
  })

  test('contract: config, allowed origins, analytics config and images', async () => {
    const d = directory()
    expect((await d.getProjectConfig()).features).toBeTypeOf('object')
    expect(Array.isArray(await d.getAllowedOrigins())).toBe(true)
    expect(await d.getAnalyticsConfig()).toBe(true)
    const { data } = await d.getWallets({ page: 1, entries: 1 })
    const res = await fetch(d.walletImageUrl(data[0]!.image_id))
    expect(res.headers.get('content-type')).toContain('image/svg+xml')
  })

  test('contract: the currency and token images (spec §7) come through the client as image blobs, with the common query', async () => {
    const rec = recordingFetch()
    const d = directory({ fetch: rec.fetch, clientId: 'client-1' })
    const usd = await d.getCurrencyImage({ id: 'usd' })
    const eth = await d.getTokenImage({ id: ' ETH ' })
    for (const blob of [usd, eth]) {
      expect(blob.type).toContain('image/svg+xml')
      expect(await blob.text()).toMatch(/^<svg /)
    }
    expect(rec.urls.map((u) => new URL(u).pathname)).toEqual(['/directory/public/getCurrencyImage/usd', '/directory/public/getTokenImage/ETH'])
    for (const u of rec.urls) expect(Object.fromEntries(new URL(u).searchParams)).toMatchObject({ projectId, st: 'appkit', clientId: 'client-1' })
  })

  test('bad input: a blank image id is refused before any request; an unknown one is a 404 ApiError; a body that is not an image is an invalid response', async () => {
    const rec = recordingFetch()
    const d = directory({ fetch: rec.fetch })
    await expect(d.getTokenImage({ id: '  ' })).rejects.toBeInstanceOf(InvalidImageIdError)
    await expect(d.getCurrencyImage({ id: '' })).rejects.toThrowErrorMatchingInlineSnapshot(`
      [InvalidImageIdError: getCurrencyImage needs a non-empty id.
      Docs: https://latchkey.example/errors/InvalidImageIdError]
    `)
    expect(rec.urls).toEqual([])
    const unknown = await d.getTokenImage({ id: 'NOPE' }).catch((e: unknown) => e)
    expect(unknown).toBeInstanceOf(ApiError)
    expect((unknown as ApiError).status).toBe(404)
    await expect(d.getCurrencyImage({ id: 'XYZ' })).rejects.toBeInstanceOf(ApiError)
    await control({ mode: 'garbage', paths: ['/directory/public/getTokenImage/ETH'] })
    await expect(d.getTokenImage({ id: 'ETH' })).rejects.toBeInstanceOf(InvalidResponseError)
  })

  test('contract: st, sv and projectId go on every GET, clientId when set', async () => {
    const rec = recordingFetch()
    await directory({ fetch: rec.fetch, clientId: 'client-1' }).getWallets({ page: 1, entries: 1 })
    const url = new URL(rec.urls[0]!)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ projectId, st: 'appkit', clientId: 'client-1' })
    expect(url.searchParams.get('sv')).toBeTruthy()
  })
})

describe('blockchain client', () => {
  const address = DEV_ADDRESSES[0]
  test('contract: the native balance is the real anvil balance, cached 30 s', async () => {
    const rec = recordingFetch()
    let now = 0
    const api = blockchain({ fetch: rec.fetch, now: () => now })
    const balances = await api.getBalances({ address, chainId: 'eip155:31337' })
    const wei = await createPublicClient({ transport: http(rpc1) }).getBalance({ address })
    const native = balances.find((b) => b.address === undefined)!
    expect(native.symbol).toBe('ETH')
    expect(Number(native.quantity.numeric)).toBeCloseTo(Number(wei) / 1e18, 6)
    await api.getBalances({ address, chainId: 'eip155:31337' })
    expect(rec.urls).toHaveLength(1)
    now = 30_000
    await api.getBalances({ address, chainId: 'eip155:31337' })
    expect(rec.urls).toHaveLength(2)
  })

  test('contract: identity is cached 5 min; names 5 min', async () => {
    const rec = recordingFetch()
    let now = 0
    const api = blockchain({ fetch: rec.fetch, now: () => now })
    const first = await api.getIdentity({ address })
    expect(first).toHaveProperty('name')
    await api.getIdentity({ address })
    now = 299_999
    await api.getIdentity({ address })
    expect(rec.urls).toHaveLength(1)
    now = 300_000
    await api.getIdentity({ address })
    expect(rec.urls).toHaveLength(2)
  })

  test('contract: every other call answers per the contract', async () => {
    const api = blockchain()
    expect((await api.getSupportedChains()).http.length).toBeGreaterThan(0)
    const history = await api.getHistory({ account: address, chainId: 'eip155:31337' })
    expect(Array.isArray(history.data)).toBe(true)
    expect((await api.getSwapTokens({ chainId: 'eip155:31337' })).tokens.length).toBeGreaterThan(0)
    expect((await api.getSwapQuotes({ amount: '1000000000000000', userAddress: address, from: ETH, to: DUSDT })).quotes.length).toBeGreaterThan(0)
    expect((await api.getTokenPrices({ addresses: [DUSDT] })).fungibles.map((f) => f.symbol)).toContain('dUSDT')
    expect((await api.getSwapAllowance({ tokenAddress: DUSDT, userAddress: address })).allowance).toMatch(/^\d+$/)
    expect((await api.getGasPrice({ chainId: 'eip155:31337' })).standard).toMatch(/^\d+$/)
    expect((await api.buildSwapTransaction({ amount: '1000000000000000', slippage: '1', from: ETH, to: DUSDT, userAddress: address }))?.tx.from.toLowerCase()).toBe(address.toLowerCase())
    expect((await api.buildSwapApprove({ userAddress: address, from: DUSDT, to: ETH }))?.tx).toBeDefined()
    expect((await api.getNameSuggestions({ name: 'latchkey' })).suggestions.length).toBeGreaterThan(0)
    expect(Array.isArray(await api.reverseLookupName({ address }))).toBe(true)
    expect((await api.generateOnrampUrl({ destinationWallets: [{ address }], partnerUserId: 'u1' }))?.url).toMatch(/^https?:/)
    expect((await api.getOnrampOptions()).paymentCurrencies.length).toBeGreaterThan(0)
    expect((await api.getOnrampQuote({ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: 'ethereum' })).quoteId).not.toBe('placeholder')
    expect((await api.getSessions({ address })).pcis).toBeDefined()
    expect((await api.revokeSession({ address, pci: 'pci-1', signature: '0x1' })).success).toBeTypeOf('boolean')
  })

  test('behavior: with an unsupported active network every call but on-ramp options and quotes is skipped', async () => {
    const rec = recordingFetch()
    const api = blockchain({ fetch: rec.fetch, isNetworkSupported: () => false })
    expect(await api.getBalances({ address })).toEqual([])
    expect(await api.getHistory({ account: address })).toEqual({ data: [], next: null })
    expect(await api.getIdentity({ address })).toEqual({ name: null, avatar: null })
    expect(rec.urls).toEqual([])
    await api.getOnrampOptions()
    await api.getOnrampQuote({ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: 'ethereum' })
    expect(rec.urls).toHaveLength(2)
  })
})

describe('failure table', () => {
  test('failure: 429 and 5xx are ApiErrors with status and body', async () => {
    for (const status of [429, 500, 503]) {
      await control({ mode: 'status', status, paths: ['/directory/getWallets'] })
      const error = await directory()
        .getWallets({ page: 1, entries: 1 })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ApiError)
      expect((error as ApiError).status).toBe(status)
      expect((error as ApiError).body).toHaveProperty('message')
    }
  })

  test('failure: allowed origins raise RATE_LIMITED on 429 and SERVER_ERROR on 5xx, else an empty list', async () => {
    await control({ mode: 'status', status: 429, paths: ['/directory/projects/v1/origins'] })
    await expect(directory().getAllowedOrigins()).rejects.toMatchObject({ code: 'RATE_LIMITED' })
    await control({ mode: 'status', status: 503, paths: ['/directory/projects/v1/origins'] })
    const e = await directory()
      .getAllowedOrigins()
      .catch((x: unknown) => x)
    expect(e).toBeInstanceOf(AllowedOriginsError)
    expect((e as AllowedOriginsError).code).toBe('SERVER_ERROR')
    await control({ mode: 'status', status: 403, paths: ['/directory/projects/v1/origins'] })
    expect(await directory().getAllowedOrigins()).toEqual([])
    await control({ mode: 'malformed', paths: ['/directory/projects/v1/origins'] })
    expect(await directory().getAllowedOrigins()).toEqual([])
  })

  test('failure: a malformed body is rejected whole with a clear error', async () => {
    await control({ mode: 'malformed', paths: ['/directory/getWallets'] })
    const error = await directory()
      .getWallets({ page: 1, entries: 5 })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidResponseError)
    expect((error as InvalidResponseError).shortMessage).toBe('The getWallets response does not match the API contract.')
  })

  test('failure: a body that is not JSON is an invalid response', async () => {
    await control({ mode: 'garbage', paths: ['/blockchain/v1/supported-chains'] })
    await expect(blockchain().getSupportedChains()).rejects.toBeInstanceOf(InvalidResponseError)
  })

  test('failure: a slow answer still arrives', async () => {
    await control({ mode: 'slow', delayMs: 400, paths: ['/directory/getWallets'] })
    const started = Date.now()
    const page = await directory().getWallets({ page: 1, entries: 3 })
    expect(page.data).toHaveLength(3)
    expect(Date.now() - started).toBeGreaterThanOrEqual(350)
  })

  test('failure: connection refused is a clear BaseError, not an unhandled TypeError', async () => {
    const dead = createDirectoryApi({ baseUrl: 'http://127.0.0.1:9/directory', projectId })
    const error = await dead.getWallets({ page: 1, entries: 1 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BaseError)
    expect((error as BaseError).shortMessage).toBe('The getWallets request failed.')
  })

  test('failure: on-ramp options fall back to the built-in sample; quotes to a placeholder', async () => {
    await control({ mode: 'status', status: 500, paths: ['/blockchain/v1/onramp'] })
    expect(await blockchain().getOnrampOptions()).toEqual(fallbackOnrampOptions)
    expect((await blockchain().getOnrampQuote({ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: 'ethereum' })).quoteId).toBe('placeholder')
  })
})

describe('analytics client', () => {
  beforeAll(async () => {
    await control({ mode: 'normal' })
  })

  test('contract: events reach the server with eventId, url, domain, timestamp and props', async () => {
    const analytics = createAnalytics({ baseUrl: `${apiUrl}/analytics`, projectId, location: { href: 'http://127.0.0.1:5173/', hostname: '127.0.0.1' } })
    expect(await analytics.track('MODAL_OPEN', { connected: false })).toBe(true)
    expect((await events()).some((e) => e.props.event === 'MODAL_OPEN')).toBe(true)
  })

  test('failure: a 403 opens the "Invalid App Configuration" notification once', async () => {
    await control({ mode: 'status', status: 403, paths: ['/analytics/e'] })
    let shown = 0
    const analytics = createAnalytics({ baseUrl: `${apiUrl}/analytics`, projectId, location: { href: 'http://x/', hostname: 'x' }, onInvalidAppConfiguration: () => shown++ })
    expect(await analytics.track('A')).toBe(false)
    expect(await analytics.track('B')).toBe(false)
    expect(shown).toBe(1)
  })

  test('behavior: errors are reported as SDK errors with a category, at most 5 per 60 s', async () => {
    let now = 1_000_000
    const analytics = createAnalytics({ baseUrl: `${apiUrl}/analytics`, projectId, location: { href: 'http://x/', hostname: 'x' }, now: () => now })
    const before = (await events()).filter((e) => e.props.type === 'error').length
    const sent = []
    for (let i = 0; i < errorReportLimit.count + 2; i++) sent.push(await analytics.reportError(new ForeignError(`boom ${i}`)))
    expect(sent).toEqual([true, true, true, true, true, false, false])
    const errors = (await events()).filter((e) => e.props.type === 'error').slice(before)
    expect(errors).toHaveLength(5)
    expect(errors[0]!.props.errorType).toBe('INTERNAL_SDK_ERROR')
    now += errorReportLimit.windowMs
    expect(await analytics.reportError(new ForeignError('later'), 'API_ERROR')).toBe(true)
  })

  test('behavior: nothing is sent when analytics is off', async () => {
    const analytics = createAnalytics({ baseUrl: `${apiUrl}/analytics`, projectId, isEnabled: () => false, location: { href: 'http://x/', hostname: 'x' } })
    expect(await analytics.track('MODAL_OPEN')).toBe(false)
  })
})
