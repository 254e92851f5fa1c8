import { describe, expect, test } from 'vitest'
import { ActorNotProvidedError, asError, BaseError, docsBaseUrl, NonErrorThrownError } from './errors.ts'

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
      expect(error.message).toBe(`A value that is not an Error was thrown\nDocs: ${docsBaseUrl}/errors/NonErrorThrownError\nDetails: ${details}`)
    }
  })
})

describe('BaseError', () => {
  class ThingError extends BaseError {
    static override docsPath = '/errors/ThingError'
    override name = 'ThingError'
  }
  class SubThingError extends ThingError {
    static override docsPath = '/errors/SubThingError'
    override name = 'SubThingError'
  }

  test('behavior: the message is the short message, the meta lines, the Docs line of the class page, then the details', () => {
    const error = new ThingError('Bad thing', { metaMessages: ['Meta one', 'Meta two'], details: 'Received: 3' })
    expect(error.message).toBe(`Bad thing\nMeta one\nMeta two\nDocs: ${docsBaseUrl}/errors/ThingError\nDetails: Received: 3`)
    expect(error).toMatchObject({ shortMessage: 'Bad thing', details: 'Received: 3', docsPath: '/errors/ThingError' })
  })

  test('behavior: the page is the class constructed (new.target), not its parent; an explicit docsPath wins', () => {
    expect(new SubThingError('Sub').message).toBe(`Sub\nDocs: ${docsBaseUrl}/errors/SubThingError`)
    expect(new SubThingError('Sub', { docsPath: '/errors/BaseError' }).docsPath).toBe('/errors/BaseError')
    expect(new ActorNotProvidedError('m', 'a').message.split('\n').at(-1)).toBe(`Docs: ${docsBaseUrl}/errors/ActorNotProvidedError`)
  })

  test('behavior: a class with no page of its own (BaseError itself) has no Docs line', () => {
    expect(new BaseError('Plain', { details: 'd' }).message).toBe('Plain\nDetails: d')
    expect(new BaseError('Plain').docsPath).toBeUndefined()
  })

  test('behavior: the page survives a minified class name (the static field, not the name, names it)', () => {
    const Minified = class extends BaseError {
      static override docsPath = '/errors/ThingError'
    }
    expect(new Minified('x').docsPath).toBe('/errors/ThingError')
  })
})
