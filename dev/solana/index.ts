/**
 * The local Solana chain of the dev stack: a JSON-RPC server over LiteSVM, its network facts and the dev accounts.
 * Dev and test use only; never part of the library bundle.
 */
export { startSolanaRpc, maxRequestBytes } from './server.ts'
export type { SolanaRpcServer, StartSolanaRpcOptions } from './server.ts'
export { SolanaLedger, blockhashValidBlocks, faucetLamports, lamportsPerSignature } from './ledger.ts'
export type { LedgerEntry, SimulationResult, SolanaLedgerOptions, SubmitResult } from './ledger.ts'
export { handleSolanaRpc, solanaRpcMethods, SolanaRpcError, rpcErrorCodes } from './rpc.ts'
export type { JsonRpcResponse } from './rpc.ts'
export { describeTransactionError, toTransactionErrorJson } from './errors.ts'
export type { TransactionErrorJson } from './errors.ts'
export {
  SOLANA_DEFAULT_PORT,
  SOLANA_LOCALNET_CAIP_NETWORK_ID,
  SOLANA_LOCALNET_GENESIS_HASH,
  SOLANA_LOCALNET_REFERENCE,
  SOLANA_LOCALNET_STANDARD_CHAIN,
  solanaLocalnet,
  solanaLocalnetAt,
} from './network.ts'
export { DEV_SOLANA_ACCOUNT_COUNT, DEV_SOLANA_ACCOUNT_LAMPORTS, DEV_SOLANA_ADDRESSES, devSolanaKeypairs, devSolanaSeed } from './accounts.ts'
