import type { SnapshotFrom } from 'xstate'
import type { TokenBalance, Transaction } from '../services/schemas.ts'
import type { accountMachine, AccountTab } from './account.ts'
import { defaultLocale } from './format.locale.ts'
import { formatAmount, formatAmountCompact, tokenFiat, totalFiat } from './format.ts'
import { formatPastTime, InvalidTimestampError, type PastTime } from './format.time.ts'

export { floorDecimal } from './format.ts'

/**
 * A row of the Tokens or NFTs tab: `amount` floored to 3 decimals, grouped in the visitor's locale, trailing zeros
 * trimmed, compact from a million on (`'12,345.5'`, `'1.23M'`: a row has little room); `exactAmount` the same never
 * compact (`'1,234,567.5'`, the row's title); `fiat` its value as currency (`'$30,000.00'`), undefined when no price is
 * known.
 */
export type TokenRow = { key: string; name: string; symbol: string; amount: string; exactAmount: string; fiat: string | undefined; iconUrl?: string | undefined }
/**
 * An Activity row: the transaction and when it was mined, written for people ({@link formatPastTime}: `'5 minutes ago'`
 * up to 7 days, then the date; the full date and time as its title); `when` undefined when its `minedAt` is no date.
 */
export type ActivityItem = { tx: Transaction; when: PastTime | undefined }
export type ActivityGroup = { key: string; label: string; transactions: ActivityItem[] }

export type AccountDataView = {
  /** The account-data machine is there; false in the not-loaded view model (see {@link connectAccountData}). */
  loaded: boolean
  currentTab: AccountTab
  tokens: TokenRow[]
  nfts: TokenRow[]
  /** Total fiat value of the priced tokens (`'$30,500.00'`); undefined when none is priced or on unsupported namespaces. */
  totalFiat: string | undefined
  isLoadingBalances: boolean
  /** 'Token Balance Unavailable' (spec §8). */
  isBalanceUnavailable: boolean
  /**
   * The Try again under 'Token Balance Unavailable' (spec §4, §9: a retry only 30 s after a failure): `waiting` during
   * the back-off (shown, disabled), `ready` after it, `none` when the balances are not unavailable or the network is
   * one the API does not serve (a retry could not help).
   */
  balanceRetry: 'none' | 'waiting' | 'ready'
  identityName: string | null
  /** The reverse lookup found a name registered for the address: Account offers no registration. */
  hasRegisteredName: boolean
  identityAvatar: string | null
  /**
   * The identity and the names registered for the address are settled (looked up, or not looked up here: the identity
   * on a testnet, spec §5): Account offers to register a name only then, when it has none.
   */
  identityKnown: boolean
  /** The reverse lookup failed: 'Error fetching names for address' (spec §8); whether a name exists is not known. */
  namesFailed: boolean
  activity: ActivityGroup[]
  isLoadingActivity: boolean
  /** 'Failed to fetch transactions' (spec §8). */
  activityFailed: boolean
  hasMoreActivity: boolean
  /** `<CAIP-2>:<address>` of the account shown (undefined when none): the view asks for data again when it changes. */
  targetKey: string | undefined
}

/** The namespaces whose balances the blockchain API supports (spec §6). */
export const balanceNamespaces = ['eip155', 'solana'] as const

/**
 * Spec §5 spam and chain filters: a transaction is dropped when all its transfers are spam NFTs, and only
 * the connected chain's transactions are kept.
 */
export function filterTransactions(transactions: readonly Transaction[], caipNetworkId: string): Transaction[] {
  return transactions.filter((t) => {
    if (t.metadata.chain !== caipNetworkId) return false
    const allSpam = t.transfers.length > 0 && t.transfers.every((x) => x.nft_info?.flags?.is_spam === true)
    return !allSpam
  })
}

/**
 * Groups transactions by year and month (UTC), newest first (spec §3), each with when it was mined as seen from `now`
 * (ms since 1970) in `locale`.
 */
export function groupByMonth(transactions: readonly Transaction[], locale: string = defaultLocale, now: number = Date.now()): ActivityGroup[] {
  const sorted = [...transactions].sort((a, b) => Date.parse(b.metadata.minedAt) - Date.parse(a.metadata.minedAt))
  const groups = new Map<string, ActivityGroup>()
  for (const t of sorted) {
    const d = new Date(t.metadata.minedAt)
    const key = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`
    if (!groups.has(key)) {
      groups.set(key, { key, label: d.toLocaleString(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }), transactions: [] })
    }
    groups.get(key)!.transactions.push({ tx: t, when: minedWhen(t.metadata.minedAt, now, locale) })
  }
  return [...groups.values()]
}

/** When a transaction was mined ({@link formatPastTime}); undefined for a `minedAt` that is no date (nothing shown). */
function minedWhen(minedAt: string, now: number, locale: string): PastTime | undefined {
  try {
    return formatPastTime(minedAt, now, locale)
  } catch (error) {
    if (error instanceof InvalidTimestampError) return undefined
    throw error
  }
}

/**
 * What an Activity row says a transaction moved: its first transfer's amount written like a balance
 * (floored to 3 decimals, grouped in `locale`) and its symbol; `''` when the transfer carries no quantity.
 * @example activityAmount(tx, 'en-US') // '1,000 DEV'
 */
export function activityAmount(tx: Transaction, locale: string = defaultLocale): string {
  const transfer = tx.transfers[0]
  if (!transfer?.quantity) return ''
  return `${formatAmount(transfer.quantity.numeric, locale)} ${transfer.fungible_info?.symbol ?? ''}`.trim()
}

function row(t: TokenBalance, noFiat: boolean, locale: string): TokenRow {
  return {
    key: t.address ?? `${t.chainId}:native`,
    name: t.name,
    symbol: t.symbol,
    amount: formatAmountCompact(t.quantity.numeric, locale),
    exactAmount: formatAmount(t.quantity.numeric, locale),
    fiat: noFiat ? undefined : tokenFiat(t, locale),
    iconUrl: t.iconUrl,
  }
}

/**
 * The Account tabs' model before the account-data machine arrived (it is fetched when Account first opens
 * §1): the Tokens tab, no rows, balances and activity loading (the panel says 'Loading…' and is busy), no identity (the
 * truncated address shows), no account (`targetKey` undefined: the view asks for data once the machine has one).
 */
export const accountDataNotLoaded: AccountDataView = {
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
}

/**
 * Turns an account snapshot into the Account view's tabs (tokens without decimals-0 items, NFTs, activity by month);
 * `undefined` (the machine not spawned yet) gives {@link accountDataNotLoaded}. Amounts and fiat values are written in
 * `locale` (the visitor's, passed in by the UI: the model reads no `navigator`). Fiat shows only for a token whose price
 * is known: the API prices nothing on a testnet (spec §5's '0.00' becomes no fiat at all), the reference
 * server prices the development tokens, and a namespace the balance API does not support shows none. Activity rows say
 * when they were mined relative to `now` (ms since 1970; the caller's clock when the view model is built).
 * @example connectAccountData(undefined).isLoadingBalances // true
 * connectAccountData(snapshot, 'de-DE').tokens[0].amount // '10.000'
 */
export function connectAccountData(snapshot: SnapshotFrom<typeof accountMachine> | undefined, locale: string = defaultLocale, now: number = Date.now()): AccountDataView {
  if (!snapshot) return accountDataNotLoaded
  const c = snapshot.context
  const target = c.target
  const fiatNamespaces: readonly string[] = balanceNamespaces
  const noFiat = !target || !fiatNamespaces.includes(target.namespace)
  const fungible = c.tokens.filter((t) => t.quantity.decimals !== '0')
  return {
    loaded: true,
    currentTab: c.currentTab,
    tokens: fungible.map((t) => row(t, noFiat, locale)),
    nfts: c.tokens.filter((t) => t.quantity.decimals === '0').map((t) => row(t, noFiat, locale)),
    totalFiat: noFiat ? undefined : totalFiat(fungible, locale),
    isLoadingBalances: snapshot.matches({ balances: 'loading' }),
    isBalanceUnavailable: snapshot.matches({ balances: 'unavailable' }),
    balanceRetry: !target?.supported ? 'none' : snapshot.matches({ balances: { unavailable: 'retryable' } }) ? 'ready' : snapshot.matches({ balances: { unavailable: 'coolingDown' } }) ? 'waiting' : 'none',
    identityName: c.identity.name ?? null,
    hasRegisteredName: snapshot.matches({ names: 'ready' }) && c.names.length > 0,
    identityAvatar: c.identity.avatar ?? null,
    identityKnown: (snapshot.matches({ identity: 'ready' }) || snapshot.matches({ identity: 'cleared' })) && (snapshot.matches({ names: 'ready' }) || snapshot.matches({ names: 'cleared' })),
    namesFailed: snapshot.matches({ names: 'failed' }),
    activity: target ? groupByMonth(filterTransactions(c.transactions, target.caipNetworkId), locale, now) : [],
    isLoadingActivity: snapshot.matches({ activity: 'loading' }) || snapshot.matches({ activity: 'loadingMore' }),
    activityFailed: snapshot.matches({ activity: 'failed' }),
    hasMoreActivity: snapshot.matches({ activity: 'ready' }) && c.cursor !== null,
    targetKey: target ? `${target.caipNetworkId}:${target.address}` : undefined,
  }
}
