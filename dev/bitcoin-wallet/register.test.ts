// @vitest-environment happy-dom
import { getWallets } from '@wallet-standard/app'
import { describe, expect, test } from 'vitest'
import { registerBitcoinWallet } from './register.ts'
import { BitcoinDevWallet } from './wallet.ts'

/**
 * The window event protocol of the Wallet Standard, with the real `getWallets()` of `@wallet-standard/app`: a wallet
 * registered before the app starts (it answers the app's `wallet-standard:app-ready`) and one registered after (the
 * app answers its `wallet-standard:register-wallet`).
 */
describe('registerBitcoinWallet', () => {
  test('behavior: a wallet registered before and one after the app starts both reach getWallets(); unregister removes each', () => {
    const early = new BitcoinDevWallet({ apiUrl: 'http://127.0.0.1:1', name: 'Early Bitcoin Wallet' })
    const unregisterEarly = registerBitcoinWallet(early)
    const wallets = getWallets()
    expect(wallets.get()).toContain(early)

    const late = new BitcoinDevWallet({ apiUrl: 'http://127.0.0.1:1', name: 'Late Bitcoin Wallet' })
    const registered: string[] = []
    const off = wallets.on('register', (...added) => registered.push(...added.map((w) => w.name)))
    const unregisterLate = registerBitcoinWallet(late)
    expect(registered).toEqual(['Late Bitcoin Wallet'])
    expect(wallets.get()).toContain(late)

    unregisterEarly()
    unregisterLate()
    unregisterLate()
    expect(wallets.get()).not.toContain(early)
    expect(wallets.get()).not.toContain(late)
    off()
  })
})
