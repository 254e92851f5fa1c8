import { describe, expect, test } from 'vitest'
import { bareGlobal, readsBareGlobal, rewriteDeclarationImports } from './build-lib.ts'

describe('build-lib', () => {
  test('behavior: relative .ts/.tsx imports of a declaration file become .js; packages and other strings stay', () => {
    const source = [
      "import type { A } from '../adapters/a.ts';",
      'export { B } from "./b.tsx";',
      "export declare const c: typeof import('./c.ts');",
      "import type { D } from '@wallet-standard/base';",
      "/** Reads './notes.ts.md' */",
    ].join('\n')
    expect(rewriteDeclarationImports(source)).toMatchInlineSnapshot(`
      "import type { A } from '../adapters/a.js';
      export { B } from "./b.js";
      export declare const c: typeof import('./c.js');
      import type { D } from '@wallet-standard/base';
      /** Reads './notes.ts.md' */"
    `)
  })

  test('behavior: a bare `global` read is found; globalThis, properties, keys and strings are not', () => {
    expect(bareGlobal.test('const g = global.crypto')).toBe(true)
    expect(bareGlobal.test('if (global) x()')).toBe(true)
    for (const line of ['globalThis.x', 'scope.global = globalThis', '{ global: 1 }', "'global'", 'const isGlobal = 1']) expect(bareGlobal.test(line)).toBe(false)
    // A built line: the word inside a message (bitcoinjs-lib's PSBT errors) is no read; a read beside a message is.
    expect(readsBareGlobal('throw Error(`Format Error: Keys must be unique for global keymap: key `+t)')).toBe(false)
    expect(readsBareGlobal("throw Error('no global here'), global.x")).toBe(true)
  })
})
