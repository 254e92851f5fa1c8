/**
 * Fails when a link of the built documentation site names a heading its target page lacks (`npm run test:docs`, after
 * `vitepress build docs`): reads every page of docs/.vitepress/dist, prints each dead anchor with its page and exits 1
 * (dev/docsAnchors.ts holds the check). Exits 1 too when the site is not built.
 *
 * The generated API reference (`api/`, TypeDoc's Markdown plugin) is checked but does not fail the run: the plugin
 * writes its own slugs (`#modal_test_ids` where VitePress makes `modal-test-ids`; `#accounttype-1` for a second
 * declaration of a name that the page renders once), which only the generator can fix. Its dead anchors are counted.
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
const all = deadAnchors(built)
const generated = all.filter(({ file }) => file.startsWith('api/'))
const dead = all.filter(({ file }) => !file.startsWith('api/'))
for (const { file, href, reason } of dead) console.error(`${file}: ${href} (${reason === 'missing-id' ? 'no such heading' : 'no such page'})`)
console.log(`Anchors: ${built.length} pages, ${dead.length} dead; ${generated.length} dead in the generated API reference (not failing).`)
if (dead.length > 0) process.exit(1)
