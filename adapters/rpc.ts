import type { TimerClock } from './boundary.ts'
import { BaseError, ProviderRpcError } from './errors.ts'
import { builtInNetworks, type CaipNetwork } from './networks.ts'

/**
 * The node host of spec §7.4 "Node RPC URL shape: {rpc host}/v1/?chainId={caip chain}&projectId={id}" when the options
 * name none (`options.api.rpcUrl`). The spec gives the shape, not the host: this is the host whose `/v1` routes the
 * built-in Bitcoin networks already read.
 */
export const defaultRpcHost = 'https://rpc.walletconnect.org'

/**
 * The retry policy of the JSON-RPC transport (spec §9 "RPC default timeout 10 s with 3 retries", "Default retry
 * allowed after 1 s"): each attempt waits `timeout` ms for its answer; a failed attempt that may succeed when repeated
 * (no answer in time, no connection, HTTP 408, 429 or 5xx) is repeated after `retryDelay` ms, up to `retryCount` more
 * times (4 attempts in all).
 */
export const rpcRetryPolicy = { timeout: 10_000, retryCount: 3, retryDelay: 1_000 } as const

/** Parameters of {@link rpcNodeUrl}. */
export type RpcNodeUrlParameters = {
  network: Pick<CaipNetwork, 'caipNetworkId' | 'chainNamespace' | 'rpcUrls'>
  /** `{rpc host}`: an http(s) base URL without a query; default {@link defaultRpcHost}. A trailing `/` is dropped. */
  rpcHost?: string | undefined
  /** The project id of the options; without one, every network reads at its own `rpcUrls`. */
  projectId?: string | undefined
}
export type RpcNodeUrlReturnType = string
export type RpcNodeUrlErrorType = never

/**
 * The JSON-RPC node URL a network's reads go to (spec §7.4): `{rpcHost}/v1/?chainId={caip-2 id}&projectId={id}` for a
 * built-in network whose `rpcUrls` are left as shipped (or a network without any), so the project's node answers;
 * otherwise the network's own first http URL (a dapp's own chain, or a built-in given its own `rpcUrls`). Bitcoin
 * networks (Esplora routes, not JSON-RPC) and a missing project id keep the network's own URL. Never throws.
 *
 * @example rpcNodeUrl({ network: mainnet, projectId: 'p' }) // 'https://rpc.walletconnect.org/v1/?chainId=eip155:1&projectId=p'
 * @example rpcNodeUrl({ network: { ...mainnet, rpcUrls: { default: { http: ['https://my.node'] } } }, projectId: 'p' }) // 'https://my.node'
 */
export function rpcNodeUrl({ network, rpcHost = defaultRpcHost, projectId }: RpcNodeUrlParameters): RpcNodeUrlReturnType {
  const own = network.rpcUrls.default.http[0]
  if (!projectId || network.chainNamespace === 'bip122') return own ?? ''
  const shipped = builtInNetworks.find((n) => n.caipNetworkId === network.caipNetworkId)?.rpcUrls.default.http[0]
  if (own !== undefined && own !== shipped) return own
  return `${rpcHost.replace(/\/+$/, '')}/v1/?chainId=${network.caipNetworkId}&projectId=${encodeURIComponent(projectId)}`
}

/** The address of a node in messages: origin and path (the query carries the project id). */
function shown(url: string): string {
  try {
    const { origin, pathname } = new URL(url)
    return `${origin}${pathname}`
  } catch {
    return url
  }
}

/** No answer from the node within the timeout, on the last attempt. */
export class RpcTimeoutError extends BaseError {
  static override docsPath = '/errors/RpcTimeoutError'
  override name = 'RpcTimeoutError'
  /** The timeout of each attempt, in ms. */
  timeout: number
  constructor({ url, timeout, attempts }: { url: string; timeout: number; attempts: number }) {
    super(`The node did not answer within ${timeout} ms.`, { details: `${shown(url)}: ${attempts} attempt${attempts === 1 ? '' : 's'}` })
    this.timeout = timeout
  }
}
/** The node could not be reached (the request failed before any HTTP status: offline, refused, blocked by CORS). */
export class RpcConnectionError extends BaseError {
  static override docsPath = '/errors/RpcConnectionError'
  override name = 'RpcConnectionError'
  constructor({ url, attempts, cause }: { url: string; attempts: number; cause: unknown }) {
    super('The node could not be reached.', { cause, metaMessages: [`${shown(url)}: ${attempts} attempt${attempts === 1 ? '' : 's'}`] })
  }
}
/** The node answered with an HTTP error status. */
export class RpcHttpError extends BaseError {
  static override docsPath = '/errors/RpcHttpError'
  override name = 'RpcHttpError'
  status: number
  constructor({ url, status, body }: { url: string; status: number; body: string }) {
    super(`HTTP ${status} from the node.`, { details: `${shown(url)}: ${body.length > 120 ? `${body.slice(0, 117)}...` : body || '(empty body)'}` })
    this.status = status
  }
}
/** The node's answer is not a JSON-RPC 2.0 reply to the request (not JSON, another id, neither result nor error). */
export class RpcInvalidResponseError extends BaseError {
  static override docsPath = '/errors/RpcInvalidResponseError'
  override name = 'RpcInvalidResponseError'
  constructor({ url, method, reason }: { url: string; method: string; reason: string }) {
    super(`The node's answer to ${method} is not a JSON-RPC reply.`, { details: `${shown(url)}: ${reason}` })
  }
}
/** The node answered the request with a JSON-RPC error object (its `code`, `message` and `data`). */
export class RpcNodeError extends ProviderRpcError {
  static override docsPath = '/errors/RpcNodeError'
  override name = 'RpcNodeError'
  constructor({ method, code, message, data }: { method: string; code: number; message: string; data?: unknown }) {
    super(code, `The node refused ${method}.`, { details: `${code}: ${message}`, data })
  }
}
export type RpcRequestErrorType = RpcTimeoutError | RpcConnectionError | RpcHttpError | RpcInvalidResponseError | RpcNodeError

/** Parameters of {@link createRpcTransport}; the timing defaults are {@link rpcRetryPolicy}. */
export type CreateRpcTransportParameters = {
  /** The node URL ({@link rpcNodeUrl}). */
  url: string
  /** Injected fetch (tests, server rendering); default `globalThis.fetch`, looked up at each request. */
  fetch?: typeof globalThis.fetch | undefined
  /** The timers of timeouts and retry waits; default `globalThis` (the modal's `clock` option passes its own). */
  clock?: TimerClock | undefined
  /** ms each attempt waits for its answer (spec §9: 10 s). */
  timeout?: number | undefined
  /** Attempts after the first (spec §9: 3). */
  retryCount?: number | undefined
  /** ms before a failed attempt is repeated (spec §9: 1 s). */
  retryDelay?: number | undefined
}

/** A JSON-RPC request: the method and its positional (or named) parameters. */
export type RpcRequest = { method: string; params?: readonly unknown[] | Record<string, unknown> | undefined }

export type CreateRpcTransportReturnType = {
  /** The node URL. */
  url: string
  /**
   * Posts one JSON-RPC 2.0 request and resolves with its `result` (unchecked: the caller validates it for the method).
   * @throws {@link RpcRequestErrorType}; the signal's reason when `signal` aborts.
   */
  request(request: RpcRequest, options?: { signal?: AbortSignal | undefined }): Promise<unknown>
  /**
   * A `fetch` with the same timeout and retries, for a client that speaks JSON-RPC itself (web3.js `Connection`'s
   * `fetch` option): resolves with the first answer that is not retried (a 4xx other than 408/429 included);
   * rejects with {@link RpcTimeoutError}, {@link RpcConnectionError} or, once the retries are spent on 408/429/5xx,
   * {@link RpcHttpError}.
   */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>
}

/** An HTTP status worth repeating the request for: timeout, too many requests, server errors. */
const isRetriedStatus = (status: number) => status === 408 || status === 429 || status >= 500

/**
 * The JSON-RPC over HTTP transport of spec §7.4: POSTs `{ jsonrpc: '2.0', id, method, params }` to `url` and checks the
 * reply. Each attempt is bounded by `timeout` and aborted when it runs out; an attempt that fails for a reason that
 * may pass (no answer in time, no connection, HTTP 408, 429, 5xx) is repeated after `retryDelay`, at most `retryCount`
 * times. A reply that is not JSON, not a JSON-RPC reply to this request, or a JSON-RPC error is not repeated. Errors are
 * the `Rpc…Error` classes of this file. All waits run on `clock`, so a test moves them without waiting.
 *
 * @example
 * const node = createRpcTransport({ url: rpcNodeUrl({ network: mainnet, projectId }) })
 * const wei = BigInt((await node.request({ method: 'eth_getBalance', params: [address, 'latest'] })) as string)
 */
export function createRpcTransport({
  url,
  fetch: fetchOption,
  clock = globalThis,
  timeout = rpcRetryPolicy.timeout,
  retryCount = rpcRetryPolicy.retryCount,
  retryDelay = rpcRetryPolicy.retryDelay,
}: CreateRpcTransportParameters): CreateRpcTransportReturnType {
  let nextId = 1
  const sleep = (ms: number, signal: AbortSignal | undefined) =>
    new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        clock.clearTimeout(timer)
        reject(signal!.reason)
      }
      const timer = clock.setTimeout(() => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      }, ms)
      signal?.addEventListener('abort', onAbort, { once: true })
    })

  /** One attempt: the response and its body read within `timeout`. */
  async function attempt(target: string | URL | Request, init: RequestInit | undefined, signal: AbortSignal | undefined, readBody: boolean): Promise<{ response: Response; text: string }> {
    const controller = new AbortController()
    const onAbort = () => controller.abort(signal!.reason)
    if (signal?.aborted) onAbort()
    else signal?.addEventListener('abort', onAbort, { once: true })
    let timer: unknown
    const timedOut = new Promise<never>((_, reject) => {
      timer = clock.setTimeout(() => {
        const error = new RpcTimeoutError({ url, timeout, attempts: 1 })
        controller.abort(error)
        reject(error)
      }, timeout)
    })
    try {
      const run = async () => {
        const response = await (fetchOption ?? globalThis.fetch)(target, { ...init, signal: controller.signal })
        // An error status's body is read to describe it; a clone's, when the response is handed on.
        const text = readBody
          ? await response.text()
          : response.ok
            ? ''
            : await response
                .clone()
                .text()
                .catch(() => '')
        return { response, text }
      }
      return await Promise.race([run(), timedOut])
    } finally {
      clock.clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
  }

  /** Attempts until one is not retried; the last failure becomes the typed error. */
  async function send(target: string | URL | Request, init: RequestInit | undefined, signal: AbortSignal | undefined, readBody: boolean): Promise<{ response: Response; text: string }> {
    for (let n = 1; ; n++) {
      let failure: BaseError
      try {
        const answer = await attempt(target, init, signal, readBody)
        if (!isRetriedStatus(answer.response.status)) return answer
        failure = new RpcHttpError({ url, status: answer.response.status, body: answer.text })
      } catch (error) {
        if (signal?.aborted) throw signal.reason
        failure = error instanceof RpcTimeoutError ? new RpcTimeoutError({ url, timeout, attempts: n }) : new RpcConnectionError({ url, attempts: n, cause: error })
      }
      if (n > retryCount) throw failure
      await sleep(retryDelay, signal)
    }
  }

  return {
    url,
    async request({ method, params }, { signal } = {}) {
      const id = nextId++
      const body = JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) })
      const { response, text } = await send(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }, signal, true)
      if (!response.ok) throw new RpcHttpError({ url, status: response.status, body: text })
      return parseReply({ url, method, id, text })
    },
    async fetch(input, init) {
      return (await send(input, init, init?.signal ?? undefined, false)).response
    },
  }
}

/**
 * The `result` of a JSON-RPC 2.0 reply to request `id`.
 * @throws RpcInvalidResponseError for a body that is not JSON or not such a reply; RpcNodeError for an error reply.
 */
function parseReply({ url, method, id, text }: { url: string; method: string; id: number; text: string }): unknown {
  const invalid = (reason: string) => new RpcInvalidResponseError({ url, method, reason })
  let reply: unknown
  try {
    reply = JSON.parse(text)
  } catch {
    throw invalid(`not JSON: ${text.length > 60 ? `${text.slice(0, 57)}...` : JSON.stringify(text)}`)
  }
  if (typeof reply !== 'object' || reply === null || Array.isArray(reply)) throw invalid('expected one JSON-RPC reply object')
  const r = reply as Record<string, unknown>
  if (r.jsonrpc !== '2.0') throw invalid('expected jsonrpc "2.0"')
  if (r.id !== id) throw invalid(`expected id ${id}, got ${JSON.stringify(r.id)}`)
  if ('error' in r && r.error !== undefined && r.error !== null) {
    const e = r.error as Record<string, unknown>
    if (typeof e !== 'object' || !Number.isInteger(e.code) || typeof e.message !== 'string') throw invalid('the error is not { code, message }')
    throw new RpcNodeError({ method, code: e.code as number, message: e.message, data: e.data })
  }
  if (!('result' in r)) throw invalid('neither result nor error')
  return r.result
}
