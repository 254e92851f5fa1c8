import { useSelector } from '../useSelector.ts'
import { connectSend, type SendView } from '../../machines/send.connect.ts'
import { same, useDeliver, useEnsureFeature, useFeatureActor, useLocale } from '../hooks.ts'

/*
 * The send feature's hook: the form, the token picker and the preview (spec §4 Send).
 * Only the views that show the feature import this module (never `ui/hooks.ts`), so its view model stays out of the
 * page's first JS; see `ui/hooks.ts` for the hooks' contract with feature machines.
 */

/**
 * The send views' model and the gestures: form edits go to the send machine through `feature.deliver`; navigation
 * (token picker, review, confirm) goes through the root, which moves the view stack (spec §4 Send). Asks for the send
 * machine on mount (`feature.ensure`; the root has spawned it with Send's opening already); until it is there the model
 * is `connectSend`'s not-loaded one (`idle`, an empty form, balances loading).
 */
export function useSendFlow(): SendView & {
  setAmount(amount: string): void
  setMax(): void
  setReceiver(receiver: string): void
  chooseToken(): void
  pickToken(tokenKey: string): void
  review(): void
  confirm(): void
  retryEstimate(): void
  open(): void
  /** Sent, status unknown: look at the chain again. */
  recheck(): void
  /** Sent, status unknown: leave it for Account (the form cleared). */
  dismiss(): void
} {
  useEnsureFeature('send')
  const locale = useLocale()
  const view = useSelector(useFeatureActor('send'), (s) => connectSend(s, locale), same)
  const deliver = useDeliver('send')
  return {
    ...view,
    setAmount: (amount) => deliver({ type: 'send.setAmount', amount }),
    setMax: () => deliver({ type: 'send.setMax' }),
    setReceiver: (receiver) => deliver({ type: 'send.setReceiver', receiver }),
    chooseToken: () => deliver({ type: 'send.chooseToken' }),
    pickToken: (tokenKey) => deliver({ type: 'send.pickToken', tokenKey }),
    review: () => deliver({ type: 'send.review' }),
    confirm: () => deliver({ type: 'send.confirm' }),
    retryEstimate: () => deliver({ type: 'send.retryEstimate' }),
    open: () => deliver({ type: 'send.open' }),
    recheck: () => deliver({ type: 'send.recheck' }),
    dismiss: () => deliver({ type: 'send.dismiss' }),
  }
}
