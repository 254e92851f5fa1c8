import react from '@vitejs/plugin-react'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig, transformWithOxc } from 'vite'
import type { Plugin } from 'vite'
import { coreAdaptersGroup } from '../../dev/coreAdaptersGroup.ts'
import { firstOpenGroup } from '../../dev/firstOpenGroup.ts'
import { libEntries } from '../../vite.lib.config.ts'
import { latchkeyCompileHints } from '../../ui/vite.ts'

const here = fileURLToPath(new URL('.', import.meta.url))
const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/**
 * The package's first-open group (dev/firstOpenGroup.ts, as vite.lib.config.ts builds dist/lib): the bench pages import
 * the library's sources, and a dapp installs dist/lib, whose first opening is one chunk its bundler cannot split. The
 * same group here makes the pages' cold path after a tap the one a dapp's visitor fetches (a handful of chunks in one
 * round trip), not a chunk per source `import()`.
 */
const firstOpen = firstOpenGroup(
  repoRoot,
  ['ui/core.ts', 'ui/firstOpen.ts', 'ui/Modal.tsx'].map((f) => `${repoRoot}${f}`),
  Object.values(libEntries),
)

/**
 * The compile hints a dapp gets from `latchkey/vite` (ui/vite.ts), on the same chunks: the pages build latchkey's
 * sources, so the first opening's chunks are told by the groups above (the first-open group, the core's adapters), Connect's wallet icons and
 * xstate's files instead of the package's file names.
 */
const compileHints = latchkeyCompileHints({
  firstOpening: (id) => firstOpen.test(id) || coreAdaptersGroup.test.test(id) || /[\\/]ui[\\/]components[\\/]WalletIcon\.tsx$/.test(id) || /[\\/]node_modules[\\/]xstate[\\/]/.test(id),
})

/**
 * Inlines the click-to-paint probe (probe.ts) as a classic `<script>` at the top of the page's head, so
 * it listens before the page's modules run and is not one of the JS files the bench weighs.
 */
export function clickToPaintProbe(): Plugin {
  return {
    name: 'latchkey-bench:click-to-paint-probe',
    async transformIndexHtml() {
      const source = await readFile(`${here}probe.ts`, 'utf8')
      const { code } = await transformWithOxc(source, `${here}probe.ts`)
      const script = `${code.replace(/^export /m, '').trim()}\ninstallClickToPaintProbe()\n`
      return [{ tag: 'script', children: script, injectTo: 'head-prepend' }]
    },
  }
}

/** Where {@link chunkModules} writes its list, relative to the build's outDir (beside Vite's manifest). */
export const chunkModulesFile = '.vite/chunk-modules.json'

/**
 * Writes, for every JS chunk of the build, the modules it holds and their rendered length in characters (before
 * minification; 0 for a module tree-shaken away) to {@link chunkModulesFile}: `{ [chunkFile]: { [moduleId]: length } }`,
 * module ids as the bundler has them (absolute paths; `\0` virtual modules). The bench reads it (build.ts
 * `readChunks`) to tell which chunk holds which package, independently of the source maps.
 */
export function chunkModules(): Plugin {
  return {
    name: 'latchkey-bench:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const list: Record<string, Record<string, number>> = {}
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        list[output.fileName] = Object.fromEntries(Object.entries(output.modules).map(([id, module]) => [id, module.renderedLength]))
      }
      this.emitFile({ type: 'asset', fileName: chunkModulesFile, source: JSON.stringify(list) })
    },
  }
}

/**
 * The bench pages' production build: the latchkey-only fixture by default. The bench overrides `root`
 * (react-only/, peer-rainbowkit/, fixture-multichain/) and `build.outDir` (a temp dir) per page. Same target as the demo build;
 * a manifest names the lazy chunks and
 * {@link chunkModules} lists what each chunk holds.
 */
export default defineConfig({
  root: `${here}fixture`,
  plugins: [react(), clickToPaintProbe(), chunkModules(), firstOpen.plugin, compileHints],
  build: {
    outDir: `${tmpdir()}/latchkey-bench-fixture`,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      // Rolldown refuses 'strict' entry signatures with a group that leaves dependencies out (as vite.lib.config.ts).
      preserveEntrySignatures: 'allow-extension',
      // ui/firstOpen.ts imports statically, on purpose, what the view registry and the assembly `import()`: that is how
      // the first opening's modules share its chunk. Rolldown's notice that those `import()`s then move nothing is the
      // intent, not news; every other log passes.
      onLog(level, log, handler) {
        if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' && log.message.includes('statically imported by ui/firstOpen.ts')) return
        handler(level, log)
      },
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: 'firstOpen', test: firstOpen.test }, coreAdaptersGroup] } },
    },
  },
})
