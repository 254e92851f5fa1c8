import { useSelector } from '../useSelector.ts'
import { connectAccountData, type AccountDataView } from '../../machines/account.connect.ts'
import type { AccountTab } from '../../machines/account.ts'
import { same, useDeliver, useEnsureFeature, useFeatureActor, useLocale } from '../hooks.ts'

/*
 * The account data's hook: the Account view's tabs (spec §2).
 * Only the views that show the feature import this module (never `ui/hooks.ts`), so its view model stays out of the
 * page's first JS; see `ui/hooks.ts` for the hooks' contract with feature machines.
 */

/**
 * The Account view's tabs: portfolio, NFTs, activity, identity, and the gestures. Asks for the account-data machine on
 * mount (`feature.ensure`); until it is there the model is `connectAccountData`'s not-loaded one (balances and activity
 * loading, no rows, `targetKey` undefined). The gestures go through `feature.deliver`.
 */
export function useAccountData(): AccountDataView & { refresh(): void; retry(): void; selectTab(tab: AccountTab): void; loadMoreActivity(): void } {
  useEnsureFeature('account')
  const locale = useLocale()
  const view = useSelector(useFeatureActor('account'), (s) => connectAccountData(s, locale), same)
  const deliver = useDeliver('account')
  return {
    ...view,
    refresh: () => deliver({ type: 'account.refresh' }),
    retry: () => deliver({ type: 'account.retry' }),
    selectTab: (tab: AccountTab) => deliver({ type: 'account.selectTab', tab }),
    loadMoreActivity: () => deliver({ type: 'account.loadMoreActivity' }),
  }
}
