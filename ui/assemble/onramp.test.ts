import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor } from 'xstate'
import { fallbackOnrampOptions, placeholderOnrampQuote, type BlockchainApi } from '../../services/blockchain.ts'
import type { Transaction } from '../../services/schemas.ts'
import { deferred, type Deferred } from '../../tests/harness/deferred.ts'
import type { OnrampEmitted } from '../../machines/onramp.ts'
import { timing } from '../../machines/timing.ts'
import { assemble } from './onramp.ts'
import type { FeatureHost } from './host.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const address = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
const chain = 'eip155:31337'
const purchase: Transaction = {
  id: 'onramp-1',
  metadata: { minedAt: '2026-11-25T05:00:00Z', chain, hash: `0x${'d'.repeat(64)}`, status: 'confirmed', operationType: 'receive', sentFrom: '0x1', sentTo: address },
  transfers: [{ direction: 'in', operation_type: 'receive', fungible_info: { name: 'Ether', symbol: 'ETH' }, quantity: { numeric: '0.01666667' } }],
} as Transaction

/**
 * The on-ramp assembly (its checkout window and its history poll) on a blockchain API whose history reads the test
 * answers one by one, and a checkout window the test closes.
 */
function checkout() {
  const popup = { closed: false, close: vi.fn(() => void (popup.closed = true)), location: { href: 'about:blank' } }
  vi.stubGlobal('window', { open: vi.fn(() => popup) })
  const reads: Deferred<{ data: Transaction[]; next: null }>[] = []
  const api = {
    getOnrampOptions: async () => fallbackOnrampOptions,
    getOnrampQuote: async (body: { purchaseCurrency: string; paymentCurrency: string; amount: string }) => placeholderOnrampQuote(body),
    generateOnrampUrl: async () => ({ url: 'http://127.0.0.1:28950/checkout?x=1' }),
    getHistory: () => {
      const d = deferred<{ data: Transaction[]; next: null }>()
      reads.push(d)
      return d.promise
    },
  } as unknown as BlockchainApi
  // The purchase's transfer is mined: the network's transfer adapter finds its receipt (the transaction machine settles it).
  const waitForTransfer = vi.fn(async ({ hash }: { hash: string }) => ({ status: 'success' as const, hash }))
  const host = { blockchain: async () => api, transfer: async () => ({ waitForTransfer }) } as unknown as FeatureHost
  const actor = createActor(assemble(host), { input: {} })
  const emitted: OnrampEmitted['type'][] = []
  for (const type of ['onramp.succeeded', 'onramp.cancelled'] as const) actor.on(type, (e) => void emitted.push(e.type))
  actor.start()
  return { actor, popup, reads, emitted, waitForTransfer }
}

/** The checkout is open and followed: the first read (the baseline: no purchase yet) answered, the next one asked. */
async function following(c: ReturnType<typeof checkout>) {
  c.actor.send({ type: 'root.account', change: 'connected', account: { address, caipNetworkId: chain, namespace: 'eip155', connectorId: 'dev', supported: true, testnet: true }, holder: undefined })
  c.actor.send({ type: 'onramp.open' })
  await vi.advanceTimersByTimeAsync(0)
  c.actor.send({ type: 'onramp.setAmount', amount: '50' })
  await vi.advanceTimersByTimeAsync(0)
  c.actor.send({ type: 'onramp.continue' })
  await vi.advanceTimersByTimeAsync(0)
  expect(c.popup.location.href).toMatch(/checkout/)
  c.reads[0]!.resolve({ data: [], next: null })
  await vi.advanceTimersByTimeAsync(timing.onrampPoll)
  expect(c.reads).toHaveLength(2)
}

describe('on-ramp checkout poll: a purchase settling between two reads', () => {
  test('behavior: paid and closed while a read is on its way (its answer predates the purchase): followed to the purchase, not cancelled', async () => {
    const c = checkout()
    await following(c)
    // The server answered this read before the payment; the visitor paid and the checkout closed before it arrived.
    c.popup.closed = true
    c.reads[1]!.resolve({ data: [], next: null })
    await vi.advanceTimersByTimeAsync(0)
    expect(c.emitted).toEqual([])
    expect(c.actor.getSnapshot().matches('checkout')).toBe(true)
    // The next read, asked after the window closed, lists the purchase.
    await vi.advanceTimersByTimeAsync(timing.onrampPoll)
    c.reads[2]!.resolve({ data: [purchase], next: null })
    await vi.advanceTimersByTimeAsync(0)
    expect(c.emitted).toEqual(['onramp.succeeded'])
    expect(c.waitForTransfer).toHaveBeenCalledWith(expect.objectContaining({ hash: purchase.metadata.hash }))
    expect(c.actor.getSnapshot().context.purchase).toMatchObject({ id: 'onramp-1', amount: '0.01666667', symbol: 'ETH' })
  })

  test('behavior: closed without paying: the first read asked after the closing finds nothing and cancels', async () => {
    const c = checkout()
    await following(c)
    c.popup.closed = true
    c.reads[1]!.resolve({ data: [], next: null })
    await vi.advanceTimersByTimeAsync(timing.onrampPoll)
    c.reads[2]!.resolve({ data: [], next: null })
    await vi.advanceTimersByTimeAsync(0)
    expect(c.emitted).toEqual(['onramp.cancelled'])
    expect(c.actor.getSnapshot().matches({ form: 'quoted' })).toBe(true)
  })

  test('behavior: paid with the window still open: the purchase is found at the next read and the window closed', async () => {
    const c = checkout()
    await following(c)
    c.reads[1]!.resolve({ data: [purchase], next: null })
    await vi.advanceTimersByTimeAsync(0)
    expect(c.emitted).toEqual(['onramp.succeeded'])
    expect(c.waitForTransfer).toHaveBeenCalledWith(expect.objectContaining({ hash: purchase.metadata.hash }))
    expect(c.popup.close).toHaveBeenCalled()
  })
})
