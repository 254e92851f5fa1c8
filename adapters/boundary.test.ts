import * as v from 'valibot'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createManualClock } from '../tests/harness/clock.ts'
import { callForeign, callForeignSync, imageIcon, isListableStandardWallet, parseForeign, releaseForeign, safeParse } from './boundary.ts'
import { BaseError, InvalidCallbackResponseError, RequestTimeoutError, UnrecognizedChainError, UserRejectedRequestError } from './errors.ts'
import { ForeignError } from '../tests/harness/failures.ts'

afterEach(() => vi.restoreAllMocks())

const settle = () => new Promise((r) => setTimeout(r, 0))

describe('callForeign', () => {
  test('behavior: resolves with the answer', async () => {
    await expect(callForeign('op', () => 42)).resolves.toBe(42)
    await expect(callForeign('op', async () => 'ok')).resolves.toBe('ok')
  })

  test('behavior: a synchronous throw is a rejection with a typed error, never a throw', async () => {
    const call = callForeign('op', () => {
      throw { code: 4001, message: 'no' }
    })
    await expect(call).rejects.toBeInstanceOf(UserRejectedRequestError)
    await expect(
      callForeign('op', () => {
        throw 'plain string'
      }),
    ).rejects.toMatchObject({ name: 'BaseError', shortMessage: 'plain string' })
  })

  test('behavior: a rejection keeps its EIP-1193 class (4902) or becomes a BaseError', async () => {
    await expect(callForeign('op', () => Promise.reject({ code: 4902 }))).rejects.toBeInstanceOf(UnrecognizedChainError)
    await expect(callForeign('op', () => Promise.reject(undefined))).rejects.toBeInstanceOf(BaseError)
  })

  test('behavior: a hostile thrown value (a revoked proxy, a cycle of causes, a throwing getter) is still a typed error', async () => {
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    await expect(callForeign('op', () => Promise.reject(proxy))).rejects.toMatchObject({ name: 'BaseError', shortMessage: 'Unknown error' })
    const a: { cause?: unknown; message: string } = { message: 'a' }
    const b = { cause: a, message: 'b' }
    a.cause = b
    await expect(callForeign('op', () => Promise.reject(a))).rejects.toMatchObject({ name: 'BaseError', shortMessage: 'a' })
    const getter = {
      get code(): number {
        throw new ForeignError('getter')
      },
    }
    await expect(callForeign('op', () => Promise.reject(getter))).rejects.toBeInstanceOf(BaseError)
  })

  test('behavior: a thenable whose then() throws is a typed rejection', async () => {
    const hostile = {
      // biome-ignore lint/suspicious/noThenProperty: the subject is a hostile thenable
      then: () => {
        throw new ForeignError('then exploded')
      },
    }
    await expect(callForeign('op', () => hostile as never)).rejects.toMatchObject({ shortMessage: 'then exploded' })
  })

  test('behavior: with a timeout, a call that never settles ends with RequestTimeoutError on the clock; its late answer is ignored', async () => {
    const clock = createManualClock()
    let answer!: (value: string) => void
    const call = callForeign('The wallet (eth_accounts)', () => new Promise<string>((r) => (answer = r)), { timeout: 10_000, clock })
    const outcome = call.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    )
    clock.advance(9_999)
    await settle()
    expect(clock.pending()).toEqual([1])
    clock.advance(1)
    answer('late')
    const result = await outcome
    expect(result).toMatchObject({ error: expect.any(RequestTimeoutError) })
    expect((result as { error: RequestTimeoutError }).error.message).toMatchInlineSnapshot(`
      "The wallet (eth_accounts) timed out after 10 s.
      Docs: https://latchkey.example/errors/RequestTimeoutError"
    `)
    expect((result as { error: RequestTimeoutError }).error).toMatchObject({ operation: 'The wallet (eth_accounts)', timeout: 10_000 })
  })

  test('behavior: an answer in time clears the timer', async () => {
    const clock = createManualClock()
    await expect(callForeign('op', async () => 'fast', { timeout: 10_000, clock })).resolves.toBe('fast')
    expect(clock.pending()).toEqual([])
    await expect(callForeign('op', async () => Promise.reject(new ForeignError('fast failure')), { timeout: 10_000, clock })).rejects.toThrow('fast failure')
    expect(clock.pending()).toEqual([])
  })
})

describe('callForeignSync and releaseForeign', () => {
  test('behavior: callForeignSync returns the value or throws a typed error in place of anything thrown', () => {
    expect(callForeignSync(() => 'v')).toBe('v')
    expect(() =>
      callForeignSync(() => {
        throw 7
      }),
    ).toThrow(BaseError)
  })

  test('behavior: releaseForeign never throws: the throw is logged at debug level', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {})
    expect(() =>
      releaseForeign('off()', () => {
        throw new ForeignError('off exploded')
      }),
    ).not.toThrow()
    expect(debug).toHaveBeenCalledOnce()
    expect(() => releaseForeign('off()', undefined)).not.toThrow()
    expect(() => releaseForeign('off()', 'not a function' as never)).not.toThrow()
  })
})

describe('parseForeign and safeParse', () => {
  const schema = v.object({ n: v.number() })

  test('behavior: a matching value is the output; anything else is InvalidCallbackResponseError naming the operation', () => {
    expect(parseForeign('cfg.fn', schema, { n: 1 })).toEqual({ n: 1 })
    expect(() => parseForeign('cfg.fn', schema, { n: '1' })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidCallbackResponseError: cfg.fn answered with an invalid value.
      Docs: https://latchkey.example/errors/InvalidCallbackResponseError
      Details: Received: {"n":"1"}]
    `)
    expect(() => parseForeign('cfg.fn', schema, undefined)).toThrow(InvalidCallbackResponseError)
  })

  test('behavior: a hostile value (a getter that throws, a revoked proxy) is an invalid value, never a throw', () => {
    const hostile = {
      get n(): number {
        throw new ForeignError('getter')
      },
    }
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    expect(safeParse(schema, hostile)).toMatchObject({ success: false })
    expect(safeParse(schema, proxy)).toMatchObject({ success: false })
    expect(() => parseForeign('cfg.fn', schema, proxy)).toThrow(InvalidCallbackResponseError)
  })
})

describe('wallet descriptions', () => {
  test('behavior: an icon is kept only as an image data URI', () => {
    expect(imageIcon('data:image/svg+xml,%3Csvg%3E')).toBe('data:image/svg+xml,%3Csvg%3E')
    expect(imageIcon('data:image/png;base64,AA==')).toBe('data:image/png;base64,AA==')
    for (const bad of ['https://evil.example/x.png', 'javascript:alert(1)', 'data:text/html,<script>', '', 42, null, undefined]) expect(imageIcon(bad)).toBeUndefined()
  })

  test('behavior: a Wallet Standard wallet is listable with a name, chains, accounts and features; a malformed or hostile one is not', () => {
    const ok = { name: 'W', chains: ['solana:x'], accounts: [], features: {}, icon: 'data:image/png;base64,AA==', version: '1.0.0' }
    expect(isListableStandardWallet(ok)).toBe(true)
    expect(isListableStandardWallet({ ...ok, name: 42 })).toBe(false)
    expect(isListableStandardWallet({ ...ok, name: ' ' })).toBe(false)
    expect(isListableStandardWallet({ ...ok, chains: 'solana:x' })).toBe(false)
    expect(isListableStandardWallet({ ...ok, accounts: null })).toBe(false)
    expect(isListableStandardWallet({ ...ok, features: null })).toBe(false)
    expect(isListableStandardWallet(null)).toBe(false)
    expect(
      isListableStandardWallet({
        ...ok,
        get name(): string {
          throw new ForeignError('getter')
        },
      }),
    ).toBe(false)
  })
})
