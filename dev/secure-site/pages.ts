/**
 * The secure site's pages and their policies: the frame page (its HTML, its Content-Security-Policy, its script bundled
 * with esbuild), the development mailbox, and the plain page shell of the other routes. Dev-only.
 */
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { MailMessage } from './mail.ts'
import type { SecureChain } from './walletRpc.ts'
import type { SecureSolanaChain } from './solana.ts'
import { frameDirection, type FrameLocale } from './frame/words/index.ts'

export const frameDir = fileURLToPath(new URL('./frame/', import.meta.url))

/**
 * Bundles the frame page's script (`frame/main.ts`) for the browser with esbuild, with one locale's words: the module
 * `frame/words/chosen.ts` is replaced by `frame/words/<locale>.ts`, so no other language ships.
 *
 * @param locale a locale with frame words (`frameLocale` checked the frame URL's); English by default.
 * @returns the JavaScript text (ES2022, one file).
 */
export async function bundleFrameScript(locale: FrameLocale = 'en'): Promise<string> {
  const result = await build({
    entryPoints: [`${frameDir}main.ts`],
    plugins: [
      {
        name: 'frame-words',
        setup(b) {
          b.onResolve({ filter: /\/words\/chosen\.ts$/ }, () => ({ path: `${frameDir}words/${locale}.ts` }))
        },
      },
    ],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    minify: false,
    legalComments: 'none',
    // The words as they are (the script is sent as UTF-8), not as \u escapes.
    charset: 'utf8',
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}

/**
 * Bundles one locale's frame words (`frame/words/<locale>.ts`) as an ES module whose default export is its
 * `FrameWords`: the frame page imports it when APP_SYNC_LOCALE asks for a language its script was not bundled with.
 *
 * @param locale a locale with frame words (`frameLocale` checked the request's).
 * @returns the JavaScript text (ES2022, one file).
 */
export async function bundleFrameWords(locale: FrameLocale): Promise<string> {
  const result = await build({
    entryPoints: [`${frameDir}words/${locale}.ts`],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    minify: false,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}

/**
 * The origin of the frame URL's `rpcUrl` (spec §7: the dapp's RPC for the frame's chain reads) when it is an http(s)
 * URL without credentials, else undefined (the frame then reads through the API).
 * @example rpcOrigin('http://127.0.0.1:8545/') // 'http://127.0.0.1:8545'; rpcOrigin('javascript:1') // undefined
 */
export function rpcOrigin(rpcUrl: string | null | undefined): string | undefined {
  if (!rpcUrl) return undefined
  try {
    const url = new URL(rpcUrl)
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return undefined
    return url.origin
  } catch {
    return undefined
  }
}

/**
 * The frame page's Content-Security-Policy: only this origin's script, style and API (and the frame URL's `rpcUrl`
 * origin for chain reads, when given), Trusted Types required (no HTML strings), framed only by `ancestors`.
 *
 * @param ancestors exact origins; none gives `frame-ancestors 'none'`.
 * @param rpcUrl the frame URL's `rpcUrl`; its origin joins `connect-src` ({@link rpcOrigin}).
 */
export function frameCsp(ancestors: readonly string[], rpcUrl?: string | null): string {
  const rpc = rpcOrigin(rpcUrl)
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "require-trusted-types-for 'script'",
    "img-src 'self' data:",
    `connect-src 'self'${rpc ? ` ${rpc}` : ''}`,
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors.length > 0 ? ancestors.join(' ') : "'none'"}`,
  ].join('; ')
}

/** The CSP of the site's other pages (verify, mailbox): no script at all, never framed. */
export const pageCsp = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/**
 * The frame page's HTML. The allowed ancestors and the chains' names reach the script in meta tags (data, not code).
 * `locale` (checked by `frameLocale`) sets the page's `lang` and `dir` and names the script bundled with its words.
 */
export function frameHtml(ancestors: readonly string[], chains: readonly SecureChain[], solanaChains: readonly SecureSolanaChain[] = [], locale: FrameLocale = 'en'): string {
  const names = Object.fromEntries([...chains.map((c) => [c.chainId, c.name ?? `Chain ${c.chainId}`]), ...solanaChains.map((c) => [c.caipNetworkId, c.name ?? c.caipNetworkId])])
  return `<!doctype html>
<html lang="${locale}" dir="${frameDirection(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="latchkey-allowed-ancestors" content="${escapeHtml(JSON.stringify(ancestors))}">
<meta name="latchkey-chains" content="${escapeHtml(JSON.stringify(names))}">
<title>Latchkey secure frame</title>
<link rel="stylesheet" href="/frame.css">
<script type="module" src="/frame.js?locale=${locale}"></script>
</head>
<body>
<main id="approval" hidden></main>
</body>
</html>
`
}

export function page(title: string, body: string, refreshSeconds?: number): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${refreshSeconds ? `<meta http-equiv="refresh" content="${refreshSeconds}">` : ''}<title>${escapeHtml(title)}</title>
<style>
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { max-width: 720px; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; }
.mail { border: 1px solid #8884; border-radius: 8px; padding: 0.75rem 1rem; margin: 0 0 1rem; }
.meta { color: GrayText; font-size: 0.875rem; }
.code { font-size: 2.5rem; letter-spacing: 0.3em; font-weight: 700; font-variant-numeric: tabular-nums; margin: 0.25rem 0; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font: inherit; margin: 0.5rem 0 0; }
a { overflow-wrap: anywhere; }
</style></head><body>${body}</body></html>
`
}

/** The mailbox page: every message, newest first, the code big, the verify link clickable. */
export function mailboxHtml(messages: readonly MailMessage[]): string {
  const items = messages.map((m) => {
    const code = m.code ? `<p class="code" aria-label="Code ${m.code}">${m.code}</p>` : ''
    const link = m.link ? `<p><a href="${escapeHtml(m.link)}" target="_blank" rel="noopener noreferrer">Verify this device</a></p>` : ''
    return `<article class="mail" aria-label="${escapeHtml(m.subject)}">
<h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.to.join(', '))} · from ${escapeHtml(m.from)} · <time datetime="${new Date(m.receivedAt).toISOString()}">${new Date(m.receivedAt).toLocaleTimeString('en-GB')}</time></p>
${code}${link}<pre>${escapeHtml(m.text)}</pre></article>`
  })
  return page('Dev mailbox', `<h1>Dev mailbox</h1><p class="meta">Mail the secure site sent over SMTP to the loopback server. Reloads every 3 s.</p>${items.length > 0 ? items.join('\n') : '<p>No mail yet.</p>'}`, 3)
}
