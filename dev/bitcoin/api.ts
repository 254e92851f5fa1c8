/**
 * The Bitcoin routes of `openapi/blockchain/bitcoin.yaml` (`/v1/bitcoin/…`, Esplora-style) over a {@link UtxoIndex}, and
 * the native BTC entry of `/v1/account/{address}/balance` for the regtest chain id. `dev/api/handlers.ts` spreads
 * {@link bitcoinHandlers} into the blockchain handlers; the server holds one index per state (`reset()` makes a
 * fresh one). Dev-only.
 */
import type { components, operations as BlockchainOperations } from '../../openapi/blockchain.d.ts'
import { BaseError } from '../../adapters/errors.ts'
import { ApiHttpError } from '../api/handlers.ts'
import type { Handlers, Reply } from '../api/handlers.ts'
import { InvalidBitcoinAddressError, TransactionRefusedError } from './utxoIndex.ts'
import type { IndexedOutput, IndexedTransaction, TxStatus, UtxoIndex } from './utxoIndex.ts'

/** The operation ids this module answers. */
export type BitcoinOperationId = 'getBitcoinAddress' | 'getBitcoinUtxos' | 'getBitcoinTransactions' | 'getBitcoinTransaction' | 'broadcastBitcoinTransaction'

type Schemas = components['schemas']

/** The CAIP-2 id of the dev index's chain (regtest genesis hash prefix). */
export const regtestCaipNetworkId = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

/** Transactions per page of `GET /v1/bitcoin/address/{address}/txs`. */
export const bitcoinTxsPageSize = 25

const json = <T>(body: T): Reply<T> => ({ kind: 'json', status: 200, body })

/**
 * Handlers of the `/v1/bitcoin/…` operations over `index`.
 *
 * - An address of another network (`bc1…`, `tb1…` on regtest) or no address → 400 naming it.
 * - An unknown txid → 404. A refused broadcast → 400 with the refusal's message and its code as
 *   `reasons[0].description` (`DOUBLE_SPEND`, `BAD_SIGNATURE`, …).
 *
 * @param index the UTXO set to read and to apply broadcasts to.
 */
export function bitcoinHandlers(index: UtxoIndex): Handlers<Pick<BlockchainOperations, BitcoinOperationId>> {
  return {
    getBitcoinAddress: ({ path }) => {
      const summary = read(() => index.balance(path.address))
      const none = { funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 0 }
      return json({
        address: summary.address,
        chain_stats: {
          funded_txo_count: summary.fundedCount,
          funded_txo_sum: Number(summary.fundedSum),
          spent_txo_count: summary.spentCount,
          spent_txo_sum: Number(summary.spentSum),
          tx_count: summary.txCount,
        },
        mempool_stats: none,
      })
    },
    getBitcoinUtxos: ({ path }) => json(read(() => index.utxos(path.address)).map((u) => ({ txid: u.txid, vout: u.vout, value: Number(u.value), status: status(u.status) }))),
    getBitcoinTransactions: ({ path, query }) => {
      const history = read(() => index.history(path.address))
      let start = 0
      if (query.after_txid !== undefined) {
        const at = history.findIndex((tx) => tx.txid === query.after_txid)
        if (at < 0) throw new ApiHttpError(400, `after_txid ${query.after_txid} is not a transaction of ${path.address}`)
        start = at + 1
      }
      return json(history.slice(start, start + bitcoinTxsPageSize).map(transaction))
    },
    getBitcoinTransaction: ({ path }) => {
      const tx = index.getTx(path.txid)
      if (!tx) throw new ApiHttpError(404, `Transaction ${path.txid} not found`)
      return json(transaction(tx))
    },
    broadcastBitcoinTransaction: ({ body }) => {
      try {
        return json(index.broadcast(body.hex))
      } catch (error) {
        if (error instanceof TransactionRefusedError) throw new ApiHttpError(400, error.shortMessage, [{ description: error.code }])
        throw error
      }
    },
  }
}

/**
 * The native BTC balance of `address` as the `TokenBalance` list of `/v1/account/{address}/balance`, for the
 * regtest chain id only (other bip122 chains: an empty list). Spec §6 names eip155 and solana as the balance
 * namespaces; the Bitcoin adapter reads `/v1/bitcoin/address/{address}` instead, this entry is a convenience.
 *
 * @throws ApiHttpError 400 for an address of another network.
 */
export function bitcoinTokenBalances(index: UtxoIndex, address: string, chainId: string, priceUsd: number, iconUrl?: string): Schemas['TokenBalance'][] {
  if (chainId !== regtestCaipNetworkId) return []
  const sats = read(() => index.balance(address)).balance
  if (sats === 0n) return []
  const btc = Number(sats) / 1e8
  return [{ name: 'Bitcoin', symbol: 'BTC', chainId, value: btc * priceUsd, price: priceUsd, quantity: { decimals: '8', numeric: formatSats(sats) }, ...(iconUrl ? { iconUrl } : {}) }]
}

/** Satoshis as a decimal BTC string without trailing zeros (`150000000n` → `'1.5'`). */
export function formatSats(sats: bigint): string {
  const whole = sats / 100_000_000n
  const fraction = (sats % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}

/** Runs an index read; an address of another network becomes a 400. */
function read<T>(run: () => T): T {
  try {
    return run()
  } catch (error) {
    if (error instanceof InvalidBitcoinAddressError) throw new ApiHttpError(400, error.shortMessage + (error.details ? `. ${error.details}` : ''))
    if (error instanceof BaseError) throw new ApiHttpError(400, error.shortMessage)
    throw error
  }
}

function status(s: TxStatus): Schemas['BitcoinTxStatus'] {
  return { confirmed: true, block_height: s.height, block_hash: s.blockHash, block_time: s.time }
}

function output(o: IndexedOutput): Schemas['BitcoinTxOutput'] {
  return { scriptpubkey: o.scriptPubKey, ...(o.address ? { scriptpubkey_address: o.address } : {}), scriptpubkey_type: scriptType(o.scriptPubKey), value: Number(o.value) }
}

function transaction(tx: IndexedTransaction): Schemas['BitcoinTransaction'] {
  return {
    txid: tx.txid,
    version: tx.version,
    locktime: tx.locktime,
    vin: tx.inputs.map((i) => ({
      txid: i.txid,
      vout: i.vout,
      prevout: i.prevout ? output(i.prevout) : null,
      scriptsig: i.scriptSig,
      witness: i.witness,
      is_coinbase: i.coinbase,
      sequence: i.sequence,
    })),
    vout: tx.outputs.map(output),
    size: tx.size,
    weight: tx.weight,
    fee: Number(tx.fee),
    status: status(tx.status),
  }
}

/** Esplora's `scriptpubkey_type` of an output script (hex). */
function scriptType(hex: string): Schemas['BitcoinTxOutput']['scriptpubkey_type'] {
  if (/^0014[0-9a-f]{40}$/.test(hex)) return 'v0_p2wpkh'
  if (/^0020[0-9a-f]{64}$/.test(hex)) return 'v0_p2wsh'
  if (/^5120[0-9a-f]{64}$/.test(hex)) return 'v1_p2tr'
  if (/^76a914[0-9a-f]{40}88ac$/.test(hex)) return 'p2pkh'
  if (/^a914[0-9a-f]{40}87$/.test(hex)) return 'p2sh'
  if (hex.startsWith('6a')) return 'op_return'
  return 'unknown'
}
