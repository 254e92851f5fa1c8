import { existsSync, readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'

/**
 * The lazy-loading rule for Bitcoin: bitcoinjs-lib (and its curve library) load only when the bip122 namespace is
 * used. Checked on the static import graph (what a bundler puts in the entry chunk): from the EVM adapter and the modal
 * factory no static import reaches the Bitcoin libraries or the adapter's PSBT half; from the Bitcoin adapter itself
 * only a dynamic `import()` does.
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const heavy = ['bitcoinjs-lib', '@bitcoinerlab/secp256k1', 'bip322-js']

/** Every module reached from `entry` by static imports and re-exports (type-only ones excepted), bare packages as names. */
function staticGraph(entry: string): { files: Set<string>; packages: Set<string>; dynamic: Set<string> } {
  const files = new Set<string>()
  const packages = new Set<string>()
  const dynamic = new Set<string>()
  const visit = (file: string): void => {
    if (files.has(file)) return
    files.add(file)
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
    const follow = (specifier: string): void => {
      if (!specifier.startsWith('.')) {
        packages.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!)
        return
      }
      const target = resolve(dirname(file), specifier)
      const found = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`].find((p) => existsSync(p) && p.match(/\.tsx?$/))
      if (found) visit(found)
    }
    const walk = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && !node.importClause?.isTypeOnly) follow(node.moduleSpecifier.text)
      else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) follow(node.moduleSpecifier.text)
      else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0]!))
        dynamic.add(relative(root, resolve(dirname(file), (node.arguments[0] as ts.StringLiteral).text)))
      ts.forEachChild(node, walk)
    }
    walk(source)
  }
  visit(resolve(root, entry))
  return { files, packages, dynamic }
}

describe('lazy rule', () => {
  for (const entry of ['adapters/eip155.ts', 'ui/createModal.ts']) {
    test(`behavior: ${entry} reaches no Bitcoin library and no Bitcoin adapter code by static imports`, () => {
      const { files, packages } = staticGraph(entry)
      expect(heavy.filter((name) => packages.has(name))).toEqual([])
      expect([...files].map((f) => relative(root, f)).filter((f) => f.startsWith('adapters/bip122'))).toEqual([])
    })
  }

  test('behavior: the Bitcoin adapter loads bitcoinjs-lib only through a dynamic import of its PSBT half', () => {
    const { files, packages, dynamic } = staticGraph('adapters/bip122.ts')
    expect(heavy.filter((name) => packages.has(name))).toEqual([])
    expect([...files].map((f) => relative(root, f))).not.toContain('adapters/bip122.psbt.ts')
    expect([...dynamic]).toContain('adapters/bip122.psbt.ts')
    // The PSBT half imports the libraries itself, with `import()` in a try block (optional peers).
    expect([...staticGraph('adapters/bip122.psbt.ts').dynamic]).toEqual(expect.arrayContaining(['adapters/bitcoinjs-lib', 'adapters/@bitcoinerlab/secp256k1']))
  })
})
