/**
 * The balances of the blockchain API (openapi/blockchain.yaml `TokenBalance`) read from real nodes: native and ERC-20
 * balances of an EVM node (`eth_getBalance`, `balanceOf`), SOL of a Solana RPC (`getBalance`). Shared by the kit's
 * blockchain API (./server.ts, `startBlockchainApi` of `latchkey/testing/node`) and the repository's reference API
 * server (dev/api/chain.ts and dev/api/solana.ts re-export them). Node or any runtime with `fetch`.
 */
import { BaseError as ViemBaseError, ContractFunctionZeroDataError, createPublicClient, erc20Abi, formatUnits, http } from 'viem'
import type { Address, PublicClient } from 'viem'
import { isSolanaAddress } from '../../../adapters/solana.base58.ts'
import type { TokenBalance } from '../../../services/schemas.ts'
import { TestWalletError } from '../../errors.ts'

export type { TokenBalance }

/** A native currency: its name, symbol and decimals. */
export type NativeCurrency = { name: string; symbol: string; decimals: number }

/** An ERC-20 token whose balances are read (`balanceOf`) on a chain. */
export type Erc20Token = { address: Address; name: string; symbol: string; decimals: number }

/** One EVM chain read: its CAIP-2 id and a viem public client on its RPC URL. */
export type ChainReader = {
  /** `eip155:<chainId>`. */
  caipNetworkId: string
  chainId: number
  rpcUrl: string
  client: PublicClient
}

/** What a balance read needs beside the chain: the native currency, the tokens, the USD prices and icons by symbol. */
export type BalanceSource = {
  native?: NativeCurrency | undefined
  tokens?: readonly Erc20Token[] | undefined
  /** USD per whole token, by symbol (0 when absent). */
  prices?: Readonly<Record<string, number>> | undefined
  /** An icon URL by symbol. */
  iconUrls?: Readonly<Record<string, string>> | undefined
}

/** JSON-RPC calls batched per read. */
const batchSize = 100

/**
 * A viem public client for a node: no response cache (`cacheTime: 0`, the chain changes under the tests) and JSON-RPC
 * batching.
 * @param chainId EVM chain id, e.g. 31337.
 * @param rpcUrl HTTP JSON-RPC URL, e.g. `http://127.0.0.1:8545`.
 */
export function createChainReader(chainId: number, rpcUrl: string): ChainReader {
  const client = createPublicClient({ transport: http(rpcUrl, { batch: { batchSize, wait: 0 }, retryCount: 1, timeout: 10_000 }), cacheTime: 0 }) as PublicClient
  return { caipNetworkId: `eip155:${chainId}`, chainId, rpcUrl, client }
}

/** A token's `iconUrl`, or nothing. */
function iconOf(source: Pick<BalanceSource, 'iconUrls'>, symbol: string): { iconUrl?: string } {
  const url = source.iconUrls?.[symbol]
  return url ? { iconUrl: url } : {}
}

/** Multiplies a decimal amount string by a USD price (floating point is fine for display values). */
function usdValue(amount: string, priceUsd: number): number {
  return Math.round(Number(amount) * priceUsd * 100) / 100
}

/**
 * `balanceOf(address)` of an ERC-20 token; 0 when the token has no code on the chain, so one missing contract does not
 * fail the whole answer.
 */
async function readTokenBalance(reader: ChainReader, token: Erc20Token, address: Address): Promise<bigint> {
  try {
    return await reader.client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
  } catch (error) {
    if (error instanceof ViemBaseError && error.walk((e) => e instanceof ContractFunctionZeroDataError) instanceof ContractFunctionZeroDataError) return 0n
    throw error
  }
}

/**
 * The balances of an address on one EVM chain: the native one (also at 0) and each token of `source.tokens` held (zero
 * balances and tokens without code left out).
 * @returns `TokenBalance`s: `quantity.numeric` in whole tokens as a decimal string, `quantity.decimals` as a string,
 *   `price` and `value` in USD; the native one has no `address`, a token's is CAIP-10.
 * @throws viem errors when the node does not answer.
 */
export async function readEvmBalances(reader: ChainReader, address: Address, source: BalanceSource = {}): Promise<TokenBalance[]> {
  const native = source.native ?? { name: 'Ether', symbol: 'ETH', decimals: 18 }
  const tokens = source.tokens ?? []
  const [wei, ...tokenBalances] = await Promise.all([reader.client.getBalance({ address }), ...tokens.map((token) => readTokenBalance(reader, token, address))])
  const priceOf = (symbol: string) => source.prices?.[symbol] ?? 0
  const nativeAmount = formatUnits(wei, native.decimals)
  const balances: TokenBalance[] = [
    {
      name: native.name,
      symbol: native.symbol,
      chainId: reader.caipNetworkId,
      value: usdValue(nativeAmount, priceOf(native.symbol)),
      price: priceOf(native.symbol),
      ...iconOf(source, native.symbol),
      quantity: { decimals: String(native.decimals), numeric: nativeAmount },
    },
  ]
  tokens.forEach((token, i) => {
    const raw = tokenBalances[i] ?? 0n
    if (raw === 0n) return
    const amount = formatUnits(raw, token.decimals)
    balances.push({
      name: token.name,
      symbol: token.symbol,
      chainId: reader.caipNetworkId,
      address: `${reader.caipNetworkId}:${token.address}`,
      value: usdValue(amount, priceOf(token.symbol)),
      price: priceOf(token.symbol),
      ...iconOf(source, token.symbol),
      quantity: { decimals: String(token.decimals), numeric: amount },
    })
  })
  return balances
}

// ---------------------------------------------------------------- Solana

/** The Solana network read: its CAIP-2 id and its JSON-RPC URL. */
export type SolanaReader = { caipNetworkId: string; rpcUrl: string }

/** SOL has 9 decimals: amounts are lamports. */
const solDecimals = 9

/** A Solana RPC did not answer, or answered an error or something that is not a balance. */
function solanaFailure(rpcUrl: string, method: string, details: string, cause?: unknown): TestWalletError {
  return new TestWalletError(`The Solana RPC at ${rpcUrl} did not answer ${method}`, { details, ...(cause ? { cause } : {}) })
}

/**
 * A reader of a Solana RPC: asks it for its genesis hash to learn the CAIP-2 id (`solana:<first 32 characters>`).
 * @throws TestWalletError when the RPC does not answer `getGenesisHash`.
 */
export async function createSolanaReader(rpcUrl: string): Promise<SolanaReader> {
  const genesisHash = await solanaRpc<string>(rpcUrl, 'getGenesisHash', [])
  if (typeof genesisHash !== 'string' || genesisHash.length < 32) throw solanaFailure(rpcUrl, 'getGenesisHash', `answered ${JSON.stringify(genesisHash)}`)
  return { caipNetworkId: `solana:${genesisHash.slice(0, 32)}`, rpcUrl }
}

/**
 * The Solana account a balance request is about, when it is one: a base58 address, or a CAIP-10
 * `solana:<reference>:<address>`; `chainId` (CAIP-2) wins over the CAIP-10 network. Undefined for anything else.
 */
export function parseSolanaAccount(text: string, chainId: string | undefined): { address: string; caipNetworkId: string | undefined } | undefined {
  const caip = /^(solana:[1-9A-HJ-NP-Za-km-z]{1,32}):([1-9A-HJ-NP-Za-km-z]+)$/.exec(text)
  if (caip?.[1] && caip[2] && isSolanaAddress(caip[2])) return { address: caip[2], caipNetworkId: chainId ?? caip[1] }
  if (isSolanaAddress(text)) return { address: text, caipNetworkId: chainId }
  return undefined
}

/**
 * The SOL balance of `address` as `TokenBalance`s: one native entry (also at 0), `quantity.numeric` in whole SOL,
 * `price` and `value` in USD from `source.prices.SOL`.
 * @throws TestWalletError when the RPC does not answer or answers an error.
 */
export async function readSolanaBalances(reader: SolanaReader, address: string, source: BalanceSource = {}): Promise<TokenBalance[]> {
  const answer = await solanaRpc<{ value: number }>(reader.rpcUrl, 'getBalance', [address, { commitment: 'confirmed' }])
  if (!Number.isSafeInteger(answer?.value) || answer.value < 0) throw solanaFailure(reader.rpcUrl, 'getBalance', `answered ${JSON.stringify(answer)}`)
  const numeric = formatLamports(BigInt(answer.value))
  const price = source.prices?.SOL ?? 0
  return [{ name: 'Solana', symbol: 'SOL', chainId: reader.caipNetworkId, value: usdValue(numeric, price), price, quantity: { decimals: String(solDecimals), numeric }, ...iconOf(source, 'SOL') }]
}

/** Lamports as whole SOL, a decimal string without trailing zeros ('1.5', '0', '0.000005'). */
export function formatLamports(lamports: bigint): string {
  const whole = lamports / 1_000_000_000n
  const fraction = (lamports % 1_000_000_000n).toString().padStart(solDecimals, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole.toString()
}

async function solanaRpc<T>(rpcUrl: string, method: string, params: unknown[]): Promise<T> {
  let body: { result?: T; error?: { message?: string } }
  try {
    const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }), signal: AbortSignal.timeout(10_000) })
    body = (await response.json()) as typeof body
  } catch (cause) {
    throw solanaFailure(rpcUrl, method, cause instanceof Error ? cause.message : String(cause), cause)
  }
  if (body.error) throw solanaFailure(rpcUrl, method, body.error.message ?? 'JSON-RPC error')
  return body.result as T
}
