import { useSelector } from '../useSelector.ts'
import { connectNames, type NamesView } from '../../machines/names.connect.ts'
import { same, useDeliver, useEnsureFeature, useFeatureActor } from '../hooks.ts'

/*
 * The names feature's hook: RegisterAccountName and RegisterAccountNameSuccess. Only those views import
 * this module, so the view model stays out of the page's first JS.
 */

/**
 * The registration views' model and gestures (through `feature.deliver`). Asks for the names machine on mount; until
 * it arrives the model is `connectNames`'s not-loaded one.
 */
export function useNames(): NamesView & { setName(name: string): void; register(): void; done(): void } {
  useEnsureFeature('names')
  const view = useSelector(useFeatureActor('names'), (s) => connectNames(s), same)
  const deliver = useDeliver('names')
  return {
    ...view,
    setName: (name) => deliver({ type: 'names.setName', name }),
    register: () => deliver({ type: 'names.register' }),
    done: () => deliver({ type: 'names.done' }),
  }
}
