import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { artifactsPath, compileTokenContracts, renderArtifacts } from './compile.ts'

describe('dev/tokens/artifacts.ts', () => {
  // solc-js (WebAssembly) is slow to load and compile on a busy 2-core machine: allow two minutes.
  it('behavior: the checked-in artifacts are what a fresh compile of contracts/*.sol gives (run `npm run tokens:compile` when this fails)', () => {
    const result = compileTokenContracts()
    expect(result.warnings).toEqual([])
    expect(readFileSync(artifactsPath, 'utf8')).toBe(renderArtifacts(result))
  }, 120_000)

  it('behavior: DevTetherToken transfer and transferFrom declare no outputs (USDT-style), DevToken returns bool', async () => {
    const { devTetherTokenAbi, devTokenAbi } = await import('./artifacts.ts')
    const outputsOf = (abi: readonly { type: string; name?: string; outputs?: readonly { type: string }[] }[], name: string) =>
      abi.find((item) => item.type === 'function' && item.name === name)?.outputs?.map((o) => o.type)
    expect(outputsOf(devTokenAbi, 'transfer')).toEqual(['bool'])
    expect(outputsOf(devTokenAbi, 'transferFrom')).toEqual(['bool'])
    expect(outputsOf(devTetherTokenAbi, 'transfer')).toEqual([])
    expect(outputsOf(devTetherTokenAbi, 'transferFrom')).toEqual([])
    expect(outputsOf(devTetherTokenAbi, 'approve')).toEqual(['bool'])
  })
})
