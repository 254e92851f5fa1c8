/**
 * What a connection keeps of its wallet (spec §3 account state `connectedWalletInfo`, `addressLabels`): the
 * description the connection actors attach to each session they connect or restore (`describeWallet` of
 * `adapters/actors.ts connectionActors`).
 */
import type { AdaptersByNamespace } from '../../adapters/actors.ts'
import type { AccountType, Connector, WalletDescription } from '../../adapters/types.ts'
import type { ChainNamespace } from '../../adapters/networks.ts'
import type { FrameUser } from '../../adapters/frame.protocol.ts'

/** The label of each account type in `addressLabels` (spec §3 account types). */
export const accountTypeLabels: Readonly<Record<AccountType, string>> = { eoa: 'EOA', smartAccount: 'Smart Account', payment: 'Payment', ordinals: 'Ordinals' }

export type CreateWalletDescriberParameters = {
  /** The connectors the modal lists now (the root's `connectors.changed`). */
  connectors: () => readonly Connector[]
  /** The adapter of each namespace: the accounts of a connection and their types (`getAccounts`). */
  adapters: AdaptersByNamespace
  /** The auth (embedded wallet) connector's id, when an embedded wallet is configured. */
  authConnectorId?: string | undefined
  /** The embedded wallet's signed-in user as the frame last reported it (its social provider, its accounts' types). */
  embeddedUser?: (() => Promise<FrameUser | undefined>) | undefined
  /** The stored social provider of the embedded login (spec §3 storage), when the frame's user does not say it. */
  storedSocialProvider?: (() => string | undefined) | undefined
}

/**
 * Creates the `describeWallet` of one modal instance: `wallet` is the connector's name and icon, its identifier (the
 * directory id where known, else its rdns, else the connector id), and for the auth connector the social provider;
 * `addressLabels` labels each account of the connection by its type ({@link accountTypeLabels}): the frame user's
 * accounts for the auth connector, the adapter's `getAccounts` for the others. Accounts the adapter does not list get
 * no label. Nothing throws: an unknown connector is described by its id alone.
 * @example
 * const describeWallet = createWalletDescriber({ connectors: () => root().getSnapshot().context.connectors, adapters })
 * await describeWallet({ connectorId: 'io.metamask', namespace: 'eip155', accounts: ['0xabc…'] })
 * // { wallet: { name: 'MetaMask', icon: 'data:image/svg+xml,…', identifier: 'io.metamask' }, addressLabels: { '0xabc…': 'EOA' } }
 */
export function createWalletDescriber(p: CreateWalletDescriberParameters) {
  return async ({ connectorId, namespace, accounts }: { connectorId: string; namespace: ChainNamespace; accounts: readonly string[] }): Promise<WalletDescription> => {
    const list = p.connectors()
    const connector = list.find((c) => c.id === connectorId && c.chain === namespace) ?? list.find((c) => c.id === connectorId)
    const isAuth = p.authConnectorId !== undefined && connectorId === p.authConnectorId
    const user = isAuth ? await p.embeddedUser?.() : undefined
    const social = isAuth ? (user?.socialProvider ?? (user?.email ? undefined : p.storedSocialProvider?.())) : undefined
    const wallet = {
      name: connector?.name ?? connectorId,
      ...(connector?.imageUrl ? { icon: connector.imageUrl } : {}),
      identifier: connector?.explorerId ?? connector?.info?.rdns ?? connectorId,
      ...(social ? { social } : {}),
    }
    const typed: ReadonlyArray<{ address: string; type: AccountType }> = user?.accounts ?? p.adapters[namespace]?.getAccounts?.({ connectorId }) ?? []
    const wanted = new Set(accounts.map((a) => a.toLowerCase()))
    const labels = Object.fromEntries(typed.filter((a) => wanted.has(a.address.toLowerCase())).map((a) => [a.address, accountTypeLabels[a.type]]))
    return { wallet, ...(Object.keys(labels).length > 0 ? { addressLabels: labels } : {}) }
  }
}
