// @vitest-environment happy-dom
import { within } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { renderApp, type App } from '../../tests/model/app.tsx'
import de from '../locales/de.ts'
import { en } from '../locales/en.ts'

/**
 * Sessions speaks the modal's language (spec §3 "Smart session revocation"): with the `locale` option 'de', Account's
 * entry, the view's title, its intro and its list's end are the German catalogue's, none of English's. The email user
 * of the embedded wallet (the fake frame answering) on the reference API, which holds no session for the account.
 */
let app: App | undefined
afterEach(async () => {
  await app?.dispose()
  app = undefined
})

test("behavior: locale 'de': Account's Sitzungen opens Sitzungen, its intro and its empty list in German", async () => {
  app = await renderApp({ embeddedWallet: true, emailUser: { email: 'ada@example.com', address: '0x' + '34'.repeat(20) }, api: true, locale: 'de' })
  await app.click('button', /0x3434/)
  await app.clickInDialog('button', de.titles.Sessions)
  const dialog = await app.get('dialog', de.titles.Sessions)
  expect(de.titles.Sessions).not.toBe(en.titles.Sessions)
  expect(await within(dialog).findByText(de.sessions.intro, {}, { timeout: 10_000 })).toBeDefined()
  expect(await within(dialog).findByText(de.sessions.empty, {}, { timeout: 10_000 })).toBeDefined()
  expect(within(dialog).queryByText(en.sessions.intro)).toBeNull()
  expect(within(dialog).queryByText(en.sessions.empty)).toBeNull()
})
