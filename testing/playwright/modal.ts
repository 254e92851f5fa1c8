/**
 * The modal as a Playwright page object: role-based locators for its views, by their accessible names (the modal's
 * test contract: every interactive element has a role and a name; `data-testid`s only where a role is ambiguous).
 * English names (the modal's default locale).
 */
import type { Locator, Page } from '@playwright/test'
import { MODAL_TEST_IDS } from '../testIds.ts'
import { chartStateIn } from './inspection.ts'
import { readPairingUri } from './walletConnect.ts'

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

  /**
   * WalletConnect's view (Connect → WalletConnect): its dialog, its "Copy link", and `uri()`, the pairing URI it shows,
   * read through "Copy link" (the `walletConnect` fixture keeps what the page copies).
   */
  get walletConnect() {
    const dialog = this.dialog('WalletConnect')
    return { dialog, copyLink: dialog.getByRole('button', { name: 'Copy link', exact: true }), uri: (timeoutMs?: number) => readPairingUri(this.page, timeoutMs) }
  }

  /** A toast's message (a live region outside the dialog), by its text. */
  toast(text: string | RegExp): Locator {
    return this.page.getByRole('status').getByText(text, typeof text === 'string' ? { exact: true } : {})
  }

  /** Closes the modal with Escape. */
  async close(): Promise<void> {
    await this.page.keyboard.press('Escape')
  }

  /** Closes the modal with Escape if a dialog is open, and waits until none is. */
  async closeDialog(): Promise<void> {
    if ((await this.dialog().count()) > 0) await this.close()
    await this.dialog().first().waitFor({ state: 'hidden' })
  }

  /** Opens Connect: the page's Connect Wallet button, unless Connect is shown already. */
  async openConnect(): Promise<void> {
    if (await this.connect.dialog.isVisible()) return
    await this.connectButton.click()
  }

  /** The header's Back (any view that has one). */
  get back(): Locator {
    return this.dialog().getByRole('button', { name: 'Back', exact: true })
  }

  /** 'Try again' of a view (a declined connection). */
  get tryAgain(): Locator {
    return this.dialog().getByRole('button', { name: 'Try again', exact: true })
  }

  /** The page's network button (`<NetworkButton />`), named `Switch network (<network>)`. */
  get networkButton(): Locator {
    return this.page.getByRole('button', { name: /^Switch network \(/ })
  }

  /**
   * The state value of one of the modal's charts (its actor's system id: `connection.eip155`, `network`, `siwx`,
   * `send`), as the page last told it; undefined before the actor ran, or when the page does not pass
   * `inspect: globalThis.latchkeyTestInspect` to `createModal` (the kit's inspection hook).
   */
  chartState(systemId: string): Promise<unknown> {
    return chartStateIn(this.page, systemId)
  }
}
