import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { aaArtifactsPath, compileAaContracts, renderAaArtifacts } from './compile.ts'

describe('dev/aa/artifacts.ts', () => {
  // solc-js (WebAssembly) compiles EntryPoint through the IR pipeline: tens of seconds on a busy 2-core machine.
  it('behavior: the checked-in artifacts are what a fresh compile of @account-abstraction/contracts gives (run `npm run aa:compile` when this fails)', () => {
    const result = compileAaContracts()
    expect(result.warnings).toEqual([])
    expect(readFileSync(aaArtifactsPath, 'utf8')).toBe(renderAaArtifacts(result))
  }, 300_000)

  it('behavior: the artifacts carry the EntryPoint creation code and the functions the bundler and deployment call', async () => {
    const { entryPointBytecode, entryPointSimulationsAbi, entryPointAbi } = await import('./artifacts.ts')
    expect(entryPointBytecode.length).toBeGreaterThan(2)
    const names = (abi: readonly { type: string; name?: string }[]) => abi.filter((i) => i.type === 'function').map((i) => i.name)
    expect(names(entryPointAbi)).toEqual(expect.arrayContaining(['handleOps', 'getUserOpHash', 'balanceOf', 'getNonce']))
    expect(names(entryPointSimulationsAbi)).toEqual(expect.arrayContaining(['simulateValidation', 'simulateHandleOp']))
  })
})
