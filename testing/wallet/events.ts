/**
 * The dev wallet's two kinds of listeners: the site's EIP-1193 event listeners (`connect`, `disconnect`,
 * `accountsChanged`, `chainChanged`) and the wallet UI's change subscribers. A listener that throws is logged and the
 * others still run.
 */

/** EIP-1193 listeners by event name, and subscribers to any change of the wallet. */
export class WalletEvents {
  readonly #listeners = new Map<string, Set<(...args: any[]) => void>>()
  readonly #subscribers = new Set<() => void>()

  /** Adds an EIP-1193 listener of `event`. */
  on(event: string, listener: (...args: any[]) => void): void {
    let set = this.#listeners.get(event)
    if (!set) this.#listeners.set(event, (set = new Set()))
    set.add(listener)
  }

  /** Removes a listener added with {@link WalletEvents.on}; an unknown one is ignored. */
  off(event: string, listener: (...args: any[]) => void): void {
    this.#listeners.get(event)?.delete(listener)
  }

  /** Calls every listener of `event` with `args`, in the order they were added. */
  emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) {
      try {
        listener(...args)
      } catch (error) {
        console.error(`DevWallet: a '${event}' listener threw`, error)
      }
    }
  }

  /** Adds a change subscriber (no arguments). @returns an unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.#subscribers.add(listener)
    return () => {
      this.#subscribers.delete(listener)
    }
  }

  /** Calls every change subscriber. */
  notify(): void {
    for (const subscriber of [...this.#subscribers]) {
      try {
        subscriber()
      } catch (error) {
        console.error('DevWallet: a subscriber threw', error)
      }
    }
  }
}
