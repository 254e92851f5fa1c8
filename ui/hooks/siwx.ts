import { useSelector } from '../useSelector.ts'
import { connectSiwx, type SiwxView } from '../../machines/siwx.connect.ts'
import { same, useDeliver, useFeatureActor } from '../hooks.ts'

/*
 * The sign-in hook: SIWXSignMessage (spec §2, §4).
 * Only the views that show the feature import this module (never `ui/hooks.ts`), so its view model stays out of the
 * page's first JS; see `ui/hooks.ts` for the hooks' contract with feature machines.
 */

/**
 * SIWXSignMessage's model (spec §2 sign-in prompt) and its gestures: Sign and Cancel go through the root,
 * which applies the spec's cancel rules (§4). The root spawns the SIWX machine with the connection; until it is there
 * the model is `connectSiwx`'s not-loaded one (`idle`, Sign and Cancel disabled).
 */
export function useSignIn(): SiwxView & { sign(): void; cancel(): void } {
  const deliver = useDeliver('siwx')
  const view = useSelector(useFeatureActor('siwx'), connectSiwx, same)
  return {
    ...view,
    sign: () => deliver({ type: 'siwx.sign' }),
    cancel: () => deliver({ type: 'siwx.cancel' }),
  }
}
