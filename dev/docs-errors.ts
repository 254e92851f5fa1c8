/**
 * The error pages of the documentation site (`npm run docs:errors`): docs/errors/index.md, a table of every error class
 * of the library, and one page per class, docs/errors/<ClassName>.md, the address each error's `Docs:` line names
 * (kernel/errors.ts `docsPath`).
 *
 * A page has two parts. Above the marker line, written by people: the cause and the fix. Below it, generated from the
 * code (dev/docs-errors.code.ts): the class's docstring, what it extends, the entries that export it, the files that
 * construct it, the sentence a visitor reads (the English catalogue), its properties and, for an exported class, how
 * to catch it. This script rewrites the generated part and the index, writes a page for a class that has none (its
 * people's part a placeholder that fails dev/docs-errors.test.ts until it is written), and names pages whose class is
 * gone. `--check` writes nothing and exits 1 when a page or the index is not what it would write.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { enShell } from '../ui/locales/en.shell.ts'
import { type ErrorClass, listErrorClasses, root } from './docs-errors.code.ts'

/** The folder of the error pages, and the line that starts a page's generated part. */
export const errorsFolder = join(root, 'docs/errors')
export const generatedMarker = '<!-- Generated from the code below this line by `npm run docs:errors`: edit the class, not this part. -->'
/** What a new page says in place of its cause and fix until someone writes them (the test refuses it). */
export const unwrittenMarker = 'TODO: write the cause and the fix'

/** Names whose own message is the visitor's sentence (ui/errorSentence.ts `plainMessageNames`). */
const plainMessageNames = new Set(['SendValidationError', 'SolanaTransactionError'])
/** Codes of the EIP-1193 classes, for the catalogue's sentence by code. */
const providerCodes: Record<string, number> = {
  UserRejectedRequestError: 4001,
  UnauthorizedProviderError: 4100,
  UnsupportedProviderMethodError: 4200,
  ProviderDisconnectedError: 4900,
  ChainDisconnectedError: 4901,
  UnrecognizedChainError: 4902,
}

/** Markdown text outside code spans made safe for VitePress (Vue): `<` and `{{` would be read as markup. */
function safe(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/</g, '&lt;').replace(/\{\{/g, '&#123;&#123;')))
    .join('')
}
const cell = (text: string) => safe(text).replace(/\|/g, '\\|')

/** The first sentence of a docstring (for the index). */
export function firstSentence(summary: string): string {
  // Full stops inside code (`a.b`) are hidden behind a private-use character while the sentence's end is found.
  const match = /^(.+?[.:])(\s|$)/.exec(summary.replace(/`[^`]*`/g, (code) => code.replaceAll('.', '\uE000')))
  return (match?.[1] ?? summary).replaceAll('\uE000', '.').replace(/:$/, '.')
}

function visitorSees(error: ErrorClass): string {
  const byName = enShell.errors.byName[error.name]
  if (byName) return `Where the modal shows this failure, the visitor reads (English catalogue, \`errors.byName\`):\n\n> ${safe(byName)}`
  const code = providerCodes[error.name]
  const byCode = code === undefined ? undefined : (enShell.errors.byCode as Record<number, string>)[code]
  if (byCode) return `Where the modal shows this failure, the visitor reads (English catalogue, \`errors.byCode\`):\n\n> ${safe(byCode)}`
  if (plainMessageNames.has(error.name)) return 'Where the modal shows this failure, the visitor reads its `shortMessage` as it is: it is already a plain sentence.'
  return `No sentence of its own in the catalogue: where the modal shows this failure, the visitor reads the general one (“${safe(enShell.errors.fallback)}”). Thrown to your code, it is not shown.`
}

function properties(error: ErrorClass, byName: Map<string, ErrorClass>): string {
  const lines = ['| Property | Type | Meaning |', '| --- | --- | --- |']
  for (const p of error.properties) lines.push(`| \`${p.name}\` | \`${cell(p.type)}\` | ${cell(p.doc) || '—'} |`)
  const inherited: string[] = []
  for (let parent = error.parent; parent; parent = byName.get(parent)?.parent) {
    const names = byName.get(parent)?.properties.map((p) => `\`${p.name}\``) ?? []
    if (names.length) inherited.push(`[\`${parent}\`](./${parent})'s ${names.join(', ')}`)
  }
  const own = error.properties.length ? lines.join('\n') : 'No properties of its own.'
  return inherited.length ? `${own}\n\nInherited: ${inherited.join('; ')}.` : own
}

function catching(error: ErrorClass): string {
  const entry = error.exportedFrom[0]
  if (!entry && error.base === 'Error') return 'Not exported: read what reaches you as any wallet error, by its `code` (and `message`).'
  if (!entry) return 'Not exported: the modal handles it inside (or it reaches you as the `cause` of another error). Catch every error of the library with [`BaseError`](./BaseError) and read its `name`.'
  return [
    '```ts',
    `import { ${error.name} } from '${entry}'`,
    '',
    'try {',
    '  // the call that may throw it',
    '} catch (error) {',
    `  if (error instanceof ${error.name}) console.error(${error.base === 'Error' ? 'error.message' : 'error.shortMessage, error.details'})`,
    '  else throw error',
    '}',
    '```',
  ].join('\n')
}

/** The generated part of a class's page (everything after the marker line). */
function generatedPart(error: ErrorClass, byName: Map<string, ErrorClass>): string {
  const facts = [
    error.parent
      ? `- Extends [\`${error.parent}\`](./${error.parent}).`
      : error.base === 'Error'
        ? "- Extends the platform's `Error` on purpose, not [`BaseError`](./BaseError) (the docstring above says why): no `shortMessage`, `details` or `metaMessages`; its `static docsPath` names this page."
        : '- The base class of every error of the library.',
    `- Declared in \`${error.file}\`${error.thrownIn.length ? `; constructed in ${error.thrownIn.map((f) => `\`${f}\``).join(', ')}` : ''}.`,
    error.exportedFrom.length ? `- Exported from ${error.exportedFrom.map((e) => `\`${e}\``).join(', ')}.` : '- Not exported by the package.',
  ]
  return [
    generatedMarker,
    '',
    '## In the code',
    '',
    error.summary ? `> ${safe(error.summary)}` : '> (no docstring)',
    '',
    ...facts,
    '',
    '## What the visitor sees',
    '',
    visitorSees(error),
    '',
    '## Properties',
    '',
    properties(error, byName),
    '',
    '## Catching it',
    '',
    catching(error),
    '',
  ].join('\n')
}

/** The index page: every error class, what it means, where it is exported. */
function indexPage(classes: ErrorClass[]): string {
  const plain = classes.filter((e) => e.base === 'Error')
  const rows = classes.map((e) => `| [\`${e.name}\`](./${e.name}) | ${cell(firstSentence(e.summary))} | ${e.exportedFrom.map((x) => `\`${x}\``).join(', ') || '—'} |`)
  return [
    '# Errors',
    '',
    'Every error the library throws is a [`BaseError`](./BaseError): its `message` is a short message, meta lines, a `Docs:`',
    'line with the address of its page here, and `Details:`. `shortMessage`, `details` and `docsPath` are properties of',
    'their own. Catch an exported class with `instanceof`, or any error of the library with `instanceof BaseError`.',
    '',
    "A few extend the platform's `Error` on purpose, to keep the shape of what they stand for (a wallet's EIP-1193 error:",
    '`code`, `message`, `data`): each names its page by its `static docsPath`, and where a longer message changes nothing',
    `a dapp reads, its message ends with the same \`Docs:\` line. ${plain.map((e) => `[\`${e.name}\`](./${e.name})`).join(', ')}.`,
    '',
    '<!-- Generated by `npm run docs:errors` from the error classes (dev/docs-errors.ts). -->',
    '',
    '| Error | What it means | Exported from |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n')
}

/** A page as it should be: the people's part kept (or the placeholder of a new page), the generated part rewritten. */
function pageText(error: ErrorClass, byName: Map<string, ErrorClass>, current: string | undefined): string {
  const people = current?.includes(generatedMarker) ? current.slice(0, current.indexOf(generatedMarker)) : `# ${error.name}\n\n${unwrittenMarker}.\n\n`
  return `${people}${generatedPart(error, byName)}`
}

/** Every page and the index as they should be (path relative to docs/errors → text), and the pages with no class. */
export function expectedPages(): { pages: Map<string, string>; orphans: string[] } {
  const classes = listErrorClasses()
  const byName = new Map(classes.map((c) => [c.name, c]))
  const pages = new Map<string, string>([['index.md', indexPage(classes)]])
  for (const error of classes) {
    const path = join(errorsFolder, `${error.name}.md`)
    pages.set(`${error.name}.md`, pageText(error, byName, existsSync(path) ? readFileSync(path, 'utf8') : undefined))
  }
  const orphans = existsSync(errorsFolder) ? readdirSync(errorsFolder).filter((f) => f.endsWith('.md') && !pages.has(f)) : []
  return { pages, orphans }
}

if (process.argv[1]?.endsWith('docs-errors.ts')) {
  const check = process.argv.includes('--check')
  const { pages, orphans } = expectedPages()
  let stale = 0
  for (const [file, text] of pages) {
    const path = join(errorsFolder, file)
    if (existsSync(path) && readFileSync(path, 'utf8') === text) continue
    stale++
    if (!check) writeFileSync(path, text)
    console.log(`${check ? 'stale' : 'wrote'}: docs/errors/${file}`)
  }
  for (const orphan of orphans) console.log(`no such error class any more, delete: docs/errors/${orphan}`)
  if (check && (stale || orphans.length)) process.exit(1)
}
