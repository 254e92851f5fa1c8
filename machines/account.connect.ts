import type { SnapshotFrom } from 'xstate'
import type { TokenBalance, Transaction } from '../services/schemas.ts'
import type { accountMachine, AccountTab } from './account.ts'

export type TokenRow = { key: string; name: string; symbol: string; amount: string; usd: string; iconUrl?: string | undefined }
export type ActivityGroup = { key: string; label: string; transactions: Transaction[] }

export type AccountDataView = {
  /** The account-data machine is there; false in the not-loaded view model (see {@link connectAccountData}). */
  loaded: boolean
  currentTab: AccountTab
  tokens: TokenRow[]
  nfts: TokenRow[]
  /** Total USD value ('0.00' on testnets and unsupported namespaces). */
  totalUsd: string
  isLoadingBalances: boolean
  /** 'Token Balance Unavailable' (spec §8). */
  isBalanceUnavailable: boolean
  identityName: string | null
  identityAvatar: string | null
  activity: ActivityGroup[]
  isLoadingActivity: boolean
  /** 'Failed to fetch transactions' (spec §8). */
  activityFailed: boolean
  hasMoreActivity: boolean
  /** `<CAIP-2>:<address>` of the account shown (undefined when none): the view asks for data again when it changes. */
  targetKey: string | undefined
}

/** Floors a decimal string to 3 decimals (spec §5: balance display), never through floating point. */
export function floorDecimal(numeric: string): string {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(numeric.trim())
  if (!m) return '0.000'
  const whole = (m[2] || '0').replace(/^0+(?=\d)/, '')
  return `${m[1]}${whole}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)}`
}

/** USD with 2 decimals; '0.00' on testnets and unsupported namespaces (spec §5). */
export function formatUsd(value: number, zero: boolean): string {
  return zero || !Number.isFinite(value) ? '0.00' : value.toFixed(2)
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

/** Groups transactions by year and month, newest first (spec §3). */
export function groupByMonth(transactions: readonly Transaction[], locale = 'en-US'): ActivityGroup[] {
  const sorted = [...transactions].sort((a, b) => Date.parse(b.metadata.minedAt) - Date.parse(a.metadata.minedAt))
  const groups = new Map<string, ActivityGroup>()
  for (const t of sorted) {
    const d = new Date(t.metadata.minedAt)
    const key = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`
    if (!groups.has(key)) {
      groups.set(key, { key, label: d.toLocaleString(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }), transactions: [] })
    }
    groups.get(key)!.transactions.push(t)
  }
  return [...groups.values()]
}

function row(t: TokenBalance, zeroUsd: boolean): TokenRow {
  return { key: t.address ?? `${t.chainId}:native`, name: t.name, symbol: t.symbol, amount: floorDecimal(t.quantity.numeric), usd: formatUsd(t.value, zeroUsd), iconUrl: t.iconUrl }
}

/**
 * The Account tabs' model before the account-data machine arrived (it is fetched when Account first opens, issue 15
 * §1): the Tokens tab, no rows, balances and activity loading (the panel says 'Loading…' and is busy), no identity (the
 * truncated address shows), no account (`targetKey` undefined: the view asks for data once the machine has one).
 */
export const accountDataNotLoaded: AccountDataView = {
  loaded: false,
  currentTab: 'tokens',
  tokens: [],
  nfts: [],
  totalUsd: '0.00',
  isLoadingBalances: true,
  isBalanceUnavailable: false,
  identityName: null,
  identityAvatar: null,
  activity: [],
  isLoadingActivity: true,
  activityFailed: false,
  hasMoreActivity: false,
  targetKey: undefined,
}

/**
 * Turns an account snapshot into the Account view's tabs (tokens without decimals-0 items, NFTs, activity by month);
 * `undefined` (the machine not spawned yet) gives {@link accountDataNotLoaded}.
 * @example connectAccountData(undefined).isLoadingBalances // true
 */
export function connectAccountData(snapshot: SnapshotFrom<typeof accountMachine> | undefined): AccountDataView {
  if (!snapshot) return accountDataNotLoaded
  const c = snapshot.context
  const target = c.target
  const zeroUsd = !target || target.testnet || !(balanceNamespaces as readonly string[]).includes(target.namespace)
  const fungible = c.tokens.filter((t) => t.quantity.decimals !== '0')
  const total = fungible.reduce((sum, t) => sum + (Number.isFinite(t.value) ? t.value : 0), 0)
  return {
    loaded: true,
    currentTab: c.currentTab,
    tokens: fungible.map((t) => row(t, zeroUsd)),
    nfts: c.tokens.filter((t) => t.quantity.decimals === '0').map((t) => row(t, zeroUsd)),
    totalUsd: formatUsd(total, zeroUsd),
    isLoadingBalances: snapshot.matches({ balances: 'loading' }),
    isBalanceUnavailable: snapshot.matches({ balances: 'unavailable' }),
    identityName: c.identity.name ?? null,
    identityAvatar: c.identity.avatar ?? null,
    activity: target ? groupByMonth(filterTransactions(c.transactions, target.caipNetworkId)) : [],
    isLoadingActivity: snapshot.matches({ activity: 'loading' }) || snapshot.matches({ activity: 'loadingMore' }),
    activityFailed: snapshot.matches({ activity: 'failed' }),
    hasMoreActivity: snapshot.matches({ activity: 'ready' }) && c.cursor !== null,
    targetKey: target ? `${target.caipNetworkId}:${target.address}` : undefined,
  }
}
