/**
 * Solana balances of the reference server: the SOL balance of an address read from the local Solana RPC
 * (`dev/solana`, LiteSVM) with a plain JSON-RPC `getBalance`, answered as a contract `TokenBalance`
 * (spec §6: balances are served for eip155 and solana). Dev-only.
 */
import { isSolanaAddress } from '../../adapters/solana.base58.ts'
import { iconOf } from './chain.ts'
import type { TokenBalance } from './chain.ts'
import type { Dataset } from './dataset.ts'

/** The Solana network the server reads: its CAIP-2 id and its JSON-RPC URL. */
export type SolanaReader = { caipNetworkId: string; rpcUrl: string }

/** SOL has 9 decimals: amounts are lamports. */
const solDecimals = 9

/**
 * A reader for the local Solana RPC: asks it for its genesis hash to learn the CAIP-2 id
 * (`solana:<first 32 characters>`).
 *
 * @throws Error when the RPC does not answer `getGenesisHash`.
 */
export async function createSolanaReader(rpcUrl: string): Promise<SolanaReader> {
  const genesisHash = await solanaRpc<string>(rpcUrl, 'getGenesisHash', [])
  if (typeof genesisHash !== 'string' || genesisHash.length < 32) throw new Error(`${rpcUrl} answered getGenesisHash with ${JSON.stringify(genesisHash)}`)
  return { caipNetworkId: `solana:${genesisHash.slice(0, 32)}`, rpcUrl }
}

/**
 * The Solana account a balance request is about, when it is one: a base58 address, or a CAIP-10
 * `solana:<reference>:<address>`; `chainId` (CAIP-2) wins over the CAIP-10 network. Undefined for anything else
 * (an EVM address goes on to the eip155 readers).
 */
export function parseSolanaAccount(text: string, chainId: string | undefined): { address: string; caipNetworkId: string | undefined } | undefined {
  const caip = /^(solana:[1-9A-HJ-NP-Za-km-z]{1,32}):([1-9A-HJ-NP-Za-km-z]+)$/.exec(text)
  if (caip?.[1] && caip[2] && isSolanaAddress(caip[2])) return { address: caip[2], caipNetworkId: chainId ?? caip[1] }
  if (isSolanaAddress(text)) return { address: text, caipNetworkId: chainId }
  return undefined
}

/**
 * The SOL balance of `address` on the reader's network as `TokenBalance`s: one native entry (also at 0, like the
 * eip155 native balance), `quantity.numeric` in whole SOL, `price` and `value` in USD from `dataset.pricesUsd.SOL`.
 *
 * @throws Error when the RPC does not answer or answers an error.
 */
export async function readSolanaBalances(reader: SolanaReader, address: string, dataset: Dataset): Promise<TokenBalance[]> {
  const answer = await solanaRpc<{ value: number }>(reader.rpcUrl, 'getBalance', [address, { commitment: 'confirmed' }])
  if (!Number.isSafeInteger(answer?.value) || answer.value < 0) throw new Error(`getBalance answered ${JSON.stringify(answer)}`)
  const numeric = formatLamports(BigInt(answer.value))
  const price = dataset.pricesUsd.SOL ?? 0
  return [
    {
      name: 'Solana',
      symbol: 'SOL',
      chainId: reader.caipNetworkId,
      value: Math.round(Number(numeric) * price * 100) / 100,
      price,
      quantity: { decimals: String(solDecimals), numeric },
      // The coin's icon from the reference API's images.
      ...iconOf(dataset, 'SOL'),
    },
  ]
}

/** Lamports as whole SOL, a decimal string without trailing zeros ('1.5', '0', '0.000005'). */
export function formatLamports(lamports: bigint): string {
  const whole = lamports / 1_000_000_000n
  const fraction = (lamports % 1_000_000_000n).toString().padStart(solDecimals, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole.toString()
}

async function solanaRpc<T>(rpcUrl: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(10_000),
  })
  const body = (await response.json()) as { result?: T; error?: { message?: string } }
  if (body.error) throw new Error(body.error.message ?? 'JSON-RPC error')
  return body.result as T
}
