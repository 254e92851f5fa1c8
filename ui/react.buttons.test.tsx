// @vitest-environment happy-dom
import { fireEvent, waitFor } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { onHeld, renderApp, type App } from '../tests/model/app.tsx'
import { en } from './locales/en.ts'

/**
 * The page's account button keeps in step with the wallet's balance: '…' only while it is read; when
 * it cannot be read, the address alone and a retry beside it, never an endless '…'. The development wallet on
 * anvil answers the balance; its `eth_getBalance` is held at the gate and failed or let through by the test.
 */
let app: App | undefined
afterEach(async () => {
  await app?.dispose()
  app = undefined
})

const shadowText = (el: Element) => el.textContent ?? ''

test('behavior: a balance the wallet cannot read shows the address without a balance and a retry; the retry reads it again', async () => {
  app = await renderApp({ stored: true, authorised: true, hold: ['eth_getBalance'] })
  const button = await app.get('button', /0x/)
  const balance = () => button.querySelector('[data-testid="account-button-balance"]')
  expect(balance()?.textContent).toBe('… ETH')
  await onHeld(app, 'eth_getBalance', () => app!.gates.fail('eth_getBalance', { code: -32603, message: 'node down' }))
  await waitFor(() => expect(balance()).toBeNull())
  expect(shadowText(button)).toMatch(/^0x/)
  const retry = await app.get('button', en.retryBalance)
  fireEvent.click(retry)
  await onHeld(app, 'eth_getBalance', () => app!.gates.release('eth_getBalance'))
  await waitFor(() => expect(balance()?.textContent).toMatch(/^\d[\d.,]* ETH$/))
  expect(app.find('button', en.retryBalance)).toBeNull()
})
