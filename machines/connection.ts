import { assign, emit, fromCallback, fromPromise, setup, type EventObject } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { isUserRejection, RequestTimeoutError, summarizeError, type ErrorSummary } from '../adapters/errors.ts'
import type { ChainNamespace } from '../adapters/networks.ts'
import type { ConnectedSession, ConnectedWalletInfo } from '../adapters/types.ts'
import { timing } from './timing.ts'
import { actorErrorOf } from './narrow.ts'

/** Native balance kept in context; `value` is a decimal string of the smallest unit (wei) so context stays serialisable. */
export type { BalanceSummary } from '../adapters/types.ts'
import type { BalanceSummary } from '../adapters/types.ts'
import { machineTypes } from './machineTypes.ts'

/** Context of one namespace's connection (spec §3 "Account state per chain namespace", the part this issue needs). */
export type ConnectionContext = {
  namespace: ChainNamespace
  /** `enableReconnect` (spec §4). */
  reconnect: boolean
  /** The connector being connected or connected. */
  connectorId?: string
  /** The first account (checksummed for eip155). */
  address?: string
  /** Chain reference the wallet reports (EVM chain id). */
  chainId?: number | string
  balance?: BalanceSummary
  /**
   * The connected wallet (spec §3 account state `connectedWalletInfo`): name and icon of its connector, its identifier,
   * the social provider of an embedded-wallet login; from the session `connect` or `reconnect` answered.
   */
  connectedWalletInfo?: ConnectedWalletInfo | undefined
  /** Address → label of the connection's accounts (spec §3 account state `addressLabels`), from the session. */
  addressLabels?: Readonly<Record<string, string>> | undefined
  /** Last connect, restore or balance failure (a rejection is not stored here); a timeout is a `RequestTimeoutError`. */
  error?: ErrorSummary
  /**
   * The wallet's events could not be watched (its `on()` threw): the connection holds, but account and
   * chain changes made in the wallet are not followed until the next connection.
   */
  watchError?: ErrorSummary
  /** Multi-wallet is on (spec §6): a wallet may be added while one is connected. */
  multiWallet: boolean
  /** The wallet being added while another stays connected (multi-wallet): its connector. */
  adding?: string | undefined
}

export type ConnectionInput = {
  namespace: ChainNamespace
  /** Stored connector id of this namespace, if any (spec §3). */
  storedConnectorId?: string | undefined
  /** `enableReconnect` option (spec §4): default true. */
  reconnect?: boolean
  /** Multi-wallet on (spec §6, `features.multiWallet`): `connection.request` while connected adds a wallet. Default false. */
  multiWallet?: boolean
}

export type ConnectionEvent =
  | { type: 'connection.request'; connectorId: string }
  | { type: 'connection.cancel' }
  | { type: 'connection.disconnect' }
  /** Reported by the wallet (watchWallet actor). */
  | { type: 'connection.accountsChanged'; accounts: readonly string[] }
  | { type: 'connection.chainChanged'; chainId: number | string }
  | { type: 'connection.walletDisconnected' }
  /** Read the native balance again now (after a send, spec §4). */
  | { type: 'connection.refreshBalance' }
  /** Another tab of the site stored a connection of this namespace: restore it here, silently (the restore path). */
  | { type: 'connection.restore'; connectorId: string }
  /** Another tab of the site ended this namespace's connection: forget it here without asking the wallet again. */
  | { type: 'connection.endedElsewhere' }
  /**
   * Another wallet the visitor holds becomes the active one (multi-wallet, spec §6): restored silently (the wallet
   * approved the site before), the current one left connected in its wallet (not revoked).
   */
  | { type: 'connection.switch'; connectorId: string }
  /** The resolved feature set changed (the remote config, spec §6): multi-wallet on or off from now on. */
  | { type: 'connection.configure'; multiWallet: boolean }

export type ConnectionEmitted =
  | { type: 'connection.connected'; namespace: ChainNamespace; connectorId: string; address: string; chainId: number | string; restored: boolean }
  | { type: 'connection.accountChanged'; namespace: ChainNamespace; connectorId: string; address: string }
  | { type: 'connection.chainChanged'; namespace: ChainNamespace; chainId: number | string }
  | { type: 'connection.disconnected'; namespace: ChainNamespace; connectorId: string | undefined; reason: DisconnectReason }
  /** Connecting failed for a reason other than the user's rejection (reported to analytics by the owner). */
  | { type: 'connection.failed'; namespace: ChainNamespace; connectorId: string | undefined; error: ErrorSummary }
  /** Reconnect is disabled: the owner drops the stored connections (spec §4). */
  | { type: 'connection.storedDropped'; namespace: ChainNamespace }
  /**
   * The connection's status (spec §4) as it enters a state other than `connected` (connecting, reconnecting,
   * disconnecting, rejected, failed, disconnected): the owner keeps its own copy and never reads this machine's
   * snapshot. `connected` is told by `connection.connected`, which carries the account.
   */
  | { type: 'connection.status'; namespace: ChainNamespace; status: Exclude<ConnectionStatus, 'connected'>; connectorId: string | undefined }

/**
 * Why a connection ended: the visitor disconnected here (`user`), the wallet ended it (`wallet`), a silent restore
 * failed (`restoreFailed`), or another tab of the site ended it (`elsewhere`: that tab already told the wallet).
 */
export type DisconnectReason = 'user' | 'wallet' | 'restoreFailed' | 'elsewhere'

/** What every actor of the connection machine gets: the connector, and the namespace (which adapter serves it). */
export type ConnectorInput = { connectorId: string; namespace?: ChainNamespace }

/** Spec §4 connection status, derived from the chart by tags. */
export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected'

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('connection', name)
}

/**
 * The connection of one chain namespace (spec §4 "Connection status per chain namespace", "Network switch":
 * account-change events, relay disconnect; spec §3 account state). One actor per namespace, all on this machine.
 *
 * - Boot: with reconnect enabled and a stored connector, starts `reconnecting` (status connecting) and
 *   restores without prompting; with reconnect disabled it starts `disconnected` and emits
 *   `connection.storedDropped`.
 * - `connection.request` → `connecting` → `connected`; the user's rejection (4001) → `rejected` (retry);
 *   any other failure → `failed` (retry). `connection.cancel` returns to `disconnected` from any of them
 *   (a wallet that never answers leaves the view usable).
 * - `connected` watches the wallet: accountsChanged resyncs the first account (an empty list disconnects);
 *   chainChanged updates the chain; the wallet's own disconnect resets the account. The native balance is
 *   fetched on entry and after each change, kept `nativeBalanceTtl`, and retried after a failure.
 * - `connection.disconnect` → `disconnecting` → `disconnected` (account reset).
 * - Adding a wallet (multi-wallet on, spec §6 "Add wallet"): `connection.request` while connected enters `adding`, the
 *   current wallet still the connected one (status stays connected, its account kept); the new wallet's approval →
 *   `connected` on it (`connection.connected`, the owner records it as the active connection); the user's rejection
 *   (4001) → `adding.rejected`, another failure → `adding.failed` (retry: `connection.request`); `connection.cancel`
 *   from any of them returns to the current wallet, unchanged. A request for the connected wallet itself opens nothing:
 *   it is told connected again. Multi-wallet off: a request while connected is ignored, as before. The flag starts
 *   from the input and follows `connection.configure` (the remote config turning it on or off after load) in any state.
 * - Multi-wallet (spec §6): `connection.switch` to another wallet the visitor holds takes `connected` to `reconnecting`
 *   on that wallet's connector (the silent restore, no prompt), the current wallet left connected in the wallet.
 * - Tabs agree: `connection.restore` (another tab of the site stored a connection) takes `disconnected` through the
 *   silent restore (`reconnecting`, as at boot); `connection.endedElsewhere` (another tab ended it) takes `connected`
 *   or `reconnecting` to `disconnected` without asking the wallet again (that tab did), reason `elsewhere`.
 * - Nothing waits for ever on a wallet nobody is asked to approve: a restore, or a balance read, that has
 *   not answered after `walletRequestTimeout` (10 s, spec §9) ends with a `RequestTimeoutError` in context (the restore
 *   → `disconnected`, the balance → `balanceUnavailable`, retried later); a revoke that has not answered after
 *   `disconnectWait` (3 s) is given up and the connection forgotten (its `RequestTimeoutError` in context). A `watchWallet` that fails (the wallet's `on()`
 *   throws) keeps the connection, with `watchError` in context.
 *
 * Actors to provide: `connect`, `reconnect` ({ connectorId } → ConnectedSession: the accounts and chain, and the
 * wallet's description kept as `connectedWalletInfo` and `addressLabels`), `disconnect`,
 * `getBalance` ({ connectorId, address, chainId } → BalanceSummary), `watchWallet` (callback sending the events above).
 */
export const connectionMachine = setup({
  types: machineTypes<{ context: ConnectionContext; events: ConnectionEvent; emitted: ConnectionEmitted; input: ConnectionInput }>(),
  actors: {
    connect: fromPromise<ConnectedSession, ConnectorInput>(notProvided('connect')),
    reconnect: fromPromise<ConnectedSession, ConnectorInput>(notProvided('reconnect')),
    disconnect: fromPromise<void, ConnectorInput>(notProvided('disconnect')),
    /**
     * `fresh` is true when a balance is already shown (a poll after `nativeBalanceTtl`, a refresh after a send): the
     * wallet is asked, never a stored value. The first read after a connect, restore or change may come from the
     * stored cache (spec §3, §9: native balance 30 s).
     */
    getBalance: fromPromise<BalanceSummary, ConnectorInput & { address: string; chainId: number | string; fresh?: boolean }>(notProvided('getBalance')),
    watchWallet: fromCallback<EventObject, ConnectorInput>(notProvided('watchWallet')),
  },
  delays: {
    nativeBalanceTtl: timing.nativeBalanceTtl,
    balanceRetry: timing.balanceRetry,
    walletRequestTimeout: timing.walletRequestTimeout,
    disconnectWait: timing.disconnectWait,
  },
  guards: {
    /** A stored connection exists and reconnect is enabled (spec §4). */
    shouldRestore: ({ context }) => context.reconnect && Boolean(context.connectorId),
    /** A stored connection exists and reconnect is disabled: it is dropped (spec §4). */
    hasStoredConnectionToDrop: ({ context }) => !context.reconnect && Boolean(context.connectorId),
    isUserRejection: ({ event }) => isUserRejection(actorErrorOf(event)),
    hasNoAccounts: ({ event }) => event.type === 'connection.accountsChanged' && event.accounts.length === 0,
    isSameAccount: ({ context, event }) => event.type === 'connection.accountsChanged' && event.accounts[0]?.toLowerCase() === context.address?.toLowerCase(),
    /** A switch to a wallet other than the connected one. */
    isOtherConnector: ({ context, event }) => event.type === 'connection.switch' && event.connectorId !== context.connectorId,
    /** Multi-wallet on and a request for the connected wallet itself: nothing opens (spec §6, no second session). */
    isConnectedWalletRequest: ({ context, event }) => context.multiWallet && event.type === 'connection.request' && event.connectorId === context.connectorId,
    /** Multi-wallet on (this connection's own input): a request while connected adds a wallet (spec §6). */
    canAddWallet: ({ context }) => context.multiWallet,
  },
  actions: {
    setConnector: assign({
      connectorId: ({ event }) => (event.type === 'connection.request' || event.type === 'connection.restore' ? event.connectorId : undefined),
      error: undefined,
    }),
    /** The wallet being added (the current one kept). */
    setAdding: assign({ adding: ({ event }) => (event.type === 'connection.request' ? event.connectorId : undefined), error: undefined }),
    clearAdding: assign({ adding: undefined, error: undefined }),
    /** The added wallet answered: it is the connected one now (params: its session); the previous one stays held in its wallet. */
    setAddedSession: assign(({ context }, session: ConnectedSession) => ({
      connectorId: context.adding,
      adding: undefined,
      address: session.accounts[0],
      chainId: session.chainId,
      connectedWalletInfo: session.wallet,
      addressLabels: session.addressLabels,
      balance: undefined,
      error: undefined,
      watchError: undefined,
    })),
    /** A switch to another held wallet: its connector, the current account forgotten here (its wallet keeps the site). */
    setSwitchedConnector: assign(({ event }) => ({
      connectorId: event.type === 'connection.switch' ? event.connectorId : undefined,
      address: undefined,
      chainId: undefined,
      balance: undefined,
      connectedWalletInfo: undefined,
      addressLabels: undefined,
      error: undefined,
      watchError: undefined,
    })),
    /** Params: the session `connect` or `restore` answered. */
    setSession: assign((_, session: ConnectedSession) => {
      return { address: session.accounts[0], chainId: session.chainId, connectedWalletInfo: session.wallet, addressLabels: session.addressLabels, error: undefined }
    }),
    setError: assign({ error: ({ event }) => summarizeError(actorErrorOf(event)) }),
    /** The feature set's multi-wallet flag (`connection.configure`): whether a request while connected adds a wallet. */
    setMultiWallet: assign({ multiWallet: ({ context, event }) => (event.type === 'connection.configure' ? event.multiWallet : context.multiWallet) }),
    /** The wallet (or the network behind a balance) did not answer in time: a typed timeout error in context. */
    setTimedOut: assign({ error: (_, params: { operation: string; timeout: number }) => summarizeError(new RequestTimeoutError(params.operation, params.timeout)) }),
    setWatchError: assign({ watchError: ({ event }) => summarizeError(actorErrorOf(event)) }),
    clearError: assign({ error: undefined }),
    setFirstAccount: assign({
      address: ({ context, event }) => (event.type === 'connection.accountsChanged' ? event.accounts[0] : context.address),
      balance: undefined,
    }),
    setChain: assign({
      chainId: ({ context, event }) => (event.type === 'connection.chainChanged' ? event.chainId : context.chainId),
      balance: undefined,
    }),
    /** Params: the balance `getBalance` answered. */
    setBalance: assign((_, balance: BalanceSummary) => ({ balance })),
    resetAccount: assign({
      connectorId: undefined,
      address: undefined,
      chainId: undefined,
      balance: undefined,
      connectedWalletInfo: undefined,
      addressLabels: undefined,
      error: undefined,
      watchError: undefined,
    }),
    emitConnected: emit(({ context }, params: { restored: boolean }) => ({
      type: 'connection.connected' as const,
      namespace: context.namespace,
      connectorId: context.connectorId!,
      address: context.address!,
      chainId: context.chainId!,
      restored: params.restored,
    })),
    emitAccountChanged: emit(({ context }) => ({
      type: 'connection.accountChanged' as const,
      namespace: context.namespace,
      connectorId: context.connectorId!,
      address: context.address!,
    })),
    emitChainChanged: emit(({ context }) => ({
      type: 'connection.chainChanged' as const,
      namespace: context.namespace,
      chainId: context.chainId!,
    })),
    emitDisconnected: emit(({ context }, params: { reason: DisconnectReason }) => ({
      type: 'connection.disconnected' as const,
      namespace: context.namespace,
      connectorId: context.connectorId,
      reason: params.reason,
    })),
    emitFailed: emit(({ context }) => ({
      type: 'connection.failed' as const,
      namespace: context.namespace,
      connectorId: context.adding ?? context.connectorId,
      error: context.error ?? { name: 'Error', message: 'Unknown error' },
    })),
    emitStatus: emit(({ context }, params: { status: Exclude<ConnectionStatus, 'connected'> }) => ({
      type: 'connection.status' as const,
      namespace: context.namespace,
      status: params.status,
      connectorId: context.connectorId,
    })),
    emitStoredDropped: emit(({ context }) => ({ type: 'connection.storedDropped' as const, namespace: context.namespace })),
  },
}).createMachine({
  id: 'connection',
  context: ({ input }) => ({
    namespace: input.namespace,
    reconnect: input.reconnect ?? true,
    multiWallet: input.multiWallet ?? false,
    ...(input.storedConnectorId ? { connectorId: input.storedConnectorId } : {}),
  }),
  initial: 'boot',
  // The flag follows the resolved feature set in every state (a wallet being added finishes its add when it turns off).
  on: { 'connection.configure': { actions: 'setMultiWallet' } },
  states: {
    boot: {
      always: [{ guard: 'shouldRestore', target: 'reconnecting' }, { guard: 'hasStoredConnectionToDrop', target: 'disconnected', actions: ['emitStoredDropped', 'resetAccount'] }, { target: 'disconnected' }],
    },
    disconnected: {
      tags: ['disconnected'],
      entry: { type: 'emitStatus', params: { status: 'disconnected' } },
      on: {
        'connection.request': { target: 'connecting', actions: 'setConnector' },
        'connection.restore': { target: 'reconnecting', actions: 'setConnector' },
      },
    },
    reconnecting: {
      tags: ['connecting'],
      entry: { type: 'emitStatus', params: { status: 'connecting' } },
      invoke: {
        id: 'reconnect',
        src: 'reconnect',
        input: ({ context }) => ({ connectorId: context.connectorId!, namespace: context.namespace }),
        onDone: {
          target: 'connected',
          actions: [
            { type: 'setSession', params: ({ event }) => event.output },
            { type: 'emitConnected', params: { restored: true } },
          ],
        },
        onError: {
          target: 'disconnected',
          actions: [{ type: 'emitDisconnected', params: { reason: 'restoreFailed' } }, 'resetAccount'],
        },
      },
      // A wallet that never answers the silent restore (eth_accounts, a silent connect): given up, its late answer ignored.
      after: {
        walletRequestTimeout: {
          target: 'disconnected',
          actions: [
            { type: 'emitDisconnected', params: { reason: 'restoreFailed' } },
            'resetAccount',
            { type: 'setTimedOut', params: { operation: 'Restoring the wallet connection', timeout: timing.walletRequestTimeout } },
          ],
        },
      },
      on: {
        'connection.request': { target: 'connecting', actions: 'setConnector' },
        'connection.endedElsewhere': { target: 'disconnected', actions: [{ type: 'emitDisconnected', params: { reason: 'elsewhere' } }, 'resetAccount'] },
      },
    },
    connecting: {
      tags: ['connecting'],
      entry: { type: 'emitStatus', params: { status: 'connecting' } },
      invoke: {
        id: 'connect',
        src: 'connect',
        input: ({ context }) => ({ connectorId: context.connectorId!, namespace: context.namespace }),
        onDone: {
          target: 'connected',
          actions: [
            { type: 'setSession', params: ({ event }) => event.output },
            { type: 'emitConnected', params: { restored: false } },
          ],
        },
        onError: [
          { guard: 'isUserRejection', target: 'rejected' },
          { target: 'failed', actions: ['setError', 'emitFailed'] },
        ],
      },
      on: {
        'connection.cancel': { target: 'disconnected', actions: 'resetAccount' },
      },
    },
    /** The user declined in the wallet: not a failure, the view offers a retry. */
    rejected: {
      tags: ['disconnected'],
      entry: { type: 'emitStatus', params: { status: 'disconnected' } },
      on: {
        'connection.request': { target: 'connecting', actions: 'setConnector' },
        'connection.cancel': { target: 'disconnected', actions: 'resetAccount' },
      },
    },
    failed: {
      tags: ['disconnected'],
      entry: { type: 'emitStatus', params: { status: 'disconnected' } },
      on: {
        'connection.request': { target: 'connecting', actions: 'setConnector' },
        'connection.cancel': { target: 'disconnected', actions: 'resetAccount' },
      },
    },
    connected: {
      tags: ['connected'],
      invoke: {
        id: 'watchWallet',
        src: 'watchWallet',
        input: ({ context }) => ({ connectorId: context.connectorId!, namespace: context.namespace }),
        // The wallet's on() threw: the connection holds, unwatched.
        onError: { actions: 'setWatchError' },
      },
      initial: 'fetchingBalance',
      states: {
        fetchingBalance: {
          invoke: {
            id: 'getBalance',
            src: 'getBalance',
            input: ({ context }) => ({
              connectorId: context.connectorId!,
              address: context.address!,
              chainId: context.chainId!,
              namespace: context.namespace,
              fresh: context.balance !== undefined,
            }),
            onDone: { target: 'balanceReady', actions: [{ type: 'setBalance', params: ({ event }) => event.output }, 'clearError'] },
            onError: { target: 'balanceUnavailable', actions: 'setError' },
          },
          after: { walletRequestTimeout: { target: 'balanceUnavailable', actions: { type: 'setTimedOut', params: { operation: 'Reading the balance', timeout: timing.walletRequestTimeout } } } },
        },
        balanceReady: { after: { nativeBalanceTtl: 'fetchingBalance' } },
        /** Balance fetch failed; retried after `balanceRetry` (spec §9 back-off). */
        balanceUnavailable: { after: { balanceRetry: 'fetchingBalance' } },
      },
      on: {
        'connection.accountsChanged': [
          {
            guard: 'hasNoAccounts',
            target: 'disconnected',
            actions: [{ type: 'emitDisconnected', params: { reason: 'wallet' } }, 'resetAccount'],
          },
          { guard: 'isSameAccount' },
          { target: '.fetchingBalance', actions: ['setFirstAccount', 'emitAccountChanged'] },
        ],
        'connection.chainChanged': { target: '.fetchingBalance', actions: ['setChain', 'emitChainChanged'] },
        'connection.walletDisconnected': {
          target: 'disconnected',
          actions: [{ type: 'emitDisconnected', params: { reason: 'wallet' } }, 'resetAccount'],
        },
        'connection.disconnect': 'disconnecting',
        // Multi-wallet (spec §6 "Add wallet"): the connected wallet again opens nothing; another one is added.
        'connection.request': [
          { guard: 'isConnectedWalletRequest', actions: { type: 'emitConnected', params: { restored: false } } },
          { guard: 'canAddWallet', target: 'adding', actions: 'setAdding' },
        ],
        // Multi-wallet (spec §6): another held wallet becomes active, restored without a prompt; this one is not revoked.
        'connection.switch': { guard: 'isOtherConnector', target: 'reconnecting', actions: 'setSwitchedConnector' },
        'connection.endedElsewhere': { target: 'disconnected', actions: [{ type: 'emitDisconnected', params: { reason: 'elsewhere' } }, 'resetAccount'] },
        'connection.refreshBalance': { target: '.fetchingBalance' },
      },
    },
    /**
     * Multi-wallet: another wallet is being added while the current one stays connected (status connected, its account
     * kept); cancelling returns to it unchanged.
     */
    adding: {
      tags: ['connected'],
      initial: 'waiting',
      states: {
        waiting: {
          invoke: {
            id: 'connect',
            src: 'connect',
            input: ({ context }) => ({ connectorId: context.adding!, namespace: context.namespace }),
            onDone: {
              target: '#connection.connected',
              actions: [
                { type: 'setAddedSession', params: ({ event }) => event.output },
                { type: 'emitConnected', params: { restored: false } },
              ],
            },
            onError: [
              { guard: 'isUserRejection', target: 'rejected' },
              { target: 'failed', actions: ['setError', 'emitFailed'] },
            ],
          },
        },
        /** The added wallet's user declined: the current wallet stays; the view offers a retry. */
        rejected: { on: { 'connection.request': { target: 'waiting', actions: 'setAdding' } } },
        failed: { on: { 'connection.request': { target: 'waiting', actions: 'setAdding' } } },
      },
      on: {
        'connection.cancel': { target: 'connected', actions: 'clearAdding' },
        'connection.endedElsewhere': { target: 'disconnected', actions: [{ type: 'emitDisconnected', params: { reason: 'elsewhere' } }, 'resetAccount', 'clearAdding'] },
      },
    },
    disconnecting: {
      tags: ['connecting'],
      entry: { type: 'emitStatus', params: { status: 'connecting' } },
      invoke: {
        id: 'disconnect',
        src: 'disconnect',
        input: ({ context }) => ({ connectorId: context.connectorId!, namespace: context.namespace }),
        onDone: { target: 'disconnected', actions: [{ type: 'emitDisconnected', params: { reason: 'user' } }, 'resetAccount'] },
        onError: { target: 'disconnected', actions: [{ type: 'emitDisconnected', params: { reason: 'user' } }, 'resetAccount'] },
      },
      // Best effort: a wallet that does not answer the revoke does not keep the visitor connected (the timeout kept in context).
      after: {
        disconnectWait: {
          target: 'disconnected',
          actions: [{ type: 'emitDisconnected', params: { reason: 'user' } }, 'resetAccount', { type: 'setTimedOut', params: { operation: "Revoking the wallet's permissions", timeout: timing.disconnectWait } }],
        },
      },
    },
  },
})

/** The spec's status of a connection snapshot (§4): connecting, connected or disconnected. */
export function connectionStatus(snapshot: { hasTag(tag: string): boolean }): ConnectionStatus {
  if (snapshot.hasTag('connected')) return 'connected'
  if (snapshot.hasTag('connecting')) return 'connecting'
  return 'disconnected'
}
