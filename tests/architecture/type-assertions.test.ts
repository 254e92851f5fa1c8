import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'

/**
 * The machines are typed, not asserted (STYLE rule 1, `setup({ types, actors, actions, guards })`): the library files of
 * `machines/` (tests aside) hold at most {@link ceiling} type assertions (`x as T`, `<T>x`; `as const` is not one), and
 * each sits under a one-line comment `// Type assertion: …` that says why the type system cannot express it. Typed
 * alternatives: `machineTypes<{ … }>()` for `setup({ types })`, `assertEvent`, typed `emit` and `sendTo`, valibot at a
 * trust boundary, type guards, discriminated unions.
 *
 * {@link ceiling} may only shrink: a count below it fails too, so the ceiling follows it down.
 */
const root = fileURLToPath(new URL('../..', import.meta.url))

/** The type assertions the machines may hold: spawn's `id` of a logic object (machines/root.features.ts), a final state's output (machines/transaction.ts). */
const ceiling = 2

/** The comment line every type assertion sits under. */
const reason = /^\s*\/\/ Type assertion: \S/

type Assertion = { file: string; line: number; text: string; explained: boolean }

/** The library files of `machines/` (tests aside). */
function libraryFiles(): string[] {
  return readdirSync(`${root}machines`)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'))
    .map((name) => `machines/${name}`)
    .sort()
}

/** `as const` asserts nothing about a value's type; it only narrows its literal. */
function isConstAssertion(node: ts.AsExpression | ts.TypeAssertion): boolean {
  return ts.isTypeReferenceNode(node.type) && ts.isIdentifier(node.type.typeName) && node.type.typeName.text === 'const'
}

/** The type assertions of `file`, each with whether the line above it explains it. */
function assertionsOf(file: string): Assertion[] {
  const text = readFileSync(`${root}${file}`, 'utf8')
  const lines = text.split('\n')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const found: Assertion[] = []
  const visit = (node: ts.Node) => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isConstAssertion(node)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      found.push({ file, line: line + 1, text: node.getText(source), explained: reason.test(lines[line - 1] ?? '') })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

const assertions = libraryFiles().flatMap(assertionsOf)

describe('architecture: the machines are typed, not asserted', () => {
  test('behavior: the counter finds assertions and leaves `as const` and comments alone', () => {
    const source = ts.createSourceFile('probe.ts', "const a = {} as Foo\nconst b = <Bar>c\nconst d = ['x'] as const\n// a as B\n", ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
    const kinds: string[] = []
    const visit = (node: ts.Node) => {
      if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isConstAssertion(node)) kinds.push(node.getText(source))
      ts.forEachChild(node, visit)
    }
    visit(source)
    expect(kinds).toEqual(['{} as Foo', '<Bar>c'])
  })

  test(`behavior: machines/ holds ${ceiling} type assertions, no more (and no fewer: the ceiling follows the count down)`, () => {
    expect(assertions.map((a) => `${a.file}:${a.line} ${a.text}`)).toHaveLength(ceiling)
  })

  test('behavior: every type assertion says on the line above why the type system cannot express it', () => {
    expect(assertions.filter((a) => !a.explained).map((a) => `${a.file}:${a.line} ${a.text}`)).toEqual([])
  })
})
