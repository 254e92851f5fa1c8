/**
 * What the secure site does (spec §4 "Email connect result action", §5 email, OTP, throttle and the RPC
 * lists, §9 email login cooldown): email login with device verification by a mailed link, one-time codes by mail,
 * sessions as JWTs, and the embedded wallet whose private key stays here, signing only for a valid session.
 * HTTP-free (dev/secure-site/server.ts maps it to routes); the clock is injected. Dev-only.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { toHex } from 'viem'
import type { Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createUser, findUser, findUserById, socialUser } from './db.ts'
import type { SecureDb, UserRow } from './db.ts'
import type { Mailer } from './mail.ts'
import { refusalMessage } from './session.ts'
import type { SessionSigner } from './session.ts'
import { createSolanaWallets } from './solana.ts'
import type { SecureSolanaChain } from './solana.ts'
import { createSmartAccounts } from './smartAccount.ts'
import { SecureSiteError, secureMessages, throttleMessage } from './refusals.ts'
import { jsonRpc } from './rpc.ts'
import { createWalletRpc } from './walletRpc.ts'
import type { SecureChain } from './walletRpc.ts'

export { SecureSiteError, secureMessages, throttleMessage } from './refusals.ts'

/** How long a mailed code is valid, in ms: 10 minutes. */
export const otpTtl = 10 * 60_000
/** Wrong codes before a code locks. */
export const otpMaxAttempts = 5
/** How long a device verification link is valid, in ms: 10 minutes. */
export const deviceLinkTtl = 10 * 60_000
/** The email login cooldown, in ms (spec §9: 30 s; spec §5: a second email login within it is blocked). */
export const emailLoginCooldown = 30_000
/** What a new wallet gets on each dev chain at creation, in wei: 10 ETH. */
export const defaultFundWei = 10n * 10n ** 18n

/** Options of {@link createSecureService}. */
export type SecureServiceOptions = {
  db: SecureDb
  mailer: Mailer
  signer: SessionSigner
  /** The site's public URL (`http://127.0.0.1:8800`): the device verification links point there. */
  publicUrl: string
  /** The chains (anvil) the wallet uses. */
  chains: readonly SecureChain[]
  /** The clock, Unix ms. Default `Date.now`. */
  now?: () => number
  /** What a new wallet gets on every chain with `anvil_setBalance`, in wei; 0n: no funding. Default {@link defaultFundWei}. */
  fundWei?: bigint
  /** The Solana networks (the dev LiteSVM RPC) the wallet's ed25519 key signs and sends on. None: no Solana. */
  solanaChains?: readonly SecureSolanaChain[]
  /** What a new Solana wallet is airdropped on each Solana network, in lamports; 0: nothing. Default 10 SOL. */
  solanaFundLamports?: number
  /** The reference API's blockchain base URL, where the smart account's `wallet_grantPermissions` registers sessions. */
  sessionsApiUrl?: string
}

/** The result of an email login start (spec §4 "Email connect result action"). */
export type ConnectEmailAction = 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT'

/** A verified session: its id, the user and the device. */
export type AuthenticatedSession = { sessionId: string; deviceId: string; user: UserRow }

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const devicePattern = /^[A-Za-z0-9_-]{16,128}$/

/** Normalises an email (trimmed, lower-case); throws 400 when it is not an email address. */
export function normaliseEmail(email: unknown): string {
  if (typeof email !== 'string') throw new SecureSiteError(400, secureMessages.invalidEmail)
  const normalised = email.trim().toLowerCase()
  if (normalised.length > 254 || !emailPattern.test(normalised)) throw new SecureSiteError(400, secureMessages.invalidEmail)
  return normalised
}

function checkDevice(deviceId: unknown): string {
  if (typeof deviceId !== 'string' || !devicePattern.test(deviceId)) throw new SecureSiteError(400, secureMessages.invalidDevice)
  return deviceId
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')
const randomToken = (): string => randomBytes(32).toString('base64url')

/** The secure site's operations (see {@link createSecureService}). */
export type SecureService = ReturnType<typeof createSecureService>

/**
 * The secure site's logic over its database, mailer and session signer.
 *
 * @example
 * const service = createSecureService({ db, mailer, signer, publicUrl: 'http://127.0.0.1:8800', chains })
 * await service.connectEmail({ email: 'ada@example.com', deviceId }) // { action: 'VERIFY_DEVICE' }: a link is mailed
 */
export function createSecureService(options: SecureServiceOptions) {
  const { db, mailer, signer } = options
  const now = options.now ?? Date.now
  const fundWei = options.fundWei ?? defaultFundWei
  const solanaChains = options.solanaChains ?? []
  const smart = createSmartAccounts(options.chains)
  const solana = createSolanaWallets({ db, chains: solanaChains, ...(options.solanaFundLamports !== undefined ? { fundLamports: options.solanaFundLamports } : {}) })
  const wallet = createWalletRpc({ db, chains: options.chains, smart, solana, sessionsApiUrl: options.sessionsApiUrl, now, authenticate })

  async function fund(owner: Address): Promise<void> {
    if (fundWei === 0n) return
    // The smart account is funded too (it pays its user operations' gas): 10 ETH on every chain, like the EOA.
    const smartAddress = await smart.addressOf(owner).catch(() => undefined)
    await Promise.all(
      options.chains
        .flatMap((chain) => [owner, ...(smartAddress ? [smartAddress] : [])].map((address) => ({ chain, address })))
        .map(async ({ chain, address }) => {
          try {
            await jsonRpc(chain.rpcUrl, 'anvil_setBalance', [address, toHex(fundWei)])
          } catch (error) {
            console.error(`  secure site: could not fund ${address} on chain ${chain.chainId}:`, error instanceof Error ? error.message : error)
          }
        }),
    )
  }

  async function userFor(email: string): Promise<UserRow> {
    const existing = await findUser(db, email)
    if (existing) return existing
    const privateKey = generatePrivateKey()
    const address = privateKeyToAccount(privateKey).address
    const user = await createUser(db, email, { address, privateKey }, now())
    await fund(address)
    return user
  }

  /** Throws 429 with the seconds left when `email` had a mailed login less than 30 s ago; else records this one. */
  async function throttle(email: string): Promise<void> {
    const t = now()
    const { rows } = await db.query<{ last_at: number }>('select last_at from email_logins where email = $1', [email])
    const last = rows[0]?.last_at
    if (last !== undefined && t - last < emailLoginCooldown) {
      const seconds = Math.max(1, Math.ceil((emailLoginCooldown - (t - last)) / 1000))
      throw new SecureSiteError(429, throttleMessage(seconds), { retryAfterSeconds: seconds })
    }
    await db.query('insert into email_logins (email, last_at) values ($1, $2) on conflict (email) do update set last_at = $2', [email, t])
  }

  async function issueSession(user: UserRow, deviceId: string): Promise<string> {
    const sessionId = randomBytes(16).toString('hex')
    const t = now()
    await db.query('insert into sessions (id, user_id, device_id, created_at) values ($1, $2, $3, $4)', [sessionId, user.id, deviceId, t])
    return signer.sign({ sid: sessionId, sub: String(user.id), did: deviceId }, t)
  }

  /**
   * Verifies a session token: signature, `nbf`/`exp` at the server's clock, and that the session is not revoked.
   *
   * @throws SecureSiteError 401 with {@link JWT_NOT_YET_VALID}, `JWT_EXPIRED` or `JWT_INVALID` (revoked too).
   */
  async function authenticate(token: string | undefined): Promise<AuthenticatedSession> {
    if (!token) throw new SecureSiteError(401, refusalMessage('invalid'))
    const verified = await signer.verify(token, now())
    if (!verified.ok) throw new SecureSiteError(401, refusalMessage(verified.reason))
    const { rows } = await db.query<{ user_id: number; device_id: string; revoked_at: number | null }>('select user_id, device_id, revoked_at from sessions where id = $1', [verified.claims.sid])
    const row = rows[0]
    if (!row || row.revoked_at !== null || String(row.user_id) !== verified.claims.sub) throw new SecureSiteError(401, refusalMessage('revoked'))
    const user = await findUserById(db, row.user_id)
    if (!user) throw new SecureSiteError(401, refusalMessage('revoked'))
    return { sessionId: verified.claims.sid, deviceId: row.device_id, user }
  }

  async function sendOtp(user: UserRow, deviceId: string): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    await db.query(
      `insert into otps (user_id, device_id, code_hash, created_at, attempts, used) values ($1, $2, $3, $4, 0, false)
       on conflict (user_id, device_id) do update set code_hash = $3, created_at = $4, attempts = 0, used = false`,
      [user.id, deviceId, sha256(code), now()],
    )
    await mailer.send({
      to: user.email!,
      subject: `${code} is your login code`,
      text: `Your login code is ${code}\n\nIt expires in 10 minutes. If you did not try to sign in, ignore this mail.\n`,
    })
  }

  async function sendDeviceLink(user: UserRow, deviceId: string): Promise<void> {
    const token = randomToken()
    await db.query('insert into device_verifications (token_hash, user_id, device_id, created_at) values ($1, $2, $3, $4)', [sha256(token), user.id, deviceId, now()])
    const link = new URL(`/verify-device?token=${token}`, options.publicUrl).href
    await mailer.send({
      to: user.email!,
      subject: 'Verify this device',
      text: `Someone is signing in to your embedded wallet from a new device.\n\nApprove this device: ${link}\n\nThe link expires in 10 minutes. If it was not you, ignore this mail.\n`,
    })
  }

  return {
    authenticate,

    /**
     * Starts an email login (spec §4): CONNECT when `token` is a valid session of this email on this device,
     * VERIFY_OTP (a code is mailed) when the device is verified for this email, else VERIFY_DEVICE (a link is mailed).
     * A new email creates the user and its wallet (funded on the dev chains).
     *
     * @throws SecureSiteError 400 (bad email or device), 429 with `retryAfterSeconds` within 30 s of the last mailed login of this email.
     */
    async connectEmail(input: { email: unknown; deviceId: unknown; token?: string | undefined }): Promise<{ action: ConnectEmailAction }> {
      const email = normaliseEmail(input.email)
      const deviceId = checkDevice(input.deviceId)
      if (input.token) {
        const session = await authenticate(input.token).catch(() => undefined)
        if (session && session.user.email === email && session.deviceId === deviceId) return { action: 'CONNECT' }
      }
      await throttle(email)
      const user = await userFor(email)
      const { rows } = await db.query<{ verified_at: number | null }>('select verified_at from devices where user_id = $1 and device_id = $2', [user.id, deviceId])
      if (rows[0]?.verified_at != null) {
        await sendOtp(user, deviceId)
        return { action: 'VERIFY_OTP' }
      }
      await db.query('insert into devices (user_id, device_id) values ($1, $2) on conflict do nothing', [user.id, deviceId])
      await sendDeviceLink(user, deviceId)
      return { action: 'VERIFY_DEVICE' }
    },

    /**
     * Marks the device of a mailed link verified (the page `/verify-device?token=` calls it).
     *
     * @returns the email the device was verified for.
     * @throws SecureSiteError 400 when the link is unknown or used, 410 when older than 10 minutes.
     */
    async verifyDevice(token: unknown): Promise<{ email: string }> {
      if (typeof token !== 'string' || token.length === 0 || token.length > 200) throw new SecureSiteError(400, secureMessages.linkInvalid)
      const { rows } = await db.query<{ user_id: number; device_id: string; created_at: number; used_at: number | null }>(
        'select user_id, device_id, created_at, used_at from device_verifications where token_hash = $1',
        [sha256(token)],
      )
      const row = rows[0]
      if (!row || row.used_at !== null) throw new SecureSiteError(400, secureMessages.linkInvalid)
      if (now() - row.created_at > deviceLinkTtl) throw new SecureSiteError(410, secureMessages.linkExpired)
      await db.query('update device_verifications set used_at = $2 where token_hash = $1', [sha256(token), now()])
      await db.query('update devices set verified_at = $3 where user_id = $1 and device_id = $2', [row.user_id, row.device_id, now()])
      const user = await findUserById(db, row.user_id)
      return { email: user?.email ?? '' }
    },

    /**
     * The device's poll while it waits for the link (APP_CONNECT_DEVICE). Once the link is opened the device is
     * verified and signed in: the first poll after that gets the session token (the link proved the email, like a code).
     *
     * @returns `{ verified: false }` while waiting; `{ verified: true, token }` once.
     */
    async connectDevice(input: { email: unknown; deviceId: unknown }): Promise<{ verified: false } | { verified: true; token: string }> {
      const email = normaliseEmail(input.email)
      const deviceId = checkDevice(input.deviceId)
      const user = await findUser(db, email)
      if (!user) return { verified: false }
      const { rows } = await db.query<{ token_hash: string }>(
        `update device_verifications set claimed = true
           where token_hash = (select token_hash from device_verifications
                               where user_id = $1 and device_id = $2 and used_at is not null and not claimed limit 1)
             and not claimed
         returning token_hash`,
        [user.id, deviceId],
      )
      if (rows.length === 0) return { verified: false }
      return { verified: true, token: await issueSession(user, deviceId) }
    },

    /**
     * Checks the mailed code of this email on this device (APP_CONNECT_OTP) and signs the device in.
     *
     * @returns the session token.
     * @throws SecureSiteError 400 wrong or no code, 410 expired (10 min), 423 locked after 5 wrong tries.
     */
    async connectOtp(input: { email: unknown; deviceId: unknown; otp: unknown }): Promise<{ token: string }> {
      const email = normaliseEmail(input.email)
      const deviceId = checkDevice(input.deviceId)
      const user = await findUser(db, email)
      if (!user) throw new SecureSiteError(400, secureMessages.noCode)
      const { rows } = await db.query<{ code_hash: string; created_at: number; attempts: number; used: boolean }>('select code_hash, created_at, attempts, used from otps where user_id = $1 and device_id = $2', [
        user.id,
        deviceId,
      ])
      const row = rows[0]
      if (!row || row.used) throw new SecureSiteError(400, secureMessages.noCode)
      if (row.attempts >= otpMaxAttempts) throw new SecureSiteError(423, secureMessages.codeLocked)
      if (now() - row.created_at > otpTtl) throw new SecureSiteError(410, secureMessages.codeExpired)
      const given = Buffer.from(sha256(typeof input.otp === 'string' ? input.otp.trim() : ''), 'hex')
      if (!timingSafeEqual(given, Buffer.from(row.code_hash, 'hex'))) {
        await db.query('update otps set attempts = attempts + 1 where user_id = $1 and device_id = $2', [user.id, deviceId])
        if (row.attempts + 1 >= otpMaxAttempts) throw new SecureSiteError(423, secureMessages.codeLocked)
        throw new SecureSiteError(400, secureMessages.wrongCode)
      }
      await db.query('update otps set used = true where user_id = $1 and device_id = $2', [user.id, deviceId])
      return { token: await issueSession(user, deviceId) }
    },

    /**
     * The signed-in user: email (null for a social user), the wallet's address, for a social user its provider and
     * username, and with Solana networks configured its Solana address (the keypair made on first use, §5).
     * @throws SecureSiteError 401 (see `authenticate`).
     */
    async getUser(token: string | undefined): Promise<{ email: string | null; address: string; solanaAddress?: string; socialProvider?: string; username?: string }> {
      const { user } = await authenticate(token)
      return {
        email: user.email,
        address: user.address,
        ...(solanaChains.length > 0 ? { solanaAddress: (await solana.walletOf(user.id)).address } : {}),
        ...(user.social_provider ? { socialProvider: user.social_provider } : {}),
        ...(user.username ? { username: user.username } : {}),
      }
    },

    /** A session token of `user` on `deviceId` (the social login signs in through it). */
    issueSession,

    /** The user of a social identity, created with its wallet (funded on the dev chains) when new. */
    async socialUserFor(identity: { provider: string; sub: string; username: string }): Promise<UserRow> {
      const { user, created } = await socialUser(
        db,
        identity,
        () => {
          const privateKey = generatePrivateKey()
          return { address: privateKeyToAccount(privateKey).address, privateKey }
        },
        now(),
      )
      if (created) await fund(user.address as Address)
      return user
    },

    /**
     * Whether `token` is a valid session. A token not yet valid is not "no session": it throws, so the frame reports
     * the spec's JWT message (the dapp's Session Expired alert).
     */
    async isConnected(token: string | undefined): Promise<boolean> {
      try {
        await authenticate(token)
        return true
      } catch (error) {
        if (error instanceof SecureSiteError && error.message === refusalMessage('not-yet-valid')) throw error
        return false
      }
    },

    /** Revokes the session of `token`: the token is refused from now on. @throws SecureSiteError 401 when already invalid. */
    async signOut(token: string | undefined): Promise<void> {
      const { sessionId } = await authenticate(token)
      await db.query('update sessions set revoked_at = $2 where id = $1', [sessionId, now()])
    },

    /** The wallet's RPC and account state (walletRpc.ts): `accountState`, `setPreferredAccount`, `checkRpc`, `rpc`. */
    ...wallet,
  }
}
