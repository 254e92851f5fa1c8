import createClient, { type Client, type Middleware } from 'openapi-fetch'
import * as v from 'valibot'
import { BaseError } from '../kernel/errors.ts'
import { httpProtocols, parseConnectionUrl } from '../kernel/urls.ts'

/** The common query parameters of spec §7: `st` (SDK type), `sv` (SDK version), `projectId`. */
export type CommonQueryParameter = 'st' | 'sv' | 'projectId'

/** Common parameters of every call (spec §7): SDK type and version, project id, optional client id. */
export type ApiClientParameters = {
  /** Base URL of the service, e.g. `https://rpc.example/` or the reference server's `http://127.0.0.1:8600/blockchain`. */
  baseUrl: string
  projectId: string
  /** SDK type (`st`), default `appkit` (spec §9). */
  sdkType?: string
  /** SDK version (`sv`). */
  sdkVersion?: string
  /** Appended to every call when set (spec §7). */
  clientId?: string | undefined
  /** Injected fetch (tests, server rendering); default `globalThis.fetch`. */
  fetch?: typeof globalThis.fetch
  /**
   * How long a request may wait for its response (ms) before it is aborted with an {@link ApiTimeoutError}; default
   * {@link defaultRequestTimeout} (spec §9 "RPC default timeout 10 s").
   */
  timeout?: number
  /**
   * The common query parameters of each POST, by its contract path (spec §7 names them per call: the analytics
   * `POST /e` carries `projectId`, `st` and `sv`; the blockchain API's on-ramp URL, on-ramp quote and session revoke
   * carry `projectId` only). A POST not listed carries none (`clientId` aside). Every GET carries all three.
   */
  postQuery?: Readonly<Record<string, readonly CommonQueryParameter[]>>
}

/** A non-OK HTTP status from a service: carries the status and the body as read (JSON when it parses). */
export class ApiError extends BaseError {
  static override docsPath = '/errors/ApiError'
  override name = 'ApiError'
  status: number
  body: unknown
  url: string
  constructor({ status, body, url }: { status: number; body: unknown; url: string }) {
    const message = typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : ''
    super(`HTTP ${status} from ${new URL(url).pathname}`, { details: message || undefined })
    this.status = status
    this.body = body
    this.url = url
  }
}
export type ApiErrorType = ApiError | InvalidResponseError | ApiTimeoutError

/**
 * How long an API request waits for its response before it is aborted (ms): spec §9 "RPC default timeout 10 s". The
 * timer is the page's `setTimeout`, so a test's controlled clock moves it.
 */
export const defaultRequestTimeout = 10_000

/** A request that had no response within its timeout: aborted, so the socket is freed and the caller can say so. */
export class ApiTimeoutError extends BaseError {
  static override docsPath = '/errors/ApiTimeoutError'
  override name = 'ApiTimeoutError'
  url: string
  /** The timeout that ran out, in ms. */
  timeout: number
  constructor({ url, timeout }: { url: string; timeout: number }) {
    super(`No answer from ${safePathname(url)} within ${timeout} ms.`)
    this.url = url
    this.timeout = timeout
  }
}

/** What a service call accepts besides its parameters: the signal of the actor that asked (a stopped actor aborts). */
export type RequestOptions = { signal?: AbortSignal | undefined }

function safePathname(url: string): string {
  try {
    return new URL(url).pathname
  } catch {
    return url
  }
}

/**
 * `fetch` bounded by `timeout` (ms): the request is aborted with an {@link ApiTimeoutError} when no response has come by
 * then, and with the request's own signal's reason when that aborts first (the actor that asked was stopped). The
 * timer counts to the response's headers; the body is read by the caller.
 */
export function fetchWithTimeout(fetchImpl: (request: Request) => Promise<Response>, timeout: number) {
  return async (request: Request): Promise<Response> => {
    const controller = new AbortController()
    const outer = request.signal
    const onAbort = () => controller.abort(outer.reason)
    if (outer.aborted) onAbort()
    else outer.addEventListener('abort', onAbort, { once: true })
    // A body is read as text, not passed on as a stream (see the common middleware below).
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
    const body = hasBody ? await request.text() : undefined
    const bounded = new Request(request.url, { method: request.method, headers: request.headers, body, signal: controller.signal, credentials: request.credentials })
    let timer: ReturnType<typeof setTimeout> | undefined
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new ApiTimeoutError({ url: request.url, timeout })
        controller.abort(error)
        reject(error)
      }, timeout)
    })
    try {
      return await Promise.race([fetchImpl(bounded), timedOut])
    } finally {
      clearTimeout(timer)
      outer.removeEventListener('abort', onAbort)
    }
  }
}

/** A response that does not match the contract: rejected whole, never passed on half-read. */
export class InvalidResponseError extends BaseError {
  static override docsPath = '/errors/InvalidResponseError'
  override name = 'InvalidResponseError'
  constructor(operation: string, issues: string) {
    super(`The ${operation} response does not match the API contract.`, { details: issues })
  }
}

export const defaultSdkType = 'appkit'
export const defaultSdkVersion = 'latchkey-0.1.0'

/**
 * Creates a typed client for one OpenAPI contract on openapi-fetch, with the middleware of spec §7:
 * `st`, `sv` and `projectId` on every GET, on a POST the ones `postQuery` lists for its path, `clientId` on
 * every call when set, and a non-OK status thrown as an {@link ApiError} carrying status and body. Every request is
 * bounded by `timeout` (default {@link defaultRequestTimeout}, spec §9) and aborted with an {@link ApiTimeoutError}; a
 * `signal` given to a call (`client.GET(path, { signal })`) aborts it too. One per modal instance.
 *
 * @throws InvalidUrlError at once when `baseUrl` is not an absolute http(s) base URL (spec §5: the connection layer
 *   accepts only http(s) or ws(s) URLs; parsed with `URL` by `parseConnectionUrl`, no credentials, query or fragment).
 * @example
 * const client = createApiClient<paths>({ baseUrl, projectId: 'p' })
 * const { data } = await client.GET('/getWallets', { params: { query: { page: 1, entries: 40 } } })
 */
export function createApiClient<Paths extends {}>(parameters: ApiClientParameters): Client<Paths> {
  parseConnectionUrl(parameters.baseUrl, { protocols: httpProtocols, base: true })
  const baseUrl = parameters.baseUrl.replace(/\/+$/, '')
  const commonQuery: Record<CommonQueryParameter, string> = {
    st: parameters.sdkType ?? defaultSdkType,
    sv: parameters.sdkVersion ?? defaultSdkVersion,
    projectId: parameters.projectId,
  }
  // The fetch is looked up at each request (a page or test may replace `globalThis.fetch` after the client is made).
  const fetchImpl = (r: Request) => (parameters.fetch ?? globalThis.fetch)(r)
  const client = createClient<Paths>({ baseUrl, fetch: fetchWithTimeout(fetchImpl, parameters.timeout ?? defaultRequestTimeout) })
  const common: Middleware = {
    async onRequest({ request, schemaPath }) {
      const url = new URL(request.url)
      const isGet = request.method === 'GET'
      const names: readonly CommonQueryParameter[] = isGet ? ['st', 'sv', 'projectId'] : request.method === 'POST' ? (parameters.postQuery?.[schemaPath] ?? []) : []
      for (const name of names) url.searchParams.set(name, commonQuery[name])
      if (parameters.clientId) url.searchParams.set('clientId', parameters.clientId)
      if (url.href === request.url) return request
      // The body is read as text, not passed on as a stream: browsers send streamed bodies only over HTTP/2
      // (Chromium fails such a POST over HTTP/1.1 with ERR_ALPN_NEGOTIATION_FAILED).
      const body = isGet || request.method === 'HEAD' ? undefined : await request.text()
      return new Request(url, { method: request.method, headers: request.headers, body, signal: request.signal, credentials: request.credentials })
    },
    async onResponse({ response }) {
      if (response.ok) return undefined
      const text = await response
        .clone()
        .text()
        .catch(() => '')
      let body: unknown = text
      try {
        body = JSON.parse(text)
      } catch {
        // not JSON: keep the text
      }
      throw new ApiError({ status: response.status, body, url: response.url || 'http://unknown/' })
    },
  }
  client.use(common)
  return client
}

/**
 * Validates `data` against a valibot schema mirroring the contract.
 * @throws InvalidResponseError naming the first issues.
 */
export function parseResponse<S extends v.GenericSchema>(operation: string, schema: S, data: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, data)
  if (result.success) return result.output
  const issues = result.issues
    .slice(0, 3)
    .map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`)
    .join('; ')
  throw new InvalidResponseError(operation, issues)
}

/**
 * Runs an openapi-fetch call and validates its data; a body that is not JSON is an invalid response.
 * @throws ApiError for a non-OK status, ApiTimeoutError for no response in time, InvalidResponseError for a body that
 *   does not match.
 */
export async function call<S extends v.GenericSchema>(operation: string, schema: S, request: () => Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<v.InferOutput<S>> {
  let result: { data?: unknown; error?: unknown; response: Response }
  try {
    result = await request()
  } catch (error) {
    if (error instanceof ApiError || error instanceof ApiTimeoutError) throw error
    if (error instanceof SyntaxError) throw new InvalidResponseError(operation, `not JSON: ${error.message}`)
    throw new BaseError(`The ${operation} request failed.`, { cause: error, docsPath: '/errors/BaseError' })
  }
  return parseResponse(operation, schema, result.data)
}
