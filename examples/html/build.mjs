/**
 * The page needs two files: index.html and latchkey's single ES module, `latchkey-element.js`, which the package ships
 * in `dist/element/` (built by its vite.element.config.ts). Copied into dist/ beside the page.
 *
 * Fallback while a package does not ship that file: the same single file is bundled here from `latchkey/element`
 * (React included, dynamic imports inlined), as the package's own config does.
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
if (existsSync(shipped)) {
  copyFileSync(shipped, join(out, 'latchkey-element.js'))
  console.log('latchkey-element.js: the package\'s dist/element/latchkey-element.js')
} else {
  console.warn('latchkey has no dist/element/latchkey-element.js: bundling latchkey/element into one file here')
  const { build } = await import('vite')
  await build({
    configFile: false,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: out,
      emptyOutDir: false,
      target: 'es2022',
      modulePreload: false,
      rolldownOptions: {
        input: createRequire(import.meta.url).resolve('latchkey/element'),
        preserveEntrySignatures: 'strict',
        output: { format: 'es', entryFileNames: 'latchkey-element.js', codeSplitting: false },
      },
    },
  })
}
