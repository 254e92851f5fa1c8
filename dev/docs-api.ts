/**
 * The documentation site's API reference (`npm run docs:api`): TypeDoc with its Markdown plugin (typedoc.json) over the
 * package's public entries, each module named by the import a dapp writes (`latchkey/react`, not the source path
 * `ui/react`), written to docs/api, with every link to a symbol pointing at the id VitePress gives its heading
 * (dev/docsApiAnchors.ts). Then the architecture page's statecharts, drawn from the machines (dev/docsCharts.tsx).
 * Exits non-zero when TypeDoc reports an error.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Application, type DeclarationReflection, type Reflection } from 'typedoc'
import { type MarkdownPageEvent, MarkdownTheme, MarkdownThemeContext } from 'typedoc-plugin-markdown'
import { alignAnchors, vitepressHeadingIds } from './docsApiAnchors.ts'
import { writeMachineCharts } from './docsCharts.tsx'

/** Source entry (as TypeDoc names it from its path) → the package entry of package.json "exports". */
const entryNames: Record<string, string> = {
  ui: 'latchkey',
  'ui/react': 'latchkey/react',
  'ui/wagmi': 'latchkey/wagmi',
  'ui/ethers': 'latchkey/ethers',
  'ui/element': 'latchkey/element',
  'ui/vite': 'latchkey/vite',
  testing: 'latchkey/testing',
  'testing/playwright': 'latchkey/testing/playwright',
  'testing/solana': 'latchkey/testing/solana',
  'testing/bitcoin': 'latchkey/testing/bitcoin',
  'testing/node': 'latchkey/testing/node',
}

/**
 * The Markdown plugin's context with the one partial that drops an anchor changed: a class's constructor is linked
 * (`BaseError.constructor` under Inherited from) but its `Constructor` heading gets no custom id, so its first heading
 * gets the constructor's.
 */
class AnchoredContext extends MarkdownThemeContext {
  constructor(...args: ConstructorParameters<typeof MarkdownThemeContext>) {
    super(...args)
    const unanchored = this.partials.constructor
    this.partials = {
      ...this.partials,
      constructor: (model: DeclarationReflection, options: { headingLevel: number }) => {
        const markdown = unanchored(model, options)
        if (!this.router.hasUrl(model)) return markdown
        return markdown.replace(/^(#{1,6} Constructor)$/m, `$1 {#${this.router.getAnchor(model)}}`)
      },
    }
  }
}

/** The Markdown plugin's theme with {@link AnchoredContext}. */
class AnchoredTheme extends MarkdownTheme {
  override getRenderContext(page: MarkdownPageEvent<Reflection>) {
    return new AnchoredContext(this, page, this.application.options)
  }
}

const app = await Application.bootstrapWithPlugins()
app.renderer.defineTheme('latchkey-markdown', AnchoredTheme)
app.options.setValue('theme', 'latchkey-markdown')
const project = await app.convert()
if (!project || app.logger.hasErrors()) process.exit(1)
for (const module of project.children ?? []) module.name = entryNames[module.name] ?? module.name
project.children?.sort((a, b) => a.name.localeCompare(b.name))
await app.generateOutputs(project)
if (app.logger.hasErrors()) process.exit(1)

const docs = fileURLToPath(new URL('../docs', import.meta.url))
const out = app.options.getValue('out')
const files = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.md'))
const generated = files.map((file) => ({ file: file.split('\\').join('/'), markdown: readFileSync(join(out, file), 'utf8') }))
const { pages, unaligned } = alignAnchors(generated, await vitepressHeadingIds(docs))
for (const page of pages) writeFileSync(join(out, page.file), page.markdown)
for (const { file, href } of unaligned) console.warn(`${relative(docs, join(out, file))}: ${href} names no heading (the anchor check will fail on it)`)

const figures = await writeMachineCharts(fileURLToPath(new URL('..', import.meta.url)))
console.log(`Statecharts: ${figures.length} machines drawn in docs/public/charts.`)
