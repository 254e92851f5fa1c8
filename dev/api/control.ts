/**
 * The reference server's test switches (dev-only): how it misbehaves ({@link ApiBehaviour}), the {@link ApiControl}
 * object a test holds, and the same over HTTP under `/__control` for Playwright.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Features } from './dataset.ts'
import { ApiHttpError } from './handlers.ts'
import type { AnalyticsEvent } from './handlers.ts'
import { readJsonBody, sendJson } from './http.ts'

/**
 * How the server misbehaves, for tests of loading and error states. `paths` (optional) limits it to requests
 * whose path starts with one of the prefixes, e.g. `['/directory/getWallets']`; without it every contract
 * route misbehaves. Preflights and the control routes never do.
 *
 * - `normal`: answers per the contract.
 * - `slow`: waits `delayMs` milliseconds, then answers normally.
 * - `status`: answers `status` (an HTTP error code: 403, 429, 500, 503, …) with `{ message }`.
 * - `malformed`: answers 200 with valid JSON that does not match the contract (wrong types, missing fields).
 * - `garbage`: answers 200 with `Content-Type: application/json` and a body that is not JSON.
 */
export type ApiBehaviour =
  | { mode: 'normal' }
  | { mode: 'slow'; delayMs: number; paths?: string[] }
  | { mode: 'status'; status: number; paths?: string[] }
  | { mode: 'malformed'; paths?: string[] }
  | { mode: 'garbage'; paths?: string[] }

/** Test switches of a running server. Dev-only; the same is reachable over HTTP under `/__control`. */
export type ApiControl = {
  /**
   * Sets how the server behaves from the next request on (see {@link ApiBehaviour}).
   *
   * @throws TypeError when the behaviour is not one of the modes (e.g. a status outside 400..599).
   */
  set(behaviour: ApiBehaviour): void
  /** The current behaviour. */
  behaviour(): ApiBehaviour
  /** The analytics events received so far (bodies of `POST /analytics/e`), oldest first. */
  events(): AnalyticsEvent[]
  /**
   * The features `/directory/appkit/v1/config` answers for one project id.
   *
   * @throws TypeError when `features` does not match the contract's `Features` schema.
   */
  setFeatures(projectId: string, features: Features): void
  /** The origins `/directory/projects/v1/origins` answers (exact `scheme://host:port` strings). */
  setAllowedOrigins(origins: readonly string[]): void
  /**
   * Back to the start: normal mode, dataset features and origins, no events, registered names and smart sessions
   * forgotten, SIWX nonces and sessions forgotten.
   */
  reset(): Promise<void>
}

/** A value of the same shape with every field of the wrong type (arrays become objects and so on). */
export function malform(value: unknown): unknown {
  if (Array.isArray(value)) return { malformed: 'expected a list here' }
  if (typeof value !== 'object' || value === null) return [value]
  const wrong: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === 'string') wrong[key] = 12_345
    else if (typeof field === 'number') wrong[key] = 'not a number'
    else if (typeof field === 'boolean') wrong[key] = 'yes'
    else if (Array.isArray(field)) wrong[key] = 'not a list'
    else if (field === null) wrong[key] = 0
    else wrong[key] = 'not an object'
  }
  return wrong
}

export function appliesTo(behaviour: ApiBehaviour, pathname: string): Exclude<ApiBehaviour, { mode: 'normal' }> | undefined {
  if (behaviour.mode === 'normal') return undefined
  if (behaviour.paths && !behaviour.paths.some((prefix) => pathname.startsWith(prefix))) return undefined
  return behaviour
}

const modes = ['normal', 'slow', 'status', 'malformed', 'garbage'] as const

/**
 * Checks a behaviour given to {@link ApiControl.set} (or `POST /__control`) and returns a clean copy.
 *
 * @throws TypeError naming the problem.
 */
export function checkBehaviour(value: unknown): ApiBehaviour {
  if (typeof value !== 'object' || value === null) throw new TypeError('The behaviour must be an object like { mode: "slow", delayMs: 2000 }')
  const { mode, paths, delayMs, status } = value as Record<string, unknown>
  if (!(modes as readonly unknown[]).includes(mode)) throw new TypeError(`Unknown mode ${JSON.stringify(mode)}; use one of ${modes.join(', ')}`)
  if (paths !== undefined && (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string' && p.startsWith('/')))) {
    throw new TypeError('paths must be a list of path prefixes starting with "/", e.g. ["/directory/getWallets"]')
  }
  const scope = paths === undefined ? {} : { paths: [...(paths as string[])] }
  switch (mode as (typeof modes)[number]) {
    case 'normal':
      return { mode: 'normal' }
    case 'slow':
      if (typeof delayMs !== 'number' || !Number.isFinite(delayMs) || delayMs < 0 || delayMs > 120_000) throw new TypeError('slow mode needs delayMs, a number of milliseconds from 0 to 120000')
      return { mode: 'slow', delayMs, ...scope }
    case 'status':
      if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599) throw new TypeError('status mode needs status, an HTTP error code from 400 to 599 (403, 429, 500, 503)')
      return { mode: 'status', status, ...scope }
    case 'malformed':
      return { mode: 'malformed', ...scope }
    case 'garbage':
      return { mode: 'garbage', ...scope }
  }
}

/**
 * The dev-only control routes (for Playwright, which cannot reach the `ApiControl` object):
 *
 * - `GET  /__control`           → `{ behaviour }`
 * - `POST /__control`           `{ mode, paths?, delayMs?, status? }` → `{ behaviour }` (400 when invalid)
 * - `GET  /__control/events`    → the analytics events received (a JSON array, oldest first)
 * - `POST /__control/reset`     → `{ ok: true }`
 * - `POST /__control/features`  `{ projectId, features }` → `{ ok: true }`
 * - `POST /__control/origins`   `{ allowedOrigins }` → `{ ok: true }`
 */
export async function handleControl(method: string, url: URL, request: IncomingMessage, response: ServerResponse, control: ApiControl): Promise<void> {
  const route = `${method} ${url.pathname.replace(/\/+$/, '')}`
  let body: unknown
  try {
    body = method === 'POST' ? await readJsonBody(request) : undefined
    switch (route) {
      case 'GET /__control':
        return sendJson(response, 200, { behaviour: control.behaviour() })
      case 'POST /__control':
        control.set(body as ApiBehaviour)
        return sendJson(response, 200, { behaviour: control.behaviour() })
      case 'GET /__control/events':
        return sendJson(response, 200, control.events())
      case 'POST /__control/reset':
        await control.reset()
        return sendJson(response, 200, { ok: true })
      case 'POST /__control/features': {
        const { projectId, features } = (body ?? {}) as { projectId?: unknown; features?: unknown }
        if (typeof projectId !== 'string' || projectId === '') throw new TypeError('projectId must be a non-empty string')
        control.setFeatures(projectId, features as Features)
        return sendJson(response, 200, { ok: true })
      }
      case 'POST /__control/origins': {
        const { allowedOrigins } = (body ?? {}) as { allowedOrigins?: unknown }
        control.setAllowedOrigins(allowedOrigins as string[])
        return sendJson(response, 200, { ok: true })
      }
      default:
        return sendJson(response, 404, { message: `No control route ${route}` })
    }
  } catch (error) {
    if (error instanceof ApiHttpError) return sendJson(response, error.status, { message: error.message })
    if (error instanceof TypeError) return sendJson(response, 400, { message: error.message })
    throw error
  }
}
