/**
 * Pay's command of one core (spec §1 "optional features … and pay", §2 "pay loaded on demand", §8 "pay off"): the
 * `pay` flag checked first (off: the 'Pay Not Enabled' info alert in debug mode, and the promise resolves `failed`), then
 * the request checked at the boundary (`machines/pay.input.ts`, fetched with the first call: none of it is in the
 * page's first JS), before anything opens.
 */
import type { PayParameters } from '../../machines/pay.input.ts'
import type { RootActor } from '../../machines/root.ts'
import type { ModalStorage } from '../../services/storage.ts'
import { payReasons } from '../../machines/pay.messages.ts'
import { featureTaking } from '../assemble/index.ts'
import type { FacedFeature } from './publicState.ts'

export type { PayParameters }

/**
 * How a payment ended (what `modal.pay` resolves with; it never stays pending once the modal is closed or destroyed):
 * - `success`: the transfer's receipt is in: `txHash`, the EIP-155 `chainId`, `paidAmount` (a decimal string in the
 *   asset's units, as asked); on solana, once the transfer is confirmed: `txHash` its base58 signature, `chainId` the
 *   network's CAIP-2 reference (`'5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'`);
 * - `failed`, `expired`, `cancelled` (the visitor closed the modal): `reason` in words a visitor understands.
 */
export type PayReturnType =
  | { status: 'success'; txHash: `0x${string}`; chainId: number; paidAmount: string }
  | { status: 'success'; txHash: string; chainId: string; paidAmount: string }
  | { status: 'failed' | 'expired' | 'cancelled'; reason: string }
/**
 * What `pay` may reject with (bad input only; nothing opened): `InvalidPayParametersError`, `PayChainNotConfiguredError`,
 * `PayAssetUnreadableError`, `PayRecipientNotResolvedError`.
 */
export type PayErrorType =
  | import('../../machines/pay.input.ts').InvalidPayParametersError
  | import('../../machines/pay.input.ts').PayChainNotConfiguredError
  | import('../../machines/pay.setup.ts').PayAssetUnreadableError
  | import('../../machines/pay.setup.ts').PayRecipientNotResolvedError

/** The spec's info alert for a disabled feature (§8, like 'Multi-Wallet Not Enabled'): shown in debug mode. */
export const payNotEnabled = {
  key: 'PAY_NOT_ENABLED',
  title: 'Pay Not Enabled',
  message: 'Pay is off: set features.pay to true, or enable it in the project configuration.',
} as const

/** The reason `pay` resolves with when the flag is off. */
export const payOffReason = 'Payments are not enabled on this site.'

let sequence = 0
/** A key unique in this page for one `pay` call. */
const nextKey = () => `latchkey-pay-${Date.now().toString(36)}-${(sequence++).toString(36)}`

/**
 * Creates Pay's command of one core.
 * @param load fetches the boundary check (`machines/pay.input.ts`) with the first payment asked for while the flag is on.
 * @param faced the features whose module is in, with their public faces (the pay feature's answers the request).
 * @example const { pay } = createPayCommands({ actor, faced, load: () => import('../../machines/pay.input.ts') })
 */
export function createPayCommands({ actor, faced, storage, load }: { actor: RootActor; faced: () => FacedFeature[]; storage: ModalStorage; load: () => Promise<typeof import('../../machines/pay.input.ts')> }) {
  const holder = () => faced().find((f) => f.face.pay)
  /**
   * The boundary check once fetched: later payments check synchronously, since a browser's `import()` of a module it
   * already holds still answers a task later, which put the Pay view a frame after the click.
   */
  let input: Awaited<ReturnType<typeof load>> | undefined

  /** Settles once the request `key` ended (or was refused), following the root (the feature's arrival) and the feature; a stopped root (destroyed) is cancelled. */
  function follow(key: string): Promise<PayReturnType> {
    return new Promise<PayReturnType>((resolve, reject) => {
      const subscriptions: Array<{ unsubscribe(): void }> = []
      let watched: FacedFeature['ref'] | undefined
      let done = false
      const settle = (end: () => void) => {
        done = true
        subscriptions.splice(0).forEach((s) => s.unsubscribe())
        end()
      }
      const check = () => {
        if (done) return
        const f = holder()
        // The feature's actor, followed once (faced() makes new records on every call).
        if (f && f.ref !== watched) {
          watched = f.ref
          subscriptions.push(f.ref.subscribe({ next: check, error: () => {} }))
        }
        const record = f ? f.face.pay!.request(f.ref.getSnapshot(), key) : undefined
        if (record?.phase === 'ended') settle(() => resolve(record.outcome as PayReturnType))
        else if (record?.phase === 'refused') settle(() => reject(record.error))
      }
      const cancelled = () => {
        if (!done) settle(() => resolve({ status: 'cancelled', reason: payReasons.cancelled }))
      }
      subscriptions.push(actor.subscribe({ next: check, error: cancelled, complete: cancelled }))
      if (actor.getSnapshot().status !== 'active') cancelled()
      check()
    })
  }

  /** The payment kept in storage before this page loaded (a reload, the return from the exchange's page), picked up again. */
  const resumed = resume()
  function resume(): Promise<PayReturnType> | undefined {
    const key = storage.getPendingPaymentKey()
    const feature = featureTaking('pay.resume')
    if (!key || !feature || !actor.getSnapshot().context.flags.pay) return undefined
    actor.send({ type: 'feature.deliver', feature, event: { type: 'pay.resume', key } })
    const end = follow(key)
    end.catch(() => {})
    return end
  }

  return {
    /**
     * How the payment picked up after a reload ended (spec §1 Pay: "a reload mid-payment resumes from storage"): the
     * page that called `pay` is gone with its promise, so the page after the reload asks here. The modal shows the
     * payment again (the exchange's session followed, or the sent transfer's receipt awaited) and this resolves with
     * its end, as `pay` would have (a failed or expired end once the visitor leaves it). `undefined` when no payment
     * was under way at the page's start.
     * @example const result = await modal.getPayResult(); if (result?.status === 'success') showReceipt(result.txHash)
     */
    getPayResult(): Promise<PayReturnType | undefined> {
      return resumed ?? Promise.resolve(undefined)
    },
    /**
     * Asks the visitor to pay `amount` of `asset` to `recipient` (spec §1 Pay) from the connected wallet of the asset's
     * namespace (eip155: ETH or an ERC-20; solana: SOL or an SPL token) or an exchange account (no wallet needed; its
     * transfer is read on the chain before it is a success): the Pay view (what is asked, the wallet's balance, the exchanges), a network
     * switch when the wallet is elsewhere, the transfer and its receipt, or the exchange's session. Resolves once with
     * the final end: a success at once, a failed or expired end when the visitor leaves it (Try again / Choose another
     * way is a new attempt of the same request); never pending once the modal is closed (`cancelled` before the wallet
     * sent the transfer) or destroyed (`cancelled`). A reload in the middle: see `getPayResult`. With `features.pay` off (the default, spec §8; the project's remote
     * configuration overrides it): the 'Pay Not Enabled' alert (debug mode) and `{ status: 'failed', reason }`, nothing
     * opened. The input is checked before anything opens, a token's amount against the decimals its contract or mint
     * answers, a recipient's name resolved as Send resolves it. `confirmations` (eip155, 1–64, default 1): the blocks
     * that must hold the transfer before it is a success; the promise stays pending until then.
     * @throws InvalidPayParametersError (the refused field named), PayChainNotConfiguredError, PayAssetUnreadableError
     *   (the token answers no ERC-20 `decimals()`, the mint is no SPL mint), PayRecipientNotResolvedError (a name without
     *   an address on that network).
     * @example const result = await modal.pay({ recipient: '0x7099…79C8', amount: '12.5', asset: 'eip155:8453/erc20:0x8335…2913' })
     */
    async pay(parameters: PayParameters): Promise<PayReturnType> {
      if (!actor.getSnapshot().context.flags.pay) {
        actor.send({ type: 'feature.alert', ...payNotEnabled })
        return { status: 'failed', reason: payOffReason }
      }
      input ??= await load()
      const { validatePay } = input
      const request = validatePay(parameters, actor.getSnapshot().context.network.getSnapshot().context.networks)
      const feature = featureTaking('pay.request')
      if (!feature) return { status: 'failed', reason: 'Paying is not part of this build.' }
      const key = nextKey()
      actor.send({ type: 'feature.deliver', feature, event: { type: 'pay.request', key, request } })
      return follow(key)
    },
  }
}
