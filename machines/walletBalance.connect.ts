import type { SnapshotFrom } from 'xstate'
import { defaultLocale } from './format.locale.ts'
import { formatAmount, formatBalance } from './format.ts'
import type { walletBalanceMachine } from './walletBalance.ts'

/** A switcher row's balance as the visitor reads it (spec §5: native balance floored to 3 decimals, in the locale). */
export type WalletBalanceView = {
  /**
   * `loading`: being read, none yet; `ready`: `text` shown, as last read; `stale`: `text` is the last balance read, but
   * the read after it failed or was not answered (shown, said not to be current); `unavailable`: no balance was ever
   * read, the last read failed or was not answered.
   */
  status: 'loading' | 'ready' | 'stale' | 'unavailable'
  /** `'10,000 ETH'` (the Account view's format: floored to 3 decimals, trailing zeros trimmed); undefined without one. */
  text: string | undefined
}

/** A row with no balance machine (not spawned yet, the active one before its header balance): loading. */
export const walletBalanceLoading: WalletBalanceView = { status: 'loading', text: undefined }

/**
 * A `walletBalance` snapshot as the switcher shows it (zag-style `connect`): the balance read, kept while it is read
 * again; `stale` once a later read failed (the figure kept, said not to be current, until a read succeeds);
 * 'unavailable' when the last read failed and none was ever read.
 * @example connectWalletBalance(snapshot, 'en-US').text // '10,000 ETH'
 */
export function connectWalletBalance(snapshot: SnapshotFrom<typeof walletBalanceMachine> | undefined, locale: string = defaultLocale): WalletBalanceView {
  const balance = snapshot?.context.balance
  if (snapshot && balance) return { status: snapshot.context.error ? 'stale' : 'ready', text: `${formatAmount(formatBalance(balance.value, balance.decimals), locale)} ${balance.symbol}`.trim() }
  if (snapshot?.matches('unavailable')) return { status: 'unavailable', text: undefined }
  return walletBalanceLoading
}
