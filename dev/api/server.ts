/**
 * The reference server of the five API contracts (`openapi/blockchain.yaml`, `directory.yaml`,
 * `analytics.yaml`, `siwx.yaml`, `exchange.yaml`) for the demo and the tests: one loopback origin, one path prefix per contract.
 *
 * ```
 * <url>/blockchain/v1/...            blockchain API (balances and history read from the anvil chains)
 * <url>/directory/getWallets ...     wallet directory and project config
 * <url>/analytics/e                  analytics events
 * <url>/siwx/v1/...                  sign-in with X: nonces, verification on the anvil chains, sessions
 * <url>/exchange/v1/...              the reference exchange of Pay (deposit sessions paid on the anvil chains and the
 *                                    local Solana chain);
 *                                    its pages at <url>/exchange/pay/{id} (dev/exchange/deposits.ts)
 * <url>/rpc/v1/?chainId=…           JSON-RPC of the local chains (spec §7.4 node URL shape; dev/api/rpc.ts)
 * <url>/__control ...                dev-only switches for the tests (see ApiControl)
 * ```
 *
 * Requests are validated against the contract (400 `{ message }` naming what is wrong) and so is every answer
 * the server produces (a mismatch is a bug of this server: 500 `{ message }` and a console.error). Dev-only:
 * never imported by the library.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describeErrors, loadContracts } from './contract.ts'
import type { Operation } from './contract.ts'
import { createChainReader } from './chain.ts'
import type { ChainReader } from './chain.ts'
import { defaultDataset } from './dataset.ts'
import type { Dataset } from './dataset.ts'
import { createNameStore } from './names.ts'
import { createSessionStore } from './sessions.ts'
import { openMemoryPglite } from '../pglite.ts'
import type { PGlite } from '@electric-sql/pglite'
import { analyticsHandlers, ApiHttpError, blockchainHandlers, createApiState, directoryHandlers } from './handlers.ts'
import type { ApiState, Handler } from './handlers.ts'
import { createSiwxState, SiwxHttpError, siwxHandlers } from './siwx.ts'
import { createSolanaReader } from './solana.ts'
import { handleRpcRoute, isRpcRoute } from './rpc.ts'
import { createDepositState, exchangeHandlers, handleDepositPage, isDepositPage } from '../exchange/deposits.ts'
import type { DepositOptions } from '../exchange/deposits.ts'
import type { SiwxOptions, SiwxState } from './siwx.ts'
import type { OnrampLedger } from '../onramp/provider.ts'
import { keepAliveLonger } from '../keepAlive.ts'
import { appliesTo, checkBehaviour, handleControl, malform } from './control.ts'
import type { ApiBehaviour, ApiControl } from './control.ts'
import { readJsonBody, send, sendJson, sendPreflight } from './http.ts'
import type { Outgoing } from './http.ts'
import { DevError } from '../errors.ts'

export type { SiwxOptions } from './siwx.ts'
export type { ApiControl } from './control.ts'

/** Options of {@link startApiServer}. */
export type StartApiServerOptions = {
  /** TCP port; 0 picks a free ephemeral port. */
  port: number
  /** Loopback address to listen on; default `127.0.0.1`. */
  host?: string
  /** The EVM chains whose balances and history are read from a real node (anvil). */
  chains: ReadonlyArray<{ chainId: number; rpcUrl: string }>
  /**
   * The local Solana RPC (`dev/solana`) whose SOL balances `/v1/account/{address}/balance` serves for base58 and
   * `solana:<ref>:` accounts; its CAIP-2 id comes from its genesis hash, asked at start. Without it Solana
   * accounts get an empty balance list.
   */
  solanaRpcUrl?: string
  /** Replaces parts of {@link defaultDataset}. */
  dataset?: Partial<Dataset>
  /**
   * Opens the name store (PGlite, seconds on a busy machine) at start, before the server listens, rather than at the
   * first name request, so that request is answered within the clients' request timeout (spec §9 "RPC default timeout
   * 10 s"). Default false (a test server that never serves names does not pay for it). A store that cannot open fails
   * the start.
   */
  openNamesAtStart?: boolean
  /** The SIWX routes' origins and clock (default: the dataset's allowed origins, `Date.now`); see {@link SiwxOptions}. */
  siwx?: SiwxOptions
  /**
   * The ledger of the development on-ramp provider (`dev/onramp`): history with `onramp=<provider>` lists its
   * settled purchases. Pass its checkout URL as `dataset.onrampCheckoutUrl` so the on-ramp URL points at it.
   */
  onrampLedger?: OnrampLedger
  /** The reference exchange's session lifetime and clock (`dev/exchange/deposits.ts`). */
  exchange?: DepositOptions
}

/** A running reference server. */
export type ApiServer = {
  /** `http://<host>:<port>`, without a trailing slash. */
  url: string
  /** Closes the server (open connections too). Idempotent. */
  stop(): Promise<void>
  control: ApiControl
}

const loopbackHosts = new Set(['127.0.0.1', '::1', 'localhost'])

/**
 * Starts the reference server on loopback. Every operation of the five contracts has a handler; the server
 * refuses to start otherwise.
 *
 * Request rules beyond the contract: the query parameters `st`, `sv` and `projectId` are required (non-empty)
 * wherever an operation declares them (every GET of the blockchain API and the directory, `POST /analytics/e`
 * and the POSTs that declare `projectId`). Unknown path → 404, wrong method → 405, body over 1 MB → 413.
 * Every answer carries `Access-Control-Allow-Origin: *`; preflights (OPTIONS) answer 204.
 *
 * @param options see {@link StartApiServerOptions}.
 * @returns the URL, `stop()` and the {@link ApiControl}.
 * @throws RangeError when `host` is not a loopback address or `port` is not 0..65535.
 * @throws TypeError when a SIWX origin is not an http(s) origin.
 * @throws Error (`EADDRINUSE`) when the port is taken.
 *
 * @example
 * const api = await startApiServer({ port: 0, chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' }] })
 * await fetch(`${api.url}/directory/getWallets?page=1&entries=40&st=appkit&sv=1&projectId=p`)
 * api.control.set({ mode: 'status', status: 503, paths: ['/blockchain'] })
 * await api.stop()
 */
export async function startApiServer(options: StartApiServerOptions): Promise<ApiServer> {
  const host = options.host ?? '127.0.0.1'
  if (!loopbackHosts.has(host)) throw new RangeError(`The reference API listens on loopback only, not on ${host}`)
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65_535) throw new RangeError(`Invalid port: ${options.port}`)

  const contracts = loadContracts()
  const dataset: Dataset = { ...defaultDataset(), ...options.dataset }
  const readers = new Map<string, ChainReader>(options.chains.map(({ chainId, rpcUrl }) => [`eip155:${chainId}`, createChainReader(chainId, rpcUrl)]))
  const solana = options.solanaRpcUrl === undefined ? undefined : await createSolanaReader(options.solanaRpcUrl)
  // One PGlite per server, opened on the first request that needs it, for the names and the smart sessions.
  let database: Promise<PGlite> | undefined
  const openDatabase = () => (database ??= openMemoryPglite())
  const names = createNameStore(dataset.names, openDatabase)
  // Waited for before the server listens (below): its first name request is then a query, not PGlite's start.
  const namesOpened = options.openNamesAtStart ? names.byAddress('0x0').then(() => undefined) : undefined
  const sessions = createSessionStore(openDatabase)
  let state = createApiState(dataset, readers, solana, options.onrampLedger, names, sessions)
  const newSiwxState = (): SiwxState => createSiwxState({ origins: options.siwx?.origins ?? dataset.allowedOrigins, now: options.siwx?.now }, readers)
  let siwx = newSiwxState()
  const deposits = createDepositState(options.chains, { solanaRpcUrl: options.solanaRpcUrl, ...options.exchange })
  let behaviour: ApiBehaviour = { mode: 'normal' }

  const byOperationId = (s: ApiState, sx: SiwxState): Map<string, Handler<never>> =>
    new Map(Object.entries({ ...blockchainHandlers(s), ...directoryHandlers(s), ...analyticsHandlers(s), ...siwxHandlers(sx), ...exchangeHandlers(deposits) }) as Array<[string, Handler<never>]>)
  let handlers = byOperationId(state, siwx)
  const missing = contracts.operations.filter((operation) => !handlers.has(operation.operationId))
  if (missing.length) throw new DevError(`The reference API has no handler for ${missing.map((o) => o.operationId).join(', ')}`)

  const featuresValidator = contracts.schemaValidator('directory', '/components/schemas/Features')
  const control: ApiControl = {
    set(next) {
      behaviour = checkBehaviour(next)
    },
    behaviour: () => structuredClone(behaviour),
    events: () => structuredClone(state.events),
    setFeatures(projectId, features) {
      if (!featuresValidator(features)) throw new TypeError(`Invalid features: ${describeErrors('body', featuresValidator.errors)}`)
      state.features.set(projectId, structuredClone(features))
    },
    setAllowedOrigins(origins) {
      if (!Array.isArray(origins) || !origins.every((o) => typeof o === 'string')) throw new TypeError('Allowed origins must be a list of strings')
      state.allowedOrigins = [...origins]
    },
    reset() {
      behaviour = { mode: 'normal' }
      state = createApiState(dataset, readers, solana, options.onrampLedger, names, sessions)
      siwx = newSiwxState()
      deposits.reset()
      handlers = byOperationId(state, siwx)
      return Promise.all([names.reset(), sessions.reset()]).then(() => undefined)
    },
  }

  const route = (method: string, pathname: string): { dispatch?: Dispatch; allowed: string[] } => {
    const allowed = new Set<string>()
    for (const operation of contracts.operations) {
      const match = operation.pattern.exec(pathname)
      if (!match) continue
      allowed.add(operation.method)
      const handler = handlers.get(operation.operationId)
      if (operation.method !== method || !handler) continue
      const params: Record<string, string> = {}
      operation.pathParamNames.forEach((name, i) => {
        params[name] = safeDecode(match[i + 1] ?? '')
      })
      return { dispatch: { operation, handler, params }, allowed: [...allowed] }
    }
    return { allowed: [...allowed] }
  }

  /** Sends a reply after checking it against the operation's declared responses; a mismatch becomes a 500. */
  const sendChecked = (operation: Operation, response: ServerResponse, reply: Outgoing): void => {
    const problem = contractProblem(operation, reply)
    if (problem) {
      const message = `The reference API broke its contract on ${operation.operationId} (HTTP ${reply.status}): ${problem}`
      console.error(`[reference API] ${message}`)
      return sendJson(response, 500, { message })
    }
    send(response, reply)
  }

  const contractProblem = (operation: Operation, reply: Outgoing): string | undefined => {
    const spec = contracts.responseFor(operation, reply.status)
    if (!spec) return `status ${reply.status} is not declared`
    if (reply.kind === 'empty') return spec.contentTypes.length ? `an empty body is not allowed (expected ${spec.contentTypes.join(', ')})` : undefined
    if (reply.kind === 'raw') return spec.contentTypes.includes(reply.contentType) ? undefined : `content type ${reply.contentType} is not declared`
    if (!spec.validateJson) return 'a JSON body is not declared'
    return spec.validateJson(reply.body) ? undefined : describeErrors('response', spec.validateJson.errors)
  }

  /** Control mode 'malformed': valid JSON that the operation's 200 schema rejects. */
  const sendMalformed = (operation: Operation, response: ServerResponse, reply: Outgoing): void => {
    if (reply.kind !== 'json') return sendJson(response, 200, { malformed: true })
    let body = malform(reply.body)
    if (contracts.responseFor(operation, 200)?.validateJson?.(body)) body = 'malformed'
    sendJson(response, 200, body)
  }

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const method = (request.method ?? 'GET').toUpperCase()
    if (method === 'OPTIONS') return sendPreflight(request, response)
    if (url.pathname === '/__control' || url.pathname.startsWith('/__control/')) return handleControl(method, url, request, response, control)
    if (isRpcRoute(url.pathname)) return handleRpcNode(request, response, url)
    if (isDepositPage(url.pathname)) return handleDepositPage(deposits, request, response, url)

    const { dispatch, allowed } = route(method, url.pathname)
    if (!dispatch) {
      if (allowed.length) return sendJson(response, 405, { message: `${method} is not allowed on ${url.pathname}; use ${allowed.join(', ')}` }, { Allow: allowed.join(', ') })
      return sendJson(response, 404, { message: `No route ${method} ${url.pathname}` })
    }
    const { operation, handler, params } = dispatch

    let body: unknown
    if (method !== 'GET' && method !== 'HEAD') {
      try {
        body = await readJsonBody(request)
      } catch (error) {
        if (error instanceof ApiHttpError) return sendJson(response, error.status, { message: error.message })
        throw error
      }
    }
    const validated = validateRequest(operation, url, params, body)
    if (!validated.ok) return sendJson(response, 400, { message: `Invalid request to ${operation.operationId}: ${validated.message}` })

    const misbehaviour = appliesTo(behaviour, url.pathname)
    if (misbehaviour?.mode === 'slow') await delay(misbehaviour.delayMs)
    if (misbehaviour?.mode === 'status') {
      return sendChecked(operation, response, errorReply(misbehaviour.status, `Simulated HTTP ${misbehaviour.status} (reference API control mode 'status')`))
    }
    if (misbehaviour?.mode === 'garbage') return send(response, { kind: 'raw', status: 200, contentType: 'application/json', body: '{"data": [ this is not JSON' })

    let reply: Outgoing
    try {
      reply = await handler({ query: validated.query as never, path: params as never, body: body as never, url, headers: request.headers })
    } catch (error) {
      if (!(error instanceof ApiHttpError)) throw error
      reply = error instanceof SiwxHttpError ? errorReply(error.status, error.message, undefined, error.code) : errorReply(error.status, error.message, operation.contract === 'blockchain' ? error.reasons : undefined)
    }
    if (misbehaviour?.mode === 'malformed') return sendMalformed(operation, response, reply)
    sendChecked(operation, response, reply)
  }

  /** The node route (dev/api/rpc.ts) on the served chains; the control modes apply to it (paths `['/rpc']`). */
  const rpcNodes = new Map([...[...readers.values()].map((r) => [r.caipNetworkId, r.rpcUrl] as const), ...(solana ? [[solana.caipNetworkId, solana.rpcUrl] as const] : [])])
  const handleRpcNode = async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> => {
    const misbehaviour = appliesTo(behaviour, url.pathname)
    if (misbehaviour?.mode === 'slow') await delay(misbehaviour.delayMs)
    if (misbehaviour?.mode === 'status') return sendJson(response, misbehaviour.status, { message: `Simulated HTTP ${misbehaviour.status} (reference API control mode 'status')` })
    if (misbehaviour?.mode === 'garbage') return send(response, { kind: 'raw', status: 200, contentType: 'application/json', body: '{"data": [ this is not JSON' })
    if (misbehaviour?.mode === 'malformed') return sendJson(response, 200, { malformed: true })
    return handleRpcRoute(request, response, url, rpcNodes)
  }

  const server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*')
    handle(request, response).catch((error: unknown) => {
      console.error('[reference API] request failed:', error)
      if (!response.headersSent) sendJson(response, 500, { message: `The reference API failed: ${error instanceof Error ? error.message : String(error)}` })
      else response.destroy()
    })
  })
  keepAliveLonger(server)

  await namesOpened
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen({ port: options.port, host, exclusive: true }, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`

  let stopping: Promise<void> | undefined
  return {
    url,
    control,
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        server.close(
          () =>
            void Promise.all([names.close(), sessions.close()])
              .then(() => database?.then((d) => d.close()))
              .then(
                () => resolve(),
                () => resolve(),
              ),
        )
        server.closeAllConnections()
      })
      return stopping
    },
  }
}

type Dispatch = { operation: Operation; handler: Handler<never>; params: Record<string, string> }

function errorReply(status: number, message: string, reasons?: Array<{ description: string }>, code?: string): Outgoing {
  return { kind: 'json', status, body: { ...(code ? { code } : {}), message, ...(reasons?.length ? { reasons } : {}) } }
}

function validateRequest(operation: Operation, url: URL, params: Record<string, string>, body: unknown): { ok: true; query: Record<string, unknown> } | { ok: false; message: string } {
  const query = queryObject(url)
  const issues: string[] = []
  for (const name of operation.requiredCommonQuery) if (!query[name]) issues.push(`query parameter '${name}' is required`)
  // Ajv coerces in place: after this, integer parameters are numbers.
  if (!operation.validateQuery(query)) issues.push(describeErrors('query', operation.validateQuery.errors))
  if (!operation.validatePath(params)) issues.push(describeErrors('path', operation.validatePath.errors))
  if (operation.validateBody) {
    if (body === undefined) {
      if (operation.bodyRequired) issues.push('a JSON body is required')
    } else if (!operation.validateBody(body)) {
      issues.push(describeErrors('body', operation.validateBody.errors))
    }
  } else if (body !== undefined) {
    issues.push('this operation takes no body')
  }
  return issues.length ? { ok: false, message: [...new Set(issues)].join('; ') } : { ok: true, query }
}

/** The query as an object: the first value of each name. */
function queryObject(url: URL): Record<string, unknown> {
  const query: Record<string, unknown> = {}
  for (const [name, value] of url.searchParams) if (!(name in query)) query[name] = value
  return query
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
