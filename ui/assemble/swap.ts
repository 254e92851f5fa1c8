import { fromPromise } from 'xstate'
import { callForeign } from '../../adapters/boundary.ts'
import { ApiError } from '../../services/api.ts'
import { GasPriceNotSupportedError, NoLiquidityError, SwapNetworkNotSupportedError, swapMachine, isNativeToken, addressPart, gasLimitWithHeadroom, type SwapTransaction } from '../../machines/swap.ts'
import { transactionMachine } from '../../machines/transaction.ts'
import type { FeatureHost } from './host.ts'
import { waitForEndOn } from './transaction.ts'
import { walletCallActors } from './walletCalls.ts'
import { batchMachine } from '../../machines/batch.ts'

/** The API's answer as one of the swap machine's errors: its spec §8 strings and 'No liquidity' (422) are told apart. */
function swapApiError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error
  const message = (error.body as { message?: unknown } | undefined)?.message
  const text = typeof message === 'string' ? message : ''
  if (text === 'Network not supported for Swaps') return new SwapNetworkNotSupportedError(error.message)
  if (text === 'Network not supported for Gas Price') return new GasPriceNotSupportedError(error.message)
  if (error.status === 422) return new NoLiquidityError(text || error.message)
  return error
}
const mapped = async <T>(fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn()
  } catch (error) {
    throw swapApiError(error)
  }
}

/**
 * The swap machine (spec §2 "Swap takes swap arguments", §7 convert) on this instance's blockchain API (the convert calls of spec §7, the balances) and
 * the eip155 transfer adapter's `sendContractCall` (the connector's EIP-1193 provider: a browser wallet,
 * WalletConnect, the embedded wallet); the approval and the swap go as one batch through the same provider's
 * EIP-5792 methods when the wallet runs calls atomically on the chain. A dapp's own transfer adapter is foreign code: its calls go through the boundary.
 */
export function assemble(host: FeatureHost) {
  const api = () => host.blockchain()
  const wallet = walletCallActors(host)
  return swapMachine.provide({
    actors: {
      getCapabilities: wallet.getCapabilities,
      // Approve + swap in one prompt (EIP-5792, `atomicRequired`): never the one-by-one fallback, nothing kept in storage.
      batch: batchMachine.provide({ actors: { getCapabilities: wallet.getCapabilities, sendCalls: wallet.sendCalls, getCallsStatus: wallet.getCallsStatus } }),
      loadSwap: fromPromise(({ input }) =>
        mapped(async () => {
          const b = await api()
          const [{ tokens }, balances] = await Promise.all([b.getSwapTokens({ chainId: input.caipNetworkId }), b.getBalances({ address: input.address, chainId: input.caipNetworkId, force: true })])
          return { tokens: tokens.map((t) => ({ name: t.name, symbol: t.symbol, address: t.address, decimals: t.decimals, logoUri: t.logoUri })), balances }
        }),
      ),
      fetchQuote: fromPromise(({ input }) =>
        mapped(async () => {
          const { quotes } = await (await api()).getSwapQuotes({ amount: input.amount, userAddress: input.userAddress, from: input.from, to: input.to })
          const quote = quotes[0]
          if (!quote) throw new NoLiquidityError('No quote')
          return { fromAmount: quote.fromAmount, toAmount: quote.toAmount, ...(quote.priceImpact !== undefined ? { priceImpact: quote.priceImpact } : {}) }
        }),
      ),
      prepareReview: fromPromise(({ input }) =>
        mapped(async () => {
          const b = await api()
          const [gas, allowance, built] = await Promise.all([
            b.getGasPrice({ chainId: input.caipNetworkId }),
            isNativeToken(input.from) ? Promise.resolve({ allowance: (2n ** 256n - 1n).toString() }) : b.getSwapAllowance({ tokenAddress: input.from, userAddress: input.userAddress }),
            // The swap's gas for the fee; without the approval the estimate fails and the API leaves it out.
            b.buildSwapTransaction({ amount: input.amount, slippage: input.slippage, from: input.from, to: input.to, userAddress: input.userAddress }).catch(() => undefined),
          ])
          // Sent to the from token's own contract (an unwrap: WETH `withdraw`), the swap spends no allowance.
          const tokenSettles = built !== undefined && built.tx.to.toLowerCase() === addressPart(input.from).toLowerCase()
          return { gasPrice: gas.standard, allowance: allowance.allowance, ...(built?.tx.gas ? { gas: built.tx.gas } : {}), ...(tokenSettles ? { tokenSettles } : {}) }
        }),
      ),
      buildApprove: fromPromise(({ input }) =>
        mapped(async () => {
          const built = await (await api()).buildSwapApprove({ userAddress: input.userAddress, from: input.from, to: input.to })
          if (!built) throw new SwapNetworkNotSupportedError()
          return { ...built.tx, gas: gasLimitWithHeadroom(built.tx.gas) }
        }),
      ),
      buildSwap: fromPromise(({ input }) =>
        mapped(async () => {
          const built = await (await api()).buildSwapTransaction({ amount: input.amount, slippage: input.slippage, from: input.from, to: input.to, userAddress: input.userAddress })
          if (!built) throw new SwapNetworkNotSupportedError()
          // The API's estimate is of the chain at build time: the wallet gets headroom so a later block cannot run it out of gas.
          return { ...built.tx, gas: gasLimitWithHeadroom(built.tx.gas) }
        }),
      ),
      fetchAllowance: fromPromise(({ input }) => mapped(async () => (await api()).getSwapAllowance({ tokenAddress: input.from, userAddress: input.userAddress }))),
      // One transaction (the approval, then the swap): the wallet asked through the transfer adapter's
      // `sendContractCall`, the chain's end by the receipt rule (adapters/receipt.ts); the wait stops with the actor.
      transaction: transactionMachine.provide({
        actors: {
          send: fromPromise(async ({ input }) => {
            const transfer = await host.transfer(input.caipNetworkId)
            if (!transfer.sendContractCall) throw new SwapNetworkNotSupportedError('The transfer adapter cannot send a prepared transaction.')
            const tx = input.request as SwapTransaction
            return callForeign('transferAdapter.sendContractCall', () =>
              transfer.sendContractCall!({ connectorId: input.connectorId, caipNetworkId: input.caipNetworkId, from: tx.from, to: tx.to, data: tx.data, value: tx.value, gas: tx.gas }),
            )
          }),
          waitForEnd: waitForEndOn(host),
        },
      }),
    },
  })
}
