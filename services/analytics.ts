import type { paths } from '../openapi/analytics.d.ts'
import { BaseError } from '../kernel/errors.ts'
import { ApiError, createApiClient, type ApiClientParameters } from './api.ts'

/** Error categories of SDK error reports (spec §8); `INTERNAL_SDK_ERROR` by default. */
export type SdkErrorCategory = 'INTERNAL_SDK_ERROR' | 'API_ERROR' | 'WALLET_ERROR' | 'CONFIGURATION_ERROR'

/** An error of the SDK, wrapped with its category before it is reported (spec §8). */
export class SdkError extends BaseError {
  static override docsPath = '/errors/SdkError'
  override name = 'SdkError'
  category: SdkErrorCategory
  constructor(error: unknown, category: SdkErrorCategory = 'INTERNAL_SDK_ERROR') {
    const message = error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : typeof error === 'string' ? error : 'Unknown error'
    super(message || 'Unknown error', { cause: error })
    this.category = category
  }
}

/** Error reports allowed per window (spec §9: 5 per 60 s). */
export const errorReportLimit = { count: 5, windowMs: 60_000 } as const

export type CreateAnalyticsParameters = Omit<ApiClientParameters, 'postQuery'> & {
  /** Whether analytics is on (project config; spec §6). Checked at each send. */
  isEnabled?: () => boolean
  /** Called once, on the first 403: the "Invalid App Configuration" notification (spec §8). */
  onInvalidAppConfiguration?: () => void
  /** The page (`url`, `domain` of each event); default `globalThis.location`. */
  location?: { href: string; hostname: string }
  now?: () => number
  /** Event ids; default `crypto.randomUUID`. */
  randomId?: () => string
}

export type Analytics = ReturnType<typeof createAnalytics>

/**
 * The analytics client (spec §7): `POST /e` with `projectId`, `st`, `sv` in the query and the event in
 * the body. Sending never throws: a 403 opens the "Invalid App Configuration" notification once, other
 * failures are dropped. Error reports are wrapped as {@link SdkError} and limited to 5 per 60 s.
 *
 * @example
 * const analytics = createAnalytics({ baseUrl, projectId })
 * analytics.track('MODAL_OPEN', { connected: false })
 * analytics.reportError(error, 'API_ERROR')
 */
export function createAnalytics(parameters: CreateAnalyticsParameters) {
  const client = createApiClient<paths>({ ...parameters, postQuery: { '/e': ['projectId', 'st', 'sv'] } })
  const now = parameters.now ?? Date.now
  const location = parameters.location ?? (globalThis.location as { href: string; hostname: string } | undefined) ?? { href: '', hostname: '' }
  const randomId = parameters.randomId ?? (() => globalThis.crypto.randomUUID())
  let invalidConfigurationShown = false
  let reports: number[] = []

  async function send(props: { type: string; event: string; properties?: Record<string, unknown>; errorType?: string; errorMessage?: string; stackTrace?: string }): Promise<boolean> {
    if (parameters.isEnabled && !parameters.isEnabled()) return false
    try {
      await client.POST('/e', {
        body: { eventId: randomId(), url: location.href, domain: location.hostname, timestamp: now(), props },
        parseAs: 'text',
      })
      return true
    } catch (error) {
      if (error instanceof ApiError && error.status === 403 && !invalidConfigurationShown) {
        invalidConfigurationShown = true
        parameters.onInvalidAppConfiguration?.()
      }
      return false
    }
  }

  return {
    /** Sends a user event (`MODAL_OPEN`, `CONNECT_SUCCESS`, …). Resolves to whether it was accepted. */
    track: (event: string, properties?: Record<string, unknown>) => send({ type: 'track', event, ...(properties ? { properties } : {}) }),
    /**
     * Reports an error as an SDK error with its category; at most 5 reports per 60 s (later ones are dropped).
     * Resolves to whether it was sent.
     */
    async reportError(error: unknown, category?: SdkErrorCategory): Promise<boolean> {
      const sdkError = error instanceof SdkError ? error : new SdkError(error, category)
      const t = now()
      reports = reports.filter((at) => t - at < errorReportLimit.windowMs)
      if (reports.length >= errorReportLimit.count) return false
      reports.push(t)
      return send({
        type: 'error',
        event: 'SDK_ERROR',
        errorType: sdkError.category,
        errorMessage: sdkError.shortMessage,
        stackTrace: (sdkError.cause instanceof Error ? sdkError.cause.stack : sdkError.stack) ?? '',
      })
    },
  }
}
