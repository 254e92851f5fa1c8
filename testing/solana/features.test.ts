import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { SolanaSignAndSendTransactionFeature, SolanaSignMessageFeature, SolanaSignTransactionFeature } from '@solana/wallet-standard-features'
import { describe, expect, it } from 'vitest'
import { DevSolanaWallet } from './wallet.ts'

/**
 * The declarations of `latchkey/testing/solana` name no devDependency of latchkey: the Solana feature types are copied
 * in ./features.ts, and they are the package's (a wallet typed with ours is one typed with theirs, both ways).
 */
const testing = fileURLToPath(new URL('..', import.meta.url))
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })

describe('the Solana feature types of the test kit', () => {
  it('no source of latchkey/testing imports @solana/wallet-standard-features', () => {
    const importing = sources(testing).filter((file) => /from '@solana\/wallet-standard-features'/.test(readFileSync(file, 'utf8')))
    expect(importing).toEqual([])
  })

  it("the wallet's features are the package's feature types, and the package's are ours (checked by the type checker)", () => {
    const wallet = new DevSolanaWallet({ rpcUrl: 'http://127.0.0.1:1' })
    const theirs: SolanaSignMessageFeature & SolanaSignTransactionFeature & SolanaSignAndSendTransactionFeature = wallet.features
    const ours: typeof wallet.features = { ...wallet.features, ...theirs }
    expect(Object.keys(ours)).toEqual(expect.arrayContaining(['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction']))
  })
})
