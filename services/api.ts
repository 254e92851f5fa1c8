import createClient, { type Client, type Middleware } from 'openapi-fetch'
import * as v from 'valibot'
import { BaseError } from '../adapters/errors.ts'
import { httpProtocols, parseConnectionUrl } from '../adapters/urls.ts'

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
   * The common query parameters of each POST, by its contract path (spec §7 names them per call: the analytics
   * `POST /e` carries `projectId`, `st` and `sv`; the blockchain API's on-ramp URL, on-ramp quote and session revoke
   * carry `projectId` only). A POST not listed carries none (`clientId` aside). Every GET carries all three.
   */
  postQuery?: Readonly<Record<string, readonly CommonQueryParameter[]>>
}

/** A non-OK HTTP status from a service: carries the status and the body as read (JSON when it parses). */
export class ApiError extends BaseError {
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
export type ApiErrorType = ApiError | InvalidResponseError

/** A response that does not match the contract: rejected whole, never passed on half-read. */
export class InvalidResponseError extends BaseError {
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
 * every call when set, and a non-OK status thrown as an {@link ApiError} carrying status and body. One per
 * modal instance.
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
  const client = createClient<Paths>({ baseUrl, ...(parameters.fetch ? { fetch: (r: Request) => parameters.fetch!(r) } : {}) })
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
      const text = await response.clone().text().catch(() => '')
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
 * @throws ApiError for a non-OK status, InvalidResponseError for a body that does not match.
 */
export async function call<S extends v.GenericSchema>(
  operation: string,
  schema: S,
  request: () => Promise<{ data?: unknown; error?: unknown; response: Response }>,
): Promise<v.InferOutput<S>> {
  let result: { data?: unknown; error?: unknown; response: Response }
  try {
    result = await request()
  } catch (error) {
    if (error instanceof ApiError) throw error
    if (error instanceof SyntaxError) throw new InvalidResponseError(operation, `not JSON: ${error.message}`)
    throw new BaseError(`The ${operation} request failed.`, { cause: error })
  }
  return parseResponse(operation, schema, result.data)
}
