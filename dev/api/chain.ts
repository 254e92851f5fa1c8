/**
 * The real data of the reference server: native and ERC-20 balances, transaction history and gas prices
 * read with viem from the anvil chains it was given. Dev-only.
 */
import { createPublicClient, erc20Abi, formatUnits, getAddress, http } from 'viem'
import type { Address, Hash, PublicClient, Transaction as ViemTransaction } from 'viem'
import type { components } from '../../openapi/blockchain.d.ts'
import type { Dataset } from './dataset.ts'

/** A token balance (contract `TokenBalance`). */
export type TokenBalance = components['schemas']['TokenBalance']
/** A transaction with its transfers (contract `Transaction`). */
export type HistoryTransaction = components['schemas']['Transaction']

/** One chain the server reads: its CAIP-2 id and a viem public client on its RPC URL. */
export type ChainReader = {
  /** `eip155:<chainId>`. */
  caipNetworkId: string
  chainId: number
  rpcUrl: string
  client: PublicClient
}

/** Transactions per history page. */
export const historyPageSize = 10
/** How many blocks below the newest one a history scan looks at, at most. */
export const historyScanBlocks = 2_000
/** Blocks fetched per JSON-RPC batch while scanning. */
const scanChunk = 100

/**
 * A viem public client for an anvil chain: no response cache (`cacheTime: 0`, anvil changes under the tests)
 * and JSON-RPC batching (the history scan reads many blocks).
 *
 * @param chainId EVM chain id, e.g. 31337.
 * @param rpcUrl HTTP JSON-RPC URL, e.g. `http://127.0.0.1:8545`.
 * @returns the reader, see {@link ChainReader}.
 */
export function createChainReader(chainId: number, rpcUrl: string): ChainReader {
  const client = createPublicClient({
    transport: http(rpcUrl, { batch: { batchSize: scanChunk, wait: 0 }, retryCount: 1, timeout: 10_000 }),
    cacheTime: 0,
  }) as PublicClient
  return { caipNetworkId: `eip155:${chainId}`, chainId, rpcUrl, client }
}

/** Multiplies a decimal amount string by a USD price (floating point is fine for display values). */
function usdValue(amount: string, priceUsd: number): number {
  return Math.round(Number(amount) * priceUsd * 100) / 100
}

/**
 * The balances of an address on one chain: the native balance (`eth_getBalance`) and every ERC-20 token of
 * `dataset.erc20Tokens[caipNetworkId]` (`balanceOf`; zero balances left out).
 *
 * @param reader the chain.
 * @param address 0x address.
 * @param dataset prices (USD per whole token, by symbol), native currency and token list.
 * @returns `TokenBalance`s: `quantity.numeric` in whole tokens as a decimal string, `quantity.decimals` as a
 *   string, `price` and `value` in USD; the native one has no `address`.
 * @throws viem errors when the RPC does not answer.
 */
export async function readBalances(reader: ChainReader, address: Address, dataset: Dataset): Promise<TokenBalance[]> {
  const native = dataset.nativeCurrencies[reader.caipNetworkId] ?? { name: 'Ether', symbol: 'ETH', decimals: 18 }
  const tokens = dataset.erc20Tokens[reader.caipNetworkId] ?? []
  const [wei, ...tokenBalances] = await Promise.all([
    reader.client.getBalance({ address }),
    ...tokens.map((token) => reader.client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })),
  ])
  const nativePrice = dataset.pricesUsd[native.symbol] ?? 0
  const nativeAmount = formatUnits(wei, native.decimals)
  const balances: TokenBalance[] = [
    {
      name: native.name,
      symbol: native.symbol,
      chainId: reader.caipNetworkId,
      value: usdValue(nativeAmount, nativePrice),
      price: nativePrice,
      quantity: { decimals: String(native.decimals), numeric: nativeAmount },
    },
  ]
  tokens.forEach((token, i) => {
    const raw = tokenBalances[i] ?? 0n
    if (raw === 0n) return
    const amount = formatUnits(raw, token.decimals)
    const price = dataset.pricesUsd[token.symbol] ?? 0
    balances.push({
      name: token.name,
      symbol: token.symbol,
      chainId: reader.caipNetworkId,
      address: `${reader.caipNetworkId}:${token.address}`,
      value: usdValue(amount, price),
      price,
      quantity: { decimals: String(token.decimals), numeric: amount },
    })
  })
  return balances
}

/** Where a history scan stands: the next transaction to look at (block, index within it) and the lowest block. */
export type HistoryCursor = { block: bigint; index: number; floor: bigint }

/**
 * Encodes a {@link HistoryCursor} as an opaque URL-safe string.
 *
 * @returns base64url of a small JSON.
 */
export function encodeCursor(cursor: HistoryCursor): string {
  return Buffer.from(JSON.stringify({ b: cursor.block.toString(), i: cursor.index, f: cursor.floor.toString() }), 'utf8').toString('base64url')
}

/**
 * Decodes a cursor made by {@link encodeCursor}.
 *
 * @returns the cursor, or `undefined` when the string is not one.
 */
export function decodeCursor(text: string): HistoryCursor | undefined {
  try {
    const raw = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as { b?: unknown; i?: unknown; f?: unknown }
    if (typeof raw.b !== 'string' || typeof raw.f !== 'string' || typeof raw.i !== 'number') return undefined
    if (!/^\d+$/.test(raw.b) || !/^\d+$/.test(raw.f) || !Number.isInteger(raw.i) || raw.i < 0) return undefined
    return { block: BigInt(raw.b), index: raw.i, floor: BigInt(raw.f) }
  } catch {
    return undefined
  }
}

/**
 * One page of an address's transaction history on a chain, newest first: every transaction sent from or to
 * the address, found by scanning blocks from the newest down to at most {@link historyScanBlocks} blocks below
 * the newest one at the first page. Each is a `Transaction` with one native-currency `Transfer` (direction
 * `in`, `out` or `self`; quantity in whole tokens).
 *
 * @param reader the chain.
 * @param address 0x address, any case.
 * @param cursor where the previous page stopped, or `undefined` for the first page.
 * @param dataset prices and native currency.
 * @returns `{ data, next }`: up to {@link historyPageSize} transactions and the cursor of the next page
 *   (`null` when there are no more within the scanned range).
 * @throws viem errors when the RPC does not answer.
 */
export async function readHistory(
  reader: ChainReader,
  address: Address,
  cursor: HistoryCursor | undefined,
  dataset: Dataset,
): Promise<{ data: HistoryTransaction[]; next: string | null }> {
  const me = address.toLowerCase()
  const latest = await reader.client.getBlockNumber()
  const floor = cursor?.floor ?? (latest >= BigInt(historyScanBlocks) ? latest - BigInt(historyScanBlocks) + 1n : 0n)
  // A cursor above the newest block (the chain was reset meanwhile) restarts from the newest block.
  const resume = cursor !== undefined && cursor.block <= latest
  let block = resume ? cursor.block : latest
  let startIndex = resume ? cursor.index : undefined
  const found: Array<{ tx: ViemTransaction; timestamp: bigint; index: number }> = []

  scan: while (block >= floor) {
    const low = block - BigInt(scanChunk) + 1n > floor ? block - BigInt(scanChunk) + 1n : floor
    const numbers: bigint[] = []
    for (let n = block; n >= low; n--) numbers.push(n)
    const blocks = await Promise.all(numbers.map((blockNumber) => reader.client.getBlock({ blockNumber, includeTransactions: true })))
    for (const current of blocks) {
      const txs = current.transactions
      const from = startIndex !== undefined && current.number === block ? Math.min(startIndex, txs.length - 1) : txs.length - 1
      for (let index = from; index >= 0; index--) {
        const tx = txs[index]
        if (!tx) continue
        if (tx.from.toLowerCase() !== me && tx.to?.toLowerCase() !== me) continue
        found.push({ tx, timestamp: current.timestamp, index })
        if (found.length > historyPageSize) break scan
      }
    }
    startIndex = undefined
    block = low - 1n
  }

  const page = found.slice(0, historyPageSize)
  const after = found[historyPageSize]
  const next = after && after.tx.blockNumber !== null ? encodeCursor({ block: after.tx.blockNumber, index: after.index, floor }) : null
  const receipts = await Promise.all(page.map(({ tx }) => reader.client.getTransactionReceipt({ hash: tx.hash }).catch(() => undefined)))
  const native = dataset.nativeCurrencies[reader.caipNetworkId] ?? { name: 'Ether', symbol: 'ETH', decimals: 18 }
  const price = dataset.pricesUsd[native.symbol] ?? 0

  const data = page.map(({ tx, timestamp }, i): HistoryTransaction => {
    const receipt = receipts[i]
    const isFrom = tx.from.toLowerCase() === me
    const isTo = tx.to?.toLowerCase() === me
    const direction = isFrom && isTo ? 'self' : isFrom ? 'out' : 'in'
    const recipient = tx.to ?? receipt?.contractAddress
    const sentTo = recipient ? getAddress(recipient) : ''
    const amount = formatUnits(tx.value, native.decimals)
    const operationType = tx.to === null ? 'deploy' : direction === 'in' ? 'receive' : tx.input !== '0x' ? 'execute' : 'send'
    return {
      id: txId(reader.caipNetworkId, tx.hash),
      metadata: {
        minedAt: new Date(Number(timestamp) * 1000).toISOString(),
        chain: reader.caipNetworkId,
        hash: tx.hash,
        status: receipt === undefined ? 'pending' : receipt.status === 'success' ? 'confirmed' : 'failed',
        operationType,
        sentFrom: getAddress(tx.from),
        sentTo,
        nonce: tx.nonce,
      },
      transfers: [
        {
          operation_type: 'transfer',
          direction,
          fungible_info: { name: native.name, symbol: native.symbol },
          quantity: { decimals: String(native.decimals), numeric: amount },
          value: usdValue(amount, price),
          price,
        },
      ],
    }
  })
  return { data, next }
}

function txId(caipNetworkId: string, hash: Hash): string {
  return `${caipNetworkId}:${hash}`
}

/**
 * The chain's gas price (`eth_gasPrice`) with the usual multipliers: standard ×1, fast ×1.25, instant ×1.5.
 *
 * @returns wei as decimal strings.
 * @throws viem errors when the RPC does not answer.
 */
export async function readGasPrices(reader: ChainReader): Promise<{ standard: string; fast: string; instant: string }> {
  const wei = await reader.client.getGasPrice()
  return { standard: wei.toString(), fast: ((wei * 5n) / 4n).toString(), instant: ((wei * 3n) / 2n).toString() }
}
