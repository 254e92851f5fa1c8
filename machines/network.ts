import { assign, emit, fromPromise, setup } from 'xstate'
import { ActorNotProvidedError, BaseError } from '../kernel/errors.ts'
import { isUserRejection, summarizeError, toProviderError, UnrecognizedChainError, type ErrorSummary } from '../adapters/errors.ts'
import { findNetwork, type CaipNetwork, type CaipNetworkId, type ChainNamespace } from '../adapters/networks.ts'
import { actorErrorOf } from './narrow.ts'
import { machineTypes } from './machineTypes.ts'

export type NetworkContext = {
  /** The namespace of the active network (the wallet's chain events are read in it). */
  namespace: ChainNamespace
  /**
   * The configured networks: this machine owns the list. It starts as `options.networks` and changes
   * with `network.add` / `network.remove` (`modal.addNetwork` / `modal.removeNetwork`); the root and the wallet actors
   * read it here, nobody keeps a copy.
   */
  networks: readonly CaipNetwork[]
  activeCaipNetworkId: CaipNetworkId
  /** The wallet's chain when it is not in `networks` (the chart is then in `unsupported`). */
  walletChainId?: number | string
  /** The network a switch is under way to. */
  target?: CaipNetworkId
  /** The wallet asked to switch (set with `target`). */
  connectorId?: string
  error?: ErrorSummary
}

export type NetworkInput = {
  namespace?: ChainNamespace
  networks: readonly CaipNetwork[]
  /** Stored or default active network; falls back to the first network when unknown. */
  activeCaipNetworkId?: string | undefined
}

export type NetworkEvent =
  /** Switch the active network. With a connector (a connected wallet) the wallet is asked; without, it is just set (spec §4). */
  | { type: 'network.switch'; caipNetworkId: string; connectorId?: string | undefined }
  /** The wallet reports its chain (on connect or a chainChanged event). */
  | {
      type: 'network.walletChainChanged'
      chainId: number | string
      /** The wallet's namespace (the chain is read in it); default the active network's. */
      namespace?: ChainNamespace | undefined
    }
  | { type: 'network.walletDisconnected' }
  /**
   * The visitor left the view that waits for the wallet (SwitchNetwork's Back, closing the modal): the pending switch
   * is given up, its late answer ignored (a wallet that never answers must not hold the network).
   */
  | { type: 'network.cancel' }
  /**
   * The dapp adds a network at run time (`modal.addNetwork`, spec §4, §5), already validated and with an adapter for
   * its namespace. A CAIP-2 id already configured is ignored (the list keeps the first).
   */
  | { type: 'network.add'; network: CaipNetwork }
  /**
   * The dapp removes a network at run time (`modal.removeNetwork`, spec §4). The active one removed, the first
   * remaining network of its namespace becomes active, else the first remaining overall (`network.changed` is
   * emitted). An unknown id, or the last network of all, is ignored (`modal.removeNetwork` throws before).
   */
  | { type: 'network.remove'; caipNetworkId: string }

export type NetworkEmitted =
  | { type: 'network.changed'; caipNetworkId: CaipNetworkId }
  | { type: 'network.switched'; caipNetworkId: CaipNetworkId }
  | { type: 'network.switchRejected'; caipNetworkId: CaipNetworkId }
  | { type: 'network.switchFailed'; caipNetworkId: CaipNetworkId; error: ErrorSummary }
  /** Switch to a network id that is not configured: the switch-network-not-found alert (spec §5). */
  | { type: 'network.notFound'; caipNetworkId: string }
  /**
   * Whether the wallet is on a chain the dapp did not configure, told on entering `supported`, `unsupported` or
   * `pending`: the owner keeps its own copy (the open rules of spec §2) and never reads this machine's snapshot.
   */
  | { type: 'network.status'; unsupported: boolean }
  /** The configured networks after `network.add` or `network.remove` changed them (the owner's copy of the list). */
  | { type: 'network.listChanged'; networks: readonly CaipNetwork[] }

/** Thrown into context when adding a chain fails (spec §8). */
export const chainNotSupportedMessage = 'Chain is not supported'

/** Events handled the same way in `supported` and `unsupported`. */
const settledHandlers = {
  'network.switch': [
    { guard: 'isUnknownNetwork', actions: 'emitNotFound' },
    { guard: 'hasConnector', target: 'pending', actions: ['setTarget', 'setConnector'] },
    { target: 'supported', actions: ['setActiveFromEvent', 'emitChanged'] },
  ],
  'network.walletChainChanged': [
    { guard: 'isKnownWalletChain', target: 'supported', actions: ['setActiveFromWallet', 'emitChanged'] },
    { target: 'unsupported', actions: 'setActiveFromWallet' },
  ],
} as const

/** The network machine was started with no network (`options.networks` empty): a setup error of the dapp. */
export class NoNetworksError extends BaseError {
  static override docsPath = '/errors/NoNetworksError'
  override name = 'NoNetworksError'
  constructor() {
    super('At least one network is required (options.networks).')
  }
}

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('network', name)
}

/**
 * The active network (of any configured namespace) and the switch lifecycle (spec §4 "Network switch"). A switch
 * to a network of another namespace is just set (the owner marks the namespace switch).
 *
 * - `supported` / `unsupported`: `network.walletChainChanged` to a configured chain makes it active; to an
 *   unknown chain marks the network unsupported (the chart's `unsupported` state).
 * - `network.switch` without a connector just sets the network; with one, `switching` asks the wallet
 *   (`wallet_switchEthereumChain`); an unrecognised chain (4902) goes to `addingChain`
 *   (`wallet_addEthereumChain`). Success emits `network.switched`; the user's rejection emits
 *   `network.switchRejected` (the view stays, the user may retry); any other failure emits
 *   `network.switchFailed` (the owner goes back one view).
 * - A switch to a network id that is not configured emits `network.notFound` and changes nothing.
 * - The list is this machine's: `network.add` appends a network (a known CAIP-2 id is ignored),
 *   `network.remove` drops one; the active one removed, the first remaining of its namespace (else the first of all)
 *   becomes active and `network.changed` is emitted (spec §4). A namespace with no networks is unfiltered: a wallet
 *   chain reported in it is accepted (not `unsupported`), the active network stays.
 * - While the wallet is asked (`pending`: `switching` or `addingChain`) nothing waits for it for ever: a
 *   new `network.switch` supersedes the pending one (the wallet is asked again, for the new target; the old answer is
 *   ignored), without a connector it just sets the network; `network.cancel` (the visitor left the view) gives the
 *   switch up. The wallet usually reports the new chain before answering, and the answer settles the switch.
 */
export const networkMachine = setup({
  types: machineTypes<{ context: NetworkContext; events: NetworkEvent; emitted: NetworkEmitted; input: NetworkInput }>(),
  actors: {
    switchChain: fromPromise<void, { connectorId: string; network: CaipNetwork }>(notProvided('switchChain')),
    addChain: fromPromise<void, { connectorId: string; network: CaipNetwork }>(notProvided('addChain')),
  },
  guards: {
    isUnknownNetwork: ({ context, event }) => event.type === 'network.switch' && !context.networks.some((n) => n.caipNetworkId === event.caipNetworkId),
    hasConnector: ({ event }) => event.type === 'network.switch' && Boolean(event.connectorId),
    isKnownWalletChain: ({ context, event }) => {
      if (event.type !== 'network.walletChainChanged') return false
      const namespace = event.namespace ?? context.namespace
      // Spec §4: a namespace with no networks is unfiltered: any chain of it is accepted.
      return Boolean(findNetwork(context.networks, namespace, event.chainId)) || isUnfiltered(context, namespace)
    },
    isNewNetwork: ({ context, event }) => event.type === 'network.add' && !context.networks.some((n) => n.caipNetworkId === event.network.caipNetworkId),
    isRemovingActive: ({ context, event }) => event.type === 'network.remove' && event.caipNetworkId === context.activeCaipNetworkId && context.networks.length > 1,
    isRemovable: ({ context, event }) => event.type === 'network.remove' && context.networks.length > 1 && context.networks.some((n) => n.caipNetworkId === event.caipNetworkId),
    isUnrecognizedChain: ({ event }) => toProviderError(actorErrorOf(event)) instanceof UnrecognizedChainError,
    isUserRejection: ({ event }) => isUserRejection(actorErrorOf(event)),
    isWalletOnUnknownChain: ({ context }) => context.walletChainId !== undefined,
  },
  actions: {
    /** The network is just set; it may be of another namespace (spec §4: a namespace switch). */
    setActiveFromEvent: assign(({ context, event }) => {
      if (event.type !== 'network.switch') return {}
      // `isUnknownNetwork` let only a network of the list through: its entry carries the typed id.
      const network = context.networks.find((n) => n.caipNetworkId === event.caipNetworkId)
      return network ? { activeCaipNetworkId: network.caipNetworkId, walletChainId: undefined, namespace: network.chainNamespace } : {}
    }),
    setActiveFromWallet: assign(({ context, event }) => {
      if (event.type !== 'network.walletChainChanged') return {}
      const namespace = event.namespace ?? context.namespace
      const network = findNetwork(context.networks, namespace, event.chainId)
      if (network) return { activeCaipNetworkId: network.caipNetworkId, walletChainId: undefined }
      // Unfiltered (no network of the wallet's namespace): the chain is accepted, the active network stays.
      return isUnfiltered(context, namespace) ? { walletChainId: undefined } : { walletChainId: event.chainId }
    }),
    addNetwork: assign({ networks: ({ context, event }) => (event.type === 'network.add' ? [...context.networks, event.network] : context.networks) }),
    removeNetwork: assign({
      networks: ({ context, event }) => (event.type === 'network.remove' ? context.networks.filter((n) => n.caipNetworkId !== event.caipNetworkId) : context.networks),
    }),
    /** After the active network was removed (`removeNetwork` ran): the first remaining of its namespace, else the first. */
    selectFirstRemaining: assign(({ context, event }) => {
      const removedNamespace = event.type === 'network.remove' ? event.caipNetworkId.split(':')[0] : context.namespace
      const next = context.networks.find((n) => n.chainNamespace === removedNamespace) ?? context.networks[0]!
      return { activeCaipNetworkId: next.caipNetworkId, namespace: next.chainNamespace }
    }),
    setActiveFromTarget: assign(({ context }) => ({ activeCaipNetworkId: context.target ?? context.activeCaipNetworkId, walletChainId: undefined, target: undefined, connectorId: undefined, error: undefined })),
    /** The switch's network (a network of the list: `isUnknownNetwork` ran first). */
    setTarget: assign(({ context, event }) => {
      const network = event.type === 'network.switch' ? context.networks.find((n) => n.caipNetworkId === event.caipNetworkId) : undefined
      return network ? { target: network.caipNetworkId, error: undefined } : {}
    }),
    setConnector: assign(({ event }) => (event.type === 'network.switch' ? { connectorId: event.connectorId } : {})),
    setError: assign({ error: ({ event }) => summarizeError(actorErrorOf(event)) }),
    setChainNotSupported: assign({ error: ({ event }) => ({ ...summarizeError(actorErrorOf(event)), name: 'ChainNotSupportedError', message: chainNotSupportedMessage }) }),
    clearTarget: assign({ target: undefined, connectorId: undefined }),
    clearWalletChain: assign({ walletChainId: undefined }),
    emitChanged: emit(({ context }) => ({ type: 'network.changed' as const, caipNetworkId: context.activeCaipNetworkId })),
    emitSwitched: emit(({ context }) => ({ type: 'network.switched' as const, caipNetworkId: context.activeCaipNetworkId })),
    emitRejected: emit(({ context }) => ({ type: 'network.switchRejected' as const, caipNetworkId: context.target ?? context.activeCaipNetworkId })),
    emitFailed: emit(({ context }) => ({
      type: 'network.switchFailed' as const,
      caipNetworkId: context.target ?? context.activeCaipNetworkId,
      error: context.error ?? { name: 'Error', message: 'Unknown error' },
    })),
    emitStatus: emit((_, params: { unsupported: boolean }) => ({ type: 'network.status' as const, unsupported: params.unsupported })),
    emitList: emit(({ context }) => ({ type: 'network.listChanged' as const, networks: context.networks })),
    emitNotFound: emit(({ event }) => ({ type: 'network.notFound' as const, caipNetworkId: event.type === 'network.switch' ? event.caipNetworkId : '' })),
  },
}).createMachine({
  id: 'network',
  context: ({ input }) => {
    const networks = input.networks
    const known = networks.find((n) => n.caipNetworkId === input.activeCaipNetworkId)
    const first = known ?? networks[0]
    if (!first) throw new NoNetworksError()
    return {
      namespace: input.namespace ?? first.chainNamespace,
      networks,
      activeCaipNetworkId: first.caipNetworkId,
    }
  },
  initial: 'supported',
  states: {
    supported: {
      entry: { type: 'emitStatus', params: { unsupported: false } },
      on: settledHandlers,
    },
    /** The wallet is on a chain the dapp did not configure. */
    unsupported: {
      // What other machines read (a tag, not this state's name).
      tags: ['unsupported'],
      entry: { type: 'emitStatus', params: { unsupported: true } },
      on: {
        ...settledHandlers,
        'network.walletDisconnected': { target: 'supported', actions: 'clearWalletChain' },
      },
    },
    /** The wallet is asked (switch, then add on 4902). */
    pending: {
      entry: { type: 'emitStatus', params: { unsupported: false } },
      initial: 'switching',
      states: {
        switching: {
          invoke: {
            id: 'switchChain',
            src: 'switchChain',
            input: ({ context }) => switchInput(context),
            onDone: { target: '#network.settled', actions: ['setActiveFromTarget', 'emitChanged', 'emitSwitched'] },
            onError: [
              { guard: 'isUnrecognizedChain', target: 'addingChain' },
              { guard: 'isUserRejection', target: '#network.settled', actions: ['emitRejected', 'clearTarget'] },
              { target: '#network.settled', actions: ['setError', 'emitFailed', 'clearTarget'] },
            ],
          },
        },
        /** The wallet did not know the chain (4902): ask it to add it. */
        addingChain: {
          invoke: {
            id: 'addChain',
            src: 'addChain',
            input: ({ context }) => switchInput(context),
            onDone: { target: '#network.settled', actions: ['setActiveFromTarget', 'emitChanged', 'emitSwitched'] },
            onError: [
              { guard: 'isUserRejection', target: '#network.settled', actions: ['emitRejected', 'clearTarget'] },
              { target: '#network.settled', actions: ['setChainNotSupported', 'emitFailed', 'clearTarget'] },
            ],
          },
        },
      },
      on: {
        'network.walletChainChanged': { actions: 'setActiveFromWallet' },
        'network.walletDisconnected': { target: 'supported', actions: ['clearWalletChain', 'clearTarget'] },
        'network.switch': [
          { guard: 'isUnknownNetwork', actions: 'emitNotFound' },
          // A new pick supersedes the request the wallet has not answered: asked again, for the new target.
          { guard: 'hasConnector', target: '.switching', reenter: true, actions: ['setTarget', 'setConnector'] },
          { target: 'supported', actions: ['clearTarget', 'setActiveFromEvent', 'emitChanged'] },
        ],
        'network.cancel': { target: 'settled', actions: 'clearTarget' },
      },
    },
    /** Back to supported or unsupported, from the wallet's last reported chain. */
    settled: {
      always: [{ guard: 'isWalletOnUnknownChain', target: 'unsupported' }, { target: 'supported' }],
    },
  },
  on: {
    'network.walletDisconnected': { target: '.supported', actions: 'clearWalletChain' },
    // The list changes in any state (a pending switch goes on: its target was read when the wallet was asked).
    'network.add': { guard: 'isNewNetwork', actions: ['addNetwork', 'emitList'] },
    'network.remove': [
      { guard: 'isRemovingActive', actions: ['removeNetwork', 'emitList', 'selectFirstRemaining', 'emitChanged'] },
      { guard: 'isRemovable', actions: ['removeNetwork', 'emitList'] },
    ],
  },
})

/** Spec §4: a namespace with no configured networks is unfiltered (the wallet may be on any of its chains). */
export function isUnfiltered(context: Pick<NetworkContext, 'networks'>, namespace: ChainNamespace): boolean {
  return !context.networks.some((n) => n.chainNamespace === namespace)
}

function switchInput(context: NetworkContext): { connectorId: string; network: CaipNetwork } {
  const network = context.networks.find((n) => n.caipNetworkId === context.target)!
  return { connectorId: context.connectorId!, network }
}

/** The active network object of a network snapshot's context. */
export function activeNetwork(context: NetworkContext): CaipNetwork {
  return context.networks.find((n) => n.caipNetworkId === context.activeCaipNetworkId) ?? context.networks[0]!
}
