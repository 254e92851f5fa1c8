import { BaseError } from './errors.ts'

/**
 * A bounded log of the SDK's own messages (spec §9 "Log buffer default 1,024,000 bytes. Default log level error."):
 * each modal instance owns one (no module-level singleton), records the messages at or above its level, and drops the
 * oldest once the messages' UTF-8 bytes would pass the buffer's size. A dapp reads it with `modal.getLogs()` to attach
 * to a bug report; what reaches the console is unchanged.
 */

/** The levels, most severe first; `silent` records nothing. */
export const logLevels = ['silent', 'error', 'warn', 'info', 'debug'] as const

/** A log level (spec §9; default `error`). */
export type LogLevel = (typeof logLevels)[number]

/** A level a message is written at (not `silent`). */
export type LogEntryLevel = Exclude<LogLevel, 'silent'>

/** The defaults of spec §9: a 1,024,000-byte buffer, level `error`. */
export const logDefaults = { bufferSize: 1_024_000, level: 'error' } as const satisfies { bufferSize: number; level: LogLevel }

/** One recorded message. */
export type LogEntry = {
  level: LogEntryLevel
  /** The message (cut at the buffer's size when longer; then it ends with `…`). */
  message: string
  /** When it was written (ms since the epoch, from the log's clock). */
  time: number
}

export type CreateLogBufferParameters = {
  /** Messages below this level are not recorded (spec §9 default `error`). */
  level?: LogLevel | undefined
  /** The most UTF-8 bytes of messages kept (spec §9 default 1,024,000); a positive integer. */
  bufferSize?: number | undefined
  /** The clock (ms since the epoch); default `Date.now`. */
  now?: (() => number) | undefined
}

export type CreateLogBufferReturnType = {
  /** Records `message` at `level` when the log's level lets it through; returns whether it was recorded. */
  write(level: LogEntryLevel, message: string): boolean
  /** The recorded messages, oldest first (a copy). */
  entries(): LogEntry[]
  /** The UTF-8 bytes the recorded messages hold now (at most the buffer's size). */
  bytes(): number
  /** Forgets every recorded message. */
  clear(): void
}

export type CreateLogBufferErrorType = LogBufferSizeError | LogLevelError

const encoder = new TextEncoder()
const byteLength = (text: string) => encoder.encode(text).length

/** `text` cut so its UTF-8 form, with the trailing `…`, fits in `max` bytes (whole code points only). */
function cutTo(text: string, max: number): string {
  const ellipsis = '…'
  const room = max - byteLength(ellipsis)
  let out = ''
  let used = 0
  for (const char of text) {
    const size = byteLength(char)
    if (used + size > room) break
    out += char
    used += size
  }
  return room > 0 ? out + ellipsis : ''
}

/**
 * Creates a bounded log (spec §9): `write` records a message when its level is at or above the log's level; once the
 * recorded messages' UTF-8 bytes would pass `bufferSize`, the oldest are dropped first. A message longer than the whole
 * buffer is kept cut to it (ending with `…`).
 * @throws {LogBufferSizeError} when `bufferSize` is not a positive integer.
 * @throws {LogLevelError} when `level` is not one of {@link logLevels}.
 * @example
 * const log = createLogBuffer({ bufferSize: 16 })
 * log.write('warn', 'ignored')        // false: below the default level `error`
 * log.write('error', 'Request failed') // true
 * log.entries().map((e) => e.message) // ['Request failed']
 */
export function createLogBuffer({ level = logDefaults.level, bufferSize = logDefaults.bufferSize, now = Date.now }: CreateLogBufferParameters = {}): CreateLogBufferReturnType {
  if (!Number.isSafeInteger(bufferSize) || bufferSize <= 0) throw new LogBufferSizeError({ bufferSize })
  if (!(logLevels as readonly unknown[]).includes(level)) throw new LogLevelError({ level })
  const threshold = logLevels.indexOf(level)
  let kept: Array<LogEntry & { size: number }> = []
  let total = 0
  return {
    write(entryLevel, message) {
      if (entryLevel === ('silent' as LogLevel) || logLevels.indexOf(entryLevel) > threshold) return false
      const text = byteLength(message) > bufferSize ? cutTo(message, bufferSize) : message
      const size = byteLength(text)
      while (kept.length > 0 && total + size > bufferSize) total -= kept.shift()?.size ?? 0
      kept.push({ level: entryLevel, message: text, time: now(), size })
      total += size
      return true
    },
    entries: () => kept.map(({ level, message, time }) => ({ level, message, time })),
    bytes: () => total,
    clear() {
      kept = []
      total = 0
    },
  }
}

/** The log buffer's size is not a positive whole number of bytes. */
export class LogBufferSizeError extends BaseError {
  static override docsPath = '/errors/LogBufferSizeError'
  override name = 'LogBufferSizeError'
  constructor({ bufferSize }: { bufferSize: unknown }) {
    super(`The log buffer size must be a positive whole number of bytes (default ${logDefaults.bufferSize}).`, { details: `Received: ${String(bufferSize)}` })
  }
}

/** The log level is not one of {@link logLevels}. */
export class LogLevelError extends BaseError {
  static override docsPath = '/errors/LogLevelError'
  override name = 'LogLevelError'
  constructor({ level }: { level: unknown }) {
    super(`The log level must be one of ${logLevels.join(', ')} (default ${logDefaults.level}).`, { details: `Received: ${String(level)}` })
  }
}
