import * as v from 'valibot'
import { BaseError, type BaseErrorParameters } from './errors.ts'
import { isImageUrl, preview } from './urls.ts'

/**
 * What every check of `createModal`'s options is made of (`ui/options.ts`, and the features' own options in
 * `machines/<id>.options.ts`): the error, the option paths in its messages, the valibot shapes they share. In the
 * kernel because both the modal's options (ui) and the features' options (machines) are checked with it.
 */

/** Thrown by `createModal` for options it cannot work with; `option` is the path of the refused option. */
export class InvalidOptionsError extends BaseError {
  static override docsPath = '/errors/InvalidOptionsError'
  override name = 'InvalidOptionsError'
  /** The refused option's path (`options.networks[1].caipNetworkId`); undefined for errors about no single option. */
  option: string | undefined
  constructor(shortMessage: string, args: BaseErrorParameters & { option?: string } = {}) {
    super(shortMessage, args)
    this.option = args.option
  }
}

/** A path into the options, as keys (`['networks', 1, 'caipNetworkId']`). */
export type Path = ReadonlyArray<string | number>

/** `['networks', 1, 'caipNetworkId']` → `options.networks[1].caipNetworkId`. */
export function optionPath(path: Path, root = 'options'): string {
  return `${root}${path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`)).join('')}`
}

/** Refuses the option at `path` (`root`: `options` by default) with `why`, and `details` when given. */
export function refuseAt(path: Path, why: string, details?: string, root?: string): never {
  const option = optionPath(path, root)
  throw new InvalidOptionsError(`${option}: ${why}`, { option, ...(details ? { details } : {}) })
}

/** Refuses the option at `path` of `options`. */
export function refuse(path: Path, why: string, details?: string): never {
  return refuseAt(path, why, details)
}

/** A function (a config's method). */
export const fn = v.custom<(...args: never[]) => unknown>(
  (value) => typeof value === 'function',
  (issue) => `Invalid type: Expected a function but received ${preview(issue.input)}`,
)
/** An optional boolean. */
export const booleanOption = v.optional(v.boolean())
/** A string of at least one character. */
export const nonEmptyString = v.pipe(v.string(), v.minLength(1, 'Expected a non-empty string'))
/** An image's URL: http(s) or a `data:image/…` URI ({@link isImageUrl}). */
export const imageUrl = v.pipe(
  v.string(),
  v.check<string, (issue: v.CheckIssue<string>) => string>(
    (value) => isImageUrl(value),
    (issue) => `Invalid image URL: expected an http(s) URL or a data:image/… URI. Received: ${preview(issue.input)}`,
  ),
)

/** The path of a valibot issue (the deepest one for unions), as keys. */
function issuePath(issue: v.BaseIssue<unknown>): Array<string | number> {
  return (issue.path ?? []).map((item) => (typeof item.key === 'number' ? item.key : String(item.key)))
}

/** The first issue of a failed parse, its nested union issue when that names a deeper option. */
function firstIssue(issues: readonly v.BaseIssue<unknown>[]): v.BaseIssue<unknown> {
  let issue = issues[0]!
  while (issue.issues?.length && issue.issues[0]!.path && issue.issues[0]!.path.length > (issue.path?.length ?? 0)) issue = issue.issues[0]!
  return issue
}

/** Checks `value` with `schema`; its first issue is refused at `prefix` and the issue's path (`root`: `options` by default). */
export function checkShape(schema: v.GenericSchema, value: unknown, prefix: Path, root?: string): void {
  const result = v.safeParse(schema, value)
  if (result.success) return
  const issue = firstIssue(result.issues)
  refuseAt([...prefix, ...issuePath(issue)], issue.message, undefined, root)
}

/** The options as the checks read them: any value under each key. */
export type OptionsObject = Readonly<Record<string, unknown>>
