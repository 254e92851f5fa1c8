/**
 * The kit's blockchain API (`startBlockchainApi` of `latchkey/testing/node`): the part of the blockchain contract
 * (openapi/blockchain.yaml) the modal's Account and Send views read, served on 127.0.0.1 from the test's own nodes, so
 * that a dapp's tests point `api.blockchainUrl` at it and the Send view lists real balances. The balances are the
 * reference server's (dev/api, ./balances.ts shared with it); the rest answers as an empty account would.
 *
 * ```
 * <url>/blockchain/v1/account/{address}/balance   native and ERC-20 balances (eip155), SOL (solana) from the nodes
 * <url>/blockchain/v1/identity/{address}          { name: null, avatar: null }
 * <url>/blockchain/v1/account/{account}/history   { data: [], next: null }
 * <url>/blockchain/v1/supported-chains            the chains served
 * <url>/blockchain/v1/convert/gas-price           the node's eth_gasPrice
 * <url>/blockchain/v1/fungible/price              { fungibles: [] }
 * <url>/blockchain/v1/profile/…                   no names: 404 (lookup), [] (reverse)
 * ```
 *
 * Node only; no optional peer (node:http and viem, a dependency of latchkey).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getAddress, isAddress, type Address } from 'viem'
import { TestWalletError, TestWalletOptionsError } from '../../errors.ts'
import {
  createChainReader,
  createSolanaReader,
  parseSolanaAccount,
  readEvmBalances,
  readSolanaBalances,
  type BalanceSource,
  type ChainReader,
  type Erc20Token,
  type NativeCurrency,
  type SolanaReader,
  type TokenBalance,
} from './balances.ts'

/** Options of {@link startBlockchainApi}. */
export type StartBlockchainApiOptions = {
  /** The EVM node (http or https: anvil's, the `chain` fixture's `rpcUrl`): every `eip155:<id>` asked for is read there unless `chains` says otherwise. */
  rpcUrl: string
  /** The EVM chains served, each on `rpcUrl` or its own; default every chain id asked for, on `rpcUrl` (as the test wallet sends every chain there). */
  chains?: ReadonlyArray<number | { chainId: number; rpcUrl?: string; nativeCurrency?: NativeCurrency }>
  /** ERC-20 tokens whose balances are listed when held, by chain id (`{ 31337: [{ address, name, symbol, decimals }] }`). */
  tokens?: Readonly<Record<number, readonly Erc20Token[]>>
  /** A Solana RPC (the local validator) whose SOL balances are served for base58 and `solana:` accounts. */
  solanaRpcUrl?: string
  /** USD per whole token by symbol, for `price` and `value`; default ETH 3000, SOL 150. */
  prices?: Readonly<Record<string, number>>
  /** TCP port on 127.0.0.1; default 0 (a free one). */
  port?: number
}

/** How the API answers from now on: normally, every request with an HTTP `status` (400–599), or with a body that is not JSON. */
export type BlockchainApiBehaviour = { mode: 'normal' } | { mode: 'status'; status: number } | { mode: 'garbage' }

/** A running blockchain API. */
export type BlockchainApi = {
  /** `http://127.0.0.1:<port>`. */
  url: string
  /** What the modal's `api.blockchainUrl` is: `<url>/blockchain`. */
  blockchainUrl: string
  /** The balance requests answered so far (address and chain id, oldest first), for a test that checks what was read. */
  readonly requests: ReadonlyArray<{ path: string; chainId?: string | undefined }>
  /** Makes it misbehave (a 503, garbage) or answer normally again. @throws TestWalletOptionsError for another behaviour. */
  setBehaviour(behaviour: BlockchainApiBehaviour): void
  /** Closes the server (open connections too); the port is free again. Idempotent. */
  close(): Promise<void>
}

const defaultPrices = { ETH: 3000, SOL: 150 } as const
const httpUrl = /^https?:\/\/\S+$/

/** An answer: status and JSON body. */
type Answer = { status: number; body: unknown }
const ok = (body: unknown): Answer => ({ status: 200, body })
const notFound = (message: string): Answer => ({ status: 404, body: { message } })
const badRequest = (message: string): Answer => ({ status: 400, body: { message } })

/** Checks the options before anything starts. @throws TestWalletOptionsError naming the field. */
function checkOptions(options: StartBlockchainApiOptions): void {
  const bad = (field: string, received: unknown, want: string) => new TestWalletOptionsError(`Invalid blockchain API option ${field}`, { details: `${field}: ${want}; received ${JSON.stringify(received)}` })
  if (typeof options?.rpcUrl !== 'string' || !httpUrl.test(options.rpcUrl)) throw bad('rpcUrl', options?.rpcUrl, 'an http(s) URL')
  if (options.solanaRpcUrl !== undefined && (typeof options.solanaRpcUrl !== 'string' || !httpUrl.test(options.solanaRpcUrl))) throw bad('solanaRpcUrl', options.solanaRpcUrl, 'an http(s) URL')
  if (options.port !== undefined && (!Number.isInteger(options.port) || options.port < 0 || options.port > 65_535)) throw bad('port', options.port, 'an integer 0..65535')
  options.chains?.forEach((chain, i) => {
    const id = typeof chain === 'number' ? chain : chain?.chainId
    if (!Number.isInteger(id) || (id as number) < 1) throw bad(`chains[${i}]`, chain, 'a positive integer chain id')
    if (typeof chain === 'object' && chain.rpcUrl !== undefined && !httpUrl.test(chain.rpcUrl)) throw bad(`chains[${i}].rpcUrl`, chain.rpcUrl, 'an http(s) URL')
  })
  for (const [id, list] of Object.entries(options.tokens ?? {})) {
    list.forEach((token, i) => {
      if (!isAddress(token?.address ?? '', { strict: false }) || !Number.isInteger(token.decimals) || typeof token.symbol !== 'string') throw bad(`tokens[${id}][${i}]`, token, '{ address, name, symbol, decimals }')
    })
  }
}

/**
 * Starts the kit's blockchain API on 127.0.0.1 (see the module's comment). Every answer carries
 * `Access-Control-Allow-Origin: *`; preflights answer 204. A request the server does not serve is a 404 `{ message }`.
 *
 * @throws TestWalletOptionsError naming a malformed option (before anything starts).
 * @throws TestWalletError when the Solana RPC does not answer `getGenesisHash`, or the port is taken.
 * @example
 * const api = await startBlockchainApi({ rpcUrl: 'http://127.0.0.1:8545' })
 * createModal({ …, api: { blockchainUrl: api.blockchainUrl } })
 * await api.close()
 */
export async function startBlockchainApi(options: StartBlockchainApiOptions): Promise<BlockchainApi> {
  checkOptions(options)
  const prices = { ...defaultPrices, ...options.prices }
  const configured = new Map((options.chains ?? []).map((c) => (typeof c === 'number' ? { chainId: c } : c)).map((c) => [c.chainId, c] as const))
  const readers = new Map<number, ChainReader>()
  const readerOf = (chainId: number): ChainReader | undefined => {
    const chain = configured.get(chainId)
    if (options.chains && !chain) return undefined
    let reader = readers.get(chainId)
    if (!reader) readers.set(chainId, (reader = createChainReader(chainId, chain?.rpcUrl ?? options.rpcUrl)))
    return reader
  }
  const sourceOf = (chainId: number): BalanceSource => ({ native: configured.get(chainId)?.nativeCurrency, tokens: options.tokens?.[chainId], prices })
  const solana: SolanaReader | undefined = options.solanaRpcUrl ? await createSolanaReader(options.solanaRpcUrl) : undefined
  const requests: Array<{ path: string; chainId?: string | undefined }> = []
  let behaviour: BlockchainApiBehaviour = { mode: 'normal' }

  const balances = async (account: string, chainId: string | undefined): Promise<Answer> => {
    const solanaAccount = parseSolanaAccount(account, chainId)
    if (solanaAccount || chainId?.startsWith('solana:')) {
      if (!solanaAccount) return badRequest(`Invalid address: expected a Solana address for ${chainId}, got '${account}'`)
      const served = solana && (solanaAccount.caipNetworkId ?? solana.caipNetworkId) === solana.caipNetworkId
      return ok({ balances: served ? await readSolanaBalances(solana, solanaAccount.address, { prices }) : [] })
    }
    const caip = /^eip155:(\d+):(0x[0-9a-fA-F]{40})$/.exec(account)
    const address = caip?.[2] ?? account
    if (!isAddress(address, { strict: false })) return badRequest(`Invalid address: '${account}'`)
    const ids = chainId ? (/^eip155:(\d+)$/.exec(chainId) ? [Number(chainId.slice(7))] : []) : caip ? [Number(caip[1])] : [...configured.keys()]
    const lists = await Promise.all(ids.map((id) => readerOf(id)).map((reader) => (reader ? readEvmBalances(reader, getAddress(address) as Address, sourceOf(reader.chainId)) : ([] as TokenBalance[]))))
    return ok({ balances: lists.flat() })
  }

  const gasPrice = async (chainId: string | null): Promise<Answer> => {
    const reader = chainId && /^eip155:\d+$/.test(chainId) ? readerOf(Number(chainId.slice(7))) : undefined
    if (!reader) return badRequest('Network not supported for Gas Price')
    const price = (await reader.client.getGasPrice()).toString()
    return ok({ standard: price, fast: price, instant: price })
  }

  const answer = async (method: string, url: URL): Promise<Answer> => {
    const path = url.pathname.replace(/^\/blockchain(?=\/)/, '')
    const chainId = url.searchParams.get('chainId') ?? undefined
    let match: RegExpExecArray | null
    if (method === 'GET' && (match = /^\/v1\/account\/([^/]+)\/balance$/.exec(path))) {
      requests.push({ path: url.pathname, chainId })
      return balances(decodeURIComponent(match[1]!), chainId)
    }
    if (method === 'GET' && /^\/v1\/identity\/[^/]+$/.test(path)) return ok({ name: null, avatar: null })
    if (method === 'GET' && /^\/v1\/account\/[^/]+\/history$/.test(path)) return ok({ data: [], next: null })
    if (method === 'GET' && path === '/v1/supported-chains') return ok({ http: [...new Set([...configured.keys(), ...readers.keys()])].map((id) => `eip155:${id}`).concat(solana ? [solana.caipNetworkId] : []), ws: [] })
    if (method === 'GET' && path === '/v1/convert/gas-price') return gasPrice(url.searchParams.get('chainId'))
    if (method === 'POST' && path === '/v1/fungible/price') return ok({ fungibles: [] })
    if (method === 'GET' && /^\/v1\/profile\/reverse\/[^/]+$/.test(path)) return ok([])
    if (method === 'GET' && /^\/v1\/profile\/account\/[^/]+$/.test(path)) return notFound('No name is registered on the kit’s blockchain API')
    return notFound(`latchkey/testing's blockchain API does not serve ${method} ${url.pathname}`)
  }

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    response.setHeader('Access-Control-Allow-Origin', '*')
    const method = (request.method ?? 'GET').toUpperCase()
    if (method === 'OPTIONS') {
      response.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, POST, OPTIONS', 'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? '*', 'Access-Control-Max-Age': '600' })
      return void response.end()
    }
    request.resume()
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (behaviour.mode === 'garbage') return void response.writeHead(200, { 'content-type': 'application/json' }).end('{"balances": [ this is not JSON')
    const { status, body } =
      behaviour.mode === 'status'
        ? { status: behaviour.status, body: { message: `Simulated HTTP ${behaviour.status} (latchkey/testing blockchain API)` } }
        : await answer(method, url).catch((error: unknown) => ({ status: 502, body: { message: `The node did not answer: ${error instanceof Error ? error.message : String(error)}` } }))
    response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body))
  }

  const server = createServer((request, response) => void handle(request, response))
  await new Promise<void>((resolve, reject) => {
    server.once('error', (cause) => reject(new TestWalletError(`The blockchain API could not listen on 127.0.0.1:${options.port ?? 0}`, { cause })))
    server.listen({ port: options.port ?? 0, host: '127.0.0.1', exclusive: true }, resolve)
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  let closing: Promise<void> | undefined
  return {
    url,
    blockchainUrl: `${url}/blockchain`,
    requests,
    setBehaviour(next) {
      const valid = next?.mode === 'normal' || next?.mode === 'garbage' || (next?.mode === 'status' && Number.isInteger(next.status) && next.status >= 400 && next.status <= 599)
      if (!valid) throw new TestWalletOptionsError('Invalid blockchain API behaviour', { details: `expected { mode: 'normal' | 'garbage' } or { mode: 'status', status: 400..599 }; received ${JSON.stringify(next)}` })
      behaviour = { ...next }
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return closing
    },
  }
}
