/**
 * Farcaster login on the secure site (spec §2 ConnectingFarcaster, §3 "get/connect Farcaster"): the app
 * side of Sign In With Farcaster through the dev stack's auth relay (`dev/farcaster/relay.ts`, mounted here).
 *
 * 1. `start({ deviceId })` (the frame's APP_GET_FARCASTER_URI): opens a relay channel for this device → the request
 *    URL the dapp shows (QR code, deep link) and the channel token the frame keeps.
 * 2. The Farcaster client (the development mobile wallet) signs the SIWF message and posts it to the relay;
 *    {@link verifySiwf} runs there: the message's domain, URI and nonce must be this channel's, it must name exactly
 *    one fid (`farcaster://fid/<fid>`) and be in time, the signature must recover to the message's address, and that
 *    address must be the fid's custody address in the registry contract (`custodyOf(fid)` on the dev anvil).
 * 3. `connect({ channelToken, deviceId })` (the frame's APP_CONNECT_FARCASTER polls it every second): pending until the
 *    client answered; then the user of (farcaster, fid) — found or created with its wallet — signed in on this device,
 *    once. A refused answer is reported with the verifier's words.
 */
import { createPublicClient, http, verifyMessage } from 'viem'
import type { Address, Hex, PublicClient } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { FID_REGISTRY_ADDRESS, custodyOf } from '../farcaster/registry.ts'
import { createFarcasterRelay, FarcasterRelayError } from '../farcaster/relay.ts'
import type { FarcasterRelay } from '../farcaster/relay.ts'
import { fidOfMessage, SIWF_STATEMENT } from '../farcaster/siwf.ts'
import type { UserRow } from './db.ts'
import { SecureSiteError } from './service.ts'

/** The refusals of the Farcaster login, in the words the visitor reads. */
export const farcasterMessages = {
  malformed: 'Sign-in refused: this is not a Sign In With Farcaster message',
  wrongRequest: 'Sign-in refused: the message is not for this sign-in request (domain, URI or nonce differ)',
  noFid: 'Sign-in refused: the message names no fid (farcaster://fid/<fid>)',
  fidMismatch: 'Sign-in refused: the message is for another fid',
  expired: 'Sign-in refused: the message has expired',
  badSignature: 'Sign-in refused: the signature does not match the message’s address',
  notRegistered: (fid: bigint | number) => `Sign-in refused: fid ${fid} is not registered`,
  notCustody: (address: string, fid: bigint | number) => `Sign-in refused: ${address} is not the custody address of fid ${fid}`,
  registryDown: 'Sign-in refused: the Farcaster id registry cannot be read',
  invalid: 'Farcaster sign-in is not valid: start again',
} as const

/** What {@link verifySiwf} checks a message against. */
export type SiwfExpectation = { nonce: string; domain: string; siweUri: string }

/**
 * Verifies a Sign In With Farcaster answer (see the file's docstring, step 2).
 *
 * @param input the message, its signature, the fid the client claims, the channel's request, the time, and how to
 *   read a fid's custody address (the registry).
 * @returns the custody address (the message's signer).
 * @throws SecureSiteError 400 with one of {@link farcasterMessages}.
 */
export async function verifySiwf(input: { message: string; signature: Hex; fid: number; channel: SiwfExpectation; now: number; readCustody(fid: bigint): Promise<Address | undefined> }): Promise<{ custody: Address }> {
  const refuse = (message: string): never => {
    throw new SecureSiteError(400, message)
  }
  let parsed: ReturnType<typeof parseSiweMessage>
  try {
    parsed = parseSiweMessage(input.message)
  } catch {
    return refuse(farcasterMessages.malformed)
  }
  if (!parsed.address || !/^0x[0-9a-fA-F]{40}$/.test(parsed.address) || parsed.statement !== SIWF_STATEMENT || parsed.version !== '1' || !parsed.nonce) refuse(farcasterMessages.malformed)
  if (parsed.domain !== input.channel.domain || parsed.uri !== input.channel.siweUri || parsed.nonce !== input.channel.nonce) refuse(farcasterMessages.wrongRequest)
  const fid = fidOfMessage(input.message)
  if (fid === undefined) return refuse(farcasterMessages.noFid)
  if (fid !== BigInt(input.fid)) refuse(farcasterMessages.fidMismatch)
  if ((parsed.expirationTime && parsed.expirationTime.getTime() <= input.now) || (parsed.notBefore && parsed.notBefore.getTime() > input.now)) refuse(farcasterMessages.expired)
  const address = parsed.address!
  let valid = false
  try {
    valid = await verifyMessage({ address, message: input.message, signature: input.signature })
  } catch {
    valid = false
  }
  if (!valid) refuse(farcasterMessages.badSignature)
  let custody: Address | undefined
  try {
    custody = await input.readCustody(fid)
  } catch {
    return refuse(farcasterMessages.registryDown)
  }
  if (!custody) return refuse(farcasterMessages.notRegistered(fid))
  if (custody.toLowerCase() !== address.toLowerCase()) refuse(farcasterMessages.notCustody(address, fid))
  return { custody }
}

/** Where the fid registry is read. */
export type FarcasterConfig = { rpcUrl: string; registry?: Address }

/** Options of {@link createFarcasterLogin}. */
export type FarcasterLoginOptions = {
  /** The secure site's origin: the relay's public URL, the message's domain (its host) and URI (`<origin>/farcaster`). */
  publicUrl: string
  /** The registry's chain; or a custody reader (tests). */
  registry: FarcasterConfig | { readCustody(fid: bigint): Promise<Address | undefined> }
  now: () => number
  /** The user of (farcaster, fid), created with its wallet when new. */
  userFor(identity: { provider: string; sub: string; username: string }): Promise<UserRow>
  /** A session token of `user` on `deviceId`. */
  issueSession(user: UserRow, deviceId: string): Promise<string>
}

/** The Farcaster login's operations (see the file's docstring) and its relay (the server mounts its routes). */
export type FarcasterLogin = ReturnType<typeof createFarcasterLogin>

const devicePattern = /^[A-Za-z0-9_-]{16,128}$/

/** Creates the secure site's Farcaster login and its relay. */
export function createFarcasterLogin(options: FarcasterLoginOptions) {
  const { now } = options
  let client: PublicClient | undefined
  const readCustody =
    'readCustody' in options.registry
      ? options.registry.readCustody
      : (fid: bigint) => {
          const config = options.registry as FarcasterConfig
          client ??= createPublicClient({ transport: http(config.rpcUrl, { retryCount: 0, timeout: 10_000 }), cacheTime: 0 }) as PublicClient
          return custodyOf(client, fid, config.registry ?? FID_REGISTRY_ADDRESS)
        }
  const relay: FarcasterRelay = createFarcasterRelay({
    publicUrl: options.publicUrl,
    now,
    verify: (answer) => verifySiwf({ ...answer, now: now(), readCustody }),
  })
  /** Channel token → the device that started it. */
  const devices = new Map<string, string>()
  const origin = new URL(options.publicUrl)

  return {
    relay,
    /**
     * Opens a sign-in request for the frame's device.
     * @returns the request URL (QR code, deep link) and the channel token the frame polls with.
     * @throws SecureSiteError 400 for a malformed device id.
     */
    start(input: { deviceId: unknown }): { url: string; channelToken: string } {
      if (typeof input.deviceId !== 'string' || !devicePattern.test(input.deviceId)) throw new SecureSiteError(400, 'Invalid device')
      const { channelToken, url } = relay.createChannel({ domain: origin.host, siweUri: new URL('/farcaster', origin).href })
      devices.set(channelToken, input.deviceId)
      return { url, channelToken }
    },

    /**
     * Whether the client answered: `{ state: 'pending' }`, or the session of the fid's user on this device (once).
     * @throws SecureSiteError 400 with the verifier's words when the answer was refused, or {@link farcasterMessages.invalid}
     *   for an unknown, expired, used or other device's channel.
     */
    async connect(input: { channelToken: unknown; deviceId: unknown }): Promise<{ state: 'pending' } | { state: 'completed'; token: string }> {
      const channelToken = typeof input.channelToken === 'string' ? input.channelToken : ''
      if (!channelToken || devices.get(channelToken) === undefined || devices.get(channelToken) !== input.deviceId) throw new SecureSiteError(400, farcasterMessages.invalid)
      let status: ReturnType<typeof relay.status>
      try {
        status = relay.status(channelToken)
      } catch (error) {
        if (error instanceof FarcasterRelayError) throw new SecureSiteError(400, farcasterMessages.invalid)
        throw error
      }
      if (status.state === 'pending') return { state: 'pending' }
      devices.delete(channelToken)
      relay.close(channelToken)
      if (status.state === 'refused') throw new SecureSiteError(400, status.error ?? farcasterMessages.invalid)
      const user = await options.userFor({ provider: 'farcaster', sub: String(status.fid), username: status.username || `fid ${status.fid}` })
      return { state: 'completed', token: await options.issueSession(user, input.deviceId as string) }
    },
  }
}
