import { connectPay, type PayView } from '../../machines/pay.connect.ts'
import { same, useDeliver, useFeatureActor, useLocale } from '../hooks.ts'
import { useSelector } from '../useSelector.ts'

/**
 * The Pay view's model and gestures (the pay machine's events through `feature.deliver`). Only the Pay view imports it.
 */
export function usePayFlow(): PayView & {
  confirm(): void
  cancel(): void
  connectWallet(): void
  done(): void
  retry(): void
  payWithExchange(exchangeId: string): void
  chooseWallet(address: string): void
} {
  const locale = useLocale()
  const view = useSelector(useFeatureActor('pay'), (s) => connectPay(s, locale), same)
  const deliver = useDeliver('pay')
  return {
    ...view,
    confirm: () => deliver({ type: 'pay.confirm' }),
    cancel: () => deliver({ type: 'pay.cancel' }),
    connectWallet: () => deliver({ type: 'pay.connectWallet' }),
    done: () => deliver({ type: 'pay.done' }),
    retry: () => deliver({ type: 'pay.retry' }),
    payWithExchange: (exchangeId: string) => deliver({ type: 'pay.exchange', exchangeId }),
    chooseWallet: (address: string) => deliver({ type: 'pay.chooseWallet', address }),
  }
}
