import { useMemo } from 'react'
import { createActor, type ActorRefFrom } from 'xstate'
import { legalMachine } from '../../machines/legal.ts'
import { connectLegal, type LegalView } from '../../machines/onboarding.connect.ts'
import type { ModalInstance } from '../instance.ts'
import { useModalInstance } from '../context.ts'
import { useFeatures } from '../hooks.ts'
import { useSelector } from '../useSelector.ts'

/*
 * The legal checkbox's hook. Only Connect and AllWallets import it, so the legal machine is not in the
 * page's first JS. Each modal instance owns one legal actor, started on first use and kept while the instance lives (in
 * memory only: a reload asks again).
 */

const legalActors = new WeakMap<ModalInstance, ActorRefFrom<typeof legalMachine>>()

function legalActorOf(modal: ModalInstance): ActorRefFrom<typeof legalMachine> {
  let actor = legalActors.get(modal)
  if (!actor) {
    actor = createActor(legalMachine).start()
    legalActors.set(modal, actor)
  }
  return actor
}

/**
 * The legal checkbox's view model ({@link connectLegal}: the `legalCheckbox` feature, the box ticked, the
 * `termsConditionsUrl` and `privacyPolicyUrl` options) and its gesture: `setAccepted(true)` when the visitor ticks it.
 * @example const legal = useLegal(); legal.walletsEnabled // false until ticked, with the feature on
 */
export function useLegal(): LegalView & { setAccepted(accepted: boolean): void } {
  const modal = useModalInstance()
  const actor = legalActorOf(modal)
  const { legalCheckbox } = useFeatures()
  const accepted = useSelector(actor, (s) => s.matches('accepted'))
  const { termsConditionsUrl, privacyPolicyUrl } = modal.options
  return useMemo(
    () => ({
      ...connectLegal({ enabled: legalCheckbox, accepted, termsUrl: termsConditionsUrl, privacyUrl: privacyPolicyUrl }),
      setAccepted: (next: boolean) => actor.send({ type: next ? 'legal.accept' : 'legal.withdraw' }),
    }),
    [legalCheckbox, accepted, termsConditionsUrl, privacyPolicyUrl, actor],
  )
}
