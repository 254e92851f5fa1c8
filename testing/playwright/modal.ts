/**
 * The modal as a Playwright page object: role-based locators for its views, by their accessible names (the modal's
 * test contract: every interactive element has a role and a name; `data-testid`s only where a role is ambiguous).
 * English names (the modal's default locale).
 */
import type { Locator, Page } from '@playwright/test'
import { MODAL_TEST_IDS } from '../testIds.ts'

/** A page object of the modal in `page`. */
export class ModalPage {
  readonly page: Page
  constructor(page: Page) {
    this.page = page
  }

  /** The modal's dialog with this title ('Connect Wallet', 'Account', 'Send', …), or any of its dialogs. */
  dialog(title?: string): Locator {
    return title === undefined ? this.page.getByRole('dialog') : this.page.getByRole('dialog', { name: title, exact: true })
  }

  /** The page's Connect Wallet button (`<ConnectButton />`). */
  get connectButton(): Locator {
    return this.page.getByRole('button', { name: 'Connect Wallet', exact: true })
  }

  /** The page's account button (`<AccountButton />`): its shortened address (`address`) and balance (`balance`). */
  get accountButton(): Locator & { address: Locator; balance: Locator } {
    const address = this.page.getByTestId(MODAL_TEST_IDS.accountButtonAddress)
    const button = this.page.getByRole('button').filter({ has: address })
    return Object.assign(button, { address, balance: this.page.getByTestId(MODAL_TEST_IDS.accountButtonBalance) })
  }

  /** Connect: its dialog and a wallet's row by name. */
  get connect() {
    const dialog = this.dialog('Connect Wallet')
    return { dialog, wallet: (name: string) => dialog.getByRole('button', { name, exact: true }) }
  }

  /** Account: its dialog and its buttons. */
  get account() {
    const dialog = this.dialog('Account')
    return {
      dialog,
      send: () => dialog.getByRole('button', { name: 'Send', exact: true }),
      disconnect: () => dialog.getByRole('button', { name: 'Disconnect', exact: true }),
      switchNetwork: () => dialog.getByRole('button', { name: /^Switch network\b/ }),
    }
  }

  /** Send: its form, then Review Send's confirm. */
  get send() {
    const dialog = this.dialog('Send')
    const review = this.dialog('Review Send')
    return {
      dialog,
      amount: dialog.getByRole('textbox', { name: 'Amount', exact: true }),
      to: dialog.getByRole('textbox', { name: 'To', exact: true }),
      review: dialog.getByRole('button', { name: 'Review send', exact: true }),
      reviewDialog: review,
      confirm: review.getByRole('button', { name: 'Send', exact: true }),
    }
  }

  /** Sign In (SIWX): its dialog, Sign and Cancel. */
  get signIn() {
    const dialog = this.dialog('Sign In')
    return { dialog, sign: dialog.getByRole('button', { name: 'Sign', exact: true }), cancel: dialog.getByRole('button', { name: 'Cancel', exact: true }) }
  }

  /** Switch Network: its dialog and a network's row by name. */
  get switchNetwork() {
    const dialog = this.dialog('Switch Network')
    return { dialog, network: (name: string) => dialog.getByRole('button', { name, exact: true }) }
  }

  /** A toast's message (a live region outside the dialog), by its text. */
  toast(text: string | RegExp): Locator {
    return this.page.getByRole('status').getByText(text, typeof text === 'string' ? { exact: true } : {})
  }

  /** Closes the modal with Escape. */
  async close(): Promise<void> {
    await this.page.keyboard.press('Escape')
  }
}
