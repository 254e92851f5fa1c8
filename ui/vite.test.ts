import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SourceMapConsumer } from 'source-map-js'
import { build } from 'vite'
import { afterAll, describe, expect, test } from 'vitest'
import { compileHintComment, isFirstOpeningChunk, latchkeyCompileHints } from './vite.ts'

/**
 * `latchkey/vite` (spec §1 lazy rule, §2 "Opening the modal"): the first opening's chunks start with V8's compile hint,
 * on their first line, and nothing else does. A real Vite build of a small app laid out as a dapp with the package
 * installed: its entry `import()`s the package's first-open file, which imports xstate.
 */
const work = mkdtempSync(join(tmpdir(), 'latchkey-vite-plugin-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** Writes the app and builds it with `sourcemap`; returns its output files by name (without hashes) and their text. */
async function buildApp(name: string, sourcemap: boolean | 'inline', withPlugin = true): Promise<Map<string, string>> {
  const root = join(work, name)
  const lib = join(root, 'node_modules/latchkey/dist/lib')
  mkdirSync(join(lib, 'chunks'), { recursive: true })
  const xstate = join(root, 'node_modules/xstate/dist')
  mkdirSync(lib, { recursive: true })
  mkdirSync(xstate, { recursive: true })
  writeFileSync(join(root, 'node_modules/xstate/package.json'), JSON.stringify({ name: 'xstate', type: 'module', main: './dist/xstate.js' }))
  writeFileSync(join(xstate, 'xstate.js'), 'export function createMachine(config) {\n  return { config, start() { return config.id } }\n}\n')
  writeFileSync(
    join(lib, 'chunks/firstOpen-Ab12_c.js'),
    "import { createMachine } from 'xstate'\nexport function createCore(id) { // the first opening → the core\n  const machine = createMachine({ id })\n  return machine.start()\n}\n",
  )
  writeFileSync(join(lib, 'index.js'), "export function open() {\n  return import('./chunks/firstOpen-Ab12_c.js').then((m) => m.createCore('root'))\n}\n")
  writeFileSync(join(root, 'node_modules/latchkey/package.json'), JSON.stringify({ name: 'latchkey', type: 'module', exports: { '.': './dist/lib/index.js' } }))
  writeFileSync(join(root, 'main.js'), "import { open } from 'latchkey'\ndocument.body.onclick = () => open().then((id) => console.log(id))\n")
  writeFileSync(join(root, 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>')
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: withPlugin ? [latchkeyCompileHints()] : [],
    build: { outDir: join(root, 'dist'), sourcemap, minify: true, rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'xstate', test: /node_modules[\\/]xstate/ }] } } } },
  })
  const dir = join(root, 'dist/assets')
  return new Map(readdirSync(dir).map((file) => [file.replace(/-[\w-]{8}(?=\.js)/, ''), readFileSync(join(dir, file), 'utf8')]))
}

describe('latchkeyCompileHints', () => {
  test('behavior: the chunks of the first opening (the package’s first-open file, xstate) start with the hint; the page’s entry does not', async () => {
    const files = await buildApp('plain', false)
    const firstOpen = [...files].find(([name]) => name.startsWith('firstOpen'))
    const xstate = [...files].find(([name]) => name.startsWith('xstate'))
    const entry = [...files].find(([name]) => name.startsWith('index'))
    expect(firstOpen?.[1].split('\n')[0]).toBe(compileHintComment)
    expect(xstate?.[1].split('\n')[0]).toBe(compileHintComment)
    expect(entry?.[1]).not.toContain(compileHintComment)
    // The code after the hint is the bundler's, whole.
    expect(firstOpen?.[1]).toContain('createCore')
  })

  test('behavior: without the plugin no file carries the hint (the build above owes it to the plugin)', async () => {
    const files = await buildApp('without', false, false)
    for (const text of files.values()) expect(text).not.toContain(compileHintComment)
  })

  test('behavior: the source map moves down a line with the hint, in the .map file and inline', async () => {
    const located = (code: string, mapText: string, token: string) => {
      const index = code.indexOf(token)
      const line = code.slice(0, index).split('\n').length
      const column = index - code.lastIndexOf('\n', index - 1) - 1
      return new SourceMapConsumer(JSON.parse(mapText)).originalPositionFor({ line, column })
    }
    const files = await buildApp('mapped', true)
    const [name, code] = [...files].find(([n]) => n.startsWith('firstOpen') && !n.endsWith('.map'))!
    const original = located(code, files.get(`${name}.map`)!, 'start')
    expect(original.source).toMatch(/firstOpen-Ab12_c\.js$/)
    expect(original.line).toBe(4)

    const inline = await buildApp('inline', 'inline')
    const inlineCode = [...inline].find(([n]) => n.startsWith('firstOpen'))![1]
    expect(inlineCode.split('\n')[0]).toBe(compileHintComment)
    const data = inlineCode.match(/sourceMappingURL=data:application\/json;(?:charset=utf-8;)?base64,([A-Za-z0-9+/=]+)/)![1]!
    const fromInline = located(inlineCode, Buffer.from(data, 'base64').toString('utf8'), 'start')
    expect(fromInline.line).toBe(4)
  })

  test('isFirstOpeningChunk: not an entry, and one of the package’s first-open or core-adapters files or xstate', () => {
    const lib = '/app/node_modules/latchkey/dist/lib/chunks'
    expect(isFirstOpeningChunk({ isEntry: false, moduleIds: [`${lib}/firstOpen-D3x_9a.js`] })).toBe(true)
    expect(isFirstOpeningChunk({ isEntry: false, moduleIds: ['/app/src/chart.ts', `${lib}/coreAdapters-Qk5DTaQq.js`] })).toBe(true)
    expect(isFirstOpeningChunk({ isEntry: false, moduleIds: [`${lib}/WalletIcon-CT5ZTuyt.js`] })).toBe(true)
    expect(isFirstOpeningChunk({ isEntry: false, moduleIds: ['C:\\app\\node_modules\\xstate\\dist\\xstate.esm.js'] })).toBe(true)
    // The page's first JS keeps lazy compilation, even where the dapp's entry holds xstate.
    expect(isFirstOpeningChunk({ isEntry: true, moduleIds: ['/app/node_modules/xstate/dist/xstate.esm.js'] })).toBe(false)
    // Other chunks of the package (a view first used later) and of the dapp are left alone.
    expect(isFirstOpeningChunk({ isEntry: false, moduleIds: [`${lib}/Send-B0Q5Q4r5.js`, '/app/src/Page.tsx'] })).toBe(false)
    expect(isFirstOpeningChunk({ isEntry: false, moduleIds: ['/app/src/firstOpen-D3x_9a.js'] })).toBe(false)
    // pnpm's layout: the package under .pnpm.
    expect(isFirstOpeningChunk({ isEntry: false, moduleIds: ['/app/node_modules/.pnpm/latchkey@0.1.0/node_modules/latchkey/dist/lib/chunks/firstOpen-D3x_9a.js'] })).toBe(true)
    // A test of the build's own replaces the package's names (a build of latchkey's sources).
    expect(isFirstOpeningChunk({ isEntry: false, moduleIds: ['/repo/ui/core.ts'] }, (id) => id.endsWith('/ui/core.ts'))).toBe(true)
  })
})
