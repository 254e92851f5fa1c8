/**
 * Multi-wallet through wagmi (spec §6 "Multi-wallet methods (get connections, switch, delete)"): the wallets the modal
 * holds in the eip155 namespace are wagmi's connections, and wagmi's current connection is the modal's active one, both
 * ways. Like `latchkey/wagmi`'s connector, no wagmi code here: wagmi's config is read and written through its public
 * `state`, `setState` and `subscribe` (wagmi 2 and 3).
 */
import { getAddress, SwitchChainError, type Address } from 'viem'
import { BaseError } from '../adapters/errors.ts'
import type { Eip1193Provider } from '../adapters/types.ts'
import type { ConnectionView } from '../machines/multiWallet.connect.ts'
import { assertModal, getEip155Provider, readEip155Connection, watchEip155Connection, withBalanceRefresh } from './bridge.ts'
import { ConnectionNotFoundError } from './errors.ts'
import type { ModalInstance } from './instance.ts'

/** The ids of the `latchkeyConnector`s made for each modal: their wagmi connection is the modal's active one. */
const activeConnectorIds = new WeakMap<ModalInstance, Set<string>>()

/** Records that wagmi connector `id` stands for `modal`'s active eip155 connection (called by `latchkeyConnector`). */
export function registerActiveConnector(modal: ModalInstance, id: string): void {
  const ids = activeConnectorIds.get(modal) ?? new Set<string>()
  ids.add(id)
  activeConnectorIds.set(modal, ids)
}

/**
 * Thrown by a held wallet's wagmi connector when it is asked for its provider or a chain switch: the modal acts with
 * its active wallet only (spec §6). Switch to it first (`switchAccount` / `switchConnection`, or the modal's switcher).
 */
export class HeldConnectionNotActiveError extends BaseError {
  static override docsPath = '/errors/HeldConnectionNotActiveError'
  override name = 'HeldConnectionNotActiveError'
  constructor(connectionId: string) {
    super('This wallet is held, not active.', {
      details: `Connection ${connectionId} is held by the modal but is not its active one: switch to it first (wagmi's switchAccount / switchConnection with its connector, or modal.switchConnection).`,
    })
  }
}

/** wagmi's connector event emitter, as much of it as wagmi's actions use on a connection's connector. */
type HeldEmitter = {
  uid: string
  on(event: string, listener: (data: unknown) => void): void
  off(event: string, listener: (data: unknown) => void): void
  emit(event: string, data?: unknown): void
  listenerCount(event: string): number
}

/** A connector of a held (non-active) modal connection, as wagmi's state holds it (`connection.connector`). */
export type LatchkeyHeldConnector = {
  readonly uid: string
  /** `latchkey:<connectionId>` (`latchkey:eip155:io.metamask`). */
  readonly id: string
  /** The wallet's name as the modal lists it. */
  readonly name: string
  readonly type: 'latchkey'
  readonly icon?: string | undefined
  /** The modal connection it stands for (`eip155:io.metamask`). */
  readonly connectionId: string
  readonly emitter: HeldEmitter
  setup(): Promise<void>
  connect(): Promise<{ accounts: readonly Address[]; chainId: number }>
  disconnect(): Promise<void>
  getAccounts(): Promise<readonly Address[]>
  getChainId(): Promise<number>
  getProvider(): Promise<Eip1193Provider>
  isAuthorized(): Promise<boolean>
  switchChain(parameters: { chainId: number }): Promise<never>
  onAccountsChanged(): void
  onChainChanged(): void
  onDisconnect(): void
}

type WagmiConnectorLike = { readonly uid: string; readonly id: string }
type WagmiConnection = { accounts: readonly [Address, ...Address[]]; chainId: number; connector: WagmiConnectorLike }
type WagmiConnectionsState = { connections: Map<string, WagmiConnection>; current: string | null | undefined; status: string }

/** The part of wagmi's `Config` (2 and 3) {@link syncWagmiConnections} uses: its connections and current one, read and set. */
export type WagmiConnectionsConfig = {
  readonly state: WagmiConnectionsState
  // `any`: wagmi's whole state comes back with its connections changed (its State type is wagmi's own).
  // biome-ignore lint/suspicious/noExplicitAny: wagmi's store state is wider than the connections this bridge writes
  setState(update: (state: any) => any): void
  subscribe<selected>(selector: (state: WagmiConnectionsState) => selected, listener: (selected: selected, previous: selected) => void): () => void
}

function createHeldEmitter(uid: string): HeldEmitter {
  const listeners = new Map<string, Set<(data: unknown) => void>>()
  return {
    uid,
    on: (event, listener) => void listeners.set(event, (listeners.get(event) ?? new Set()).add(listener)),
    off: (event, listener) => void listeners.get(event)?.delete(listener),
    emit: (event, data) => listeners.get(event)?.forEach((l) => l({ ...(data as object), uid })),
    listenerCount: (event) => listeners.get(event)?.size ?? 0,
  }
}

let heldUid = 0

/**
 * Makes the modal's held eip155 wallets wagmi's connections, and wagmi's current connection the modal's active one,
 * both ways (spec §6, with `features.multiWallet` on):
 *
 * - wagmi's current connection is `latchkeyConnector`'s, with the modal's active wallet (as without this function);
 *   every other wallet the modal holds is a connection of its own beside it (`useConnections()` / `getConnections`),
 *   under a connector named after the wallet (`id` `latchkey:<connectionId>`, `name`, `icon`), with its accounts, on its
 *   wallet's own chain (its own `chainChanged` followed while held), else the active wallet's chain.
 * - A switch in the modal (its switcher, `modal.switchConnection`) is a switch in wagmi: the wallet switched to is then
 *   wagmi's current connection (`useAccount`/`useConnection` show its address), the one left is listed as held.
 * - wagmi's `switchAccount({ connector })` (wagmi 2) / `switchConnection({ connector })` (wagmi 3), or `connect` with a
 *   held wallet's connector, is a switch in the modal (`modal.switchConnection`): the wallet is restored without a
 *   prompt, and once it is the modal's active wallet it is wagmi's current connection under `latchkeyConnector`'s
 *   connector again, its address unchanged. A switch the modal cannot make (the wallet gone meanwhile) leaves wagmi on
 *   the modal's active wallet.
 * - wagmi's `disconnect({ connector })` with a held wallet's connector removes that wallet from the modal
 *   (`modal.deleteConnection`); wagmi's `disconnect()` of the current connection is the modal's Disconnect (every held
 *   wallet ends with it, spec §4).
 * - A held wallet's connector hands out no provider and switches no chain (`HeldConnectionNotActiveError`): sends,
 *   signatures and chain switches go through the active wallet (wagmi's current connection); a held connector asked
 *   while its switch is under way answers once the switch has landed.
 *
 * With multi-wallet off, or nothing connected, wagmi holds the one connection `latchkeyConnector` gives it.
 *
 * @param modal the instance from `createModal` (the one `latchkeyConnector` was given).
 * @param config wagmi's config (`createConfig` with `latchkeyConnector(modal)` among its connectors), wagmi 2 or 3.
 * @returns unsubscribe (the held connections are left as they are).
 * @throws InvalidOptionsError `syncWagmiConnections(modal): Expected the instance createModal returns` for anything else.
 * @example
 * const config = createConfig({ chains, connectors: [latchkeyConnector(modal)], multiInjectedProviderDiscovery: false, transports })
 * syncWagmiConnections(modal, config)
 * // React: const { connectors, switchAccount } = useSwitchAccount() (wagmi 2); useConnections() lists every held wallet
 */
export function syncWagmiConnections(modal: ModalInstance, config: WagmiConnectionsConfig): () => void {
  assertModal(modal, 'syncWagmiConnections')
  /** The held wallets' connectors, by connection id: one stable object per held connection. */
  const held = new Map<string, LatchkeyHeldConnector>()
  /** The connection a wagmi switch asked the modal for (sent once). */
  let requested: string | undefined
  let applying = false
  /** Every held connector's uid this sync made (those of wallets no longer held too: their wagmi connections go). */
  const made = new Set<string>()

  const isActiveConnector = (connector: WagmiConnectorLike) => activeConnectorIds.get(modal)?.has(connector.id) === true && !isHeld(connector)
  const isHeld = (connector: WagmiConnectorLike) => made.has(connector.uid)
  const heldByUid = (uid: string | null | undefined) => [...held.values()].find((h) => h.uid === uid)

  /** The modal's held eip155 connections other than the one its eip155 connection acts with now (none when off). */
  const heldViews = (): ConnectionView[] => {
    const state = modal.getState()
    if (!state.features.multiWallet) return []
    const active = readEip155Connection(modal)
    if (active.status !== 'connected') return []
    const activeId = `eip155:${active.connectorId}`
    return (modal.getConnections('eip155') ?? []).filter((c) => c.id !== activeId && c.accounts.length > 0)
  }
  const accountsOf = (view: ConnectionView) => view.accounts.map((a) => getAddress(a)) as unknown as readonly [Address, ...Address[]]
  const chainNow = () => {
    const c = readEip155Connection(modal)
    return c.status === 'connected' ? c.chainId : undefined
  }
  const findView = (connectionId: string) => (modal.getConnections('eip155') ?? []).find((c) => c.id === connectionId)
  /** A held wallet's own chain (its last `chainChanged`), else the active wallet's. */
  const chainOf = (view: ConnectionView | undefined) => {
    const own = view?.caipNetworkId?.startsWith('eip155:') ? Number(view.caipNetworkId.slice('eip155:'.length)) : Number.NaN
    return Number.isSafeInteger(own) && own > 0 ? own : chainNow()
  }

  /** Resolves when `connectionId` is the modal's active eip155 connection; rejects once it is neither active nor the switch asked for. */
  const untilActive = (connectionId: string): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const c = readEip155Connection(modal)
        if (c.status === 'connected' && `eip155:${c.connectorId}` === connectionId) return done(resolve)
        if (requested !== connectionId && c.status !== 'connecting') done(() => reject(new HeldConnectionNotActiveError(connectionId)))
      }
      let stop = () => {}
      const done = (then: () => void) => {
        stop()
        then()
      }
      stop = watchEip155Connection(modal, check)
      check()
    })

  const heldConnector = (view: ConnectionView): LatchkeyHeldConnector => {
    const wallet = modal.actor.getSnapshot().context.connectors.find((c) => c.id === view.connectorId)
    const icon = wallet?.imageUrl && /^(https?:|data:image\/)/.test(wallet.imageUrl) ? wallet.imageUrl : undefined
    const uid = `latchkey-held-${++heldUid}`
    made.add(uid)
    const connectionId = view.id
    return {
      uid,
      id: `latchkey:${connectionId}`,
      name: wallet?.name ?? view.connectorId,
      type: 'latchkey',
      ...(icon ? { icon } : {}),
      connectionId,
      emitter: createHeldEmitter(uid),
      async setup() {},
      async connect() {
        const found = findView(connectionId)
        const chainId = chainOf(found)
        if (!found || chainId === undefined) throw new ConnectionNotFoundError({ connectionId, namespace: 'eip155' })
        return { accounts: accountsOf(found), chainId }
      },
      async disconnect() {
        try {
          modal.deleteConnection({ connectionId, namespace: 'eip155' })
        } catch (error) {
          // Already gone (removed twice, or by the wallet): nothing left to remove.
          if (!(error instanceof ConnectionNotFoundError)) throw error
        }
      },
      async getAccounts() {
        const found = findView(connectionId)
        return found ? accountsOf(found) : []
      },
      async getChainId() {
        return chainOf(findView(connectionId)) ?? 0
      },
      async getProvider() {
        // Asked while wagmi's switch to it is under way: it answers with the provider once it is the active wallet.
        if (requested !== connectionId) throw new HeldConnectionNotActiveError(connectionId)
        await untilActive(connectionId)
        return withBalanceRefresh(modal, getEip155Provider(modal).provider)
      },
      async isAuthorized() {
        return findView(connectionId) !== undefined
      },
      async switchChain() {
        throw new SwitchChainError(new HeldConnectionNotActiveError(connectionId))
      },
      onAccountsChanged() {},
      onChainChanged() {},
      onDisconnect() {},
    }
  }

  /**
   * Brings wagmi's connections to the modal's: the active connector's connection first (as wagmi or the connector set it),
   * then each held wallet's; a current connection on a held wallet that is still held is wagmi asking for a switch, one
   * no longer held (now active, or gone) hands back to the active connector's.
   */
  const reconcile = () => {
    if (applying) return
    const state = config.state
    const entries = [...state.connections.entries()]
    const active = entries.find(([, c]) => isActiveConnector(c.connector))
    const views = active ? heldViews() : []
    for (const [id] of held) if (!views.some((v) => v.id === id)) held.delete(id)
    const next = new Map<string, WagmiConnection>()
    if (active) next.set(active[0], active[1])
    // Other connectors' connections (another library's) stay as wagmi has them.
    for (const [uid, c] of entries) if (!isActiveConnector(c.connector) && !isHeld(c.connector)) next.set(uid, c)
    for (const view of views) {
      let connector = held.get(view.id)
      if (!connector) held.set(view.id, (connector = heldConnector(view)))
      const previous = state.connections.get(connector.uid)
      const accounts = accountsOf(view)
      const own = chainOf(view)
      const chainId = view.caipNetworkId?.startsWith('eip155:') && own !== undefined ? own : (active?.[1].chainId ?? 0)
      const same = previous && previous.chainId === chainId && previous.accounts.length === accounts.length && previous.accounts.every((a, i) => a === accounts[i])
      next.set(connector.uid, same ? previous : { accounts, chainId, connector })
    }
    let current = state.current
    const currentHeld = heldByUid(current)
    if (currentHeld && active) {
      // wagmi switched to a held wallet (switchAccount / switchConnection, connect): the modal switches to it.
      if (requested !== currentHeld.connectionId) {
        requested = currentHeld.connectionId
        try {
          modal.switchConnection({ connectionId: currentHeld.connectionId, namespace: 'eip155' })
        } catch (error) {
          if (!(error instanceof ConnectionNotFoundError)) throw error
          requested = undefined
          current = active[0]
        }
      }
    } else {
      requested = undefined
      if (current !== null && current !== undefined && !next.has(current)) current = active ? active[0] : (next.keys().next().value ?? null)
    }
    const status = next.size === 0 && state.status === 'connected' ? 'disconnected' : state.status
    const unchanged = current === state.current && status === state.status && next.size === state.connections.size && [...next.entries()].every(([uid, c], i) => entries[i]?.[0] === uid && entries[i]?.[1] === c)
    if (unchanged) return
    applying = true
    try {
      config.setState((x: WagmiConnectionsState) => ({ ...x, connections: next, current: next.size === 0 ? null : current, status }))
    } finally {
      applying = false
    }
  }

  const stopModal = modal.subscribe(reconcile)
  const stopConnection = watchEip155Connection(modal, reconcile)
  const stopWagmi = config.subscribe(
    (state) => state,
    () => reconcile(),
  )
  reconcile()
  return () => {
    stopModal()
    stopConnection()
    stopWagmi()
  }
}
