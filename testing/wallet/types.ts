/**
 * The dev wallet's public shapes: its chains, the requests waiting in its approval queue, its options, its
 * misbehaviours (test hooks) and the snapshot of its state ({@link DevWallet} in provider.ts).
 */
import type { Address, LocalAccount } from 'viem'

/** A chain the dev wallet can be on. */
export type DevWalletChain = {
  /** EVM chain id (decimal). */
  chainId: number
  name: string
  /** HTTP JSON-RPC URL the wallet forwards reads to and sends transactions through. */
  rpcUrl: string
  /** Defaults to Ether (ETH, 18 decimals). */
  nativeCurrency?: { name: string; symbol: string; decimals: number }
}

/** What a pending request asks the user to approve. */
export type PendingRequestKind = 'connect' | 'switchChain' | 'addChain' | 'sign' | 'sendTransaction'

/** A request waiting in the approval queue, shown by the wallet panel. */
export type PendingRequest = {
  /** Unique per wallet instance; pass it to {@link DevWallet.approve} / {@link DevWallet.reject}. */
  readonly id: number
  readonly kind: PendingRequestKind
  /** The EIP-1193 method, e.g. 'eth_requestAccounts'. */
  readonly method: string
  /** The request's params, as the site sent them. */
  readonly params: unknown
  /** The site's origin (`location.origin` in a browser), when known. */
  readonly origin?: string
}

/** The subset of the Web Storage API the wallet persists to (`localStorage` fits). */
export type WalletStorage = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/**
 * Test hook: make the wallet misbehave like a broken real wallet. Each field applies when set
 * (not `undefined`); all can be changed at runtime through {@link DevWallet.misbehave}.
 */
export type DevWalletMisbehaviour = {
  /**
   * Returned instead of `[address]` by `eth_requestAccounts` (after approval) and `eth_accounts`
   * (whether authorised or not), and carried by `accountsChanged` events instead of `[address]`.
   */
  accounts?: unknown
  /** Returned by `eth_chainId` instead of the hex chain id, and carried by `connect`/`chainChanged` events. */
  chainId?: unknown
  /** When set, every `request()` rejects with this plain string (not an Error, not a code). */
  throwString?: string
  /** When set, `on()` throws this synchronously (a wallet whose event API is broken). */
  onThrows?: unknown
  /** When set, `removeListener()` throws this synchronously. */
  removeListenerThrows?: unknown
}

/** Options of the {@link DevWallet} constructor. */
export type DevWalletOptions = {
  /** Chains the wallet knows from the start; at least one. The first is the default current chain. */
  chains: readonly DevWalletChain[]
  /** Accounts offered; default the 5 anvil dev accounts (see {@link devAccount}: each derived when first used). At least one. */
  accounts?: readonly LocalAccount[]
  /**
   * How many accounts a site is given once it is authorised (a wallet whose visitor connected several accounts to the
   * site): the selected account first, then the lowest-indexed others. Default 1 (the selected account only). Every
   * exposed account may sign and send (`from`/address naming it); an integer from 1 to the number of accounts.
   */
  exposedAccounts?: number
  /** Where state is persisted (JSON under `storageKey`); default none: state lives in memory only. */
  storage?: WalletStorage
  /** Storage key; default 'latchkey-dev-wallet'. */
  storageKey?: string
  /** When given, overrides the persisted auto-approve setting (and is persisted). */
  autoApprove?: boolean
  /** Origin recorded on pending requests; default `location.origin` when running in a browser. */
  origin?: string
  /** Test hook: methods in this set never settle (a wallet that never answers). */
  hang?: ReadonlySet<string>
  /** Test hook: see {@link DevWalletMisbehaviour}. */
  misbehave?: DevWalletMisbehaviour
}

/** A snapshot of the wallet's user-visible state. */
export type DevWalletState = {
  /** Whether the site is connected (has account access). */
  authorised: boolean
  /** Index of the selected account in {@link DevWallet.addresses}. */
  accountIndex: number
  /** Checksummed address of the selected account. */
  address: Address
  /** Current chain id (decimal). */
  chainId: number
  autoApprove: boolean
}
