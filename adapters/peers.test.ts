import { afterEach, describe, expect, test } from 'vitest'
import { BaseError } from './errors.ts'
import { loadPeer, MissingPeerDependencyError, provideNodeGlobal } from './peers.ts'
import { ForeignError } from '../tests/harness/failures.ts'

describe('loadPeer', () => {
  test('behavior: a package that cannot be imported is a MissingPeerDependencyError naming what to install', async () => {
    const cause = new ForeignError("Cannot find package '@solana/web3.js'")
    const error = await loadPeer(
      'solana',
      () => Promise.reject(cause),
      () => true,
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MissingPeerDependencyError)
    expect(error).toBeInstanceOf(BaseError)
    expect((error as MissingPeerDependencyError).shortMessage).toMatchInlineSnapshot(`"The solana namespace needs @solana/web3.js: npm install @solana/web3.js"`)
    expect((error as MissingPeerDependencyError).packages).toEqual(['@solana/web3.js'])
    expect((error as MissingPeerDependencyError).cause).toBe(cause)
  })

  test("behavior: Vite's empty stand-in for a missing optional peer (no export) is a MissingPeerDependencyError too", async () => {
    const error = await loadPeer(
      'bip122',
      () => Promise.resolve({ default: {} } as { default: object; finalizeTransaction?: unknown }),
      (m) => typeof m.finalizeTransaction === 'function',
    ).catch((e: unknown) => e)
    expect((error as MissingPeerDependencyError).shortMessage).toMatchInlineSnapshot(`"The bip122 (Bitcoin) namespace needs bitcoinjs-lib and @bitcoinerlab/secp256k1: npm install bitcoinjs-lib @bitcoinerlab/secp256k1"`)
    expect((error as MissingPeerDependencyError).feature).toBe('bip122')
  })

  test('behavior: an installed package is returned as imported', async () => {
    const module = { init: () => 'ok' }
    await expect(
      loadPeer(
        'walletConnect',
        () => Promise.resolve(module),
        (m) => typeof m.init === 'function',
      ),
    ).resolves.toBe(module)
  })
})

describe('provideNodeGlobal', () => {
  const scope = globalThis as { global?: unknown }
  const before = scope.global
  afterEach(() => {
    scope.global = before
  })

  test('behavior: sets globalThis.global to globalThis when it is absent', () => {
    scope.global = undefined
    provideNodeGlobal()
    expect(scope.global).toBe(globalThis)
  })

  test('behavior: leaves a global the page already has', () => {
    const own = {}
    scope.global = own
    provideNodeGlobal()
    expect(scope.global).toBe(own)
  })
})
