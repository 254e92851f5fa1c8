import { describe, expect, test } from 'vitest'
import { connectAccountData } from './account.connect.ts'

describe('connectAccountData before the account-data machine arrived (issue 15 §1)', () => {
  test('behavior: no snapshot: the Tokens tab, no rows, balances and activity loading, no identity, no account', () => {
    expect(connectAccountData(undefined)).toEqual({
      loaded: false,
      currentTab: 'tokens',
      tokens: [],
      nfts: [],
      totalFiat: undefined,
      isLoadingBalances: true,
      isBalanceUnavailable: false,
      identityName: null,
      identityAvatar: null,
      activity: [],
      isLoadingActivity: true,
      activityFailed: false,
      hasMoreActivity: false,
      targetKey: undefined,
    })
  })
})
