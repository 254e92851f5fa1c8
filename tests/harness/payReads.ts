import { fromCallback, fromPromise, type EventObject } from 'xstate'
import { summarizeError } from '../../adapters/errors.ts'
import type { PayRequest } from '../../machines/pay.input.ts'
import type { PayAssetReading, PayBalance, PayBalances, PayReading, PayWallet } from '../../machines/pay.ts'

/**
 * The pay chart's reads for unit tests, from one function answering the reading of a wallet (none: the asset alone):
 * `readAsset` takes its decimals, symbol and recipient; `readBalances` each listed wallet's balances and fee (a wallet
 * whose reading rejects is that wallet's `unreadable`); `watchWallets` tells `held` (the other connections of the
 * namespace, multi-wallet's list; none by default) once, at its start, as the modal's does. `wallets` records what each balance read was asked for.
 * @example createActor(payMachine.provide({ actors: { ...payReads(async () => rich).actors } }))
 */
export function payReads(reading: (wallet: PayWallet | undefined) => Promise<PayReading>, held: readonly PayWallet[] = []) {
  const asked: Array<readonly PayWallet[]> = []
  const actors = {
    readAsset: fromPromise<PayAssetReading, { request: PayRequest }>(async () => {
      const { decimals, symbol, recipient } = await reading(undefined)
      return { decimals, symbol, ...(recipient ? { recipient } : {}) }
    }),
    readBalances: fromPromise<PayBalances, { request: PayRequest; decimals: number; symbol: string; wallets: readonly PayWallet[] }>(async ({ input }) => {
      asked.push(input.wallets)
      const read = await Promise.all(
        input.wallets.map((w) =>
          reading(w).then(
            ({ balance, nativeBalance, fee }): PayBalance => ({ balance, nativeBalance, fee }),
            (error: unknown): PayBalance => ({ unreadable: summarizeError(error).message }),
          ),
        ),
      )
      const icon = await reading(undefined).then(
        (r) => r.iconUrl,
        () => undefined,
      )
      return { iconUrl: icon, wallets: Object.fromEntries(input.wallets.map((w, i) => [w.address.toLowerCase(), read[i]!])) }
    }),
    watchWallets: fromCallback<EventObject, { namespace: string }>(({ sendBack }) => {
      sendBack({ type: 'pay.wallets', wallets: held })
    }),
  }
  return { actors, asked }
}
