/**
 * What the error pages of the documentation site are made from, read from the library's source with the TypeScript
 * compiler's parser (no type checker, so it takes well under a second): every class that extends `BaseError`
 * (kernel/errors.ts) directly or through another such class, and the few that extend the platform's `Error` on purpose
 * (they keep the shape of what they stand for: a wallet's EIP-1193 error), with its docstring, its own properties, its `static
 * docsPath`, the files that construct it, and the package entries (package.json "exports") that export it.
 * Used by dev/docs-errors.ts (writes the pages) and dev/docs-errors.test.ts (checks them).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import ts from 'typescript'

/** The library's folders: what the package ships (the entries of package.json "exports" live in them). */
const libraryFolders = ['kernel', 'machines', 'adapters', 'services', 'ui', 'inspect', 'testing'] as const

/** The repository's root (this file is in dev/). */
export const root = join(dirname(new URL(import.meta.url).pathname), '..')

/** One property of an error class (its own, not BaseError's): name, type as written, docstring. */
type ErrorProperty = { name: string; type: string; doc: string }

/** One error class of the library. `file` is relative to the repository's root; `parent` is the class it extends. */
export type ErrorClass = {
  name: string
  file: string
  parent: string | undefined
  /** The root of its line: `BaseError`, or the platform's `Error` for a class that keeps a wallet error's shape. */
  base: 'BaseError' | 'Error'
  summary: string
  /** The value of its own `static docsPath`, when it declares one. */
  docsPath: string | undefined
  properties: ErrorProperty[]
  /** Library files (tests left out) that construct it (`new Name(`). */
  thrownIn: string[]
  /** The package entries that export it (`latchkey`, `latchkey/react`, …). */
  exportedFrom: string[]
}

type Source = { file: string; source: ts.SourceFile; text: string }

function listFiles(folder: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) out.push(...listFiles(path))
    else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) && !/\.test\.[a-z]+\.tsx?$/.test(entry.name)) out.push(path)
  }
  return out
}

/** The library's source files (tests and declaration files left out), parsed. */
function readSources(): Map<string, Source> {
  const sources = new Map<string, Source>()
  for (const folder of libraryFolders) {
    for (const file of listFiles(folder)) {
      const text = readFileSync(join(root, file), 'utf8')
      sources.set(file, { file, text, source: ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS) })
    }
  }
  return sources
}

/** The file a relative import names (`./errors.ts`, `../kernel/urls`), or undefined for a package import. */
function resolveModule(sources: Map<string, Source>, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  const base = join(dirname(from), specifier)
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) => sources.has(candidate))
}

const specifierOf = (node: { moduleSpecifier?: ts.Expression }) => (node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : undefined)

/** `file#Name` of the class that `name` means inside `file` (declared there or imported), or undefined. */
function resolveLocal(sources: Map<string, Source>, file: string, name: string, seen = new Set<string>()): string | undefined {
  const source = sources.get(file)?.source
  if (!source || seen.has(`${file}#${name}`)) return undefined
  seen.add(`${file}#${name}`)
  for (const statement of source.statements) {
    if (ts.isClassDeclaration(statement) && statement.name?.text === name) return `${file}#${name}`
    if (ts.isImportDeclaration(statement) && statement.importClause?.namedBindings && ts.isNamedImports(statement.importClause.namedBindings)) {
      for (const element of statement.importClause.namedBindings.elements) {
        if (element.name.text !== name) continue
        const target = resolveModule(sources, file, specifierOf(statement) ?? '')
        return target ? resolveExport(sources, target, (element.propertyName ?? element.name).text, seen) : undefined
      }
    }
  }
  return undefined
}

/** `file#Name` of the class that `file` exports as `name` (its own, re-exported, or through `export *`). */
function resolveExport(sources: Map<string, Source>, file: string, name: string, seen = new Set<string>()): string | undefined {
  const key = `${file}#${name}`
  if (!resolved.has(key)) {
    resolved.set(key, undefined) // an `export *` cycle ends here
    resolved.set(key, resolveExportOnce(sources, file, name, seen))
  }
  return resolved.get(key)
}
const resolved = new Map<string, string | undefined>()

function resolveExportOnce(sources: Map<string, Source>, file: string, name: string, seen: Set<string>): string | undefined {
  const source = sources.get(file)?.source
  if (!source) return undefined
  for (const statement of source.statements) {
    if (ts.isClassDeclaration(statement) && statement.name?.text === name && statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return `${file}#${name}`
    if (!ts.isExportDeclaration(statement) || statement.isTypeOnly) continue
    const target = resolveModule(sources, file, specifierOf(statement) ?? '')
    if (!statement.exportClause && target) {
      const found = resolveExport(sources, target, name, seen)
      if (found) return found
    } else if (statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) {
        if (element.name.text !== name || element.isTypeOnly) continue
        const local = (element.propertyName ?? element.name).text
        return target ? resolveExport(sources, target, local, seen) : resolveLocal(sources, file, local, seen)
      }
    }
  }
  return undefined
}

/** Every value name a module exports (named exports, `export class`, and what its `export *` modules export). */
function exportedNames(sources: Map<string, Source>, file: string, seen = new Set<string>()): Set<string> {
  const names = new Set<string>()
  const source = sources.get(file)?.source
  if (!source || seen.has(file)) return names
  seen.add(file)
  for (const statement of source.statements) {
    if (ts.isClassDeclaration(statement) && statement.name && statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) names.add(statement.name.text)
    if (!ts.isExportDeclaration(statement) || statement.isTypeOnly) continue
    const target = resolveModule(sources, file, specifierOf(statement) ?? '')
    if (!statement.exportClause && target) for (const name of exportedNames(sources, target, seen)) names.add(name)
    else if (statement.exportClause && ts.isNamedExports(statement.exportClause)) for (const element of statement.exportClause.elements) if (!element.isTypeOnly) names.add(element.name.text)
  }
  return names
}

/** The package entries of package.json "exports" as `latchkey/…` → their source file (from the `types` path). */
function packageEntries(): Map<string, string> {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, string | { types?: string }> }
  const entries = new Map<string, string>()
  for (const [key, value] of Object.entries(manifest.exports)) {
    if (typeof value === 'string' || !value.types) continue
    const stem = value.types.replace('./dist/lib/types/', '').replace(/\.d\.ts$/, '')
    entries.set(key === '.' ? 'latchkey' : `latchkey/${key.slice(2)}`, [`${stem}.ts`, `${stem}.tsx`].find((f) => listFiles(dirname(f)).includes(f)) ?? `${stem}.ts`)
  }
  return entries
}

/** A docstring's text with `{@link X}` written as `X` and its tags left out. */
function docOf(node: ts.Node): string {
  const docs = (node as { jsDoc?: ts.JSDoc[] }).jsDoc
  const comment = docs?.at(-1)?.comment
  const text = typeof comment === 'string' ? comment : (ts.getTextOfJSDocComment(comment) ?? '')
  return text
    .replace(/\{@link ([^}|\s]+)(?:[ |][^}]*)?\}/g, '`$1`')
    .replace(/\s*\n\s*/g, ' ')
    .trim()
}

function ownProperties(node: ts.ClassDeclaration): ErrorProperty[] {
  const properties: ErrorProperty[] = []
  for (const member of node.members) {
    if (ts.isPropertyDeclaration(member) && ts.isIdentifier(member.name)) {
      const hidden = member.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword || m.kind === ts.SyntaxKind.PrivateKeyword || m.kind === ts.SyntaxKind.ProtectedKeyword)
      if (hidden || member.name.text === 'name') continue
      const type = member.type?.getText() ?? (member.initializer && ts.isNumericLiteral(member.initializer) ? 'number' : member.initializer && ts.isStringLiteral(member.initializer) ? 'string' : 'unknown')
      properties.push({ name: member.name.text, type: type.replace(/\s+/g, ' '), doc: docOf(member) })
    }
    if (ts.isConstructorDeclaration(member)) {
      for (const parameter of member.parameters) {
        const isProperty = parameter.modifiers?.some((m) => m.kind === ts.SyntaxKind.PublicKeyword || m.kind === ts.SyntaxKind.ReadonlyKeyword)
        if (isProperty && ts.isIdentifier(parameter.name)) properties.push({ name: parameter.name.text, type: parameter.type?.getText().replace(/\s+/g, ' ') ?? 'unknown', doc: docOf(parameter) })
      }
    }
  }
  return properties
}

function staticDocsPath(node: ts.ClassDeclaration): string | undefined {
  for (const member of node.members) {
    if (!ts.isPropertyDeclaration(member)) continue
    const isStatic = member.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)
    if (isStatic && member.name.getText() === 'docsPath' && member.initializer && ts.isStringLiteral(member.initializer)) return member.initializer.text
  }
  return undefined
}

/** The calls `new BaseError(…)` in the library whose arguments name no `docsPath` (file:line each). */
export function plainBaseErrorsWithoutDocs(): string[] {
  const missing: string[] = []
  const sources = readSourcesCache()
  for (const { file, source, text } of sources.values()) {
    if (!text.includes('new BaseError(')) continue
    const visit = (node: ts.Node): void => {
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'BaseError' && resolveLocal(sources, file, 'BaseError') === 'kernel/errors.ts#BaseError') {
        const args = node.arguments?.[1]
        const named = args && ts.isObjectLiteralExpression(args) && args.properties.some((p) => p.name?.getText() === 'docsPath')
        if (!named) missing.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`)
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return missing
}

let cache: Map<string, Source> | undefined
function readSourcesCache(): Map<string, Source> {
  cache ??= readSources()
  return cache
}

/** Every error class of the library: `BaseError` and the classes that extend it, directly or not, sorted by name. */
export function listErrorClasses(): ErrorClass[] {
  const sources = readSourcesCache()
  const declarations = new Map<string, { file: string; node: ts.ClassDeclaration; parentKey: string | undefined; extendsError: boolean }>()
  for (const { file, source } of sources.values()) {
    for (const statement of source.statements) {
      if (!ts.isClassDeclaration(statement) || !statement.name) continue
      const heritage = statement.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression
      const parentKey = heritage && ts.isIdentifier(heritage) ? resolveLocal(sources, file, heritage.text) : undefined
      // `extends Error` with no class of that name declared or imported: the platform's own.
      const extendsError = parentKey === undefined && heritage !== undefined && ts.isIdentifier(heritage) && heritage.text === 'Error'
      declarations.set(`${file}#${statement.name.text}`, { file, node: statement, parentKey, extendsError })
    }
  }
  const isError = (key: string | undefined, depth = 0): boolean => key === 'kernel/errors.ts#BaseError' || (key !== undefined && depth < 20 && isError(declarations.get(key)?.parentKey, depth + 1))
  const isPlainError = (key: string | undefined, depth = 0): boolean =>
    key !== undefined && key !== 'kernel/errors.ts#BaseError' && depth < 20 && (declarations.get(key)?.extendsError === true || isPlainError(declarations.get(key)?.parentKey, depth + 1))
  const exporters = new Map<string, string[]>()
  for (const [entry, file] of packageEntries()) {
    for (const name of exportedNames(sources, file)) {
      const key = resolveExport(sources, file, name)
      if (key) exporters.set(key, [...(exporters.get(key) ?? []), entry])
    }
  }
  const constructedIn = new Map<string, Set<string>>()
  for (const { file, text } of sources.values()) for (const [, name] of text.matchAll(/\bnew ([A-Za-z0-9_]+)\(/g)) constructedIn.set(name ?? '', (constructedIn.get(name ?? '') ?? new Set()).add(file))
  const classes: ErrorClass[] = []
  for (const [key, { file, node, parentKey }] of declarations) {
    const base = isError(key) ? 'BaseError' : isPlainError(key) ? 'Error' : undefined
    if (!base) continue
    const name = node.name?.text ?? ''
    classes.push({
      name,
      file,
      parent: parentKey?.split('#')[1],
      base,
      summary: docOf(node),
      docsPath: staticDocsPath(node),
      properties: ownProperties(node),
      thrownIn: [...(constructedIn.get(name) ?? [])].sort(),
      exportedFrom: [...new Set(exporters.get(key) ?? [])].sort(),
    })
  }
  return classes.sort((a, b) => a.name.localeCompare(b.name))
}
