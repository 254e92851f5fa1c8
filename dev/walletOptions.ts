/** The dev wallets' options error: shared with `latchkey/testing`, where it lives (testing/errors.ts). */
export { DevWalletOptionsError } from '../testing/errors.ts'
