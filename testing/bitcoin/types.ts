/** The shapes of the development / test Bitcoin wallet (`./wallet.ts`) and its error: light, no bitcoinjs-lib. */
import type { BitcoinChain, BitcoinMessageProtocol } from '../../adapters/bip122.standard.ts'
import { WalletCodeError } from '../walletError.ts'
import type { DevBitcoinAccount } from './accounts.ts'

/** What a pending request asks the user to approve. */
export type BitcoinPendingRequestKind = 'connect' | 'signMessage' | 'signTransaction' | 'sendTransfer'

/** A request waiting in the approval queue, shown by the wallet panel. */
export type BitcoinPendingRequest = {
  /** Unique per wallet instance; pass it to {@link BitcoinDevWallet.approve} / {@link BitcoinDevWallet.reject}. */
  readonly id: number
  readonly kind: BitcoinPendingRequestKind
  /** One line for the approver: the purposes, the message text, the inputs to sign, the amount and recipient. */
  readonly detail: string
  /** The site's origin (`location.origin` in a browser), when known. */
  readonly origin?: string
}

/**
 * Test hooks: make the wallet misbehave like a broken or malicious one. Each applies when set; change them at run
 * time through {@link BitcoinDevWallet.misbehave}.
 */
export type BitcoinDevWalletMisbehaviour = {
  /**
   * What `bitcoin:signTransaction` answers after approval: `unsigned` the PSBT as received; `alteredOutputs` the
   * first output lowered by 1000 sat, then signed; `alteredInputs` the first input's sequence changed, then signed;
   * `badSignature` signed, then one byte of each signature flipped.
   */
  psbt?: 'unsigned' | 'alteredOutputs' | 'alteredInputs' | 'badSignature'
  /** Every request that needs the user is rejected (4001) at once, without a pending entry. */
  rejectAll?: boolean
}

/** The subset of the Web Storage API the wallet persists to (`localStorage` fits). */
export type BitcoinWalletStorage = { getItem(key: string): string | null; setItem(key: string, value: string): void; removeItem(key: string): void }

/** Options of the {@link BitcoinDevWallet} constructor. */
export type BitcoinDevWalletOptions = {
  /**
   * The blockchain API base the wallet reads UTXOs from and broadcasts through, e.g. `http://127.0.0.1:8600/blockchain`
   * (the reference server's `/v1/bitcoin/…` routes).
   */
  apiUrl: string
  /** `projectId` of the API's GETs; default 'latchkey-dev-wallet'. */
  projectId?: string
  /** Accounts offered; default the 5 dev accounts (`devBitcoinAccounts`). Their addresses must be of `chain`. */
  accounts?: readonly DevBitcoinAccount[]
  /** The wallet's network; default 'bitcoin:regtest'. */
  chain?: BitcoinChain
  /** Name shown by the modal; default 'Latchkey Bitcoin Dev Wallet'. */
  name?: string
  /** Where state is persisted (JSON under `storageKey`); default memory only. */
  storage?: BitcoinWalletStorage
  /** Default 'latchkey-bitcoin-dev-wallet'. */
  storageKey?: string
  /** When given, overrides the persisted auto-approve setting (and is persisted). */
  autoApprove?: boolean
  /** Origin recorded on pending requests; default `location.origin` in a browser. */
  origin?: string
  /** Fee rate of transfers, satoshis per virtual byte; default 2. */
  feeRate?: number
  /** Message protocols the wallet offers, preferred first; default `['bip322', 'ecdsa']`. `['ecdsa']` plays a legacy wallet. */
  messageProtocols?: readonly BitcoinMessageProtocol[]
  /** Test hooks, see {@link BitcoinDevWalletMisbehaviour}. */
  misbehave?: BitcoinDevWalletMisbehaviour
  /** Injected fetch; default `globalThis.fetch`. */
  fetch?: typeof globalThis.fetch
}

/** A snapshot of the wallet's user-visible state. */
export type BitcoinDevWalletState = {
  authorised: boolean
  accountIndex: number
  /** The selected account's payment and ordinals addresses. */
  paymentAddress: string
  ordinalsAddress: string
  autoApprove: boolean
}

/** A wallet error with an EIP-1193-style `code` (see `adapters/bip122.standard.ts`): 4001 rejected, 4100 not authorised, 4200 unsupported protocol, -32602 bad input, -32603 the blockchain API failed, or the code a test chose. */
export class BitcoinWalletError extends WalletCodeError {
  static override docsPath = '/errors/BitcoinWalletError'
  override name = 'BitcoinWalletError'
}
