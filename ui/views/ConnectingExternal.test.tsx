// @vitest-environment happy-dom
import { fireEvent, waitFor, within } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { inDialog, renderApp, WALLET_NAME, type App } from '../../tests/model/app.tsx'
import { en } from '../locales/en.ts'

/**
 * ConnectingExternal's failure reads as a failure: a declined connection's wallet icon takes the error tone (a ring and
 * a cross mark, the mark a shape so colour is not the only sign), where the pending view shows the plain icon.
 */
let app: App | undefined
afterEach(async () => {
  await app?.dispose()
  app = undefined
})

test('behavior: while the wallet is asked its icon is plain; once declined it is ringed and marked with a cross (error tone), and Try again brings the plain icon back', async () => {
  app = await renderApp({})
  fireEvent.click(await app.get('button', en.connectButton))
  fireEvent.click(await inDialog(app, WALLET_NAME))
  const pending = await app.get('dialog', en.titles.ConnectingExternal)
  expect(within(pending).getByRole('progressbar')).toBeDefined()
  expect(within(pending).queryByTestId('tone-icon')).toBeNull()

  await app.walletAnswer('Reject')
  const declined = await app.get('dialog', en.connectingTitles.declined!)
  const tone = within(declined).getByTestId('tone-icon')
  expect(tone.getAttribute('data-tone')).toBe('error')
  // The wallet's icon is inside the ring; the mark is drawn (a cross), decorative like the icon.
  expect(tone.querySelector('.lk-wallet-icon')).not.toBeNull()
  const mark = tone.querySelector('.lk-tone-mark')!
  expect(mark.getAttribute('aria-hidden')).toBe('true')
  expect(mark.querySelector('svg path')).not.toBeNull()
  expect(within(declined).getByText(en.declinedHint)).toBeDefined()

  fireEvent.click(within(declined).getByRole('button', { name: en.tryAgain }))
  await waitFor(() => expect(app!.dialog()!.querySelector('[data-testid="tone-icon"]')).toBeNull())
})
