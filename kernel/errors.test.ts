import { describe, expect, test } from 'vitest'
import { asError, BaseError, NonErrorThrownError } from './errors.ts'

describe('asError', () => {
  test('behavior: an Error is returned as it is', () => {
    const error = new TypeError('boom')
    expect(asError(error)).toBe(error)
  })

  test('bad input: a string, a plain object, a circular object and undefined become a NonErrorThrownError holding the value', () => {
    const circular: Record<string, unknown> = {}
    circular.self = circular
    for (const [value, details] of [
      ['User rejected', 'User rejected'],
      [{ code: 4001 }, '{"code":4001}'],
      [circular, '[object Object]'],
      [undefined, 'undefined'],
    ] as const) {
      const error = asError(value)
      expect(error).toBeInstanceOf(NonErrorThrownError)
      expect(error).toBeInstanceOf(BaseError)
      expect(error.cause).toBe(value)
      expect((error as NonErrorThrownError).details).toBe(details)
      expect(error.message).toBe(`A value that is not an Error was thrown\nDetails: ${details}`)
    }
  })
})
