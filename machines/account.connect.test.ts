import { describe, expect, test } from 'vitest'
import { activityAmount, connectAccountData } from './account.connect.ts'
import type { Transaction } from '../services/schemas.ts'

const transfer = (numeric: string | undefined, symbol?: string): Transaction =>
  ({
    id: 't',
    metadata: { operationType: 'send', hash: '0x1', minedAt: '2026-11-01T00:00:00Z', sentFrom: '0xa', sentTo: '0xb', status: 'confirmed', nonce: 1, chain: 'eip155:1' },
    transfers: [
      {
        direction: 'out',
        operation_type: 'send',
        ...(numeric === undefined ? {} : { quantity: { numeric, decimals: '18' } }),
        ...(symbol ? { fungible_info: { symbol } } : {}),
      },
    ],
  }) as unknown as Transaction

describe('activityAmount', () => {
  test('behavior: an activity amount is written like a balance: floored to 3 decimals, grouped in the locale, trailing zeros trimmed', () => {
    expect(activityAmount(transfer('1234567.891999', 'DEV'), 'en-US')).toBe('1,234,567.891 DEV')
    expect(activityAmount(transfer('1234567.891999', 'DEV'), 'de-DE')).toBe('1.234.567,891 DEV')
    expect(activityAmount(transfer('0.0009', 'ETH'), 'en-US')).toBe('0 ETH')
  })

  test('bad input: no quantity, no symbol', () => {
    expect(activityAmount(transfer(undefined, 'ETH'), 'en-US')).toBe('')
    expect(activityAmount(transfer('2'), 'en-US')).toBe('2')
    expect(activityAmount({ ...transfer('1'), transfers: [] }, 'en-US')).toBe('')
  })
})

describe('connectAccountData before the account-data machine arrived', () => {
  test('behavior: no snapshot: the Tokens tab, no rows, balances and activity loading, no identity, no account', () => {
    expect(connectAccountData(undefined)).toEqual({
      loaded: false,
      currentTab: 'tokens',
      tokens: [],
      nfts: [],
      totalFiat: undefined,
      isLoadingBalances: true,
      isBalanceUnavailable: false,
      balanceRetry: 'none',
      identityName: null,
      identityAvatar: null,
      identityKnown: false,
      hasRegisteredName: false,
      namesFailed: false,
      activity: [],
      isLoadingActivity: true,
      activityFailed: false,
      hasMoreActivity: false,
      targetKey: undefined,
    })
  })
})
