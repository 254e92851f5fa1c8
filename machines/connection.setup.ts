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

/** Context of one namespace's connection (spec §3 "Account state per chain namespace", the part this chart needs). */
export type ConnectionContext = {
  namespace: ChainNamespace
  /** `enableReconnect` (spec §4). */
  reconnect: boolean
  /** The connector being connected or connected. */
  connectorId?: string
  /**
   * The account the connection acts with (checksummed for eip155): the visitor's selection among `accounts`, else the
   * first the wallet gave. While restoring or switching, the account asked for (kept when the wallet still gives it).
   */
  address?: string
  /** Every account the wallet gave the site, in the wallet's order (a wallet may give several: spec §3 `accounts`). */
  accounts?: readonly string[] | undefined
  /**
   * `address` is the visitor's pick (`connection.selectAccount`, or a switch or restore naming an account other than
   * the wallet's first): the wallet's own reordering keeps it while the wallet gives it. Not picked, the connection
   * follows the wallet's first account, as a wallet that changes its account expects.
   */
  picked?: boolean | undefined
  /** Chain reference the wallet reports (EVM chain id). */
  chainId?: number | string
  balance?: BalanceSummary
  /**
   * The next balance read asks the wallet, never the stored value: set by a connect the visitor made (a wallet picked,
   * or added beside another), cleared once a balance is read. The native balance cache (spec §3, §9: 30 s) serves a
   * restore, a switch between held wallets and a chain change; a new connection reads the chain, which may have moved
   * since the account's balance was stored (a send in another dapp, a batch whose re-read a disconnect cut short).
   */
  readChain?: boolean | undefined
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
  /** The disconnect under way is a removal from several held wallets (`connection.disconnect` with `removed`). */
  removed?: boolean | undefined
}

export type ConnectionInput = {
  namespace: ChainNamespace
  /** Stored connector id of this namespace, if any (spec §3). */
  storedConnectorId?: string | undefined
  /** The stored connection's selected account: restored when the wallet still gives it (else the wallet's first). */
  storedAddress?: string | undefined
  /** `enableReconnect` option (spec §4): default true. */
  reconnect?: boolean
  /** Multi-wallet on (spec §6, `features.multiWallet`): `connection.request` while connected adds a wallet. Default false. */
  multiWallet?: boolean
}

export type ConnectionEvent =
  | { type: 'connection.request'; connectorId: string }
  | { type: 'connection.cancel' }
  /**
   * End the connection (the wallet asked to revoke). `removed`: one of several wallets the visitor holds was removed in
   * the switcher (multi-wallet, spec §6): the end is told with reason `removed`, another held wallet follows.
   */
  | { type: 'connection.disconnect'; removed?: boolean | undefined }
  /** Reported by the wallet (watchWallet actor). */
  | { type: 'connection.accountsChanged'; accounts: readonly string[] }
  /**
   * The visitor picks another of the accounts the wallet gave (multi-wallet, spec §6: several accounts inside one
   * wallet): the connection acts with it from now on. An address the wallet did not give does nothing.
   */
  | { type: 'connection.selectAccount'; address: string }
  | { type: 'connection.chainChanged'; chainId: number | string }
  | { type: 'connection.walletDisconnected' }
  /** Read the native balance again now (after a send, spec §4). */
  | { type: 'connection.refreshBalance' }
  /** Another tab of the site stored a connection of this namespace: restore it here, silently (the restore path). */
  | { type: 'connection.restore'; connectorId: string; address?: string | undefined }
  /** Another tab of the site ended this namespace's connection: forget it here without asking the wallet again. */
  | { type: 'connection.endedElsewhere' }
  /**
   * Another wallet the visitor holds becomes the active one (multi-wallet, spec §6): restored silently (the wallet
   * approved the site before), the current one left connected in its wallet (not revoked).
   */
  | { type: 'connection.switch'; connectorId: string; address?: string | undefined }
  /** The resolved feature set changed (the remote config, spec §6): multi-wallet on or off from now on. */
  | { type: 'connection.configure'; multiWallet: boolean }

export type ConnectionEmitted =
  | { type: 'connection.connected'; namespace: ChainNamespace; connectorId: string; address: string; accounts: readonly string[]; chainId: number | string; restored: boolean }
  /** The selected account changed, or the wallet gave another set of accounts (`accounts`, the wallet's order). */
  | { type: 'connection.accountChanged'; namespace: ChainNamespace; connectorId: string; address: string; accounts: readonly string[] }
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
 * Why a connection ended: the visitor disconnected here (`user`), removed it from the wallets they hold while another is
 * held (`removed`, multi-wallet: another held wallet follows, the modal stays), the wallet ended it (`wallet`), a silent restore
 * failed (`restoreFailed`), or another tab of the site ended it (`elsewhere`: that tab already told the wallet).
 */
export type DisconnectReason = 'user' | 'removed' | 'wallet' | 'restoreFailed' | 'elsewhere'

/** What every actor of the connection machine gets: the connector, and the namespace (which adapter serves it). */
export type ConnectorInput = { connectorId: string; namespace?: ChainNamespace }

/** Spec §4 connection status, derived from the chart by tags. */
export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected'

/** The context of no connected account: what a disconnect forgets (and a switch, before the chosen wallet restores). */
const noAccount = {
  connectorId: undefined,
  address: undefined,
  accounts: undefined,
  picked: undefined,
  chainId: undefined,
  balance: undefined,
  readChain: undefined,
  connectedWalletInfo: undefined,
  addressLabels: undefined,
  error: undefined,
  watchError: undefined,
  removed: undefined,
} as const

/** `address` is one of `accounts` (addresses compared without case). */
const includes = (accounts: readonly string[], address: string | undefined) => address !== undefined && accounts.some((a) => a.toLowerCase() === address.toLowerCase())
/**
 * The accounts a connection tells its owner (the rows of the multi-wallet switcher, what is stored): every account the
 * wallet gave, except on bip122, where a wallet's addresses are one account's by purpose (payment, ordinals), not
 * accounts to choose among: there the selected address only.
 */
const toldAccounts = (context: ConnectionContext): readonly string[] => (context.namespace === 'bip122' || !context.accounts ? [context.address!] : context.accounts)

/**
 * The selected account stays after the wallet tells `accounts`: the visitor's pick while the wallet still gives it,
 * else (not picked) while it is the wallet's first.
 */
const keepsSelection = (context: ConnectionContext, accounts: readonly string[]) =>
  context.picked ? includes(accounts, context.address) : accounts[0] !== undefined && accounts[0].toLowerCase() === context.address?.toLowerCase()
/** Two lists hold the same addresses, in any order. */
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => includes(b, x))

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('connection', name)
}

/**
 * The connection chart's implementations (machines/connection.ts): its actors (provided by the assembly), delays, guards
 * and actions, each referenced by name in the chart.
 */
export const connectionSetup = setup({
  types: machineTypes<{ context: ConnectionContext; events: ConnectionEvent; emitted: ConnectionEmitted; input: ConnectionInput }>(),
  actors: {
    connect: fromPromise<ConnectedSession, ConnectorInput>(notProvided('connect')),
    reconnect: fromPromise<ConnectedSession, ConnectorInput>(notProvided('reconnect')),
    disconnect: fromPromise<void, ConnectorInput>(notProvided('disconnect')),
    /**
     * `fresh` is true when a balance is already shown (a poll after `nativeBalanceTtl`, a refresh after a send) and for
     * the first read after a connect the visitor made (`readChain`): the wallet is asked, never a stored value. The first
     * read after a restore, a switch between held wallets or a change may come from the stored cache (spec §3, §9:
     * native balance 30 s).
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
    /** The wallet told the same accounts (in any order) and the selected one stays selected: nothing changes. */
    isSameAccounts: ({ context, event }) =>
      event.type === 'connection.accountsChanged' && keepsSelection(context, event.accounts) && sameSet(event.accounts, context.accounts ?? (context.address ? [context.address] : [])),
    /** The wallet told another set of accounts and the selected one stays selected: only the set changes. */
    keepsSelected: ({ context, event }) => event.type === 'connection.accountsChanged' && keepsSelection(context, event.accounts),
    /** The visitor picked another account the wallet gave. */
    isOtherHeldAccount: ({ context, event }) => event.type === 'connection.selectAccount' && includes(context.accounts ?? [], event.address) && event.address.toLowerCase() !== context.address?.toLowerCase(),
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
      // A restore asks for the account its tab or list had; a request takes the wallet's first.
      address: ({ event }) => (event.type === 'connection.restore' ? event.address : undefined),
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
      accounts: session.accounts,
      picked: false,
      chainId: session.chainId,
      connectedWalletInfo: session.wallet,
      addressLabels: session.addressLabels,
      balance: undefined,
      error: undefined,
      watchError: undefined,
    })),
    /** A switch to another held wallet: its connector, the current account forgotten here (its wallet keeps the site). */
    setSwitchedConnector: assign(({ event }) => ({
      ...noAccount,
      connectorId: event.type === 'connection.switch' ? event.connectorId : undefined,
      address: event.type === 'connection.switch' ? event.address : undefined,
    })),
    /**
     * Params: the session `connect` or `restore` answered. The account asked for (a restore's stored selection, a switch's
     * chosen account) when the wallet gives it, else the wallet's first.
     */
    setSession: assign(({ context }, session: ConnectedSession) => {
      const asked = session.accounts.find((a) => a.toLowerCase() === context.address?.toLowerCase())
      return {
        address: asked ?? session.accounts[0],
        accounts: session.accounts,
        picked: asked !== undefined && asked !== session.accounts[0],
        chainId: session.chainId,
        connectedWalletInfo: session.wallet,
        addressLabels: session.addressLabels,
        error: undefined,
      }
    }),
    setError: assign({ error: ({ event }) => summarizeError(actorErrorOf(event)) }),
    /** The feature set's multi-wallet flag (`connection.configure`): whether a request while connected adds a wallet. */
    setMultiWallet: assign({ multiWallet: ({ context, event }) => (event.type === 'connection.configure' ? event.multiWallet : context.multiWallet) }),
    /** The wallet (or the network behind a balance) did not answer in time: a typed timeout error in context. */
    setTimedOut: assign({ error: (_, params: { operation: string; timeout: number }) => summarizeError(new RequestTimeoutError(params.operation, params.timeout)) }),
    setWatchError: assign({ watchError: ({ event }) => summarizeError(actorErrorOf(event)) }),
    clearError: assign({ error: undefined }),
    /** Whether the disconnect asked for is a removal (multi-wallet) or the visitor's Disconnect. */
    setRemoved: assign({ removed: ({ event }) => event.type === 'connection.disconnect' && event.removed === true }),
    setFirstAccount: assign({
      address: ({ context, event }) => (event.type === 'connection.accountsChanged' ? event.accounts[0] : context.address),
      accounts: ({ context, event }) => (event.type === 'connection.accountsChanged' ? event.accounts : context.accounts),
      picked: false,
      balance: undefined,
    }),
    /** The wallet's new set of accounts, the selected one kept. */
    setAccounts: assign({ accounts: ({ context, event }) => (event.type === 'connection.accountsChanged' ? event.accounts : context.accounts) }),
    /** The visitor's pick among the accounts the wallet gave. */
    setSelectedAccount: assign({
      address: ({ context, event }) => (event.type === 'connection.selectAccount' ? context.accounts?.find((a) => a.toLowerCase() === event.address.toLowerCase()) : context.address),
      picked: true,
      balance: undefined,
    }),
    setChain: assign({
      chainId: ({ context, event }) => (event.type === 'connection.chainChanged' ? event.chainId : context.chainId),
      balance: undefined,
    }),
    /** Params: the balance `getBalance` answered. */
    setBalance: assign((_, balance: BalanceSummary) => ({ balance, readChain: undefined })),
    /** A connect the visitor made: its first balance read asks the wallet (`readChain`). */
    markReadChain: assign({ readChain: true }),
    resetAccount: assign(noAccount),
    emitConnected: emit(({ context }, params: { restored: boolean }) => ({
      type: 'connection.connected' as const,
      namespace: context.namespace,
      connectorId: context.connectorId!,
      address: context.address!,
      accounts: toldAccounts(context),
      chainId: context.chainId!,
      restored: params.restored,
    })),
    emitAccountChanged: emit(({ context }) => ({
      type: 'connection.accountChanged' as const,
      namespace: context.namespace,
      connectorId: context.connectorId!,
      address: context.address!,
      accounts: toldAccounts(context),
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
      // The visitor's end of a wallet removed from several held: told as a removal.
      reason: params.reason === 'user' && context.removed ? ('removed' as const) : params.reason,
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
})
