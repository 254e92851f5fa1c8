import { describe, expect, test } from 'vitest'
import { formatPastTime, InvalidTimestampError } from './format.time.ts'

const now = Date.parse('2026-11-30T17:05:00Z')
const ago = (ms: number) => now - ms
const s = 1000
const min = 60 * s
const h = 60 * min
const d = 24 * h
const text = (at: number, locale: string) => formatPastTime(at, now, locale).text

describe('formatPastTime', () => {
  test.each([
    // [age, en, de, ar, ja]
    [0, 'now', 'jetzt', 'الآن', '今'],
    [5 * s, '5 seconds ago', 'vor 5 Sekunden', 'قبل 5 ثوانِ', '5 秒前'],
    [90 * s, '1 minute ago', 'vor 1 Minute', 'قبل دقيقة واحدة', '1 分前'],
    [5 * min, '5 minutes ago', 'vor 5 Minuten', 'قبل 5 دقائق', '5 分前'],
    [3 * h + 59 * min, '3 hours ago', 'vor 3 Stunden', 'قبل 3 ساعات', '3 時間前'],
    [30 * h, 'yesterday', 'gestern', 'أمس', '昨日'],
    [3 * d, '3 days ago', 'vor 3 Tagen', 'قبل 3 أيام', '3 日前'],
    [6 * d + 23 * h, '6 days ago', 'vor 6 Tagen', 'قبل 6 أيام', '6 日前'],
  ])('behavior: %i ms ago is written relative to now in en, de, ar and ja, its unit by magnitude', (age, en, de, ar, ja) => {
    expect([text(ago(age), 'en'), text(ago(age), 'de'), text(ago(age), 'ar'), text(ago(age), 'ja')]).toEqual([en, de, ar, ja])
    expect(formatPastTime(ago(age), now, 'en').relative).toBe(true)
  })

  test('behavior: from 7 days on the day and month show (UTC, as the Activity months), not a relative time', () => {
    const at = Date.parse('2026-11-03T23:30:00Z')
    expect(formatPastTime(at, now, 'en')).toEqual({ text: 'Nov 3', title: 'November 3, 2026 at 11:30 PM UTC', relative: false })
    expect(text(at, 'de')).toBe('3. Nov.')
    expect(text(at, 'ja')).toBe('11月3日')
    expect(text(ago(7 * d), 'en')).toBe('Nov 23')
  })

  test('behavior: the title is the full date and time with its zone in every case, in the locale', () => {
    expect(formatPastTime(ago(5 * min), now, 'en').title).toBe('November 30, 2026 at 5:00 PM UTC')
    expect(formatPastTime(ago(5 * min), now, 'de').title).toBe('30. November 2026 um 17:00 UTC')
    expect(formatPastTime(ago(5 * min), now, 'ja').title).toBe('2026年11月30日 17:00 UTC')
  })

  test('behavior: an ISO string or a Date is taken as well as milliseconds', () => {
    expect(formatPastTime('2026-11-30T17:00:00Z', new Date(now), 'en').text).toBe('5 minutes ago')
    expect(formatPastTime(new Date(ago(d)), now, 'en').text).toBe('yesterday')
  })

  test('bad input: a moment slightly ahead of now (a clock running ahead) reads as now; further ahead shows the date, never a time to come', () => {
    expect(formatPastTime(now + 30 * s, now, 'en')).toMatchObject({ text: 'now', relative: true })
    expect(formatPastTime(now + 60 * s, now, 'de')).toMatchObject({ text: 'jetzt', relative: true })
    expect(formatPastTime(now + 2 * h, now, 'en')).toEqual({ text: 'Nov 30', title: 'November 30, 2026 at 7:05 PM UTC', relative: false })
    expect(text(now + 3 * d, 'ar')).not.toMatch(/بعد|خلال/)
  })

  test.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['an unparsable string', 'yesterday-ish'],
    ['an invalid Date', new Date('nope')],
    ['null from plain JavaScript', null as unknown as number],
  ])('bad input: %s as the moment throws InvalidTimestampError naming it', (_, at) => {
    expect(() => formatPastTime(at, now, 'en')).toThrow(InvalidTimestampError)
    expect(() => formatPastTime(at, now, 'en')).toThrow(/for `at`/)
  })

  test('bad input: an invalid now throws InvalidTimestampError naming now; the message pins the shape', () => {
    expect(() => formatPastTime(now, Number.NaN, 'en')).toThrowErrorMatchingInlineSnapshot(`
      [InvalidTimestampError: Invalid timestamp: expected milliseconds since 1970 (a finite number) or an ISO 8601 date for \`now\`
      Docs: https://latchkey.example/errors/InvalidTimestampError
      Details: Received: NaN]
    `)
  })
})
