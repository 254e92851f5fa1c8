import type { Wallet } from '@wallet-standard/base'
import { TestWalletError } from './errors.ts'

/** What the app hands a wallet to register itself (`WindowAppReadyEventAPI` of the Wallet Standard). */
type RegisterApi = { register(wallet: Wallet): () => void }

/**
 * Registers a wallet with the page's Wallet Standard apps, the standard's window-event protocol
 * (what `registerWallet` of `@wallet-standard/wallet` does): dispatches `wallet-standard:register-wallet` with a
 * callback that registers the wallet with any app already listening (`getWallets()` of `@wallet-standard/app`),
 * and registers with every app that announces itself later through `wallet-standard:app-ready`.
 *
 * @param wallet the wallet: a test Solana wallet's or a test Bitcoin wallet's, say.
 * @param target where the events go; default the page's `window`.
 * @returns unregister: removes the wallet from every app it joined and stops listening for new ones; a second call does
 *   nothing.
 * @throws TestWalletError when there is no window and no target (Node: call `getWallets().register(wallet)` instead).
 */
export function registerStandardWallet(wallet: Wallet, target: EventTarget | undefined = globalThis.window): () => void {
  if (!target) throw new TestWalletError('Registering a Wallet Standard wallet needs a window', { details: 'In Node, call getWallets().register(wallet) of @wallet-standard/app instead.' })
  const unregisters: Array<() => void> = []
  const register = (api: RegisterApi): void => {
    try {
      unregisters.push(api.register(wallet))
    } catch (error) {
      console.error('registerStandardWallet: the app refused the wallet', error)
    }
  }
  const onAppReady = (event: Event): void => {
    const api = (event as CustomEvent<RegisterApi>).detail
    if (api && typeof api.register === 'function') register(api)
  }
  target.addEventListener('wallet-standard:app-ready', onAppReady)
  target.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }))
  return () => {
    target.removeEventListener('wallet-standard:app-ready', onAppReady)
    for (const unregister of unregisters.splice(0)) unregister()
  }
}
