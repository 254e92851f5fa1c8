import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { mergeConfig, type Plugin } from 'vite'
import demoConfig from '../../vite.config.ts'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** The file the e2e build writes beside its pages: every built chunk with the source modules it holds. */
export const MODULE_MAP_FILE = 'module-chunks.json'

/**
 * What the e2e specs need to know of a production build: which chunk holds which source module. Writes
 * {@link MODULE_MAP_FILE}, `{ "assets/Send-abc.js": ["ui/views/Send.tsx", "machines/send.ts", …], … }` (paths relative to
 * the repository, forward slashes; dependencies under node_modules left out), so that a spec can say "the Send view's
 * code was fetched" of the build a dapp ships (tests/e2e/modules.ts).
 */
const moduleMap: Plugin = {
  name: 'latchkey-e2e-module-map',
  apply: 'build',
  generateBundle(_options, bundle) {
    const map: Record<string, string[]> = {}
    for (const [fileName, output] of Object.entries(bundle)) {
      if (output.type !== 'chunk') continue
      map[fileName] = output.moduleIds.filter((id) => id.startsWith(repoRoot) && !id.includes('/node_modules/')).map((id) => relative(repoRoot, id.split('?')[0]!).split('\\').join('/'))
    }
    this.emitFile({ type: 'asset', fileName: MODULE_MAP_FILE, source: JSON.stringify(map) })
  },
}

/** The demo's build config (vite.config.ts) plus {@link moduleMap}: the production build the e2e pages come from. */
export default mergeConfig(demoConfig, { plugins: [moduleMap] })
