import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { docsBaseUrl } from '../kernel/errors.ts'
import { ModalClosedError, RpcNotAllowedError } from '../machines/frameRpc.ts'
import { BitcoinWalletError } from '../testing/bitcoin/types.ts'
import { DevSolanaWalletError } from '../testing/solana/walletRpc.ts'
import { DevWalletRpcError } from '../testing/wallet/rpcParams.ts'
import { WalletCodeError } from '../testing/walletError.ts'
import { CoreNotLoadedError } from '../ui/createModal.ts'
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

  test("behavior: the classes that extend the platform's Error on purpose are listed too, so each has its docsPath and page", () => {
    const plain = classes.filter((c) => c.base === 'Error').map((c) => c.name)
    expect(plain.sort()).toEqual(['BitcoinWalletError', 'CoreNotLoadedError', 'DevSolanaWalletError', 'DevWalletRpcError', 'ModalClosedError', 'RpcNotAllowedError', 'WalletCodeError'])
    expect(classes.find((c) => c.name === 'BaseError')?.base).toBe('BaseError')
    for (const error of [BitcoinWalletError, CoreNotLoadedError, DevSolanaWalletError, DevWalletRpcError, ModalClosedError, RpcNotAllowedError, WalletCodeError]) {
      expect(error.docsPath).toBe(`/errors/${error.name}`)
    }
  })

  test("behavior: what a dapp receives keeps a wallet error's shape; a Docs line ends a message only where that changes nothing a dapp reads", () => {
    expect(new RpcNotAllowedError('eth_sign')).toMatchObject({ code: 4200, message: `Requested RPC call is not allowed: eth_sign\nDocs: ${docsBaseUrl}/errors/RpcNotAllowedError` })
    // The embedded wallet's provider reads these words to hand the dapp a UserRejectedRequestError (4001) instead.
    expect(new ModalClosedError()).toMatchObject({ code: 4001, name: 'UserRejectedRequestError', message: 'User rejected the request' })
    // A test wallet's refusal is the wallet's own words, as a real wallet's.
    expect(new DevWalletRpcError(4001, 'User rejected the request.')).toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(Object.keys(new BitcoinWalletError(4100, 'Not authorised', { why: 1 }))).toEqual(expect.arrayContaining(['code', 'data']))
    expect(new CoreNotLoadedError().message).toBe(`The modal's core is not loaded yet: await modal.ready() before reading modal.actor.\nDocs: ${docsBaseUrl}/errors/CoreNotLoadedError`)
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
