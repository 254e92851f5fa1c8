/**
 * `latchkey/vite`: a plugin for Vite 8 (Rolldown) that makes the modal's first opening cheaper on a phone (spec §1
 * lazy rule, §2 "Opening the modal"). It puts V8's explicit compile hint, the comment `//# allFunctionsCalledOnLoad`,
 * on the first line of the chunks the first opening fetches (latchkey's first-open, core-adapters and wallet-icon
 * chunks, and the chunk holding xstate). A Chromium browser (136 and later) then compiles their functions while the files download, on
 * a background thread, instead of on the main thread at each function's first call after the tap: the core is created
 * and Connect rendered with the functions already compiled. Other browsers read it as a comment.
 *
 * Only chunks that are not entries are marked: the page's first JavaScript keeps the browser's lazy compilation. The
 * comment goes on last, after minification and after the preload helper Vite puts at a chunk's top (the hint counts on
 * the file's first line only), and the chunk's source map moves down a line with it. Nothing here runs in the browser,
 * and the module needs neither Vite's nor Rolldown's code: its types are structural.
 *
 * @example
 * // vite.config.ts
 * import react from '@vitejs/plugin-react'
 * import { defineConfig } from 'vite'
 * import { latchkeyCompileHints } from 'latchkey/vite'
 *
 * export default defineConfig({ plugins: [react(), latchkeyCompileHints()] })
 */

/** V8's explicit compile hint for a whole file: it must be the file's first line. */
export const compileHintComment = '//# allFunctionsCalledOnLoad'

/**
 * The modules whose chunks the first opening fetches, as a dapp's bundler sees the package: latchkey's first-open,
 * core-adapters and wallet-icon (Connect's row icons) chunks of `dist/lib/chunks` (named by the package build, a hash
 * after the name), and xstate's files.
 */
const firstOpeningModule = /[\\/]latchkey[\\/]dist[\\/]lib[\\/]chunks[\\/](?:firstOpen|coreAdapters|WalletIcon)-[\w-]+\.js$|[\\/]node_modules[\\/]xstate[\\/]/

/** What the plugin reads of a rendered chunk (Rolldown's and Rollup's `RenderedChunk` have these). */
export type HintedChunk = { isEntry: boolean; moduleIds: readonly string[] }

/** A source map as the bundle holds it (the field shifted here). */
type HintedMap = { mappings: string }

/** What the plugin reads and changes of a bundle's outputs (Rolldown's and Rollup's `OutputChunk` and `OutputAsset`). */
type HintedOutput = (HintedChunk & { type: 'chunk'; fileName: string; code: string; map?: HintedMap | null }) | { type: 'asset'; fileName: string; source: string | Uint8Array }

/** The options of {@link latchkeyCompileHints}. */
export type CompileHintsOptions = {
  /**
   * Which modules put their chunk on the first opening's path, by module id (absolute paths as the bundler has them).
   * The default recognises the installed package's first-open chunks and xstate; a build of latchkey's sources (its
   * repository's demo and bench pages) passes its own test.
   */
  firstOpening?: (moduleId: string) => boolean
}

/** The plugin object: a name and a `generateBundle` hook that runs last (structural, so that no bundler's types are needed). */
export type CompileHintsPlugin = {
  name: 'latchkey:compile-hints'
  apply: 'build'
  generateBundle: { order: 'post'; handler(options: unknown, bundle: Record<string, HintedOutput>): void }
}

/**
 * Whether a chunk gets the compile hint: it is not an entry, and it holds a module of the first opening.
 * @example isFirstOpeningChunk({ isEntry: false, moduleIds: ['/app/node_modules/xstate/dist/xstate.esm.js'] }) // true
 */
export function isFirstOpeningChunk(chunk: HintedChunk, firstOpening: (moduleId: string) => boolean = (id) => firstOpeningModule.test(id)): boolean {
  return !chunk.isEntry && chunk.moduleIds.some(firstOpening)
}

/** The inline source map's comment at a chunk's end (`build.sourcemap: 'inline'`). */
const inlineMapComment = /\n\/\/# sourceMappingURL=data:application\/json;(?:charset=utf-8;)?base64,[A-Za-z0-9+/=]+\s*$/

/** `map` one line down: a first line without mappings (the hint's) before its own. */
function shifted<T extends HintedMap>(map: T): T {
  return { ...map, mappings: `;${map.mappings}` }
}

/**
 * Puts {@link compileHintComment} on a chunk's first line and moves its source map one line down with it: the chunk's
 * map object, the `.map` file beside it, or the inline map at its end.
 */
function hint(chunk: Extract<HintedOutput, { type: 'chunk' }>, bundle: Record<string, HintedOutput>): void {
  if (chunk.code.startsWith(compileHintComment)) return
  chunk.code = `${compileHintComment}\n${chunk.code}`
  if (chunk.map) chunk.map.mappings = shifted(chunk.map).mappings
  const file = bundle[`${chunk.fileName}.map`]
  if (file?.type === 'asset' && typeof file.source === 'string') {
    file.source = JSON.stringify(shifted(JSON.parse(file.source) as HintedMap))
  }
  const inline = chunk.code.match(inlineMapComment)
  if (inline) {
    const data = inline[0].slice(inline[0].indexOf('base64,') + 7).trim()
    const map = shifted(JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as HintedMap)
    chunk.code = `${chunk.code.slice(0, inline.index)}\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(map), 'utf8').toString('base64')}\n`
  }
}

/**
 * The plugin: the first opening's chunks start with {@link compileHintComment}. Add it to `plugins` in `vite.config.ts`.
 * Its hook runs after the bundler's and Vite's own (minification, the preload helper Vite puts at a chunk's top), since
 * the hint counts only on the file's first line.
 * @param options.firstOpening which modules mark their chunk (see {@link CompileHintsOptions}).
 */
export function latchkeyCompileHints(options: CompileHintsOptions = {}): CompileHintsPlugin {
  const firstOpening = options.firstOpening
  return {
    name: 'latchkey:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) if (output.type === 'chunk' && isFirstOpeningChunk(output, firstOpening)) hint(output, bundle)
      },
    },
  }
}
