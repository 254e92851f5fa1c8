/**
 * Social login on the secure site (spec §3 social providers, §9 popup): the OAuth 2.0 authorization code
 * flow with PKCE (S256) against an OpenID Connect provider whose endpoints are configuration (the dev stack's
 * `dev/oidc`, or any provider with discovery), `state` and `nonce` checked, the ID token verified with `jose` against
 * the provider's JWKS (issuer, audience = the client id, expiry, nonce).
 *
 * 1. `start({ provider, deviceId, returnTo })` (the frame's APP_GET_SOCIAL_REDIRECT_URI): a random `state`, `nonce` and
 *    code verifier kept here with the device and the dapp's return address (an allowed origin only) → the provider's
 *    authorize URL.
 * 2. `callback({ code, state })` (the provider's redirect to `/social/callback`): the state must be one started here,
 *    unused and under 10 minutes; the code is exchanged with the verifier; the ID token verified; the user of
 *    (provider, sub) found or created with its wallet; a one-time result token → the dapp's return address with
 *    `result_uri=<secure>/social/result?token=…` (failures after a known state: `social_error=<message>` instead).
 * 3. `connect({ resultUri, deviceId })` (APP_CONNECT_SOCIAL): the result of this device, once, within 10 minutes →
 *    a session token. A result taken to another device is refused.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createRemoteJWKSet, errors, jwtVerify } from 'jose'
import type { JWTVerifyGetKey } from 'jose'
import type { SecureDb, UserRow } from './db.ts'
import { SecureSiteError } from './service.ts'

/** The social providers (spec §3). */
export const socialProviders = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type SocialProvider = (typeof socialProviders)[number]

/** How long a started sign-in and its result are valid, in ms: 10 minutes. */
export const socialLoginTtl = 10 * 60_000

/** The provider's endpoints and the clients (configuration: the dev OIDC provider or real ones). */
export type SocialConfig = {
  /** The issuer (its discovery document is `<issuer>/.well-known/openid-configuration`). */
  issuer: string
  /** One client per provider name. */
  clients: Partial<Record<SocialProvider, { clientId: string; clientSecret: string }>>
  /** The key set of the ID tokens; default the discovery's `jwks_uri` (tests pass another to forge). */
  jwks?: JWTVerifyGetKey
}

/** Refusals of the social login, in the words the visitor reads. */
export const socialMessages = {
  unknownProvider: 'Social provider is not supported',
  notConfigured: 'Social login is not configured on this secure site',
  returnNotAllowed: 'The return address is not allowed',
  stateMismatch: 'Sign-in refused: the state does not match a sign-in started here',
  stateUsed: 'Sign-in refused: this sign-in was already completed',
  expired: 'Sign-in refused: the sign-in took too long, try again',
  providerDenied: 'Sign-in cancelled at the provider',
  codeExchange: 'Sign-in refused: the provider did not accept the authorization code',
  badSignature: 'Sign-in refused: the ID token’s signature is not valid',
  nonceMismatch: 'Sign-in refused: the ID token’s nonce does not match',
  badToken: 'Sign-in refused: the ID token is not valid',
  resultInvalid: 'Sign-in result is not valid: sign in again',
} as const

export const socialSchema = `
create table if not exists social_logins (
  state text primary key,
  provider text not null,
  device_id text not null,
  nonce text not null,
  verifier text not null,
  return_to text not null,
  created_at double precision not null,
  completed_at double precision,
  result_hash text,
  user_id integer,
  claimed boolean not null default false
);
`

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')
const random = (): string => randomBytes(32).toString('base64url')
const devicePattern = /^[A-Za-z0-9_-]{16,128}$/

type Discovery = { authorization_endpoint: string; token_endpoint: string; jwks_uri: string; issuer: string }

/** Options of {@link createSocialLogin}. */
export type SocialLoginOptions = {
  db: SecureDb
  /** The secure site's origin (`/social/callback` and `/social/result` are under it). */
  publicUrl: string
  /** The origins the dapp may return to (the allowed ancestors). */
  allowedReturnOrigins: readonly string[]
  /** The provider configuration; a function when it is known after the site started. */
  config: SocialConfig | (() => SocialConfig | undefined) | undefined
  now: () => number
  /** The user of (provider, sub), created with its wallet when new; its username kept up to date. */
  userFor(identity: { provider: SocialProvider; sub: string; username: string; email: string | undefined }): Promise<UserRow>
  /** A session token of `user` on `deviceId`. */
  issueSession(user: UserRow, deviceId: string): Promise<string>
  /** `fetch` (tests). */
  fetch?: typeof fetch
}

/** The social login's operations (see the file's docstring). */
export type SocialLogin = ReturnType<typeof createSocialLogin>

/** Creates the social login of the secure site. */
export function createSocialLogin(options: SocialLoginOptions) {
  const { db, now } = options
  const fetchImpl = options.fetch ?? fetch
  const callbackUrl = new URL('/social/callback', options.publicUrl).href
  let discovery: { issuer: string; doc: Discovery; jwks: JWTVerifyGetKey } | undefined
  const config = (): SocialConfig => {
    const c = typeof options.config === 'function' ? options.config() : options.config
    if (!c) throw new SecureSiteError(503, socialMessages.notConfigured)
    return c
  }
  async function discover(c: SocialConfig) {
    if (discovery?.issuer === c.issuer) return discovery
    const response = await fetchImpl(new URL('.well-known/openid-configuration', c.issuer.endsWith('/') ? c.issuer : `${c.issuer}/`))
    if (!response.ok) throw new SecureSiteError(502, 'The social provider did not answer')
    const doc = (await response.json()) as Discovery
    discovery = { issuer: c.issuer, doc, jwks: createRemoteJWKSet(new URL(doc.jwks_uri)) }
    return discovery
  }
  const client = (c: SocialConfig, provider: string) => {
    if (!(socialProviders as readonly string[]).includes(provider)) throw new SecureSiteError(400, socialMessages.unknownProvider)
    const found = c.clients[provider as SocialProvider]
    if (!found) throw new SecureSiteError(400, socialMessages.unknownProvider)
    return found
  }

  return {
    /**
     * Starts a sign-in with `provider` for the frame's device: the provider's authorize URL.
     * @throws SecureSiteError 400 (unknown provider, bad device, a return address not allowed), 503 not configured.
     */
    async start(input: { provider: unknown; deviceId: unknown; returnTo: unknown }): Promise<{ uri: string }> {
      const c = config()
      const provider = String(input.provider)
      const { clientId } = client(c, provider)
      if (typeof input.deviceId !== 'string' || !devicePattern.test(input.deviceId)) throw new SecureSiteError(400, 'Invalid device')
      let returnTo: URL
      try {
        returnTo = new URL(String(input.returnTo))
      } catch {
        throw new SecureSiteError(400, socialMessages.returnNotAllowed)
      }
      if (!options.allowedReturnOrigins.includes(returnTo.origin)) throw new SecureSiteError(400, socialMessages.returnNotAllowed)
      const { doc } = await discover(c)
      const state = random()
      const nonce = random()
      const verifier = random()
      await db.query('insert into social_logins (state, provider, device_id, nonce, verifier, return_to, created_at) values ($1, $2, $3, $4, $5, $6, $7)', [
        state,
        provider,
        input.deviceId,
        nonce,
        verifier,
        returnTo.href,
        now(),
      ])
      const url = new URL(doc.authorization_endpoint)
      url.search = new URLSearchParams({
        client_id: clientId,
        response_type: 'code',
        scope: 'openid profile email',
        redirect_uri: callbackUrl,
        state,
        nonce,
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        prompt: 'login',
      }).toString()
      return { uri: url.href }
    },

    /**
     * The provider's redirect: checks the state, exchanges the code, verifies the ID token and signs the user in.
     *
     * @returns where to send the browser: the dapp's return address with `result_uri`, or with `social_error` when
     *   the sign-in failed after a known state.
     * @throws SecureSiteError 400 when the state is unknown (no return address can be trusted: the page shows it).
     */
    async callback(input: { code: string | null; state: string | null; error: string | null }): Promise<{ location: string }> {
      const state = input.state ?? ''
      const { rows } = await db.query<{ provider: string; device_id: string; nonce: string; verifier: string; return_to: string; created_at: number; completed_at: number | null }>(
        'select provider, device_id, nonce, verifier, return_to, created_at, completed_at from social_logins where state = $1',
        [state],
      )
      const row = rows[0]
      if (!row) throw new SecureSiteError(400, socialMessages.stateMismatch)
      if (row.completed_at !== null) throw new SecureSiteError(400, socialMessages.stateUsed)
      await db.query('update social_logins set completed_at = $2 where state = $1', [state, now()])
      const back = (params: Record<string, string>) => {
        const url = new URL(row.return_to)
        for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
        return { location: url.href }
      }
      try {
        if (now() - row.created_at > socialLoginTtl) throw new SecureSiteError(400, socialMessages.expired)
        if (input.error) throw new SecureSiteError(400, socialMessages.providerDenied)
        const c = config()
        const { clientId, clientSecret } = client(c, row.provider)
        const { doc, jwks } = await discover(c)
        const response = await fetchImpl(doc.token_endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`,
          },
          body: new URLSearchParams({ grant_type: 'authorization_code', code: input.code ?? '', redirect_uri: callbackUrl, code_verifier: row.verifier }).toString(),
        })
        const tokens = (await response.json().catch(() => ({}))) as { id_token?: unknown }
        if (!response.ok || typeof tokens.id_token !== 'string') throw new SecureSiteError(400, socialMessages.codeExchange)
        const claims = await verifyIdToken(tokens.id_token, { jwks: c.jwks ?? jwks, issuer: doc.issuer, audience: clientId, nonce: row.nonce, now: now() })
        const user = await options.userFor({ provider: row.provider as SocialProvider, sub: claims.sub, username: claims.username, email: claims.email })
        const result = random()
        await db.query('update social_logins set result_hash = $2, user_id = $3 where state = $1', [state, sha256(result), user.id])
        const resultUri = new URL('/social/result', options.publicUrl)
        resultUri.searchParams.set('token', result)
        return back({ result_uri: resultUri.href })
      } catch (error) {
        if (error instanceof SecureSiteError) return back({ social_error: error.message })
        throw error
      }
    },

    /**
     * Redeems the result of a completed sign-in for this device (once): a session token.
     * @throws SecureSiteError 400 with {@link socialMessages.resultInvalid} (unknown, used, another device, expired).
     */
    async connect(input: { resultUri: unknown; deviceId: unknown }): Promise<{ token: string }> {
      let token = ''
      try {
        const url = new URL(String(input.resultUri))
        if (url.origin === new URL(options.publicUrl).origin && url.pathname === '/social/result') token = url.searchParams.get('token') ?? ''
      } catch {
        // refused below
      }
      if (!token) throw new SecureSiteError(400, socialMessages.resultInvalid)
      const { rows } = await db.query<{ state: string; user_id: number; device_id: string; created_at: number }>(
        `update social_logins set claimed = true where result_hash = $1 and not claimed and device_id = $2
         returning state, user_id, device_id, created_at`,
        [sha256(token), String(input.deviceId)],
      )
      const row = rows[0]
      if (!row || now() - row.created_at > socialLoginTtl) throw new SecureSiteError(400, socialMessages.resultInvalid)
      const { rows: users } = await db.query<UserRow>('select u.id, u.email, w.address from users u join wallets w on w.user_id = u.id where u.id = $1', [row.user_id])
      if (!users[0]) throw new SecureSiteError(400, socialMessages.resultInvalid)
      return { token: await options.issueSession(users[0], row.device_id) }
    },
  }
}

/**
 * Verifies an ID token (OpenID Connect Core §3.1.3.7): signature against `jwks` (RS256/ES256), `iss`, `aud`, `exp`
 * at `now`, and `nonce` equal to the one sent.
 *
 * @returns the subject, the username (`preferred_username`, else `name`, else the sub) and the email.
 * @throws SecureSiteError 400: {@link socialMessages.badSignature}, {@link socialMessages.nonceMismatch} or {@link socialMessages.badToken}.
 */
export async function verifyIdToken(
  idToken: string,
  expected: { jwks: JWTVerifyGetKey; issuer: string; audience: string; nonce: string; now: number },
): Promise<{ sub: string; username: string; email: string | undefined }> {
  let payload: Record<string, unknown>
  try {
    ;({ payload } = await jwtVerify(idToken, expected.jwks, {
      issuer: expected.issuer,
      audience: expected.audience,
      algorithms: ['RS256', 'ES256', 'PS256', 'EdDSA'],
      currentDate: new Date(expected.now),
      requiredClaims: ['sub', 'exp', 'iat'],
    }))
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) throw new SecureSiteError(400, socialMessages.badSignature)
    throw new SecureSiteError(400, socialMessages.badToken)
  }
  if (payload.nonce !== expected.nonce) throw new SecureSiteError(400, socialMessages.nonceMismatch)
  const sub = String(payload.sub)
  const username = typeof payload.preferred_username === 'string' ? payload.preferred_username : typeof payload.name === 'string' ? payload.name : sub
  return { sub, username, email: typeof payload.email === 'string' ? payload.email : undefined }
}
