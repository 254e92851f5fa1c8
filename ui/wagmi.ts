/**
 * `latchkey/wagmi`: latchkey's eip155 connection is wagmi's connection. A dapp built on wagmi (v2 or
 * v3) keeps its hooks (`useAccount`/`useConnection`, `useSendTransaction`, `useWriteContract`, `useSwitchChain`)
 * while the modal connects, switches and disconnects; a wagmi `disconnect()` disconnects the modal, a wagmi
 * `switchChain()` goes through the modal's network switching.
 *
 * wagmi is an optional peer, and this module needs none of its code: a wagmi connector is a plain function
 * (`createConnector` is the identity), and its types here are structural (what `createConfig({ connectors })` of wagmi 2
 * and 3 accepts), so neither the code nor the declarations need `@wagmi/core` to resolve from latchkey: npm nests it
 * under `wagmi` 3, where a dapp's bundler and TypeScript would not find it.
 *
 * @example
 * import { createConfig, http, WagmiProvider } from 'wagmi'
 * import { mainnet, sepolia } from 'wagmi/chains'
 * import { createModal } from 'latchkey'
 * import { latchkeyConnector, toLatchkeyNetworks } from 'latchkey/wagmi'
 *
 * const chains = [mainnet, sepolia] as const
 * const modal = createModal({ projectId, networks: toLatchkeyNetworks(chains) })
 * export const config = createConfig({
 *   chains,
 *   connectors: [latchkeyConnector(modal)],
 *   multiInjectedProviderDiscovery: false, // wallets are found and connected by latchkey
 *   transports: { [mainnet.id]: http(), [sepolia.id]: http() },
 * })
 */
import { getAddress, SwitchChainError, UserRejectedRequestError, type Address, type Chain } from 'viem'
import { BaseError } from '../adapters/errors.ts'
import { defineEvmNetwork, type CaipNetwork } from '../adapters/networks.ts'
import type { Eip1193Provider } from '../adapters/types.ts'
import { assertModal, getEip155Provider, NoConnectedWalletError, readEip155Connection, settledEip155Connection, watchEip155Connection, withBalanceRefresh, type Eip155ConnectionState } from './bridge.ts'
import type { ModalInstance } from './createModal.ts'
import { registerActiveConnector } from './wagmiConnections.ts'

export { NoConnectedWalletError }
export { HeldConnectionNotActiveError, syncWagmiConnections, type LatchkeyHeldConnector, type WagmiConnectionsConfig } from './wagmiConnections.ts'

/** The connector's `type` (wagmi's `connector.type`). */
export const latchkeyConnectorType = 'latchkey' as const

/** Options of {@link latchkeyConnector}. */
export type LatchkeyConnectorParameters = {
  /** wagmi's connector id; default `latchkey`. Two modals on one page need two ids. */
  id?: string
  /** The name wagmi shows; default `latchkey`. */
  name?: string
  /** Icon URL (http(s) or data:image); default none. */
  icon?: string
}

/**
 * The cause of the `SwitchChainError` a switch to a chain wagmi's config does not have is refused with (wagmi's own
 * `ChainNotConfiguredError`, made here: this module loads no wagmi code).
 */
export class ChainNotConfiguredError extends BaseError {
  static override docsPath = '/errors/ChainNotConfiguredError'
  override name = 'ChainNotConfiguredError'
  constructor(chainId: number) {
    super('Chain not configured.', { details: `Chain ${chainId} is not in wagmi's config (createConfig({ chains })) or in the modal's networks.` })
  }
}

/**
 * Why the modal ended a wagmi request without doing it: the visitor closed the modal without connecting, the wallet
 * declined a network switch or the visitor cancelled it, or the switch failed (the wallet's message). The `cause` of the
 * viem `UserRejectedRequestError` or `SwitchChainError` that wagmi's `connect()` or `switchChain()` rejects with.
 */
export class ModalRequestEndedError extends BaseError {
  static override docsPath = '/errors/ModalRequestEndedError'
  override name = 'ModalRequestEndedError'
}

/** Thrown by {@link toLatchkeyNetworks} for a chain latchkey cannot use (no http(s) RPC URL). */
export class WagmiChainNotUsableError extends BaseError {
  static override docsPath = '/errors/WagmiChainNotUsableError'
  override name = 'WagmiChainNotUsableError'
  constructor(chain: { id: number; name: string }, details: string) {
    super(`Chain ${chain.name} (${chain.id}) cannot be used by latchkey.`, { details })
  }
}

/**
 * Turns wagmi's (viem's) chains into latchkey networks, so the dapp keeps one list: the chain id, name, native
 * currency, first http(s) RPC URL, block explorer and testnet flag.
 *
 * @throws WagmiChainNotUsableError for a chain with no http(s) RPC URL; `InvalidUrlError` for a malformed one.
 * @example
 * const modal = createModal({ projectId, networks: toLatchkeyNetworks([mainnet, sepolia]) })
 */
export function toLatchkeyNetworks<const chains extends readonly [Chain, ...Chain[]]>(chains: chains): [CaipNetwork, ...CaipNetwork[]] {
  return chains.map((chain) => {
    const rpcUrl = chain.rpcUrls.default?.http[0]
    if (!rpcUrl) throw new WagmiChainNotUsableError(chain, 'It has no http(s) RPC URL (chain.rpcUrls.default.http).')
    const explorer = chain.blockExplorers?.default
    return defineEvmNetwork({
      id: chain.id,
      name: chain.name,
      nativeCurrency: chain.nativeCurrency,
      rpcUrl,
      ...(explorer ? { blockExplorer: { name: explorer.name, url: explorer.url } } : {}),
      testnet: chain.testnet ?? false,
    })
  }) as [CaipNetwork, ...CaipNetwork[]]
}

type Connected = Extract<Eip155ConnectionState, { status: 'connected' }>

/**
 * What {@link latchkeyConnector}'s function returns: a wagmi connector (the members `Connector` has in wagmi 2 and 3),
 * typed with viem's types only. `getProvider` resolves with the connected wallet's EIP-1193 provider, or undefined.
 */
export type LatchkeyConnector = {
  readonly id: string
  readonly name: string
  readonly type: typeof latchkeyConnectorType
  readonly icon?: string | undefined
  setup(): Promise<void>
  connect<withCapabilities extends boolean = false>(parameters?: {
    chainId?: number | undefined
    isReconnecting?: boolean | undefined
    withCapabilities?: withCapabilities | boolean | undefined
  }): Promise<{
    accounts: withCapabilities extends true ? readonly { address: Address; capabilities: Record<string, unknown> }[] : readonly Address[]
    chainId: number
  }>
  disconnect(): Promise<void>
  getAccounts(): Promise<readonly Address[]>
  getChainId(): Promise<number>
  getProvider(parameters?: { chainId?: number | undefined }): Promise<Eip1193Provider | undefined>
  isAuthorized(): Promise<boolean>
  switchChain(parameters: { chainId: number; addEthereumChainParameter?: unknown }): Promise<Chain>
  onAccountsChanged(accounts: string[]): void
  onChainChanged(chainId: string): void
  onDisconnect(error?: Error | undefined): void
}

/**
 * The part of the config wagmi hands a connector (`CreateConnectorFn`'s parameter in wagmi 2 and 3) that this connector
 * uses: the chains of `createConfig` and the connector's event emitter.
 */
export type LatchkeyConnectorConfig = {
  chains: readonly [Chain, ...Chain[]]
  emitter: {
    emit(eventName: 'connect', data: { accounts: readonly Address[]; chainId: number }): void
    emit(eventName: 'change', data: { accounts?: readonly Address[] | undefined; chainId?: number | undefined }): void
    emit(eventName: 'disconnect'): void
  }
}

/** Waits until the modal's eip155 wallet is connected; rejects when the modal closes first. */
function waitForConnection(modal: ModalInstance): Promise<Connected> {
  return new Promise((resolve, reject) => {
    let stopState = () => {}
    const stopConnection = watchEip155Connection(modal, (next) => {
      if (next.status !== 'connected') return
      done()
      resolve(next)
    })
    const done = () => {
      stopConnection()
      stopState()
    }
    stopState = modal.subscribe((state) => {
      if (state.open) return
      const now = readEip155Connection(modal)
      done()
      if (now.status === 'connected') resolve(now)
      else reject(new UserRejectedRequestError(new ModalRequestEndedError('The modal was closed without connecting a wallet.')))
    })
  })
}

/** Resolves when the modal's eip155 wallet is disconnected. */
function waitForDisconnection(modal: ModalInstance): Promise<void> {
  if (readEip155Connection(modal).status === 'disconnected') return Promise.resolve()
  return new Promise((resolve) => {
    const stop = watchEip155Connection(modal, (next) => {
      if (next.status !== 'disconnected') return
      stop()
      resolve()
    })
  })
}

/**
 * Asks the modal to switch its eip155 network (through the wallet when connected: spec §4), and resolves when the
 * wallet is on `chainId`.
 * @throws UserRejectedRequestError (viem's, code 4001) when the visitor declines; SwitchChainError for any other failure.
 */
function switchThroughModal(modal: ModalInstance, chainId: number): Promise<void> {
  const caipNetworkId = `eip155:${chainId}`
  const network = modal.actor.getSnapshot().context.network
  return new Promise<void>((resolve, reject) => {
    const subs: Array<{ unsubscribe(): void }> = []
    let stopConnection = () => {}
    const finish = (error?: Error) => {
      subs.forEach((s) => s.unsubscribe())
      stopConnection()
      if (error) reject(error)
      else resolve()
    }
    const isOnTarget = () => {
      const c = readEip155Connection(modal)
      return c.status === 'connected' && c.chainId === chainId
    }
    let wasPending = false
    subs.push(
      network.on('network.switchRejected', () => finish(new UserRejectedRequestError(new ModalRequestEndedError('The wallet declined the network switch.')))),
      network.on('network.switchFailed', (e) => finish(new SwitchChainError(new ModalRequestEndedError('The network switch failed.', { details: e.error.message })))),
      network.on('network.notFound', () => finish(new SwitchChainError(new ChainNotConfiguredError(chainId)))),
      network.subscribe((snapshot) => {
        if (snapshot.matches('pending')) wasPending = true
        // Given up (Back in SwitchNetwork, the modal closed) with the wallet elsewhere: the switch did not happen.
        else if (wasPending && !isOnTarget() && snapshot.context.target === undefined) finish(new UserRejectedRequestError(new ModalRequestEndedError('The network switch was cancelled.')))
      }),
    )
    stopConnection = watchEip155Connection(modal, () => {
      if (isOnTarget()) finish()
    })
    modal.switchNetwork(caipNetworkId)
    if (isOnTarget()) finish()
  })
}

/**
 * A wagmi connector whose connection is the modal's eip155 connection (one source of truth, both
 * directions).
 *
 * - The modal connects a wallet (any way: browser wallet, WalletConnect, a restore on load) → wagmi is connected with
 *   that address and chain (`useAccount` / `getAccount`); the wallet changes account or chain → wagmi follows; the
 *   modal disconnects → wagmi is disconnected.
 * - wagmi `connect({ connector })` opens the modal and resolves once a wallet is connected (rejects with viem's
 *   `UserRejectedRequestError` when the visitor closes it without connecting); already connected, it resolves at once.
 * - wagmi `disconnect()` disconnects the modal's eip155 wallet.
 * - wagmi `switchChain({ chainId })` goes through the modal (`modal.switchNetwork`): the wallet is asked, SwitchNetwork
 *   shows unless `ignoreSwitchConfirmation`; a decline rejects with `UserRejectedRequestError`, a chain the modal does
 *   not have rejects with `SwitchChainError` (cause `ChainNotConfiguredError`).
 * - wagmi's `getConnectorClient` (behind `useSendTransaction`, `useWriteContract`, `useSignMessage`, …) gets the
 *   connected wallet's EIP-1193 provider; a transaction sent through it makes the modal read its balance again once
 *   mined.
 * - wagmi `reconnect()` (WagmiProvider on mount) waits for the modal's own restore of a stored connection.
 * - Multi-wallet (`features.multiWallet`, spec §6): this connector's connection is the modal's active wallet; with
 *   {@link syncWagmiConnections} the other wallets the modal holds are wagmi's connections too, and wagmi's
 *   `switchAccount` / `switchConnection` switches the modal.
 *
 * Give the modal the same chains as wagmi ({@link toLatchkeyNetworks}), and turn off wagmi's own wallet discovery
 * (`multiInjectedProviderDiscovery: false`) so that wallets are connected through the modal only.
 *
 * @param modal the instance from `createModal`.
 * @returns a wagmi `CreateConnectorFn` for `createConfig({ connectors: [...] })`.
 * @throws InvalidOptionsError `latchkeyConnector(modal): Expected the instance createModal returns` for anything else.
 * @example
 * const config = createConfig({ chains: [mainnet], connectors: [latchkeyConnector(modal)], multiInjectedProviderDiscovery: false, transports: { [mainnet.id]: http() } })
 * // anywhere: modal.open(); wagmi's useAccount() shows the address once the visitor connects
 */
export function latchkeyConnector(modal: ModalInstance, parameters: LatchkeyConnectorParameters = {}) {
  assertModal(modal, 'latchkeyConnector')
  registerActiveConnector(modal, parameters.id ?? 'latchkey')
  /** One wrapped provider per wallet provider, so wagmi sees a stable object. */
  const wrapped = new WeakMap<Eip1193Provider, Eip1193Provider>()

  const fn = (config: LatchkeyConnectorConfig): LatchkeyConnector => {
    /** This config's subscription to the modal (one per `createConfig`; `setup` again replaces it). */
    let stopWatching: (() => void) | undefined
    const chainOf = (chainId: number) => config.chains.find((c) => c.id === chainId)
    const accountsOf = (c: Connected): readonly Address[] => [getAddress(c.address)]

    return {
      id: parameters.id ?? 'latchkey',
      name: parameters.name ?? 'latchkey',
      type: latchkeyConnectorType,
      ...(parameters.icon ? { icon: parameters.icon } : {}),

      async setup() {
        stopWatching?.()
        // The modal is the source of truth: what it does reaches wagmi through the connector's events. `last` is the
        // connection wagmi was last told of (a disconnect passes through `connecting`, so states are not compared pairwise).
        let last: Connected | undefined
        stopWatching = watchEip155Connection(modal, (next) => {
          if (next.status === 'connected') {
            if (!last) config.emitter.emit('connect', { accounts: accountsOf(next), chainId: next.chainId })
            else {
              if (next.connectorId !== last.connectorId || next.address !== last.address) config.emitter.emit('change', { accounts: accountsOf(next) })
              if (next.chainId !== last.chainId) config.emitter.emit('change', { chainId: next.chainId })
            }
            last = next
          } else if (next.status === 'disconnected' && last) {
            last = undefined
            config.emitter.emit('disconnect')
          }
        })
        // Connected before wagmi was set up (a restore that finished first): wagmi hears it once its store is ready.
        void settledEip155Connection(modal).then((c) => {
          if (c.status !== 'connected' || last) return
          last = c
          setTimeout(() => config.emitter.emit('connect', { accounts: accountsOf(c), chainId: c.chainId }), 0)
        })
      },

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        let c = await settledEip155Connection(modal)
        if (c.status !== 'connected') {
          if (isReconnecting) throw new NoConnectedWalletError()
          // A modal showing another namespace (Solana, Bitcoin) is brought to an EVM network first, so that Connect
          // lists EVM wallets: the one wagmi asks for, else wagmi's first chain, else the modal's first EVM network.
          if (modal.getState().activeNamespace !== 'eip155') {
            const networks = modal.actor.getSnapshot().context.network.getSnapshot().context.networks
            const target = [chainId, ...config.chains.map((ch) => ch.id)].find((id) => id !== undefined && networks.some((n) => n.caipNetworkId === `eip155:${id}`))
            const network = target !== undefined ? `eip155:${target}` : networks.find((n) => n.chainNamespace === 'eip155')?.caipNetworkId
            if (network) modal.switchNetwork(network)
          }
          modal.open()
          c = await waitForConnection(modal)
        }
        if (chainId !== undefined && chainId !== c.chainId && !isReconnecting) {
          await this.switchChain({ chainId })
          c = readEip155Connection(modal) as Connected
        }
        const accounts = accountsOf(c)
        return {
          accounts: (withCapabilities ? accounts.map((address) => ({ address, capabilities: {} })) : accounts) as never,
          chainId: c.chainId,
        }
      },

      async disconnect() {
        const { activeNamespace, connections } = modal.actor.getSnapshot().context
        if (readEip155Connection(modal).status === 'disconnected') return
        if (activeNamespace === 'eip155') modal.disconnect()
        else connections.eip155?.send({ type: 'connection.disconnect' })
        await waitForDisconnection(modal)
      },

      async getAccounts() {
        const c = readEip155Connection(modal)
        return c.status === 'connected' ? accountsOf(c) : []
      },

      async getChainId() {
        const c = readEip155Connection(modal)
        if (c.status === 'connected') return c.chainId
        const { network } = modal.getState()
        return network.chainNamespace === 'eip155' ? Number(network.id) : config.chains[0].id
      },

      async getProvider() {
        const c = await settledEip155Connection(modal)
        if (c.status !== 'connected') return undefined
        let provider: Eip1193Provider
        try {
          provider = getEip155Provider(modal).provider
        } catch {
          return undefined
        }
        let p = wrapped.get(provider)
        if (!p) wrapped.set(provider, (p = withBalanceRefresh(modal, provider)))
        return p
      },

      async isAuthorized() {
        return (await settledEip155Connection(modal)).status === 'connected'
      },

      async switchChain({ chainId }) {
        const chain = chainOf(chainId)
        const networks = modal.actor.getSnapshot().context.network.getSnapshot().context.networks
        // Both must have it: wagmi's config (the chain returned) and the modal (the network switched to).
        if (!chain || !networks.some((n) => n.caipNetworkId === `eip155:${chainId}`)) throw new SwitchChainError(new ChainNotConfiguredError(chainId))
        const c = readEip155Connection(modal)
        if (c.status === 'connected' && c.chainId === chainId) return chain
        if (c.status !== 'connected') {
          // Not connected: the modal's network is just set (spec §4), as wagmi sets its own.
          modal.switchNetwork(`eip155:${chainId}`)
          return chain
        }
        await switchThroughModal(modal, chainId)
        return chain
      },

      // The modal follows the wallet's own events; wagmi hears them from the modal (setup above), never twice.
      onAccountsChanged(accounts) {
        if (accounts.length === 0) this.onDisconnect()
        else config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) })
      },
      onChainChanged(chain) {
        config.emitter.emit('change', { chainId: Number(chain) })
      },
      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
  }
  return fn
}

/** The part of wagmi's `Config` (2 and 3) {@link syncWagmiChain} uses: its state's chain and status, read and set. */
export type WagmiChainConfig = {
  readonly chains: readonly Chain[]
  readonly state: { chainId: number; status: string }
  // `any`: wagmi's whole state comes back with the chain changed (its State type is wagmi's own).
  // biome-ignore lint/suspicious/noExplicitAny: wagmi's store state is wider than the chainId this bridge writes
  setState(update: (state: { chainId: number }) => any): void
  subscribe<selected>(selector: (state: { chainId: number; status: string }) => selected, listener: (selected: selected, previous: selected) => void): () => void
}

/**
 * Keeps the chain consistent while no wallet is connected, the one case the connector cannot see: wagmi's
 * `switchChain` then changes wagmi's own chain without asking any connector, and the modal's network picker sets the
 * modal's network without a wallet. With this, either follows the other (when both have the chain). Once a wallet
 * is connected, {@link latchkeyConnector} alone keeps them together.
 *
 * @param config wagmi's config (`createConfig`), wagmi 2 or 3.
 * @returns unsubscribe.
 * @throws InvalidOptionsError `syncWagmiChain(modal): Expected the instance createModal returns` for anything else.
 * @example
 * const config = createConfig({ chains, connectors: [latchkeyConnector(modal)], transports })
 * syncWagmiChain(modal, config)
 */
export function syncWagmiChain(modal: ModalInstance, config: WagmiChainConfig): () => void {
  assertModal(modal, 'syncWagmiChain')
  const networkRef = modal.actor.getSnapshot().context.network
  const modalHas = (chainId: number) => networkRef.getSnapshot().context.networks.some((n) => n.caipNetworkId === `eip155:${chainId}`)
  const modalChainId = (): number | undefined => {
    const { activeCaipNetworkId } = networkRef.getSnapshot().context
    return activeCaipNetworkId.startsWith('eip155:') ? Number(activeCaipNetworkId.slice('eip155:'.length)) : undefined
  }
  const disconnected = () => readEip155Connection(modal).status === 'disconnected' && config.state.status === 'disconnected'
  const stopWagmi = config.subscribe(
    (state) => state.chainId,
    (chainId) => {
      if (disconnected() && chainId !== modalChainId() && modalHas(chainId)) modal.switchNetwork(`eip155:${chainId}`)
    },
  )
  const sub = networkRef.subscribe(() => {
    const chainId = modalChainId()
    if (chainId === undefined || !disconnected() || chainId === config.state.chainId) return
    if (config.chains.some((c) => c.id === chainId)) config.setState((state) => ({ ...state, chainId }))
  })
  return () => {
    stopWagmi()
    sub.unsubscribe()
  }
}
