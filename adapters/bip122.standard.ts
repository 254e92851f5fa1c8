/**
 * The Wallet Standard features of a Bitcoin wallet as this project defines them, with the errors and network facts
 * the Bitcoin adapter shares with the lazily loaded PSBT code. No bitcoinjs-lib here: importing this module costs
 * nothing (the lazy-loading rule).
 *
 * The Wallet Standard names the `bitcoin:` namespace and the chains `bitcoin:mainnet`, `bitcoin:testnet` and
 * `bitcoin:regtest`, and points to Exodus' bitcoin-wallet-standard for the features, which is not installed here
 * and leaves signing unfinished (WIP). So the features below are our own, in that style:
 *
 * | feature | input | output |
 * |---|---|---|
 * | `bitcoin:connect` | `{ purposes: ('payment' \| 'ordinals')[], silent? }` | `{ accounts: BitcoinWalletAccount[] }` |
 * | `bitcoin:signMessage` | `{ account, message: Uint8Array, protocol: 'bip322' \| 'ecdsa' }` | `{ signature (base64), protocol }` |
 * | `bitcoin:signTransaction` | `{ psbt (base64), inputsToSign: [{ account, signingIndexes, sigHash? }] }` | `{ psbt (base64) }` |
 * | `bitcoin:sendTransfer` | `{ account, recipient, amount (decimal satoshis) }` | `{ txid }` |
 *
 * plus `standard:disconnect` and `standard:events` (`change` with `accounts` and `chains`). Amounts travel as decimal
 * strings and PSBTs as base64 so that every input and output is JSON (an extension wallet posts them across
 * contexts). Wallets throw `Error`s with an EIP-1193-style numeric `code`: 4001 the user rejected, 4100 not
 * authorised (connect first, or an account the site was not given), 4200 unsupported (e.g. a message protocol),
 * -32602 invalid input, -32603 internal (e.g. the broadcast failed).
 */
import type { IdentifierString, WalletAccount, WalletWithFeatures } from '@wallet-standard/base'
import type { StandardDisconnectFeature, StandardEventsFeature } from '@wallet-standard/features'
import { BaseError } from './errors.ts'
import type { CaipNetwork } from './networks.ts'

/** Feature names. */
export const BitcoinConnect = 'bitcoin:connect'
export const BitcoinSignMessage = 'bitcoin:signMessage'
export const BitcoinSignTransaction = 'bitcoin:signTransaction'
export const BitcoinSendTransfer = 'bitcoin:sendTransfer'

/** What an address is for: `payment` (BTC, the default account type of spec §4) or `ordinals` (inscriptions). */
export type BitcoinAddressPurpose = 'payment' | 'ordinals'
/** The Wallet Standard's Bitcoin chains. */
export type BitcoinChain = 'bitcoin:mainnet' | 'bitcoin:testnet' | 'bitcoin:regtest'
/** Message signing protocols: BIP-322 "simple", or the legacy ECDSA signed message (BIP-137 header byte). */
export type BitcoinMessageProtocol = 'bip322' | 'ecdsa'

/** A Wallet Standard account with the Bitcoin facts the modal needs (spec §3 "Account": address, type, publicKey, path). */
export interface BitcoinWalletAccount extends WalletAccount {
  /** The account type of spec §4. */
  readonly purpose: BitcoinAddressPurpose
  readonly addressType: 'p2wpkh' | 'p2tr' | 'p2sh-p2wpkh' | 'p2pkh'
  /** BIP-32 derivation path, when the wallet tells. */
  readonly path?: string
}

export type BitcoinConnectInput = {
  /** The purposes asked for; the wallet answers one account per purpose it has. */
  purposes: readonly BitcoinAddressPurpose[]
  /** Never prompt: answer the accounts already granted to the site, or none (like `standard:connect`'s `silent`). */
  silent?: boolean
}
export type BitcoinConnectOutput = { accounts: readonly BitcoinWalletAccount[] }
export type BitcoinConnectFeature = {
  readonly [BitcoinConnect]: { readonly version: '1.0.0'; connect(input: BitcoinConnectInput): Promise<BitcoinConnectOutput> }
}

export type BitcoinSignMessageInput = { account: WalletAccount; message: Uint8Array; protocol: BitcoinMessageProtocol }
/** `signature` base64: BIP-322 the serialised witness of the "to_sign" transaction, ECDSA the 65 bytes header‖r‖s. */
export type BitcoinSignMessageOutput = { signature: string; protocol: BitcoinMessageProtocol }
export type BitcoinSignMessageFeature = {
  readonly [BitcoinSignMessage]: {
    readonly version: '1.0.0'
    /** The protocols the wallet signs with, preferred first. */
    readonly protocols: readonly BitcoinMessageProtocol[]
    signMessage(input: BitcoinSignMessageInput): Promise<BitcoinSignMessageOutput>
  }
}

export type BitcoinSignTransactionInput = {
  /** The PSBT (BIP-174), base64. */
  psbt: string
  /** Which inputs each account signs; `sigHash` defaults to ALL (P2WPKH) and DEFAULT (P2TR). */
  inputsToSign: ReadonlyArray<{ account: WalletAccount; signingIndexes: readonly number[]; sigHash?: number }>
}
/** The same PSBT with the wallet's signatures added (partial signatures, not finalised), base64. */
export type BitcoinSignTransactionOutput = { psbt: string }
export type BitcoinSignTransactionFeature = {
  readonly [BitcoinSignTransaction]: { readonly version: '1.0.0'; signTransaction(input: BitcoinSignTransactionInput): Promise<BitcoinSignTransactionOutput> }
}

export type BitcoinSendTransferInput = {
  /** The paying account (its payment address). */
  account: WalletAccount
  /** The receiver's address, on the wallet's chain. */
  recipient: string
  /** Satoshis, a positive decimal integer string. */
  amount: string
}
/** The broadcast transaction's id (64 hex digits). */
export type BitcoinSendTransferOutput = { txid: string }
export type BitcoinSendTransferFeature = {
  readonly [BitcoinSendTransfer]: { readonly version: '1.0.0'; sendTransfer(input: BitcoinSendTransferInput): Promise<BitcoinSendTransferOutput> }
}

/** Every feature of a full Bitcoin wallet of this project. */
export type BitcoinWalletFeatures = BitcoinConnectFeature & BitcoinSignMessageFeature & BitcoinSignTransactionFeature & BitcoinSendTransferFeature & StandardDisconnectFeature & StandardEventsFeature
/** A Wallet Standard wallet with the Bitcoin features (`bitcoin:connect` is the one a wallet must have to be listed). */
export type BitcoinWallet = WalletWithFeatures<BitcoinConnectFeature & Partial<Omit<BitcoinWalletFeatures, typeof BitcoinConnect>>>

/** Bitcoin networks by CAIP-2 reference (the genesis block hash prefix) and their Wallet Standard chain. */
export const bitcoinChainsByReference: Readonly<Record<string, BitcoinChain>> = {
  '000000000019d6689c085ae165831e93': 'bitcoin:mainnet',
  '000000000933ea01ad0ee984209779ba': 'bitcoin:testnet',
  '0f9188f13cb7b2c71f2a335e3a4fc328': 'bitcoin:regtest',
}

/** The CAIP-2 reference of a Wallet Standard Bitcoin chain, or undefined. */
export function referenceOfChain(chain: IdentifierString): string | undefined {
  return Object.entries(bitcoinChainsByReference).find(([, c]) => c === chain)?.[0]
}

/**
 * The Wallet Standard chain of a bip122 network.
 * @throws UnsupportedBitcoinChainError for a network that is not Bitcoin mainnet, testnet or regtest.
 */
export function chainOfNetwork(network: CaipNetwork): BitcoinChain {
  const chain = network.chainNamespace === 'bip122' ? bitcoinChainsByReference[String(network.id)] : undefined
  if (!chain) throw new UnsupportedBitcoinChainError(network.name)
  return chain
}

/**
 * Address shapes per chain (no checksum: {@link InvalidBitcoinAddressError} from the lazy PSBT module checks that):
 * bech32/bech32m with the chain's prefix, or base58 with its version characters.
 */
const addressShapes: Record<BitcoinChain, RegExp> = {
  'bitcoin:mainnet': /^(?:bc1[02-9ac-hj-np-z]{8,87}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
  'bitcoin:testnet': /^(?:tb1[02-9ac-hj-np-z]{8,87}|[mn2][1-9A-HJ-NP-Za-km-z]{25,34})$/,
  'bitcoin:regtest': /^(?:bcrt1[02-9ac-hj-np-z]{8,87}|[mn2][1-9A-HJ-NP-Za-km-z]{25,34})$/,
}

/** Whether `address` has the shape of an address of `chain` (prefix and alphabet; the checksum is not checked). */
export function looksLikeAddressOf(chain: BitcoinChain, address: string): boolean {
  return addressShapes[chain].test(address.startsWith('BC') || address.startsWith('TB') ? address.toLowerCase() : address)
}

/** Describes which Bitcoin network an address looks like it is for (error details). */
export function describeAddressNetwork(address: string): string {
  const lower = address.toLowerCase()
  if (lower.startsWith('bcrt1')) return 'It looks like a Bitcoin regtest address.'
  if (lower.startsWith('bc1') || /^[13]/.test(address)) return 'It looks like a Bitcoin mainnet address.'
  if (lower.startsWith('tb1')) return 'It looks like a Bitcoin testnet address.'
  if (/^[mn2]/.test(address)) return 'It looks like a Bitcoin testnet or regtest address.'
  return 'It is not a Bitcoin address.'
}

/** An address that is not an address of the network in use (e.g. a `bc1…` or `tb1…` address on regtest), or none at all. */
export class InvalidBitcoinAddressError extends BaseError {
  static override docsPath = '/errors/InvalidBitcoinAddressError'
  override name = 'InvalidBitcoinAddressError'
  constructor(address: string, networkName: string) {
    super(`'${address}' is not a ${networkName} address`, { details: describeAddressNetwork(address) })
  }
}
/** The wallet (or this adapter) cannot use that network: Bitcoin wallets cannot be asked to add one. */
export class UnsupportedBitcoinChainError extends BaseError {
  static override docsPath = '/errors/UnsupportedBitcoinChainError'
  override name = 'UnsupportedBitcoinChainError'
  constructor(networkName: string) {
    super(`The wallet does not support ${networkName}.`)
  }
}
/**
 * The PSBT a wallet returned is not the one it was asked to sign: inputs or outputs changed, an input it had to sign
 * is not signed, or a signature does not verify. Never broadcast such a PSBT.
 */
export class InvalidSignedPsbtError extends BaseError {
  static override docsPath = '/errors/InvalidSignedPsbtError'
  override name = 'InvalidSignedPsbtError'
  reason: 'malformed' | 'altered' | 'unsigned' | 'badSignature'
  constructor(reason: InvalidSignedPsbtError['reason'], details: string) {
    const messages = {
      malformed: 'The wallet returned something that is not a PSBT.',
      altered: 'The wallet returned a different transaction than the one it was asked to sign.',
      unsigned: 'The wallet returned the transaction without signing it.',
      badSignature: 'The wallet returned a signature that does not verify.',
    } as const
    super(messages[reason], { details })
    this.reason = reason
  }
}
/** A PSBT or transfer request that is wrong before any wallet is asked (an input index out of range, no amount). */
export class InvalidBitcoinRequestError extends BaseError {
  static override docsPath = '/errors/InvalidBitcoinRequestError'
  override name = 'InvalidBitcoinRequestError'
}
/** The blockchain API refused or failed a broadcast; `code` is the refusal code when the API gave one (`DOUBLE_SPEND`, …). */
export class BitcoinBroadcastError extends BaseError {
  static override docsPath = '/errors/BitcoinBroadcastError'
  override name = 'BitcoinBroadcastError'
  code: string | undefined
  constructor(message: string, code?: string, cause?: unknown) {
    super('The transaction was not broadcast.', { details: message, ...(cause ? { cause } : {}) })
    this.code = code
  }
}
