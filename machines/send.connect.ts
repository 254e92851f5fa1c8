import type { ErrorSummary } from '../adapters/errors.ts'
import type { SnapshotFrom } from 'xstate'
import type { TokenBalance } from '../services/schemas.ts'
import { defaultLocale } from './format.locale.ts'
import { formatAmount, formatFee, formatFiat, isPriced, tokenFiat, truncateAddress } from './format.ts'
import type { sendMachine } from './send.ts'
import { sendMessageRefs, type SendMessage } from './send.messages.ts'
import { sendableTokens, tokenKey } from './send.tokens.ts'

/** A token as the picker and the form show it. */
export type SendTokenRow = {
  key: string
  name: string
  symbol: string
  /** Balance floored to 3 decimals (spec §5), grouped in the visitor's locale (`'1,000,000.000'`). */
  balance: string
  /** The exact balance (whole tokens, plain: `'1000000.5'`). */
  exactBalance: string
  /** The balance's fiat value (`'$500,000.00'`); undefined when no price is known. */
  fiat: string | undefined
  iconUrl?: string | undefined
  selected: boolean
}

/** Where the send flow is (one value per state of the `flow` region, the preview's substates spelled out). */
export type SendPhase = 'idle' | 'editing' | 'estimating' | 'ready' | 'estimateFailed' | 'sending' | 'confirming' | 'unconfirmed'

/** The send views' model (the form, the token picker, the preview). */
export type SendView = {
  /** The send machine is there; false in the not-loaded view model (see {@link connectSend}). */
  loaded: boolean
  phase: SendPhase
  tokens: SendTokenRow[]
  token: SendTokenRow | undefined
  amount: string
  /** Fiat value of the typed amount (`'$1.50'`); undefined when the amount does not parse or the token has no price. */
  amountFiat: string | undefined
  receiver: string
  receiverStatus: 'empty' | 'invalid' | 'resolving' | 'valid' | 'notFound'
  resolvedAddress: string | undefined
  receiverName: string | undefined
  receiverAvatar: string | undefined
  /** The form's validation message: key and values (the catalogue words it: `ui/errorSentence.ts` `sendMessageText`). */
  error: SendMessage | undefined
  /** The last estimate or send failure (its name and code word it for the visitor: `ui/errorSentence.ts`). */
  failure: ErrorSummary | undefined
  /**
   * The failure as one of the send messages, when it is one the form words itself (in the catalogue's words): not enough of the
   * native token for amount + fee ('Not enough ETH to pay the network fee'), a transaction reverted on chain.
   * `undefined` for any other failure (worded from its name or code).
   */
  failureMessage: SendMessage | undefined
  isLoadingBalances: boolean
  /** 'Token Balance Unavailable'. */
  isBalanceUnavailable: boolean
  /** The network fee in significant digits with the native symbol (e.g. '0.000037 ETH', not '0.000037242423414 ETH'). */
  fee: string | undefined
  /** The amount was lowered to leave room for the fee. */
  adjustedForFee: boolean
  /** The transaction's hash once the wallet sent it (the final one: a sped-up transaction's replacement). */
  hash: string | undefined
  /** `loading` of spec §3: the wallet is asked or the chain has not included the transaction yet. */
  loading: boolean
}

function row(t: TokenBalance, selectedKey: string | undefined, locale: string): SendTokenRow {
  const key = tokenKey(t)
  return {
    key,
    name: t.name,
    symbol: t.symbol,
    balance: formatAmount(t.quantity.numeric, locale),
    exactBalance: t.quantity.numeric,
    fiat: tokenFiat(t, locale),
    iconUrl: t.iconUrl,
    selected: key === selectedKey,
  }
}

function phaseOf(snapshot: SnapshotFrom<typeof sendMachine>): SendPhase {
  if (snapshot.matches({ flow: { preview: 'estimating' } })) return 'estimating'
  if (snapshot.matches({ flow: { preview: 'ready' } })) return 'ready'
  if (snapshot.matches({ flow: { preview: 'estimateFailed' } })) return 'estimateFailed'
  for (const phase of ['editing', 'unconfirmed'] as const) if (snapshot.matches({ flow: phase })) return phase
  if (snapshot.matches({ flow: { transacting: 'sending' } })) return 'sending'
  // The chain decides: after the wallet returned the hash, or when looking again.
  if (snapshot.matches({ flow: { transacting: 'confirming' } }) || snapshot.matches({ flow: 'rechecking' })) return 'confirming'
  return 'idle'
}

/** The fiat value of an amount typed for a token (display only: a float is fine here, never for the amount itself). */
function amountFiat(amount: string, token: TokenBalance | undefined, locale: string): string | undefined {
  if (!token || !isPriced(token.price) || !/^(\d+\.?\d*|\.\d+)$/.test(amount.trim())) return undefined
  return formatFiat(Number(amount) * token.price, locale)
}

/**
 * The send views' model before the send machine arrived (its module is fetched on the first Send): an
 * empty form in the `idle` phase, no tokens, the balances loading (the picker and the token button say 'Loading…').
 */
export const sendNotLoaded: SendView = {
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
  failureMessage: undefined,
  isLoadingBalances: true,
  isBalanceUnavailable: false,
  fee: undefined,
  adjustedForFee: false,
  hash: undefined,
  loading: false,
}

/**
 * Turns a send snapshot into the send views' model: sendable tokens (decimals '0' and empty balances left
 * out), the selected token, the receiver's status and profile, the fee in the native currency, the phase.
 * Amounts, fiat values and the fee are written in `locale` (the visitor's, passed in by the UI); fiat only for a token
 * whose price is known. `undefined` (the send machine not spawned yet) gives {@link sendNotLoaded}.
 * @example connectSend(undefined).isLoadingBalances // true
 */
export function connectSend(snapshot: SnapshotFrom<typeof sendMachine> | undefined, locale: string = defaultLocale): SendView {
  if (!snapshot) return sendNotLoaded
  const c = snapshot.context
  const selectedKey = c.token ? tokenKey(c.token) : undefined
  const native = c.tokenBalances.find((t) => !t.address)
  const nativeDecimals = Number(native?.quantity.decimals ?? 18)
  const receiverStatus = snapshot.matches({ receiver: 'name' })
    ? 'resolving'
    : snapshot.matches({ receiver: 'valid' })
      ? 'valid'
      : snapshot.matches({ receiver: 'invalid' })
        ? 'invalid'
        : snapshot.matches({ receiver: 'notFound' })
          ? 'notFound'
          : 'empty'
  return {
    loaded: true,
    phase: phaseOf(snapshot),
    tokens: sendableTokens(c.tokenBalances).map((t) => row(t, selectedKey, locale)),
    token: c.token ? row(c.token, selectedKey, locale) : undefined,
    amount: c.sendTokenAmount,
    amountFiat: amountFiat(c.sendTokenAmount, c.token, locale),
    receiver: c.receiverAddress,
    receiverStatus,
    resolvedAddress: c.resolvedAddress,
    receiverName: c.receiverProfileName,
    receiverAvatar: c.receiverProfileImageUrl,
    error: c.error,
    failure: c.failure,
    failureMessage: failureMessageOf(c.failure, native?.symbol ?? c.token?.symbol),
    isLoadingBalances: snapshot.matches({ balances: 'loading' }),
    isBalanceUnavailable: snapshot.matches({ balances: 'unavailable' }),
    fee: c.estimate ? formatFee(BigInt(c.estimate.fee), nativeDecimals, native?.symbol ?? 'ETH', locale) : undefined,
    adjustedForFee: c.adjustedForFee,
    hash: c.hash,
    loading: snapshot.hasTag('loading'),
  }
}

/** The receiver as the preview names it: the name with the short address, or the short address. */
export function receiverLabel(view: Pick<SendView, 'receiverName' | 'resolvedAddress'>): string {
  const short = truncateAddress(view.resolvedAddress)
  return view.receiverName ? `${view.receiverName} (${short})` : short
}

/** A failure the send form words itself: a fee the native balance cannot pay (with its symbol), a reverted transaction. */
function failureMessageOf(failure: ErrorSummary | undefined, nativeSymbol: string | undefined): SendMessage | undefined {
  if (failure?.name === 'InsufficientFundsError') return sendMessageRefs.insufficientForFee(nativeSymbol ?? '')
  if (failure?.name === 'TransactionRevertedError') return sendMessageRefs.reverted
  return undefined
}
