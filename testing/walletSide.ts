/**
 * The user's side of the Wallet Standard development wallets (Solana, Bitcoin), shared by both: the requests waiting
 * for approval (approved, rejected with the wallet's 4001, or failed with a given error; at once under auto-approve),
 * the wallet panel's subscribers, the Wallet Standard `change` listeners, and the state a wallet keeps in the page's
 * storage as an extension does (authorised, selected account, auto-approve). A wallet owns one and answers the site.
 */
import type { WalletAccount } from '@wallet-standard/base'
import type { StandardEventsChangeProperties, StandardEventsListeners } from '@wallet-standard/features'
import { UnknownAccountError } from './errors.ts'

/** The subset of the Web Storage API the wallets persist to (`localStorage` fits). */
export type WalletSideStorage = { getItem(key: string): string | null; setItem(key: string, value: string): void; removeItem(key: string): void }

/** What a wallet keeps in storage (JSON under its storage key). */
export type PersistedWalletState = { authorised: boolean; accountIndex: number; autoApprove: boolean }

/** What {@link WalletSide} takes. */
export type WalletSideOptions = {
  /** Names the wallet in the console when a listener throws. */
  label: string
  storage: WalletSideStorage | undefined
  storageKey: string
  /** How many accounts the wallet has: a stored account index outside them is ignored. */
  accountCount: number
  /** When given, overrides the stored auto-approve setting (and is stored). */
  autoApprove: boolean | undefined
  /** The wallet's own "user rejected" error (code 4001). */
  rejected: () => unknown
  /** The accounts the site is granted now (none when not authorised): what a `change` event carries. */
  grantedAccounts: () => readonly WalletAccount[]
}

type QueueEntry<R> = { request: R; resolve: () => void; reject: (error: unknown) => void }

/** The requests, listeners and stored state of one development wallet (see the module's comment). */
export class WalletSide<R extends { readonly id: number }> {
  /** The stored state; the wallet changes it, then calls {@link WalletSide.save}. */
  state: PersistedWalletState
  readonly #options: WalletSideOptions
  readonly #queue = new Map<number, QueueEntry<R>>()
  #nextId = 1
  readonly #subscribers = new Set<() => void>()
  readonly #listeners = new Set<StandardEventsListeners['change']>()

  constructor(options: WalletSideOptions) {
    this.#options = options
    this.state = this.#load()
    if (options.autoApprove !== undefined && options.autoApprove !== this.state.autoApprove) {
      this.state.autoApprove = options.autoApprove
      this.save()
    }
  }

  /** Requests waiting for approval, oldest first. */
  get pending(): R[] {
    return [...this.#queue.values()].map((e) => e.request)
  }

  /** Resolves once the user approves the request `make(id)` makes (at once under auto-approve); rejects when they refuse. */
  ask(make: (id: number) => R): Promise<void> {
    if (this.state.autoApprove) return Promise.resolve()
    return new Promise<void>((resolve, reject) => {
      const id = this.#nextId++
      this.#queue.set(id, { request: make(id), resolve, reject })
      this.notify()
    })
  }

  /** Approves a pending request. @returns false when no pending request has this id. */
  approve(id: number): boolean {
    return this.#settle(id, (entry) => entry.resolve())
  }

  /** Rejects a pending request with the wallet's 4001. @returns false when no pending request has this id. */
  reject(id: number): boolean {
    return this.#settle(id, (entry) => entry.reject(this.#options.rejected()))
  }

  /** Fails a pending request with `error`. @returns false when no pending request has this id. */
  fail(id: number, error: unknown): boolean {
    return this.#settle(id, (entry) => entry.reject(error))
  }

  /** Calls `listener` after any change (pending list, account, authorisation, auto-approve). @returns unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.#subscribers.add(listener)
    return () => {
      this.#subscribers.delete(listener)
    }
  }

  /** Tells the subscribers (the panel, a test's prompt desk) that something changed. */
  notify(): void {
    this.#call(this.#subscribers, 'a subscriber', (subscriber) => subscriber())
  }

  /** `standard:events` `on`: the `change` event only. @returns off. */
  on(event: string, listener: StandardEventsListeners['change']): () => void {
    if (event !== 'change') return () => {}
    this.#listeners.add(listener)
    return () => {
      this.#listeners.delete(listener)
    }
  }

  /** Emits a Wallet Standard `change` event. */
  emit(properties: StandardEventsChangeProperties): void {
    this.#call(this.#listeners, "a 'change' listener", (listener) => listener(properties))
  }

  /** Turns auto-approve on or off (stored); turning it on approves everything pending. */
  setAutoApprove(value: boolean): void {
    if (value === this.state.autoApprove) return
    this.state.autoApprove = value
    this.save()
    if (value) for (const id of [...this.#queue.keys()]) this.approve(id)
    this.notify()
  }

  /**
   * Selects account `index` (the user's action in the wallet), stores it, and emits a `change` with the granted
   * accounts when the site is connected. Selecting the selected account does nothing.
   * @throws UnknownAccountError when `index` is not an integer from 0 to the number of accounts − 1 (nothing changes).
   * @example side.selectAccount(1)
   */
  selectAccount(index: number): void {
    const count = this.#options.accountCount
    if (!Number.isInteger(index) || index < 0 || index >= count) throw new UnknownAccountError(index, count)
    if (index === this.state.accountIndex) return
    this.state.accountIndex = index
    this.save()
    if (this.state.authorised) this.emit({ accounts: this.#options.grantedAccounts() })
    this.notify()
  }

  /**
   * Disconnects the site (the user in the wallet, or `standard:disconnect`): de-authorises, stores it, and emits a
   * `change` with no accounts. Does nothing when the site is not connected.
   */
  disconnect(): void {
    if (!this.state.authorised) return
    this.state.authorised = false
    this.save()
    this.emit({ accounts: this.#options.grantedAccounts() })
    this.notify()
  }

  /** Reads the state from storage again (a test seeded the page's storage after the wallet was made). No events. */
  reload(): void {
    this.state = this.#load()
    this.notify()
  }

  /** Writes the state to storage; a full or refused storage leaves the wallet working in memory. */
  save(): void {
    try {
      this.#options.storage?.setItem(this.#options.storageKey, JSON.stringify(this.state))
    } catch {
      // Quota or privacy mode: the wallet keeps working in memory.
    }
  }

  #settle(id: number, answer: (entry: QueueEntry<R>) => void): boolean {
    const entry = this.#queue.get(id)
    if (!entry) return false
    this.#queue.delete(id)
    answer(entry)
    this.notify()
    return true
  }

  #call<F>(targets: Set<F>, what: string, call: (target: F) => void): void {
    for (const target of [...targets]) {
      try {
        call(target)
      } catch (error) {
        console.error(`${this.#options.label}: ${what} threw`, error)
      }
    }
  }

  #load(): PersistedWalletState {
    const state: PersistedWalletState = { authorised: false, accountIndex: 0, autoApprove: false }
    let raw: unknown
    try {
      const text = this.#options.storage?.getItem(this.#options.storageKey)
      raw = text ? JSON.parse(text) : undefined
    } catch {
      return state // unreadable storage or malformed JSON: start fresh
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return state
    const r = raw as Record<string, unknown>
    if (typeof r.authorised === 'boolean') state.authorised = r.authorised
    if (typeof r.autoApprove === 'boolean') state.autoApprove = r.autoApprove
    if (Number.isInteger(r.accountIndex) && (r.accountIndex as number) >= 0 && (r.accountIndex as number) < this.#options.accountCount) state.accountIndex = r.accountIndex as number
    return state
  }
}
