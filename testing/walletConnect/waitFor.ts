/** Waiting for a state of the WalletConnect test wallet (./wallet.ts). Browser-safe. */
import type { DevMobileWalletState } from './types.ts'
import { DevMobileWalletError } from './uri.ts'

/** What is waited on: a state to read and a way to hear of each change. */
export type StateSource = { readonly state: DevMobileWalletState; onChange(listener: (state: DevMobileWalletState) => void): () => void }

/**
 * Resolves with the first state of `source` (the current one included) that satisfies `predicate`.
 * @param timeoutMs how long to wait, in milliseconds.
 * @throws DevMobileWalletError when the time runs out (its details name the last status).
 */
export function waitForState(source: StateSource, predicate: (state: DevMobileWalletState) => boolean, timeoutMs: number): Promise<DevMobileWalletState> {
  return new Promise((resolve, reject) => {
    const check = (state: DevMobileWalletState): boolean => {
      if (!predicate(state)) return false
      clearTimeout(timer)
      unsubscribe()
      resolve(state)
      return true
    }
    const timer = setTimeout(() => {
      unsubscribe()
      const { status, pending, sessions } = source.state
      reject(
        new DevMobileWalletError(`The mobile wallet did not reach the expected state within ${timeoutMs} ms.`, {
          details: `status ${status}, ${pending.length} pending, ${sessions.length} session(s)`,
        }),
      )
    }, timeoutMs)
    const unsubscribe = source.onChange(check)
    check(source.state)
  })
}
