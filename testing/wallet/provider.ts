import { BaseError as ViemBaseError, isAddress, isHex } from 'viem'
import type { Address, Hex, LocalAccount } from 'viem'
import { DEV_ADDRESSES, devAccount } from './accounts.ts'
import { DevWalletOptionsError, UnknownAccountError, UnknownChainError } from '../errors.ts'
import { DevWalletCalls } from './calls.ts'
import { WalletEvents } from './events.ts'
import { NodeRpc } from './nodeRpc.ts'
import { loadPersisted, type Persisted, savePersisted } from './persisted.ts'
import { DevWalletRpcError, invalidParams, readAddedChain, readChainId, readTransaction, readTypedData, toHex, toRpcError, tuple, unauthorised, unsupported, userRejected } from './rpcParams.ts'
import type { DevWalletChain, DevWalletMisbehaviour, DevWalletOptions, DevWalletState, PendingRequest, PendingRequestKind, WalletStorage } from './types.ts'
import { eip2255Permissions, sendDelegated, sendOnSharedKey, walletClientFor } from './walletClient.ts'

export { DevWalletRpcError } from './rpcParams.ts'
export type { DevWalletChain, DevWalletMisbehaviour, DevWalletOptions, DevWalletState, PendingRequest, PendingRequestKind, WalletStorage } from './types.ts'

type QueueEntry = { request: PendingRequest; resolve: () => void; reject: (error: unknown) => void }

/** Signing methods the wallet refuses rather than forwarding (anvil would sign them with its unlocked keys). */
const refusedMethods = new Set(['eth_sign', 'eth_signTransaction', 'eth_signTypedData', 'eth_signTypedData_v1', 'eth_signTypedData_v3'])

/**
 * A development EIP-1193 wallet backed by viem local accounts and a local node (anvil).
 * Used by the demo page, the tests and `latchkey/testing` (the test wallet); never part of `latchkey` itself.
 *
 * Requests that need the user (connect, switch/add chain, sign, send) wait in an approval queue
 * ({@link DevWallet.pending}) until {@link DevWallet.approve} or {@link DevWallet.reject} is called,
 * unless auto-approve is on. Reads (`eth_getBalance`, `eth_call`, …) are forwarded as JSON-RPC to the
 * current chain's `rpcUrl`.
 *
 * Errors are {@link DevWalletRpcError}s: 4001 rejected, 4100 unauthorised / wrong account, 4200
 * unsupported, 4902 unknown chain, -32602 bad params, node errors with the node's code.
 *
 * Events (`on`): `connect` `{ chainId: Hex }`, `disconnect` (4900 error), `accountsChanged` (address[]),
 * `chainChanged` (hex chain id).
 */
export class DevWallet {
  /** Test hook: methods that never settle. Mutable. */
  hang: ReadonlySet<string>
  /** Test hook: see {@link DevWalletMisbehaviour}. Mutable. */
  misbehave: DevWalletMisbehaviour
  /** Batched calls (EIP-5792), run one by one; its `mode` is the panel's 'Batched calls' switch (`testing/wallet/calls.ts`). */
  readonly calls: DevWalletCalls

  readonly #chains: readonly DevWalletChain[]
  /** The accounts given in the options; none: the dev accounts, each derived when first used ({@link devAccount}). */
  readonly #given: readonly LocalAccount[] | undefined
  /** The accounts' addresses in index order (the given ones', or the dev accounts' literals: nothing derived). */
  readonly #addresses: readonly Address[]
  /** How many accounts a site is given (`exposedAccounts`): the selected one, then the lowest-indexed others. */
  readonly #exposed: number
  readonly #storage: WalletStorage | undefined
  readonly #storageKey: string
  readonly #origin: string | undefined
  #state: Persisted
  readonly #queue = new Map<number, QueueEntry>()
  #nextId = 1
  /** The reads forwarded to the current chain's node, and those in flight (`abandonNodeRequests`). */
  readonly #node = new NodeRpc()
  #connecting: Promise<void> | undefined
  readonly #events = new WalletEvents()

  /**
   * @throws DevWalletOptionsError when `chains` or `accounts` is empty, or `exposedAccounts` is not an integer from 1
   * to the number of accounts.
   */
  constructor(options: DevWalletOptions) {
    if (options.chains.length === 0) throw new DevWalletOptionsError('DevWallet needs at least one chain.')
    this.#chains = options.chains.map((c) => ({ ...c }))
    this.#given = options.accounts
    this.#addresses = options.accounts ? options.accounts.map((a) => a.address) : DEV_ADDRESSES
    if (this.#addresses.length === 0) throw new DevWalletOptionsError('DevWallet needs at least one account.')
    this.#exposed = options.exposedAccounts ?? 1
    if (!Number.isInteger(this.#exposed) || this.#exposed < 1 || this.#exposed > this.#addresses.length) {
      throw new DevWalletOptionsError(`DevWallet exposedAccounts must be an integer from 1 to ${this.#addresses.length}.`, { details: `exposedAccounts: ${String(options.exposedAccounts)}` })
    }
    this.#storage = options.storage
    this.#storageKey = options.storageKey ?? 'latchkey-dev-wallet'
    this.#origin = options.origin ?? (globalThis as { location?: { origin?: string } }).location?.origin
    this.hang = options.hang ?? new Set()
    this.misbehave = options.misbehave ?? {}
    this.calls = new DevWalletCalls({
      send: (tx) => this.#sendTransaction('eth_sendTransaction', [tx], false),
      ask: (method, params) => this.#ask('sendTransaction', method, params),
      read: (method, params) => this.#forward(method, params),
      chainId: () => this.#state.chainId,
      account: (method, address) => this.#accountFor(method, address),
      chainIds: () => this.chains.map((c) => c.chainId),
      error: (code, message) => new DevWalletRpcError(code, message),
      sendDelegated: async (request) => sendDelegated(walletClientFor(this.#currentChain()), this.#requireAuthorised(), request),
      store: { storage: options.storage, key: `${options.storageKey ?? 'latchkey-dev-wallet'}-batches` },
    })
    this.#state = this.#load()
    if (options.autoApprove !== undefined && options.autoApprove !== this.#state.autoApprove) {
      this.#state.autoApprove = options.autoApprove
      this.#save()
    }
  }

  // ---------------------------------------------------------------- EIP-1193

  /**
   * EIP-1193 `request`. Resolves with the method's result; rejects with a {@link DevWalletRpcError}
   * (or, with `misbehave.throwString`, a plain string).
   *
   * The result is typed `any` (not `unknown`) so that a DevWallet is assignable to viem's and mipd's
   * `EIP1193Provider` types; the same goes for the listener types of `on` / `removeListener`.
   *
   * @param args `{ method, params }`; params as the method defines them (usually an array).
   */
  async request(args: { method: string; params?: unknown }): Promise<any> {
    if (this.misbehave.throwString !== undefined) throw this.misbehave.throwString
    if (typeof args !== 'object' || args === null || typeof args.method !== 'string') {
      throw new DevWalletRpcError(-32600, 'Invalid request: expected { method: string, params? }.')
    }
    const { method, params } = args
    if (this.hang.has(method)) return new Promise<never>(() => {})
    return this.#dispatch(method, params)
  }

  /**
   * Adds an EIP-1193 event listener (`connect`, `disconnect`, `accountsChanged`, `chainChanged`).
   * @returns this wallet, for chaining.
   */
  on(event: string, listener: (...args: any[]) => void): this {
    if (this.misbehave.onThrows !== undefined) throw this.misbehave.onThrows
    this.#events.on(event, listener)
    return this
  }

  /**
   * Removes a listener added with {@link DevWallet.on}. Unknown listeners are ignored.
   * @returns this wallet, for chaining.
   */
  removeListener(event: string, listener: (...args: any[]) => void): this {
    if (this.misbehave.removeListenerThrows !== undefined) throw this.misbehave.removeListenerThrows
    this.#events.off(event, listener)
    return this
  }

  // ---------------------------------------------------------------- wallet UI side

  /** Requests waiting for approval, oldest first (a fresh array on each read). */
  get pending(): PendingRequest[] {
    return [...this.#queue.values()].map((e) => e.request)
  }

  /** A snapshot of the user-visible state. */
  get state(): DevWalletState {
    return {
      authorised: this.#state.authorised,
      accountIndex: this.#state.accountIndex,
      address: this.#addresses[this.#state.accountIndex] ?? (this.#addresses[0] as Address),
      chainId: this.#state.chainId,
      autoApprove: this.#state.autoApprove,
    }
  }

  /** Every chain the wallet knows: the constructor's, then those added by sites. */
  get chains(): readonly DevWalletChain[] {
    return [...this.#chains, ...this.#state.addedChains]
  }

  /** Addresses of the wallet's accounts, in index order. */
  get addresses(): readonly Address[] {
    return this.#addresses
  }

  /**
   * Approves a pending request: it proceeds (and its `request()` promise settles with the result).
   * @returns false when no pending request has this id.
   */
  approve(id: number): boolean {
    return this.#settle(id, (entry) => entry.resolve())
  }

  /**
   * Rejects a pending request: its `request()` promise rejects with a 4001 {@link DevWalletRpcError}.
   * @returns false when no pending request has this id.
   */
  reject(id: number): boolean {
    return this.#settle(id, (entry) => entry.reject(userRejected()))
  }

  /**
   * Fails a pending request with `error` (what the wallet's `request()` rejects with: a wallet's own error, such as a
   * {@link DevWalletRpcError} with a code of its choosing).
   * @returns false when no pending request has this id.
   */
  fail(id: number, error: unknown): boolean {
    return this.#settle(id, (entry) => entry.reject(error))
  }

  /**
   * Takes the persisted state again (the wallet's storage key changed in another tab of the origin): a browser
   * extension's state is the browser's, not one page's, so a site authorised in one tab is authorised in the others,
   * and the chain and account are the same. The change is adopted silently, as a wallet that tells only the tab that
   * asked: no `accountsChanged` / `chainChanged` event is replayed here (the site's own tabs must agree by themselves).
   * Subscribers are notified (the panel shows the new state).
   * @example window.addEventListener('storage', (e) => e.key === 'latchkey-dev-wallet' && wallet.reload())
   */
  reload(): void {
    this.#state = this.#load()
    this.#events.notify()
  }

  /** The storage key the wallet persists under (`storageKey` option; default 'latchkey-dev-wallet'). */
  get storageKey(): string {
    return this.#storageKey
  }

  /**
   * Calls `listener` (no arguments) after any change: pending list, account, chain, authorisation,
   * auto-approve.
   * @returns an unsubscribe function.
   */
  subscribe(listener: () => void): () => void {
    return this.#events.subscribe(listener)
  }

  /**
   * Selects account `index` (user action in the wallet). Emits `accountsChanged` when the site is connected.
   * @throws UnknownAccountError when `index` is not an index of {@link DevWallet.addresses}.
   */
  setAccount(index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.#addresses.length) {
      throw new UnknownAccountError(index, this.#addresses.length)
    }
    if (index === this.#state.accountIndex) return
    this.#state.accountIndex = index
    this.#save()
    if (this.#state.authorised) this.#events.emit('accountsChanged', this.#accountsForSite())
    this.#events.notify()
  }

  /**
   * Switches the wallet's chain (user action in the wallet, no approval). Emits `chainChanged`.
   * @param chainId decimal chain id of a known chain ({@link DevWallet.chains}).
   * @throws UnknownChainError when the chain is unknown.
   */
  setChain(chainId: number): void {
    if (!this.#findChain(chainId))
      throw new UnknownChainError(
        chainId,
        this.chains.map((c) => c.chainId),
      )
    this.#changeChain(chainId)
  }

  /**
   * Test hook: announces the current account and chain again (`accountsChanged`, `chainChanged`) without a change,
   * as some wallets do when they unlock or wake up. No-op when the site is not connected.
   */
  reannounce(): void {
    if (!this.#state.authorised) return
    this.#events.emit('accountsChanged', this.#accountsForSite())
    this.#events.emit('chainChanged', this.#chainIdForSite())
  }

  /** Turns auto-approve on or off (persisted). Turning it on approves everything pending. */
  setAutoApprove(value: boolean): void {
    if (value === this.#state.autoApprove) return
    this.#state.autoApprove = value
    this.#save()
    if (value) for (const id of [...this.#queue.keys()]) this.approve(id)
    this.#events.notify()
  }

  /**
   * Disconnects the site (user action in the wallet, same as `wallet_revokePermissions`): de-authorises
   * and emits `accountsChanged` with `[]` and `disconnect` with a 4900 error. No-op when not connected.
   */
  disconnect(): void {
    if (!this.#state.authorised) return
    this.#state.authorised = false
    this.#save()
    this.#events.emit('accountsChanged', [])
    this.#events.emit('disconnect', new DevWalletRpcError(4900, 'The provider is disconnected from all chains.'))
    this.#events.notify()
  }

  /**
   * The wallet leaves the page (its announcement withdrawn, `announceDevWallet`'s returned function): the requests it
   * forwarded to the node and still waits for are abandoned (each rejects with a 4900 error). Resolves once each of
   * their fetches has settled (a fetch that does not honour its abort signal at that moment, such as happy-dom's
   * during a CORS preflight, ends with the node's answer), so a test that awaits it leaves nothing in flight when its
   * window goes. Later requests are forwarded as before.
   */
  abandonNodeRequests(): Promise<void> {
    return this.#node.abandon()
  }

  // ---------------------------------------------------------------- methods

  async #dispatch(method: string, params: unknown): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
        await this.#connect(method, params)
        return this.#accountsForSite()
      case 'eth_accounts':
        return this.#accountsForSite()
      case 'eth_chainId':
        return this.#chainIdForSite()
      case 'net_version':
        return String(this.#state.chainId)
      case 'wallet_requestPermissions': {
        const [request] = tuple(method, params, 1)
        if (typeof request !== 'object' || request === null || !('eth_accounts' in request)) {
          throw invalidParams(method, 'expected [{ eth_accounts: {} }].')
        }
        await this.#connect(method, params)
        return eip2255Permissions(this.#origin, this.#selected().address)
      }
      case 'wallet_getPermissions':
        return this.#state.authorised ? eip2255Permissions(this.#origin, this.#selected().address) : []
      case 'wallet_revokePermissions':
        if (params !== undefined && !Array.isArray(params)) throw invalidParams(method, 'expected an array.')
        this.disconnect()
        return null
      case 'wallet_switchEthereumChain':
        return this.#switchChain(method, params)
      case 'wallet_addEthereumChain':
        return this.#addChain(method, params)
      case 'personal_sign':
        return this.#personalSign(method, params)
      case 'eth_signTypedData_v4':
        return this.#signTypedData(method, params)
      case 'eth_sendTransaction':
        return this.#sendTransaction(method, params)
    }
    if (this.calls.handles(method)) return this.calls.request(method, params)
    if (refusedMethods.has(method) || method.startsWith('wallet_')) throw unsupported(method)
    return this.#forward(method, params)
  }

  async #connect(method: string, params: unknown): Promise<void> {
    if (this.#state.authorised) return
    // Concurrent connect requests share one approval.
    this.#connecting ??= this.#ask('connect', method, params).finally(() => {
      this.#connecting = undefined
    })
    await this.#connecting
    if (this.#state.authorised) return
    this.#state.authorised = true
    this.#save()
    this.#events.emit('connect', { chainId: this.#chainIdForSite() })
    this.#events.emit('accountsChanged', this.#accountsForSite())
    this.#events.notify()
  }

  async #switchChain(method: string, params: unknown): Promise<null> {
    const [request] = tuple(method, params, 1)
    const chainId = readChainId(method, (request as { chainId?: unknown } | undefined)?.chainId)
    if (!this.#findChain(chainId)) {
      throw new DevWalletRpcError(4902, `Unrecognized chain ID ${toHex(chainId)}. Try adding the chain first.`)
    }
    if (chainId === this.#state.chainId) return null
    await this.#ask('switchChain', method, params)
    this.#changeChain(chainId)
    return null
  }

  async #addChain(method: string, params: unknown): Promise<null> {
    const chain = readAddedChain(method, params)
    if (this.#findChain(chain.chainId)) {
      // Known already: wallets treat this as a switch request.
      if (chain.chainId === this.#state.chainId) return null
      await this.#ask('switchChain', method, params)
      this.#changeChain(chain.chainId)
      return null
    }
    await this.#ask('addChain', method, params)
    if (!this.#findChain(chain.chainId)) this.#state.addedChains.push(chain)
    this.#changeChain(chain.chainId)
    return null
  }

  async #personalSign(method: string, params: unknown): Promise<Hex> {
    const [message, address] = tuple(method, params, 2)
    if (typeof message !== 'string') throw invalidParams(method, 'message must be a string.')
    const account = this.#accountFor(method, address)
    await this.#ask('sign', method, params)
    return account.signMessage({ message: isHex(message) ? { raw: message } : message })
  }

  async #signTypedData(method: string, params: unknown): Promise<Hex> {
    const [address, json] = tuple(method, params, 2)
    const data = readTypedData(method, json)
    const account = this.#accountFor(method, address)
    await this.#ask('sign', method, params)
    try {
      return await account.signTypedData(data)
    } catch (error) {
      throw invalidParams(method, error instanceof ViemBaseError ? error.shortMessage : String(error))
    }
  }

  /** `ask`: false for a call of a batch the visitor approved once (`wallet_sendCalls`). */
  async #sendTransaction(method: string, params: unknown, ask = true): Promise<Hex> {
    const { from, fields: request } = readTransaction(method, params)
    const account = from === undefined ? this.#requireAuthorised() : this.#accountFor(method, from)
    if (ask) await this.#ask('sendTransaction', method, params)
    const client = walletClientFor(this.#currentChain())
    try {
      return await sendOnSharedKey(client, account.address, () => client.sendTransaction({ ...request, account } as Parameters<typeof client.sendTransaction>[0]), request.nonce !== undefined)
    } catch (error) {
      throw toRpcError(error)
    }
  }

  #forward(method: string, params: unknown): Promise<unknown> {
    return this.#node.forward(this.#currentChain().rpcUrl, method, params)
  }

  // ---------------------------------------------------------------- helpers

  #ask(kind: PendingRequestKind, method: string, params: unknown): Promise<void> {
    if (this.#state.autoApprove) return Promise.resolve()
    return new Promise<void>((resolve, reject) => {
      const id = this.#nextId++
      const request: PendingRequest = { id, kind, method, params, ...(this.#origin ? { origin: this.#origin } : {}) }
      this.#queue.set(id, { request, resolve, reject })
      this.#events.notify()
    })
  }

  #selected(): LocalAccount {
    // accountIndex is validated on load and in setAccount.
    const index = this.#state.accountIndex
    return this.#given ? (this.#given[index] ?? (this.#given[0] as LocalAccount)) : devAccount(index)
  }

  #requireAuthorised(): LocalAccount {
    if (!this.#state.authorised) throw unauthorised()
    return this.#selected()
  }

  /** An account the site was given (`exposedAccounts`: the selected one, or another exposed) if `address` is it; 4100 otherwise. */
  #accountFor(method: string, address: unknown): LocalAccount {
    if (typeof address !== 'string' || !isAddress(address, { strict: false })) {
      throw invalidParams(method, 'expected an address.')
    }
    const selected = this.#requireAuthorised()
    if (address.toLowerCase() === selected.address.toLowerCase()) return selected
    const index = this.#exposedIndexes().find((i) => this.#addresses[i]?.toLowerCase() === address.toLowerCase())
    if (index === undefined) throw unauthorised()
    return this.#given ? (this.#given[index] as LocalAccount) : devAccount(index)
  }

  /** The indexes of the accounts a site is given: the selected one first, then the lowest-indexed others (`exposedAccounts`). */
  #exposedIndexes(): number[] {
    const selected = this.#state.accountIndex
    const others = this.#addresses.map((_, i) => i).filter((i) => i !== selected)
    return [selected, ...others.slice(0, this.#exposed - 1)]
  }

  #accountsForSite(): unknown {
    if (this.misbehave.accounts !== undefined) return this.misbehave.accounts
    return this.#state.authorised ? this.#exposedIndexes().map((i) => this.#addresses[i]) : []
  }

  #chainIdForSite(): unknown {
    return this.misbehave.chainId !== undefined ? this.misbehave.chainId : toHex(this.#state.chainId)
  }

  #findChain(chainId: number): DevWalletChain | undefined {
    return this.chains.find((c) => c.chainId === chainId)
  }

  #currentChain(): DevWalletChain {
    return this.#findChain(this.#state.chainId) ?? (this.#chains[0] as DevWalletChain)
  }

  #changeChain(chainId: number): void {
    if (chainId === this.#state.chainId) return
    this.#state.chainId = chainId
    this.#save()
    this.#events.emit('chainChanged', this.#chainIdForSite())
    this.#events.notify()
  }

  /** Takes pending request `id` out of the queue and settles it with `how`; false when no request has this id. */
  #settle(id: number, how: (entry: QueueEntry) => void): boolean {
    const entry = this.#queue.get(id)
    if (!entry) return false
    this.#queue.delete(id)
    how(entry)
    this.#events.notify()
    return true
  }

  #load(): Persisted {
    return loadPersisted(this.#storage, this.#storageKey, this.#chains, this.#addresses.length)
  }

  #save(): void {
    savePersisted(this.#storage, this.#storageKey, this.#state)
  }
}
