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

/**
 * The bench pages' production build: the latchkey-only fixture by default. The bench overrides `root`
 * (react-only/, peer-rainbowkit/) and `build.outDir` (a temp dir) per page. Same target as the demo build;
 * a manifest names the lazy chunks.
 */
export default defineConfig({
  root: `${here}fixture`,
  plugins: [react(), clickToPaintProbe()],
  build: {
    outDir: `${tmpdir()}/latchkey-bench-fixture`,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    manifest: true,
  },
})
