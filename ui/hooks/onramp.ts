import { useSelector } from '../useSelector.ts'
import { connectOnramp, type OnrampView } from '../../machines/onramp.connect.ts'
import { same, useDeliver, useEnsureFeature, useFeatureActor, useLocale } from '../hooks.ts'

/*
 * The on-ramp feature's hook: only the on-ramp views import it, so its view model stays out of the
 * page's first JS.
 */

/**
 * The on-ramp views' model and gestures: the form's edits and Continue go to the on-ramp machine through
 * `feature.deliver` (Continue opens the checkout window in the click); the provider choice moves the view stack.
 */
export function useOnramp(): OnrampView & {
  setAmount(amount: string): void
  setPurchaseCurrency(currency: string): void
  setPaymentCurrency(currency: string): void
  setPaymentMethod(method: string): void
  chooseProvider(): void
  pickProvider(provider: string): void
  continue(): void
  cancel(): void
  open(): void
} {
  useEnsureFeature('onramp')
  const locale = useLocale()
  const view = useSelector(useFeatureActor('onramp'), (s) => connectOnramp(s, locale), same)
  const deliver = useDeliver('onramp')
  return {
    ...view,
    setAmount: (amount) => deliver({ type: 'onramp.setAmount', amount }),
    setPurchaseCurrency: (currency) => deliver({ type: 'onramp.setPurchaseCurrency', currency }),
    setPaymentCurrency: (currency) => deliver({ type: 'onramp.setPaymentCurrency', currency }),
    setPaymentMethod: (method) => deliver({ type: 'onramp.setPaymentMethod', method }),
    chooseProvider: () => deliver({ type: 'onramp.chooseProvider' }),
    pickProvider: (provider) => deliver({ type: 'onramp.pickProvider', provider }),
    continue: () => deliver({ type: 'onramp.continue' }),
    cancel: () => deliver({ type: 'onramp.cancel' }),
    open: () => deliver({ type: 'onramp.open' }),
  }
}
