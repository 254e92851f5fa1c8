/**
 * The multi-wallet commands of one core (spec §6 "Multi-wallet methods (get connections, switch, delete) show an info
 * alert and return nothing when multiWallet is off", §8 'Multi-Wallet Not Enabled'): the held connections, a switch, a
 * removal, answered by the spawned feature whose public face holds connections (this file names none).
 */
import type { ChainNamespace } from '../../adapters/networks.ts'
import { ConnectionNotFoundError } from '../errors.ts'
import type { ConnectionView } from '../../machines/multiWallet.connect.ts'
import type { RootActor } from '../../machines/root.ts'
import type { FacedFeature } from './publicState.ts'

/** The spec's alert (§8 'Multi-Wallet Not Enabled', info): shown in debug mode, once. */
export const multiWalletNotEnabled = {
  key: 'MULTI_WALLET_NOT_ENABLED',
  title: 'Multi-Wallet Not Enabled',
  message: 'Multi-wallet is off: set features.multiWallet to true, or enable it in the project configuration.',
} as const

/** What `switchConnection` takes: a held connection's id, or one of its addresses, and optionally its namespace. */
export type SwitchConnectionParameters = { connectionId: string; address?: undefined; namespace?: ChainNamespace | undefined } | { address: string; connectionId?: undefined; namespace?: ChainNamespace | undefined }
/** What `deleteConnection` takes: a held connection's id, and optionally its namespace. */
export type DeleteConnectionParameters = { connectionId: string; namespace?: ChainNamespace | undefined }

/**
 * Creates the multi-wallet commands of one core.
 * @example
 * const { getConnections, switchConnection } = createConnectionCommands({ actor, faced })
 * switchConnection({ connectionId: getConnections('eip155')![1]!.id })
 */
export function createConnectionCommands({ actor, faced }: { actor: RootActor; faced: () => FacedFeature[] }) {
  /** The feature holding connections, when multi-wallet is on and it has spawned; `'off'` when the flag is off. */
  function holder(): FacedFeature | 'off' | undefined {
    if (!actor.getSnapshot().context.flags.multiWallet) {
      actor.send({ type: 'feature.alert', ...multiWalletNotEnabled })
      return 'off'
    }
    return faced().find((f) => f.face.connections)
  }
  function listOf(f: FacedFeature, namespace?: string): ConnectionView[] {
    return f.face.connections!.list(f.ref.getSnapshot(), namespace)
  }
  function find(f: FacedFeature, args: SwitchConnectionParameters | DeleteConnectionParameters): ConnectionView {
    const address = 'address' in args ? args.address?.toLowerCase() : undefined
    const found = listOf(f, args.namespace).find((c) => (args.connectionId !== undefined ? c.id === args.connectionId : c.accounts.some((a) => a.toLowerCase() === address)))
    if (!found) throw new ConnectionNotFoundError({ connectionId: args.connectionId, address: 'address' in args ? args.address : undefined, namespace: args.namespace })
    return found
  }
  return {
    /**
     * The connections the visitor holds (spec §6): those of `namespace`, or of every namespace, each namespace's
     * active one first, then by last use. `undefined` (and the 'Multi-Wallet Not Enabled' alert in debug mode) when
     * `features.multiWallet` is off; `[]` before anything connected.
     * @example modal.getConnections('eip155')?.map((c) => `${c.connectorId} ${c.address}${c.active ? ' (active)' : ''}`)
     */
    getConnections(namespace?: ChainNamespace): ConnectionView[] | undefined {
      const f = holder()
      if (f === 'off') return undefined
      return f ? listOf(f, namespace) : []
    },
    /**
     * Makes a held connection the active one of its namespace (spec §6): its wallet is restored without a prompt, and
     * the button, Account, send, swap, the sign-in and the wagmi and ethers bridges act on it. With `address`, the
     * account it acts with: any account its wallet gave the site (several accounts inside one wallet: another account of
     * the active wallet is selected without a restore); with `connectionId`, the account it used last. The active one
     * with that account already: nothing. Returns nothing (and shows the 'Multi-Wallet Not Enabled' alert in debug mode)
     * when `features.multiWallet` is off.
     * @throws ConnectionNotFoundError when no held connection has that id, or no wallet gave that address (nothing changes).
     * @example modal.switchConnection({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
     */
    switchConnection(args: SwitchConnectionParameters): void {
      const f = holder()
      if (f === 'off') return
      if (!f) throw new ConnectionNotFoundError({ connectionId: args.connectionId, address: args.address, namespace: args.namespace })
      const found = find(f, args)
      const address = args.address === undefined ? undefined : found.accounts.find((a) => a.toLowerCase() === args.address!.toLowerCase())
      const selected = address === undefined || found.address.toLowerCase() === address.toLowerCase()
      if (!found.active || !selected) f.ref.send(f.face.connections!.switchEvent(found.id, address))
    },
    /**
     * Removes a held connection (spec §6): its wallet is asked to revoke the site; the active one is disconnected and
     * the most recently used other one becomes active, or the namespace is left disconnected when none remains.
     * Returns nothing (and shows the 'Multi-Wallet Not Enabled' alert in debug mode) when `features.multiWallet` is off.
     * @throws ConnectionNotFoundError when no held connection has that id (removing one twice throws the second time).
     * @example modal.deleteConnection({ connectionId: 'eip155:io.metamask' })
     */
    deleteConnection(args: DeleteConnectionParameters): void {
      const f = holder()
      if (f === 'off') return
      if (!f) throw new ConnectionNotFoundError({ connectionId: args.connectionId, namespace: args.namespace })
      f.ref.send(f.face.connections!.deleteEvent(find(f, args).id))
    },
  }
}
