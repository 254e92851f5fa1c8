/**
 * The page needs two files: index.html and latchkey's single ES module, `latchkey-element.js`, which the package ships
 * in `dist/element/` (React and the modal inside). Both are copied into dist/; nothing is bundled. A page could as
 * well load the file from a CDN that serves npm packages (`…/latchkey@0.1.0/dist/element/latchkey-element.js`).
 */
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const out = 'dist'
rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })
copyFileSync('index.html', join(out, 'index.html'))

const packageDir = dirname(createRequire(import.meta.url).resolve('latchkey/package.json'))
const shipped = join(packageDir, 'dist/element/latchkey-element.js')
if (!existsSync(shipped)) {
  console.error(`latchkey ships no dist/element/latchkey-element.js (looked in ${packageDir}): its build must run vite.element.config.ts`)
  process.exit(1)
}
copyFileSync(shipped, join(out, 'latchkey-element.js'))
console.log('dist/: index.html, latchkey-element.js (from latchkey/dist/element)')
