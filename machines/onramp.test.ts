import { describe, expect, test } from 'vitest'
import { fallbackOnrampOptions } from '../services/blockchain.ts'
import { checkAmount, networkFor, purchaseCurrenciesFor } from './onramp.ts'

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
