/**
 * The modal's test-id contract (docs/guide/testing.md "The test-id contract"): every interactive element has an accessible
 * role and name, which tests should use; where a role is ambiguous, the element carries one of these `data-testid`s.
 * They are stable: renaming or removing one is a breaking change, recorded in the changelog. The page object of
 * `latchkey/testing/playwright` uses them, and a dapp's own locators may (`page.getByTestId(MODAL_TEST_IDS.…)`).
 */
export const MODAL_TEST_IDS = {
  /** The shortened address inside the page's account button (`<AccountButton />`, `<latchkey-account-button>`). */
  accountButtonAddress: 'account-button-address',
  /** The balance inside the page's account button, when it shows one. */
  accountButtonBalance: 'account-button-balance',
} as const

/** One of the contract's test ids. */
export type ModalTestId = (typeof MODAL_TEST_IDS)[keyof typeof MODAL_TEST_IDS]
