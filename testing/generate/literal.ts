/** How the generator writes values into a spec: literals as the house formatter writes them, and state names. */

/** A string literal in single quotes (as the house formatter writes them). */
export const q = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`

/** A JSON value as a TypeScript literal: single-quoted strings, bare identifier keys. */
export function literal(value: unknown): string {
  if (typeof value === 'string') return q(value)
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : q(k)}: ${literal(v)}`)
    return entries.length ? `{ ${entries.join(', ')} }` : '{}'
  }
  return JSON.stringify(value)
}

/** A state value as a test's name says it: `connected.balanceReady`; parallel regions joined with ` + `. */
export function stateName(key: string): string {
  const name = (value: unknown): string =>
    typeof value === 'string'
      ? value
      : Object.entries(value as Record<string, unknown>)
          .map(([k, v]) => `${k}.${name(v)}`)
          .join(' + ')
  return name(JSON.parse(key))
}
