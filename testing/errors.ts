/**
 * The errors of the test kit (`latchkey/testing`) and of the development wallets built on it. Each is a
 * {@link BaseError}: `shortMessage` says what was wrong, `details` what was received.
 */
import { BaseError } from '../kernel/errors.ts'

/**
 * A dev wallet (EVM, Solana) was constructed with options it cannot work with: no chain, or no account. A programming
 * error of the page or test that builds it; `message` says which wallet and what is missing.
 * @example new DevWalletOptionsError('DevWallet needs at least one account.')
 */
export class DevWalletOptionsError extends BaseError {
  static override docsPath = '/errors/DevWalletOptionsError'
  override name = 'DevWalletOptionsError'
}

/**
 * A test wallet's options are malformed: an account that is not a 32-byte private key, a mnemonic that is not BIP-39
 * (unknown word, wrong length, bad checksum), a chain whose id is not a positive integer or whose RPC URL is not
 * http(s), an answer that is not one of 'approve', 'reject', 'hang' or `{ code, message }`. `details` names the field.
 * @example new TestWalletOptionsError('Invalid mnemonic', { details: 'options.mnemonic: "junk" is not a BIP-39 word' })
 */
export class TestWalletOptionsError extends BaseError {
  static override docsPath = '/errors/TestWalletOptionsError'
  override name = 'TestWalletOptionsError'
}

/**
 * A test asked a test wallet for something it does not have: a chain it was not given (`setChain`, `chainChanged`),
 * an account index outside its accounts (`setAccount`), a prompt id that is not pending.
 * @example new UnknownChainError(10) // 'The test wallet does not know chain 10'
 */
export class TestWalletError extends BaseError {
  static override docsPath = '/errors/TestWalletError'
  override name = 'TestWalletError'
}

/** The chain a test named is not one of the wallet's (its `chains`, or one a site added). */
export class UnknownChainError extends TestWalletError {
  static override docsPath = '/errors/UnknownChainError'
  override name = 'UnknownChainError'
  readonly chainId: number
  constructor(chainId: number, known: readonly number[] = []) {
    super(`The test wallet does not know chain ${chainId}`, known.length ? { details: `Its chains: ${known.join(', ')}` } : {})
    this.chainId = chainId
  }
}

/** The account index a test named is not one of the wallet's (0 to the number of accounts − 1). */
export class UnknownAccountError extends TestWalletError {
  static override docsPath = '/errors/UnknownAccountError'
  override name = 'UnknownAccountError'
  constructor(index: unknown, count: number) {
    super(`The test wallet has no account ${String(index)}`, { details: `Its accounts: 0 to ${count - 1}` })
  }
}

/**
 * A connected start asked for something that cannot be stored: a namespace the kit does not know, an address that is
 * not of that namespace, a network id that is not CAIP-2.
 */
export class ConnectedStartError extends BaseError {
  static override docsPath = '/errors/ConnectedStartError'
  override name = 'ConnectedStartError'
}

/**
 * The config of `latchkey-testing generate` (or `coverage`) is not usable: a missing or malformed field (the page URL,
 * a chart's name, a network's chain id, a URL), a file that is not JSON. `field` names the field
 * (`charts[1]`, `networks[0].chainId`); `details` says what was received.
 * @example new GenerateConfigError('charts[0]', 'must be one of connection, network, siwx, send, got "swap"')
 */
export class GenerateConfigError extends BaseError {
  static override docsPath = '/errors/GenerateConfigError'
  override name = 'GenerateConfigError'
  /** The config's field at fault, as a path (`networks[0].chainId`); `(file)` for the file itself. */
  readonly field: string
  constructor(field: string, problem: string, options: { cause?: unknown } = {}) {
    super(`Invalid latchkey-testing config: ${field}`, { details: problem, ...options })
    this.field = field
  }
}

/**
 * `latchkey-testing coverage` found nothing to count (no `latchkey-coverage.json` under the directory: the page does
 * not pass the kit's inspection hook to `createModal`, or the suite did not run), or a recorded file is not one the
 * kit wrote; or a threshold was not met.
 */
export class CoverageReportError extends BaseError {
  static override docsPath = '/errors/CoverageReportError'
  override name = 'CoverageReportError'
}
