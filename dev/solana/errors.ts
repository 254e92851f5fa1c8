/**
 * Solana runtime errors as a real node reports them: LiteSVM's error objects turned into the JSON of the
 * JSON-RPC API (`"AccountNotFound"`, `{ "InstructionError": [0, { "Custom": 1 }] }`, …). The runtime's English
 * sentence for each (the `Display` text real nodes put into preflight failure messages) lives in
 * `adapters/solana.errors.ts`, shared with the adapters. Dev-only.
 */
import { describeTransactionError } from '../../adapters/solana.errors.ts'
import type { SolanaTransactionErrorJson } from '../../adapters/solana.errors.ts'

/** A transaction error as JSON (the RPC's `err` field): a variant name, or `{ Variant: fields }`. */
export type TransactionErrorJson = SolanaTransactionErrorJson

/** The runtime's sentence for an error (shared with the adapters: `adapters/solana.errors.ts`). */
export { describeTransactionError }

/** LiteSVM's `TransactionErrorFieldless`, by numeric value (the order of litesvm 1.5's `internal.d.ts`, unchanged since 0.8). */
export const transactionErrorNames = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const

/** LiteSVM's `InstructionErrorFieldless`, by numeric value. */
export const instructionErrorNames = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const

/** Whether a value is an object with a getter or field `key` (LiteSVM's error objects expose getters). */
const has = (value: object, key: string): boolean => key in value

/**
 * Turns LiteSVM's error (`FailedTransactionMetadata.err()`: a number of `TransactionErrorFieldless`, or an
 * object of one of its `TransactionError*` classes) into the RPC's JSON. Never throws: anything unknown becomes
 * `{ "Unknown": "<text>" }`.
 */
export function toTransactionErrorJson(error: unknown): TransactionErrorJson {
  if (typeof error === 'number') return transactionErrorNames[error] ?? { Unknown: error }
  if (typeof error !== 'object' || error === null) return { Unknown: String(error) }
  const e = error as Record<string, unknown>
  const kind = (error as { constructor?: { name?: string } }).constructor?.name ?? ''
  if (typeof e.err === 'function' && has(error, 'index')) {
    return { InstructionError: [Number(e.index), toInstructionErrorJson((e.err as () => unknown).call(error))] }
  }
  if (kind.includes('DuplicateInstruction')) return { DuplicateInstruction: Number(e.index) }
  if (kind.includes('InsufficientFundsForRent')) return { InsufficientFundsForRent: { account_index: Number(e.accountIndex) } }
  if (kind.includes('ProgramExecutionTemporarilyRestricted')) {
    return { ProgramExecutionTemporarilyRestricted: { account_index: Number(e.accountIndex) } }
  }
  return { Unknown: safeText(error) }
}

function toInstructionErrorJson(error: unknown): unknown {
  if (typeof error === 'number') return instructionErrorNames[error] ?? { Unknown: error }
  if (typeof error !== 'object' || error === null) return { Unknown: String(error) }
  const e = error as Record<string, unknown>
  if (typeof e.code === 'number') return { Custom: e.code }
  if (typeof e.msg === 'string') return { BorshIoError: e.msg }
  return { Unknown: safeText(error) }
}

function safeText(value: unknown): string {
  try {
    return String(value)
  } catch {
    return typeof value
  }
}
