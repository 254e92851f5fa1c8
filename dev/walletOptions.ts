import { BaseError } from '../kernel/errors.ts'

/**
 * A dev wallet (EVM, Solana) was constructed with options it cannot work with: no chain, or no account. A programming
 * error of the page or test that builds it; `message` says which wallet and what is missing.
 * @example new DevWalletOptionsError('DevWallet needs at least one account.')
 */
export class DevWalletOptionsError extends BaseError {
  override name = 'DevWalletOptionsError'
}
