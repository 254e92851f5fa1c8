import type { WalletAccount } from '@wallet-standard/base'
import { describe, expect, test } from 'vitest'
import { UnknownAccountError } from './errors.ts'
import { WalletSide, type WalletSideStorage } from './walletSide.ts'

const KEY = 'test-wallet-side'

function memoryStorage(): WalletSideStorage & { items: Map<string, string> } {
  const items = new Map<string, string>()
  return { items, getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v), removeItem: (k) => void items.delete(k) }
}

/** A side over three accounts whose granted accounts are the selected one's, as the Solana wallet grants. */
function makeSide(storage = memoryStorage()) {
  const all = ['a0', 'a1', 'a2'].map((address) => ({ address }) as WalletAccount)
  const side: WalletSide<{ id: number }> = new WalletSide({
    label: 'TestSide',
    storage,
    storageKey: KEY,
    accountCount: all.length,
    autoApprove: undefined,
    rejected: () => 'rejected',
    grantedAccounts: () => (side.state.authorised ? [all[side.state.accountIndex] as WalletAccount] : []),
  })
  const changes: string[][] = []
  side.on('change', ({ accounts }) => changes.push((accounts ?? []).map((a) => a.address)))
  let notified = 0
  side.subscribe(() => notified++)
  return { side, storage, changes, notified: () => notified }
}

describe('WalletSide account and disconnect', () => {
  test('behavior: selecting an account while connected stores it and emits change with the new granted accounts', () => {
    const { side, storage, changes, notified } = makeSide()
    side.state.authorised = true
    side.selectAccount(2)
    expect(side.state.accountIndex).toBe(2)
    expect(JSON.parse(storage.items.get(KEY) ?? '{}')).toMatchObject({ authorised: true, accountIndex: 2 })
    expect(changes).toEqual([['a2']])
    expect(notified()).toBe(1)
  })

  test('behavior: selecting an account while disconnected stores it without a change event; the same account does nothing', () => {
    const { side, changes, notified } = makeSide()
    side.selectAccount(1)
    side.selectAccount(1)
    expect(side.state.accountIndex).toBe(1)
    expect(changes).toEqual([])
    expect(notified()).toBe(1)
  })

  test('behavior: an index outside the accounts is an UnknownAccountError and changes nothing', () => {
    const { side, storage, changes } = makeSide()
    side.state.authorised = true
    for (const bad of [-1, 3, 1.5, Number.NaN]) expect(() => side.selectAccount(bad)).toThrow(UnknownAccountError)
    expect(() => side.selectAccount(3)).toThrowErrorMatchingInlineSnapshot(`
      [UnknownAccountError: The test wallet has no account 3
      Docs: https://latchkey.example/errors/UnknownAccountError
      Details: Its accounts: 0 to 2]
    `)
    expect(side.state.accountIndex).toBe(0)
    expect(storage.items.has(KEY)).toBe(false)
    expect(changes).toEqual([])
  })

  test('behavior: disconnect de-authorises, stores it and emits change with no accounts; a second disconnect does nothing', () => {
    const { side, storage, changes, notified } = makeSide()
    side.state.authorised = true
    side.disconnect()
    side.disconnect()
    expect(side.state.authorised).toBe(false)
    expect(JSON.parse(storage.items.get(KEY) ?? '{}')).toMatchObject({ authorised: false })
    expect(changes).toEqual([[]])
    expect(notified()).toBe(1)
  })

  test('behavior: the selected account and the disconnection survive a reload from storage', () => {
    const storage = memoryStorage()
    const first = makeSide(storage).side
    first.state.authorised = true
    first.selectAccount(2)
    expect(makeSide(storage).side.state).toMatchObject({ authorised: true, accountIndex: 2 })
    first.disconnect()
    expect(makeSide(storage).side.state).toMatchObject({ authorised: false, accountIndex: 2 })
  })
})
