import { describe, expect, test } from 'vitest'
import { batchExecutorFingerprint as checkedIn } from './batchExecutor.artifact.ts'
import { batchExecutorFingerprint } from '../../dev/wallet/compile.ts'

describe('DevBatchExecutor artifact', () => {
  test("behavior: the checked-in bytecode was compiled from today's source, solc and settings (else: npx tsx dev/wallet/compile.ts)", () => {
    expect(checkedIn).toBe(batchExecutorFingerprint())
  })
})
