import type { Wallet, WindowAppReadyEventAPI } from '@wallet-standard/base'

/**
 * Registers a wallet with the page's Wallet Standard apps through the window event protocol that
 * `@wallet-standard/app`'s `getWallets()` listens to (what `registerWallet` of `@wallet-standard/wallet` does; that
 * package is not installed here):
 *
 * - dispatches `wallet-standard:register-wallet` with a callback, which apps already listening call with their
 *   `register` API (an app loaded before the wallet), and
 * - listens for `wallet-standard:app-ready`, which an app dispatches when it starts (an app loaded after the wallet).
 *
 * @param wallet the wallet to register (e.g. a `BitcoinDevWallet`).
 * @param win the window; default `globalThis.window`.
 * @returns an idempotent unregister function (stops listening and unregisters from every app).
 * @throws Error when there is no window (call `getWallets().register(wallet)` directly in Node).
 */
export function registerBitcoinWallet(wallet: Wallet, win: Window | undefined = globalThis.window): () => void {
  if (!win) throw new Error('registerBitcoinWallet needs a window (in Node, use getWallets().register(wallet)).')
  const unregisters: Array<() => void> = []
  const callback = (api: WindowAppReadyEventAPI): void => {
    unregisters.push(api.register(wallet))
  }
  const onAppReady = (event: Event): void => callback((event as CustomEvent<WindowAppReadyEventAPI>).detail)
  win.addEventListener('wallet-standard:app-ready', onAppReady)
  try {
    win.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
  } catch (error) {
    console.error('wallet-standard:register-wallet event could not be dispatched', error)
  }
  let done = false
  return () => {
    if (done) return
    done = true
    win.removeEventListener('wallet-standard:app-ready', onAppReady)
    for (const unregister of unregisters.splice(0)) unregister()
  }
}
