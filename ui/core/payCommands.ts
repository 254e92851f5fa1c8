/**
 * Pay's command of one core (spec §1 "optional features … and pay", §2 "pay loaded on demand", §8 "pay off"): the
 * `pay` flag checked first (off: the 'Pay Not Enabled' info alert in debug mode, and the promise resolves `failed`), then
 * the request checked at the boundary (`machines/pay.input.ts`, fetched with the first call: none of it is in the
 * page's first JS), before anything opens.
 */
import type { PayParameters } from '../../machines/pay.input.ts'
import type { RootActor } from '../../machines/root.ts'

export type { PayParameters }

/**
 * How a payment ended (what `modal.pay` resolves with; it never stays pending once the modal is closed or destroyed):
 * - `success`: the transfer's receipt is in: `txHash`, the EIP-155 `chainId`, `paidAmount` (a decimal string in the
 *   asset's units, as asked);
 * - `failed`, `expired`, `cancelled` (the visitor closed the modal): `reason` in words a visitor understands.
 */
export type PayReturnType = { status: 'success'; txHash: `0x${string}`; chainId: number; paidAmount: string } | { status: 'failed' | 'expired' | 'cancelled'; reason: string }
/** What `pay` may reject with (bad input only; nothing opened): `InvalidPayParametersError`, `PayChainNotConfiguredError`. */
export type PayErrorType = import('../../machines/pay.input.ts').InvalidPayParametersError | import('../../machines/pay.input.ts').PayChainNotConfiguredError

/** The spec's info alert for a disabled feature (§8, like 'Multi-Wallet Not Enabled'): shown in debug mode. */
export const payNotEnabled = {
  key: 'PAY_NOT_ENABLED',
  title: 'Pay Not Enabled',
  message: 'Pay is off: set features.pay to true, or enable it in the project configuration.',
} as const

/** The reason `pay` resolves with when the flag is off. */
export const payOffReason = 'Payments are not enabled on this site.'

/**
 * Creates Pay's command of one core.
 * @param load fetches the boundary check (`machines/pay.input.ts`) with the first payment asked for while the flag is on.
 * @example const { pay } = createPayCommands({ actor, load: () => import('../../machines/pay.input.ts') })
 */
export function createPayCommands({ actor, load }: { actor: RootActor; load: () => Promise<typeof import('../../machines/pay.input.ts')> }) {
  return {
    /**
     * Asks the visitor to pay `amount` of `asset` to `recipient` (spec §1 Pay). With `features.pay` off (the default,
     * spec §8; the project's remote configuration overrides it): the 'Pay Not Enabled' alert (debug mode) and
     * `{ status: 'failed', reason }`, nothing opened. The input is checked before anything opens.
     * @throws InvalidPayParametersError (the refused field named), PayChainNotConfiguredError.
     * @example const result = await modal.pay({ recipient: '0x7099…79C8', amount: '12.5', asset: 'eip155:8453/erc20:0x8335…2913' })
     */
    async pay(parameters: PayParameters): Promise<PayReturnType> {
      if (!actor.getSnapshot().context.flags.pay) {
        actor.send({ type: 'feature.alert', ...payNotEnabled })
        return { status: 'failed', reason: payOffReason }
      }
      const { validatePay } = await load()
      validatePay(parameters, actor.getSnapshot().context.network.getSnapshot().context.networks)
      // The wallet path (review, network switch, the transfer and its receipt) is not in this build yet: an explicit end.
      return { status: 'failed', reason: 'Paying from a wallet is not available in this version yet.' }
    },
  }
}
