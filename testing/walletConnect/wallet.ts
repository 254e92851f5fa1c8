/**
 * The development mobile wallet: the wallet side of WalletConnect v2, built on `@walletconnect/sign-client`,
 * for the demo and the tests. It pairs from a `wc:` URI, shows the dapp's proposal, approves or
 * rejects it, answers `personal_sign`, `eth_signTypedData_v4`, `eth_sendTransaction` (signed locally, sent to
 * the anvil of the request's chain), `wallet_switchEthereumChain`, `wallet_addEthereumChain` and batched calls
 * (EIP-5792: `wallet_getCapabilities`, `wallet_sendCalls` on one approval, run one by one, `wallet_getCallsStatus`,
 * `wallet_showCallsStatus`; ./calls.ts), and can
 * disconnect from its side. Runs in Node (unit tests) and in the browser (`demo/mobile-wallet.html`).
 *
 * Keys: the anvil dev accounts (`../wallet/accounts.ts`) (never use them for anything of value). Dev and test only;
 * never part of the library bundle.
 */
import { SignClient } from '@walletconnect/sign-client'
import { BaseError as ViemBaseError, createWalletClient, defineChain, http, isAddress, isHex, numberToHex } from 'viem'
import type { Address, Chain, LocalAccount, Transport, WalletClient } from 'viem'
import { devAccounts } from '../wallet/accounts.ts'
import { describeRequest } from '../wallet/describe.ts'
import { DevWalletRpcError } from '../wallet/provider.ts'
import { hexQuantity, invalidParams, readTransaction, readTypedData, type TransactionFields, tuple } from '../wallet/rpcParams.ts'
import type { DevWalletChain, PendingRequestKind } from '../wallet/provider.ts'
import { parseConnectionUrl, wsProtocols } from '../../kernel/urls.ts'
import { eip5792Methods } from '../../kernel/eip5792.ts'
import { MemoryKeyValueStorage } from './storage.ts'
import type { KeyValueStorage } from './storage.ts'
import { DevMobileWalletError, parseWalletConnectUri } from './uri.ts'
import type { DevWalletCalls } from '../wallet/calls.ts'
import { mobileWalletCalls } from './calls.ts'

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
  /** Results sent (after approval) instead of the real answer, by method, e.g. `{ personal_sign: '0x00' }`. */
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
  /** Which anvil dev account (0..4) the wallet holds; default 0. Ignored when `account` is given. */
  accountIndex?: number
  /** A viem local account to hold instead of a dev account (tests use a fresh funded key to keep nonces their own). */
  account?: LocalAccount
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
  /** The dev account's checksummed address (the real one, even with `misbehave.address`). */
  address: Address
  pending: DevMobilePending[]
  autoApprove: boolean
  /** Every chain the wallet knows: the options', then those added by `wallet_addEthereumChain`. */
  chains: DevWalletChain[]
  /** The last failure (pairing, approving, answering), for the page; cleared by the next successful pair. */
  lastError?: string
}

type Namespace = { chains?: string[]; accounts: string[]; methods: string[]; events: string[] }
type ProposalNamespace = { chains?: string[]; methods?: string[]; events?: string[] }
type Proposal = {
  id: number
  pairingTopic: string
  proposer: { metadata?: Partial<WalletMetadata> }
  requiredNamespaces?: Record<string, ProposalNamespace>
  optionalNamespaces?: Record<string, ProposalNamespace>
}
type SessionRequestEvent = { id: number; topic: string; params: { request: { method: string; params?: unknown }; chainId: string } }
/** The SDK client: `SignClient` is exported as a value, so its instance type is derived. */
// biome-ignore lint/suspicious/noRedeclare: the SDK's class value and its instance type share the name, as TypeScript allows
type SignClient = InstanceType<typeof SignClient>
type ApproveNamespaces = Parameters<SignClient['approve']>[0]['namespaces']

type QueueEntry = { item: DevMobilePending; approve: () => Promise<void>; reject: () => Promise<void>; sdkId: number }

/** Outcome of checking a proposal against the wallet's chains. */
type ProposalPlan = { chains: string[]; problem?: { code: number; message: string } }

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const SDK_EVENTS = ['session_proposal', 'session_request', 'session_delete', 'session_expire', 'session_update', 'session_extend', 'proposal_expire', 'session_request_expire'] as const

let instances = 0

/**
 * A development mobile wallet over WalletConnect v2. Create it with {@link DevMobileWallet.create}.
 *
 * Proposals and requests that need the user wait in {@link DevMobileWallet.pending} until
 * {@link DevMobileWallet.approve} or {@link DevMobileWallet.reject} (or at once with auto-approve). Requests
 * with bad params are answered at once with -32602; `wallet_switchEthereumChain` to a chain the wallet does not
 * know with 4902; unsupported methods with 4200; a rejection with 4001.
 *
 * @example
 * const wallet = await DevMobileWallet.create({ relayUrl: relay.url, chains: [{ chainId: 31337, name: 'Anvil', rpcUrl }] })
 * await wallet.pair(uri)                       // the dapp's wc: URI
 * const proposal = await wallet.waitFor((s) => s.pending[0]?.kind === 'proposal')
 * await wallet.approve(proposal.pending[0].id) // the dapp's session settles
 */
export class DevMobileWallet {
  /** The SDK client (for tests that need to look inside). */
  readonly client: SignClient
  /** Test hooks; see {@link DevMobileWalletMisbehaviour}. Mutable. */
  misbehave: DevMobileWalletMisbehaviour

  readonly #account: LocalAccount
  readonly #chains: DevWalletChain[]
  readonly #storagePrefix: string
  readonly #queue = new Map<number, QueueEntry>()
  /** Batched calls (EIP-5792) by chain id. */
  readonly #batches = new Map<number, DevWalletCalls>()
  readonly #listeners = new Set<(state: DevMobileWalletState) => void>()
  readonly #clients = new Map<string, WalletClient<Transport, Chain>>()
  readonly #storage: KeyValueStorage
  /** How many of {@link DevMobileWallet.#chains} came from the options (the rest were added by dapps). */
  readonly #ownChains: number
  #nextId = 1
  #chainId: number
  #autoApprove: boolean
  #awaitingProposal = false
  #lastError: string | undefined
  #closed = false

  private constructor(client: SignClient, options: DevMobileWalletOptions, account: LocalAccount, storagePrefix: string, storage: KeyValueStorage, saved: unknown) {
    this.client = client
    this.#account = account
    this.#chains = options.chains.map((c) => ({ ...c }))
    this.#ownChains = this.#chains.length
    this.#chainId = (this.#chains[0] as DevWalletChain).chainId
    this.#autoApprove = options.autoApprove ?? false
    this.misbehave = options.misbehave ?? {}
    this.#storagePrefix = storagePrefix
    this.#storage = storage
    this.#restore(saved)
    for (const event of SDK_EVENTS) client.on(event, this.#handlers[event] as never)
  }

  /**
   * Starts the SDK client (it connects to the relay once it has a topic) and returns the wallet.
   *
   * @param options see {@link DevMobileWalletOptions}.
   * @throws DevMobileWalletError when `chains` is empty, a chain is malformed, `accountIndex` is not 0..4,
   *   `projectId` is not 32 hex characters or `relayUrl` is not a ws:// or wss:// URL.
   */
  static async create(options: DevMobileWalletOptions): Promise<DevMobileWallet> {
    if (!Array.isArray(options.chains) || options.chains.length === 0) throw new DevMobileWalletError('The mobile wallet needs at least one chain.')
    for (const chain of options.chains) {
      if (!Number.isSafeInteger(chain?.chainId) || chain.chainId <= 0 || typeof chain.rpcUrl !== 'string' || typeof chain.name !== 'string') {
        throw new DevMobileWalletError(`Invalid chain ${JSON.stringify(chain)}: expected { chainId, name, rpcUrl }.`)
      }
    }
    try {
      // Parsed with URL (the connection layer's policy, kernel/urls.ts), never matched with a pattern.
      parseConnectionUrl(options.relayUrl, { protocols: wsProtocols })
    } catch {
      throw new DevMobileWalletError(`Invalid relay URL ${JSON.stringify(options.relayUrl)}: expected ws://host:port.`)
    }
    const projectId = options.projectId ?? devProjectId
    if (!/^[0-9a-f]{32}$/i.test(projectId)) throw new DevMobileWalletError('The project id must be 32 hex characters.')
    let account = options.account
    if (!account) {
      const accounts = devAccounts()
      const accountIndex = options.accountIndex ?? 0
      account = accounts[accountIndex]
      if (!Number.isInteger(accountIndex) || !account) throw new DevMobileWalletError(`No dev account at index ${accountIndex} (0..${accounts.length - 1}).`)
    }
    instances++
    const storagePrefix = options.storagePrefix ?? (options.storage ? 'latchkey-mobile-wallet' : `latchkey-mobile-wallet-${instances}-${Math.random().toString(36).slice(2, 8)}`)
    const origin = (globalThis as { location?: { origin?: string } }).location?.origin
    const metadata: WalletMetadata = {
      name: 'Latchkey Dev Mobile Wallet',
      description: 'Development wallet of the latchkey project (anvil dev accounts; never use for value).',
      url: origin && origin !== 'null' ? origin : 'http://127.0.0.1',
      icons: [],
      ...options.metadata,
    }
    const storage = options.storage ?? new MemoryKeyValueStorage()
    let client: SignClient
    let saved: unknown
    try {
      saved = await storage.getItem(walletStateKey(storagePrefix))
      client = await SignClient.init({
        projectId,
        relayUrl: options.relayUrl,
        metadata,
        storage: storage as never,
        customStoragePrefix: storagePrefix,
        logger: options.logLevel ?? 'error',
        telemetryEnabled: false,
      })
    } catch (error) {
      throw new DevMobileWalletError('The WalletConnect client could not start.', { cause: error })
    }
    return new DevMobileWallet(client, options, account, storagePrefix, storage, saved)
  }

  // ---------------------------------------------------------------- reading

  /** A snapshot of the user-visible state (fresh objects on each read). */
  get state(): DevMobileWalletState {
    const sessions = this.#closed
      ? []
      : this.client.session.getAll().map((s) => ({
          topic: s.topic,
          peer: { name: s.peer.metadata.name, url: s.peer.metadata.url },
          chains: [...(s.namespaces.eip155?.chains ?? [])],
          accounts: [...(s.namespaces.eip155?.accounts ?? [])],
          acknowledged: s.acknowledged,
          expiry: s.expiry,
        }))
    const pending = this.pending
    const status: DevMobileWalletStatus = pending.some((p) => p.kind === 'proposal') ? 'proposal' : sessions.length > 0 ? 'connected' : this.#awaitingProposal ? 'pairing' : 'idle'
    return {
      status,
      paired: !this.#closed && this.client.pairing.getAll().length > 0,
      sessions,
      chainId: this.#chainId,
      address: this.#account.address,
      pending,
      autoApprove: this.#autoApprove,
      chains: this.#chains.map((c) => ({ ...c })),
      ...(this.#lastError !== undefined ? { lastError: this.#lastError } : {}),
    }
  }

  /** Proposals and requests waiting for the user, oldest first. */
  get pending(): DevMobilePending[] {
    return [...this.#queue.values()].map((e) => e.item)
  }

  /** The dev account's checksummed address. */
  get address(): Address {
    return this.#account.address
  }

  /** The account the wallet holds (its key signs every request it approves; the page signs Farcaster requests with it). */
  get account(): LocalAccount {
    return this.#account
  }

  /**
   * Calls `listener` with the new state after every change (pending items, sessions, chain, auto-approve, errors).
   * @returns an unsubscribe function.
   */
  onChange(listener: (state: DevMobileWalletState) => void): () => void {
    this.#listeners.add(listener)
    return () => {
      this.#listeners.delete(listener)
    }
  }

  /**
   * Resolves with the first state (the current one included) that satisfies `predicate`.
   * @param timeoutMs how long to wait, in milliseconds; default 10 000.
   * @throws DevMobileWalletError when the time runs out (the message names the last status).
   */
  waitFor(predicate: (state: DevMobileWalletState) => boolean, timeoutMs = 10_000): Promise<DevMobileWalletState> {
    return new Promise((resolve, reject) => {
      const check = (state: DevMobileWalletState): boolean => {
        if (!predicate(state)) return false
        clearTimeout(timer)
        unsubscribe()
        resolve(state)
        return true
      }
      const timer = setTimeout(() => {
        unsubscribe()
        const { status, pending, sessions } = this.state
        reject(
          new DevMobileWalletError(`The mobile wallet did not reach the expected state within ${timeoutMs} ms.`, {
            details: `status ${status}, ${pending.length} pending, ${sessions.length} session(s)`,
          }),
        )
      }, timeoutMs)
      const unsubscribe = this.onChange(check)
      check(this.state)
    })
  }

  // ---------------------------------------------------------------- user actions

  /**
   * Pairs with a dapp from its URI (pasted, scanned or read by a test). The proposal arrives afterwards and shows
   * in {@link DevMobileWallet.pending} (status 'pairing' until then).
   *
   * @param uri the dapp's `wc:` URI.
   * @throws DevMobileWalletError for a malformed URI (see {@link parseWalletConnectUri}) or when the SDK refuses
   *   it (expired, already paired); the wallet's `lastError` says the same.
   */
  async pair(uri: string): Promise<void> {
    this.#assertOpen()
    let parsed: ReturnType<typeof parseWalletConnectUri>
    try {
      parsed = parseWalletConnectUri(uri)
    } catch (error) {
      this.#fail(error)
      throw error
    }
    if (parsed.expiryTimestamp !== undefined && parsed.expiryTimestamp * 1000 <= Date.now()) {
      const error = new DevMobileWalletError('This WalletConnect URI has expired: ask the site for a new one.')
      this.#fail(error)
      throw error
    }
    this.#awaitingProposal = true
    this.#lastError = undefined
    this.#notify()
    try {
      await this.client.pair({ uri: uri.trim() })
    } catch (error) {
      this.#awaitingProposal = false
      const wrapped = new DevMobileWalletError('Pairing failed.', { cause: error })
      this.#fail(wrapped)
      throw wrapped
    }
    this.#notify()
  }

  /**
   * Approves a pending proposal (settles a session with the eip155 chains the dapp asked for that the wallet
   * knows) or request (answers it).
   *
   * @param id a {@link DevMobilePending.id}.
   * @returns false when nothing is pending under `id`.
   * @throws DevMobileWalletError when the proposal asks for no eip155 chain the wallet knows (the dapp gets a 5100
   *   rejection) or the SDK fails to publish.
   */
  async approve(id: number): Promise<boolean> {
    const entry = this.#take(id)
    if (!entry) return false
    try {
      await entry.approve()
    } catch (error) {
      this.#fail(error)
      throw error instanceof DevMobileWalletError ? error : new DevMobileWalletError(`Approving ${entry.item.method} failed.`, { cause: error })
    } finally {
      this.#notify()
    }
    return true
  }

  /**
   * Rejects a pending proposal (the dapp's approval promise rejects, code 5000) or request (4001).
   * @returns false when nothing is pending under `id`.
   * @throws DevMobileWalletError when the SDK fails to publish the rejection.
   */
  async reject(id: number): Promise<boolean> {
    const entry = this.#take(id)
    if (!entry) return false
    try {
      await entry.reject()
    } catch (error) {
      this.#fail(error)
      throw new DevMobileWalletError(`Rejecting ${entry.item.method} failed.`, { cause: error })
    } finally {
      this.#notify()
    }
    return true
  }

  /** Turns auto-approve on or off. Turning it on approves everything pending (failures go to `lastError`). */
  setAutoApprove(value: boolean): void {
    if (value === this.#autoApprove) return
    this.#autoApprove = value
    this.#notify()
    if (value) for (const id of [...this.#queue.keys()]) this.approve(id).catch(() => {})
  }

  /**
   * Switches the wallet's chain from the wallet (user action): adds the chain to every session that lacks it
   * (session update), then emits `chainChanged` to every session.
   *
   * @param chainId decimal chain id of a chain the wallet knows.
   * @throws DevMobileWalletError when the chain is unknown or a session update is not acknowledged in time.
   */
  async switchChain(chainId: number): Promise<void> {
    this.#assertOpen()
    if (!this.#findChain(chainId)) throw new DevMobileWalletError(`The mobile wallet does not know chain ${chainId}.`)
    for (const session of this.client.session.getAll()) {
      await this.#ensureChainInSession(session.topic, chainId)
    }
    this.#setChain(chainId)
    await this.#emitChainChanged(this.client.session.getAll().map((s) => s.topic))
    this.#notify()
  }

  /**
   * Disconnects from the wallet's side: deletes the session (the dapp gets `session_delete` and resets) and drops
   * its pending requests.
   *
   * @param topic one session's topic; default every session.
   * @throws DevMobileWalletError when the SDK fails to publish the deletion.
   */
  async disconnect(topic?: string): Promise<void> {
    this.#assertOpen()
    const topics = topic ? [topic] : this.client.session.getAll().map((s) => s.topic)
    try {
      for (const t of topics) await this.client.disconnect({ topic: t, reason: walletReasons.userDisconnected })
    } catch (error) {
      this.#fail(error)
      throw new DevMobileWalletError('Disconnecting failed.', { cause: error })
    } finally {
      for (const [id, entry] of this.#queue) if (topics.includes(entry.item.topic)) this.#queue.delete(id)
      this.#notify()
    }
  }

  /**
   * Stops the wallet: closes its relay socket and timers and forgets its listeners. Sessions are not deleted (use
   * {@link DevMobileWallet.disconnect} first for that). Idempotent.
   */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    for (const event of SDK_EVENTS) this.client.off(event, this.#handlers[event] as never)
    this.#queue.clear()
    this.#listeners.clear()
    try {
      await this.client.core.relayer.transportClose()
    } catch {
      // already closed
    }
    this.client.core.heartbeat.stop()
    // Free the SDK's global Core slot so a new wallet may use this prefix again in this realm.
    const key = `_walletConnectCore_${this.#storagePrefix}`
    Reflect.deleteProperty(globalThis, key)
    Reflect.deleteProperty(globalThis, `${key}_count`)
  }

  // ---------------------------------------------------------------- SDK events

  readonly #handlers: Record<(typeof SDK_EVENTS)[number], (event: any) => void> = {
    session_proposal: (event: { id: number; params: Proposal }) => this.#onProposal(event.id, event.params),
    session_request: (event: SessionRequestEvent) => {
      this.#onRequest(event).catch((error: unknown) => this.#fail(error))
    },
    session_delete: (event: { topic: string }) => {
      for (const [id, entry] of this.#queue) if (entry.item.topic === event.topic) this.#queue.delete(id)
      this.#notify()
    },
    session_expire: () => this.#notify(),
    session_update: () => this.#notify(),
    session_extend: () => this.#notify(),
    proposal_expire: (event: { id: number }) => {
      for (const [id, entry] of this.#queue) if (entry.item.kind === 'proposal' && entry.sdkId === event.id) this.#queue.delete(id)
      this.#notify()
    },
    session_request_expire: (event: { id: number }) => {
      for (const [id, entry] of this.#queue) if (entry.item.kind !== 'proposal' && entry.sdkId === event.id) this.#queue.delete(id)
      this.#notify()
    },
  }

  #onProposal(sdkId: number, proposal: Proposal): void {
    this.#awaitingProposal = false
    if (this.misbehave.neverAnswer?.has('session_proposal')) return this.#notify()
    const plan = this.#plan(proposal)
    const name = proposal.proposer.metadata?.name || 'this site'
    const item: DevMobilePending = {
      id: this.#nextId++,
      kind: 'proposal',
      method: 'wc_sessionPropose',
      params: proposal,
      topic: proposal.pairingTopic,
      peer: { name, url: proposal.proposer.metadata?.url ?? '' },
      question: `Connect to ${name}?`,
      detail: plan.problem ? `Cannot connect: ${plan.problem.message}` : `Chains ${plan.chains.join(', ')}\nAccount ${this.#account.address}`,
    }
    this.#enqueue({
      item,
      sdkId,
      approve: () => this.#approveProposal(sdkId, plan),
      reject: () => this.client.reject({ id: sdkId, reason: walletReasons.userRejectedProposal }),
    })
  }

  /**
   * The chains to approve (the eip155 chains of the proposal, required or optional, that the wallet knows, in the
   * dapp's order), or why the proposal cannot be approved. Since SDK 2.x moved required namespaces into optional
   * ones, both are read alike; namespaces other than eip155 are left out.
   */
  #plan(proposal: Proposal): ProposalPlan {
    const known = new Set(this.#chains.map((c) => `eip155:${c.chainId}`))
    const asked: string[] = []
    for (const namespaces of [proposal.requiredNamespaces, proposal.optionalNamespaces]) {
      for (const [key, ns] of Object.entries(namespaces ?? {})) {
        const [namespace, reference] = key.split(':')
        if (namespace === 'eip155') asked.push(...(reference ? [key] : (ns.chains ?? [])))
      }
    }
    const chains = [...new Set(asked)].filter((c) => known.has(c))
    if (chains.length > 0) return { chains }
    const message = asked.length ? `None of the requested chains (${[...new Set(asked)].join(', ')}) is known to this wallet.` : 'The site asked for no eip155 chain.'
    return { chains, problem: { ...walletReasons.unsupportedChains, message } }
  }

  async #approveProposal(sdkId: number, plan: ProposalPlan): Promise<void> {
    if (plan.problem) {
      await this.client.reject({ id: sdkId, reason: plan.problem })
      throw new DevMobileWalletError(`The proposal cannot be approved: ${plan.problem.message}`)
    }
    const namespaces = {
      eip155: { chains: plan.chains, accounts: plan.chains.map((c) => `${c}:${this.#siteAddress()}`), methods: [...supportedMethods], events: [...supportedEvents] },
    } satisfies Record<string, Namespace>
    const { acknowledged } = await this.client.approve({ id: sdkId, namespaces: namespaces as ApproveNamespaces })
    this.#setChain(caipReference(plan.chains[0] as string))
    const { topic } = await acknowledged()
    this.#watchAcknowledgement(topic)
  }

  /**
   * On the wallet's side the SDK marks a session acknowledged when the dapp answers the settlement, without an
   * event: look every {@link acknowledgementPoll} ms (until the session is acknowledged or gone) so the page and
   * `waitFor` see it.
   */
  #watchAcknowledgement(topic: string): void {
    const timer = setInterval(() => {
      const session = this.#closed ? undefined : this.client.session.getAll().find((s) => s.topic === topic)
      if (session && !session.acknowledged) return
      clearInterval(timer)
      this.#notify()
    }, acknowledgementPoll)
  }

  async #onRequest(event: SessionRequestEvent): Promise<void> {
    const { id, topic } = event
    const { method, params } = event.params.request
    const chainId = event.params.chainId
    if (this.misbehave.neverAnswer?.has(method)) return
    const respond = (response: { result: unknown } | { error: { code: number; message: string; data?: unknown } }) => this.client.respond({ topic, response: { id, jsonrpc: '2.0', ...response } as never })
    const respondError = (error: unknown) => respond({ error: toRpcError(error) })

    let prepared: Prepared
    try {
      prepared = this.#prepare(method, params, chainId, topic)
    } catch (error) {
      return respondError(error)
    }
    if (prepared.immediate) {
      try {
        return await respond({ result: await prepared.run() })
      } catch (error) {
        return respondError(error)
      }
    }
    const session = this.client.session.getAll().find((s) => s.topic === topic)
    const peer = { name: session?.peer.metadata.name ?? 'this site', url: session?.peer.metadata.url ?? '' }
    const { question, detail } = describeRequest({ id: 0, kind: prepared.kind, method, params })
    this.#enqueue({
      item: { id: this.#nextId++, kind: prepared.kind, method, params, chainId, topic, peer, question, detail },
      sdkId: id,
      approve: async () => {
        let result: unknown
        try {
          const results = this.misbehave.results
          result = results && Object.hasOwn(results, method) ? results[method] : await prepared.run()
        } catch (error) {
          await respondError(error)
          throw new DevMobileWalletError(`${method} failed.`, { cause: error })
        }
        await respond({ result })
      },
      reject: () => respond({ error: walletReasons.userRejectedRequest }),
    })
  }

  // ---------------------------------------------------------------- methods

  /**
   * Checks a request's params and returns what approving it does. Throws a {@link DevWalletRpcError} for bad
   * params (-32602), an unknown chain to switch to (4902), another account (4100) or an unsupported method (4200).
   */
  #prepare(method: string, params: unknown, chainId: string, topic: string): Prepared {
    switch (method) {
      case 'personal_sign': {
        const [message, address] = tuple(method, params, 2)
        if (typeof message !== 'string') throw invalidParams(method, 'message must be a string.')
        this.#checkAddress(method, address)
        return { kind: 'sign', run: () => this.#account.signMessage({ message: isHex(message) ? { raw: message } : message }) }
      }
      case 'eth_signTypedData_v4': {
        const [address, json] = tuple(method, params, 2)
        this.#checkAddress(method, address)
        const data = readTypedData(method, json)
        return {
          kind: 'sign',
          run: async () => {
            try {
              return await this.#account.signTypedData(data)
            } catch (error) {
              throw invalidParams(method, error instanceof ViemBaseError ? error.shortMessage : String(error))
            }
          },
        }
      }
      case 'eth_sendTransaction': {
        const request = this.#readTransaction(method, params)
        const chain = this.#findChain(caipReference(chainId))
        if (!chain) throw invalidParams(method, `the wallet has no RPC for chain ${chainId}.`)
        return {
          kind: 'sendTransaction',
          run: async () => {
            const client = this.#client(chain)
            try {
              return await client.sendTransaction({ ...request, account: this.#account } as Parameters<typeof client.sendTransaction>[0])
            } catch (error) {
              throw nodeError(error)
            }
          },
        }
      }
      case 'wallet_switchEthereumChain': {
        const [request] = tuple(method, params, 1)
        const target = readChainId(method, (request as { chainId?: unknown } | null)?.chainId)
        if (!this.#findChain(target)) {
          throw new DevWalletRpcError(4902, `Unrecognized chain ID ${numberToHex(target)}. Try adding the chain first.`)
        }
        const inSession = this.#sessionChains(topic).includes(`eip155:${target}`)
        if (target === this.#chainId && inSession) return { kind: 'switchChain', immediate: true, run: async () => null }
        return { kind: 'switchChain', run: () => this.#switchFor(topic, target) }
      }
      case 'wallet_addEthereumChain': {
        const [request] = tuple(method, params, 1)
        if (typeof request !== 'object' || request === null) throw invalidParams(method, 'expected [{ chainId, chainName, rpcUrls }].')
        const { chainId: rawChainId, chainName, rpcUrls, nativeCurrency } = request as Record<string, unknown>
        const target = readChainId(method, rawChainId)
        if (typeof chainName !== 'string' || chainName.length === 0) throw invalidParams(method, 'chainName must be a string.')
        if (!Array.isArray(rpcUrls) || typeof rpcUrls[0] !== 'string' || !rpcUrls.every((u) => typeof u === 'string')) {
          throw invalidParams(method, 'rpcUrls must be a non-empty array of strings.')
        }
        if (nativeCurrency !== undefined && !isCurrency(nativeCurrency)) throw invalidParams(method, 'nativeCurrency must be { name, symbol, decimals }.')
        if (this.#findChain(target)) return { kind: 'switchChain', run: () => this.#switchFor(topic, target) }
        return {
          kind: 'addChain',
          run: async () => {
            if (!this.#findChain(target)) {
              this.#chains.push({ chainId: target, name: chainName, rpcUrl: rpcUrls[0] as string, ...(nativeCurrency ? { nativeCurrency: nativeCurrency as DevWalletChain['nativeCurrency'] } : {}) })
            }
            return this.#switchFor(topic, target)
          },
        }
      }
    }
    if ((eip5792Methods as readonly string[]).includes(method)) {
      const calls = this.#callsOn(caipReference(chainId))
      if (method !== 'wallet_sendCalls') return { kind: 'sign', immediate: true, run: () => calls.request(method, params) }
      const [request] = tuple(method, params, 1)
      if (typeof request !== 'object' || request === null) throw invalidParams(method, 'expected [{ version, chainId, from, calls }].')
      this.#checkAddress(method, (request as { from?: unknown }).from)
      return { kind: 'sendTransaction', run: () => calls.request(method, params) }
    }
    throw new DevWalletRpcError(4200, `The mobile wallet does not support ${method}.`)
  }

  /** The batched calls of a chain the wallet knows (their ids are the chain's): -32602 for one it does not. */
  #callsOn(chainId: number): DevWalletCalls {
    const chain = this.#findChain(chainId)
    if (!chain) throw invalidParams('wallet_sendCalls', `the wallet has no RPC for chain ${chainId}.`)
    let calls = this.#batches.get(chainId)
    if (!calls) {
      calls = mobileWalletCalls({
        chainId,
        client: this.#client(chain),
        account: this.#account,
        checkAddress: (method, address) => this.#checkAddress(method, address),
        chainIds: () => this.#chains.map((c) => c.chainId),
      })
      this.#batches.set(chainId, calls)
    }
    return calls
  }

  /** Adds `chainId` to the session when missing, makes it current and emits `chainChanged`. @returns null (the RPC result). */
  async #switchFor(topic: string, chainId: number): Promise<null> {
    await this.#ensureChainInSession(topic, chainId)
    this.#setChain(chainId)
    await this.#emitChainChanged([topic])
    this.#notify()
    return null
  }

  /** Updates the session's eip155 namespace with `chainId` (and its account) and waits for the dapp's acknowledgement. */
  async #ensureChainInSession(topic: string, chainId: number): Promise<void> {
    const session = this.client.session.get(topic)
    const caip = `eip155:${chainId}`
    const eip155 = session.namespaces.eip155
    if (!eip155 || eip155.chains?.includes(caip)) return
    const namespaces = {
      ...session.namespaces,
      eip155: { ...eip155, chains: [...(eip155.chains ?? []), caip], accounts: [...eip155.accounts, `${caip}:${this.#siteAddress()}`] },
    }
    const { acknowledged } = await this.client.update({ topic, namespaces })
    let timer: ReturnType<typeof setTimeout> | undefined
    try {
      await Promise.race([
        acknowledged(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new DevMobileWalletError(`The dapp did not acknowledge the session update within ${sessionUpdateTimeout} ms.`)), sessionUpdateTimeout)
        }),
      ])
    } finally {
      clearTimeout(timer)
    }
  }

  async #emitChainChanged(topics: string[]): Promise<void> {
    const chainId = `eip155:${this.#chainId}`
    for (const topic of topics) {
      if (!this.#sessionChains(topic).includes(chainId)) continue
      await this.client.emit({ topic, chainId, event: { name: 'chainChanged', data: this.#chainId } })
    }
  }

  #readTransaction(method: string, params: unknown): TransactionFields {
    const { from, fields } = readTransaction(method, params)
    if (from !== undefined) this.#checkAddress(method, from)
    return fields
  }

  // ---------------------------------------------------------------- helpers

  #checkAddress(method: string, address: unknown): void {
    if (typeof address !== 'string' || !isAddress(address, { strict: false })) throw invalidParams(method, 'expected an address.')
    if (address.toLowerCase() !== this.#account.address.toLowerCase()) {
      throw new DevWalletRpcError(4100, 'The requested method and/or account has not been authorized by the user.')
    }
  }

  /** The address the dapp sees: the real one, or `misbehave.address`. */
  #siteAddress(): string {
    return this.misbehave.address ?? this.#account.address
  }

  #sessionChains(topic: string): string[] {
    return this.client.session.getAll().find((s) => s.topic === topic)?.namespaces.eip155?.chains ?? []
  }

  /** Makes `chainId` current and saves it (with the chains dapps added) next to the SDK's data. */
  #setChain(chainId: number): void {
    this.#chainId = chainId
    const state = { chainId, addedChains: this.#chains.slice(this.#ownChains) }
    this.#storage.setItem(walletStateKey(this.#storagePrefix), state).catch(() => {
      // A storage that refuses: the wallet keeps working in memory.
    })
  }

  /** Reads what {@link DevMobileWallet.#setChain} saved; ignores anything malformed. */
  #restore(saved: unknown): void {
    if (typeof saved !== 'object' || saved === null) return
    const { chainId, addedChains } = saved as { chainId?: unknown; addedChains?: unknown }
    if (Array.isArray(addedChains)) {
      for (const chain of addedChains as Array<Partial<DevWalletChain> | null>) {
        if (!chain || !Number.isSafeInteger(chain.chainId) || typeof chain.name !== 'string' || typeof chain.rpcUrl !== 'string') continue
        if (this.#findChain(chain.chainId as number)) continue
        this.#chains.push({
          chainId: chain.chainId as number,
          name: chain.name,
          rpcUrl: chain.rpcUrl,
          ...(isCurrency(chain.nativeCurrency) ? { nativeCurrency: chain.nativeCurrency as DevWalletChain['nativeCurrency'] } : {}),
        })
      }
    }
    if (typeof chainId === 'number' && this.#findChain(chainId)) this.#chainId = chainId
  }

  #findChain(chainId: number): DevWalletChain | undefined {
    return this.#chains.find((c) => c.chainId === chainId)
  }

  #client(chain: DevWalletChain): WalletClient<Transport, Chain> {
    const key = `${chain.chainId} ${chain.rpcUrl}`
    let client = this.#clients.get(key)
    if (!client) {
      const viemChain = defineChain({
        id: chain.chainId,
        name: chain.name,
        nativeCurrency: chain.nativeCurrency ?? ether,
        rpcUrls: { default: { http: [chain.rpcUrl] } },
      })
      client = createWalletClient({ chain: viemChain, transport: http(chain.rpcUrl, { retryCount: 0 }) })
      this.#clients.set(key, client)
    }
    return client
  }

  #enqueue(entry: QueueEntry): void {
    this.#queue.set(entry.item.id, entry)
    this.#notify()
    if (this.#autoApprove) this.approve(entry.item.id).catch(() => {})
  }

  #take(id: number): QueueEntry | undefined {
    const entry = this.#queue.get(id)
    if (entry) this.#queue.delete(id)
    return entry
  }

  #fail(error: unknown): void {
    this.#lastError = error instanceof ViemBaseError || error instanceof DevMobileWalletError ? error.shortMessage : error instanceof Error ? error.message : String(error)
    this.#notify()
  }

  #assertOpen(): void {
    if (this.#closed) throw new DevMobileWalletError('The mobile wallet is closed.')
  }

  #notify(): void {
    if (this.#listeners.size === 0) return
    const state = this.state
    for (const listener of [...this.#listeners]) {
      try {
        listener(state)
      } catch (error) {
        console.error('DevMobileWallet: a listener threw', error)
      }
    }
  }
}

type Prepared = { kind: Exclude<PendingRequestKind, 'connect'>; run: () => Promise<unknown>; immediate?: boolean }

/** The storage key of the wallet's own state (current chain, added chains), beside the SDK's keys. */
function walletStateKey(storagePrefix: string): string {
  return `latchkey-mobile-wallet//${storagePrefix}//state`
}

/** A chain id from a hex quantity ('0x7a69') or a decimal number; -32602 otherwise. */
function readChainId(method: string, value: unknown): number {
  let chainId: number | undefined
  if (typeof value === 'string' && hexQuantity.test(value)) chainId = Number.parseInt(value, 16)
  else if (typeof value === 'number') chainId = value
  if (chainId === undefined || !Number.isSafeInteger(chainId) || chainId <= 0) throw invalidParams(method, 'chainId must be a hex quantity.')
  return chainId
}

/** 31337 from 'eip155:31337'; NaN when malformed. */
function caipReference(caip2: string): number {
  return Number(caip2.split(':')[1])
}

function isCurrency(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const { name, symbol, decimals } = value as Record<string, unknown>
  return typeof name === 'string' && typeof symbol === 'string' && typeof decimals === 'number'
}

/** The JSON-RPC error object to answer with. */
function toRpcError(error: unknown): { code: number; message: string; data?: unknown } {
  if (error instanceof DevWalletRpcError) return { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) }
  if (error instanceof DevMobileWalletError) return { code: -32603, message: error.shortMessage }
  return { code: -32603, message: error instanceof Error ? error.message : String(error) }
}

/** A node (anvil) failure as a JSON-RPC error: the node's code and message when there is one. */
function nodeError(error: unknown): DevWalletRpcError {
  let current: unknown = error
  while (current instanceof Error) {
    const { code } = current as { code?: unknown }
    if (typeof code === 'number' && code !== 0) {
      return new DevWalletRpcError(code, current instanceof ViemBaseError ? current.details || current.shortMessage : current.message)
    }
    current = current.cause
  }
  return new DevWalletRpcError(-32603, error instanceof ViemBaseError ? error.shortMessage : String(error))
}
