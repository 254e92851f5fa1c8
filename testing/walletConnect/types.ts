/**
 * The WalletConnect test wallet's vocabulary (./wallet.ts): the methods and events it approves, the reasons it sends,
 * its options, and the snapshots it shows (pending items, sessions, state). Browser-safe.
 */
import type { Address, LocalAccount } from 'viem'
import { eip5792Methods } from '../../kernel/eip5792.ts'
import type { DevWalletChain, PendingRequestKind } from '../wallet/provider.ts'
import type { KeyValueStorage } from './storage.ts'

export type { DevWalletChain } from '../wallet/provider.ts'

/** Methods the wallet approves in a session's eip155 namespace and answers. */
export const supportedMethods = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain', 'wallet_addEthereumChain', ...eip5792Methods] as const
/** Events the wallet approves in a session's eip155 namespace and emits. */
export const supportedEvents = ['chainChanged', 'accountsChanged'] as const

/** Any 32-hex project id will do on a loopback relay; this one spells "latchkey". */
export const devProjectId = '6c6174636b6579000000000000000000'

/** How long the wallet waits for the dapp to acknowledge a session update (adding a chain), in milliseconds. */
export const sessionUpdateTimeout = 15_000

/** How often the wallet looks whether the dapp acknowledged a new session, in milliseconds. */
export const acknowledgementPoll = 25

/** SDK error reasons the wallet sends (WalletConnect codes for proposals and sessions, EIP-1193 for requests). */
export const walletReasons = {
  userRejectedProposal: { code: 5000, message: 'User rejected.' },
  unsupportedChains: { code: 5100, message: 'Unsupported chains.' },
  userDisconnected: { code: 6000, message: 'User disconnected.' },
  userRejectedRequest: { code: 4001, message: 'User rejected the request.' },
} as const

/**
 * Test hooks: make the wallet misbehave like a broken real wallet. Each field applies when set; all can be
 * changed at runtime through {@link DevMobileWallet.misbehave}.
 */
export type DevMobileWalletMisbehaviour = {
  /**
   * Put in the session's accounts (`eip155:<id>:<address>`) and in `accountsChanged` events instead of the real
   * address: "a wallet that answers with a non-address" (e.g. 'not-an-address'). Requests still sign with the
   * real key.
   */
  address?: string
  /**
   * Methods the wallet never answers (they do not show as pending either); `'session_proposal'` makes it ignore
   * proposals.
   */
  neverAnswer?: ReadonlySet<string>
  /**
   * Results sent (after approval) instead of the real answer, by method, e.g. `{ personal_sign: '0x00' }` or garbage
   * such as `{ personal_sign: { not: 'a signature' } }` (the dapp must show an error, not hang or succeed).
   */
  results?: Readonly<Record<string, unknown>>
}

/** Options of {@link DevMobileWallet.create}. */
export type DevMobileWalletOptions = {
  /** The relay, e.g. `ws://127.0.0.1:8700` (`startRelay().url`). */
  relayUrl: string
  /** 32 hex characters; default {@link devProjectId}. A loopback relay never checks it. */
  projectId?: string
  /** The chains the wallet knows, at least one (e.g. the two anvils from `dev/chains.ts`); the first is its default chain. */
  chains: readonly DevWalletChain[]
  /** Which anvil dev account (0..4) the wallet holds; default 0. Ignored when `account` or `accounts` is given. */
  accountIndex?: number
  /** A viem local account to hold instead of a dev account (tests use a fresh funded key to keep nonces their own). */
  account?: LocalAccount
  /**
   * Several viem local accounts to hold instead (at least one; the first active): every session carries them all on
   * each chain it approves, the active one first, and a request may name any of them. Wins over `account`.
   */
  accounts?: readonly LocalAccount[]
  /** Approve proposals and requests without asking; default false. */
  autoApprove?: boolean
  /**
   * Where the SDK keeps keys, pairings and sessions; default a fresh {@link MemoryKeyValueStorage}. The page
   * passes a `WebKeyValueStorage` so a reload keeps its sessions.
   */
  storage?: KeyValueStorage
  /**
   * The SDK's `customStoragePrefix`. Two SDK clients in one JS realm with the same prefix share one Core (and
   * the flow hangs), so the default is unique per wallet when `storage` is not given, and
   * 'latchkey-mobile-wallet' (stable across reloads) when it is.
   */
  storagePrefix?: string
  /** The wallet's WalletConnect metadata; default name 'Latchkey Dev Mobile Wallet'. */
  metadata?: Partial<WalletMetadata>
  /** The SDK's log level ('silent', 'error', 'warn', 'info', 'debug', 'trace'); default 'error'. */
  logLevel?: string
  /** Test hooks; see {@link DevMobileWalletMisbehaviour}. */
  misbehave?: DevMobileWalletMisbehaviour
}

/** WalletConnect app metadata. */
export type WalletMetadata = { name: string; description: string; url: string; icons: string[] }

/** What a pending item asks the user: a session proposal, or one of the request kinds of the EVM dev wallet. */
export type DevMobilePendingKind = 'proposal' | Exclude<PendingRequestKind, 'connect'>

/** A proposal or request waiting for {@link DevMobileWallet.approve} / {@link DevMobileWallet.reject}. */
export type DevMobilePending = {
  /** The wallet's own id (1, 2, 3, …); not the SDK's. */
  readonly id: number
  readonly kind: DevMobilePendingKind
  /** 'wc_sessionPropose' for a proposal; else the request's method, e.g. 'personal_sign'. */
  readonly method: string
  /** The proposal, or the request's params as the dapp sent them. */
  readonly params: unknown
  /** CAIP-2 chain of a request, e.g. 'eip155:31337'. */
  readonly chainId?: string
  /** The session or pairing topic it came on. */
  readonly topic: string
  /** The dapp, from its metadata. */
  readonly peer: { name: string; url: string }
  /** What the page shows: 'Connect to Latchkey demo?', 'Sign message?', … */
  readonly question: string
  /** Details, e.g. the chains of a proposal or the message to sign; may be ''. */
  readonly detail: string
}

/** A settled session, as the page shows it. */
export type DevMobileSession = {
  topic: string
  peer: { name: string; url: string }
  /** CAIP-2 chains of the eip155 namespace. */
  chains: string[]
  /** CAIP-10 accounts of the eip155 namespace. */
  accounts: string[]
  /** Whether the dapp acknowledged the settlement. */
  acknowledged: boolean
  /** Unix seconds. */
  expiry: number
}

/** Where the wallet is, for the page: `pairing` from `pair()` until the proposal arrives. */
export type DevMobileWalletStatus = 'idle' | 'pairing' | 'proposal' | 'connected'

/** A snapshot of the wallet's user-visible state. */
export type DevMobileWalletState = {
  status: DevMobileWalletStatus
  /** Whether the wallet holds at least one pairing. */
  paired: boolean
  sessions: DevMobileSession[]
  /** The wallet's current chain (decimal chain id). */
  chainId: number
  /** The active account's checksummed address (the real one, even with `misbehave.address`). */
  address: Address
  /** Every account the wallet holds, checksummed, in the order given (the active one is `accounts[accountIndex]`). */
  accounts: Address[]
  /** The index of the active account in `accounts`. */
  accountIndex: number
  pending: DevMobilePending[]
  autoApprove: boolean
  /** Every chain the wallet knows: the options', then those added by `wallet_addEthereumChain`. */
  chains: DevWalletChain[]
  /** The last failure (pairing, approving, answering), for the page; cleared by the next successful pair. */
  lastError?: string
}

export type Namespace = { chains?: string[]; accounts: string[]; methods: string[]; events: string[] }
export type ProposalNamespace = { chains?: string[]; methods?: string[]; events?: string[] }
export type Proposal = {
  id: number
  pairingTopic: string
  proposer: { metadata?: Partial<WalletMetadata> }
  requiredNamespaces?: Record<string, ProposalNamespace>
  optionalNamespaces?: Record<string, ProposalNamespace>
}
export type SessionRequestEvent = { id: number; topic: string; params: { request: { method: string; params?: unknown }; chainId: string } }

/** A JSON-RPC error a prompt is answered with (a request's error, a proposal's rejection reason). */
export type WalletErrorAnswer = { code: number; message: string; data?: unknown }

export type QueueEntry = { item: DevMobilePending; approve: () => Promise<void>; reject: () => Promise<void>; fail: (error: WalletErrorAnswer) => Promise<void>; sdkId: number }

/** Outcome of checking a proposal against the wallet's chains. */
export type ProposalPlan = { chains: string[]; problem?: { code: number; message: string } }
