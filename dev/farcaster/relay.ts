/**
 * The Farcaster auth relay of the dev stack: channels between an app (the secure site) and a Farcaster
 * client (the development mobile wallet), in memory. The routes (mounted by the secure site, `dev/secure-site`) follow
 * the shape of Farcaster's relay that `@farcaster/auth-client` talks to:
 *
 * ```
 * POST /v1/channel               { domain, siweUri, nonce? }             → 201 { channelToken, url, nonce }
 * GET  /v1/channel/status        Bearer <channelToken>                   → 202 { state: 'pending', … } | 200 { state: 'completed', message, signature, fid, username, custody }
 * POST /v1/channel/authenticate  Bearer <channelToken>, { message, signature, fid, username } → 200 status | 400 { message }
 * ```
 *
 * `authenticate` runs the app's verifier (`verify`) before it completes the channel: an answer the app would refuse
 * (e.g. signed by another custody address) is refused to the client with the verifier's words, and the channel
 * records the refusal so the app's poll reports it too. A channel lives 10 minutes and completes once.
 */
import { randomBytes } from 'node:crypto'
import type { Address, Hex } from 'viem'
import { farcasterRequestUrl } from './siwf.ts'
import { BaseError } from '../../kernel/errors.ts'

/** How long a channel is valid, in ms. */
export const channelTtl = 10 * 60_000

/** A channel's state as the status route answers it. */
export type ChannelStatus = {
  state: 'pending' | 'completed' | 'refused'
  nonce: string
  url: string
  /** When completed: what the client signed. */
  message?: string
  signature?: Hex
  fid?: number
  username?: string
  /** When completed: the custody address the verifier found. */
  custody?: Address
  /** When refused: why. */
  error?: string
}

/** Thrown by the relay: `status` is the HTTP status, the message the words the caller reads. */
export class FarcasterRelayError extends BaseError {
  override name = 'FarcasterRelayError'
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** The relay's refusals. */
export const relayMessages = {
  unknownChannel: 'Unknown or expired Farcaster channel',
  alreadyCompleted: 'This Farcaster sign-in was already answered',
  badBody: 'Invalid Farcaster answer: message, signature (hex), fid (a positive number) and username are required',
  badChannel: 'Invalid channel: domain and siweUri are required',
} as const

type Channel = ChannelStatus & { domain: string; siweUri: string; createdAt: number }

/** Options of {@link createFarcasterRelay}. */
export type FarcasterRelayOptions = {
  /** The relay's public origin (put in the request URL: the client posts there). */
  publicUrl: string
  now?: () => number
  /**
   * The app's check of an answer before the channel completes; throws (any Error: its message is the refusal) when the
   * answer would not sign the user in. Resolves the fid's custody address.
   */
  verify(answer: { message: string; signature: Hex; fid: number; channel: { nonce: string; domain: string; siweUri: string } }): Promise<{ custody: Address }>
}

/** The relay's operations (see the file's docstring). */
export type FarcasterRelay = ReturnType<typeof createFarcasterRelay>

/** Creates an in-memory Farcaster auth relay. */
export function createFarcasterRelay(options: FarcasterRelayOptions) {
  const now = options.now ?? Date.now
  const channels = new Map<string, Channel>()
  const get = (channelToken: unknown): Channel => {
    const channel = typeof channelToken === 'string' ? channels.get(channelToken) : undefined
    if (!channel || now() - channel.createdAt > channelTtl) throw new FarcasterRelayError(401, relayMessages.unknownChannel)
    return channel
  }
  const view = ({ domain: _d, siweUri: _s, createdAt: _c, ...status }: Channel): ChannelStatus => status

  return {
    /**
     * Opens a channel for a sign-in request.
     * @returns the channel token (the bearer of status and authenticate), the request URL and the nonce.
     * @throws FarcasterRelayError 400 when domain or siweUri is missing.
     */
    createChannel(input: { domain: unknown; siweUri: unknown; nonce?: unknown }): { channelToken: string; url: string; nonce: string } {
      if (typeof input.domain !== 'string' || !input.domain || typeof input.siweUri !== 'string' || !input.siweUri) throw new FarcasterRelayError(400, relayMessages.badChannel)
      const channelToken = randomBytes(24).toString('base64url')
      const nonce = typeof input.nonce === 'string' && /^[A-Za-z0-9]{8,96}$/.test(input.nonce) ? input.nonce : randomBytes(16).toString('hex')
      const createdAt = now()
      const url = farcasterRequestUrl({
        channelToken,
        nonce,
        domain: input.domain,
        siweUri: input.siweUri,
        relay: options.publicUrl,
        expirationTime: new Date(createdAt + channelTtl).toISOString(),
      })
      channels.set(channelToken, { state: 'pending', nonce, url, domain: input.domain, siweUri: input.siweUri, createdAt })
      return { channelToken, url, nonce }
    },

    /** The channel's state. @throws FarcasterRelayError 401 for an unknown or expired channel. */
    status(channelToken: unknown): ChannelStatus {
      return view(get(channelToken))
    },

    /**
     * The client's answer: verified by the app's `verify`, then the channel completes.
     * @returns the completed status.
     * @throws FarcasterRelayError 401 unknown channel, 409 already answered, 400 malformed or refused by `verify` (its words).
     */
    async authenticate(channelToken: unknown, body: Record<string, unknown>): Promise<ChannelStatus> {
      const channel = get(channelToken)
      if (channel.state !== 'pending') throw new FarcasterRelayError(409, relayMessages.alreadyCompleted)
      const { message, signature, fid, username } = body
      if (
        typeof message !== 'string' ||
        message.length > 4096 ||
        typeof signature !== 'string' ||
        !/^0x[0-9a-fA-F]+$/.test(signature) ||
        typeof fid !== 'number' ||
        !Number.isSafeInteger(fid) ||
        fid < 1 ||
        typeof username !== 'string' ||
        username.length > 64
      ) {
        throw new FarcasterRelayError(400, relayMessages.badBody)
      }
      let custody: Address
      try {
        ;({ custody } = await options.verify({ message, signature: signature as Hex, fid, channel: { nonce: channel.nonce, domain: channel.domain, siweUri: channel.siweUri } }))
      } catch (error) {
        const words = error instanceof Error ? error.message : String(error)
        Object.assign(channel, { state: 'refused', error: words })
        throw new FarcasterRelayError(400, words)
      }
      Object.assign(channel, { state: 'completed', message, signature, fid, username, custody })
      return view(channel)
    },

    /** Forgets a channel (the app took its result). */
    close(channelToken: string): void {
      channels.delete(channelToken)
    },
  }
}
