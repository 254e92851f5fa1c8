/**
 * Serves the built documentation site (`vitepress build docs` → docs/.vitepress/dist) on a free loopback port for
 * tests/docs/site.spec.ts, as a static host serves it: `/guide/pay` answers `guide/pay.html` (the site's clean URLs),
 * `/` answers `index.html`, anything else 404. The URL reaches the workers as DOCS_URL; the returned function stops it.
 */
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../../docs/.vitepress/dist')
const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' }

async function firstFile(paths: string[]): Promise<{ path: string; body: Buffer } | undefined> {
  for (const path of paths) {
    const body = await readFile(path).catch(() => undefined)
    if (body) return { path, body }
  }
  return undefined
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://docs').pathname)
    const file = join(root, normalize(pathname).replace(/^(\.\.[/\\])+/, ''))
    const found = file.startsWith(root) ? await firstFile([file, `${file}.html`, join(file, 'index.html')]) : undefined
    if (!found) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
      return
    }
    response.writeHead(200, { 'content-type': types[extname(found.path)] ?? 'application/octet-stream' }).end(found.body)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  process.env.DOCS_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return () => new Promise<void>((done) => server.close(() => done()))
}
