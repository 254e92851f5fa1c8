/** The test Bitcoin wallet's shapes (`./testWallet.ts`), light: no bitcoinjs-lib type (the Playwright entry's declarations name them). */
import type { PromptAnswer } from '../prompts.ts'
import type { BitcoinMessageProtocol } from '../../adapters/bip122.standard.ts'
import type { BitcoinPendingRequest, BitcoinPendingRequestKind, BitcoinWalletStorage } from './types.ts'

/** What a Bitcoin prompt asks: 'connect', 'signMessage', 'signTransaction' or 'sendTransfer'. */
export type BitcoinPromptKind = BitcoinPendingRequestKind
/** A Bitcoin prompt: its id (for `settle`), kind, and what the approver reads (`detail`). */
export type BitcoinPrompt = BitcoinPendingRequest

/** What {@link createTestBitcoinWallet} takes. Every field is optional; each malformed one is a {@link TestWalletOptionsError}. */
export type TestBitcoinWalletOptions = {
  /**
   * A BIP-39 English mnemonic: its first `accountCount` accounts, each a payment key at BIP-84 `m/84'/c'/0'/0/i`
   * (P2WPKH) and an ordinals key at BIP-86 `m/86'/c'/0'/0/i` (P2TR), coin type `c` 0 on mainnet, 1 elsewhere. Default:
   * the five development accounts (`BITCOIN_DEV_PAYMENT_ADDRESSES`), funded by the dev stack's regtest index.
   */
  mnemonic?: string
  /** How many accounts `mnemonic` gives (1–20, default 5). */
  accountCount?: number
  /**
   * The network: a CAIP-2 id (`bip122:<genesis hash prefix>`: Bitcoin, its testnet, regtest) or a Wallet Standard chain
   * ('bitcoin:mainnet', 'bitcoin:testnet', 'bitcoin:regtest'). Default regtest.
   */
  chain?: string
  /**
   * The Esplora-style blockchain API the wallet reads UTXOs from and broadcasts through (`GET /v1/bitcoin/address/…/utxo`,
   * `POST /v1/bitcoin/tx`). Default the dev stack's, `http://127.0.0.1:8600/blockchain`.
   */
  apiUrl?: string
  /** The wallet's name: shown in Connect, and the modal's connector id for it. Default 'Test Bitcoin Wallet'. */
  name?: string
  /** How prompts are answered when no `answerNext` is queued. Default 'approve'. */
  answer?: PromptAnswer
  /** Message protocols offered, preferred first; default `['bip322', 'ecdsa']` (`['ecdsa']` plays a legacy wallet). */
  messageProtocols?: readonly BitcoinMessageProtocol[]
  /** Fee rate of transfers, satoshis per virtual byte (default 2). */
  feeRate?: number
  /** Where the wallet keeps its authorisation and account (as an extension does); default memory only. */
  storage?: BitcoinWalletStorage
  /** The storage key; default `latchkey-test-bitcoin-wallet:<name>`. */
  storageKey?: string
}
