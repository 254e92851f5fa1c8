import { describe, expect, it } from 'vitest'
import { TestWalletError } from '../errors.ts'
import { withPeers } from './peers.ts'

/** Node's error for a package it cannot resolve (an ES module import). */
function notFound(name: string): Error & { code: string } {
  return Object.assign(new TypeError(`Cannot find package '${name}' imported from /app/node_modules/latchkey/dist/lib/chunks/x.js`), { code: 'ERR_MODULE_NOT_FOUND' })
}

describe('withPeers', () => {
  it('behavior: answers what the loader loads', async () => {
    expect(await withPeers('The test Solana wallet', ['@solana/web3.js'], async () => ({ ok: 1 }))).toEqual({ ok: 1 })
  })

  it('bad input: a missing optional peer is a TestWalletError naming the packages and the install command', async () => {
    const cause = notFound('@solana/web3.js')
    const error = await withPeers('The test Solana wallet', ['@solana/web3.js'], () => Promise.reject(cause)).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TestWalletError)
    expect(error).toMatchObject({ shortMessage: 'The test Solana wallet needs @solana/web3.js', details: 'npm install -D @solana/web3.js (optional peer dependencies of latchkey)', cause })
    const bitcoin = await withPeers('The test Bitcoin wallet', ['bitcoinjs-lib', '@bitcoinerlab/secp256k1'], () => Promise.reject(Object.assign(notFound('bitcoinjs-lib'), { code: 'MODULE_NOT_FOUND' }))).catch(
      (e: unknown) => e,
    )
    expect((bitcoin as TestWalletError).shortMessage).toBe('The test Bitcoin wallet needs bitcoinjs-lib and @bitcoinerlab/secp256k1')
  })

  it('behavior: any other failure of the loader passes through unchanged', async () => {
    const other = new SyntaxError('Unexpected token')
    await expect(withPeers('The test Solana wallet', ['@solana/web3.js'], () => Promise.reject(other))).rejects.toBe(other)
  })
})
