/**
 * What a first-use step fetched (firstUse.ts): the network log of a run's page, the view registry as the bench reads it,
 * and the build's files split into what the step needed, what it prefetched for the next views and what came before,
 * each named by its main module and weighed.
 */
import type { Page, Request } from 'playwright'
import type { ViewSpec } from '../../machines/features.ts'
import { manifests } from '../../machines/manifests.ts'
import { isViewName } from '../../machines/views.ts'
import type { ViewName } from '../../machines/views.ts'
import { withStaticImports } from './build.ts'
import type { ChunkInfo } from './build.ts'
import { moduleOrigin } from './lazyRule.ts'
import type { StaticServer } from './serve.ts'
import { weighFile } from './sizes.ts'
import type { WeighedFile } from './sizes.ts'

/**
 * The view registry as the bench reads it, from the feature manifests (machines/manifests.ts): each feature's views
 * with their module and their `next` views, and its parts. Not ui/features.ts itself: its loaders come from Vite's
 * `import.meta.glob`, which the bench's plain Node does not have.
 */
export const benchRegistry = manifests.map((manifest) => ({
  id: manifest.id as string,
  parts: (manifest.parts ?? {}) as Readonly<Record<string, unknown>>,
  views: Object.fromEntries(
    Object.entries<ViewSpec>(manifest.views ?? {})
      .filter(([name]) => isViewName(name))
      .map(([name, spec]) => [name, { module: `ui/views/${spec.component ?? name}.tsx`, next: (spec.next ?? []).filter(isViewName) }]),
  ) as Partial<Record<ViewName, { module: string; next: ViewName[] }>>,
}))

/** A JS or CSS file of the build fetched during a step. */
export type FetchedFile = WeighedFile & { name: string }

export type Traffic = { files: string[]; requests: string[]; sockets: string[] }

/**
 * Records, from the page, the build's JS and CSS files fetched (200 from `server`), the other requests (by method and
 * path, with JSON-RPC methods), and WebSockets; `take()` returns what came since the last `take()`.
 */
export function recordTraffic(page: Page, server: StaticServer, apiUrl: string, labels: Record<string, string> = {}): { take(): Traffic } {
  type Call = { name: string; outcome?: string }
  let files: string[] = []
  let calls: Call[] = []
  let sockets: string[] = []
  const pending = new Map<Request, Call>()
  page.on('response', (response) => {
    const url = response.url()
    const call = pending.get(response.request())
    if (call) {
      const status = response.status()
      if (status >= 400) call.outcome = String(status)
      return
    }
    if (!url.startsWith(server.url) || response.status() !== 200) return
    const path = decodeURIComponent(new URL(url).pathname).replace(/^\/+/, '')
    if (/\.(m?js|css)$/.test(path)) files.push(path)
  })
  page.on('request', (request) => {
    const url = request.url()
    if (url.startsWith(server.url) || url.startsWith('data:')) return
    const call: Call = { name: requestName(request, apiUrl, labels) }
    pending.set(request, call)
    calls.push(call)
  })
  page.on('requestfailed', (request) => {
    const call = pending.get(request)
    if (call) call.outcome = request.failure()?.errorText === 'net::ERR_BLOCKED_BY_CLIENT' ? 'aborted' : 'failed'
  })
  page.on('websocket', (socket) => sockets.push(socket.url().replace(/\?.*$/, '')))
  return {
    take() {
      const done = { files: [...new Set(files)], requests: countSame(calls.map((c) => (c.outcome ? `${c.name} → ${c.outcome}` : c.name))), sockets }
      files = []
      calls = []
      sockets = []
      pending.clear()
      return done
    },
  }
}

/**
 * `GET /blockchain/v1/account/{address}/balance`, `POST solana-rpc getBalance`, `GET /directory/getWalletImage/{id}`,
 * `POST secure site/api/connect-email` (an origin of `labels` by its label).
 */
export function requestName(request: Pick<Request, 'url' | 'method' | 'postDataJSON'>, apiUrl: string, labels: Record<string, string> = {}): string {
  const url = new URL(request.url())
  const labelled = Object.entries(labels).find(([origin]) => request.url().startsWith(origin))?.[1]
  const where = request.url().startsWith(apiUrl) ? '' : labelled ? `${labelled} ` : url.host === '127.0.0.1:8899' ? 'Solana RPC' : url.host
  const path = url.pathname
    .split('/')
    .map((part) => (/^0x[0-9a-fA-F]{40}$/.test(part) || /^(bc|tb|bcrt)1[0-9a-z]{20,}$/.test(part) || /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(part) ? '{address}' : /[0-9]/.test(part) && part.length >= 16 ? '{id}' : part))
    .join('/')
  let rpc = ''
  try {
    const body = request.postDataJSON() as { method?: unknown } | null
    if (body && typeof body.method === 'string') rpc = ` ${body.method}`
  } catch {
    // not JSON
  }
  return `${request.method()} ${where}${where && path === '/' ? '' : path}${rpc}`.replace(/\s+/g, ' ')
}

/** `['a', 'b', 'a']` → `['a ×2', 'b ×1']`, in first-seen order. */
function countSame(items: readonly string[]): string[] {
  const counts = new Map<string, number>()
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1)
  return [...counts].map(([item, n]) => `${item} ×${n}`)
}

// ------------------------------------------------------------------ chunks, named and split

/** The module of a registry view's chunk (`ui/views/Send.tsx`), read from its loader (`() => import('./views/Send.tsx')`). */
export function viewModule(view: ViewName): string | undefined {
  for (const feature of benchRegistry) {
    const found = feature.views[view]
    if (found) return found.module
  }
  return undefined
}

/** The registry's `next` views of `view`. */
function nextOf(view: ViewName): ViewName[] {
  for (const feature of benchRegistry) {
    const next = feature.views[view]?.next
    if (next) return [...next]
  }
  return []
}

/** The files a view's chunk loads: its chunk and the chunks it imports statically, transitively. */
function viewFiles(chunks: Map<string, ChunkInfo>, view: ViewName): Set<string> {
  const module = viewModule(view)
  const chunk = module ? [...chunks.values()].find((c) => c.label === module) : undefined
  return new Set(chunk ? withStaticImports(chunks, [chunk.file]) : [])
}

/**
 * Splits a step's files: the chunks of the views its views lead to (the registry's `next`, prefetched while they show),
 * less what the views themselves load, are `prefetched`; everything else is the step's `own`.
 */
export function splitPrefetched(chunks: Map<string, ChunkInfo>, views: readonly ViewName[], files: readonly string[]): { own: string[]; prefetched: string[] } {
  const mine = new Set(views.flatMap((v) => [...viewFiles(chunks, v)]))
  const ahead = new Set(
    views
      .flatMap((v) => nextOf(v))
      .flatMap((v) => [...viewFiles(chunks, v)])
      .filter((f) => !mine.has(f)),
  )
  return { own: files.filter((f) => !ahead.has(f)), prefetched: files.filter((f) => ahead.has(f)) }
}

/** The files of `views`' chunks beyond the initial JS (the entry's static imports) that the step did not fetch: fetched before. */
export function fetchedBefore(chunks: Map<string, ChunkInfo>, views: readonly ViewName[], fetched: readonly string[]): string[] {
  const initial = new Set(
    withStaticImports(
      chunks,
      [...chunks.values()].filter((c) => c.entry).map((c) => c.file),
    ),
  )
  const now = new Set(fetched)
  return [...new Set(views.flatMap((v) => [...viewFiles(chunks, v)]))].filter((f) => !initial.has(f) && !now.has(f))
}

/**
 * A built file named by its main module: a chunk's entry module (`ui/views/Send.tsx`, a package for one in
 * node_modules), else the origin holding most of its modules (bundler's module list), with how many others it holds.
 */
export function mainModuleOf(chunks: Map<string, ChunkInfo>, file: string): string {
  const chunk = chunks.get(file)
  if (!chunk) return file.replace(/^assets\//, '')
  const short = (id: string): string => moduleOrigin(id).replace(/^latchkey /, '')
  if (!chunk.shared) return chunk.label.includes('node_modules/') ? short(chunk.label) : chunk.label
  const byOrigin = new Map<string, number>()
  for (const [id, length] of chunk.modules) byOrigin.set(short(id), (byOrigin.get(short(id)) ?? 0) + length)
  const ranked = [...byOrigin].sort((a, b) => b[1] - a[1]).map(([origin]) => origin)
  if (!ranked.length) return `${chunk.label} (shared)`
  // The bundler names a shared chunk after one of its modules (`eip155.transfer`, `QrCode`): that one is its main module.
  const named = [...chunk.modules.keys()].find((id) => id.replace(/^.*\//, '').replace(/\.[cm]?[jt]sx?$/, '') === chunk.label)
  const origin = named ? short(named) : ranked[0]!
  // A package's module keeps its file name (`@noble/hashes (sha256.js)`): packages have many chunks.
  const main = named?.includes('node_modules/') ? `${origin} (${named.replace(/^.*\//, '')})` : origin
  const others = ranked.filter((o) => o !== origin)
  return others.length ? `${main} (+ ${others.slice(0, 2).join(', ')}${others.length > 2 ? ', …' : ''})` : main
}

export async function weighNamed(server: StaticServer, chunks: Map<string, ChunkInfo>, files: readonly string[]): Promise<FetchedFile[]> {
  return Promise.all(files.map(async (file) => ({ ...(await weighFile(server.root, file)), name: file.endsWith('.css') ? file.replace(/^assets\//, '') : mainModuleOf(chunks, file) })))
}
