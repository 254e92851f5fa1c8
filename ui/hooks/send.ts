import { useSelector } from '../useSelector.ts'
import { connectSend, type SendView } from '../../machines/send.connect.ts'
import { useModalInstance } from '../context.ts'
import { same, useDeliver, useEnsureFeature, useFeatureActor } from '../hooks.ts'

/*
 * The send feature's hook: the form, the token picker and the preview (spec §4 Send).
 * Only the views that show the feature import this module (never `ui/hooks.ts`), so its view model stays out of the
 * page's first JS (issue 15 §4); see `ui/hooks.ts` for the hooks' contract with feature machines.
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
} {
  const root = useModalInstance().actor
  useEnsureFeature('send')
  const view = useSelector(useFeatureActor('send'), connectSend, same)
  const deliver = useDeliver('send')
  return {
    ...view,
    setAmount: (amount) => deliver({ type: 'send.setAmount', amount }),
    setMax: () => deliver({ type: 'send.setMax' }),
    setReceiver: (receiver) => deliver({ type: 'send.setReceiver', receiver }),
    chooseToken: () => root.send({ type: 'app.chooseSendToken' }),
    pickToken: (tokenKey) => root.send({ type: 'app.pickSendToken', tokenKey }),
    review: () => root.send({ type: 'app.reviewSend' }),
    confirm: () => root.send({ type: 'app.confirmSend' }),
    retryEstimate: () => deliver({ type: 'send.retryEstimate' }),
    open: () => deliver({ type: 'send.open' }),
  }
}
