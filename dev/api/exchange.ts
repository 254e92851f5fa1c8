/**
 * The convert (swap) side of the reference server, read from the Uniswap v2 exchange of the anvil chains
 * (`dev/dex`): swappable tokens from the factory's pairs, quotes from the router's `getAmountsOut`, price impact and
 * USD prices from the pools' reserves (against dUSDT), router calldata for approvals and swaps. Dev-only.
 */
import { encodeFunctionData, erc20Abi, formatUnits, getAddress, isAddress, maxUint256, zeroAddress } from 'viem'
import type { Address, Hex } from 'viem'
import type { components } from '../../openapi/blockchain.d.ts'
import { FACTORY_ADDRESS, NATIVE_TOKEN_ADDRESS, POOL_FEE_NUMERATOR, ROUTER_ADDRESS, WETH_ADDRESS, factoryAbi, pairAbi, routerAbi, wethAbi } from '../dex/exchange.ts'
import { DEV_TETHER_ADDRESS } from '../tokens/tokens.ts'
import type { ChainReader } from './chain.ts'
import type { Dataset } from './dataset.ts'
import { svgDataUri, tokenSvg } from './images.ts'
import { BaseError } from '../../kernel/errors.ts'

/** A swappable token (contract `SwapToken`). */
export type SwapToken = components['schemas']['SwapToken']
/** A transaction for the wallet to send (contract `TransactionRequest`). */
export type TransactionRequest = components['schemas']['TransactionRequest']

/** The errors of the convert calls: the status and the contract's `Error` message. */
export class ExchangeError extends BaseError {
  override name = 'ExchangeError'
  status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

/** The message of the 400 answered for a chain outside the swap networks (spec §8, word for word). */
export const notSupportedForSwaps = 'Network not supported for Swaps'
/** The message of the 400 answered for gas prices of a chain the server does not read (spec §8, word for word). */
export const notSupportedForGasPrice = 'Network not supported for Gas Price'

/** How long a built swap stays valid: its router `deadline` is the latest block's timestamp plus this, in seconds. */
export const swapDeadlineSeconds = 20n * 60n

/** A token of one swap network, resolved from its CAIP-10 address. */
export type ExchangeToken = { address: Address; native: boolean; name: string; symbol: string; decimals: number }

/** The exchange on one chain: its reader and what it caches (the token list, keyed by the factory's pair count). */
export type Exchange = {
  reader: ChainReader
  /** Set once the factory's code was found on the chain (it stays deployed). */
  deployed?: boolean
  tokens?: { pairs: bigint; list: ExchangeToken[] }
}

/** The pool-side address of a token: WETH for native ETH. */
const poolSide = (token: ExchangeToken): Address => (token.native ? WETH_ADDRESS : token.address)

/**
 * Whether the chain has the exchange (the factory's code is there); cached once true.
 *
 * @throws viem errors when the node does not answer.
 */
async function hasExchange(exchange: Exchange): Promise<boolean> {
  if (exchange.deployed) return true
  const code = await exchange.reader.client.getCode({ address: FACTORY_ADDRESS })
  exchange.deployed = code !== undefined && code !== '0x'
  return exchange.deployed
}

/**
 * The exchange of a CAIP-2 network, or a 400 `Network not supported for Swaps` when the server does not read that
 * chain or the chain has no exchange.
 */
export async function swapNetwork(exchanges: ReadonlyMap<string, Exchange>, caipNetworkId: string | undefined): Promise<Exchange> {
  const exchange = caipNetworkId === undefined ? undefined : exchanges.get(caipNetworkId)
  if (!exchange || !(await hasExchange(exchange))) throw new ExchangeError(400, notSupportedForSwaps)
  return exchange
}

/**
 * The swappable tokens of a chain, read from the factory: every token of every pair (name, symbol, decimals from
 * the token), native ETH first when a pair holds WETH. Cached until the factory's pair count changes.
 *
 * @throws viem errors when the node does not answer.
 */
export async function listTokens(exchange: Exchange): Promise<ExchangeToken[]> {
  const { client } = exchange.reader
  const pairs = await client.readContract({ address: FACTORY_ADDRESS, abi: factoryAbi, functionName: 'allPairsLength' })
  if (exchange.tokens?.pairs === pairs) return exchange.tokens.list
  const pairAddresses = await Promise.all(Array.from({ length: Number(pairs) }, (_, i) => client.readContract({ address: FACTORY_ADDRESS, abi: factoryAbi, functionName: 'allPairs', args: [BigInt(i)] })))
  const sides = await Promise.all(
    pairAddresses.flatMap((pair) => [client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }), client.readContract({ address: pair, abi: pairAbi, functionName: 'token1' })]),
  )
  const addresses = [...new Set(sides.map((a) => getAddress(a)))]
  const list = await Promise.all(
    addresses.map(async (address): Promise<ExchangeToken> => {
      const [name, symbol, decimals] = await Promise.all([
        client.readContract({ address, abi: erc20Abi, functionName: 'name' }),
        client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }),
        client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }),
      ])
      return { address, native: false, name, symbol, decimals }
    }),
  )
  if (addresses.includes(WETH_ADDRESS)) list.unshift({ address: NATIVE_TOKEN_ADDRESS, native: true, name: 'Ether', symbol: 'ETH', decimals: 18 })
  exchange.tokens = { pairs, list }
  return list
}

/** A token as the contract's `SwapToken`: CAIP-10 address and icon (`dataset.tokenIconUrls`, else a generated one). */
export function toSwapToken(exchange: Exchange, token: ExchangeToken, dataset: Pick<Dataset, 'tokenIconUrls'>): SwapToken {
  return {
    name: token.name,
    symbol: token.symbol,
    address: `${exchange.reader.caipNetworkId}:${token.address}`,
    decimals: token.decimals,
    logoUri: dataset.tokenIconUrls?.[token.symbol] ?? svgDataUri(tokenSvg(token.symbol)),
    eip2612: false,
  }
}

/** Splits a CAIP-10 `eip155:<id>:0x…` into its network and address; 400 naming `what` otherwise. */
export function parseCaip10(text: string, what: string): { caipNetworkId: string; address: Address } {
  const match = /^(eip155:\d+):(0x[0-9a-fA-F]{40})$/.exec(text)
  if (!match?.[1] || !match[2] || !isAddress(match[2], { strict: false })) {
    if (/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:/.test(text) && !text.startsWith('eip155:')) throw new ExchangeError(400, notSupportedForSwaps)
    throw new ExchangeError(400, `Invalid ${what} '${text}': expected a CAIP-10 token address (eip155:<chain id>:0x…)`)
  }
  return { caipNetworkId: match[1], address: getAddress(match[2]) }
}

/**
 * Resolves a CAIP-10 token of the convert API on its swap network: 400 `Network not supported for Swaps` off the
 * swap networks, 400 `Unknown <what> token` when no pool holds it.
 */
export async function resolveToken(exchanges: ReadonlyMap<string, Exchange>, caip10: string, what: string): Promise<{ exchange: Exchange; token: ExchangeToken }> {
  const { caipNetworkId, address } = parseCaip10(caip10, `${what} token`)
  const exchange = await swapNetwork(exchanges, caipNetworkId)
  const token = (await listTokens(exchange)).find((t) => t.address.toLowerCase() === address.toLowerCase())
  if (!token) throw new ExchangeError(400, `Unknown ${what} token '${caip10}': not in a pool of ${caipNetworkId} (see /v1/convert/tokens)`)
  return { exchange, token }
}

/** Parses an amount in the token's smallest unit: a positive integer, else 400. */
export function parseAmount(text: string): bigint {
  if (!/^\d+$/.test(text) || BigInt(text) === 0n) throw new ExchangeError(400, `Invalid amount '${text}': expected a positive integer in the token's smallest unit`)
  return BigInt(text)
}

/** Parses a 0x account address or a CAIP-10 account; 400 otherwise. */
export function parseUser(text: string): Address {
  const caip = /^eip155:\d+:(0x[0-9a-fA-F]{40})$/.exec(text)
  const raw = caip?.[1] ?? text
  if (!isAddress(raw, { strict: false })) throw new ExchangeError(400, `Invalid userAddress '${text}': expected a 0x address or a CAIP-10 account`)
  return getAddress(raw)
}

/** A quote of the exchange: what `amountIn` of `from` buys of `to` now, on which path, and its price impact. */
export type ExchangeQuote = {
  kind: 'swap' | 'wrap' | 'unwrap'
  amountIn: bigint
  amountOut: bigint
  /** The router path (pool-side addresses; WETH for ETH); empty for wrap and unwrap. */
  path: Address[]
  /**
   * The price impact in percent: how much less `amountOut` is than the pools' mid price gives for `amountIn` once
   * the 0.3 % fee per pool is taken (0 for wrap and unwrap), i.e. the part due to the trade's size against the
   * reserves.
   */
  priceImpact: number
}

/**
 * Quotes `amountIn` of `from` for `to`: ETH ↔ WETH is a 1:1 wrap or unwrap; anything else goes through the direct
 * pool (the router's `getAmountsOut` on `[from, to]`, ETH as WETH). Price impact from the reserves read in the same
 * block.
 *
 * @throws ExchangeError 400 for the same token twice, 422 `No liquidity` when no pool holds both tokens.
 * @throws viem errors when the node does not answer.
 */
export async function quote(exchange: Exchange, from: ExchangeToken, to: ExchangeToken, amountIn: bigint): Promise<ExchangeQuote> {
  if (from.address === to.address) throw new ExchangeError(400, `Cannot swap ${from.symbol} for itself`)
  if (from.native && to.address === WETH_ADDRESS) return { kind: 'wrap', amountIn, amountOut: amountIn, path: [], priceImpact: 0 }
  if (from.address === WETH_ADDRESS && to.native) return { kind: 'unwrap', amountIn, amountOut: amountIn, path: [], priceImpact: 0 }
  const { client } = exchange.reader
  const path = [poolSide(from), poolSide(to)]
  const blockNumber = await client.getBlockNumber()
  const pair = await client.readContract({ address: FACTORY_ADDRESS, abi: factoryAbi, functionName: 'getPair', args: [path[0]!, path[1]!], blockNumber })
  const reserves = pair === zeroAddress ? undefined : await readPoolReserves(exchange, pair, path[0]!, blockNumber)
  if (!reserves || reserves.reserveIn === 0n || reserves.reserveOut === 0n) throw new ExchangeError(422, `No liquidity between ${from.symbol} and ${to.symbol}`)
  const amounts = await client.readContract({ address: ROUTER_ADDRESS, abi: routerAbi, functionName: 'getAmountsOut', args: [amountIn, path], blockNumber })
  const amountOut = amounts[amounts.length - 1] ?? 0n
  if (amountOut === 0n) throw new ExchangeError(422, `Amount too small: ${amountIn} of ${from.symbol}'s smallest unit buys no ${to.symbol}`)
  // Mid price after the fee: amountIn × 0.997 × reserveOut / reserveIn; the impact is the shortfall against it.
  const ideal = amountIn * POOL_FEE_NUMERATOR * reserves.reserveOut
  const actual = amountOut * 1000n * reserves.reserveIn
  const impactPpm = ideal === 0n ? 0n : ((ideal - actual) * 1_000_000n) / ideal
  return { kind: 'swap', amountIn, amountOut, path, priceImpact: Number(impactPpm) / 10_000 }
}

async function readPoolReserves(exchange: Exchange, pair: Address, tokenIn: Address, blockNumber?: bigint): Promise<{ reserveIn: bigint; reserveOut: bigint }> {
  const { client } = exchange.reader
  const [token0, [reserve0, reserve1]] = await Promise.all([
    client.readContract({ address: pair, abi: pairAbi, functionName: 'token0', blockNumber }),
    client.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves', blockNumber }),
  ])
  return token0.toLowerCase() === tokenIn.toLowerCase() ? { reserveIn: reserve0, reserveOut: reserve1 } : { reserveIn: reserve1, reserveOut: reserve0 }
}

/**
 * The USD price of one whole token from the pools' reserves against dUSDT (1 dUSDT = 1 USD): dUSDT itself 1; a
 * token with a dUSDT pool its mid price there (ETH through WETH/dUSDT); otherwise through WETH (its WETH pool's mid
 * price times WETH's). `undefined` when no pool prices it.
 *
 * @throws viem errors when the node does not answer.
 */
export async function priceUsd(exchange: Exchange, token: ExchangeToken): Promise<number | undefined> {
  const side = poolSide(token)
  if (side === DEV_TETHER_ADDRESS) return 1
  const tokens = await listTokens(exchange)
  const decimalsOf = (address: Address) => tokens.find((t) => t.address === address)?.decimals ?? 18
  const midPrice = async (base: Address, quoteToken: Address): Promise<number | undefined> => {
    const pair = await exchange.reader.client.readContract({ address: FACTORY_ADDRESS, abi: factoryAbi, functionName: 'getPair', args: [base, quoteToken] })
    if (pair === zeroAddress) return undefined
    const { reserveIn, reserveOut } = await readPoolReserves(exchange, pair, base)
    if (reserveIn === 0n || reserveOut === 0n) return undefined
    return Number(formatUnits(reserveOut, decimalsOf(quoteToken))) / Number(formatUnits(reserveIn, decimalsOf(base)))
  }
  const direct = await midPrice(side, DEV_TETHER_ADDRESS)
  if (direct !== undefined || side === WETH_ADDRESS) return direct
  const [inWeth, wethUsd] = await Promise.all([midPrice(side, WETH_ADDRESS), midPrice(WETH_ADDRESS, DEV_TETHER_ADDRESS)])
  return inWeth !== undefined && wethUsd !== undefined ? inWeth * wethUsd : undefined
}

/**
 * USD prices by symbol of every swappable token of the chain ({@link priceUsd}), for balances; empty without an
 * exchange.
 *
 * @throws viem errors when the node does not answer.
 */
export async function pricesBySymbol(exchange: Exchange): Promise<Record<string, number>> {
  if (!(await hasExchange(exchange))) return {}
  const tokens = await listTokens(exchange)
  const prices = await Promise.all(tokens.map((token) => priceUsd(exchange, token)))
  return Object.fromEntries(tokens.flatMap((token, i) => (prices[i] === undefined ? [] : [[token.symbol, prices[i]]])))
}

/** Parses a slippage percentage (`'1'`, `'0.5'`) into basis points; 400 unless between 0 and 50. */
export function parseSlippage(text: string): bigint {
  if (!/^\d+(\.\d{1,2})?$/.test(text) || Number(text) > 50) throw new ExchangeError(400, `Invalid slippage '${text}': expected a percentage between 0 and 50, at most 2 decimals`)
  const [whole = '0', fraction = ''] = text.split('.')
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))
}

/** `amountOut × (1 − slippage)`, rounded down: the least a swap may pay out before the router reverts. */
export function minimumOut(amountOut: bigint, slippageBps: bigint): bigint {
  return (amountOut * (10_000n - slippageBps)) / 10_000n
}

/**
 * The transaction that swaps `quote.amountIn` of `from` for at least `amountOutMin` of `to`, paid to `user`: WETH
 * `deposit`/`withdraw` for a wrap or unwrap, else the router's `swapExactETHForTokens`, `swapExactTokensForETH` or
 * `swapExactTokensForTokens` with a deadline {@link swapDeadlineSeconds} after the latest block. `gas` from
 * `eth_estimateGas` unless `estimate` is false or the estimate fails (the approval is still missing, say): then the
 * wallet estimates.
 *
 * @throws viem errors when the node does not answer.
 */
export async function buildSwap(exchange: Exchange, parameters: { from: ExchangeToken; to: ExchangeToken; user: Address; quote: ExchangeQuote; amountOutMin: bigint; estimate: boolean }): Promise<TransactionRequest> {
  const { from, user, quote: q, amountOutMin, estimate } = parameters
  const { client } = exchange.reader
  let to: Address = ROUTER_ADDRESS
  let data: Hex
  if (q.kind === 'wrap' || q.kind === 'unwrap') {
    to = WETH_ADDRESS
    data = q.kind === 'wrap' ? encodeFunctionData({ abi: wethAbi, functionName: 'deposit' }) : encodeFunctionData({ abi: wethAbi, functionName: 'withdraw', args: [q.amountIn] })
  } else {
    const deadline = (await client.getBlock()).timestamp + swapDeadlineSeconds
    data = from.native
      ? encodeFunctionData({ abi: routerAbi, functionName: 'swapExactETHForTokens', args: [amountOutMin, q.path, user, deadline] })
      : parameters.to.native
        ? encodeFunctionData({ abi: routerAbi, functionName: 'swapExactTokensForETH', args: [q.amountIn, amountOutMin, q.path, user, deadline] })
        : encodeFunctionData({ abi: routerAbi, functionName: 'swapExactTokensForTokens', args: [q.amountIn, amountOutMin, q.path, user, deadline] })
  }
  const value = from.native ? q.amountIn : 0n
  return withGas(exchange, { from: user, to, data, value: value.toString() }, estimate)
}

/**
 * The approval of the router to spend `token` for `user` (`approve(router, 2²⁵⁶ − 1)`).
 *
 * @throws ExchangeError 400 for native ETH (nothing to approve).
 */
export async function buildApprove(exchange: Exchange, token: ExchangeToken, user: Address): Promise<TransactionRequest> {
  if (token.native) throw new ExchangeError(400, `${token.symbol} is the native token: it needs no approval`)
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER_ADDRESS, maxUint256] })
  return withGas(exchange, { from: user, to: token.address, data, value: '0' }, true)
}

/** The router's allowance of `user` for `token` (2²⁵⁶ − 1 for native ETH, which needs none). */
export async function readAllowance(exchange: Exchange, token: ExchangeToken, user: Address): Promise<bigint> {
  if (token.native) return maxUint256
  return exchange.reader.client.readContract({ address: token.address, abi: erc20Abi, functionName: 'allowance', args: [user, ROUTER_ADDRESS] })
}

async function withGas(exchange: Exchange, tx: TransactionRequest, estimate: boolean): Promise<TransactionRequest> {
  if (!estimate) return tx
  try {
    const gas = await exchange.reader.client.estimateGas({ account: tx.from as Address, to: tx.to as Address, data: tx.data as Hex, value: BigInt(tx.value) })
    return { ...tx, gas: gas.toString() }
  } catch {
    return tx
  }
}
