import { type Copy, type CopyOverrides, en } from '../locales/en.ts'
import { catalogueLoaders } from './loaders.ts'

/**
 * Builds the catalogue the modal shows (spec §1 copy): a locale's words over English's, then the dapp's per-key
 * overrides. Loaded with the first opening (or `setLocale`), in parallel with the core, only when the locale is not
 * English or the dapp overrides a word: the English-only page never fetches it.
 */

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * `base` with `over`'s words where `over` has a word of the same kind (a string for a string, a function for a
 * function, a list for a list, an object merged key by key); anything else in `over` is ignored, so a missing or broken
 * word shows English's, never a key name or `undefined`.
 * @example mergeCatalogue({ a: 'A', b: 'B' }, { a: 'Ä' }) // { a: 'Ä', b: 'B' }
 */
export function mergeCatalogue<T>(base: T, over: unknown): T {
  if (isPlainObject(base)) {
    if (!isPlainObject(over)) return base
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(base)) out[key] = mergeCatalogue(base[key], over[key])
    return out as T
  }
  if (Array.isArray(base)) return Array.isArray(over) && over.length === base.length ? (base.map((item, i) => mergeCatalogue(item, over[i])) as T) : base
  return typeof over === typeof base ? (over as T) : base
}

/**
 * `copy` with the dapp's `messages` applied, key by key (`'titles.Connect'`). A key English lacks, or a value of
 * another kind than English's (a number for a string, a string for a function), is refused and named in `refused`
 * (`messages['titles.Conect']: no such key …`); the other keys apply.
 */
export function applyOverrides(copy: Copy, overrides: CopyOverrides): { copy: Copy; refused: string[] } {
  const refused: string[] = []
  let out: Record<string, unknown> = copy as unknown as Record<string, unknown>
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue
    const path = key.split('.')
    const english = path.reduce<unknown>((node, part) => (isPlainObject(node) && Object.hasOwn(node, part) ? node[part] : undefined), en)
    if (english === undefined || isPlainObject(english)) refused.push(`messages['${key}']: no such key in the English catalogue`)
    else if (typeof value !== typeof english || Array.isArray(value) !== Array.isArray(english))
      refused.push(`messages['${key}']: expected a ${Array.isArray(english) ? 'list' : typeof english} like English's, received a ${typeof value}`)
    else out = setPath(out, path, value)
  }
  return { copy: out as unknown as Copy, refused }
}

/** `node` with `value` at `path`, each object on the way copied (the catalogue modules stay as they are). */
function setPath(node: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path as [string, ...string[]]
  return { ...node, [head]: rest.length ? setPath(node[head] as Record<string, unknown>, rest, value) : value }
}

/**
 * The catalogue for a supported locale with the dapp's overrides: English's words where the locale has none; the
 * overrides that were refused ({@link applyOverrides}) are named in `refused`.
 * @throws what the locale's chunk `import()` throws (a failed fetch): the caller keeps the catalogue it had.
 * @example await buildCatalogue('en-XA', { 'titles.Connect': 'Sign in' })
 */
export async function buildCatalogue(locale: string, overrides: CopyOverrides | undefined): Promise<{ copy: Copy; refused: string[] }> {
  const load = catalogueLoaders[locale]
  const words = load ? mergeCatalogue(en as Copy, await load()) : (en as Copy)
  return overrides ? applyOverrides(words, overrides) : { copy: words, refused: [] }
}
