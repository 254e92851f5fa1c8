/**
 * Key-value storages for the WalletConnect SDK (`SignClient.init({ storage })`): the SDK's `IKeyValueStorage`
 * shape (async `getKeys`, `getEntries`, `getItem`, `setItem`, `removeItem`; values are JSON-compatible).
 *
 * - {@link MemoryKeyValueStorage}: one per SDK client, so Node tests stay isolated (the SDK's own Node default
 *   writes files).
 * - {@link WebKeyValueStorage}: over a Web Storage (`localStorage`), under a key prefix, so the wallet page
 *   keeps its pairings and sessions across reloads.
 *
 * Browser-safe: no Node imports.
 */

/** The storage shape the WalletConnect SDK expects (structurally its `IKeyValueStorage`). */
export type KeyValueStorage = {
  getKeys(): Promise<string[]>
  getEntries<T = any>(): Promise<[string, T][]>
  getItem<T = any>(key: string): Promise<T | undefined>
  setItem<T = any>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

/** In-memory {@link KeyValueStorage}. Values are deep-copied on the way in and out, as a real store would. */
export class MemoryKeyValueStorage implements KeyValueStorage {
  readonly #map = new Map<string, string>()

  async getKeys(): Promise<string[]> {
    return [...this.#map.keys()]
  }

  async getEntries<T = any>(): Promise<[string, T][]> {
    return [...this.#map].map(([key, value]) => [key, JSON.parse(value) as T])
  }

  async getItem<T = any>(key: string): Promise<T | undefined> {
    const value = this.#map.get(key)
    return value === undefined ? undefined : (JSON.parse(value) as T)
  }

  /** @throws TypeError when `value` cannot be serialised as JSON (e.g. a bigint). */
  async setItem<T = any>(key: string, value: T): Promise<void> {
    const text = JSON.stringify(value)
    if (text === undefined) throw new TypeError(`Cannot store ${typeof value} under ${key}.`)
    this.#map.set(key, text)
  }

  async removeItem(key: string): Promise<void> {
    this.#map.delete(key)
  }
}

/** The subset of the Web Storage API used by {@link WebKeyValueStorage} (`localStorage` fits). */
export type WebStorageLike = {
  readonly length: number
  key(index: number): string | null
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/**
 * {@link KeyValueStorage} over a Web Storage: each SDK key is stored as JSON under `prefix + key`. Entries whose
 * JSON is unreadable are skipped (and read as missing), so a damaged entry never stops the wallet from starting.
 */
export class WebKeyValueStorage implements KeyValueStorage {
  readonly #storage: WebStorageLike
  readonly #prefix: string

  /**
   * @param storage e.g. `localStorage`.
   * @param prefix namespace of this wallet's keys; default 'latchkey-mobile-wallet:'.
   */
  constructor(storage: WebStorageLike, prefix = 'latchkey-mobile-wallet:') {
    this.#storage = storage
    this.#prefix = prefix
  }

  async getKeys(): Promise<string[]> {
    const keys: string[] = []
    for (let i = 0; i < this.#storage.length; i++) {
      const key = this.#storage.key(i)
      if (key?.startsWith(this.#prefix)) keys.push(key.slice(this.#prefix.length))
    }
    return keys
  }

  async getEntries<T = any>(): Promise<[string, T][]> {
    const entries: [string, T][] = []
    for (const key of await this.getKeys()) {
      const value = await this.getItem<T>(key)
      if (value !== undefined) entries.push([key, value])
    }
    return entries
  }

  async getItem<T = any>(key: string): Promise<T | undefined> {
    const text = this.#storage.getItem(this.#prefix + key)
    if (text === null) return undefined
    try {
      return JSON.parse(text) as T
    } catch {
      return undefined
    }
  }

  async setItem<T = any>(key: string, value: T): Promise<void> {
    this.#storage.setItem(this.#prefix + key, JSON.stringify(value))
  }

  async removeItem(key: string): Promise<void> {
    this.#storage.removeItem(this.#prefix + key)
  }
}
