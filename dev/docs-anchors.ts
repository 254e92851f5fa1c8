/**
 * Fails when a link of the built documentation site names a heading its target page lacks (`npm run test:docs`, after
 * `vitepress build docs`): reads every page of docs/.vitepress/dist, prints each dead anchor with its page and exits 1
 * (dev/docsAnchors.ts holds the check). Exits 1 too when the site is not built. The generated API reference (`api/`)
 * is checked like every page: dev/docs-api.ts points its links at the ids VitePress gives its headings.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type BuiltPage, deadAnchors } from './docsAnchors.ts'

const dist = fileURLToPath(new URL('../docs/.vitepress/dist', import.meta.url))

function pages(dir: string): BuiltPage[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return pages(path)
    return entry.name.endsWith('.html') ? [{ file: relative(dist, path).split('\\').join('/'), html: readFileSync(path, 'utf8') }] : []
  })
}

if (!existsSync(dist)) {
  console.error(`No built site at ${dist}: run vitepress build docs first.`)
  process.exit(1)
}
const built = pages(dist)
const dead = deadAnchors(built)
for (const { file, href, reason } of dead) console.error(`${file}: ${href} (${reason === 'missing-id' ? 'no such heading' : 'no such page'})`)
console.log(`Anchors: ${built.length} pages, ${dead.length} dead.`)
if (dead.length > 0) process.exit(1)
