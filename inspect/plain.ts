/**
 * Inspection data as plain, safe data: what the inspector and the dev visualiser record of the modal's actors (their
 * events, contexts and outputs) copied into values that `JSON.stringify` and `postMessage` accept, and with every
 * secret taken out before anything is kept, shown or exported.
 *
 * What never appears ({@link redact}): one-time passwords and confirmation codes, JWTs and session tokens, private
 * keys, mnemonics and seeds, passwords, WalletConnect's symmetric keys (a pairing URI's `symKey`), and full
 * signatures (the first 10 characters stay, so two signatures can still be told apart).
 */

/** Limits of {@link toPlain}, and whether secrets are taken out (default true; the dev visualiser's own tests only). */
export type PlainOptions = { maxDepth?: number; maxArray?: number; maxString?: number; redact?: boolean }

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Is `value` an XState actor ref? */
export function isActorRef(value: unknown): value is { sessionId: string; id: string; send: unknown } {
  return isRecord(value) && typeof value.sessionId === 'string' && typeof value.send === 'function'
}

/**
 * Field names whose string values are secrets, compared without case and without `_` or `-`: a one-time password or
 * code, a token of any kind, a key that signs, a phrase that recovers one.
 */
const secretFields = new Set(
  [
    'otp',
    'code',
    'otpCode',
    'verificationCode',
    'token',
    'jwt',
    'accessToken',
    'refreshToken',
    'idToken',
    'authToken',
    'sessionToken',
    'bearer',
    'authorization',
    'secret',
    'clientSecret',
    'sessionSecret',
    'privateKey',
    'secretKey',
    'signingKey',
    'mnemonic',
    'seed',
    'seedPhrase',
    'password',
    'passphrase',
    'symKey',
  ].map((name) => name.toLowerCase()),
)
/** Field names whose string values are signatures: kept to their first 10 characters. */
const signatureFields = new Set(['signature', 'signatures', 'sig', 'signedMessage', 'serializedTransaction', 'signedTransaction', 'signedPsbt', 'psbt'].map((name) => name.toLowerCase()))

const fieldKey = (name: string) => name.replace(/[_-]/g, '').toLowerCase()

/** A compact JWS/JWT anywhere in a string: three base64url parts, the first a JSON header (`eyJ`). */
const jwtPattern = /eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g
/** A WalletConnect pairing URI's symmetric key (`symKey=<64 hex>`), the key that reads every message of the pairing. */
const symKeyPattern = /(symKey=)[0-9a-fA-F]+/g
/** `Bearer <token>` in a header value or a message. */
const bearerPattern = /(Bearer\s+)[A-Za-z0-9._~+/=-]+/g

/** What stands in for a secret. */
export const REDACTED = '[redacted]'

/**
 * The value of field `field` with its secret taken out: a secret field's string is {@link REDACTED}, a signature
 * field's string keeps its first 10 characters (`0x1b2c3d4e…[redacted]`), and in any string JWTs, `symKey=` values
 * and bearer tokens are replaced. Other values (numbers such as an error's `code: 4001`, booleans) are returned as they
 * are. Pure; never throws.
 * @example redact('otp', '123456') // '[redacted]'
 * @example redact('uri', 'wc:ab@2?relay-protocol=irn&symKey=9f…') // 'wc:ab@2?relay-protocol=irn&symKey=[redacted]'
 */
export function redact(field: string | undefined, value: string): string {
  const key = field === undefined ? '' : fieldKey(field)
  if (secretFields.has(key)) return REDACTED
  if (signatureFields.has(key)) return value.length > 10 ? `${value.slice(0, 10)}…${REDACTED}` : REDACTED
  return value.replace(jwtPattern, REDACTED).replace(symKeyPattern, `$1${REDACTED}`).replace(bearerPattern, `$1${REDACTED}`)
}

/**
 * A copy of `value` that `JSON.stringify` and `postMessage` accept, never throwing, with secrets taken out
 * ({@link redact}, unless `redact: false`): actor refs become `"[ActorRef router]"`, functions `"[Function name]"`,
 * errors `{ name, message }`, bigints `"123n"`, Maps and Sets objects and arrays, Dates ISO strings, a cycle
 * `"[Circular]"`; past `maxDepth` (8) `"[…]"`, arrays past `maxArray` (100) items and strings past `maxString` (2,000)
 * characters are cut with a note (after redaction, so a cut never leaves half a secret).
 *
 * @example toPlain({ n: 1n, f() {}, self: a, otp: '123456' }) // { n: '1n', f: '[Function f]', self: '[Circular]', otp: '[redacted]' }
 */
export function toPlain(value: unknown, options: PlainOptions = {}): unknown {
  const { maxDepth = 8, maxArray = 100, maxString = 2_000, redact: redacting = true } = options
  const seen = new WeakSet<object>()
  const text = (v: string, field: string | undefined) => {
    const safe = redacting ? redact(field, v) : v
    return safe.length > maxString ? `${safe.slice(0, maxString)}… (${safe.length} characters)` : safe
  }
  const walk = (v: unknown, depth: number, field: string | undefined): unknown => {
    switch (typeof v) {
      case 'string':
        return text(v, field)
      case 'number':
        return Number.isFinite(v) ? v : String(v)
      case 'boolean':
        return v
      case 'undefined':
        return undefined
      case 'bigint':
        return `${v}n`
      case 'symbol':
        return v.toString()
      case 'function':
        return `[Function ${v.name || 'anonymous'}]`
    }
    if (v === null) return null
    const obj = v as object
    if (isActorRef(obj)) return `[ActorRef ${obj.id}]`
    if (seen.has(obj)) return '[Circular]'
    if (depth >= maxDepth) return '[…]'
    seen.add(obj)
    try {
      if (obj instanceof Error) {
        return { name: obj.name, message: text(obj.message, 'message'), ...(obj.cause !== undefined ? { cause: walk(obj.cause, depth + 1, 'cause') } : {}) }
      }
      if (obj instanceof Date) return Number.isNaN(obj.getTime()) ? 'Invalid Date' : obj.toISOString()
      if (obj instanceof Map) return Object.fromEntries([...obj].slice(0, maxArray).map(([k, x]) => [String(k), walk(x, depth + 1, String(k))]))
      if (obj instanceof Set) return walk([...obj], depth, field)
      if (Array.isArray(obj)) {
        // An array's items are judged by the array's field: `signatures: ['0x…', '0x…']` keeps no full signature.
        const items = obj.slice(0, maxArray).map((x) => walk(x, depth + 1, field))
        return obj.length > maxArray ? [...items, `… ${obj.length - maxArray} more`] : items
      }
      if (typeof (obj as { nodeType?: unknown }).nodeType === 'number') return `[Node ${(obj as { nodeName?: string }).nodeName ?? ''}]`
      const out: Record<string, unknown> = {}
      for (const key of Object.keys(obj)) {
        let item: unknown
        try {
          item = (obj as Record<string, unknown>)[key]
        } catch (error) {
          item = `[Unreadable: ${(error as Error)?.message ?? 'error'}]`
        }
        const plain = walk(item, depth + 1, key)
        if (plain !== undefined) out[key] = plain
      }
      return out
    } catch (error) {
      return `[Unserialisable: ${(error as Error)?.message ?? 'error'}]`
    } finally {
      seen.delete(obj)
    }
  }
  return walk(value, 0, undefined)
}
