/**
 * The real data of the reference server: native and ERC-20 balances, transaction history and gas prices
 * read with viem from the anvil chains it was given. Dev-only.
 */
import { formatUnits, getAddress, parseAbi, parseAbiItem, parseEventLogs } from 'viem'
import { createChainReader, readEvmBalances } from '../../testing/node/blockchainApi/balances.ts'
import type { ChainReader } from '../../testing/node/blockchainApi/balances.ts'
import { ROUTER_ADDRESS, WETH_ADDRESS } from '../dex/exchange.ts'
import type { Address, Hash, Transaction as ViemTransaction, TransactionReceipt } from 'viem'
import type { components } from '../../openapi/blockchain.d.ts'
import type { Dataset, Erc20Token } from './dataset.ts'

/** A token balance (contract `TokenBalance`). */
export type TokenBalance = components['schemas']['TokenBalance']
/** A transaction with its transfers (contract `Transaction`). */
export type HistoryTransaction = components['schemas']['Transaction']

export type { ChainReader }
export { createChainReader }

/** Multiplies a decimal amount string by a USD price (floating point is fine for display values). */
function usdValue(amount: string, priceUsd: number): number {
  return Math.round(Number(amount) * priceUsd * 100) / 100
}

/** Transactions per history page. */
export const historyPageSize = 10
/** How many blocks below the newest one a history scan looks at, at most. */
export const historyScanBlocks = 2_000
/** Blocks fetched per JSON-RPC batch while scanning. */
const scanChunk = 100

/**
 * The balances of an address on one chain: the native balance (`eth_getBalance`) and every ERC-20 token of
 * `dataset.erc20Tokens[caipNetworkId]` (`balanceOf`; zero balances and tokens without code left out), read by the
 * kit's `readEvmBalances` (testing/node/blockchainApi/balances.ts).
 *
 * @param reader the chain.
 * @param address 0x address.
 * @param dataset prices (USD per whole token, by symbol), native currency and token list.
 * @param prices USD prices by symbol that override `dataset.pricesUsd` (the exchange's pool prices, `exchange.ts`).
 * @returns `TokenBalance`s: `quantity.numeric` in whole tokens as a decimal string, `quantity.decimals` as a
 *   string, `price` and `value` in USD; the native one has no `address`.
 * @throws viem errors when the RPC does not answer.
 */
export function readBalances(reader: ChainReader, address: Address, dataset: Dataset, prices: Readonly<Record<string, number>> = {}): Promise<TokenBalance[]> {
  return readEvmBalances(reader, address, {
    native: dataset.nativeCurrencies[reader.caipNetworkId],
    tokens: dataset.erc20Tokens[reader.caipNetworkId],
    prices: { ...dataset.pricesUsd, ...prices },
    iconUrls: dataset.tokenIconUrls,
  })
}

const wethEvents = parseAbi(['event Deposit(address indexed dst, uint256 wad)', 'event Withdrawal(address indexed src, uint256 wad)'])

/**
 * The transfers of a transaction the address sent to the exchange of dev/dex that `Transfer` logs do not show, or
 * `undefined` when it went elsewhere: a swap through the router pays ETH out by unwrapping WETH (its `Withdrawal`
 * events from the router: ETH in); WETH `deposit` and `withdraw` emit `Deposit`/`Withdrawal`, not `Transfer` (WETH
 * in, or WETH out and ETH in).
 */
function exchangeTransfers(
  me: string,
  tx: ViemTransaction,
  receipt: TransactionReceipt | undefined,
  native: { name: string; symbol: string; decimals: number },
  nativePrice: number,
  wethPrice: number,
): HistoryTransfer[] | undefined {
  const to = tx.to?.toLowerCase()
  const router = ROUTER_ADDRESS.toLowerCase()
  const weth = WETH_ADDRESS.toLowerCase()
  if (to !== router && to !== weth) return undefined
  const events = receipt ? parseEventLogs({ abi: wethEvents, logs: receipt.logs.filter((log) => log.address.toLowerCase() === weth) }) : []
  const transfer = (direction: 'in' | 'out', wad: bigint, wrappedToken: boolean): HistoryTransfer => {
    const amount = formatUnits(wad, 18)
    const price = wrappedToken ? wethPrice : nativePrice
    return {
      operation_type: 'transfer',
      direction,
      fungible_info: wrappedToken ? { name: 'Wrapped Ether', symbol: 'WETH' } : { name: native.name, symbol: native.symbol },
      quantity: { decimals: '18', numeric: amount },
      value: usdValue(amount, price),
      price,
    }
  }
  const transfers: HistoryTransfer[] = []
  for (const event of events) {
    if (event.eventName === 'Withdrawal' && event.args.src.toLowerCase() === router && to === router) transfers.push(transfer('in', event.args.wad, false))
    if (to !== weth) continue
    if (event.eventName === 'Deposit' && event.args.dst.toLowerCase() === me) transfers.push(transfer('in', event.args.wad, true))
    if (event.eventName === 'Withdrawal' && event.args.src.toLowerCase() === me) transfers.push(transfer('out', event.args.wad, true), transfer('in', event.args.wad, false))
  }
  return transfers
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

/** The ERC-20 `Transfer` event, as every token of `dataset.erc20Tokens` emits it. */
const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)')

/** One ERC-20 `Transfer` log from or to the account, decoded. */
type TokenTransferLog = { token: Erc20Token; from: Address; to: Address; value: bigint; logIndex: number }

/**
 * The `Transfer` logs of the chain's ERC-20 tokens (`dataset.erc20Tokens`) from or to `address` in blocks
 * `fromBlock..toBlock`, grouped by transaction hash, each group in log order. Two `eth_getLogs` calls (sender
 * topic, recipient topic); a self-transfer matches both and is kept once.
 */
async function readTokenTransfers(reader: ChainReader, tokens: readonly Erc20Token[], address: Address, fromBlock: bigint, toBlock: bigint): Promise<Map<Hash, TokenTransferLog[]>> {
  const byTx = new Map<Hash, TokenTransferLog[]>()
  if (tokens.length === 0 || toBlock < fromBlock) return byTx
  const byAddress = new Map(tokens.map((token) => [token.address.toLowerCase(), token]))
  const filter = { address: tokens.map((token) => token.address), event: transferEvent, fromBlock, toBlock } as const
  const [sent, received] = await Promise.all([reader.client.getLogs({ ...filter, args: { from: address } }), reader.client.getLogs({ ...filter, args: { to: address } })])
  const seen = new Set<string>()
  for (const log of [...sent, ...received]) {
    const token = byAddress.get(log.address.toLowerCase())
    const { from, to, value } = log.args
    if (!token || log.transactionHash === null || log.logIndex === null || from === undefined || to === undefined || value === undefined) continue
    const key = `${log.transactionHash}:${log.logIndex}`
    if (seen.has(key)) continue
    seen.add(key)
    const group = byTx.get(log.transactionHash) ?? []
    group.push({ token, from, to, value, logIndex: log.logIndex })
    byTx.set(log.transactionHash, group)
  }
  for (const group of byTx.values()) group.sort((a, b) => a.logIndex - b.logIndex)
  return byTx
}

type Direction = 'in' | 'out' | 'self'
type HistoryTransfer = HistoryTransaction['transfers'][number]

function directionOf(me: string, from: string | null | undefined, to: string | null | undefined): Direction {
  const isFrom = from?.toLowerCase() === me
  const isTo = to?.toLowerCase() === me
  return isFrom && isTo ? 'self' : isFrom ? 'out' : 'in'
}

/**
 * One page of an address's transaction history on a chain, newest first: every transaction sent from or to
 * the address, and every transaction that moved one of the chain's ERC-20 tokens (`dataset.erc20Tokens`) from or
 * to it (their `Transfer` logs), found by scanning blocks from the newest down to at most
 * {@link historyScanBlocks} blocks below the newest one at the first page; the logs are read for the same range.
 *
 * Each is a `Transaction` whose `transfers` are, in order: the native-currency transfer (when the address sent or
 * received the transaction and it carried value, or when it moved no token of the address), then one transfer
 * per token `Transfer` log from or to the address (`fungible_info` with the token's name and symbol). Directions
 * are `in`, `out` or `self`; quantities in whole tokens. `operationType`: `deploy` (the address created a
 * contract), `receive` (sent by someone else, only incoming transfers), `send` (a plain value transfer, or a
 * call whose transfers only left the address, e.g. ERC-20 `transfer`), `trade` (a call the address made to the
 * exchange's router or WETH, dev/dex: the ETH a swap paid out and WETH wrapped or unwrapped are added from WETH's
 * `Deposit`/`Withdrawal` events), otherwise `execute`.
 *
 * @param reader the chain.
 * @param address 0x address, any case.
 * @param cursor where the previous page stopped, or `undefined` for the first page.
 * @param dataset prices, native currency and ERC-20 tokens.
 * @returns `{ data, next }`: up to {@link historyPageSize} transactions and the cursor of the next page
 *   (`null` when there are no more within the scanned range).
 * @throws viem errors when the RPC does not answer.
 */
export async function readHistory(reader: ChainReader, address: Address, cursor: HistoryCursor | undefined, dataset: Dataset): Promise<{ data: HistoryTransaction[]; next: string | null }> {
  const me = address.toLowerCase()
  const latest = await reader.client.getBlockNumber()
  const floor = cursor?.floor ?? (latest >= BigInt(historyScanBlocks) ? latest - BigInt(historyScanBlocks) + 1n : 0n)
  // A cursor above the newest block (the chain was reset meanwhile) restarts from the newest block.
  const resume = cursor !== undefined && cursor.block <= latest
  let block = resume ? cursor.block : latest
  let startIndex = resume ? cursor.index : undefined
  const tokenTransfers = await readTokenTransfers(reader, dataset.erc20Tokens[reader.caipNetworkId] ?? [], address, floor, block)
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
        if (tx.from.toLowerCase() !== me && tx.to?.toLowerCase() !== me && !tokenTransfers.has(tx.hash)) continue
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
  const nativePrice = dataset.pricesUsd[native.symbol] ?? 0

  const data = page.map(({ tx, timestamp }, i): HistoryTransaction => {
    const receipt = receipts[i]
    const isFrom = tx.from.toLowerCase() === me
    const isTo = tx.to?.toLowerCase() === me
    const recipient = tx.to ?? receipt?.contractAddress
    const sentTo = recipient ? getAddress(recipient) : ''
    const tokens = (tokenTransfers.get(tx.hash) ?? []).map((log): HistoryTransfer => {
      const amount = formatUnits(log.value, log.token.decimals)
      const price = dataset.pricesUsd[log.token.symbol] ?? 0
      return {
        operation_type: 'transfer',
        direction: directionOf(me, log.from, log.to),
        fungible_info: { name: log.token.name, symbol: log.token.symbol },
        quantity: { decimals: String(log.token.decimals), numeric: amount },
        value: usdValue(amount, price),
        price,
      }
    })
    // The exchange (dev/dex): what WETH's own events say moved (no Transfer log for them), and a swap is a trade.
    const wrapped = isFrom ? exchangeTransfers(me, tx, receipt, native, nativePrice, dataset.pricesUsd.WETH ?? nativePrice) : undefined
    const transfers: HistoryTransfer[] = []
    if ((isFrom || isTo) && (tx.value > 0n || (tokens.length === 0 && !wrapped?.length))) {
      const amount = formatUnits(tx.value, native.decimals)
      transfers.push({
        operation_type: 'transfer',
        direction: directionOf(me, tx.from, tx.to),
        fungible_info: { name: native.name, symbol: native.symbol },
        quantity: { decimals: String(native.decimals), numeric: amount },
        value: usdValue(amount, nativePrice),
        price: nativePrice,
      })
    }
    transfers.push(...tokens)
    if (wrapped) transfers.push(...wrapped)
    const onlyOut = tokens.length > 0 && transfers.every((t) => t.direction === 'out')
    const operationType = wrapped ? 'trade' : isFrom && tx.to === null ? 'deploy' : !isFrom ? (transfers.every((t) => t.direction === 'in') ? 'receive' : 'execute') : tx.input === '0x' || onlyOut ? 'send' : 'execute'
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
      transfers,
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
