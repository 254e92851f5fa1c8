/**
 * One error base class for the whole project (STYLE.md rule 7), modelled on viem's `BaseError`: a short message for
 * people, optional details, the cause, meta lines, and the documentation page that explains the error (`docsPath`).
 * Every error the library throws extends it; the EIP-1193 provider errors (`adapters/errors.ts`) and each layer's own
 * errors build on it.
 */
export type BaseErrorParameters = {
  cause?: unknown
  details?: string
  metaMessages?: string[]
  /** The page (and anchor) of the documentation that explains this error, e.g. `README.md#options`; shown as `Docs:`. */
  docsPath?: string
}

/**
 * The base of every error of the library. `message` is the short message, then the meta lines, then `Docs: <docsPath>`
 * and `Details: <details>` when given (the details default to the cause's message).
 * @example
 * class InvalidThingError extends BaseError { override name = 'InvalidThingError' }
 * new InvalidThingError('Invalid thing', { details: 'Received: 3' }).message // 'Invalid thing\nDetails: Received: 3'
 */
export class BaseError extends Error {
  override name = 'BaseError'
  shortMessage: string
  details: string
  metaMessages: string[]
  /** The documentation page of this error, when it has one. */
  docsPath: string | undefined
  override cause: unknown

  constructor(shortMessage: string, args: BaseErrorParameters = {}) {
    const details = args.details ?? (args.cause instanceof Error ? args.cause.message : typeof args.cause === 'string' ? args.cause : '')
    const message = [shortMessage, ...(args.metaMessages ?? []), ...(args.docsPath ? [`Docs: ${args.docsPath}`] : []), ...(details ? [`Details: ${details}`] : [])].join('\n')
    super(message)
    this.shortMessage = shortMessage
    this.details = details
    this.metaMessages = args.metaMessages ?? []
    this.docsPath = args.docsPath
    this.cause = args.cause
  }
}

/**
 * A machine ran without one of its implementations: the assembly did not give it the named actor through
 * `machine.provide({ actors })`. A programming error of the code that assembles the machine, never the visitor's.
 */
export class ActorNotProvidedError extends BaseError {
  override name = 'ActorNotProvidedError'
  constructor(machine: string, actor: string) {
    super(`The ${machine} machine's "${actor}" actor was not provided (machine.provide({ actors })).`)
  }
}

/**
 * A value that is not an `Error` was thrown or rejected (a wallet rejecting with a string, a plain object): kept as the
 * cause, previewed in `details`, so that whoever reads it always has an `Error` with a message.
 */
export class NonErrorThrownError extends BaseError {
  override name = 'NonErrorThrownError'
  constructor(value: unknown) {
    let preview: string
    try {
      preview = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))
    } catch {
      preview = String(value)
    }
    super('A value that is not an Error was thrown', { cause: value, details: preview.slice(0, 200) })
  }
}

/**
 * `value` if it is an `Error`, else a {@link NonErrorThrownError} holding it.
 * @example promise.catch((e: unknown) => setError(asError(e)))
 */
export function asError(value: unknown): Error {
  return value instanceof Error ? value : new NonErrorThrownError(value)
}
