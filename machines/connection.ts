import type { ConnectedSession } from '../adapters/types.ts'
import { connectionSetup, type ConnectionContext, type ConnectionStatus } from './connection.setup.ts'
import { timing } from './timing.ts'

export type {
  BalanceSummary,
  ConnectionContext,
  ConnectionEmitted,
  ConnectionEvent,
  ConnectionInput,
  ConnectionStatus,
  ConnectorInput,
  DisconnectReason,
} from './connection.setup.ts'

/** Params from `connect`'s `onDone`: the session the wallet answered. */
const sessionOf = ({ event }: { event: { output: ConnectedSession } }) => event.output

/**
 * The wallet's connect prompt (the `connect` actor) for the wallet `wallet` names in context: `connecting`'s (the
 * wallet asked for, kept by `setSession`) and `adding.waiting`'s (the wallet being added, kept by `setAddedSession`).
 * Its approval → `connected` on that wallet; the user's rejection (4001) → the sibling `rejected`, another failure →
 * the sibling `failed` (each offers a retry).
 */
const connectPrompt = (wallet: 'connectorId' | 'adding', keep: 'setSession' | 'setAddedSession') =>
  ({
    id: 'connect',
    src: 'connect',
    input: ({ context }: { context: ConnectionContext }) => ({ connectorId: context[wallet]!, namespace: context.namespace }),
    onDone: {
      target: '#connection.connected',
      actions: [{ type: keep, params: sessionOf }, 'markReadChain', { type: 'emitConnected', params: { restored: false } }],
    },
    onError: [
      { guard: 'isUserRejection', target: 'rejected' },
      { target: 'failed', actions: ['setError', 'emitFailed'] },
    ],
  }) as const

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
 * - `connected` watches the wallet: accountsChanged keeps every account the wallet gives (`accounts`) and the selected
 *   one while it is among them (the wallet's own reordering changes nothing), else selects the first (an empty list
 *   disconnects); `connection.selectAccount` selects another account the wallet gave (multi-wallet, several accounts
 *   inside one wallet; any other address does nothing);
 *   chainChanged updates the chain; the wallet's own disconnect resets the account. The native balance is
 *   fetched on entry and after each change, kept `nativeBalanceTtl`, and retried after a failure. Its first read
 *   after a connect the visitor made asks the wallet (`readChain`); after a restore, a switch between held wallets or
 *   a change it may be the stored value (spec §3, §9: native balance cache, 30 s).
 * - `connection.disconnect` → `disconnecting` → `disconnected` (account reset); told with reason `user`, or `removed`
 *   when the multi-wallet list removed this wallet while others are held (`removed: true`).
 * - Adding a wallet (multi-wallet on, spec §6 "Add wallet"): `connection.request` while connected enters `adding`, the
 *   current wallet still the connected one (status stays connected, its account kept); the new wallet's approval →
 *   `connected` on it (`connection.connected`, the owner records it as the active connection); the user's rejection
 *   (4001) → `adding.rejected`, another failure → `adding.failed` (retry: `connection.request`); `connection.cancel`
 *   from any of them returns to the current wallet, unchanged. A request for the connected wallet itself opens nothing:
 *   it is told connected again. Multi-wallet off: a request while connected is ignored, as before. The flag starts
 *   from the input and follows `connection.configure` (the remote config turning it on or off after load) in any state.
 * - Multi-wallet (spec §6): `connection.switch` to another wallet the visitor holds takes `connected` to `reconnecting`
 *   on that wallet's connector (the silent restore, no prompt), the current wallet left connected in the wallet; the
 *   switch (and a restore, and the boot's stored connection) names the account to act with, kept when the wallet still
 *   gives it.
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
export const connectionMachine = connectionSetup.createMachine({
  id: 'connection',
  context: ({ input }) => ({
    namespace: input.namespace,
    reconnect: input.reconnect ?? true,
    multiWallet: input.multiWallet ?? false,
    ...(input.storedConnectorId ? { connectorId: input.storedConnectorId, address: input.storedAddress } : {}),
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
      invoke: connectPrompt('connectorId', 'setSession'),
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
              fresh: context.balance !== undefined || context.readChain === true,
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
          // The wallet's own reordering (its selected account moved first) keeps the visitor's selection while it is given.
          { guard: 'isSameAccounts' },
          { guard: 'keepsSelected', actions: ['setAccounts', 'emitAccountChanged'] },
          { target: '.fetchingBalance', actions: ['setFirstAccount', 'emitAccountChanged'] },
        ],
        // Multi-wallet (spec §6): another account the wallet gave becomes the one the connection acts with.
        'connection.selectAccount': { guard: 'isOtherHeldAccount', target: '.fetchingBalance', actions: ['setSelectedAccount', 'emitAccountChanged'] },
        'connection.chainChanged': { target: '.fetchingBalance', actions: ['setChain', 'emitChainChanged'] },
        'connection.walletDisconnected': {
          target: 'disconnected',
          actions: [{ type: 'emitDisconnected', params: { reason: 'wallet' } }, 'resetAccount'],
        },
        'connection.disconnect': { target: 'disconnecting', actions: 'setRemoved' },
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
        waiting: { invoke: connectPrompt('adding', 'setAddedSession') },
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
