/**
 * The secure site of the dev stack: its own loopback origin serving the embedded wallet's frame page,
 * the API only that page uses, the device verification page and the dev mailbox.
 *
 * ```
 * GET  /frame                 the frame page (CSP frame-ancestors = the allowed ancestors; strict CSP otherwise)
 * GET  /frame.js, /frame.css  its script (dev/secure-site/frame/main.ts bundled with esbuild: English at start, another
 *                             `locale`'s words on its first request) and styles
 * GET  /frame-words.js        one `locale`'s frame words as an ES module (the page's APP_SYNC_LOCALE imports it)
 * POST /api/connect-email     { email, deviceId } → { action: VERIFY_DEVICE | VERIFY_OTP | CONNECT }  (429 + retryAfterSeconds)
 * POST /api/connect-device    { email, deviceId } → { verified: false } | { verified: true, token }
 * POST /api/connect-otp       { email, deviceId, otp } → { token }
 * GET  /api/user              Bearer → { email, address }
 * GET  /api/account-state?chainId  Bearer → { preferredAccountType, smartAccountAddress?, smartAccountDeployed, smartAccountEnabledNetworks }
 * POST /api/preferred-account  Bearer, { type: 'eoa' | 'smartAccount', chainId } → the account state
 * GET  /api/session           Bearer → { isConnected }
 * POST /api/sign-out          Bearer → {} (the session is revoked)
 * POST /api/rpc               Bearer, { method, params, chainId } → { result }
 * POST /api/rpc/check         Bearer, { method, params, chainId } → {}: the request would be taken (a batch checked before
 *                             the frame's approval); else its refusal with `code`
 * POST /api/update-email      Bearer, { email } → { action: VERIFY_PRIMARY_OTP }: a code to the current address
 * POST /api/update-email/primary-otp    Bearer, { otp } → { action: VERIFY_SECONDARY_OTP }: a code to the new address
 * POST /api/update-email/secondary-otp  Bearer, { otp } → { email }: the user's email is the new one
 * POST /api/social/start     { provider, deviceId, returnTo } → { uri }: the provider's authorize URL (PKCE)
 * POST /api/connect-social    { resultUri, deviceId } → { token }: the completed social sign-in of this device, once
 * GET  /social/callback       the provider's redirect: code exchanged, ID token verified → 303 to the dapp with
 *                             `result_uri` (or `social_error`); an unknown state: a page saying it was refused
 * POST /api/farcaster/start   { deviceId } → { url, channelToken }: a Sign In With Farcaster request
 * POST /api/connect-farcaster { channelToken, deviceId } → { state: 'pending' } | { state: 'completed', token }
 * POST /v1/channel, GET /v1/channel/status, POST /v1/channel/authenticate   the Farcaster auth relay (CORS open: the
 *                             Farcaster client is another origin; dev/farcaster/relay.ts)
 * GET  /verify-device?token=  the link of a "Verify this device" mail
 * GET  /mailbox               the dev mailbox page (newest first)
 * GET  /mailbox/messages?to=  the mailbox as JSON (tests); DELETE empties it
 * GET|POST /__control/clock   dev-only: the server clock's offset { offsetMs } (tests: throttle, code expiry, JWT nbf);
 *                             needs the header `x-latchkey-control: 1` (a cross-origin page cannot send it without a
 *                             preflight, which this server never grants)
 * ```
 *
 * Errors are `{ message, retryAfterSeconds?, code? }` with a 4xx status. The API answers same-origin requests only
 * (no CORS headers; a POST whose Origin is another origin gets 403). The wallet's private key never leaves the
 * service: no route answers it. Dev-only.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFile } from 'node:fs/promises'
import { openSecureDb } from './db.ts'
import type { SecureDb } from './db.ts'
import { createMailer } from './mail.ts'
import type { MailServer } from './mail.ts'
import { createSessionSigner } from './session.ts'
import { createSecureService, SecureSiteError } from './service.ts'
import { createSocialLogin } from './social.ts'
import { createEmailUpdate } from './emailUpdate.ts'
import type { EmailUpdate } from './emailUpdate.ts'
import { createFarcasterLogin } from './farcaster.ts'
import type { FarcasterConfig, FarcasterLogin } from './farcaster.ts'
import { FarcasterRelayError } from '../farcaster/relay.ts'
import type { SocialConfig, SocialLogin } from './social.ts'
import type { SecureService } from './service.ts'
import type { SecureChain } from './walletRpc.ts'
import type { SecureSolanaChain } from './solana.ts'
import { keepAliveLonger } from '../keepAlive.ts'
import { frameLocale, type FrameLocale } from './frame/words/index.ts'
import { frameDir, bundleFrameScript, bundleFrameWords, frameCsp, pageCsp, escapeHtml, frameHtml, page, mailboxHtml } from './pages.ts'

/** Options of {@link startSecureSite}. */
export type StartSecureSiteOptions = {
  /** TCP port on 127.0.0.1; 0 picks a free one. */
  port: number
  /** The loopback SMTP server (dev/secure-site/mail.ts): the site sends its mail to it and the mailbox routes read it. */
  mail: MailServer
  /** The chains the embedded wallet uses (the dev anvils). */
  chains: readonly SecureChain[]
  /** The Solana networks the embedded wallet uses (the dev LiteSVM RPC); none: no Solana wallet. */
  solanaChains?: readonly SecureSolanaChain[]
  /** What a new Solana wallet is airdropped per Solana network, in lamports (0: nothing). Default 10 SOL. */
  solanaFundLamports?: number
  /** The origins allowed to frame `/frame` and to talk to it (exact `scheme://host:port`), e.g. `loopbackOrigins()`. */
  allowedAncestors: readonly string[]
  /** The clock, Unix ms (codes, links, throttle, JWT `nbf`/`exp`). Default `Date.now`. */
  now?: () => number
  /** What a new wallet gets per chain, in wei (0n: nothing). Default 10 ETH. */
  fundWei?: bigint
  /** A data directory for the database; default in memory. */
  dataDir?: string
  /**
   * A database already opening (`openSecureDb()`), e.g. started early by dev/start.ts: PGlite takes seconds to
   * compile, so the stack opens it while the chains start. Default: opened here (`dataDir`).
   */
  db?: SecureDb | Promise<SecureDb>
  /**
   * The OpenID Connect provider of the social logins: its issuer and one client per provider name;
   * a function when it starts after the site (it needs the site's callback URL). None: social login answers 503.
   */
  social?: SocialConfig | (() => SocialConfig | undefined)
  /**
   * Where the Farcaster id registry is read: default the first chain's RPC and the registry's constant
   * address (`dev/farcaster/registry.ts`).
   */
  farcaster?: FarcasterConfig
  /**
   * The reference API's blockchain base URL (`http://127.0.0.1:8600/blockchain`): `wallet_grantPermissions` of the smart
   * account registers its session there (`POST /v1/sessions/{address}`). None: the method answers 4200.
   */
  sessionsApiUrl?: string
}

/** A running secure site. */
export type SecureSite = {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string
  service: SecureService
  db: SecureDb
  /** Closes the server and the database. Idempotent. */
  stop(): Promise<void>
}

/** Largest request body accepted, in bytes. */
const maxBodyBytes = 64 * 1024

/**
 * Starts the secure site on loopback: opens the database, bundles the frame script, listens.
 *
 * @param options see {@link StartSecureSiteOptions}.
 * @returns the URL, the service (tests), the database and `stop()`.
 * @throws Error (`EADDRINUSE`) when the port is taken; an esbuild error when the frame script does not build.
 * @example
 * const mail = await startMailServer({ port: 0 })
 * const site = await startSecureSite({ port: 0, mail, chains: [{ chainId: 31337, rpcUrl }], allowedAncestors: loopbackOrigins() })
 * // the dapp frames `${site.url}/frame?projectId=…&chainId=31337&version=4&enableLogger=false`
 */
export async function startSecureSite(options: StartSecureSiteOptions): Promise<SecureSite> {
  const [db, script, css] = await Promise.all([options.db ?? openSecureDb(options.dataDir), bundleFrameScript(), readFile(`${frameDir}frame.css`, 'utf8')])
  /** The frame script per locale: English's bundled at start, another's on its first request (then kept). */
  const scripts = new Map<FrameLocale, Promise<string>>([['en', Promise.resolve(script)]])
  const scriptFor = (locale: FrameLocale): Promise<string> => {
    let bundled = scripts.get(locale)
    if (!bundled) scripts.set(locale, (bundled = bundleFrameScript(locale)))
    return bundled
  }
  /** One locale's frame words as a module (APP_SYNC_LOCALE), bundled on its first request (then kept). */
  const wordScripts = new Map<FrameLocale, Promise<string>>()
  const wordsFor = (locale: FrameLocale): Promise<string> => {
    let bundled = wordScripts.get(locale)
    if (!bundled) wordScripts.set(locale, (bundled = bundleFrameWords(locale)))
    return bundled
  }
  const mailer = createMailer({ port: options.mail.port })
  /** Dev-only clock offset (ms) set through `/__control/clock`. */
  let offsetMs = 0
  const baseNow = options.now ?? Date.now
  const now = (): number => baseNow() + offsetMs
  const signer = createSessionSigner()
  let service: SecureService | undefined
  let social: SocialLogin | undefined
  let emailUpdate: EmailUpdate | undefined
  let farcaster: FarcasterLogin | undefined
  let origin = ''

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof SecureSiteError) return sendJson(res, error.status, { message: error.message, ...error.extra })
      console.error('  secure site:', error)
      sendJson(res, 500, { message: 'Internal error' })
    })
  })
  keepAliveLonger(server)

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin)
    const method = req.method ?? 'GET'
    const svc = service!
    const token = bearer(req)
    if (url.pathname.startsWith('/api/')) {
      const requestOrigin = req.headers.origin
      if (requestOrigin !== undefined && requestOrigin !== origin) return sendJson(res, 403, { message: 'Unauthorized: origin not allowed' })
    }
    const route = `${method} ${url.pathname}`
    if (url.pathname.startsWith('/v1/channel')) return relayRoute(req, res, route)
    if (url.pathname.startsWith('/__control/')) {
      if (req.headers['x-latchkey-control'] !== '1') return sendJson(res, 403, { message: 'Control routes need the header x-latchkey-control: 1' })
      if (route === 'POST /__control/clock') {
        const body = await readJson(req)
        if (typeof body.offsetMs !== 'number' || !Number.isFinite(body.offsetMs)) return sendJson(res, 400, { message: 'offsetMs must be a number' })
        offsetMs = body.offsetMs
      }
      if (route === 'POST /__control/clock' || route === 'GET /__control/clock') return sendJson(res, 200, { offsetMs, now: now() })
      return sendJson(res, 404, { message: 'Not found' })
    }
    switch (route) {
      case 'GET /':
        return sendHtml(res, page('Latchkey secure site', '<h1>Latchkey secure site (dev)</h1><p><a href="/mailbox">Mailbox</a></p>'), pageCsp)
      case 'GET /frame':
        return sendHtml(res, frameHtml(options.allowedAncestors, options.chains, options.solanaChains, frameLocale(url.searchParams.get('locale'))), frameCsp(options.allowedAncestors, url.searchParams.get('rpcUrl')))
      case 'GET /frame.js':
        return send(res, 200, 'text/javascript; charset=utf-8', await scriptFor(frameLocale(url.searchParams.get('locale'))))
      case 'GET /frame-words.js':
        return send(res, 200, 'text/javascript; charset=utf-8', await wordsFor(frameLocale(url.searchParams.get('locale'))))
      case 'GET /frame.css':
        return send(res, 200, 'text/css; charset=utf-8', css)
      case 'POST /api/connect-email': {
        const body = await readJson(req)
        return sendJson(res, 200, await svc.connectEmail({ email: body.email, deviceId: body.deviceId, token }))
      }
      case 'POST /api/connect-device': {
        const body = await readJson(req)
        return sendJson(res, 200, await svc.connectDevice({ email: body.email, deviceId: body.deviceId }))
      }
      case 'POST /api/connect-otp': {
        const body = await readJson(req)
        return sendJson(res, 200, await svc.connectOtp({ email: body.email, deviceId: body.deviceId, otp: body.otp }))
      }
      case 'POST /api/social/start': {
        const body = await readJson(req)
        return sendJson(res, 200, await social!.start({ provider: body.provider, deviceId: body.deviceId, returnTo: body.returnTo }))
      }
      case 'POST /api/connect-social': {
        const body = await readJson(req)
        return sendJson(res, 200, await social!.connect({ resultUri: body.resultUri, deviceId: body.deviceId }))
      }
      case 'GET /social/callback': {
        try {
          const { location } = await social!.callback({ code: url.searchParams.get('code'), state: url.searchParams.get('state'), error: url.searchParams.get('error') })
          res.writeHead(303, { location, ...commonHeaders })
          res.end()
          return
        } catch (error) {
          if (!(error instanceof SecureSiteError)) throw error
          return sendHtml(res, page('Sign-in refused', `<h1>Sign-in refused</h1><p>${escapeHtml(error.message)}</p><p>Close this window and try again from the app.</p>`), pageCsp, error.status)
        }
      }
      case 'GET /social/result':
        return sendHtml(res, page('Signed in', '<h1>Signed in</h1><p>Go back to the app.</p>'), pageCsp)
      case 'POST /api/farcaster/start': {
        const body = await readJson(req)
        return sendJson(res, 200, farcaster!.start({ deviceId: body.deviceId }))
      }
      case 'POST /api/connect-farcaster': {
        const body = await readJson(req)
        return sendJson(res, 200, await farcaster!.connect({ channelToken: body.channelToken, deviceId: body.deviceId }))
      }
      case 'GET /farcaster':
        return sendHtml(res, page('Sign In With Farcaster', '<h1>Sign In With Farcaster</h1><p>Sign-in requests of this secure site name this address.</p>'), pageCsp)
      case 'GET /api/user':
        return sendJson(res, 200, await svc.getUser(token))
      case 'GET /api/account-state':
        return sendJson(res, 200, await svc.accountState(token, { chainId: url.searchParams.get('chainId') }))
      case 'POST /api/preferred-account': {
        const body = await readJson(req)
        return sendJson(res, 200, await svc.setPreferredAccount(token, { type: body.type, chainId: body.chainId }))
      }
      case 'POST /api/update-email': {
        const body = await readJson(req)
        return sendJson(res, 200, await emailUpdate!.start(token, { email: body.email }))
      }
      case 'POST /api/update-email/primary-otp': {
        const body = await readJson(req)
        return sendJson(res, 200, await emailUpdate!.verifyPrimary(token, { otp: body.otp }))
      }
      case 'POST /api/update-email/secondary-otp': {
        const body = await readJson(req)
        return sendJson(res, 200, await emailUpdate!.verifySecondary(token, { otp: body.otp }))
      }
      case 'GET /api/session':
        return sendJson(res, 200, { isConnected: await svc.isConnected(token) })
      case 'POST /api/sign-out':
        await svc.signOut(token)
        return sendJson(res, 200, {})
      case 'POST /api/rpc': {
        const body = await readJson(req)
        return sendJson(res, 200, { result: (await svc.rpc(token, { method: body.method, params: body.params, chainId: body.chainId })) ?? null })
      }
      case 'POST /api/rpc/check': {
        const body = await readJson(req)
        await svc.checkRpc(token, { method: body.method, params: body.params, chainId: body.chainId })
        return sendJson(res, 200, {})
      }
      case 'GET /verify-device': {
        try {
          const { email } = await svc.verifyDevice(url.searchParams.get('token'))
          return sendHtml(res, page('Device verified', `<h1>Device verified</h1><p>The device is approved for ${escapeHtml(email)}. You can close this tab and go back to the app.</p>`), pageCsp)
        } catch (error) {
          if (!(error instanceof SecureSiteError)) throw error
          return sendHtml(res, page('Link not valid', `<h1>Link not valid</h1><p>${escapeHtml(error.message)}</p>`), pageCsp, error.status)
        }
      }
      case 'GET /mailbox':
        return sendHtml(res, mailboxHtml(options.mail.messages()), pageCsp)
      case 'GET /mailbox/messages':
        return sendJson(res, 200, { messages: options.mail.messages(url.searchParams.get('to') ?? undefined) })
      case 'DELETE /mailbox/messages':
        options.mail.clear()
        return sendJson(res, 200, {})
      default:
        return sendJson(res, 404, { message: 'Not found' })
    }
  }

  /** The Farcaster auth relay's routes: open to any origin (the Farcaster client is another page or app). */
  async function relayRoute(req: IncomingMessage, res: ServerResponse, route: string): Promise<void> {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, authorization', 'access-control-allow-methods': 'GET, POST, OPTIONS' }
    const reply = (status: number, body: unknown) => send(res, status, 'application/json; charset=utf-8', JSON.stringify(body), cors)
    const relay = farcaster!.relay
    try {
      switch (route) {
        case 'OPTIONS /v1/channel':
        case 'OPTIONS /v1/channel/status':
        case 'OPTIONS /v1/channel/authenticate':
          return send(res, 204, 'text/plain', '', { ...cors, 'access-control-max-age': '600' })
        case 'POST /v1/channel': {
          const body = await readJson(req)
          return reply(201, relay.createChannel({ domain: body.domain, siweUri: body.siweUri, nonce: body.nonce }))
        }
        case 'GET /v1/channel/status': {
          const status = relay.status(bearer(req))
          return reply(status.state === 'pending' ? 202 : 200, status)
        }
        case 'POST /v1/channel/authenticate': {
          const body = await readJson(req)
          return reply(200, await relay.authenticate(bearer(req) ?? body.channelToken, body))
        }
        default:
          return reply(404, { message: 'Not found' })
      }
    } catch (error) {
      if (error instanceof FarcasterRelayError || error instanceof SecureSiteError) return reply(error.status, { message: error.message })
      throw error
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  origin = `http://127.0.0.1:${port}`
  service = createSecureService({
    db,
    mailer,
    signer,
    publicUrl: origin,
    chains: options.chains,
    now,
    fundWei: options.fundWei,
    ...(options.solanaChains ? { solanaChains: options.solanaChains } : {}),
    ...(options.solanaFundLamports !== undefined ? { solanaFundLamports: options.solanaFundLamports } : {}),
    ...(options.sessionsApiUrl ? { sessionsApiUrl: options.sessionsApiUrl } : {}),
  })
  const svc = service
  emailUpdate = createEmailUpdate({ db, mailer, now, authenticate: (t) => svc.authenticate(t) })
  social = createSocialLogin({
    db,
    publicUrl: origin,
    allowedReturnOrigins: options.allowedAncestors,
    config: options.social,
    now,
    userFor: (identity) => svc.socialUserFor(identity),
    issueSession: (user, deviceId) => svc.issueSession(user, deviceId),
  })

  farcaster = createFarcasterLogin({
    publicUrl: origin,
    registry: options.farcaster ?? { rpcUrl: options.chains[0]?.rpcUrl ?? 'http://127.0.0.1:8545' },
    now,
    userFor: (identity) => svc.socialUserFor(identity),
    issueSession: (user, deviceId) => svc.issueSession(user, deviceId),
  })

  let stopping: Promise<void> | undefined
  return {
    url: origin,
    service,
    db,
    stop() {
      stopping ??= (async () => {
        server.closeAllConnections()
        await new Promise<void>((resolve) => server.close(() => resolve()))
        await db.close()
      })()
      return stopping
    },
  }
}

function bearer(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization
  const match = header ? /^Bearer ([A-Za-z0-9._-]+)$/.exec(header) : null
  return match?.[1]
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > maxBodyBytes) throw new SecureSiteError(413, 'Request body too large')
    chunks.push(chunk as Buffer)
  }
  try {
    const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as unknown
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>
  } catch {
    // falls through
  }
  throw new SecureSiteError(400, 'The body must be a JSON object')
}

const commonHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
}

function send(res: ServerResponse, status: number, type: string, body: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, ...commonHeaders, ...extra })
  res.end(body)
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body))
}

function sendHtml(res: ServerResponse, html: string, csp: string, status = 200): void {
  send(res, status, 'text/html; charset=utf-8', html, { 'content-security-policy': csp })
}
