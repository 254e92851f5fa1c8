import type { CaipNetwork, ChainNamespace } from './networks.ts'

/** Connector types of spec §3. */
export type ConnectorType = 'ANNOUNCED' | 'INJECTED' | 'AUTH' | 'MULTI_CHAIN' | 'WALLET_CONNECT'

/** A way to reach a wallet (spec §3 "Connector"). Serialisable: providers stay inside the adapter. */
export type Connector = {
  id: string
  name: string
  type: ConnectorType
  chain: ChainNamespace
  imageUrl?: string
  /**
   * The wallet directory's image id of this wallet (spec §3), where the connector is a directory wallet (matched by
   * rdns); resolved to an image URL through the directory's `/getWalletImage/{imageId}` when a directory is configured.
   */
  imageId?: string
  info?: { rdns?: string }
  /** The wallet directory's id of this wallet (spec §3), where known (matched by rdns). */
  explorerId?: string
  /**
   * The wallet's provider is in the page (spec §6): set on the browser-wallet entry (an `INJECTED` connector) when an
   * injected provider that no announced wallet stands for is there. Absent: not known to be installed.
   */
  installed?: boolean
}

/** Account types (spec §3, §4): `eoa` or `smartAccount`; a Bitcoin wallet's `payment` or `ordinals` address. */
export type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinals'

/**
 * An account of a connection (spec §3 "Account (from a connection)"): every namespace's adapter produces these with
 * {@link ChainAdapter.getAccounts}. `publicKey` is hex where the wallet gives it (Solana's 32-byte ed25519 key, a
 * Bitcoin account's key); an EVM wallet does not reveal it. `path` is the derivation path where the wallet tells it.
 */
export type Account = {
  namespace: ChainNamespace
  address: string
  type: AccountType
  publicKey?: string
  path?: string
}

/** Accounts and chain of a wallet, as an adapter returns them after validation. */
export type WalletSession = {
  /** Checksummed for eip155. Never empty. */
  accounts: readonly string[]
  /** Chain reference as the wallet reports it (EVM chain id as a number). */
  chainId: number | string
}

/**
 * The connected wallet as the account state shows it (spec §3 account state `connectedWalletInfo`): its name and icon
 * (the connector's), its identifier (the wallet directory's id where the connector was matched to one, else its
 * EIP-6963 rdns) and, for the auth (embedded wallet) connector, the social provider the user signed in with.
 */
export type ConnectedWalletInfo = { name: string; icon?: string | undefined; identifier?: string | undefined; social?: string | undefined }

/**
 * What a connection keeps of its wallet beside the accounts and chain (spec §3 account state): `wallet` is
 * {@link ConnectedWalletInfo}; `addressLabels` maps an address of the connection to its label (its account type:
 * 'EOA', 'Smart Account', 'Payment', 'Ordinals').
 */
export type WalletDescription = { wallet?: ConnectedWalletInfo | undefined; addressLabels?: Readonly<Record<string, string>> | undefined }

/** A session as the connection machine receives it (`connect`, `reconnect`): the adapter's {@link WalletSession} and its {@link WalletDescription}. */
export type ConnectedSession = WalletSession & WalletDescription

/** Events a connected wallet reports, normalised by the adapter. */
export type WalletEvent = { type: 'accountsChanged'; accounts: readonly string[] } | { type: 'chainChanged'; chainId: number | string } | { type: 'disconnect' }

/** Native balance of an address (spec §3): `value` in the smallest unit (wei, lamports, satoshis). */
export type NativeBalance = { value: bigint; decimals: number; symbol: string }

/**
 * The contract every chain family implements (STYLE.md: one chain family per file behind one contract).
 * Methods throw {@link BaseError} subclasses (see errors.ts); a user's rejection is `UserRejectedRequestError`.
 */
export interface ChainAdapter {
  readonly namespace: ChainNamespace
  /** Current connectors; `listener` is called with the full list whenever it changes. Returns unsubscribe. */
  watchConnectors(listener: (connectors: readonly Connector[]) => void): () => void
  getConnectors(): readonly Connector[]
  /** Asks the wallet for accounts (prompts the user). */
  connect(parameters: { connectorId: string }): Promise<WalletSession>
  /** Restores a stored connection without prompting; throws `NotConnectedError` when the wallet no longer grants access. */
  reconnect(parameters: { connectorId: string }): Promise<WalletSession>
  disconnect(parameters: { connectorId: string }): Promise<void>
  getBalance(parameters: { connectorId: string; address: string; network: CaipNetwork }): Promise<NativeBalance>
  /** Switches the wallet's chain; throws `UnrecognizedChainError` (4902) when the wallet does not know it. */
  switchChain(parameters: { connectorId: string; network: CaipNetwork }): Promise<void>
  /** Adds the chain to the wallet (and lets it switch). */
  addChain(parameters: { connectorId: string; network: CaipNetwork }): Promise<void>
  watchWallet(parameters: { connectorId: string }, listener: (event: WalletEvent) => void): () => void
  /**
   * The connected accounts of a connector as {@link Account}s (spec §3), the first the active one; empty when not
   * connected. Optional for a dapp's own adapter; the built-in eip155, solana and bip122 adapters have it.
   */
  getAccounts?(parameters: { connectorId: string }): readonly Account[]
  /**
   * Has the wallet sign a text message with the account's key (eip155: EIP-191 `personal_sign`), for SIWX
   * (spec §4 "Sign-in (SIWX)"). Resolves with the signature as the wallet returns it (eip155: 0x-hex, 65 bytes).
   * Throws `UserRejectedRequestError` (4001) when the user declines, `InvalidProviderResponseError` for a reply
   * that is not a signature.
   */
  signMessage(parameters: SignMessageParameters): Promise<SignMessageReturnType>
}

/** What {@link ChainAdapter.signMessage} takes: the connector, the signing address and the UTF-8 text. */
export type SignMessageParameters = { connectorId: string; address: string; message: string }
/** The signature, as the namespace encodes it (eip155: `0x` + 130 hex digits). */
export type SignMessageReturnType = string
/** What {@link ChainAdapter.signMessage} rejects with. */
export type SignMessageErrorType = import('./errors.ts').BaseError

/** Native balance as machine context keeps it: `value` is a decimal string of the smallest unit (wei), so context stays serialisable. */
export type BalanceSummary = { value: string; decimals: number; symbol: string }

/**
 * A transfer of the native currency or of a token (spec §3 send state, §4 Send). Amounts are integers in the
 * smallest unit (wei for ETH, the token's base unit for an ERC-20), never floating point.
 */
export type TransferRequest = {
  connectorId: string
  /** The sender (the connected address). */
  from: string
  /** The receiver (already resolved from a name, if one was typed). */
  to: string
  /** Smallest unit of the currency or token. Positive. */
  amount: bigint
  /** CAIP-2 id of the chain the transfer is on; the wallet must be on it. */
  caipNetworkId: string
  /** The token's contract address (eip155: 0x…); absent for the native currency. */
  tokenAddress?: string | undefined
}

/**
 * A prepared EVM transaction for the wallet to send as it is (a swap or an approval the convert API built): `to`,
 * `data`, `value` in wei as a decimal string, and `gas` when the API estimated it.
 */
export type ContractCallRequest = {
  connectorId: string
  /** CAIP-2 id of the chain; the wallet must be on it. */
  caipNetworkId: string
  from: string
  to: string
  data: string
  value: string
  gas?: string | undefined
}

/** What a transfer will cost: `gas` units at `gasPrice`, `fee` = gas × gasPrice, in the native currency's smallest unit. */
export type TransferEstimate = { gas: bigint; gasPrice: bigint; fee: bigint }

/**
 * A replaced transaction (same sender and nonce, another hash) that a wait followed to the replacement's end:
 * `hash` is the replaced one's; `reason` as viem's `onReplaced` names it (`repriced`: the same call at another fee,
 * a speed-up; `cancelled`: 0 to the sender itself; `replaced`: any other transaction).
 */
export type TransactionReplacement = { hash: string; reason: 'repriced' | 'cancelled' | 'replaced' }

/**
 * How a sent transaction ended (spec §4 Send), as only the chain decides it (`adapters/receipt.ts`):
 *
 * - `success` / `reverted`: included with status 1 / 0; `blockNumber` (EVM) or slot (Solana); `hash` is the final
 *   one (a replacement's when the wallet replaced it, then `replaced` names the first).
 * - `unknown`: sent, but the end is not known: no answer within the receipt timeout (`reason: 'timeout'`), an error
 *   that asking again does not change (`'unavailable'`, `details` says which), or the wait was stopped (`'aborted'`).
 *   The transaction may still be included: never offer to send it again as if it had failed.
 */
export type TransferReceipt =
  | { hash: string; status: 'success' | 'reverted'; blockNumber: bigint; replaced?: TransactionReplacement | undefined }
  | { hash: string; status: 'unknown'; reason: 'timeout' | 'unavailable' | 'aborted'; details?: string | undefined }

/** What {@link TransferAdapter.waitForTransfer} takes. */
export type WaitForTransferParameters = {
  connectorId: string
  caipNetworkId: string
  /** The hash (Solana: signature) `sendTransfer` or `sendContractCall` returned. */
  hash: string
  /** Stops the wait (it then resolves `unknown`, reason `aborted`). */
  signal?: AbortSignal | undefined
}

/**
 * Sending for one namespace (spec §4 Send; §6: eip155 and solana only). Every method throws
 * {@link BaseError} subclasses; the user's rejection in the wallet is `UserRejectedRequestError` (4001).
 */
export interface TransferAdapter {
  readonly namespace: ChainNamespace
  /**
   * Estimates the transfer without asking the user. Throws when it would fail on chain (e.g. more tokens
   * than the balance) or when the wallet is on another chain than `caipNetworkId`.
   */
  estimateTransfer(request: TransferRequest): Promise<TransferEstimate>
  /** Asks the wallet to sign and broadcast; resolves with the transaction hash once the wallet returns it. */
  sendTransfer(request: TransferRequest): Promise<{ hash: string }>
  /**
   * Waits until the chain decides the transaction's end; resolves with it (a revert is a result, not a throw; so is
   * `unknown`, the end not known by the receipt timeout). Transient read errors are retried, never reported as the
   * transaction's failure; a replaced transaction is followed (`adapters/receipt.ts`). A throw (bad input, a dapp's own
   * adapter) after a send is shown as `unknown` too: the transaction was sent.
   */
  waitForTransfer(parameters: WaitForTransferParameters): Promise<TransferReceipt>
  /**
   * eip155 only: asks the wallet to send a prepared transaction (`eth_sendTransaction` with its `to`, `data`, `value`
   * and `gas`); resolves with the hash. Absent on adapters that cannot (Solana; a dapp's own adapter without it).
   */
  sendContractCall?(request: ContractCallRequest): Promise<{ hash: string }>
}

/** A minimal EIP-1193 provider: what every browser wallet exposes. */
export type Eip1193Provider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  // biome-ignore lint/suspicious/noExplicitAny: EIP-1193 listeners take each event's own arguments; `any[]` keeps any wallet's listener assignable
  on?(event: string, listener: (...args: any[]) => void): void
  // biome-ignore lint/suspicious/noExplicitAny: as `on`
  removeListener?(event: string, listener: (...args: any[]) => void): void
}

/** The methods every {@link ChainAdapter} has: `createModal` refuses an `adapter` option that lacks one (`ui/options.ts`). */
export const chainAdapterMethods = [
  'watchConnectors',
  'getConnectors',
  'connect',
  'reconnect',
  'disconnect',
  'getBalance',
  'switchChain',
  'addChain',
  'watchWallet',
  'signMessage',
] as const satisfies readonly (keyof ChainAdapter)[]

/** The methods every {@link TransferAdapter} has: `createModal` refuses a `transferAdapter` option that lacks one. */
export const transferAdapterMethods = ['estimateTransfer', 'sendTransfer', 'waitForTransfer'] as const satisfies readonly (keyof TransferAdapter)[]
