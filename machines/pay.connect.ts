import { formatUnits } from 'viem'
import type { SnapshotFrom } from 'xstate'
import { formatAmount, formatFee, truncateAddress } from './format.ts'
import type { PayExchange, payMachine, PayOutcome } from './pay.ts'

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
  /** The wallet's balance of the asset (`'10,000 ETH'`); undefined before it is read. */
  balance: string | undefined
  /** The network fee (`'0.000021 ETH'`). */
  fee: string | undefined
  /** In `short`: what is missing, the asset or the native currency for the fee. */
  shortOf: 'asset' | 'fee' | undefined
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
  balance: undefined,
  fee: undefined,
  shortOf: undefined,
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
  if (snapshot.matches({ reviewing: 'reading' })) return 'loading'
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
  const { reading, wallet, hash, exchanges = [], exchangeId, exchangeSession, end } = snapshot.context
  const { asset } = request
  const symbol = reading?.symbol ?? (asset.kind === 'native' ? asset.symbol : '')
  const phase = phaseOf(snapshot)
  const shortOfAsset = reading && snapshot.context.units !== undefined && reading.balance < snapshot.context.units
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
    balance: reading ? `${formatAmount(formatUnits(reading.balance, reading.decimals), locale, 6)} ${symbol}` : undefined,
    fee: reading ? formatFee(reading.fee, asset.native.decimals, asset.native.symbol, locale) : undefined,
    shortOf: phase === 'short' ? (shortOfAsset ? 'asset' : 'fee') : undefined,
    outcome: end,
    retryKind: phase === 'failed' || phase === 'expired' ? (exchangeId ? 'exchange' : 'wallet') : undefined,
    hash,
    exchanges,
    exchange: exchanges.find((e) => e.id === exchangeId),
    exchangeUrl: exchangeSession?.url,
  }
}
