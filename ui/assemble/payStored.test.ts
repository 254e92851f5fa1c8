import { describe, expect, test } from 'vitest'
import { defineEvmNetwork, defineSolanaNetwork } from '../../adapters/networks.ts'
import { validatePay } from '../../machines/pay.input.ts'
import { pendingPaymentKey, resumedPaymentOf, type StoredPayment } from '../../machines/pay.ts'
import { createMemoryStorage, createStorage } from '../../services/storage.ts'
import { storedPayment } from './payStored.ts'

const anvil = defineEvmNetwork({ id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'http://127.0.0.1:8545', testnet: true })
const localnet = defineSolanaNetwork({ reference: 'AK7zphcMpwwaFXRuPquNGSMjWsVvhFPZ', name: 'Solana Localnet', rpcUrl: 'http://127.0.0.1:8899', testnet: true })
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const exchange = { exchange: { id: 'reference', name: 'Reference Exchange' }, sessionId: 's-1', url: 'http://127.0.0.1:8600/exchange/pay/s-1', deadline: 1_800_000_060_000 }
const wallet = { connectorId: 'dev', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', caipNetworkId: 'eip155:31337' }

describe('the payment kept in storage', () => {
  test('behavior: what the chart keeps reads back whole (every field of the request and its asset, eip155 and solana), and its deadline counts from now', () => {
    const payments: StoredPayment[] = [
      {
        key: 'a',
        request: validatePay({ recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '0.5', asset: 'eip155:31337/slip44:60', memo: 'Order 7', confirmations: 3 }, [anvil]),
        units: '500000000000000000',
        decimals: 18,
        symbol: 'ETH',
        exchange,
      },
      {
        key: 'b',
        request: validatePay({ recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '2.5', asset: { chainId: 31337, address: TOKEN } }, [anvil]),
        units: '2500000',
        decimals: 6,
        symbol: 'dUSDT',
        wallet,
        hash: `0x${'ab'.repeat(32)}`,
      },
      {
        key: 'c',
        request: validatePay({ recipient: '7BNg9dvdHrtiuYmK1wF2DoMRbRkZup9Q9wWsdCjvSd4S', amount: '1', asset: `${localnet.caipNetworkId}/slip44:501` }, [localnet]),
        units: '1000000000',
        decimals: 9,
        symbol: 'SOL',
        wallet: { ...wallet, address: 'HPRrGFaH1GeKXeURURykoaHz1ejDuRbyEJXdcNq6FjhV', caipNetworkId: localnet.caipNetworkId },
        hash: '5'.repeat(88),
      },
    ]
    for (const payment of payments) {
      const storage = createStorage({ storage: createMemoryStorage() })
      storage.write(pendingPaymentKey, payment)
      expect(storedPayment(storage), payment.key).toEqual(JSON.parse(JSON.stringify(payment)))
      expect(storage.getPendingPaymentKey()).toBe(payment.key)
    }
    expect(resumedPaymentOf(payments[0]!, exchange.deadline - 30_000).exchangeSession).toMatchObject({ sessionId: 's-1', expiresIn: 30_000 })
    expect(resumedPaymentOf(payments[0]!, exchange.deadline + 1).exchangeSession?.expiresIn).toBe(0)
  })

  test('bad input: a record that is not a payment (garbage, a bad amount, an unknown asset kind) reads as none and is dropped', () => {
    const good = { key: 'a', request: validatePay({ recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '0.5', asset: 'eip155:31337/slip44:60' }, [anvil]), units: '5', decimals: 18, symbol: 'ETH', exchange }
    for (const bad of ['garbage', { ...good, units: '-1' }, { ...good, request: { ...good.request, amount: '0.5e3' } }, { ...good, request: { ...good.request, asset: { ...good.request.asset, kind: 'nft' } } }]) {
      const backing = createMemoryStorage()
      const storage = createStorage({ storage: backing })
      storage.write(pendingPaymentKey, bad)
      expect(storedPayment(storage)).toBeUndefined()
      expect(Object.keys(backing.dump())).toEqual([])
    }
  })
})
