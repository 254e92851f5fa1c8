import { describe, expect, test } from 'vitest'
import { BaseError } from '../kernel/errors.ts'
import { SdkError } from './analytics.ts'
import { ForeignError } from '../tests/harness/failures.ts'

describe('SdkError (spec §8 "Errors are wrapped as an SDK error with a category")', () => {
  test("behavior: a thrown value the SDK cannot read (no message) is 'Unknown error', category INTERNAL_SDK_ERROR by default", () => {
    for (const thrown of [undefined, null, 42, { code: 1 }, '', new ForeignError('')]) {
      const error = new SdkError(thrown)
      expect(error.shortMessage).toBe('Unknown error')
      expect(error.category).toBe('INTERNAL_SDK_ERROR')
      expect(error.cause).toBe(thrown)
    }
  })

  test('behavior: a readable error keeps its words and the category given', () => {
    expect(new SdkError(new ForeignError('boom'), 'API_ERROR')).toMatchObject({ shortMessage: 'boom', category: 'API_ERROR' })
    expect(new SdkError(new BaseError('Short', { details: 'long' }))).toMatchObject({ shortMessage: 'Short', category: 'INTERNAL_SDK_ERROR' })
    expect(new SdkError('plain words').shortMessage).toBe('plain words')
  })
})
