import { describe, expect, test } from 'vitest'
import { fallbackOnrampOptions } from '../services/blockchain.ts'
import { checkAmount, networkFor, purchaseCurrenciesFor, type OnrampPoll } from './onramp.ts'

const options = { options: fallbackOnrampOptions, sample: true }
const card = { options, paymentCurrency: 'USD', paymentMethod: 'card' }

describe('onramp amount check (the payment method limits of spec §3, §9)', () => {
  test.each(['10', '10.00', '7500', '7500.00', '49.99', '50'])('behavior: %s USD by card is within 10.00–7500.00', (amount) => {
    expect(checkAmount({ ...card, amount })).toBeUndefined()
  })

  test.each(['9.99', '7500.01', '0.5'])('behavior: %s USD by card is refused with the limits', (amount) => {
    expect(checkAmount({ ...card, amount })).toEqual({ key: 'outOfLimits', values: { min: '10.00', max: '7500.00', currency: 'USD', method: 'card' } })
  })

  test('behavior: ACH has its own limits (up to 25000.00)', () => {
    expect(checkAmount({ ...card, paymentMethod: 'ach_bank_account', amount: '20000' })).toBeUndefined()
    expect(checkAmount({ ...card, paymentMethod: 'ach_bank_account', amount: '25000.01' })?.values?.max).toBe('25000.00')
  })

  test.each(['abc', '-5', '0', '0.00', '10.001', '1e3', '', ' ', '10,5'])('bad input: %j is not an amount', (amount) => {
    expect(checkAmount({ ...card, amount })).toEqual({ key: 'invalidAmount' })
  })
})

describe('onramp purchase currencies for the network', () => {
  const server = {
    paymentCurrencies: [],
    purchaseCurrencies: [
      {
        id: 'ETH',
        networks: [
          { name: 'ethereum', chain_id: '1' },
          { name: 'anvil', chain_id: '31337' },
        ],
      },
      { id: 'USDC', networks: [{ name: 'ethereum', chain_id: '1' }] },
    ],
  }
  test("behavior: only the tokens sold on the connected chain, with that chain's network name", () => {
    expect(purchaseCurrenciesFor(server, 'eip155:31337').map((c) => c.id)).toEqual(['ETH'])
    expect(networkFor(server, 'ETH', 'eip155:31337')).toBe('anvil')
    expect(purchaseCurrenciesFor(server, 'eip155:1').map((c) => c.id)).toEqual(['ETH', 'USDC'])
  })
  test('behavior: on a chain nothing is sold on (the sample options on anvil), every token with its first network', () => {
    expect(purchaseCurrenciesFor(fallbackOnrampOptions, 'eip155:31337').map((c) => c.id)).toEqual(['ETH', 'USDC'])
    expect(networkFor(fallbackOnrampOptions, 'USDC', 'eip155:31337')).toBe('ethereum')
  })
})

describe('onramp providers (configuration, spec §9)', () => {
  test('behavior: meld and coinbase by default, meld chosen; the configured ones otherwise', async () => {
    const { createActor } = await import('xstate')
    const { onrampMachine } = await import('./onramp.ts')
    const { onrampFeature } = await import('./onramp.feature.ts')
    const byDefault = createActor(onrampMachine, { input: {} }).start().getSnapshot().context
    expect(byDefault.providers.map((p) => [p.id, p.fees])).toEqual([
      ['meld', '1-2%'],
      ['coinbase', '1-2%'],
    ])
    expect(byDefault.provider).toBe('meld')
    const input = onrampFeature({ providers: [{ id: 'coinbase', name: 'Coinbase', fees: '1%' }] }).input?.({} as never)
    const configured = createActor(onrampMachine, { input: input as never })
      .start()
      .getSnapshot().context
    expect(configured.provider).toBe('coinbase')
    expect(configured.providers).toHaveLength(1)
  })
})

describe('onramp settlement (the purchase transfer, through the transaction machine)', () => {
  const target = { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'injected' }
  const hash = `0x${'cd'.repeat(32)}`
  const purchase = (h: string) => ({ id: `p-${h}`, hash: h, amount: '0.5', symbol: 'ETH', caipNetworkId: 'eip155:31337' })

  /** The on-ramp up to the checkout being followed, whose second look lists `listed`; the chain's end is `end`. */
  async function settle(listed: ReturnType<typeof purchase>, end: () => Promise<unknown>) {
    const { createActor, fromPromise, waitFor } = await import('xstate')
    const { onrampMachine } = await import('./onramp.ts')
    const { transactionMachine } = await import('./transaction.ts')
    const { connectOnramp } = await import('./onramp.connect.ts')
    const { transactionEndOf } = await import('./transactionEnd.ts')
    let looks = 0
    const waited: string[] = []
    const machine = onrampMachine.provide({
      actors: {
        fetchOptions: fromPromise(async () => options),
        fetchQuote: fromPromise(async () => ({
          quoteId: 'q',
          purchaseAmount: { amount: '0.5', currency: 'ETH' },
          coinbaseFee: { amount: '1', currency: 'USD' },
          networkFee: { amount: '1', currency: 'USD' },
          paymentSubtotal: { amount: '50', currency: 'USD' },
          paymentTotal: { amount: '52', currency: 'USD' },
        })),
        generateUrl: fromPromise(async () => 'https://provider.example/checkout'),
        pollPurchase: fromPromise(async (): Promise<OnrampPoll> => ({ purchases: looks++ === 0 ? [] : [listed], closed: false })),
        transaction: transactionMachine.provide({
          actors: {
            waitForEnd: fromPromise(async ({ input }) => {
              waited.push(input.hash)
              return transactionEndOf(await end(), input.hash)
            }),
          },
        }),
      },
      delays: { poll: 0 },
    })
    const emitted: string[] = []
    // Spawned with the connected account.
    const actor = createActor(machine, { input: { target } })
    actor.on('*', (e) => emitted.push(e.type))
    actor.start()
    actor.send({ type: 'onramp.open' })
    await waitFor(actor, (s) => s.matches('form'))
    actor.send({ type: 'onramp.setAmount', amount: '50' })
    await waitFor(actor, (s) => s.matches({ form: 'quoted' }))
    actor.send({ type: 'onramp.continue' })
    const s = await waitFor(actor, (x) => x.matches('done') || x.matches('unsettled'))
    actor.stop()
    return { state: s.value, view: connectOnramp(s), waited, emitted }
  }

  test('behavior: a listed purchase is done only once its transfer is mined; the balance is refreshed then', async () => {
    const r = await settle(purchase(hash), async () => ({ status: 'success', hash }))
    expect(r.waited).toEqual([hash])
    expect(r.state).toBe('done')
    expect(r.view.phase).toBe('done')
    expect(r.emitted).toContain('onramp.succeeded')
  })

  test('behavior: a transfer whose end the chain does not tell is unsettled "unknown", with its hash; nothing succeeded', async () => {
    const r = await settle(purchase(hash), async () => ({ status: 'unknown', hash }))
    expect(r.view.phase).toBe('unsettled')
    expect(r.view.unsettled).toEqual({ reason: 'unknown', hash })
    expect(r.emitted).not.toContain('onramp.succeeded')
  })

  test('behavior: a reverted transfer is unsettled "failed"', async () => {
    const r = await settle(purchase(hash), async () => ({ status: 'reverted', hash }))
    expect(r.view.unsettled).toEqual({ reason: 'failed', hash })
  })

  test('bad input: a purchase whose hash is no eip155 transaction hash is not followed on the chain; it is done as listed', async () => {
    const r = await settle(purchase('0xabc'), async () => ({ status: 'success', hash: '0xabc' }))
    expect(r.waited).toEqual([])
    expect(r.state).toBe('done')
    expect(r.emitted).toContain('onramp.succeeded')
  })
})
