import { describe, expect, test } from 'vitest'
import { activityAmount, connectAccountData, groupByMonth } from './account.connect.ts'
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

describe('groupByMonth', () => {
  const mined = (id: string, minedAt: string) => ({ ...transfer('1', 'ETH'), id, metadata: { ...transfer('1').metadata, minedAt } }) as Transaction
  const now = Date.parse('2026-11-30T17:05:00Z')

  test('behavior: months newest first; each row says when it was mined: relative for the last 7 days, else the date, in the locale', () => {
    const groups = groupByMonth([mined('old', '2026-10-02T08:00:00Z'), mined('recent', '2026-11-30T17:00:00Z'), mined('day', '2026-11-29T12:00:00Z')], 'de-DE', now)
    expect(groups.map((g) => [g.label, g.transactions.map((t) => [t.tx.id, t.when?.text, t.when?.relative])])).toEqual([
      [
        'November 2026',
        [
          ['recent', 'vor 5 Minuten', true],
          ['day', 'gestern', true],
        ],
      ],
      ['Oktober 2026', [['old', '2. Okt.', false]]],
    ])
    expect(groups[0]!.transactions[0]!.when?.title).toBe('30. November 2026 um 17:00 UTC')
  })

  test('bad input: a minedAt that is no date has no when (nothing shown for it), the row stays', () => {
    const [group] = groupByMonth([mined('bad', 'not a date')], 'en-US', now)
    expect(group!.transactions).toEqual([{ tx: expect.objectContaining({ id: 'bad' }), when: undefined }])
  })
})

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
