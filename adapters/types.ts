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
  info?: { rdns?: string }
  explorerId?: string
}

/** Accounts and chain of a wallet, as an adapter returns them after validation. */
export type WalletSession = {
  /** Checksummed for eip155. Never empty. */
  accounts: readonly string[]
  /** Chain reference as the wallet reports it (EVM chain id as a number). */
  chainId: number | string
}

/** Events a connected wallet reports, normalised by the adapter. */
export type WalletEvent =
  | { type: 'accountsChanged'; accounts: readonly string[] }
  | { type: 'chainChanged'; chainId: number | string }
  | { type: 'disconnect' }

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
}

/** Native balance as machine context keeps it: `value` is a decimal string of the smallest unit (wei), so context stays serialisable. */
export type BalanceSummary = { value: string; decimals: number; symbol: string }
