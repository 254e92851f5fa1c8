import { formatUnits } from 'viem'
import type { SnapshotFrom } from 'xstate'
import { formatAmount, formatFee, truncateAddress } from './format.ts'
import type { PayExchange, payMachine, PayOutcome, PayShortOf } from './pay.ts'
import { balanceOf, shortOf, walletsOf } from './pay.wallets.ts'

/**
 * Where the payment is, as the Pay view shows it: `loading` (the feature's module or the balances are on their way),
 * `ready` (Pay), `noWallet` (no wallet connected in the asset's namespace: the exchanges are the ways to pay), `short` (not enough of the asset, or of the native currency for the fee), `switching` (the wallet is
 * asked to change network), `prompting` (confirm in the wallet), `confirming` (broadcast, waiting for the receipt and
 * then for the blocks the payment asks, a wallet's transfer or an exchange's),
 * `exchangeOpening` (the exchange is asked for a session), `exchangeWaiting` (the visitor is on the exchange's page; its
 * status is followed), `succeeded`, `failed`, `expired` (the exchange's deadline passed unpaid).
 */
export type PayPhase = 'loading' | 'ready' | 'noWallet' | 'short' | 'switching' | 'prompting' | 'confirming' | 'exchangeOpening' | 'exchangeWaiting' | 'succeeded' | 'failed' | 'expired'

/** The Pay view's model (STYLE rule 3). Amounts are the visitor's text (grouped, floored), never floats. */
export type PayView = {
  phase: PayPhase
  /** The amount asked, as given (`'0.5'`), and its symbol. */
  amount: string
  symbol: string
  iconUrl: string | undefined
  networkName: string
  /** CAIP-2 id of the asset's network (the view's network icon). */
  caipNetworkId: string | undefined
  /** The chain family of the asset's namespace as people call it (`'EVM'`, `'Solana'`): the wallet to connect in `noWallet`. */
  family: string
  /** The recipient in full (to copy) and shortened (`0x7099…79C8`). */
  recipient: string
  recipientShort: string
  /** The name the site gave for the recipient (`bob.reown.id`), shown beside the address it resolved to. */
  recipientName: string | undefined
  memo: string | undefined
  /** The wallet paying: its address shortened. */
  walletShort: string
  /** The wallet paying is not the site's active connection (another wallet held, the visitor's pick): the view says which pays. */
  walletHeld: boolean
  /** The paying wallet's balance of the asset (`'10,000 ETH'`); undefined while it is read. */
  balance: string | undefined
  /** The paying wallet's network fee (`'0.000021 ETH'`); undefined while it is read. */
  fee: string | undefined
  /** In `short`: what the paying wallet misses, the asset or the native currency for the fee (or its balance is unreadable). */
  shortOf: PayShortOf | undefined
  /**
   * Every connected wallet of the asset's namespace, the active one first: its address (full and shortened), its
   * balance (undefined while read or unreadable), whether it pays (`chosen`), and why it cannot (`shortOf`; undefined: it can).
   */
  wallets: PayWalletRow[]
  /** The end, in `succeeded`, `failed` and `expired`. */
  outcome: PayOutcome | undefined
  /** In `failed` and `expired`: the end's action goes back to the ways to pay, `exchange` when an exchange was tried (Choose another way), `wallet` otherwise (Try again). */
  retryKind: 'wallet' | 'exchange' | undefined
  /** The transfer's hash once the wallet sent it (or the exchange's, once the chain showed it). */
  hash: string | undefined
  /** The exchanges that can pay it (the Pay view's other ways). */
  exchanges: PayExchange[]
  /** The exchange chosen, and its page once the session is open (to open it again). */
  exchange: PayExchange | undefined
  exchangeUrl: string | undefined
}

/** One wallet of the Pay view's choice. */
export type PayWalletRow = { address: string; short: string; balance: string | undefined; chosen: boolean; shortOf: PayShortOf | undefined }

const empty: PayView = {
  phase: 'loading',
  amount: '',
  symbol: '',
  iconUrl: undefined,
  networkName: '',
  caipNetworkId: undefined,
  family: '',
  recipient: '',
  recipientShort: '',
  recipientName: undefined,
  memo: undefined,
  walletShort: '',
  walletHeld: false,
  balance: undefined,
  fee: undefined,
  shortOf: undefined,
  wallets: [],
  outcome: undefined,
  retryKind: undefined,
  hash: undefined,
  exchanges: [],
  exchange: undefined,
  exchangeUrl: undefined,
}

/** The chain family of each namespace a payment is made on, as the Pay view names it (not translated: proper names). */
const families = { eip155: 'EVM', solana: 'Solana' } as const

function phaseOf(snapshot: SnapshotFrom<typeof payMachine>): PayPhase {
  if (snapshot.matches({ reviewing: 'short' })) return 'short'
  if (snapshot.matches({ reviewing: 'noWallet' })) return 'noWallet'
  if (snapshot.matches({ reviewing: 'listing' }) || snapshot.matches({ reviewing: 'reading' })) return 'loading'
  if (snapshot.matches('reviewing')) return 'ready'
  if (snapshot.matches('switchingNetwork')) return 'switching'
  if (snapshot.matches({ transferring: 'prompting' })) return 'prompting'
  if (snapshot.matches({ transferring: 'confirming' }) || snapshot.matches('awaitingConfirmations')) return 'confirming'
  if (snapshot.matches({ exchange: 'opening' })) return 'exchangeOpening'
  if (snapshot.matches('exchange')) return 'exchangeWaiting'
  if (snapshot.matches('expired')) return 'expired'
  if (snapshot.matches('succeeded')) return 'succeeded'
  if (snapshot.matches('failed')) return 'failed'
  return 'loading'
}

/**
 * The Pay view's model from the pay machine's snapshot (undefined: the module is not in yet).
 * @param locale a BCP 47 tag for the amounts' grouping.
 * @example connectPay(undefined).phase // 'loading'
 */
export function connectPay(snapshot: SnapshotFrom<typeof payMachine> | undefined, locale?: string): PayView {
  const request = snapshot?.context.request
  if (!snapshot || !request) return empty
  const { reading, wallet, hash, exchanges = [], exchangeId, exchangeSession, end, balances, units, target, held } = snapshot.context
  const { asset } = request
  const symbol = reading?.symbol ?? (asset.kind === 'native' ? asset.symbol : '')
  const phase = phaseOf(snapshot)
  const native = asset.kind === 'native'
  const amountOf = (value: bigint) => `${formatAmount(formatUnits(value, reading?.decimals ?? 0), locale, 6)} ${symbol}`
  const loadingBalances = snapshot.matches({ reviewing: 'listing' }) || snapshot.matches({ reviewing: 'reading' })
  const rows = snapshot.matches('reviewing')
    ? walletsOf(target, held, asset.namespace).map((w): PayWalletRow => {
        const balance = loadingBalances ? undefined : balanceOf(balances, w.address)
        return {
          address: w.address,
          short: truncateAddress(w.address),
          balance: balance && !('unreadable' in balance) ? amountOf(balance.balance) : undefined,
          chosen: w.address.toLowerCase() === wallet?.address.toLowerCase(),
          shortOf: loadingBalances ? undefined : shortOf(balance, units, native),
        }
      })
    : []
  // Unread (the Pay view's balances on their way): undefined, shown loading in place.
  const chosen = balanceOf(balances, wallet?.address)
  const read = reading && !loadingBalances && chosen !== undefined && !('unreadable' in chosen)
  return {
    phase,
    amount: request.amount,
    symbol,
    iconUrl: reading?.iconUrl,
    networkName: asset.networkName,
    caipNetworkId: asset.caipNetworkId,
    family: families[asset.namespace],
    recipient: request.recipient,
    recipientShort: truncateAddress(request.recipient),
    recipientName: request.recipientName,
    memo: request.memo,
    walletShort: truncateAddress(wallet?.address),
    walletHeld: wallet !== undefined && wallet.address.toLowerCase() !== target?.address.toLowerCase(),
    balance: read ? amountOf(reading.balance) : undefined,
    fee: read ? formatFee(reading.fee, asset.native.decimals, asset.native.symbol, locale) : undefined,
    shortOf: phase === 'short' ? (shortOf(balanceOf(balances, wallet?.address), units, native) ?? 'asset') : undefined,
    wallets: rows,
    outcome: end,
    retryKind: phase === 'failed' || phase === 'expired' ? (exchangeId ? 'exchange' : 'wallet') : undefined,
    hash,
    exchanges,
    exchange: exchanges.find((e) => e.id === exchangeId),
    exchangeUrl: exchangeSession?.url,
  }
}
