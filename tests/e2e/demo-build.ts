/**
 * The demo pages for the e2e workers as a production build (`vite build`), served statically, one server per stack.
 *
 * The build runs once per `playwright test` with placeholder service URLs (`__E2E_API_URL__`, …) in the
 * `VITE_*` variables; each stack's server answers the built files with its own URLs in their place. A page load is then
 * a handful of files instead of the dev server's hundreds of modules. The specs that ask which source module a page
 * fetched (`/ui/views/Send.tsx`, …) read the build's chunk → modules map (tests/e2e/modules.ts).
 */
import { spawn } from 'node:child_process'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BaseError } from '../../kernel/errors.ts'

/** The e2e stack could not be prepared: the demo's build failed, or a stack did not start; `details` holds the output. */
export class E2eStackError extends BaseError {
  override name = 'E2eStackError'
  constructor(shortMessage: string, output: string) {
    super(shortMessage, { details: output })
  }
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
/** Where the e2e build of the demo goes (git-ignored). */
export const DEMO_BUILD_DIR = `${repoRoot}dist/e2e-demo`

/** The `VITE_*` variables of the demo pages, each with the placeholder the build carries in its place. */
const PLACEHOLDERS = {
  VITE_ANVIL_RPC_1: '__E2E_ANVIL_RPC_1__',
  VITE_ANVIL_RPC_2: '__E2E_ANVIL_RPC_2__',
  VITE_API_URL: '__E2E_API_URL__',
  VITE_RELAY_URL: '__E2E_RELAY_URL__',
  VITE_SOLANA_RPC: '__E2E_SOLANA_RPC__',
  VITE_SECURE_SITE_URL: '__E2E_SECURE_SITE_URL__',
  VITE_BUNDLER_URL: '__E2E_BUNDLER_URL__',
} as const
export type DemoServiceUrls = Record<keyof typeof PLACEHOLDERS, string>

/**
 * Builds the demo pages (demo, its strict-CSP twin, visualiser, mobile wallet) into {@link DEMO_BUILD_DIR}, minified as a dapp ships it: every
 * test's page load parses less than half the script. The functions keep their names (vite.config.ts `keepNames`), so
 * the visualiser still shows the machines' guards and actions by them. Rejects with the build's output when it fails.
 */
export async function buildDemo(): Promise<void> {
  const child = spawn(process.execPath, [`${repoRoot}node_modules/vite/bin/vite.js`, 'build', '--config', `${repoRoot}tests/e2e/vite.e2e.config.ts`, '--outDir', DEMO_BUILD_DIR, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: repoRoot,
    env: { ...process.env, ...PLACEHOLDERS },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new E2eStackError(`vite build of the e2e demo failed (exit ${code})`, output)
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
}
const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.json'])

function files(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path, base) : [path]
  })
}

/** The demo page served with {@link strictCsp} (demo/csp.html: the demo with nothing inline); `/csp` also reaches it. */
export const STRICT_CSP_PAGE = '/csp.html'

/** `scheme://host:port` of a service URL (ws:// included), for a CSP source list. */
const sourceOf = (url: string): string => {
  const { protocol, host } = new URL(url)
  return `${protocol}//${host}`
}

/**
 * The Content-Security-Policy a security-minded dapp sends, for {@link STRICT_CSP_PAGE}: everything from the page's own
 * origin, no inline script or style, no `eval`, Trusted Types required for every script sink; plus the stack's loopback
 * services the demo talks to (`connect-src`: the two anvil chains, the reference API, the Solana RPC, the WalletConnect
 * relay's websocket, the secure site, the bundler; `frame-src`: the secure site's frame; `img-src`: `data:` icons and
 * the reference API's and the secure site's images).
 *
 * @example strictCsp(urls) // "default-src 'self'; script-src 'self'; style-src 'self'; require-trusted-types-for 'script'; connect-src 'self' http://127.0.0.1:28545 …"
 */
export function strictCsp(urls: DemoServiceUrls): string {
  const services = [urls.VITE_ANVIL_RPC_1, urls.VITE_ANVIL_RPC_2, urls.VITE_API_URL, urls.VITE_SOLANA_RPC, urls.VITE_RELAY_URL, urls.VITE_SECURE_SITE_URL, urls.VITE_BUNDLER_URL].map(sourceOf)
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "require-trusted-types-for 'script'",
    `connect-src 'self' ${services.join(' ')}`,
    `frame-src ${sourceOf(urls.VITE_SECURE_SITE_URL)}`,
    `img-src 'self' data: ${sourceOf(urls.VITE_API_URL)} ${sourceOf(urls.VITE_SECURE_SITE_URL)}`,
  ].join('; ')
}

/**
 * Serves {@link DEMO_BUILD_DIR} on 127.0.0.1:`port` with `urls` in place of the placeholders, held in memory.
 * `/mobile-wallet/wc?uri=…` serves the mobile wallet's page, as the dev server's universal-link rewrite does
 * (vite.config.ts); {@link STRICT_CSP_PAGE} comes with {@link strictCsp}. Resolves once listening.
 */
export async function serveDemo(port: number, urls: DemoServiceUrls): Promise<Server> {
  const body = new Map<string, Buffer>()
  for (const path of files(DEMO_BUILD_DIR)) {
    const route = `/${path
      .slice(DEMO_BUILD_DIR.length + 1)
      .split('\\')
      .join('/')}`
    let content = readFileSync(path)
    if (TEXT.has(extname(path))) {
      let text = content.toString('utf8')
      for (const [name, placeholder] of Object.entries(PLACEHOLDERS)) text = text.split(placeholder).join(urls[name as keyof DemoServiceUrls])
      content = Buffer.from(text, 'utf8')
    }
    body.set(route, content)
  }
  const csp = strictCsp(urls)
  const server = createServer((req, res) => {
    const pathname = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname))
    const route = pathname === '/' ? '/index.html' : /^\/mobile-wallet\/wc\/?$/.test(pathname) ? '/mobile-wallet.html' : pathname
    const content = body.get(route) ?? (extname(route) === '' ? body.get(`${route}.html`) : undefined)
    if (!content) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    const resolved = body.has(route) ? route : `${route}.html`
    res
      .writeHead(200, {
        'content-type': TYPES[extname(route) || '.html'] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
        ...(resolved === STRICT_CSP_PAGE ? { 'content-security-policy': csp } : {}),
      })
      .end(content)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return server
}
