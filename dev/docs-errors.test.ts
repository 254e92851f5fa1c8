import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { docsBaseUrl } from '../kernel/errors.ts'
import { listErrorClasses, plainBaseErrorsWithoutDocs, root } from './docs-errors.code.ts'
import { errorsFolder, expectedPages, firstSentence, generatedMarker, unwrittenMarker } from './docs-errors.ts'

// Reads the library's source once (the TypeScript parser, no type checker).
const classes = listErrorClasses()
const { pages, orphans } = expectedPages()

describe('the error pages (docs/errors)', () => {
  test('behavior: the library has its error classes, each name once (a page per name)', () => {
    expect(classes.length).toBeGreaterThan(100)
    expect(classes.map((c) => c.name)).toContain('UserRejectedRequestError')
    expect(classes.map((c) => c.name)).toContain('TestWalletOptionsError') // a class of latchkey/testing
    expect(classes.map((c) => c.name)).toContain('ChainAdapterNotFoundError') // through InvalidOptionsError
    expect(new Set(classes.map((c) => c.name)).size).toBe(classes.length)
  })

  test('behavior: every error class declares its own static docsPath, /errors/<ClassName>', () => {
    const wrong = classes.filter((c) => c.name !== 'BaseError' && c.docsPath !== `/errors/${c.name}`).map((c) => `${c.name} (${c.file}): ${c.docsPath}`)
    expect(wrong).toEqual([])
  })

  test('behavior: a plain BaseError thrown by the library names its page', () => {
    expect(plainBaseErrorsWithoutDocs()).toEqual([])
  })

  test('behavior: every error class has its page, with its cause and fix written, and no page is left of a class that is gone', () => {
    const missing = classes.filter((c) => !existsSync(join(errorsFolder, `${c.name}.md`))).map((c) => c.name)
    expect(missing, 'run npm run docs:errors, then write the cause and fix').toEqual([])
    const unwritten = classes.filter((c) => readFileSync(join(errorsFolder, `${c.name}.md`), 'utf8').includes(unwrittenMarker)).map((c) => c.name)
    expect(unwritten).toEqual([])
    expect(orphans, 'delete the pages of classes that are gone').toEqual([])
  })

  test('behavior: the pages and the index are what npm run docs:errors writes from the code', () => {
    const stale = [...pages].filter(([file, text]) => !existsSync(join(errorsFolder, file)) || readFileSync(join(errorsFolder, file), 'utf8') !== text).map(([file]) => file)
    expect(stale, 'run npm run docs:errors').toEqual([])
    for (const c of classes) expect(pages.get('index.md')).toContain(`[\`${c.name}\`](./${c.name})`)
    expect(pages.get('UserRejectedRequestError.md')).toContain(generatedMarker)
  })

  test('behavior: the index says where each class is exported (package.json "exports")', () => {
    const byName = new Map(classes.map((c) => [c.name, c]))
    expect(byName.get('UserRejectedRequestError')?.exportedFrom).toEqual(['latchkey'])
    expect(byName.get('NoConnectedWalletError')?.exportedFrom).toEqual(['latchkey/ethers', 'latchkey/wagmi'])
    expect(byName.get('InspectorSessionError')?.exportedFrom).toEqual(['latchkey/inspect'])
    expect(byName.get('ActorNotProvidedError')?.exportedFrom).toEqual([])
  })

  test('behavior: the first sentence of a docstring ends at its first full stop outside code', () => {
    expect(firstSentence('Thrown by `a.b` when c. More.')).toBe('Thrown by `a.b` when c.')
    expect(firstSentence('No stop')).toBe('No stop')
  })

  test('behavior: package.json "homepage" is the docs site the Docs lines name', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { homepage?: string }
    expect(manifest.homepage).toBe(docsBaseUrl)
  })
})
