import type { paths } from '../openapi/directory.d.ts'
import { BaseError } from '../kernel/errors.ts'
import { ApiError, InvalidResponseError, call, createApiClient, defaultSdkType, defaultSdkVersion, type ApiClientParameters } from './api.ts'
import { allowedOriginsSchema, analyticsConfigSchema, projectConfigSchema, walletsPageSchema, type Wallet } from './schemas.ts'

/** Query of `getWallets` (spec §7): 1-based page, entries per page, filters. Lists are sent comma-separated. */
export type GetWalletsParameters = {
  page: number
  entries: number
  search?: string | undefined
  include?: readonly string[] | undefined
  exclude?: readonly string[] | undefined
  chains?: readonly string[] | undefined
  badge_type?: 'none' | 'certified' | undefined
  /** `mobile`: wallets with a mobile link; `links`: any link (universal-provider mode). */
  platform?: 'mobile' | 'links' | undefined
}
export type GetWalletsReturnType = { data: Wallet[]; count: number }

/** The allowed-origins fetch failed in a way the spec names (§8): 429 → RATE_LIMITED, 5xx → SERVER_ERROR. */
export class AllowedOriginsError extends BaseError {
  static override docsPath = '/errors/AllowedOriginsError'
  override name = 'AllowedOriginsError'
  code: 'RATE_LIMITED' | 'SERVER_ERROR'
  constructor(code: 'RATE_LIMITED' | 'SERVER_ERROR', cause: unknown) {
    super(code === 'RATE_LIMITED' ? 'Rate Limited' : 'Server Error', { cause })
    this.code = code
  }
}

export type DirectoryApi = ReturnType<typeof createDirectoryApi>

/** `getCurrencyImage` / `getTokenImage` (spec §7): a fiat currency code (`USD`) or a token symbol (`ETH`); ids are trimmed. */
export type GetImageParameters = { id: string; signal?: AbortSignal | undefined }
/** The image as the directory sent it: an `image/*` blob (SVG or PNG). */
export type GetImageReturnType = Blob
/** What `getCurrencyImage` / `getTokenImage` throw. */
export type GetImageErrorType = InvalidImageIdError | InvalidResponseError | ApiError

/** A currency or token image was asked for without an id (spec §7 `/public/getCurrencyImage/{id}`, `/public/getTokenImage/{id}`). */
export class InvalidImageIdError extends BaseError {
  static override docsPath = '/errors/InvalidImageIdError'
  override name = 'InvalidImageIdError'
  constructor(operation: string) {
    super(`${operation} needs a non-empty id.`)
  }
}

/** The answer of an image route is an `image/*` blob, else InvalidResponseError. */
function imageOf(operation: string, data: unknown): Blob {
  if (!(data instanceof Blob) || !data.type.startsWith('image/') || data.size === 0) {
    throw new InvalidResponseError(operation, `expected a non-empty image/* body, got ${data instanceof Blob ? `'${data.type}' (${data.size} bytes)` : typeof data}`)
  }
  return data
}

/**
 * The wallet directory client (spec §7): project config, allowed origins, the wallet catalogue, image URLs
 * and the analytics config. Every answer is validated against the contract.
 *
 * @example
 * const directory = createDirectoryApi({ baseUrl: 'http://127.0.0.1:8600/directory', projectId: 'p' })
 * const { data, count } = await directory.getWallets({ page: 1, entries: 40, search: 'meta' })
 */
export function createDirectoryApi(parameters: ApiClientParameters) {
  const client = createApiClient<paths>(parameters)
  const join = (list?: readonly string[]) => (list?.length ? list.join(',') : undefined)
  const imageQuery = () => {
    const q = new URLSearchParams({ projectId: parameters.projectId, st: parameters.sdkType ?? defaultSdkType, sv: parameters.sdkVersion ?? defaultSdkVersion })
    if (parameters.clientId) q.set('clientId', parameters.clientId)
    return q.toString()
  }
  const base = parameters.baseUrl.replace(/\/+$/, '')
  return {
    /** Remote feature config (`/appkit/v1/config`). @throws ApiError, InvalidResponseError */
    getProjectConfig: () => call('getProjectConfig', projectConfigSchema, () => client.GET('/appkit/v1/config')),
    /**
     * Origins allowed for the project. 429 raises `RATE_LIMITED`, 5xx `SERVER_ERROR`; any other failure
     * (including a malformed answer) returns an empty list (spec §8).
     * @throws AllowedOriginsError
     */
    async getAllowedOrigins(): Promise<string[]> {
      try {
        return (await call('getAllowedOrigins', allowedOriginsSchema, () => client.GET('/projects/v1/origins'))).allowedOrigins
      } catch (error) {
        if (error instanceof ApiError && error.status === 429) throw new AllowedOriginsError('RATE_LIMITED', error)
        if (error instanceof ApiError && error.status >= 500) throw new AllowedOriginsError('SERVER_ERROR', error)
        return []
      }
    },
    /** A page of the catalogue. Search text is trimmed (spec §5). @throws ApiError, InvalidResponseError */
    async getWallets(p: GetWalletsParameters): Promise<GetWalletsReturnType> {
      const search = p.search?.trim()
      const query = {
        page: p.page,
        entries: p.entries,
        ...(search ? { search } : {}),
        ...(join(p.include) ? { include: join(p.include) } : {}),
        ...(join(p.exclude) ? { exclude: join(p.exclude) } : {}),
        ...(join(p.chains) ? { chains: join(p.chains) } : {}),
        ...(p.badge_type ? { badge_type: p.badge_type } : {}),
        ...(p.platform ? { platform: p.platform } : {}),
      }
      return call('getWallets', walletsPageSchema, () => client.GET('/getWallets', { params: { query } }))
    },
    /** The URL of a wallet's image (`/getWalletImage/{id}` with the common query), for `<img src>`. */
    walletImageUrl: (imageId: string) => `${base}/getWalletImage/${encodeURIComponent(imageId)}?${imageQuery()}`,
    /**
     * A fiat currency's image (`/public/getCurrencyImage/{id}`, spec §7), through the client (common query, non-OK
     * throws). @throws InvalidImageIdError (blank id), ApiError (404 for an unknown currency), InvalidResponseError (not an image)
     */
    async getCurrencyImage({ id, signal }: GetImageParameters): Promise<GetImageReturnType> {
      const key = id.trim()
      if (!key) throw new InvalidImageIdError('getCurrencyImage')
      const { data } = await client.GET('/public/getCurrencyImage/{id}', { params: { path: { id: key } }, parseAs: 'blob', ...(signal ? { signal } : {}) })
      return imageOf('getCurrencyImage', data)
    },
    /**
     * A token's image by its symbol (`/public/getTokenImage/{id}`, spec §7), for a token without an icon of its own.
     * @throws InvalidImageIdError (blank id), ApiError (404 for an unknown token), InvalidResponseError (not an image)
     */
    async getTokenImage({ id, signal }: GetImageParameters): Promise<GetImageReturnType> {
      const key = id.trim()
      if (!key) throw new InvalidImageIdError('getTokenImage')
      const { data } = await client.GET('/public/getTokenImage/{id}', { params: { path: { id: key } }, parseAs: 'blob', ...(signal ? { signal } : {}) })
      return imageOf('getTokenImage', data)
    },
    /** Whether analytics is on for the project. @throws ApiError, InvalidResponseError */
    getAnalyticsConfig: async () => (await call('getAnalyticsConfig', analyticsConfigSchema, () => client.GET('/getAnalyticsConfig'))).isAnalyticsEnabled,
  }
}
