/**
 * The Solana Wallet Standard features the test Solana wallet offers (`solana:signMessage`, `solana:signTransaction`,
 * `solana:signAndSendTransaction`), their shapes as `@solana/wallet-standard-features` 1.3 declares them, written here
 * so that the declarations of `latchkey/testing/solana` name no package a dapp may not have. Structurally the same
 * types: a wallet typed with these is one typed with theirs.
 */
import type { IdentifierString, WalletAccount } from '@wallet-standard/base'

/** A transaction version the wallet signs. */
export type SolanaTransactionVersion = 'legacy' | 0
/** A commitment level of the node. */
export type SolanaTransactionCommitment = 'processed' | 'confirmed' | 'finalized'

/** `solana:signMessage` input: the account and the message's bytes. */
export interface SolanaSignMessageInput {
  readonly account: WalletAccount
  readonly message: Uint8Array
}
/** `solana:signMessage` output: the bytes signed and their ed25519 signature. */
export interface SolanaSignMessageOutput {
  readonly signedMessage: Uint8Array
  readonly signature: Uint8Array
  readonly signatureType?: 'ed25519'
}
/** The `solana:signMessage` feature. */
export type SolanaSignMessageFeature = {
  readonly 'solana:signMessage': {
    readonly version: '1.1.0' | '1.0.0'
    readonly signMessage: (...inputs: readonly SolanaSignMessageInput[]) => Promise<readonly SolanaSignMessageOutput[]>
  }
}

/** Options of a signature: the node's preflight commitment and minimum slot. */
export type SolanaSignTransactionOptions = { readonly preflightCommitment?: SolanaTransactionCommitment; readonly minContextSlot?: number }
/** `solana:signTransaction` input: the account, the wire bytes of the transaction, its chain. */
export interface SolanaSignTransactionInput {
  readonly account: WalletAccount
  readonly transaction: Uint8Array
  readonly chain?: IdentifierString
  readonly options?: SolanaSignTransactionOptions
}
/** `solana:signTransaction` output: the signed transaction's wire bytes. */
export interface SolanaSignTransactionOutput {
  readonly signedTransaction: Uint8Array
}
/** The `solana:signTransaction` feature. */
export type SolanaSignTransactionFeature = {
  readonly 'solana:signTransaction': {
    readonly version: '1.0.0'
    readonly supportedTransactionVersions: readonly SolanaTransactionVersion[]
    readonly signTransaction: (...inputs: readonly SolanaSignTransactionInput[]) => Promise<readonly SolanaSignTransactionOutput[]>
  }
}

/** Options of a send: the signature's, the commitment to wait for, and the node's send options. */
export type SolanaSignAndSendTransactionOptions = SolanaSignTransactionOptions & { readonly commitment?: SolanaTransactionCommitment; readonly skipPreflight?: boolean; readonly maxRetries?: number }
/** `solana:signAndSendTransaction` input: as a signature's, with the chain required. */
export interface SolanaSignAndSendTransactionInput extends SolanaSignTransactionInput {
  readonly chain: IdentifierString
  readonly options?: SolanaSignAndSendTransactionOptions
}
/** `solana:signAndSendTransaction` output: the transaction's signature (its id). */
export interface SolanaSignAndSendTransactionOutput {
  readonly signature: Uint8Array
}
/** The `solana:signAndSendTransaction` feature. */
export type SolanaSignAndSendTransactionFeature = {
  readonly 'solana:signAndSendTransaction': {
    readonly version: '1.0.0'
    readonly supportedTransactionVersions: readonly SolanaTransactionVersion[]
    readonly signAndSendTransaction: (...inputs: readonly SolanaSignAndSendTransactionInput[]) => Promise<readonly SolanaSignAndSendTransactionOutput[]>
  }
}
