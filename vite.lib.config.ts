import { existsSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { catalogueGroup } from './dev/catalogueGroup.ts'
import { coreAdaptersGroup } from './dev/coreAdaptersGroup.ts'
import { firstOpenGroup } from './dev/firstOpenGroup.ts'

/**
 * The package build (`npm run build:lib`, run by `prepack`): every public entry to ESM JavaScript in
 * `dist/lib/`, code splitting kept, so the chunks the source loads with `import()` (views, feature machines, the
 * Solana and Bitcoin adapters, the WalletConnect loader, the service clients) stay chunks of their own and still load
 * on intent in the dapp's bundle. Declarations are emitted separately by `tsc -p tsconfig.build.json`.
 *
 * Why Vite's library mode: it runs on Node 20 (tsdown 0.23 needs Node 22), it is the bundler the repository already
 * builds and tests with (the same resolution, JSX transform and chunking as the demo the e2e tests drive), and
 * Rolldown keeps dynamic imports as separate chunks with one option set. Nothing is minified: the dapp's bundler does it.
 */
const root = fileURLToPath(new URL('.', import.meta.url))

/**
 * The public entries, `exports` subpath → source file. The bridges and the custom element (`./wagmi`, `./ethers`,
 * `./element`) are written in parallel with this config: an entry is built only when its source file
 * exists, so the build works before and after they land (package.json lists them already; a missing one has no files).
 */
const candidates: Record<string, string> = {
  index: 'ui/index.ts',
  react: 'ui/react.tsx',
  networks: 'adapters/networks.ts',
  wagmi: 'ui/wagmi.ts',
  ethers: 'ui/ethers.ts',
  element: 'ui/element.ts',
  // The Vite plugin (ui/vite.ts): Node-side, read by a dapp's vite.config.ts; nothing of the modal imports it.
  vite: 'ui/vite.ts',
  // The test kit (docs/guide/testing.md): its own entries, nothing of `latchkey` itself imports them.
  testing: 'testing/index.ts',
  'testing-playwright': 'testing/playwright.ts',
  'testing-solana': 'testing/solana.ts',
  'testing-bitcoin': 'testing/bitcoin.ts',
  'testing-node': 'testing/node.ts',
  // The `latchkey-testing` command (package.json "bin"): Node-only, generates journeys and reports coverage.
  'testing-bin': 'testing/bin.ts',
  // The inspector (docs/guide/inspector.md): its own entry; its panel is a chunk it loads on the first inspect().
  inspect: 'inspect/index.ts',
}
export const libEntries = Object.fromEntries(
  Object.entries(candidates)
    .filter(([, file]) => existsSync(`${root}${file}`))
    .map(([name, file]) => [name, `${root}${file}`]),
)

/**
 * Every bare import is external: dependencies and peers (react, the optional SDKs, wagmi, ethers) are resolved by the
 * dapp's bundler from its own node_modules, once; only the package's own modules are bundled. `latchkey/element` is the
 * exception the other helper may need (one file a page loads with a script tag); it gets its own build when it lands.
 */
const isExternal = (id: string) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !/^[A-Za-z]:/.test(id)

/** The first opening's chunk: Connect's view, its copy, the catalogue, the service clients, the core and the shell. */
const firstOpen = firstOpenGroup(
  root,
  ['ui/core.ts', 'ui/firstOpen.ts', 'ui/Modal.tsx'].map((f) => `${root}${f}`),
  Object.values(libEntries),
)

export default defineConfig({
  root,
  // No public dir or HTML: a library build.
  publicDir: false,
  plugins: [react(), firstOpen.plugin],
  build: {
    outDir: `${root}dist/lib`,
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    sourcemap: false,
    // No modulepreload polyfill or helper: the dapp's bundler decides how chunks load.
    modulePreload: false,
    lib: { entry: libEntries, formats: ['es'] },
    rolldownOptions: {
      external: (id) => isExternal(id) || builtinModules.includes(id),
      // Required by a group that leaves dependencies out (Rolldown refuses 'strict' with it); each entry's module
      // graph is unchanged, and its declarations (tsc) name what it exports.
      preserveEntrySignatures: 'allow-extension',
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        // The first opening's modules in one chunk (dev/firstOpenGroup.ts): only the modules the group's test names,
        // not their dependencies (those an entry reaches stay in the entry's chunks); the core's adapters, which entries
        // reach, in one chunk beside it (dev/coreAdaptersGroup.ts). The catalogue's group keeps each locale one chunk
        // (dev/catalogueGroup.ts).
        codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: 'firstOpen', test: firstOpen.test }, coreAdaptersGroup, catalogueGroup] },
        // The React entry is a client module for React Server Components (Next.js App Router): its first statement.
        banner: (chunk) => (chunk.isEntry && chunk.name === 'react' ? "'use client';" : chunk.isEntry && chunk.name === 'testing-bin' ? '#!/usr/bin/env node' : ''),
      },
    },
  },
})
