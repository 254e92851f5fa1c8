// @vitest-environment happy-dom
import { fireEvent, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { renderApp, WALLET_NAME, type App } from '../../tests/model/app.tsx'
import { InvalidOptionsError } from '../../kernel/optionChecks.ts'
import { en } from '../locales/en.ts'

/**
 * The modal's language through the real modal in happy-dom (the dev wallet, the facade, the shell and Connect): the
 * `locale` option, `setLocale` while open, the `messages` overrides, and the host's `lang` and `dir`.
 */
let app: App | undefined
afterEach(async () => {
  await app?.dispose()
  app = undefined
})

const host = () => document.querySelector<HTMLElement>('[data-testid="latchkey-modal"]')!
const RLO = '\u202e'

describe('the modal speaks the chosen locale', () => {
  test("locale 'ar-XB': the page button and Connect in right-to-left words, the host lang ar-XB and dir rtl; connecting works", async () => {
    app = await renderApp({ locale: 'ar-XB' })
    // Nothing is fetched before intent: English until the first opening asks for the catalogue.
    expect(host().getAttribute('dir')).toBe('ltr')
    // Every title the dialog shows while it opens: never English's (it waits for the words, untitled meanwhile).
    const titles: string[] = []
    const seen = new MutationObserver(() => {
      for (const h of host().shadowRoot?.querySelectorAll('h2') ?? []) titles.push(h.textContent ?? '')
    })
    seen.observe(host().shadowRoot!, { subtree: true, childList: true, characterData: true })
    fireEvent.click(await app.get('button', en.connectButton))
    await waitFor(() => expect(host().getAttribute('dir')).toBe('rtl'))
    expect(host().getAttribute('lang')).toBe('ar-XB')
    const dialog = await app.get('dialog', `${RLO}${en.titles.Connect}\u202c`)
    seen.disconnect()
    expect(titles.length).toBeGreaterThan(0)
    expect(titles.filter((t) => t === en.titles.Connect)).toEqual([])
    fireEvent.click(await within(dialog).findByRole('button', { name: new RegExp(WALLET_NAME) }))
    await app.settle()
    await app.walletAnswer('Approve')
    await waitFor(() => expect(app!.modal.getState().account.isConnected).toBe(true))
  })

  test('setLocale while open changes every visible word at once; back to English; a malformed tag is refused and changes nothing', async () => {
    app = await renderApp({})
    fireEvent.click(await app.get('button', en.connectButton))
    const dialog = await app.get('dialog', en.titles.Connect)
    await app.modal.setLocale('en-XA')
    await waitFor(() => expect(within(dialog).getByRole('heading').textContent).toMatch(/^\[Çöññéçţ Ŵåļļéţ ·+\]$/))
    expect(host().getAttribute('lang')).toBe('en-XA')
    // No plain English word is left among the dialog's own texts (wallet names are data, not words).
    const texts = Array.from(dialog.querySelectorAll('h2, p, [role=progressbar]')).map((el) => el.textContent ?? '')
    expect(texts.filter((t) => t && !t.startsWith('['))).toEqual([])
    expect(() => app!.modal.setLocale('not a tag!')).toThrow(InvalidOptionsError)
    expect(app.modal.getLocale().locale).toBe('en-XA')
    await app.modal.setLocale('en')
    await waitFor(() => expect(within(dialog).getByRole('heading').textContent).toBe(en.titles.Connect))
    expect(app.modal.getLocale()).toMatchObject({ locale: 'en', direction: 'ltr', copy: null })
  })

  test('messages: an override shows in place of the word; the other words stay English', async () => {
    app = await renderApp({ messages: { 'titles.Connect': 'Sign in with a wallet' } })
    fireEvent.click(await app.get('button', en.connectButton))
    const dialog = await app.get('dialog', 'Sign in with a wallet')
    expect(within(dialog).getByRole('button', { name: en.close })).toBeDefined()
  })
})
