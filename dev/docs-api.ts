/**
 * The documentation site's API reference (`npm run docs:api`): TypeDoc with its Markdown plugin (typedoc.json) over the
 * package's public entries, each module named by the import a dapp writes (`latchkey/react`, not the source path
 * `ui/react`), written to docs/api. Exits non-zero when TypeDoc reports an error.
 */
import { Application } from 'typedoc'

/** Source entry (as TypeDoc names it from its path) → the package entry of package.json "exports". */
const entryNames: Record<string, string> = {
  ui: 'latchkey',
  'ui/react': 'latchkey/react',
  'ui/wagmi': 'latchkey/wagmi',
  'ui/ethers': 'latchkey/ethers',
  'ui/element': 'latchkey/element',
  testing: 'latchkey/testing',
  'testing/playwright': 'latchkey/testing/playwright',
  'testing/solana': 'latchkey/testing/solana',
  'testing/bitcoin': 'latchkey/testing/bitcoin',
}

const app = await Application.bootstrapWithPlugins()
const project = await app.convert()
if (!project || app.logger.hasErrors()) process.exit(1)
for (const module of project.children ?? []) module.name = entryNames[module.name] ?? module.name
project.children?.sort((a, b) => a.name.localeCompare(b.name))
await app.generateOutputs(project)
if (app.logger.hasErrors()) process.exit(1)
