/**
 * The frame page's client of the secure site's API (same origin, `fetch`): the session token travels as a Bearer
 * header. Refusals become {@link FrameApiError} with the server's message (and `retryAfterSeconds` for the throttle, the
 * EIP-1193 / EIP-5792 `code` of an RPC refusal).
 */
import { FrameApiError } from './contract.ts'
import type { FrameApi } from './contract.ts'
import type { createFrameHandler } from './handler.ts'

/**
 * A {@link FrameApi} over `fetch` against `base` (the frame page's own origin).
 *
 * @example createFrameApi(location.origin).connectEmail({ email: 'ada@example.com', deviceId, token: undefined })
 */
export function createFrameApi(base: string, fetchImpl: typeof fetch = fetch): FrameApi {
  async function call<T>(method: 'GET' | 'POST', path: string, token: string | undefined, body?: unknown): Promise<T> {
    let response: Response
    try {
      response = await fetchImpl(new URL(path, base), {
        method,
        headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      })
    } catch {
      throw new FrameApiError('Network error: the secure site did not answer')
    }
    const json = (await response.json().catch(() => ({}))) as { message?: unknown; retryAfterSeconds?: unknown; code?: unknown }
    if (!response.ok) {
      throw new FrameApiError(
        typeof json.message === 'string' ? json.message : 'An error occurred',
        typeof json.retryAfterSeconds === 'number' ? json.retryAfterSeconds : undefined,
        Number.isSafeInteger(json.code) ? (json.code as number) : undefined,
      )
    }
    return json as T
  }
  return {
    connectEmail: ({ email, deviceId, token }) => call('POST', '/api/connect-email', token, { email, deviceId }),
    connectDevice: ({ email, deviceId }) => call('POST', '/api/connect-device', undefined, { email, deviceId }),
    connectOtp: ({ email, deviceId, otp }) => call('POST', '/api/connect-otp', undefined, { email, deviceId, otp }),
    getUser: (token) => call('GET', '/api/user', token),
    socialStart: ({ provider, deviceId, returnTo }) => call('POST', '/api/social/start', undefined, { provider, deviceId, returnTo }),
    connectSocial: ({ resultUri, deviceId }) => call('POST', '/api/connect-social', undefined, { resultUri, deviceId }),
    farcasterStart: ({ deviceId }) => call('POST', '/api/farcaster/start', undefined, { deviceId }),
    connectFarcaster: ({ channelToken, deviceId }) => call('POST', '/api/connect-farcaster', undefined, { channelToken, deviceId }),
    updateEmail: (token, { email }) => call('POST', '/api/update-email', token, { email }),
    updateEmailPrimaryOtp: (token, { otp }) => call('POST', '/api/update-email/primary-otp', token, { otp }),
    updateEmailSecondaryOtp: (token, { otp }) => call('POST', '/api/update-email/secondary-otp', token, { otp }),
    isConnected: async (token) => (await call<{ isConnected: boolean }>('GET', '/api/session', token)).isConnected,
    signOut: async (token) => {
      await call('POST', '/api/sign-out', token, {})
    },
    accountState: (token, { chainId }) => call('GET', `/api/account-state?chainId=${encodeURIComponent(String(chainId))}`, token),
    setPreferredAccount: (token, { type, chainId }) => call('POST', '/api/preferred-account', token, { type, chainId }),
    rpc: async (token, request) => (await call<{ result: unknown }>('POST', '/api/rpc', token, request)).result,
    checkRpc: async (token, request) => {
      await call('POST', '/api/rpc/check', token, request)
    },
  }
}

/**
 * JSON-RPC reads at the frame URL's `rpcUrl` (spec §7), for {@link createFrameHandler}'s `readChain`: an error answer
 * or a failed fetch becomes a {@link FrameApiError} with the node's message.
 *
 * @example await createChainReader()('http://127.0.0.1:8545', 'eth_blockNumber', []) // '0x1f'
 */
export function createChainReader(fetchImpl: typeof fetch = fetch) {
  let id = 0
  return async (rpcUrl: string, method: string, params: unknown): Promise<unknown> => {
    let json: { result?: unknown; error?: { message?: unknown } }
    try {
      const response = await fetchImpl(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: Array.isArray(params) ? params : [] }),
      })
      json = (await response.json()) as typeof json
    } catch {
      throw new FrameApiError('Network error: the RPC did not answer')
    }
    if (json.error) throw new FrameApiError(typeof json.error.message === 'string' ? json.error.message : 'An error occurred')
    return json.result ?? null
  }
}
