import { parseUnits } from 'viem'
import type { TokenBalance } from '../services/schemas.ts'

/*
 * The swap's token and amount helpers, apart from the machine: the view model (swap.connect.ts) needs them, and a view
 * prefetched ahead (Account shows Swap's chunk before the click) must not bring the machine with it.
 */

/** The contract address the convert API gives the native currency (ETH) of an eip155 chain. */
export const nativeTokenAddress = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

/** Spec §9: the slippage tolerance, in percent. */
export const defaultSlippage = '1'

/** The gas a swap is priced with on the review when the API gives no estimate (an approval still missing). */
export const fallbackSwapGas = 200_000n

/** The headroom added to the gas limit of a transaction the API built, in percent of its estimate. */
export const gasHeadroomPercent = 25n

/**
 * The gas limit the wallet is asked with for a transaction the convert API built (`gas`, decimal): the API's estimate
 * plus {@link gasHeadroomPercent}, rounded up. The estimate was made against the chain at build time; mined in a later
 * block the same swap can cost more (a Uniswap v2 pair writes its cumulative prices on the first trade of each block,
 * about 10,000 gas; a pool that moved meanwhile takes another path through the code), and a limit with no headroom then
 * runs out of gas: the swap reverts and its fee is paid for nothing. Gas left unused is not paid, so the headroom costs
 * the visitor nothing when it is not needed. No estimate stays none (the wallet estimates); a value that is not decimal
 * is passed on unchanged for the transfer adapter to refuse (InvalidTransferError).
 *
 * @param gas the API's estimate in gas units, decimal, or undefined.
 * @returns the limit in gas units, decimal, or undefined.
 */
export function gasLimitWithHeadroom(gas: string | undefined): string | undefined {
  if (gas === undefined || !/^\d+$/.test(gas)) return gas
  const estimate = BigInt(gas)
  return ((estimate * (100n + gasHeadroomPercent) + 99n) / 100n).toString()
}

/** A token of the convert API (`/v1/convert/tokens`): its CAIP-10 address, decimals and icon. */
export type SwapToken = { name: string; symbol: string; address: string; decimals: number; logoUri: string }

/**
 * The review's details: the gas price (wei), the router's allowance of the from token, the swap's gas, and whether the
 * from token's own contract settles the swap (`tokenSettles`: an unwrap, WETH `withdraw`, spends no allowance).
 */
export type SwapReviewDetails = { gasPrice: string; allowance: string; gas?: string | undefined; tokenSettles?: boolean | undefined }

/** The contract address part of a CAIP-10 address. */
export const addressPart = (caip10: string): string => caip10.split(':').at(-1) ?? caip10

/** Whether a CAIP-10 token address is the chain's native currency. */
export const isNativeToken = (caip10: string | undefined): boolean => Boolean(caip10) && addressPart(caip10!).toLowerCase() === nativeTokenAddress.toLowerCase()

/** The balance of a swap token among the account's balances (the native one has no address there); undefined when none. */
export function balanceOf(token: SwapToken | undefined, balances: readonly TokenBalance[]): TokenBalance | undefined {
  if (!token) return undefined
  if (isNativeToken(token.address)) return balances.find((b) => !b.address)
  return balances.find((b) => b.address && addressPart(b.address).toLowerCase() === addressPart(token.address).toLowerCase())
}

/** A balance in its token's smallest unit; 0n when none or malformed. */
export function balanceUnits(balance: TokenBalance | undefined): bigint {
  if (!balance) return 0n
  try {
    return parseUnits(balance.quantity.numeric, Number(balance.quantity.decimals))
  } catch {
    return 0n
  }
}

/**
 * A slippage tolerance in basis points (1 % = 100): a number of percent above 0 and at most 50 with at most two
 * decimals; undefined otherwise.
 */
export function slippageBps(slippage: string): bigint | undefined {
  const text = slippage.trim()
  if (!/^(\d+(\.\d{1,2})?|\.\d{1,2})$/.test(text)) return undefined
  const bps = parseUnits(text.startsWith('.') ? `0${text}` : text, 2)
  return bps > 0n && bps <= 5_000n ? bps : undefined
}

/** The least the swap pays with the slippage tolerance: `toAmount` × (1 − slippage), rounded down (smallest unit). */
export function minimumReceived(toAmount: string | bigint, slippage: string): bigint {
  const bps = slippageBps(slippage) ?? 100n
  return (BigInt(toAmount) * (10_000n - bps)) / 10_000n
}

/**
 * Whether the router must be approved before the swap: not for the native currency, not when the from token's own
 * contract settles the swap (an unwrap), else when the allowance is short of `amount` (smallest unit).
 */
export function needsApproval(context: { fromToken?: string | undefined; details?: SwapReviewDetails | undefined }, amount: bigint): boolean {
  if (isNativeToken(context.fromToken) || context.details?.tokenSettles) return false
  return BigInt(context.details?.allowance ?? '0') < amount
}
