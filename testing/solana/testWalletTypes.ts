/** The test Solana wallet's shapes (`./testWallet.ts`), light: no web3.js type (the Playwright entry's declarations name them). */
import type { PromptAnswer } from '../prompts.ts'
import type { DevSolanaPendingRequest, DevSolanaRequestKind, DevSolanaWalletStorage } from './types.ts'

/** What a Solana prompt asks: 'connect', 'signMessage', 'signTransaction' or 'signAndSendTransaction'. */
export type SolanaPromptKind = DevSolanaRequestKind
/** A Solana prompt: its id (for `settle`), kind, Wallet Standard feature and what the approver reads (`details`). */
export type SolanaPrompt = DevSolanaPendingRequest

/** A chain of the test Solana wallet: a Wallet Standard / CAIP-2 id (`solana:<reference>`), and its RPC (default the wallet's `rpcUrl`). */
export type TestSolanaWalletChain = { id: string; rpcUrl?: string }

/** What {@link createTestSolanaWallet} takes. Every field is optional; each malformed one is a {@link TestWalletOptionsError}. */
export type TestSolanaWalletOptions = {
  /**
   * Secret keys, account 0 first: base58 (as wallets export them), or bytes (the 64 of a `solana-keygen` file, or a
   * 32-byte seed). Default: the five development keypairs (`SOLANA_DEV_ADDRESSES`), funded by the dev stack's chain.
   */
  secretKeys?: readonly (string | Uint8Array | readonly number[])[]
  /** A BIP-39 English mnemonic instead: its first `accountCount` accounts (default 5) at m/44'/501'/i'/0' (Phantom's path). */
  mnemonic?: string
  /** How many accounts `mnemonic` gives (1–20). */
  accountCount?: number
  /** The chains: ids (on `rpcUrl`) or {@link TestSolanaWalletChain}s. Default the local network: its CAIP-2 id and `solana:localnet`. */
  chains?: readonly (string | TestSolanaWalletChain)[]
  /** The RPC URL of the chains given without one; default `http://127.0.0.1:8899`. */
  rpcUrl?: string
  /** The wallet's name: shown in Connect, and the modal's connector id for it. Default 'Test Solana Wallet'. */
  name?: string
  /** How prompts are answered when no `answerNext` is queued. Default 'approve'. */
  answer?: PromptAnswer
  /** Where the wallet keeps its authorisation and account (as an extension does); default memory only. */
  storage?: DevSolanaWalletStorage
  /** The storage key; default `latchkey-test-solana-wallet:<name>`. */
  storageKey?: string
}
