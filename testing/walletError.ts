/**
 * The error the development wallets (EVM, Solana, Bitcoin) throw to a site: a real `Error` with a numeric `code` and
 * optional `data`, as wallets throw them (EIP-1193's 4001, 4100, 4200, 4900, the JSON-RPC -32xxx range, or a node's
 * code), which the adapters read so. Each wallet has its own subclass, named for it.
 */
// A real `Error` subclass on purpose: wallets throw `Error`s with a code, and the adapters read them so.
export class WalletCodeError extends Error {
  /** Its page on the documentation site; not in the message, which is the wallet's own words as a dapp reads them. */
  static docsPath = '/errors/WalletCodeError'
  override name = 'WalletCodeError'
  code: number
  data?: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    if (data !== undefined) this.data = data
  }
}
