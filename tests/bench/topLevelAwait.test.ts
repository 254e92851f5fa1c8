import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'
import { repoRoot } from '../../dev/anvil.ts'

/**
 * The size budget: one module with a top-level `await` anywhere in the library's build (even one an EVM-only page never
 * loads, like the Bitcoin adapter's PSBT half) made Rolldown split the library-only page's first JS into 19 small shared
 * chunks instead of 7, 121.0 → 125.9 kB gzip (`npm run bench -- --size`). A module that must wait for something at load
 * exports a promise instead (`adapters/bip122.psbt.ts`: `ready`).
 */
const libraryFolders = ['kernel', 'adapters', 'machines', 'services', 'ui']

function sourceFiles(folder: string): string[] {
  return readdirSync(join(repoRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => join(repoRoot, folder, file))
}

/** The line numbers of `await`s (and `for await`s) outside any function in `path`. */
function topLevelAwaits(path: string): number[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const lines: number[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) || ts.isClassStaticBlockDeclaration(node)) return
    if (ts.isAwaitExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier)) lines.push(source.getLineAndCharacterOfPosition(node.getStart()).line + 1)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return lines
}

describe('the library build', () => {
  test("behavior: no module of the library has a top-level await (it fragments the page's first JS)", () => {
    const found = libraryFolders.flatMap(sourceFiles).flatMap((path) => topLevelAwaits(path).map((line) => `${relative(repoRoot, path)}:${line}`))
    expect(found).toEqual([])
  })
})
