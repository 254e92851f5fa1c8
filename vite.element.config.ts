import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

/**
 * The custom elements' single-file build (`latchkey/element`): `ui/element.ts` and everything it uses —
 * React, react-dom, the modal, its views and feature machines, the WalletConnect, Solana and Bitcoin SDKs — in one
 * minified ES module, `dist/element/latchkey-element.js`, that a page without a bundler loads with
 * `<script type="module">`:
 *
 * ```html
 * <script type="module">
 *   import { defineLatchkeyElements } from './latchkey-element.js'
 *   defineLatchkeyElements()
 * </script>
 * ```
 *
 * `npx vite build -c vite.element.config.ts`. The package's own entries (`vite.lib.config.ts`) keep code splitting and
 * leave their dependencies to the dapp's bundler; this file is the opposite on purpose: nothing external, no chunks.
 * What the page's first parse pays for is the whole file (1.6 MB, 487 kB gzip on 24 November); the code that the lazy chunks
 * held still runs only when first used (Rolldown keeps each `import()` as a lazily initialised module inside the file).
 */
const root = fileURLToPath(new URL('.', import.meta.url))

export default defineConfig({
  root,
  publicDir: false,
  plugins: [react()],
  // React's production build, and no Node `process` left in the page.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: `${root}dist/element`,
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    sourcemap: false,
    modulePreload: false,
    // One file on purpose (about 1.6 MB): no "chunk larger than 500 kB" advice.
    chunkSizeWarningLimit: 2_500,
    // Not Vite's library mode: its ES output keeps whitespace (for the dapp's bundler's tree shaking), and this file
    // goes to a browser as is. The entry's exports are kept (`preserveEntrySignatures`), the rest fully minified.
    rolldownOptions: {
      input: `${root}ui/element.ts`,
      preserveEntrySignatures: 'strict',
      output: {
        format: 'es',
        entryFileNames: 'latchkey-element.js',
        // One file: the dynamic imports are inlined (their modules initialise on first use), no chunks.
        codeSplitting: false,
      },
    },
  },
})
