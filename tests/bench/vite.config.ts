import react from '@vitejs/plugin-react'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig, transformWithOxc } from 'vite'
import type { Plugin } from 'vite'

const here = fileURLToPath(new URL('.', import.meta.url))

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
  plugins: [react(), clickToPaintProbe(), chunkModules()],
  build: {
    outDir: `${tmpdir()}/latchkey-bench-fixture`,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    manifest: true,
  },
})
