import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
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

/**
 * Serves the files under `root` on 127.0.0.1 (a port the OS picks), uncompressed and uncached: `/` is
 * `index.html`, a missing file is a 404, and nothing outside `root` is reachable.
 *
 * @returns a promise of the running server.
 */
export async function serveStatic(root: string): Promise<StaticServer> {
  const base = normalize(root).replace(/[\\/]+$/, '')
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname)
    const file = normalize(join(base, pathname === '/' ? 'index.html' : pathname))
    const notFound = (): void => {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
    }
    if (!file.startsWith(base + sep) || (request.method !== 'GET' && request.method !== 'HEAD')) return notFound()
    stat(file).then((info) => {
      if (!info.isFile()) return notFound()
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
