/** The shapes of the development / test Solana wallet (`./wallet.ts`), light: no web3.js type (the Playwright entry's declarations name them). */
import type { IdentifierString } from '@wallet-standard/base'

/** A chain the wallet can sign for and send on. */
export type DevSolanaWalletChain = {
  /** Wallet Standard chain id: `solana:localnet`-style or CAIP-2 `solana:<genesis reference>`. */
  id: IdentifierString
  /** JSON-RPC URL `signAndSendTransaction` sends through. */
  rpcUrl: string
}

/** What a pending request asks the user to approve. */
export type DevSolanaRequestKind = 'connect' | 'signMessage' | 'signTransaction' | 'signAndSendTransaction'

/** A request waiting in the approval queue. */
export type DevSolanaPendingRequest = {
  /** Unique per wallet; pass it to {@link DevSolanaWallet.approve} / {@link DevSolanaWallet.reject}. */
  readonly id: number
  readonly kind: DevSolanaRequestKind
  /** The Wallet Standard feature, e.g. 'solana:signMessage'. */
  readonly feature: string
  /** What the user sees: message texts, or one line per transaction (fee payer, instructions, System transfers). */
  readonly details: readonly string[]
  /** The site's origin (`location.origin` in a browser), when known. */
  readonly origin?: string
}

/** The subset of the Web Storage API the wallet persists to (`localStorage` fits). */
export type DevSolanaWalletStorage = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/**
 * Test hook: make the wallet misbehave like a broken or malicious real wallet. Each switch applies while set.
 * Mutable at runtime through {@link DevSolanaWallet.misbehave}.
 */
export type DevSolanaWalletMisbehaviour = {
  /** signTransaction returns the transaction it was given, unsigned; signAndSendTransaction sends it unsigned. */
  unsignedTransaction?: boolean
  /**
   * The wallet adds a System transfer of `alterLamports` (default 1 000 000) from the signer to
   * {@link DEV_SOLANA_THIEF_ADDRESS} before signing (a drainer), then returns or sends that transaction.
   */
  alterTransaction?: boolean
  alterLamports?: number
  /** signMessage answers a 63-byte signature. */
  shortSignature?: boolean
  /** signMessage signs other bytes than it was given (a signature that does not verify). */
  wrongSignature?: boolean
  /** Every feature method rejects with this plain string (not an Error, no code). */
  throwString?: string
}

/** A snapshot of the wallet's user-visible state. */
export type DevSolanaWalletState = {
  authorised: boolean
  accountIndex: number
  /** Base58 address of the selected account. */
  address: string
  autoApprove: boolean
}
