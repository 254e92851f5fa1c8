/**
 * A connected start (spec §3 "Browser storage", §4 "Connection status per chain namespace"): the entries a visitor who
 * connected earlier has in the page's localStorage — the modal's (the namespace's connected connector id, the active
 * network and namespace, the connection status, the wallet and the connection's account) and the wallet's own (its
 * authorisation of the site, the selected account, the chain). With them in place before the page's first script, the
 * modal restores the connection through its real reconnect path: no click through Connect, no prompt, no private hook.
 */
import { ConnectedStartError } from './errors.ts'
import { preview } from './wallet/keys.ts'
import { BITCOIN_CAIP_NETWORK_IDS, testBitcoinWalletStorageKey } from './bitcoin/names.ts'
import { testSolanaWalletStorageKey } from './solana/names.ts'
import { testWalletStorageKey } from './wallet/testWallet.ts'

/** The storage prefix of the modal's keys (spec §3; the `storagePrefix` of its storage service). */
export const MODAL_STORAGE_PREFIX = '@latchkey/'

/** The namespaces a connected start can stand for. */
export type ConnectedNamespace = 'eip155' | 'solana' | 'bip122'

/** A wallet connected earlier, as the modal stored it. */
export type StoredConnection = {
  namespace: ConnectedNamespace
  /** The modal's connector id: an EIP-6963 wallet's rdns, a Wallet Standard wallet's name. */
  connectorId: string
  /** The wallet's name, as Connect listed it. */
  name: string
  /** The CAIP-2 network active at the start, e.g. 'eip155:31337'. */
  caipNetworkId: string
  /** The connected address; none for a wallet that derives it on reconnect (Bitcoin's payment address). */
  address?: string
  /** The wallet's own persisted entries (key → raw value), written beside the modal's. */
  walletStorage?: Record<string, string>
}

const caip2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/**
 * The localStorage entries (key → raw value) of a stored connection: the modal's keys under {@link MODAL_STORAGE_PREFIX}
 * and the wallet's own.
 * @throws ConnectedStartError for an unknown namespace, a network id that is not CAIP-2 or not of the namespace, an
 *   empty connector id or name.
 */
export function connectedStorage(connection: StoredConnection): Record<string, string> {
  const { namespace, connectorId, name, caipNetworkId, address, walletStorage } = connection
  if (namespace !== 'eip155' && namespace !== 'solana' && namespace !== 'bip122') throw new ConnectedStartError('Unknown namespace', { details: `namespace must be eip155, solana or bip122, got ${preview(namespace)}` })
  if (typeof caipNetworkId !== 'string' || !caip2.test(caipNetworkId) || !caipNetworkId.startsWith(`${namespace}:`)) {
    throw new ConnectedStartError('Invalid network', { details: `caipNetworkId must be a CAIP-2 id of ${namespace}, got ${preview(caipNetworkId)}` })
  }
  if (typeof connectorId !== 'string' || connectorId === '' || typeof name !== 'string' || name === '') throw new ConnectedStartError('Invalid wallet', { details: 'connectorId and name must be non-empty strings' })
  const modal: Record<string, unknown> = {
    [`${namespace}:connected_connector_id`]: connectorId,
    active_caip_network_id: caipNetworkId,
    active_namespace: namespace,
    connected_namespaces: [namespace],
    connection_status: 'connected',
    wallet_id: connectorId,
    wallet_name: name,
    ...(address ? { connections: { [namespace]: [{ connectorId, accounts: [{ address }] }] } } : {}),
  }
  const storage: Record<string, string> = { ...walletStorage }
  for (const [key, value] of Object.entries(modal)) storage[`${MODAL_STORAGE_PREFIX}${key}`] = JSON.stringify(value)
  return storage
}

/** What {@link testWalletConnection} takes: the wallet (its rdns, name and addresses) and who is connected. */
export type TestWalletConnectionOptions = {
  wallet: { info: { rdns: string; name: string }; addresses: readonly string[]; chainIds: readonly number[] }
  /** The account index (default 0). */
  account?: number
  /** The EVM chain, one of the wallet's (default its first). */
  chainId?: number
}

/**
 * The stored connection of a test wallet (`latchkey/testing`'s EVM wallet) on `chainId` with account `account`: the
 * modal's keys and the wallet's authorisation (its storage key, {@link testWalletStorageKey}).
 * @throws ConnectedStartError for an account index or a chain the wallet does not have.
 */
export function testWalletConnection({ wallet, account = 0, chainId = wallet.chainIds[0] ?? 31337 }: TestWalletConnectionOptions): StoredConnection & { address: string } {
  const address = wallet.addresses[account]
  if (!Number.isInteger(account) || address === undefined) throw new ConnectedStartError('Unknown account', { details: `account must be 0 to ${wallet.addresses.length - 1}, got ${preview(account)}` })
  if (!wallet.chainIds.includes(chainId)) throw new ConnectedStartError('Unknown chain', { details: `chainId must be one of the wallet's chains (${wallet.chainIds.join(', ')}), got ${preview(chainId)}` })
  const state = { authorised: true, accountIndex: account, chainId, addedChains: [], autoApprove: false }
  return {
    namespace: 'eip155',
    connectorId: wallet.info.rdns,
    name: wallet.info.name,
    caipNetworkId: `eip155:${chainId}`,
    address,
    walletStorage: { [testWalletStorageKey(wallet.info.rdns)]: JSON.stringify(state) },
  }
}

/** What {@link testSolanaWalletConnection} takes: the test Solana wallet (its name, addresses, chains) and who is connected. */
export type TestSolanaWalletConnectionOptions = {
  wallet: { name: string; addresses: readonly string[]; chains: readonly string[] }
  /** The account index (default 0). */
  account?: number
}

/**
 * The stored connection of a test Solana wallet (`latchkey/testing/solana`) with account `account`, on its first chain
 * with a CAIP-2 reference (cluster names such as `solana:localnet` are the wallet's aliases, not the modal's network):
 * the modal's keys and the wallet's authorisation (its storage key, `testSolanaWalletStorageKey`).
 * @throws ConnectedStartError for an account index the wallet does not have, or a wallet with only cluster names.
 */
export function testSolanaWalletConnection({ wallet, account = 0 }: TestSolanaWalletConnectionOptions): StoredConnection & { address: string } {
  const address = wallet.addresses[account]
  if (!Number.isInteger(account) || address === undefined) throw new ConnectedStartError('Unknown account', { details: `account must be 0 to ${wallet.addresses.length - 1}, got ${preview(account)}` })
  const caipNetworkId = wallet.chains.find((id) => caip2.test(id) && !/^solana:(mainnet|devnet|testnet|localnet)$/.test(id))
  if (!caipNetworkId) throw new ConnectedStartError('No CAIP-2 chain', { details: `the wallet's chains (${wallet.chains.join(', ')}) have no 'solana:<reference>' id for the modal's network` })
  const state = { authorised: true, accountIndex: account, autoApprove: false }
  return { namespace: 'solana', connectorId: wallet.name, name: wallet.name, caipNetworkId, address, walletStorage: { [testSolanaWalletStorageKey(wallet.name)]: JSON.stringify(state) } }
}

/** What {@link testBitcoinWalletConnection} takes: the test Bitcoin wallet (its name, payment addresses, CAIP-2 network) and who is connected. */
export type TestBitcoinWalletConnectionOptions = {
  wallet: { name: string; addresses: readonly string[]; caipNetworkId: string }
  /** The account index (default 0). */
  account?: number
}

/**
 * The stored connection of a test Bitcoin wallet (`latchkey/testing/bitcoin`) with account `account`, on its network:
 * the modal's keys (no address: the modal asks the wallet for its payment address on reconnect) and the wallet's
 * authorisation (its storage key, `testBitcoinWalletStorageKey`).
 * @throws ConnectedStartError for an account index the wallet does not have, or a network that is not Bitcoin's.
 */
export function testBitcoinWalletConnection({ wallet, account = 0 }: TestBitcoinWalletConnectionOptions): StoredConnection {
  if (!Number.isInteger(account) || wallet.addresses[account] === undefined) throw new ConnectedStartError('Unknown account', { details: `account must be 0 to ${wallet.addresses.length - 1}, got ${preview(account)}` })
  if (!Object.values(BITCOIN_CAIP_NETWORK_IDS).includes(wallet.caipNetworkId as never))
    throw new ConnectedStartError('Invalid network', { details: `the wallet's network must be a CAIP-2 id of Bitcoin, got ${preview(wallet.caipNetworkId)}` })
  const state = { authorised: true, accountIndex: account, autoApprove: false }
  return { namespace: 'bip122', connectorId: wallet.name, name: wallet.name, caipNetworkId: wallet.caipNetworkId, walletStorage: { [testBitcoinWalletStorageKey(wallet.name)]: JSON.stringify(state) } }
}
