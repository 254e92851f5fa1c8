/**
 * A Solana JSON-RPC server on loopback in front of LiteSVM, enough for an unmodified `@solana/web3.js`
 * `Connection` (and the dev wallet, the adapters and the reference API): HTTP POST of JSON-RPC 2.0 requests and
 * batches, `GET /health`, CORS for the demo page. No websocket subscriptions: confirmations poll
 * `getSignatureStatuses`. Dev-only; never imported by the library.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { PublicKey } from '@solana/web3.js'
import { describeTransactionError } from './errors.ts'
import { SolanaLedger } from './ledger.ts'
import type { SolanaLedgerOptions } from './ledger.ts'
import { solanaLocalnetAt } from './network.ts'
import type { CaipNetwork } from '../../adapters/networks.ts'
import { handleSolanaRpc, rpcErrorCodes } from './rpc.ts'
import { keepAliveLonger } from '../keepAlive.ts'
import { DevError } from '../errors.ts'

/** Largest request body accepted, bytes (a batch of a few hundred transactions). */
export const maxRequestBytes = 1_000_000

const loopbackHosts = new Set(['127.0.0.1', '::1', 'localhost'])

/** Options of {@link startSolanaRpc}. */
export type StartSolanaRpcOptions = SolanaLedgerOptions & {
  /** TCP port; 0 (default) picks a free ephemeral port. */
  port?: number
  /** Loopback address to listen on; default `127.0.0.1`. */
  host?: string
}

/** A running local Solana RPC. */
export type SolanaRpcServer = {
  /** `http://<host>:<port>`, no trailing slash: the `Connection` endpoint. */
  url: string
  port: number
  /** The local network (`solana:<reference>`) at this server's URL. */
  network: CaipNetwork
  /** The chain behind the RPC, for tests (`ledger.svm` is the LiteSVM itself). */
  ledger: SolanaLedger
  /**
   * Sends lamports from the faucet to `address` (a real, recorded transfer), without going through HTTP.
   * @throws Error when the transfer fails (e.g. below the rent-exempt minimum for a new account).
   */
  airdrop(address: string, lamports: bigint): string
  /** Lamports of `address` (0 for no account). */
  getBalance(address: string): bigint
  /** Closes the server and its open connections. Idempotent. */
  stop(): Promise<void>
}

/**
 * Starts the local Solana RPC: a fresh LiteSVM chain with the faucet, the five dev accounts funded with 100 SOL
 * each (unless `fundDevAccounts: false`) and the `fund` list, served as JSON-RPC over HTTP on loopback.
 *
 * Methods: getLatestBlockhash, isBlockhashValid, getBalance, getAccountInfo, getMultipleAccounts, sendTransaction
 * (base58 or base64; preflight like a node: -32002 'Transaction simulation failed: …' with the runtime's logs,
 * -32003 for a bad signature), simulateTransaction, getSignatureStatuses, getSignaturesForAddress, getTransaction
 * (json, jsonParsed, base64), requestAirdrop, getMinimumBalanceForRentExemption, getFeeForMessage, getVersion,
 * getSlot, getBlockHeight, getEpochInfo, getGenesisHash, getHealth, getTransactionCount,
 * getRecentPrioritizationFees. Others: -32601. Malformed JSON: -32700. Nothing a client sends crashes it.
 *
 * @throws RangeError when `host` is not loopback or `port` is not 0..65535.
 * @throws Error (`EADDRINUSE`) when the port is taken.
 * @example
 * const rpc = await startSolanaRpc({ port: 0 })
 * const connection = new Connection(rpc.url, 'confirmed')
 * await connection.getBalance(new PublicKey(DEV_SOLANA_ADDRESSES[0])) // 100_000_000_000
 * await rpc.stop()
 */
export async function startSolanaRpc(options: StartSolanaRpcOptions = {}): Promise<SolanaRpcServer> {
  const host = options.host ?? '127.0.0.1'
  const port = options.port ?? 0
  if (!loopbackHosts.has(host)) throw new RangeError(`The local Solana RPC listens on loopback only, not on ${host}`)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new RangeError(`Invalid port: ${port}`)
  const ledger = new SolanaLedger(options)

  const server = createServer((request, response) => {
    handle(ledger, request, response).catch((error: unknown) => {
      // Only a bug of this file gets here; answer it rather than leave the client hanging.
      console.error('[solana-rpc]', error)
      if (!response.headersSent) send(response, 500, { jsonrpc: '2.0', id: null, error: { code: rpcErrorCodes.internalError, message: 'Internal error' } })
    })
  })
  keepAliveLonger(server)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const actualPort = (server.address() as AddressInfo).port
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`
  let stopped: Promise<void> | undefined

  return {
    url,
    port: actualPort,
    network: solanaLocalnetAt(url),
    ledger,
    airdrop(address, lamports) {
      const result = ledger.airdrop(new PublicKey(address), lamports)
      if (!result.landed) throw new DevError(`Airdrop to ${address} failed: ${describeTransactionError(result.err)}`)
      if (result.entry.err !== null) throw new DevError(`Airdrop to ${address} failed: ${describeTransactionError(result.entry.err)}`)
      return result.entry.signature
    },
    getBalance: (address) => ledger.getBalance(new PublicKey(address)),
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return stopped
    },
  }
}

const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
  'Access-Control-Max-Age': '600',
}

async function handle(ledger: SolanaLedger, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method === 'OPTIONS') {
    response.writeHead(204, { ...corsHeaders, 'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? 'content-type' })
    response.end()
    return
  }
  const path = (request.url ?? '/').split('?')[0]
  if (request.method === 'GET' && path === '/health') {
    response.writeHead(200, { ...corsHeaders, 'Content-Type': 'text/plain' })
    response.end('ok')
    return
  }
  if (request.method !== 'POST') {
    response.writeHead(405, { ...corsHeaders, Allow: 'POST, GET, OPTIONS', 'Content-Type': 'text/plain' })
    response.end('Used HTTP Method is not allowed. POST or OPTIONS is required')
    return
  }
  const body = await readBody(request)
  if (body === undefined) {
    response.writeHead(413, { ...corsHeaders, 'Content-Type': 'text/plain' })
    response.end(`Request body larger than ${maxRequestBytes} bytes`)
    return
  }
  let message: unknown
  try {
    message = JSON.parse(body)
  } catch {
    send(response, 200, { jsonrpc: '2.0', id: null, error: { code: rpcErrorCodes.parseError, message: 'Parse error' } })
    return
  }
  const answer = handleSolanaRpc(ledger, message)
  if (answer === undefined) {
    response.writeHead(204, corsHeaders)
    response.end()
    return
  }
  send(response, 200, answer)
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { ...corsHeaders, 'Content-Type': 'application/json' })
  response.end(JSON.stringify(body))
}

/** The body as text, or undefined when it is larger than {@link maxRequestBytes}. */
function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    request.on('data', (chunk: Buffer) => {
      if (tooLarge) return
      size += chunk.length
      if (size > maxRequestBytes) {
        tooLarge = true
        resolve(undefined)
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => {
      if (!tooLarge) resolve(Buffer.concat(chunks).toString('utf8'))
    })
    request.on('error', reject)
  })
}
