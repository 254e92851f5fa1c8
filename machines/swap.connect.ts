import { formatUnits } from 'viem'
import type { SnapshotFrom } from 'xstate'
import type { ErrorSummary } from '../adapters/errors.ts'
import { defaultLocale } from './format.locale.ts'
import { formatAmount, formatFee } from './format.ts'
import type { SwapMessage } from './swap.messages.ts'
import type { SwapContext, swapMachine } from './swap.ts'
import { balanceOf, balanceUnits, minimumReceived, needsApproval, fallbackSwapGas, type SwapToken } from './swap.tokens.ts'

/** Where the swap is: one value per state a visitor can tell apart. */
export type SwapPhase =
  | 'idle'
  | 'unsupported'
  | 'loading'
  | 'loadFailed'
  | 'editing'
  | 'quoting'
  | 'quoted'
  | 'noLiquidity'
  | 'quoteFailed'
  | 'preparing'
  | 'prepareFailed'
  | 'reviewing'
  | 'approving'
  | 'confirmingApproval'
  | 'requoting'
  | 'swapping'
  | 'confirmingSwap'
  /** Sent, status unknown: the hash, Check again, Back to Account. */
  | 'unconfirmed'

/** A token as the form and the picker show it. */
export type SwapTokenRow = {
  /** CAIP-10 address (the key). */
  address: string
  name: string
  symbol: string
  logoUri: string
  /** The balance floored to 3 decimals in the locale, '' when the account holds none. */
  balance: string
  /** Whether the account holds some. */
  held: boolean
  selected: boolean
}

/** The swap views' model. */
export type SwapView = {
  loaded: boolean
  phase: SwapPhase
  from: SwapTokenRow | undefined
  to: SwapTokenRow | undefined
  /** Tokens the account holds ("Your tokens", the suggested list), then the others ("Popular tokens"). */
  held: SwapTokenRow[]
  popular: SwapTokenRow[]
  amount: string
  /** The quoted amount received, in whole tokens (exact), '' without a quote. */
  toAmount: string
  /** `1 FROM = x TO`, from the quote (display only), '' without a quote. */
  rate: string
  /** Price impact in percent ('0.30 %'), '' when the API gave none. */
  priceImpact: string
  /** Minimum received with the slippage, whole tokens and symbol. */
  minimumReceived: string
  slippage: string
  /** Network fee: gas × the API's standard gas price, in the native currency. */
  fee: string
  /** The allowance is short of the amount: confirming approves first (two prompts). */
  needsApproval: boolean
  error: SwapMessage | undefined
  failure: ErrorSummary | undefined
  loading: boolean
  /**
   * The hash of the transaction (the approval's or the swap's) whose end is not known, in `unconfirmed`; for a batch of
   * both, its transaction's, else the wallet's batch id.
   */
  unconfirmedHash: string | undefined
  /** `unconfirmedHash` is a transaction's (it has an explorer page), not a batch id. */
  unconfirmedIsTransaction: boolean
}

/** The view model before the swap machine arrived: loading, nothing chosen. */
export const swapNotLoaded: SwapView = {
  loaded: false,
  phase: 'loading',
  from: undefined,
  to: undefined,
  held: [],
  popular: [],
  amount: '',
  toAmount: '',
  rate: '',
  priceImpact: '',
  minimumReceived: '',
  slippage: '1',
  fee: '',
  needsApproval: false,
  error: undefined,
  failure: undefined,
  loading: false,
  unconfirmedHash: undefined,
  unconfirmedIsTransaction: false,
}

/** A state value `matches` tests (a state of the swap machine, or a part of one). */
type SwapStateTest = Parameters<SnapshotFrom<typeof swapMachine>['matches']>[0]

const phases: Array<[SwapStateTest, SwapPhase]> = [
  ['unsupported', 'unsupported'],
  ['loading', 'loading'],
  ['loadFailed', 'loadFailed'],
  [{ form: 'editing' }, 'editing'],
  [{ form: 'debouncing' }, 'quoting'],
  [{ form: 'quoting' }, 'quoting'],
  [{ form: 'quoted' }, 'quoted'],
  [{ form: 'noLiquidity' }, 'noLiquidity'],
  [{ form: 'quoteFailed' }, 'quoteFailed'],
  [{ review: 'preparing' }, 'preparing'],
  [{ review: 'prepareFailed' }, 'prepareFailed'],
  ['review', 'reviewing'],
  [{ approving: { transacting: 'confirming' } }, 'confirmingApproval'],
  [{ approving: 'readingAllowance' }, 'confirmingApproval'],
  ['approving', 'approving'],
  // The approval and the swap in one batch: one prompt for both, then the swap's wait.
  ['batching', 'swapping'],
  [{ swapping: { batch: 'confirming' } }, 'confirmingSwap'],
  [{ swapping: 'requoting' }, 'requoting'],
  [{ swapping: { transacting: 'confirming' } }, 'confirmingSwap'],
  ['swapping', 'swapping'],
  ['unconfirmed', 'unconfirmed'],
  ['recheckingBatch', 'confirmingSwap'],
]

function phaseOf(snapshot: SnapshotFrom<typeof swapMachine>): SwapPhase {
  for (const [value, phase] of phases) if (snapshot.matches(value)) return phase
  // Check again: waiting for the chain again, the approval's or the swap's.
  if (snapshot.matches('rechecking')) return snapshot.context.unconfirmed?.step === 'approve' ? 'confirmingApproval' : 'confirmingSwap'
  return 'idle'
}

/** A smallest-unit amount in whole tokens, trailing zeros dropped (exact). */
const whole = (units: bigint | string, decimals: number) => formatUnits(BigInt(units), decimals)

/** A display rate: how much `to` one `from` buys (a float is fine for display, never for amounts). */
function rateOf(fromAmount: string, toAmount: string, from: SwapToken, to: SwapToken, locale: string): string {
  const f = Number(whole(fromAmount, from.decimals))
  const t = Number(whole(toAmount, to.decimals))
  if (!(f > 0)) return ''
  return new Intl.NumberFormat(locale, { maximumSignificantDigits: 6 }).format(t / f)
}

/**
 * The swap views' model from a swap snapshot: the chosen tokens with balances, the token lists (held first, then the
 * rest), the quote's amount received, rate, price impact, the minimum received with the slippage, the network fee,
 * whether an approval comes first. `undefined` gives {@link swapNotLoaded}.
 * @example connectSwap(undefined).phase // 'loading'
 */
export function connectSwap(snapshot: SnapshotFrom<typeof swapMachine> | undefined, locale: string = defaultLocale): SwapView {
  if (!snapshot) return swapNotLoaded
  const c: SwapContext = snapshot.context
  const row = (t: SwapToken): SwapTokenRow => {
    const b = balanceOf(t, c.balances)
    const units = balanceUnits(b)
    return {
      address: t.address,
      name: t.name,
      symbol: t.symbol,
      logoUri: t.logoUri,
      balance: b ? formatAmount(b.quantity.numeric, locale) : '',
      held: units > 0n,
      selected: t.address === c.fromToken || t.address === c.toToken,
    }
  }
  const rows = c.tokens.map(row)
  const fromToken = c.tokens.find((t) => t.address === c.fromToken)
  const toToken = c.tokens.find((t) => t.address === c.toToken)
  const quote = c.quote
  const native = c.balances.find((b) => !b.address)
  const gas = c.details?.gas ? BigInt(c.details.gas) : fallbackSwapGas
  const amountUnits = (() => {
    try {
      return quote ? BigInt(quote.fromAmount) : 0n
    } catch {
      return 0n
    }
  })()
  return {
    loaded: true,
    phase: phaseOf(snapshot),
    from: fromToken ? row(fromToken) : undefined,
    to: toToken ? row(toToken) : undefined,
    held: rows.filter((r) => r.held),
    popular: rows.filter((r) => !r.held),
    amount: c.amount,
    toAmount: quote && toToken ? whole(quote.toAmount, toToken.decimals) : '',
    rate: quote && fromToken && toToken ? rateOf(quote.fromAmount, quote.toAmount, fromToken, toToken, locale) : '',
    priceImpact: quote?.priceImpact !== undefined ? `${quote.priceImpact.toFixed(2)} %` : '',
    minimumReceived: quote && toToken ? `${whole(minimumReceived(quote.toAmount, c.slippage), toToken.decimals)} ${toToken.symbol}` : '',
    slippage: c.slippage,
    fee: c.details ? formatFee(gas * BigInt(c.details.gasPrice), Number(native?.quantity.decimals ?? 18), native?.symbol ?? 'ETH', locale) : '',
    needsApproval: Boolean(c.details) && needsApproval(c, amountUnits),
    error: c.error,
    failure: c.failure,
    loading: snapshot.hasTag('loading'),
    unconfirmedHash: snapshot.hasTag('unconfirmed') ? c.unconfirmed?.hash : undefined,
    unconfirmedIsTransaction: snapshot.hasTag('unconfirmed') && c.unconfirmed !== undefined && c.unconfirmed.hash !== c.unconfirmed.batchId,
  }
}
