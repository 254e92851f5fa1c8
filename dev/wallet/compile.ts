/**
 * Compiles `dev/wallet/contracts/DevBatchExecutor.sol` with solc-js (the `solc` npm package, pinned) and writes
 * `testing/wallet/batchExecutor.artifact.ts`: its ABI, its creation bytecode and the fingerprint of the input (solc's version,
 * the settings, the source). `batchExecutor.test.ts` fails when the checked-in artifact was compiled from another input,
 * without compiling again. Dev-only. Run: `npx tsx dev/wallet/compile.ts`.
 */
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import solc from 'solc'
import { BaseError } from '../../adapters/errors.ts'

const sourcePath = fileURLToPath(new URL('./contracts/DevBatchExecutor.sol', import.meta.url))
const artifactPath = fileURLToPath(new URL('../../testing/wallet/batchExecutor.artifact.ts', import.meta.url))
/** solc standard-JSON settings (EVM pinned to cancun like dev/aa: no opcode of a later fork is needed). */
const settings = { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } } as const

/** A solc error compiling the executor. */
export class BatchExecutorCompileError extends BaseError {
  override name = 'BatchExecutorCompileError'
}

/** The sha256 of what the compile reads: solc's version, the settings and the source. */
export function batchExecutorFingerprint(): string {
  return createHash('sha256')
    .update(JSON.stringify({ solc: solc.version(), settings, source: readFileSync(sourcePath, 'utf8') }))
    .digest('hex')
}

/**
 * Compiles the executor and writes its artifact.
 * @throws BatchExecutorCompileError when solc reports an error.
 */
export function compileBatchExecutor(): void {
  const input = { language: 'Solidity', sources: { 'DevBatchExecutor.sol': { content: readFileSync(sourcePath, 'utf8') } }, settings }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: Array<{ severity: string; formattedMessage: string }>
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>
  }
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new BatchExecutorCompileError('DevBatchExecutor.sol does not compile', { details: errors.map((e) => e.formattedMessage).join('\n') })
  const contract = output.contracts['DevBatchExecutor.sol']!['DevBatchExecutor']!
  writeFileSync(
    artifactPath,
    `// Written by dev/wallet/compile.ts from dev/wallet/contracts/DevBatchExecutor.sol: do not edit.\n` +
      `/** The sha256 of the compile's input (solc ${solc.version()}, settings, source); batchExecutor.test.ts compares it. */\n` +
      `export const batchExecutorFingerprint = '${batchExecutorFingerprint()}'\n` +
      `/** DevBatchExecutor's ABI. */\n` +
      `export const batchExecutorAbi = ${JSON.stringify(contract.abi)} as const\n` +
      `/** DevBatchExecutor's creation bytecode. */\n` +
      `export const batchExecutorBytecode = '0x${contract.evm.bytecode.object}' as const\n`,
  )
}

if (process.argv[1] === fileURLToPath(import.meta.url)) compileBatchExecutor()
