// @vitest-environment happy-dom
import { waitFor, within } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { DEV_ADDRESSES } from '../../dev/accounts.ts'
import { onHeld, renderApp, type App } from '../../tests/model/app.tsx'
import { en } from '../locales/en.ts'

/**
 * The Send form while the balances load (spec §4 Send): the visitor who types the amount and the receiver before the
 * sender's balances arrive is not told 'A token is required'; Review waits, disabled and busy, and reviews once they
 * are there. The real modal, wallet and chain; only the balance answer is held.
 */
let app: App | undefined
afterEach(async () => {
  await app?.dispose()
  app = undefined
})

test('behavior: Review is disabled while the balances load with no token yet, then reviews the send', async () => {
  app = await renderApp({ stored: true, authorised: true, api: true, hold: ['api:balance'] })
  await app.get('button', /0x/)
  await app.ensureOpen()
  await app.clickInDialog('button', 'Send')
  await app.type('Amount', '0.01')
  await app.type('To', DEV_ADDRESSES[1])
  const review = () => within(app!.dialog()!).getByRole('button', { name: en.reviewSend })
  expect(review()).toHaveProperty('disabled', true)
  expect(review().getAttribute('aria-busy')).toBe('true')
  expect(within(app.dialog()!).getByTestId('send-error').textContent).toBe('')

  await onHeld(app, 'api:balance', () => app!.gates.release('api:balance'))
  await waitFor(() => expect(review()).toHaveProperty('disabled', false))
  expect(review().getAttribute('aria-busy')).toBeNull()
  await app.clickInDialog('button', en.reviewSend)
  await waitFor(() => expect(within(app!.dialog()!).getByTestId('send-preview-amount').textContent).toMatch(/0\.01 ETH/))
})
