/**
 * The types of a copy catalogue and of a dapp's per-key overrides (the `messages` option), derived from the English
 * catalogue so that a key English lacks, or a value of the wrong kind, is a type error. Types only: nothing here runs.
 */

/**
 * A catalogue's shape with its words widened: English's literal strings become `string`, its functions keep their
 * parameters and return `string`. Every locale's catalogue has this shape (`ui/locales/*.ts`).
 */
export type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : T extends readonly (infer U)[]
      ? readonly Widen<U>[]
      : T extends object
        ? { readonly [K in keyof T]: Widen<T[K]> }
        : T

/** A leaf of a catalogue: a string, a function of the message's values, or a list (of strings or objects). */
type IsLeaf<T> = T extends string ? true : T extends (...args: never[]) => unknown ? true : T extends readonly unknown[] ? true : false

/**
 * The dotted paths of `T`'s leaves: `'titles.Connect'`, `'newToWallets'`, `'calls.asking'`.
 * @example type K = KeyPaths<{ a: { b: string }; c: string }> // 'a.b' | 'c'
 */
export type KeyPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: IsLeaf<T[K]> extends true ? `${Prefix}${K}` : T[K] extends object ? KeyPaths<T[K], `${Prefix}${K}.`> : `${Prefix}${K}`
}[keyof T & string]

/** The value at a dotted path of `T` (see {@link KeyPaths}). */
export type ValueAt<T, P extends string> = P extends `${infer Head}.${infer Rest}` ? (Head extends keyof T ? ValueAt<T[Head], Rest> : never) : P extends keyof T ? T[P] : never
