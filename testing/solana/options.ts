/** The options of the development / test Solana wallet's constructor (`./wallet.ts`). */
import type { Keypair } from '@solana/web3.js'
import type { DevSolanaWalletChain, DevSolanaWalletMisbehaviour, DevSolanaWalletStorage } from './types.ts'

/** Options of the `DevSolanaWallet` constructor. */
export type DevSolanaWalletOptions = {
  /** The local Solana RPC (`dev/solana`), used for `solana:localnet` and the local CAIP-2 id unless `chains` is given. */
  rpcUrl: string
  /** Chains the wallet supports; default `solana:localnet` and `solana:<local reference>`, both at `rpcUrl`. */
  chains?: readonly DevSolanaWalletChain[]
  /** Accounts; default the five dev keypairs (`dev/solana/accounts.ts`), account 0 selected. At least one. */
  keypairs?: readonly Keypair[]
  /** Where state is persisted (JSON under `storageKey`); default none. */
  storage?: DevSolanaWalletStorage
  /** Storage key; default 'latchkey-dev-solana-wallet'. */
  storageKey?: string
  /** When given, overrides the persisted auto-approve setting (and is persisted). */
  autoApprove?: boolean
  /** Origin recorded on pending requests; default `location.origin` in a browser. */
  origin?: string
  /** Wallet name; default 'Latchkey Dev Solana Wallet'. */
  name?: string
  /** Test hook: features (e.g. 'solana:signMessage') whose methods never settle. */
  hang?: ReadonlySet<string>
  /** Test hook, see {@link DevSolanaWalletMisbehaviour}. */
  misbehave?: DevSolanaWalletMisbehaviour
}
