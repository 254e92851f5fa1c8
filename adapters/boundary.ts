import * as v from 'valibot'
import { type BaseError, InvalidCallbackResponseError, RequestTimeoutError, toProviderError } from './errors.ts'

/**
 * The boundary where foreign code enters the modal: a wallet's EIP-1193 provider or Wallet Standard
 * features, an extension's EIP-6963 announcement, a function the dapp supplies (the `siwx` option's, a custom
 * `adapter`). Every call into such code goes through one of these helpers once, so that a synchronous throw, a
 * rejected promise, a hang or a malformed value becomes a typed {@link BaseError} for the machine that asked, never
 * an exception in the root actor or in the dapp's own handler.
 */

/** The timer functions a timeout runs on (`globalThis`, or the modal's `clock` option so that tests control time). */
export type TimerClock = {
  setTimeout(fn: () => void, ms: number): unknown
  // biome-ignore lint/suspicious/noExplicitAny: a timer id is a number in browsers and a Timeout object in Node; the clock passes back what it was given
  clearTimeout(id: any): void
}

/** What {@link callForeign} takes besides the call. */
export type CallForeignParameters = {
  /** Ends the call with {@link RequestTimeoutError} after this many ms (non-interactive calls only). */
  timeout?: number | undefined
  /** The clock of the timeout; default `globalThis`. */
  clock?: TimerClock | undefined
}

/** What {@link callForeign} rejects with: the foreign error mapped by `toProviderError`, or {@link RequestTimeoutError}. */
export type CallForeignErrorType = BaseError

/**
 * Calls foreign code and settles once: with its answer, or with a typed error. A synchronous throw and a rejection are
 * mapped by `toProviderError` (an EIP-1193 code keeps its class: 4001 is still the user's rejection); with `timeout`, a
 * call that has not settled after `timeout` ms rejects with {@link RequestTimeoutError} and its late answer is ignored.
 *
 * @param operation What is asked, for the timeout's message (`'The wallet (eth_accounts)'`, `'siwx.getSessions'`).
 * @param run The call into foreign code.
 * @example
 * const accounts = await callForeign('eth_accounts', () => provider.request({ method: 'eth_accounts' }), { timeout: 10_000 })
 */
export function callForeign<T>(operation: string, run: () => T | PromiseLike<T>, { timeout, clock = globalThis }: CallForeignParameters = {}): Promise<Awaited<T>> {
  let answer: Promise<Awaited<T>>
  try {
    answer = Promise.resolve(run()) as Promise<Awaited<T>>
  } catch (error) {
    return Promise.reject(toProviderError(error))
  }
  const mapped = answer.then(undefined, (error: unknown) => {
    throw toProviderError(error)
  })
  if (timeout === undefined) return mapped
  return new Promise<Awaited<T>>((resolve, reject) => {
    const timer = clock.setTimeout(() => reject(new RequestTimeoutError(operation, timeout)), timeout)
    mapped.then(
      (value) => {
        clock.clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clock.clearTimeout(timer)
        reject(error)
      },
    )
  })
}

/**
 * Calls foreign code synchronously (an `on()` subscription, a getter): its value, or a typed error thrown in its place.
 * @throws BaseError (the foreign error mapped by `toProviderError`).
 */
export function callForeignSync<T>(run: () => T): T {
  try {
    return run()
  } catch (error) {
    throw toProviderError(error)
  }
}

/**
 * Runs a release of foreign code (a `removeListener`, an unsubscribe function it returned) that must never throw: the
 * caller is tearing down (leaving a state, stopping an actor) and has no one left to tell. A throw is logged with
 * `console.debug` and dropped.
 */
export function releaseForeign(operation: string, run: (() => unknown) | undefined): void {
  if (typeof run !== 'function') return
  try {
    run()
  } catch (error) {
    console.debug(`[latchkey] ${operation} threw while releasing; ignored.`, error)
  }
}

/**
 * Validates a foreign answer with a valibot schema. A schema that reads a hostile object (a getter that throws) is
 * treated as a failed validation.
 * @returns the schema's output.
 * @throws InvalidCallbackResponseError (or what `invalid` makes) when the value does not match.
 */
export function parseForeign<S extends v.GenericSchema>(
  operation: string,
  schema: S,
  value: unknown,
  invalid: (received: unknown) => BaseError = (received) => new InvalidCallbackResponseError(operation, received),
): v.InferOutput<S> {
  const result = safeParse(schema, value)
  if (!result.success) throw invalid(value)
  return result.output
}

/** `v.safeParse` that never throws (a throwing getter or proxy trap counts as an invalid value). */
export function safeParse<S extends v.GenericSchema>(schema: S, value: unknown): { success: true; output: v.InferOutput<S> } | { success: false; issues: string } {
  try {
    const result = v.safeParse(schema, value)
    if (result.success) return { success: true, output: result.output }
    return { success: false, issues: result.issues.map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`).join('; ') }
  } catch (error) {
    return { success: false, issues: `unreadable (${error instanceof Error ? error.message : 'throws'})` }
  }
}

/** EIP-6963 and the Wallet Standard both say a wallet's icon is a data URI (RFC 2397) of an image. */
const imageDataUri = /^data:image\/[a-z0-9.+-]+[;,]/i

/** The icon when it is an image data URI, else `undefined` (the wallet is kept, its icon dropped). */
export function imageIcon(icon: unknown): string | undefined {
  return typeof icon === 'string' && imageDataUri.test(icon) ? icon : undefined
}

/**
 * A registered Wallet Standard wallet the modal can list (one malformed wallet must not break the list):
 * `name` a non-empty string, `chains` and `accounts` arrays, `features` an object. A wallet object whose getters throw
 * is not listable. Never throws.
 */
export function isListableStandardWallet(wallet: unknown): boolean {
  try {
    if (typeof wallet !== 'object' || wallet === null) return false
    const w = wallet as { name?: unknown; chains?: unknown; accounts?: unknown; features?: unknown }
    return typeof w.name === 'string' && w.name.trim().length > 0 && Array.isArray(w.chains) && Array.isArray(w.accounts) && typeof w.features === 'object' && w.features !== null
  } catch {
    return false
  }
}
