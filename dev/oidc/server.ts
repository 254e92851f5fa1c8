/**
 * The dev stack's OpenID Connect provider: a real OAuth 2.0 / OIDC server (`oidc-provider`) on its own
 * loopback port, standing in for Google, GitHub, Apple, Facebook, X and Discord. One confidential client per social
 * provider name (client id = the name), authorization code with PKCE (S256, required), ID tokens signed RS256 with a
 * key generated at start (published at `/jwks`). Its sign-in page lists development users of the client's provider;
 * consent is granted automatically for the dev clients (`loadExistingGrant`). Dev-only.
 *
 * ```
 * GET  /.well-known/openid-configuration   discovery (the secure site reads the endpoints from it)
 * GET  /auth?client_id=google&…             the authorization endpoint (→ /interaction/<uid>, the sign-in page)
 * POST /token                                the code exchange (client_secret_basic, code_verifier)
 * GET  /jwks                                 the ID token keys
 * GET  /interaction/<uid>                    the sign-in page: one button per development user of the provider
 * POST /interaction/<uid>/login              account=<sub>: signs in and returns to the client's redirect URI
 * POST /interaction/<uid>/abort              "Cancel": returns access_denied to the client
 * ```
 */
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import { exportJWK, generateKeyPair } from 'jose'
import Provider from 'oidc-provider'
import { DevError } from '../errors.ts'

/** The social providers (spec §3), each a client of this server. */
export const socialProviderNames = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type SocialProviderName = (typeof socialProviderNames)[number]

/** A development user of one provider: `sub` is unique across the server. */
export type DevSocialUser = { sub: string; provider: SocialProviderName; username: string; name: string; email: string }

/**
 * The development users, per provider. The Discord user's username ends in 0 (the legacy `#0` discriminator): the
 * Account shows it without (spec §9).
 */
export const devSocialUsers: readonly DevSocialUser[] = [
  { sub: 'google-ada', provider: 'google', username: 'ada.lovelace', name: 'Ada Lovelace', email: 'ada.lovelace@gmail.dev' },
  { sub: 'google-grace', provider: 'google', username: 'grace.hopper', name: 'Grace Hopper', email: 'grace.hopper@gmail.dev' },
  { sub: 'github-linus', provider: 'github', username: 'octo-linus', name: 'Linus Octo', email: 'linus@github.dev' },
  { sub: 'apple-tim', provider: 'apple', username: 'tim.apple', name: 'Tim Apple', email: 'tim@icloud.dev' },
  { sub: 'facebook-mark', provider: 'facebook', username: 'mark.fb', name: 'Mark Book', email: 'mark@facebook.dev' },
  { sub: 'x-jack', provider: 'x', username: 'jack_x', name: 'Jack X', email: 'jack@x.dev' },
  { sub: 'discord-alice', provider: 'discord', username: 'alice#0', name: 'Alice', email: 'alice@discord.dev' },
  { sub: 'discord-bob', provider: 'discord', username: 'bob_builder', name: 'Bob', email: 'bob@discord.dev' },
]

/** The client secret of provider `name` on the dev server (dev-only, not a secret). */
export const devClientSecret = (name: SocialProviderName): string => `latchkey-dev-secret-${name}`

/** Options of {@link startOidcProvider}. */
export type StartOidcProviderOptions = {
  /** TCP port on 127.0.0.1; 0 picks a free one. */
  port: number
  /** The redirect URIs every client accepts (the secure site's `/social/callback`). */
  redirectUris: readonly string[]
}

/** A running provider. */
export type OidcProviderServer = {
  /** The issuer, `http://127.0.0.1:<port>` (no trailing slash). */
  url: string
  /** Each client's id and secret. */
  clients: Record<SocialProviderName, { clientId: string; clientSecret: string }>
  stop(): Promise<void>
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const providerTitles: Record<SocialProviderName, string> = { google: 'Google', github: 'GitHub', apple: 'Apple', facebook: 'Facebook', x: 'X', discord: 'Discord' }

/** The sign-in page of interaction `uid` for the users of `provider`. */
export function signInHtml(uid: string, provider: SocialProviderName): string {
  const users = devSocialUsers.filter((u) => u.provider === provider)
  const buttons = users
    .map(
      (u) => `<li><form method="post" action="/interaction/${escapeHtml(uid)}/login"><input type="hidden" name="account" value="${escapeHtml(u.sub)}">
<button type="submit" aria-label="Continue as ${escapeHtml(u.username)}"><strong>${escapeHtml(u.name)}</strong><span>${escapeHtml(u.username)} · ${escapeHtml(u.email)}</span></button></form></li>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with ${providerTitles[provider]} (dev)</title>
<style>
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { max-width: 420px; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; }
h1 { font-size: 1.4rem; margin-bottom: 0.25rem; }
.meta { color: GrayText; font-size: 0.875rem; margin-top: 0; }
ul { list-style: none; padding: 0; }
li { margin: 0 0 0.75rem; }
button { width: 100%; text-align: left; padding: 0.75rem 1rem; border-radius: 10px; border: 1px solid #8886; background: Canvas; color: CanvasText; font: inherit; cursor: pointer; display: flex; flex-direction: column; }
button:hover, button:focus-visible { border-color: #4f6cff; outline: 2px solid #4f6cff55; }
button span { color: GrayText; font-size: 0.875rem; }
.cancel { text-align: center; display: block; width: auto; margin: 1.5rem auto 0; border: none; color: #4f6cff; flex-direction: row; }
</style></head><body>
<h1>Sign in with ${providerTitles[provider]}</h1>
<p class="meta">Development provider on loopback (OpenID Connect). Choose a development user.</p>
<ul>${buttons}</ul>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort"><button class="cancel" type="submit">Cancel</button></form>
</body></html>
`
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > 16 * 1024) break
    chunks.push(chunk as Buffer)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

/**
 * Starts the OIDC provider on loopback.
 *
 * @throws Error (`EADDRINUSE`) when the port is taken.
 * @example
 * const oidc = await startOidcProvider({ port: 8900, redirectUris: ['http://127.0.0.1:8800/social/callback'] })
 * // the secure site discovers `${oidc.url}/.well-known/openid-configuration`
 */
export async function startOidcProvider(options: StartOidcProviderOptions): Promise<OidcProviderServer> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  const issuer = `http://127.0.0.1:${port}`
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const jwk = { ...(await exportJWK(privateKey)), kid: `dev-${randomBytes(4).toString('hex')}`, alg: 'RS256', use: 'sig' }
  const clients = Object.fromEntries(socialProviderNames.map((name) => [name, { clientId: name, clientSecret: devClientSecret(name) }])) as OidcProviderServer['clients']

  const provider = new Provider(issuer, {
    clients: socialProviderNames.map((name) => ({
      client_id: name,
      client_secret: devClientSecret(name),
      redirect_uris: [...options.redirectUris],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email', 'email_verified'] },
    // The profile and email claims in the ID token itself (the secure site reads only the ID token).
    conformIdTokenClaims: false,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const user = devSocialUsers.find((u) => u.sub === sub)
      if (!user) return undefined
      return {
        accountId: sub,
        async claims() {
          return { sub, name: user.name, preferred_username: user.username, email: user.email, email_verified: true }
        },
      }
    },
    // Consent is granted for the dev clients: a grant of the requested scope, without a consent page.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId)
      if (grantId) {
        const found = await ctx.oidc.provider.Grant.find(grantId)
        if (found) return found
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! })
      grant.addOIDCScope('openid profile email')
      await grant.save()
      return grant
    },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AuthorizationCode: 60, IdToken: 600, AccessToken: 600 },
  })
  const callback = provider.callback()

  async function interaction(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const details = await provider.interactionDetails(req, res)
    const clientId = String(details.params.client_id ?? '') as SocialProviderName
    if (!socialProviderNames.includes(clientId)) throw new DevError('Unknown client')
    if (req.method === 'GET' && path === `/interaction/${details.uid}`) {
      if (details.prompt.name === 'consent') return provider.interactionFinished(req, res, { consent: {} }, { mergeWithLastSubmission: true })
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      res.end(signInHtml(details.uid, clientId))
      return
    }
    if (req.method === 'POST' && path === `/interaction/${details.uid}/login`) {
      const account = (await readForm(req)).get('account') ?? ''
      const user = devSocialUsers.find((u) => u.sub === account && u.provider === clientId)
      if (!user) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' })
        res.end('Unknown development user')
        return
      }
      return provider.interactionFinished(req, res, { login: { accountId: user.sub } }, { mergeWithLastSubmission: false })
    }
    if (req.method === 'POST' && path === `/interaction/${details.uid}/abort`) {
      return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The visitor cancelled the sign-in' }, { mergeWithLastSubmission: false })
    }
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
    res.end('Not found')
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', issuer).pathname
    if (path.startsWith('/interaction/')) {
      interaction(req, res, path).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' })
        res.end(`Sign-in failed: ${error instanceof Error ? error.message : 'error'}`)
      })
      return
    }
    void callback(req, res)
  })

  let stopping: Promise<void> | undefined
  return {
    url: issuer,
    clients,
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
      return stopping
    },
  }
}
