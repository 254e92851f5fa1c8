/**
 * One error base class for the whole project (STYLE.md rule 7), modelled on viem's `BaseError`: a short message for
 * people, optional details, the cause, meta lines, and the documentation page that explains the error (`docsPath`).
 * Every error the library throws extends it; the EIP-1193 provider errors (`adapters/errors.ts`) and each layer's own
 * errors build on it.
 *
 * Documentation pages: every error class of the library declares its page as `static docsPath = '/errors/<ClassName>'`
 * (a page of docs/errors, one per class, written by `npm run docs:errors`). The constructor reads it through
 * `new.target`, the class actually constructed, so a subclass needs no constructor change, and the message ends its
 * meta lines with `Docs: <docsBaseUrl><docsPath>`. The page is not derived from `constructor.name` or `name` at run
 * time: a dapp's production bundle minifies class names, and `name` (a class field) is only set after this constructor
 * has run. A static string survives minification. dev/docs-errors.test.ts checks that each class declares its own
 * path and that its page exists.
 */
export type BaseErrorParameters = {
  cause?: unknown
  details?: string
  metaMessages?: string[]
  /**
   * The documentation page that explains this error (`/errors/UserRejectedRequestError`), when it is not the class's
   * own `static docsPath`: a plain `BaseError` thrown by the library names its page here.
   */
  docsPath?: string
}

/**
 * The address of the documentation site (VitePress, docs/), which `Docs:` lines start with. A placeholder in the
 * reserved `.example` domain until the site is published: change it here and in package.json "homepage" (a unit test
 * keeps the two equal). No trailing slash: a `docsPath` starts with `/`.
 */
export const docsBaseUrl = 'https://latchkey.example'

/**
 * The base of every error of the library. `message` is the short message, then the meta lines, then
 * `Docs: <docsBaseUrl><docsPath>` and `Details: <details>` when given (the details default to the cause's message), in
 * viem's order.
 * @example
 * class InvalidThingError extends BaseError {
 *   static override docsPath = '/errors/InvalidThingError'
 *   override name = 'InvalidThingError'
 * }
 * new InvalidThingError('Invalid thing', { details: 'Received: 3' }).message
 * // 'Invalid thing\nDocs: https://latchkey.example/errors/InvalidThingError\nDetails: Received: 3'
 */
export class BaseError extends Error {
  /** The documentation page of the class's errors (`/errors/<ClassName>`), declared by each subclass. */
  static docsPath: string | undefined = undefined
  override name = 'BaseError'
  shortMessage: string
  details: string
  metaMessages: string[]
  /** The documentation page of this error (`/errors/<ClassName>`, under {@link docsBaseUrl}), when it has one. */
  docsPath: string | undefined
  override cause: unknown

  constructor(shortMessage: string, args: BaseErrorParameters = {}) {
    const details = args.details ?? (args.cause instanceof Error ? args.cause.message : typeof args.cause === 'string' ? args.cause : '')
    const docsPath = args.docsPath ?? (new.target as typeof BaseError).docsPath
    const message = [shortMessage, ...(args.metaMessages ?? []), ...(docsPath ? [`Docs: ${docsBaseUrl}${docsPath}`] : []), ...(details ? [`Details: ${details}`] : [])].join('\n')
    super(message)
    this.shortMessage = shortMessage
    this.details = details
    this.metaMessages = args.metaMessages ?? []
    this.docsPath = docsPath
    this.cause = args.cause
  }
}

/**
 * A machine ran without one of its implementations: the assembly did not give it the named actor through
 * `machine.provide({ actors })`. A programming error of the code that assembles the machine, never the visitor's.
 */
export class ActorNotProvidedError extends BaseError {
  static override docsPath = '/errors/ActorNotProvidedError'
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
  static override docsPath = '/errors/NonErrorThrownError'
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
