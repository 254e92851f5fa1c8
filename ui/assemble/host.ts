import type { SiwxConfig, SiwxSession } from '../../kernel/siwx.ts'
import type { ChainAdapter, Eip1193Provider, TransferAdapter } from '../../adapters/types.ts'
import type { ModalStorage } from '../../services/storage.ts'
import type { ConnectionView } from '../../machines/multiWallet.connect.ts'
import type { CallsRequest } from '../../machines/calls.ts'
import type { PayRecord, PayWallet } from '../../machines/pay.ts'
import type { WalletConnectClient } from '../../adapters/walletconnect.ts'
import type { Clock, ModalState } from '../types.ts'
import type { BlockchainApi } from '../../services/blockchain.ts'
import type { DirectoryApi, GetWalletsParameters, GetWalletsReturnType } from '../../services/directory.ts'
import type { ExchangeApi } from '../../services/exchange.ts'
import type { Features } from '../../services/features.ts'

/**
 * What one modal instance hands a feature machine when the feature's module arrives: its service
 * clients (each loaded with its own first call), its wallets, its options. `createModal` builds it once; each
 * `ui/assemble/<feature>.ts` turns it into the feature's machine with its actors provided (STYLE rule 2).
 */
export type FeatureHost = {
  /** The resolved feature set now (spec §6). */
  flags: () => Features
  /** The blockchain API client; rejects with a clear error without `api.blockchainUrl`. */
  blockchain: () => Promise<BlockchainApi>
  /** The directory client, or undefined without `api.directoryUrl`. */
  directory: () => Promise<DirectoryApi> | undefined
  /** The exchange deposit client (Pay with an exchange), or undefined without an exchange API (`api.exchangeUrl`). */
  exchange: () => Promise<ExchangeApi> | undefined
  /** A page of the wallet directory with its first `imagesPreloaded` images loaded (spec §9); empty without a directory. */
  fetchWallets: (parameters: GetWalletsParameters, imagesPreloaded: number) => Promise<GetWalletsReturnType>
  /** The transfer adapter of a network's namespace, loaded with the first send there (spec §4 Send). */
  transfer: (caipNetworkId: string) => Promise<TransferAdapter>
  /** WalletConnect, or undefined when it is off. */
  walletConnect: WalletConnectClient | undefined
  /**
   * The native balance of `address` on the configured network `caipNetworkId` (the smallest unit: wei, lamports,
   * satoshis), with the currency's name, never asked of a wallet: eip155 by `eth_getBalance` on the network's node (spec
   * §7.4), the other namespaces by their chain adapter (Solana: the node; Bitcoin: the UTXO index's funded − spent).
   * For the namespaces the balance API does not serve (spec §6: it is asked only on eip155 and solana) and the wallet
   * switcher's held wallets (spec §6 multi-wallet).
   * @throws the adapter's errors, the transport's `Rpc…Error`s, `InvalidProviderResponseError` for a node's answer that
   * is no quantity; `NetworkNotConfiguredError` (`ui/errors.ts`) for a network not configured.
   */
  nativeBalance: (parameters: { caipNetworkId: string; address: string }) => Promise<{ value: bigint; decimals: number; symbol: string; name: string }>
  /**
   * The name the Account view shows for `address` on the configured network `caipNetworkId` (spec §2 Account, §6 names
   * eip155): the identity's name (`/v1/identity/{address}`) on an eip155 mainnet, else null (another namespace, a
   * testnet, a network not configured, or no name).
   * @throws the blockchain API's errors (none configured, a failed or malformed answer).
   */
  identityName: (parameters: { caipNetworkId: string; address: string }) => Promise<string | null>
  /** Signs with the connected wallet of a namespace (the chain adapter's `signMessage`). */
  signWithWallet: (parameters: { connectorId: string; address: string; message: string; namespace: string }) => Promise<string>
  /** The `siwx` option; throws 'SIWX is not enabled' without it (spec §8). */
  siwx: () => SiwxConfig
  /** The modal's clock option (tests pass a simulated one). */
  clock: Clock | undefined
  /** The chain adapter of a configured namespace, undefined for another (the multi-wallet list asks its held wallets). */
  adapterOf: (namespace: string) => ChainAdapter | undefined
  /**
   * The EIP-1193 provider of a connected eip155 connector, for the wallet RPC the adapter has no call for (EIP-5792
   * batched calls); undefined when none is connected or a dapp's own adapter gives none (`getProvider`).
   */
  eip1193: (connectorId: string) => Eip1193Provider | undefined
  /**
   * One JSON-RPC read on the node of the configured network `caipNetworkId` (spec §7.4 node URL, §9 10 s with 3
   * retries), never through the wallet (which may be on another network): pay reads the asset and the balances so.
   * @throws `NetworkNotConfiguredError` for a network not configured; the transport's `Rpc…Error`s.
   */
  nodeRequest: (parameters: { caipNetworkId: string; method: string; params: readonly unknown[] }) => Promise<unknown>
  /**
   * Asks the wallet of `connectorId` to switch to the configured network `caipNetworkId` (its chain adapter's
   * `switchChain`; a wallet that does not know the chain, 4902, is asked to add it, then to switch).
   * @throws `NetworkNotConfiguredError`; the wallet's errors (`UserRejectedRequestError` when declined).
   */
  switchWalletChain: (parameters: { connectorId: string; caipNetworkId: string }) => Promise<void>
  /**
   * Whether the page is a phone's (the `platform` option, else the user agent: `ui/core/platform.ts`): Pay with an
   * exchange opens the exchange's page in the same tab there, with the page's address to come back to.
   */
  isMobile?: boolean | undefined
  /** This instance's storage (spec §3 keys): the multi-wallet list keeps its connections there. */
  storage: ModalStorage
  /**
   * Calls `listener` with the wallet connections of `namespace` the visitor holds: the namespace's own connection when
   * it is connected (also while another namespace is the active one, spec §2) and multi-wallet's list (spec §6, empty
   * when multi-wallet is off), each with its acting address, connector and last known chain, now and whenever they
   * change; returns the unsubscribe. Pay lists them as the wallets that may pay.
   */
  watchWallets: (namespace: string, listener: (wallets: readonly PayWallet[]) => void) => () => void
  /** The embedded wallet, present for the email login's assembly (fetched with it). */
  embeddedWallet?: import('../embedded.ts').EmbeddedWallet | undefined
}

/**
 * What a feature's machine answers of the modal's public API (spec §3 "Public state"), exported by its assembly module
 * as `publicFace` and read from its actor's snapshot once the module is in (the core never names the feature): its
 * share of `getState()`, the answer of `getSiwxSession()`, the event `refreshBalance()` reloads its data with. `S` is
 * its machine's snapshot.
 */
export type FeaturePublicFace<S = unknown> = {
  /** Its share of the public state: `state` computed so far, with what its snapshot says (the sign-in phase, the account type). */
  state?(snapshot: S, state: ModalState): ModalState
  /** The sign-in session of the connected account and chain (`getSiwxSession()`), or undefined without one. */
  siwxSession?(snapshot: S): SiwxSession | undefined
  /** The event `refreshBalance()` sends its actor (its data read again, bypassing the caches). */
  refreshBalance?: { type: string }
  /**
   * The connections it holds (multi-wallet, spec §6): `getConnections(namespace)`, every namespace's without one; and
   * the events `switchConnection()` and `deleteConnection()` send its actor for a held connection's id (a switch: and
   * the account of it to act with, when named).
   */
  connections?: {
    list(snapshot: S, namespace?: string): ConnectionView[]
    switchEvent(connectionId: string, address?: string): { type: string; connectionId: string; address?: string | undefined }
    deleteEvent(connectionId: string): { type: string; connectionId: string }
  }
  /**
   * The batches of calls it holds (EIP-5792, `sendCalls` and `getCallsStatus`): a request by the key `sendCalls` gave
   * it, or by its batch id.
   */
  calls?: {
    request(snapshot: S, key: string): CallsRequest | undefined
    byId(snapshot: S, id: string): CallsRequest | undefined
  }
  /** The payments it holds (`modal.pay`): a request by the key `pay` gave it. */
  pay?: { request(snapshot: S, key: string): PayRecord | undefined }
}
