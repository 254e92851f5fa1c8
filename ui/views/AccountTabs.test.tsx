// @vitest-environment happy-dom
import { waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { DEV_ADDRESSES } from '../../dev/accounts.ts'
import { onHeld, renderApp, type App } from '../../tests/model/app.tsx'
import { en } from '../locales/en.ts'
import de from '../locales/de.ts'

/**
 * Activity with the API's answer at the trust boundary: a history answer whose `minedAt` is not a
 * real ISO 8601 instant is refused like any other malformed answer ('Failed to fetch transactions', spec §8), never
 * shown as 'Invalid Date'. The real modal, wallet and chain; only the history answer is the test's.
 */
let app: App | undefined
afterEach(async () => {
  await app?.dispose()
  app = undefined
})

const chain = 'eip155:31337'
const transaction = (minedAt: unknown) => ({
  id: 'tx-1',
  metadata: { minedAt, chain, hash: `0x${'ab'.repeat(32)}`, status: 'confirmed', operationType: 'send', sentFrom: DEV_ADDRESSES[0], sentTo: DEV_ADDRESSES[1] },
  transfers: [{ direction: 'out', operation_type: 'send', quantity: { decimals: '18', numeric: '0.5' }, fungible_info: { symbol: 'ETH' } }],
})

/** Account → Activity, the history call answered with `body`; returns the tab panel's text once it settles. */
async function activityWith(body: unknown, locale?: string): Promise<string> {
  app = await renderApp({ stored: true, authorised: true, api: true, hold: ['api:history'], ...(locale ? { locale } : {}) })
  await app.get('button', /0x/)
  await app.ensureOpen()
  // The modal speaks the locale's language when it has words (de-DE → German).
  const words = locale?.startsWith('de') ? de : en
  await app.clickInDialog('tab', words.tabs.activity)
  const response = new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
  await onHeld(app, 'api:history', () => app!.gates.answer('api:history', response))
  const panel = () => within(app!.dialog()!).getByRole('tabpanel')
  await waitFor(() => expect(panel().textContent).toMatch(new RegExp(`${words.activityFailed}|${words.noActivity}|0[.,]5`)))
  return panel().textContent ?? ''
}

describe('Activity and the history answer (defect 10)', () => {
  test.each([['not a date'], ['2024-02-31T10:00:00Z'], ['2024-05-01'], [''], [1714557600]])(
    "bad input: a minedAt of %j is a malformed answer: 'Failed to fetch transactions', no 'Invalid Date'",
    async (minedAt) => {
      const text = await activityWith({ data: [transaction(minedAt)], next: null })
      expect(text).toContain(en.activityFailed)
      expect(text).not.toContain('Invalid Date')
    },
    30_000,
  )

  test('behavior: a transaction mined minutes ago says so relative to now, the full date and time as its title', async () => {
    const minedAt = new Date(Date.now() - 5 * 60_000 - 10_000).toISOString()
    await activityWith({ data: [transaction(minedAt)], next: null })
    const when = within(app!.dialog()!).getByTestId('activity-when')
    expect(when.textContent).toBe('5 minutes ago')
    expect(when.getAttribute('dateTime')).toBe(minedAt)
    expect(when.getAttribute('title')).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC$/)
  }, 30_000)

  test('behavior: in German the relative time is German (de-DE: vor 5 Minuten)', async () => {
    await activityWith({ data: [transaction(new Date(Date.now() - 5 * 60_000 - 10_000).toISOString())], next: null }, 'de-DE')
    expect(within(app!.dialog()!).getByTestId('activity-when').textContent).toBe('vor 5 Minuten')
  }, 30_000)

  test('behavior: a real ISO 8601 minedAt shows its date', async () => {
    const text = await activityWith({ data: [transaction('2024-05-01T10:00:00.000Z')], next: null })
    expect(text).toContain('May 1')
    expect(text).not.toContain(en.activityFailed)
    expect(within(app!.dialog()!).getByTestId('activity-when').getAttribute('title')).toBe('May 1, 2024 at 10:00 AM UTC')
  }, 30_000)
})

describe('numbers in the locale', () => {
  test('behavior: an activity amount is written like a balance: floored to 3 decimals, trailing zeros trimmed, in en-US by default', async () => {
    const text = await activityWith({ data: [transaction('2024-05-01T10:00:00.000Z')], next: null }, 'en-US')
    expect(text).toContain(`${en.sent} 0.5 ETH`)
  }, 30_000)

  test('behavior: the locale option (de-DE) writes the activity amount in German words, the balance and the total value', async () => {
    const text = await activityWith({ data: [transaction('2024-05-01T10:00:00.000Z')], next: null }, 'de-DE')
    expect(text).toContain(`${de.sent} 0,5 ETH`)
    // '10.000 ETH' or '9.999,98 ETH': '.' groups thousands, ',' before at most 3 decimals, no trailing zero.
    expect(within(app!.dialog()!).getByTestId('account-balance').textContent).toMatch(/^\d{1,3}(\.\d{3})*(,\d{0,2}[1-9])? ETH$/)
    // Every token of the dev chain is priced: the total shows, as de-DE writes dollars ('30.001.500,00 $').
    await waitFor(() => expect(within(app!.dialog()!).getByTestId('account-total-fiat').textContent).toMatch(/\d{1,3}(\.\d{3})*,\d{2}\s\$$/))
  }, 30_000)
})

describe('the total value line', () => {
  test('behavior: while the balances load its line is kept, empty and hidden from assistive technology; the total takes it and the buttons below stay where they were', async () => {
    app = await renderApp({ stored: true, authorised: true, api: true, hold: ['api:balance'] })
    await app.get('button', /0x/)
    await app.ensureOpen()
    const dialog = () => within(app!.dialog()!)
    const lineBefore = () => dialog().getByRole('button', { name: /Switch network/ }).previousElementSibling
    await waitFor(() => expect(lineBefore()?.getAttribute('aria-hidden')).toBe('true'))
    expect(lineBefore()?.textContent).toBe('\u00a0')
    expect(dialog().queryByTestId('account-total-fiat')).toBeNull()
    await onHeld(app, 'api:balance', () => app!.gates.release('api:balance'), { releaseRest: true })
    await waitFor(() => expect(dialog().getByTestId('account-total-fiat').textContent).toMatch(/\$/))
    expect(lineBefore()).toBe(dialog().getByTestId('account-total-fiat'))
    expect(dialog().queryAllByText('\u00a0')).toHaveLength(0)
  }, 30_000)
})

describe('empty states', () => {
  test('behavior: an empty NFTs tab says so with a line of help and Receive NFTs, which opens Receive', async () => {
    app = await renderApp({ stored: true, authorised: true, api: true })
    await app.get('button', /0x/)
    await app.ensureOpen()
    await app.clickInDialog('tab', en.tabs.nfts)
    const panel = () => within(app!.dialog()!).getByRole('tabpanel')
    await waitFor(() => expect(within(panel()).getByTestId('empty-state').textContent).toContain(en.noNfts))
    expect(panel().textContent).toContain(en.noNftsHint)
    await app.clickInDialog('button', en.emptyReceiveNfts)
    await app.get('dialog', en.titles.Receive)
  }, 30_000)

  test('behavior: an empty Activity tab offers Receive tokens and Send tokens; Send tokens opens the send form', async () => {
    app = await renderApp({ stored: true, authorised: true, api: true, hold: ['api:history'] })
    await app.get('button', /0x/)
    await app.ensureOpen()
    await app.clickInDialog('tab', en.tabs.activity)
    const response = new Response(JSON.stringify({ data: [], next: null }), { status: 200, headers: { 'content-type': 'application/json' } })
    await onHeld(app, 'api:history', () => app!.gates.answer('api:history', response))
    const panel = () => within(app!.dialog()!).getByRole('tabpanel')
    await waitFor(() => expect(panel().textContent).toContain(en.noActivityHint))
    expect(within(panel()).getByRole('button', { name: en.emptyReceive })).toBeTruthy()
    await app.clickInDialog('button', en.emptySend)
    await app.get('dialog', en.titles.Send)
  }, 30_000)
})
