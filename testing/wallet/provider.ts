import { BaseError as ViemBaseError, createWalletClient, defineChain, getAddress, http, isAddress, isHex } from 'viem'
import type { Address, Chain, Hex, LocalAccount, Transport, WalletClient } from 'viem'
import { DEV_ADDRESSES, devAccount } from './accounts.ts'
import { DevWalletOptionsError, UnknownAccountError, UnknownChainError } from '../errors.ts'
import { DevWalletCalls } from './calls.ts'
import { DevWalletRpcError, hexQuantity, invalidParams, isCurrency, isStoredChain, readChainId, toHex, toRpcError, tuple, unauthorised, unsupported, userRejected } from './rpcParams.ts'

export { DevWalletRpcError } from './rpcParams.ts'

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

type Persisted = {
  authorised: boolean
  accountIndex: number
  chainId: number
  addedChains: DevWalletChain[]
  autoApprove: boolean
}

type QueueEntry = { request: PendingRequest; resolve: () => void; reject: (error: unknown) => void }

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }
/** The gas limit of an atomic batch's transaction (up to ten calls; unused gas is refunded). */
const atomicBatchGas = 3_000_000n
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
  readonly #storage: WalletStorage | undefined
  readonly #storageKey: string
  readonly #origin: string | undefined
  #state: Persisted
  readonly #queue = new Map<number, QueueEntry>()
  #nextId = 1
  #rpcId = 1
  /** The node requests in flight (`#forward`): each one's abort and its fetch settling (`abandonNodeRequests`). */
  #inflight = new Map<AbortController, Promise<unknown>>()
  #connecting: Promise<void> | undefined
  readonly #listeners = new Map<string, Set<(...args: any[]) => void>>()
  readonly #subscribers = new Set<() => void>()
  readonly #clients = new Map<string, WalletClient<Transport, Chain>>()

  /**
   * @throws DevWalletOptionsError when `chains` or `accounts` is empty.
   */
  constructor(options: DevWalletOptions) {
    if (options.chains.length === 0) throw new DevWalletOptionsError('DevWallet needs at least one chain.')
    this.#chains = options.chains.map((c) => ({ ...c }))
    this.#given = options.accounts
    this.#addresses = options.accounts ? options.accounts.map((a) => a.address) : DEV_ADDRESSES
    if (this.#addresses.length === 0) throw new DevWalletOptionsError('DevWallet needs at least one account.')
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
      sendDelegated: (request) => this.#sendDelegated(request),
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
    let set = this.#listeners.get(event)
    if (!set) this.#listeners.set(event, (set = new Set()))
    set.add(listener)
    return this
  }

  /**
   * Removes a listener added with {@link DevWallet.on}. Unknown listeners are ignored.
   * @returns this wallet, for chaining.
   */
  removeListener(event: string, listener: (...args: any[]) => void): this {
    if (this.misbehave.removeListenerThrows !== undefined) throw this.misbehave.removeListenerThrows
    this.#listeners.get(event)?.delete(listener)
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
    const entry = this.#queue.get(id)
    if (!entry) return false
    this.#queue.delete(id)
    entry.resolve()
    this.#notify()
    return true
  }

  /**
   * Rejects a pending request: its `request()` promise rejects with a 4001 {@link DevWalletRpcError}.
   * @returns false when no pending request has this id.
   */
  reject(id: number): boolean {
    const entry = this.#queue.get(id)
    if (!entry) return false
    this.#queue.delete(id)
    entry.reject(userRejected())
    this.#notify()
    return true
  }

  /**
   * Fails a pending request with `error` (what the wallet's `request()` rejects with: a wallet's own error, such as a
   * {@link DevWalletRpcError} with a code of its choosing).
   * @returns false when no pending request has this id.
   */
  fail(id: number, error: unknown): boolean {
    const entry = this.#queue.get(id)
    if (!entry) return false
    this.#queue.delete(id)
    entry.reject(error)
    this.#notify()
    return true
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
    this.#notify()
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
    this.#subscribers.add(listener)
    return () => {
      this.#subscribers.delete(listener)
    }
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
    if (this.#state.authorised) this.#emit('accountsChanged', this.#accountsForSite())
    this.#notify()
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
    this.#emit('accountsChanged', this.#accountsForSite())
    this.#emit('chainChanged', this.#chainIdForSite())
  }

  /** Turns auto-approve on or off (persisted). Turning it on approves everything pending. */
  setAutoApprove(value: boolean): void {
    if (value === this.#state.autoApprove) return
    this.#state.autoApprove = value
    this.#save()
    if (value) for (const id of [...this.#queue.keys()]) this.approve(id)
    this.#notify()
  }

  /**
   * Disconnects the site (user action in the wallet, same as `wallet_revokePermissions`): de-authorises
   * and emits `accountsChanged` with `[]` and `disconnect` with a 4900 error. No-op when not connected.
   */
  disconnect(): void {
    if (!this.#state.authorised) return
    this.#state.authorised = false
    this.#save()
    this.#emit('accountsChanged', [])
    this.#emit('disconnect', new DevWalletRpcError(4900, 'The provider is disconnected from all chains.'))
    this.#notify()
  }

  /**
   * The wallet leaves the page (its announcement withdrawn, `announceDevWallet`'s returned function): the requests it
   * forwarded to the node and still waits for are abandoned (each rejects with a 4900 error). Resolves once each of
   * their fetches has settled (a fetch that does not honour its abort signal at that moment, such as happy-dom's
   * during a CORS preflight, ends with the node's answer), so a test that awaits it leaves nothing in flight when its
   * window goes. Later requests are forwarded as before.
   */
  async abandonNodeRequests(): Promise<void> {
    const settling = [...this.#inflight.entries()].map(([controller, fetched]) => {
      controller.abort(new DevWalletRpcError(4900, 'The wallet left the page.'))
      return fetched.catch(() => undefined)
    })
    await Promise.all(settling)
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
        return this.#permissions()
      }
      case 'wallet_getPermissions':
        return this.#state.authorised ? this.#permissions() : []
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
    this.#emit('connect', { chainId: this.#chainIdForSite() })
    this.#emit('accountsChanged', this.#accountsForSite())
    this.#notify()
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
    const [request] = tuple(method, params, 1)
    if (typeof request !== 'object' || request === null) throw invalidParams(method, 'expected [{ chainId, … }].')
    const { chainId: rawChainId, chainName, rpcUrls, nativeCurrency } = request as Record<string, unknown>
    const chainId = readChainId(method, rawChainId)
    if (typeof chainName !== 'string' || chainName.length === 0) throw invalidParams(method, 'chainName must be a string.')
    if (!Array.isArray(rpcUrls) || typeof rpcUrls[0] !== 'string' || !rpcUrls.every((u) => typeof u === 'string')) {
      throw invalidParams(method, 'rpcUrls must be a non-empty array of strings.')
    }
    if (nativeCurrency !== undefined && !isCurrency(nativeCurrency)) {
      throw invalidParams(method, 'nativeCurrency must be { name, symbol, decimals }.')
    }
    if (this.#findChain(chainId)) {
      // Known already: wallets treat this as a switch request.
      if (chainId === this.#state.chainId) return null
      await this.#ask('switchChain', method, params)
      this.#changeChain(chainId)
      return null
    }
    await this.#ask('addChain', method, params)
    if (!this.#findChain(chainId)) {
      this.#state.addedChains.push({
        chainId,
        name: chainName,
        rpcUrl: rpcUrls[0],
        ...(nativeCurrency ? { nativeCurrency } : {}),
      })
    }
    this.#changeChain(chainId)
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
    let data: unknown = json
    if (typeof json === 'string') {
      try {
        data = JSON.parse(json)
      } catch {
        throw invalidParams(method, 'typed data is not valid JSON.')
      }
    }
    if (typeof data !== 'object' || data === null || !('types' in data) || !('primaryType' in data) || !('message' in data)) {
      throw invalidParams(method, 'typed data must have types, primaryType and message.')
    }
    const account = this.#accountFor(method, address)
    await this.#ask('sign', method, params)
    try {
      return await account.signTypedData(data as Parameters<LocalAccount['signTypedData']>[0])
    } catch (error) {
      throw invalidParams(method, error instanceof ViemBaseError ? error.shortMessage : String(error))
    }
  }

  /** `ask`: false for a call of a batch the visitor approved once (`wallet_sendCalls`). */
  async #sendTransaction(method: string, params: unknown, ask = true): Promise<Hex> {
    const [tx] = tuple(method, params, 1)
    if (typeof tx !== 'object' || tx === null) throw invalidParams(method, 'expected [transaction].')
    const t = tx as Record<string, unknown>
    const account = t.from === undefined ? this.#requireAuthorised() : this.#accountFor(method, t.from)
    const request: Record<string, unknown> = {}
    if (t.to !== undefined && t.to !== null) {
      if (typeof t.to !== 'string' || !isAddress(t.to, { strict: false })) throw invalidParams(method, 'to must be an address.')
      request.to = getAddress(t.to)
    }
    const data = t.data ?? t.input
    if (data !== undefined) {
      if (typeof data !== 'string' || !isHex(data)) throw invalidParams(method, 'data must be hex.')
      request.data = data
    }
    for (const key of ['value', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
      const value = t[key]
      if (value === undefined) continue
      if (typeof value !== 'string' || !hexQuantity.test(value)) throw invalidParams(method, `${key} must be a hex quantity.`)
      request[key] = BigInt(value)
    }
    if (t.nonce !== undefined) {
      if (typeof t.nonce !== 'string' || !hexQuantity.test(t.nonce)) throw invalidParams(method, 'nonce must be a hex quantity.')
      request.nonce = Number(t.nonce)
    }
    if (ask) await this.#ask('sendTransaction', method, params)
    const client = this.#client(this.#currentChain())
    try {
      return await client.sendTransaction({ ...request, account } as Parameters<typeof client.sendTransaction>[0])
    } catch (error) {
      throw toRpcError(error)
    }
  }

  /** An atomic batch (`testing/wallet/calls.ts`): the account calls itself, delegated to `delegate` by EIP-7702. */
  async #sendDelegated({ delegate, data }: { delegate: Hex; data: Hex }): Promise<Hex> {
    const account = this.#requireAuthorised()
    const client = this.#client(this.#currentChain())
    try {
      const authorization = await client.signAuthorization({ account, contractAddress: delegate, executor: 'self' })
      // A fixed gas limit, not an estimate: a batch with a reverting call is sent and reverts on chain as a whole (500).
      return await client.sendTransaction({ account, to: account.address, data, authorizationList: [authorization], gas: atomicBatchGas } as Parameters<typeof client.sendTransaction>[0])
    } catch (error) {
      throw toRpcError(error)
    }
  }

  async #forward(method: string, params: unknown): Promise<unknown> {
    const { rpcUrl } = this.#currentChain()
    let response: Response
    const controller = new AbortController()
    const fetched = fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: this.#rpcId++, method, params: params ?? [] }),
      signal: controller.signal,
    }).then((r) =>
      r.json().then(
        (json: unknown) => ({ response: r, json }),
        () => ({ response: r, json: undefined }),
      ),
    )
    this.#inflight.set(controller, fetched)
    let body: { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } }
    try {
      let json: unknown
      try {
        ;({ response, json } = await fetched)
      } catch (error) {
        if (controller.signal.aborted) throw controller.signal.reason
        throw new DevWalletRpcError(-32603, `Could not reach ${rpcUrl}: ${error instanceof Error ? error.message : String(error)}`)
      }
      if (controller.signal.aborted) throw controller.signal.reason
      if (json === undefined || json === null || typeof json !== 'object') throw new DevWalletRpcError(-32603, `Invalid JSON-RPC response from ${rpcUrl} (HTTP ${response.status}).`)
      body = json as typeof body
    } finally {
      this.#inflight.delete(controller)
    }
    if (body.error) {
      const { code, message, data } = body.error
      throw new DevWalletRpcError(typeof code === 'number' ? code : -32603, typeof message === 'string' ? message : 'JSON-RPC error', data)
    }
    if (!response.ok) throw new DevWalletRpcError(-32603, `HTTP ${response.status} from ${rpcUrl}.`)
    return body.result ?? null
  }

  // ---------------------------------------------------------------- helpers

  #ask(kind: PendingRequestKind, method: string, params: unknown): Promise<void> {
    if (this.#state.autoApprove) return Promise.resolve()
    return new Promise<void>((resolve, reject) => {
      const id = this.#nextId++
      const request: PendingRequest = { id, kind, method, params, ...(this.#origin ? { origin: this.#origin } : {}) }
      this.#queue.set(id, { request, resolve, reject })
      this.#notify()
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

  /** The selected account if the site is authorised and `address` is it; 4100 otherwise. */
  #accountFor(method: string, address: unknown): LocalAccount {
    if (typeof address !== 'string' || !isAddress(address, { strict: false })) {
      throw invalidParams(method, 'expected an address.')
    }
    const account = this.#requireAuthorised()
    if (address.toLowerCase() !== account.address.toLowerCase()) throw unauthorised()
    return account
  }

  #accountsForSite(): unknown {
    if (this.misbehave.accounts !== undefined) return this.misbehave.accounts
    return this.#state.authorised ? [this.state.address] : []
  }

  #chainIdForSite(): unknown {
    return this.misbehave.chainId !== undefined ? this.misbehave.chainId : toHex(this.#state.chainId)
  }

  #permissions(): unknown[] {
    return [
      {
        parentCapability: 'eth_accounts',
        invoker: this.#origin ?? 'unknown',
        caveats: [{ type: 'restrictReturnedAccounts', value: [this.#selected().address] }],
      },
    ]
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
    this.#emit('chainChanged', this.#chainIdForSite())
    this.#notify()
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

  #emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) {
      try {
        listener(...args)
      } catch (error) {
        console.error(`DevWallet: a '${event}' listener threw`, error)
      }
    }
  }

  #notify(): void {
    for (const subscriber of [...this.#subscribers]) {
      try {
        subscriber()
      } catch (error) {
        console.error('DevWallet: a subscriber threw', error)
      }
    }
  }

  #load(): Persisted {
    const firstChain = this.#chains[0] as DevWalletChain
    const state: Persisted = {
      authorised: false,
      accountIndex: 0,
      chainId: firstChain.chainId,
      addedChains: [],
      autoApprove: false,
    }
    let raw: unknown
    try {
      const text = this.#storage?.getItem(this.#storageKey)
      raw = text ? JSON.parse(text) : undefined
    } catch {
      return state // unreadable storage or malformed JSON: start fresh
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return state
    const r = raw as Record<string, unknown>
    if (typeof r.authorised === 'boolean') state.authorised = r.authorised
    if (typeof r.autoApprove === 'boolean') state.autoApprove = r.autoApprove
    if (Number.isInteger(r.accountIndex) && (r.accountIndex as number) >= 0 && (r.accountIndex as number) < this.#addresses.length) {
      state.accountIndex = r.accountIndex as number
    }
    if (Array.isArray(r.addedChains)) {
      for (const c of r.addedChains as unknown[]) {
        if (!isStoredChain(c)) continue
        if (this.#chains.some((k) => k.chainId === c.chainId) || state.addedChains.some((k) => k.chainId === c.chainId)) continue
        state.addedChains.push({
          chainId: c.chainId,
          name: c.name,
          rpcUrl: c.rpcUrl,
          ...(isCurrency(c.nativeCurrency) ? { nativeCurrency: c.nativeCurrency } : {}),
        })
      }
    }
    const known = [...this.#chains, ...state.addedChains]
    if (typeof r.chainId === 'number' && known.some((c) => c.chainId === r.chainId)) state.chainId = r.chainId
    return state
  }

  #save(): void {
    try {
      this.#storage?.setItem(this.#storageKey, JSON.stringify(this.#state))
    } catch {
      // Quota or privacy mode: the wallet keeps working in memory.
    }
  }
}
