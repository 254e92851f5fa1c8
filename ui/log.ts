import { createLogBuffer, type LogEntry, type LogLevel } from '../kernel/log.ts'

/** The `log` option (spec §9): the level recorded and the buffer's size in bytes. */
export type LogOptions = {
  /** Messages below this level are not kept; default `error` (spec §9). */
  level?: LogLevel
  /** The most UTF-8 bytes kept; default 1,024,000 (spec §9). Older messages are dropped first. */
  bufferSize?: number
}

/** The log of one modal instance: what it writes to the console, kept in a bounded buffer too. */
export type ModalLog = {
  /** The SDK's own failure: written to `console.error` and kept (at level `error` and above). */
  error(message: string): void
  /** A debug-mode alert or notice: written to `console.warn` and kept when the level is `warn` or finer. */
  warn(message: string): void
  /** The kept messages, oldest first. */
  entries(): LogEntry[]
}

/**
 * Creates the log of one modal instance (spec §9 "Log buffer default 1,024,000 bytes. Default log level error."):
 * every message is prefixed `[latchkey] `, written to the console as before, and kept in a bounded buffer
 * (`kernel/log.ts`) the dapp reads with `modal.getLogs()`.
 * @throws {import('../kernel/log.ts').LogBufferSizeError} / {@link import('../kernel/log.ts').LogLevelError} for a bad
 *   `log` option (the options' validation refuses them first, at `options.log`).
 * @example const log = createModalLog({}); log.error('The wallet provider could not start'); log.entries()[0].level // 'error'
 */
export function createModalLog(options: LogOptions | undefined, out: Pick<Console, 'error' | 'warn'> = globalThis.console): ModalLog {
  const buffer = createLogBuffer({ level: options?.level, bufferSize: options?.bufferSize })
  return {
    error(message) {
      const line = `[latchkey] ${message}`
      buffer.write('error', line)
      out.error(line)
    },
    warn(message) {
      const line = `[latchkey] ${message}`
      buffer.write('warn', line)
      out.warn(line)
    },
    entries: () => buffer.entries(),
  }
}
