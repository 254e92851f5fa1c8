/**
 * Sign In With Farcaster, the parts both sides share. Browser-safe (viem only): the development mobile
 * wallet (the Farcaster client) and the secure site (the app) import it.
 *
 * - The request URL the dapp shows as a QR code and deep link: `farcaster://connect?channelToken=…&nonce=…&domain=…
 *   &siweUri=…&relay=…&expirationTime=…` — the relay's channel, what the client must sign, and where to post it.
 * - The message: EIP-4361 text (`createSiweMessage`), statement "Farcaster Auth", the relay channel's nonce, and the
 *   Farcaster resources line `farcaster://fid/<fid>`.
 * - The client's answer: `POST <relay>/v1/channel/authenticate` with the message, its signature by the fid's custody
 *   address, the fid and a username.
 */
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import type { Address, Hex, LocalAccount } from 'viem'
import { BaseError } from '../../kernel/errors.ts'

/** The statement of a Sign In With Farcaster message. */
export const SIWF_STATEMENT = 'Farcaster Auth'

/** The resources line that names the fid: `farcaster://fid/<fid>`. */
export const fidResource = (fid: number | bigint): string => `farcaster://fid/${fid}`

/** The parts of a Farcaster request URL. */
export type FarcasterRequest = {
  channelToken: string
  nonce: string
  /** The host the message is for (EIP-4361 `domain`). */
  domain: string
  /** The URI the message is for (EIP-4361 `uri`). */
  siweUri: string
  /** The relay's origin: the client posts to `<relay>/v1/channel/authenticate`. */
  relay: string
  /** When the request lapses (ISO 8601), if it says. */
  expirationTime?: string
}

/** Thrown for a malformed Farcaster request URL and for a relay that refuses the answer; the message says which. */
export class FarcasterRequestError extends BaseError {
  override name = 'FarcasterRequestError'
}

const tokenPattern = /^[A-Za-z0-9_-]{16,128}$/
const noncePattern = /^[A-Za-z0-9]{8,96}$/

/**
 * Builds the request URL of a relay channel.
 *
 * @example
 * farcasterRequestUrl({ channelToken: 'Zx…', nonce: 'a1b2c3d4e5f6', domain: '127.0.0.1:8800', siweUri: 'http://127.0.0.1:8800/farcaster', relay: 'http://127.0.0.1:8800' })
 * // 'farcaster://connect?channelToken=Zx…&nonce=a1b2c3d4e5f6&domain=127.0.0.1%3A8800&siweUri=…&relay=…'
 */
export function farcasterRequestUrl(request: FarcasterRequest): string {
  const params = new URLSearchParams({ channelToken: request.channelToken, nonce: request.nonce, domain: request.domain, siweUri: request.siweUri, relay: request.relay })
  if (request.expirationTime) params.set('expirationTime', request.expirationTime)
  return `farcaster://connect?${params.toString()}`
}

/**
 * Reads a Farcaster request URL (as shown in the dapp's QR code, or passed to the wallet page by deep link). White
 * space around it is ignored.
 *
 * @throws FarcasterRequestError naming the problem: not a `farcaster://connect` URL, a missing or malformed channel
 *   token, nonce, domain, siweUri or relay.
 */
export function parseFarcasterRequestUrl(url: string): FarcasterRequest {
  const text = String(url ?? '').trim()
  if (!text.startsWith('farcaster://connect?')) throw new FarcasterRequestError('Invalid Farcaster request: expected a farcaster://connect?… URL.')
  const params = new URLSearchParams(text.slice('farcaster://connect?'.length))
  const channelToken = params.get('channelToken') ?? ''
  if (!tokenPattern.test(channelToken)) throw new FarcasterRequestError('Invalid Farcaster request: the channel token is missing or malformed.')
  const nonce = params.get('nonce') ?? ''
  if (!noncePattern.test(nonce)) throw new FarcasterRequestError('Invalid Farcaster request: the nonce is missing or malformed.')
  const domain = params.get('domain') ?? ''
  if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(domain)) throw new FarcasterRequestError('Invalid Farcaster request: the domain is missing or malformed.')
  const httpUrl = (name: string): string => {
    const value = params.get(name) ?? ''
    try {
      const parsed = new URL(value)
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return value
    } catch {
      // refused below
    }
    throw new FarcasterRequestError(`Invalid Farcaster request: ${name} must be an http(s) URL.`)
  }
  const expirationTime = params.get('expirationTime') ?? undefined
  if (expirationTime !== undefined && Number.isNaN(Date.parse(expirationTime))) throw new FarcasterRequestError('Invalid Farcaster request: expirationTime is not a date.')
  return { channelToken, nonce, domain, siweUri: httpUrl('siweUri'), relay: httpUrl('relay'), ...(expirationTime ? { expirationTime } : {}) }
}

/**
 * The Sign In With Farcaster message for a request, signed by `address` for `fid`.
 *
 * @param parameters the request, the signing (custody) address, the fid, the chain id of the registry and the time.
 * @returns EIP-4361 text ending with the resources line `- farcaster://fid/<fid>`.
 */
export function buildSiwfMessage(parameters: { request: FarcasterRequest; address: Address; fid: number | bigint; chainId: number; issuedAt: Date }): string {
  const { request, address, fid, chainId, issuedAt } = parameters
  return createSiweMessage({
    domain: request.domain,
    address,
    statement: SIWF_STATEMENT,
    uri: request.siweUri,
    version: '1',
    chainId,
    nonce: request.nonce,
    issuedAt,
    ...(request.expirationTime ? { expirationTime: new Date(request.expirationTime) } : {}),
    resources: [fidResource(fid)],
  })
}

/**
 * The fid a Sign In With Farcaster message names in its resources (exactly one `farcaster://fid/<n>` line).
 *
 * @returns the fid, or undefined when the message names none, more than one, or a malformed one.
 */
export function fidOfMessage(message: string): bigint | undefined {
  const resources = parseSiweMessage(message).resources ?? []
  const fids = resources.filter((r) => r.startsWith('farcaster://fid/'))
  if (fids.length !== 1) return undefined
  const match = /^farcaster:\/\/fid\/([1-9]\d{0,19})$/.exec(fids[0]!)
  return match ? BigInt(match[1]!) : undefined
}

/** What the client posts to `<relay>/v1/channel/authenticate`. */
export type FarcasterAuthentication = { channelToken: string; message: string; signature: Hex; fid: number; username: string }

/**
 * The Farcaster client's side: signs the request's message with `account` for `fid` and posts it to the relay.
 *
 * @returns the message signed.
 * @throws FarcasterRequestError with the relay's words when it refuses (e.g. "Sign-in refused: … is not the custody
 *   address of fid 1"), or when it cannot be reached.
 * @example
 * await signInWithFarcaster({ url, account: devAccounts()[0], fid: 1, username: 'alice', chainId: 31337 })
 */
export async function signInWithFarcaster(parameters: {
  url: string
  account: LocalAccount
  fid: number
  username: string
  chainId: number
  now?: Date
  fetch?: typeof fetch
}): Promise<{ message: string; signature: Hex }> {
  const request = parseFarcasterRequestUrl(parameters.url)
  if (!Number.isSafeInteger(parameters.fid) || parameters.fid < 1) throw new FarcasterRequestError('The fid must be a positive whole number.')
  const message = buildSiwfMessage({ request, address: parameters.account.address, fid: parameters.fid, chainId: parameters.chainId, issuedAt: parameters.now ?? new Date() })
  const signature = await parameters.account.signMessage({ message })
  const body: FarcasterAuthentication = { channelToken: request.channelToken, message, signature, fid: parameters.fid, username: parameters.username }
  let response: Response
  try {
    response = await (parameters.fetch ?? fetch)(new URL('/v1/channel/authenticate', request.relay), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${request.channelToken}` },
      body: JSON.stringify(body),
    })
  } catch {
    throw new FarcasterRequestError(`The Farcaster relay at ${request.relay} did not answer.`)
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { message?: unknown }
    throw new FarcasterRequestError(typeof answer.message === 'string' ? answer.message : `The Farcaster relay refused the sign-in (${response.status}).`)
  }
  return { message, signature }
}
