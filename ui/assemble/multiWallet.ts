import { fromCallback, fromPromise, type SnapshotFrom } from 'xstate'
import { AdapterNotFoundError, nativeBalanceSchema } from '../../adapters/actors.ts'
import { callForeign, parseForeign } from '../../adapters/boundary.ts'
import type { ChainAdapter } from '../../adapters/types.ts'
import { caipReferenceOf } from '../../kernel/caip.ts'
import { connectAllConnections, connectMultiWallet } from '../../machines/multiWallet.connect.ts'
import { multiWalletMachine, type MultiWalletEvent, type WalletConnection, type WatchConnectionsEvent } from '../../machines/multiWallet.ts'
import { walletBalanceMachine } from '../../machines/walletBalance.ts'
import { walletNameMachine } from '../../machines/walletName.ts'
import type { FeatureHost, FeaturePublicFace } from './host.ts'

/**
 * A wallet's chain id (a number on eip155, a reference string elsewhere) as a CAIP-2 id of its namespace; undefined
 * for an answer that is neither (a dapp's own adapter answering nonsense: the row keeps its chain).
 */
function chainOf(namespace: string, chainId: unknown): string | undefined {
  const valid = typeof chainId === 'number' ? Number.isSafeInteger(chainId) && chainId > 0 : typeof chainId === 'string'
  const id = `${namespace}:${String(chainId)}`
  return valid && caipReferenceOf(id) !== undefined ? id : undefined
}

/**
 * The multi-wallet list (spec §6) on this instance's adapters and storage: a held wallet is asked silently whether it
 * still holds the site (`reconnect`, the restore's `eth_accounts`), revoked on removal (`disconnect`), and watched
 * while it is not the active one (`watchWallet`: its account, chain and disconnect reach its connection only); the lists
 * are stored per namespace, oldest first (spec §3). A held wallet's balance in the switcher is read like the Account
 * view's native balance, on that wallet's own chain (else the namespace's active network), but never asked of the
 * wallet (`host.nativeBalance`: eip155 on the network's node); an answer that is not a balance (a dapp's own adapter)
 * fails that row only (`InvalidCallbackResponseError`). Its name is looked up as the Account view's own
 * (`host.identityName`: the identity's name on an eip155 mainnet; none elsewhere).
 */
export function assemble(host: FeatureHost) {
  const adapterOf = (namespace: string): ChainAdapter => {
    const adapter = host.adapterOf(namespace)
    if (!adapter) throw new AdapterNotFoundError(namespace)
    return adapter
  }
  return multiWalletMachine.provide({
    actors: {
      verify: fromPromise(async ({ input }) => {
        const answers = await Promise.allSettled(input.connections.map((c) => adapterOf(c.namespace).reconnect({ connectorId: c.connectorId })))
        return input.connections.flatMap((c, i) => {
          const answer = answers[i]
          return answer?.status === 'fulfilled' ? [{ id: c.id, caipNetworkId: chainOf(c.namespace, answer.value.chainId) }] : []
        })
      }),
      revoke: fromPromise(({ input }) => adapterOf(input.namespace).disconnect({ connectorId: input.connectorId })),
      // Best effort: a wallet that refuses or has gone does not keep the others connected.
      revokeAll: fromPromise(async ({ input }) => {
        await Promise.allSettled(input.connections.map((c) => adapterOf(c.namespace).disconnect({ connectorId: c.connectorId })))
      }),
      walletBalance: walletBalanceMachine.provide({
        actors: {
          readBalance: fromPromise(async ({ input }) => {
            const answer = await callForeign('nativeBalance', () => host.nativeBalance({ caipNetworkId: input.caipNetworkId, address: input.address }))
            const balance = parseForeign('nativeBalance', nativeBalanceSchema, answer)
            return { value: balance.value.toString(), decimals: balance.decimals, symbol: balance.symbol }
          }),
        },
      }),
      walletName: walletNameMachine.provide({
        actors: { readName: fromPromise(({ input }) => host.identityName({ caipNetworkId: input.caipNetworkId, address: input.address })) },
      }),
      watchConnections: fromCallback<WatchConnectionsEvent>(({ receive, sendBack }) => {
        const watching = new Map<string, () => void>()
        const watch = (c: WalletConnection) =>
          adapterOf(c.namespace).watchWallet({ connectorId: c.connectorId }, (event) => {
            const chain = event.type === 'chainChanged' ? chainOf(c.namespace, event.chainId) : undefined
            const back: MultiWalletEvent | undefined =
              event.type === 'accountsChanged'
                ? { type: 'multiWallet.walletAccounts', connectionId: c.id, accounts: event.accounts }
                : event.type === 'disconnect'
                  ? { type: 'multiWallet.walletGone', connectionId: c.id }
                  : chain
                    ? { type: 'multiWallet.walletChain', connectionId: c.id, caipNetworkId: chain }
                    : undefined
            if (back) sendBack(back)
          })
        receive(({ connections }) => {
          for (const [id, stop] of watching) {
            if (connections.some((c) => c.id === id)) continue
            stop()
            watching.delete(id)
          }
          for (const c of connections) {
            if (watching.has(c.id)) continue
            try {
              watching.set(c.id, watch(c))
            } catch {
              // A wallet whose on() throws is not followed; the connection stays.
            }
          }
        })
        return () => {
          for (const stop of watching.values()) stop()
        }
      }),
    },
    actions: {
      persist: ({ context }) => {
        for (const [namespace, list] of Object.entries(context.lists)) {
          const oldestFirst = [...list.connections].sort((a, b) => a.lastUsed - b.lastUsed)
          host.storage.setConnections(
            namespace,
            oldestFirst.map((c) => ({ connectorId: c.connectorId, accounts: c.accounts.map((address) => ({ address })) })),
          )
        }
      },
    },
  })
}

/** The multi-wallet share of the public state (spec §3 "Public state"): `state.connections`, the active namespace's. */
export const publicFace: FeaturePublicFace<SnapshotFrom<typeof multiWalletMachine>> = {
  state(snapshot, state) {
    const view = connectMultiWallet(snapshot, state.activeNamespace)
    return { ...state, connections: { connections: view.connections, activeId: view.activeId, isSwitching: view.isSwitching } }
  },
  connections: {
    list: (snapshot, namespace) => (namespace ? [...connectMultiWallet(snapshot, namespace).connections] : connectAllConnections(snapshot)),
    switchEvent: (connectionId, address) => ({ type: 'multiWallet.switch', connectionId, ...(address ? { address } : {}) }),
    deleteEvent: (connectionId) => ({ type: 'multiWallet.remove', connectionId }),
  },
}
