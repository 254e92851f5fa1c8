/** The shapes of the development / test Solana wallet ({@link import('./wallet.ts').DevSolanaWallet}). */
import type { Keypair } from '@solana/web3.js'
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

/** Options of the {@link DevSolanaWallet} constructor. */
export type DevSolanaWalletOptions = {
  /** The local Solana RPC (`dev/solana`), used for `solana:localnet` and the local CAIP-2 id unless `chains` is given. */
  rpcUrl: string
  /** Chains the wallet supports; default `solana:localnet` and `solana:<local reference>`, both at `rpcUrl`. */
  chains?: readonly DevSolanaWalletChain[]
  /** Accounts; default the five dev keypairs (`dev/solana/accounts.ts`), account 0 selected. At least one. */
  keypairs?: readonly Keypair[]
  /** Where state is persisted (JSON under `storageKey`); default none. */
  storage?: DevSolanaWalletStorage
  /** Storage key; default 'latchkey-dev-solana-wallet'. */
  storageKey?: string
  /** When given, overrides the persisted auto-approve setting (and is persisted). */
  autoApprove?: boolean
  /** Origin recorded on pending requests; default `location.origin` in a browser. */
  origin?: string
  /** Wallet name; default 'Latchkey Dev Solana Wallet'. */
  name?: string
  /** Test hook: features (e.g. 'solana:signMessage') whose methods never settle. */
  hang?: ReadonlySet<string>
  /** Test hook, see {@link DevSolanaWalletMisbehaviour}. */
  misbehave?: DevSolanaWalletMisbehaviour
}

/** A snapshot of the wallet's user-visible state. */
export type DevSolanaWalletState = {
  authorised: boolean
  accountIndex: number
  /** Base58 address of the selected account. */
  address: string
  autoApprove: boolean
}
