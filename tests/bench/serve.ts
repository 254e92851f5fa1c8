import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { gzipSync } from 'node:zlib'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'

/** A running static server made by {@link serveStatic}. */
export type StaticServer = {
  /** Base URL, `http://127.0.0.1:<port>/`. */
  url: string
  /** The directory it serves. */
  root: string
  /** Stops listening and drops open connections. Idempotent. */
  close(): Promise<void>
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

/** The types a CDN compresses: served gzip (level 9, as the bench weighs them) to a client that accepts it. */
const compressed = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg'])

/**
 * Serves the files under `root` on 127.0.0.1 (a port the OS picks), uncached, text gzip-compressed (level 9, once per
 * file) for a client that accepts gzip, as a CDN serves them (the phone profile's throttled network carries those
 * bytes): `/` is
 * `index.html`, a missing file is a 404, and nothing outside `root` is reachable.
 *
 * @returns a promise of the running server.
 */
export async function serveStatic(root: string): Promise<StaticServer> {
  const base = normalize(root).replace(/[\\/]+$/, '')
  const gzipped = new Map<string, Buffer>()
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname)
    const file = normalize(join(base, pathname === '/' ? 'index.html' : pathname))
    const notFound = (): void => {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
    }
    if (!file.startsWith(base + sep) || (request.method !== 'GET' && request.method !== 'HEAD')) return notFound()
    stat(file).then(async (info) => {
      if (!info.isFile()) return notFound()
      if (compressed.has(extname(file)) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        const body = gzipped.get(file) ?? gzipSync(await readFile(file), { level: 9 })
        gzipped.set(file, body)
        response.writeHead(200, {
          'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
          'content-encoding': 'gzip',
          'content-length': body.length,
          'cache-control': 'no-store',
          vary: 'accept-encoding',
        })
        response.end(request.method === 'HEAD' ? undefined : body)
        return
      }
      response.writeHead(200, {
        'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
        'content-length': info.size,
        'cache-control': 'no-store',
      })
      if (request.method === 'HEAD') response.end()
      else createReadStream(file).pipe(response)
    }, notFound)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  let closing: Promise<void> | undefined
  return {
    url: `http://127.0.0.1:${port}/`,
    root: base,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })),
  }
}
