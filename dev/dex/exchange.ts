/**
 * The Uniswap v2 exchange of the local dev chains: where its contracts live, which pools it seeds and the few ABI
 * fragments the reference API and the tests call. Browser-safe and light (no bytecode): `dev/dex/deploy.ts` deploys
 * it. The contracts are Uniswap v2's (GPL-3.0-or-later), used by the dev stack only, never bundled in the package.
 */
import { encodePacked, getAddress, getContractAddress, getCreate2Address, keccak256, parseAbi } from 'viem'
import type { Address, Hex } from 'viem'
import { DEV_TETHER_ADDRESS, DEV_TOKEN_ADDRESS } from '../tokens/tokens.ts'

/** The anvil dev account that deploys the exchange and provides its first liquidity: index 8 of the dev mnemonic. */
export const DEX_DEPLOYER_INDEX = 8

/**
 * Address of anvil dev account 8 (`mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 8 })`, funded with 10 000 ETH by
 * anvil). Its transactions at nonces 0, 1 and 2 deploy WETH9, the factory and the router, hence fixed addresses; it
 * then owns the pools' first liquidity (LP tokens). Nothing else uses it.
 */
export const DEX_DEPLOYER: Address = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'

/** Wrapped Ether (WETH9, from `@uniswap/v2-periphery/build/WETH9.json`): the deployer's contract at nonce 0. */
export const WETH_ADDRESS: Address = getContractAddress({ from: DEX_DEPLOYER, nonce: 0n })
/** UniswapV2Factory (`@uniswap/v2-core`), `feeToSetter` the deployer: nonce 1. */
export const FACTORY_ADDRESS: Address = getContractAddress({ from: DEX_DEPLOYER, nonce: 1n })
/** UniswapV2Router02 (`@uniswap/v2-periphery`) on that factory and WETH: nonce 2. */
export const ROUTER_ADDRESS: Address = getContractAddress({ from: DEX_DEPLOYER, nonce: 2n })

/**
 * keccak256 of UniswapV2Pair's creation code: the factory creates pairs with CREATE2 and this salt-independent hash,
 * and the router's `UniswapV2Library.pairFor` has it hard-coded. `deploy.ts` checks that the core artifact it deploys
 * hashes to it (otherwise the router computes pair addresses where no pool is).
 */
export const PAIR_INIT_CODE_HASH: Hex = '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'

/** The address of the pool of two tokens (in either order), as the factory creates it and the router finds it. */
export function pairAddress(tokenA: Address, tokenB: Address): Address {
  const [token0, token1] = sortTokens(tokenA, tokenB)
  return getCreate2Address({ from: FACTORY_ADDRESS, salt: keccak256(encodePacked(['address', 'address'], [token0, token1])), bytecodeHash: PAIR_INIT_CODE_HASH })
}

/** Two token addresses sorted as Uniswap v2 sorts them (numerically; `token0` first). */
export function sortTokens(tokenA: Address, tokenB: Address): [Address, Address] {
  const a = getAddress(tokenA)
  const b = getAddress(tokenB)
  return BigInt(a) < BigInt(b) ? [a, b] : [b, a]
}

/** A pool seeded at deployment: both tokens and the amounts deposited, in each token's smallest unit. */
export type DevPoolSeed = { tokenA: Address; amountA: bigint; tokenB: Address; amountB: bigint; label: string }

/**
 * The three pools and their first liquidity, for 1 ETH = 3000 dUSDT, 1 DEV = 1.5 dUSDT (so 1 ETH = 2000 DEV):
 * - WETH/dUSDT: 100 WETH + 300 000 dUSDT;
 * - WETH/DEV: 100 WETH + 200 000 DEV;
 * - DEV/dUSDT: 200 000 DEV + 300 000 dUSDT.
 */
export const devPoolSeeds: readonly DevPoolSeed[] = [
  { label: 'WETH/dUSDT', tokenA: WETH_ADDRESS, amountA: 100n * 10n ** 18n, tokenB: DEV_TETHER_ADDRESS, amountB: 300_000n * 10n ** 6n },
  { label: 'WETH/DEV', tokenA: WETH_ADDRESS, amountA: 100n * 10n ** 18n, tokenB: DEV_TOKEN_ADDRESS, amountB: 200_000n * 10n ** 18n },
  { label: 'DEV/dUSDT', tokenA: DEV_TOKEN_ADDRESS, amountA: 200_000n * 10n ** 18n, tokenB: DEV_TETHER_ADDRESS, amountB: 300_000n * 10n ** 6n },
]

/** The native token's address in the convert API (`0xeeee…eeee`, the usual convention). */
export const NATIVE_TOKEN_ADDRESS: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

/** The swap fee of every Uniswap v2 pool: 0.3 %, as numerator over 1000 (`amountIn × 997 / 1000` goes in). */
export const POOL_FEE_NUMERATOR = 997n

/**
 * Uniswap v2's `getAmountOut`: what a pool with `reserveIn`/`reserveOut` pays for `amountIn` (x·y = k after the
 * 0.3 % fee), rounded down like the contract.
 */
export function getAmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n
  const amountInWithFee = amountIn * POOL_FEE_NUMERATOR
  return (amountInWithFee * reserveOut) / (reserveIn * 1000n + amountInWithFee)
}

/** The router calls the API builds and reads. */
export const routerAbi = parseAbi([
  'function factory() view returns (address)',
  'function WETH() view returns (address)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

/** The factory calls the API reads. */
export const factoryAbi = parseAbi([
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
  'function allPairsLength() view returns (uint256)',
  'function allPairs(uint256) view returns (address pair)',
  'function feeToSetter() view returns (address)',
])

/** The pair calls the API reads. */
export const pairAbi = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
])

/** WETH9's wrap and unwrap. */
export const wethAbi = parseAbi(['function deposit() payable', 'function withdraw(uint256 wad)', 'function balanceOf(address) view returns (uint256)'])
