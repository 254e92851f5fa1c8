import { BaseError } from '../kernel/errors.ts'

/**
 * When something happened, written for people: recent moments relative to now through `Intl.RelativeTimeFormat`
 * (`'5 minutes ago'`, `'yesterday'`, `'vor 3 Tagen'`, `'3 日前'`), older ones as a date through `Intl.DateTimeFormat`,
 * and always the full date and time for a title (a tooltip, an accessible description). Never glued from words: the
 * locale's own rules write each one, plurals and word order included.
 */

/** A timestamp that is no point in time (`NaN`, `Infinity`, an unparsable string) was given to {@link formatPastTime}. */
export class InvalidTimestampError extends BaseError {
  static override docsPath = '/errors/InvalidTimestampError'
  override name = 'InvalidTimestampError'
  constructor(which: 'at' | 'now', received: unknown) {
    super(`Invalid timestamp: expected milliseconds since 1970 (a finite number) or an ISO 8601 date for \`${which}\``, { details: `Received: ${String(received).slice(0, 60)}` })
  }
}

/** Shown relative to now up to this age (ms): 7 days. Older moments show their date. */
export const relativeTimeLimit = 7 * 24 * 60 * 60 * 1000
/**
 * How far ahead of `now` (ms) a past moment may be and still read as 'now': a block's timestamp is its producer's
 * clock, which may run a little ahead of the visitor's. Further ahead, the date is shown (never 'in 5 minutes' for
 * something that happened).
 */
export const clockSkewAllowance = 60 * 1000

/**
 * A moment written for a row: `text` the short form (relative under {@link relativeTimeLimit}, else the day and month),
 * `title` the full date and time in UTC with its zone named (for a `title` attribute), `relative` whether `text` is
 * relative to now.
 */
export type PastTime = { text: string; title: string; relative: boolean }

const second = 1000
const minute = 60 * second
const hour = 60 * minute
const day = 24 * hour
/** The unit chosen by the age's magnitude: seconds under a minute, minutes under an hour, hours under a day, else days. */
const units: ReadonlyArray<{ unit: Intl.RelativeTimeFormatUnit; size: number; below: number }> = [
  { unit: 'second', size: second, below: minute },
  { unit: 'minute', size: minute, below: hour },
  { unit: 'hour', size: hour, below: day },
  { unit: 'day', size: day, below: Number.POSITIVE_INFINITY },
]

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>()
const dateFormats = new Map<string, { short: Intl.DateTimeFormat; full: Intl.DateTimeFormat }>()

function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale)
  if (!format) relativeFormats.set(locale, (format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })))
  return format
}

function dateFormat(locale: string) {
  let formats = dateFormats.get(locale)
  if (!formats) {
    formats = {
      short: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
      full: new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }),
    }
    dateFormats.set(locale, formats)
  }
  return formats
}

function toTime(value: number | string | Date, which: 'at' | 'now'): number {
  const time = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : value instanceof Date ? value.getTime() : Number.NaN
  if (!Number.isFinite(time)) throw new InvalidTimestampError(which, value)
  return time
}

/**
 * Writes a past moment `at` seen from `now` in `locale` (a BCP 47 tag: the modal's formatting locale).
 * - Under a minute: seconds (`'now'` at 0, `'5 seconds ago'`); under an hour: minutes; under a day: hours; under
 *   {@link relativeTimeLimit} (7 days): days (`'yesterday'`, `'3 days ago'`). Each count is floored (90 s is
 *   `'1 minute ago'`), written by `Intl.RelativeTimeFormat` with `numeric: 'auto'`.
 * - From 7 days: the day and month (`'3 Nov'`), UTC as the Activity tab groups its months.
 * - Ahead of `now` by up to {@link clockSkewAllowance} (a clock slightly ahead): `'now'`. Further ahead: the date, never
 *   a time to come.
 * `title` is always the full date and time in UTC (`'November 30, 2026 at 5:05 PM UTC'`).
 * @param at the moment: milliseconds since 1970, an ISO 8601 string or a Date.
 * @param now the present, in the same forms (the caller's clock, passed in: this function reads none).
 * @throws InvalidTimestampError when `at` or `now` is no point in time (NaN, Infinity, an unparsable string).
 * @throws RangeError (from `Intl`) when `locale` is not a well-formed language tag.
 * @example formatPastTime(Date.parse('2026-11-30T17:00:00Z'), Date.parse('2026-11-30T17:05:00Z'), 'de').text // 'vor 5 Minuten'
 */
export function formatPastTime(at: number | string | Date, now: number | string | Date, locale: string): PastTime {
  const then = toTime(at, 'at')
  const age = toTime(now, 'now') - then
  const dates = dateFormat(locale)
  const title = dates.full.format(then)
  if (age >= relativeTimeLimit || age < -clockSkewAllowance) return { text: dates.short.format(then), title, relative: false }
  const elapsed = Math.max(age, 0)
  const { unit, size } = units.find((u) => elapsed < u.below)!
  // `0 - 0` would be -0, which some engines write as '0 seconds ago' rather than 'now'.
  const count = Math.floor(elapsed / size)
  return { text: relativeFormat(locale).format(count === 0 ? 0 : -count, unit), title, relative: true }
}
