/**
 * Which source modules a page of the production build fetched: the e2e build (tests/e2e/vite.e2e.config.ts) writes
 * beside its pages which chunk holds which module, so a spec can say "the Send view's code was fetched" of the build a
 * dapp ships, where one request brings a chunk of several modules.
 */
import { readFileSync } from 'node:fs'
import type { Page, Request } from '@playwright/test'
import { DEMO_BUILD_DIR, E2eStackError } from './demo-build.ts'
import { MODULE_MAP_FILE } from './vite.e2e.config.ts'

let chunks: Map<string, readonly string[]> | undefined

/** `/assets/Send-abc.js` → its source modules (`ui/views/Send.tsx`, …), read once from the build's module map. */
function moduleMap(): Map<string, readonly string[]> {
  chunks ??= new Map(Object.entries(JSON.parse(readFileSync(`${DEMO_BUILD_DIR}/${MODULE_MAP_FILE}`, 'utf8')) as Record<string, string[]>).map(([file, modules]) => [`/${file}`, modules]))
  return chunks
}

/**
 * The URL of a request, followed by one URL per source module of the chunk it fetched, on the same origin
 * (`http://127.0.0.1:…/assets/Send-abc.js` → that, `http://127.0.0.1:…/ui/views/Send.tsx`, `…/machines/send.ts`), so
 * that a spec tests `new URL(url).pathname.endsWith('/ui/views/Send.tsx')` as if every module were its own request.
 */
export function withModules(url: string): string[] {
  const { origin, pathname } = new URL(url)
  return [url, ...(moduleMap().get(pathname) ?? []).map((module) => `${origin}/${module}`)]
}

/** Every request the page makes from now on (URLs), each chunk followed by its modules (see {@link withModules}). */
export function recordRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (r: Request) => seen.push(...withModules(r.url())))
  return seen
}

/**
 * The glob of the chunk that holds `module` (a path from the repository root, `machines/send.ts`), for `page.route`.
 * Throws E2eStackError when no chunk holds it (a stale module map, or a module the build left out).
 */
export function chunkOf(module: string): string {
  for (const [file, modules] of moduleMap()) if (modules.includes(module)) return `**${file}`
  throw new E2eStackError(`No chunk of the e2e build holds ${module}`, `${moduleMap().size} chunks in ${DEMO_BUILD_DIR}/${MODULE_MAP_FILE}`)
}
