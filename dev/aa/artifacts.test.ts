import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { aaArtifactsPath, aaCompileInput, aaContracts, aaInputFingerprint, aaOutputFingerprint, aaSolcSettings } from './compile.ts'

describe('dev/aa/artifacts.ts', () => {
  // A fresh compile (solc-js, EntryPoint through the IR pipeline) takes minutes on a busy 2-core machine; solc is
  // deterministic, so the artifacts are fresh when they were compiled from the same input (its fingerprint) and not
  // edited since (the file's own hash). `npm run aa:compile` compiles and writes them.
  it('behavior: the checked-in artifacts were compiled from the current solc, settings, contracts and source packages (run `npm run aa:compile` when this fails)', async () => {
    const { inputFingerprint } = await import('./artifacts.ts')
    expect(inputFingerprint).toBe(aaInputFingerprint())
  })

  it('behavior: the checked-in artifacts are not edited by hand (their text hashes to their outputFingerprint)', async () => {
    const { outputFingerprint } = await import('./artifacts.ts')
    expect(aaOutputFingerprint(readFileSync(aaArtifactsPath, 'utf8'))).toBe(outputFingerprint)
  })

  it('behavior: another solc, other settings or contracts, another source package version: another input fingerprint', () => {
    const input = aaCompileInput()
    const fingerprint = aaInputFingerprint(input)
    expect(aaInputFingerprint({ ...input, solcVersion: '0.8.38+commit.00000000' })).not.toBe(fingerprint)
    expect(aaInputFingerprint({ ...input, settings: { ...aaSolcSettings, default: { ...aaSolcSettings.default, evmVersion: 'prague' } } })).not.toBe(fingerprint)
    expect(aaInputFingerprint({ ...input, contracts: aaContracts.slice(1) })).not.toBe(fingerprint)
    expect(aaInputFingerprint({ ...input, packages: input.packages.map((p) => p.replace(/@[^@]+$/, '@9.9.9')) })).not.toBe(fingerprint)
    expect(aaInputFingerprint(aaCompileInput())).toBe(fingerprint)
  })

  it('behavior: a hand edit of any value changes the output hash', () => {
    const text = readFileSync(aaArtifactsPath, 'utf8')
    expect(aaOutputFingerprint(text.replace(/'handleOps'/, "'handleOpz'"))).not.toBe(aaOutputFingerprint(text))
  })

  it('behavior: the artifacts carry the EntryPoint creation code and the functions the bundler and deployment call', async () => {
    const { entryPointBytecode, entryPointSimulationsAbi, entryPointAbi } = await import('./artifacts.ts')
    expect(entryPointBytecode.length).toBeGreaterThan(2)
    const names = (abi: readonly { type: string; name?: string }[]) => abi.filter((i) => i.type === 'function').map((i) => i.name)
    expect(names(entryPointAbi)).toEqual(expect.arrayContaining(['handleOps', 'getUserOpHash', 'balanceOf', 'getNonce']))
    expect(names(entryPointSimulationsAbi)).toEqual(expect.arrayContaining(['simulateValidation', 'simulateHandleOp']))
  })
})
