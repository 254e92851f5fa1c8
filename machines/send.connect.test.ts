import { describe, expect, test } from 'vitest'
import { connectSend, receiverLabel } from './send.connect.ts'

describe('connectSend before the send machine arrived', () => {
  test('behavior: no snapshot: an empty form in the idle phase, no tokens, the balances loading, nothing to send', () => {
    expect(connectSend(undefined)).toEqual({
      loaded: false,
      phase: 'idle',
      tokens: [],
      token: undefined,
      amount: '',
      amountFiat: undefined,
      receiver: '',
      receiverStatus: 'empty',
      resolvedAddress: undefined,
      receiverName: undefined,
      receiverAvatar: undefined,
      error: undefined,
      failure: undefined,
      isLoadingBalances: true,
      isBalanceUnavailable: false,
      fee: undefined,
      adjustedForFee: false,
      hash: undefined,
      loading: false,
    })
    expect(receiverLabel(connectSend(undefined))).toBe('')
  })
})
