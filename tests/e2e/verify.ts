import { generateKeyPairSync, sign } from 'node:crypto'
import type { BrowserContext } from '@playwright/test'

/** The WalletConnect Verify API the SDKs call in a browser (its host is fixed in `@walletconnect/core`). */
export const WALLETCONNECT_VERIFY_ORIGIN = 'https://verify.walletconnect.org'

/** This stand-in's attestation key (ES256, P-256), made once per worker. */
const key = generateKeyPairSync('ec', { namedCurve: 'P-256' })
const jwk = key.publicKey.export({ format: 'jwk' })

const base64url = (value: object | Buffer) => (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url')
/** The SDK reads the key's coordinates with `Buffer.from(…, 'base64')`: plain base64. */
const base64 = (value: string) => Buffer.from(value, 'base64url').toString('base64')

/** An ES256 JWT attesting that request `id` came from `origin`, valid for an hour. */
function attestation(id: string, origin: string): string {
  const signed = `${base64url({ alg: 'ES256', typ: 'JWT' })}.${base64url({ id, origin, isScam: null, isVerified: true, exp: Math.floor(Date.now() / 1000) + 3600 })}`
  return `${signed}.${base64url(sign('sha256', Buffer.from(signed), { key: key.privateKey, dsaEncoding: 'ieee-p1363' }))}`
}

/**
 * Stands in for the WalletConnect Verify API, a cloud service that cannot run here (no internet). In a browser the
 * SDK's dapp side frames `<verify>/v3/attestation?id=…&origin=…` for each session proposal and request and waits up
 * to 5 s for the frame to post `{ type: 'verify_attestation', attestation }`: unanswered, every proposal and request
 * of a test costs those 5 s. A wallet side fetches `<verify>/v3/public-key` and checks the attestation's ES256
 * signature (and hangs if the key cannot be fetched). This answers both as the service does, with a key of its own:
 * the frame posts a signed attestation of the page's origin, the key endpoint serves its public JWK.
 */
export async function answerWalletConnectVerify(context: BrowserContext): Promise<void> {
  await context.route(`${WALLETCONNECT_VERIFY_ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url())
    if (url.pathname.endsWith('/public-key')) {
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: JSON.stringify({ publicKey: { crv: 'P-256', kty: 'EC', x: base64(jwk.x!), y: base64(jwk.y!) }, expiresAt: Math.floor(Date.now() / 1000) + 86_400 }),
      })
    }
    if (!url.pathname.endsWith('/attestation')) return route.fulfill({ status: 404, body: '' })
    const message = JSON.stringify({ type: 'verify_attestation', attestation: attestation(url.searchParams.get('id') ?? '', url.searchParams.get('origin') ?? '') })
    await route.fulfill({ status: 200, contentType: 'text/html', body: `<!doctype html><script>parent.postMessage(${JSON.stringify(message)}, '*')</script>` })
  })
}
