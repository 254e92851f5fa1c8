/**
 * The WalletConnect test wallet (the development mobile wallet): the wallet side of WalletConnect v2, built on
 * `@walletconnect/sign-client`, for the kit's loopback pair, the demo and the tests. It pairs from a `wc:` URI, shows the dapp's proposal, approves or
 * rejects it, answers `personal_sign`, `eth_signTypedData_v4`, `eth_sendTransaction` (signed locally, sent to
 * the anvil of the request's chain), `wallet_switchEthereumChain`, `wallet_addEthereumChain` and batched calls
 * (EIP-5792: `wallet_getCapabilities`, `wallet_sendCalls` on one approval, run one by one, `wallet_getCallsStatus`,
 * `wallet_showCallsStatus`; ./calls.ts), and can
 * disconnect from its side. Runs in Node (unit tests) and in the browser (`demo/mobile-wallet.html`).
 *
 * Keys: an anvil dev account (`../wallet/accounts.ts`; never use them for anything of value), or the accounts given:
 * every session carries them all on each of its chains, the active one first; `setAccount` makes another one active
 * (session update, then `accountsChanged`) and `switchChain` another chain (`chainChanged`), as WalletConnect's session
 * events. Its options (./options.ts), accounts (./accounts.ts), requests (./requests.ts), sessions (./sessions.ts) and
 * chains (./chains.ts) have files of their own. Part of the test kit; never part of `latchkey` itself.
 */
import { SignClient } from '@walletconnect/sign-client'
import { BaseError as ViemBaseError } from 'viem'
import type { Address, LocalAccount } from 'viem'
import { caip10, WalletAccounts } from './accounts.ts'
import { callsByChain } from './calls.ts'
import { WalletChains, walletStateKey } from './chains.ts'
import { readWalletOptions } from './options.ts'
import { proposalEntry, type ProposalHost } from './proposals.ts'
import { answerRequest, type RequestHost, type RequestWallet } from './requests.ts'
import { emitSessionEvent, ensureChainInSession, type SessionClient, sessionView, setSessionAccounts, skipVerify } from './sessions.ts'
import type { KeyValueStorage } from './storage.ts'
import { acknowledgementPoll, walletReasons } from './types.ts'
import type { DevMobilePending, DevMobileWalletMisbehaviour, DevMobileWalletOptions, DevMobileWalletState, DevMobileWalletStatus, Proposal, QueueEntry, SessionRequestEvent, WalletErrorAnswer } from './types.ts'
import { DevMobileWalletError, parseWalletConnectUri } from './uri.ts'
import { waitForState } from './waitFor.ts'

export * from './types.ts'

const SDK_EVENTS = ['session_proposal', 'session_request', 'session_delete', 'session_expire', 'session_update', 'session_extend', 'proposal_expire', 'session_request_expire'] as const

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
  readonly client: SessionClient
  /** Test hooks; see {@link DevMobileWalletMisbehaviour}. Mutable. */
  misbehave: DevMobileWalletMisbehaviour

  readonly #accounts: WalletAccounts
  readonly #chains: WalletChains
  readonly #storagePrefix: string
  readonly #queue = new Map<number, QueueEntry>()
  readonly #listeners = new Set<(state: DevMobileWalletState) => void>()
  /** What a request needs of the wallet (./requests.ts). */
  readonly #requestHost: RequestHost
  readonly #requestWallet: RequestWallet
  #nextId = 1
  #autoApprove: boolean
  #awaitingProposal = false
  #lastError: string | undefined
  #closed = false

  private constructor(client: SessionClient, options: DevMobileWalletOptions, accounts: LocalAccount[], storagePrefix: string, storage: KeyValueStorage, saved: unknown) {
    this.client = client
    this.#accounts = new WalletAccounts(accounts)
    this.#chains = new WalletChains(options.chains, storage, storagePrefix, saved)
    this.#autoApprove = options.autoApprove ?? false
    this.misbehave = options.misbehave ?? {}
    this.#storagePrefix = storagePrefix
    this.#requestHost = {
      accountOf: (method, address) => this.#accounts.of(method, address),
      chainId: () => this.#chains.current,
      findChain: (chainId) => this.#chains.find(chainId),
      addChain: (chain) => this.#chains.add(chain),
      client: (chain) => this.#chains.client(chain),
      sessionChains: (topic) => this.#sessionChains(topic),
      switchFor: (topic, chainId) => this.#switchFor(topic, chainId),
      callsOn: callsByChain(this.#chains, (method, address) => this.#accounts.named(method, address)),
    }
    const wallet = this
    this.#requestWallet = {
      host: this.#requestHost,
      client,
      get misbehave() {
        return wallet.misbehave
      },
      nextId: () => this.#nextId++,
      enqueue: (entry) => this.#enqueue(entry),
    }
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
    const { projectId, accounts, storagePrefix, metadata, storage } = readWalletOptions(options)
    let client: SessionClient
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
    skipVerify(client)
    return new DevMobileWallet(client, options, accounts, storagePrefix, storage, saved)
  }

  // ---------------------------------------------------------------- reading

  /** A snapshot of the user-visible state (fresh objects on each read). */
  get state(): DevMobileWalletState {
    const sessions = this.#closed ? [] : this.client.session.getAll().map(sessionView)
    const pending = this.pending
    const status: DevMobileWalletStatus = pending.some((p) => p.kind === 'proposal') ? 'proposal' : sessions.length > 0 ? 'connected' : this.#awaitingProposal ? 'pairing' : 'idle'
    return {
      status,
      paired: !this.#closed && this.client.pairing.getAll().length > 0,
      sessions,
      chainId: this.#chains.current,
      address: this.#accounts.active.address,
      accounts: this.#accounts.addresses,
      accountIndex: this.#accounts.activeIndex,
      pending,
      autoApprove: this.#autoApprove,
      chains: this.#chains.list(),
      ...(this.#lastError !== undefined ? { lastError: this.#lastError } : {}),
    }
  }

  /** Proposals and requests waiting for the user, oldest first. */
  get pending(): DevMobilePending[] {
    return [...this.#queue.values()].map((e) => e.item)
  }

  /** The active account's checksummed address. */
  get address(): Address {
    return this.#accounts.active.address
  }

  /** Every account's checksummed address, in the order given. */
  get addresses(): Address[] {
    return this.#accounts.addresses
  }

  /** The active account (its key signs every request that names no other account; the page signs Farcaster requests with it). */
  get account(): LocalAccount {
    return this.#accounts.active
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
    return waitForState(this, predicate, timeoutMs)
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

  /**
   * Answers a pending request with a JSON-RPC error (the dapp's request rejects with its `code` and `message`), or
   * rejects a pending proposal with it as the reason.
   * @returns false when nothing is pending under `id`.
   * @throws DevMobileWalletError when the SDK fails to publish the answer.
   */
  async fail(id: number, error: WalletErrorAnswer): Promise<boolean> {
    const entry = this.#take(id)
    if (!entry) return false
    try {
      await entry.fail(error)
    } catch (cause) {
      this.#fail(cause)
      throw new DevMobileWalletError(`Answering ${entry.item.method} with error ${error.code} failed.`, { cause })
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
    if (!this.#chains.find(chainId)) throw new DevMobileWalletError(`The mobile wallet does not know chain ${chainId}.`)
    for (const session of this.client.session.getAll()) {
      await ensureChainInSession(this.client, session.topic, chainId, this.#siteAddresses())
    }
    this.#chains.setCurrent(chainId)
    await this.#emit(
      'chainChanged',
      this.client.session.getAll().map((s) => s.topic),
    )
    this.#notify()
  }

  /**
   * Makes account `index` the active one from the wallet (user action): every session's accounts are updated with it
   * first (session update), then `accountsChanged` is emitted to each on the current chain (CAIP-10 accounts, the
   * active one first). Selecting the active account again sends nothing.
   *
   * @param index an index into {@link DevMobileWallet.addresses}.
   * @throws DevMobileWalletError for an index outside the wallet's accounts, or when a session update is not
   *   acknowledged in time.
   */
  async setAccount(index: number): Promise<void> {
    this.#assertOpen()
    if (!this.#accounts.select(index)) return
    for (const session of this.client.session.getAll()) await setSessionAccounts(this.client, session.topic, this.#siteAddresses())
    await this.#emit(
      'accountsChanged',
      this.client.session.getAll().map((s) => s.topic),
    )
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
    // Free the SDK's Core slot on globalThis so a new wallet may use this prefix again in this realm.
    const key = `_walletConnectCore_${this.#storagePrefix}`
    Reflect.deleteProperty(globalThis, key)
    Reflect.deleteProperty(globalThis, `${key}_count`)
  }

  // ---------------------------------------------------------------- SDK events

  readonly #handlers: Record<(typeof SDK_EVENTS)[number], (event: never) => void> = {
    session_proposal: (event: { id: number; params: Proposal }) => this.#onProposal(event.id, event.params),
    session_request: (event: SessionRequestEvent) => {
      answerRequest(this.#requestWallet, event).catch((error: unknown) => this.#fail(error))
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
    const host: ProposalHost = {
      client: this.client,
      id: this.#nextId++,
      chainIds: this.#chains.list().map((c) => c.chainId),
      addresses: () => this.#siteAddresses(),
      setCurrent: (chainId) => this.#chains.setCurrent(chainId),
      settled: (topic) => this.#watchAcknowledgement(topic),
    }
    this.#enqueue(proposalEntry(host, sdkId, proposal))
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

  // ---------------------------------------------------------------- methods

  /** Adds `chainId` to the session when missing, makes it current and emits `chainChanged`. @returns null (the RPC result). */
  async #switchFor(topic: string, chainId: number): Promise<null> {
    await ensureChainInSession(this.client, topic, chainId, this.#siteAddresses())
    this.#chains.setCurrent(chainId)
    await this.#emit('chainChanged', [topic])
    this.#notify()
    return null
  }

  /** Emits `name` (WalletConnect's session event: `chainChanged` with the chain id, `accountsChanged` with the CAIP-10 accounts) to each session on the current chain. */
  #emit(name: 'chainChanged' | 'accountsChanged', topics: string[]): Promise<void> {
    const chainId = `eip155:${this.#chains.current}`
    return emitSessionEvent(this.client, topics, chainId, { name, data: name === 'chainChanged' ? this.#chains.current : caip10(chainId, this.#siteAddresses()) })
  }

  // ---------------------------------------------------------------- helpers

  /** The addresses the dapp sees: the wallet's, the active one first; or `misbehave.address` alone. */
  #siteAddresses(): string[] {
    return this.misbehave.address === undefined ? this.#accounts.ordered : [this.misbehave.address]
  }

  #sessionChains(topic: string): string[] {
    return this.client.session.getAll().find((s) => s.topic === topic)?.namespaces.eip155?.chains ?? []
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
