// @vitest-environment happy-dom
import { cleanup, fireEvent, render, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { mainnet } from '../../adapters/networks.ts'
import { renderApp, WALLET_NAME, type App } from '../../tests/model/app.tsx'
import { en } from '../locales/en.ts'
import { connectLegal } from '../../machines/onboarding.connect.ts'
import { LegalCheckbox } from '../entries/connect/catalogue.tsx'

/**
 * Onboarding and the legal checkbox in the real modal with the dev wallet: Connect's "New to wallets?",
 * What is a wallet?, Get a wallet on the reference directory (`dev/api`) and without one, and the `legalCheckbox`
 * feature gating the wallet rows.
 */
let app: App | undefined
afterEach(async () => {
  await app?.dispose()
  app = undefined
})

/** A catalogue page waits for its first images, up to `imagePreloadTimeout` (2 s, spec §9), before it shows. */
const directoryWait = { timeout: 8000 }
const inDialog = () => within(app!.dialog()!)

async function toGetWallet(a: App) {
  await a.ensureOpen()
  await a.clickInDialog('button', en.newToWallets)
  await a.get('dialog', en.titles.WhatIsAWallet)
  // The title shows at once; the view's body once its chunk is in.
  await waitFor(() => {
    for (const point of en.walletIntro) expect(inDialog().getByText(point.heading)).toBeTruthy()
  })
  await a.clickInDialog('button', en.getAWallet)
  await a.get('dialog', en.titles.GetWallet)
}

describe('What is a wallet? and Get a wallet', () => {
  test("behavior: New to wallets? → What is a wallet? → Get a wallet lists the directory's wallets, each store link in a new tab with noopener noreferrer", async () => {
    // Mainnet configured: the directory's wallets for it (MetaMask among them) are suggested.
    app = await renderApp({ directory: true, extraNetworks: [mainnet] })
    await toGetWallet(app)
    let links: HTMLAnchorElement[] = []
    await waitFor(() => {
      links = inDialog().getAllByRole('link') as HTMLAnchorElement[]
      expect(links.length).toBeGreaterThan(0)
    }, directoryWait)
    for (const link of links) {
      expect(link.target).toBe('_blank')
      expect(link.rel).toBe('noopener noreferrer')
      expect(link.href).toMatch(/^https?:\/\//)
    }
    // MetaMask (a native mobile link) carries its App Store and Google Play pages in the dev directory.
    expect(
      inDialog()
        .getByRole('link', { name: `MetaMask on ${en.storeLinks.app_store}` })
        .getAttribute('href'),
    ).toMatch(/^https:\/\/apps\.apple\.com\//)
    expect(
      inDialog()
        .getByRole('link', { name: `MetaMask on ${en.storeLinks.play_store}` })
        .getAttribute('href'),
    ).toMatch(/^https:\/\/play\.google\.com\//)
  }, 30_000)

  test('failure: without a directory, a line of help instead of an empty list; Back returns to What is a wallet?', async () => {
    app = await renderApp({})
    await toGetWallet(app)
    const help = await waitFor(() => inDialog().getByTestId('get-wallet-help'))
    expect(help.textContent).toContain(en.getWalletUnavailable)
    expect(help.textContent).toContain(en.getWalletElsewhere)
    await app.clickInDialog('button', en.back)
    await app.get('dialog', en.titles.WhatIsAWallet)
  }, 30_000)
})

describe('the legal checkbox', () => {
  test('behavior: off by default: no checkbox, the wallet rows can be chosen', async () => {
    app = await renderApp({})
    await app.ensureOpen()
    await app.get('button', WALLET_NAME)
    expect(inDialog().queryByRole('checkbox')).toBeNull()
    expect(inDialog().getByRole('button', { name: WALLET_NAME }).getAttribute('aria-disabled')).toBeNull()
  }, 30_000)

  test('behavior: on, the wallet rows are disabled and explained until the box is ticked; then the wallet connects', async () => {
    app = await renderApp({ features: { legalCheckbox: true }, hold: ['eth_requestAccounts'] })
    await app.ensureOpen()
    const row = await app.get('button', WALLET_NAME)
    expect(row.getAttribute('aria-disabled')).toBe('true')
    const note = app.dialog()!.querySelector(`[id="${row.getAttribute('aria-describedby')!.split(' ').at(-1)}"]`)
    expect(note?.textContent).toBe(en.legalRequired)
    fireEvent.click(row)
    await app.settle()
    expect(app.modal.getState().view).toBe('Connect')

    fireEvent.click(inDialog().getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ }))
    await waitFor(() => expect(inDialog().getByRole('button', { name: WALLET_NAME }).getAttribute('aria-disabled')).toBeNull())
    expect(inDialog().queryByText(en.legalRequired)).toBeNull()
    await app.clickInDialog('button', WALLET_NAME)
    await app.get('dialog', en.titles.ConnectingExternal)
  }, 30_000)
})

describe('the legal checkbox links', () => {
  test('behavior: termsConditionsUrl and privacyPolicyUrl are links opening in a new tab without opener; a missing one is plain words', () => {
    const legal = { ...connectLegal({ enabled: true, accepted: false, termsUrl: 'https://dapp.example/terms' }), setAccepted: () => {} }
    const view = render(<LegalCheckbox legal={legal} noteId="note" />)
    try {
      const terms = view.getByRole('link', { name: en.legalTerms }) as HTMLAnchorElement
      expect(terms.href).toBe('https://dapp.example/terms')
      expect(terms.target).toBe('_blank')
      expect(terms.rel).toBe('noopener noreferrer')
      expect(view.queryByRole('link', { name: en.legalPrivacy })).toBeNull()
      expect(view.getByRole('checkbox').closest('label')!.textContent).toBe('I agree to the Terms of Service and Privacy Policy')
      expect(view.container.querySelector('#note')!.textContent).toBe(en.legalRequired)
    } finally {
      cleanup()
    }
  })
})
