/**
 * Solana errors for the adapters (spec §8: a failure reaches the visitor in plain words): the runtime's own
 * English sentence for each transaction error the JSON-RPC API reports (`"AccountNotFound"`,
 * `{ "InstructionError": [0, { "Custom": 1 }] }`, …), the System program's errors, the error class a runtime
 * failure becomes, and the mapping of what Solana wallets throw to the typed errors of errors.ts.
 * No `@solana/web3.js` here: this file is part of the namespace's eager code.
 */
import { BaseError, ProviderRpcError, toProviderError, UserRejectedRequestError } from './errors.ts'

/** A transaction error as the JSON-RPC API reports it (`err`): a variant name, or `{ Variant: fields }`. */
export type SolanaTransactionErrorJson = string | { [variant: string]: unknown }

/** The runtime's sentence per `TransactionError` variant without fields. */
export const transactionErrorText: Readonly<Record<string, string>> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  CallChainTooDeep: 'Loader call chain is too deep',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  InvalidAccountIndex: 'Transaction contains an invalid account reference',
  SignatureFailure: 'Transaction did not pass signature verification',
  InvalidProgramForExecution: 'This program may not be used for executing instructions',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  ClusterMaintenance: 'Transactions are currently disabled due to cluster maintenance',
  AccountBorrowOutstanding: 'Transaction processing left an account with an outstanding borrowed reference',
  WouldExceedMaxBlockCostLimit: 'Transaction would exceed max Block Cost Limit',
  UnsupportedVersion: 'Transaction version is unsupported',
  InvalidWritableAccount: 'Transaction loads a writable account that cannot be written',
  WouldExceedMaxAccountCostLimit: 'Transaction would exceed max account limit within the block',
  WouldExceedAccountDataBlockLimit: 'Transaction would exceed account data limit within the block',
  TooManyAccountLocks: 'Transaction locked too many accounts',
  AddressLookupTableNotFound: "Transaction loads an address table account that doesn't exist",
  InvalidAddressLookupTableOwner: 'Transaction loads an address table account with an invalid owner',
  InvalidAddressLookupTableData: 'Transaction loads an address table account with invalid data',
  InvalidAddressLookupTableIndex: 'Transaction address table lookup uses an invalid index',
  InvalidRentPayingAccount: 'Transaction leaves an account with a lower balance than rent-exempt minimum',
  WouldExceedMaxVoteCostLimit: 'Transaction would exceed max Vote Cost Limit',
  WouldExceedAccountDataTotalLimit: 'Transaction would exceed total account data limit',
  MaxLoadedAccountsDataSizeExceeded: 'Transaction exceeded max loaded accounts data size cap',
  ResanitizationNeeded: 'ResanitizationNeeded',
  InvalidLoadedAccountsDataSizeLimit: 'LoadedAccountsDataSizeLimit set for transaction must be greater than 0.',
  UnbalancedTransaction: 'Sum of account balances before and after transaction do not match',
  ProgramCacheHitMaxLimit: 'Program cache hit max limit',
  CommitCancelled: 'CommitCancelled',
}

/** The runtime's sentence per `InstructionError` variant without fields. */
export const instructionErrorText: Readonly<Record<string, string>> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  UnbalancedInstruction: 'sum of account balances before and after instruction do not match',
  ModifiedProgramId: 'instruction illegally modified the program id of an account',
  ExternalAccountLamportSpend: 'instruction spent from the balance of an account it does not own',
  ExternalAccountDataModified: 'instruction modified data of an account it does not own',
  ReadonlyLamportChange: 'instruction changed the balance of a read-only account',
  ReadonlyDataModified: 'instruction modified data of a read-only account',
  DuplicateAccountIndex: 'instruction contains duplicate accounts',
  ExecutableModified: 'instruction changed executable bit of an account',
  RentEpochModified: 'instruction modified rent epoch of an account',
  NotEnoughAccountKeys: 'insufficient account keys for instruction',
  AccountDataSizeChanged: "program other than the account's owner changed the size of the account data",
  AccountNotExecutable: 'instruction expected an executable account',
  AccountBorrowFailed: 'instruction tries to borrow reference for an account which is already borrowed',
  AccountBorrowOutstanding: 'instruction left account with an outstanding borrowed reference',
  DuplicateAccountOutOfSync: 'instruction modifications of multiply-passed account differ',
  InvalidError: 'program returned invalid error code',
  ExecutableDataModified: 'instruction changed executable accounts data',
  ExecutableLamportChange: 'instruction changed the balance of an executable account',
  ExecutableAccountNotRentExempt: 'executable accounts must be rent exempt',
  UnsupportedProgramId: 'Unsupported program id',
  CallDepth: 'Cross-program invocation call depth too deep',
  MissingAccount: 'An account required by the instruction is missing',
  ReentrancyNotAllowed: 'Cross-program invocation reentrancy not allowed for this instruction',
  MaxSeedLengthExceeded: 'Length of the seed is too long for address generation',
  InvalidSeeds: 'Provided seeds do not result in a valid address',
  InvalidRealloc: 'Failed to reallocate account data',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
  PrivilegeEscalation: 'Cross-program invocation with unauthorized signer or writable account',
  ProgramEnvironmentSetupFailure: 'Failed to create program execution environment',
  ProgramFailedToComplete: 'Program failed to complete',
  ProgramFailedToCompile: 'Program failed to compile',
  Immutable: 'Account is immutable',
  IncorrectAuthority: 'Incorrect authority provided',
  AccountNotRentExempt: 'An account does not have enough lamports to be rent-exempt',
  InvalidAccountOwner: 'Invalid account owner',
  ArithmeticOverflow: 'Program arithmetic overflowed',
  UnsupportedSysvar: 'Unsupported sysvar',
  IllegalOwner: 'Provided owner is not allowed',
  MaxAccountsDataAllocationsExceeded: 'Accounts data allocations exceeded the maximum allowed per transaction',
  MaxAccountsExceeded: 'Max accounts exceeded',
  MaxInstructionTraceLengthExceeded: 'Max instruction trace length exceeded',
  BuiltinProgramsMustConsumeComputeUnits: 'Builtin programs must consume compute units',
}

/**
 * The runtime's English sentence for a transaction error (what a real node's preflight message says after
 * 'Transaction simulation failed: '), e.g. 'Attempt to debit an account but found no record of a prior credit.',
 * 'Transaction results in an account (1) with insufficient funds for rent',
 * 'Error processing Instruction 0: custom program error: 0x1'.
 */
export function describeTransactionError(error: SolanaTransactionErrorJson): string {
  if (typeof error === 'string') return transactionErrorText[error] ?? error
  const [variant, fields] = Object.entries(error)[0] ?? ['Unknown', undefined]
  switch (variant) {
    case 'InstructionError': {
      const [index, inner] = fields as [number, unknown]
      return `Error processing Instruction ${index}: ${describeInstructionError(inner)}`
    }
    case 'DuplicateInstruction':
      return `Transaction contains a duplicate instruction (${String(fields)}) that is not allowed`
    case 'InsufficientFundsForRent':
      return `Transaction results in an account (${(fields as { account_index: number }).account_index}) with insufficient funds for rent`
    case 'ProgramExecutionTemporarilyRestricted':
      return `Execution of the program referenced by account at index ${(fields as { account_index: number }).account_index} is temporarily restricted.`
    default:
      return `${variant}: ${JSON.stringify(fields)}`
  }
}

function describeInstructionError(error: unknown): string {
  if (typeof error === 'string') return instructionErrorText[error] ?? error
  if (typeof error === 'object' && error !== null) {
    const e = error as { Custom?: unknown; BorshIoError?: unknown }
    if (typeof e.Custom === 'number') return `custom program error: 0x${e.Custom.toString(16)}`
    if (typeof e.BorshIoError === 'string') return `Failed to serialize or deserialize account data: ${e.BorshIoError}`
  }
  return JSON.stringify(error)
}

/** The System program's custom errors (`SystemError`), by code: what a failed transfer or account creation says. */
export const systemErrorText: readonly string[] = [
  'an account with the same address already exists',
  'account does not have enough SOL to perform the operation',
  'cannot assign account to this program id',
  'cannot allocate account data of this length',
  'length of requested seed is too long',
  'provided address does not match addressed derived from seed',
  'advancing stored nonce requires a populated RecentBlockhashes sysvar',
  'stored nonce is still in recent_blockhashes',
  'specified nonce does not match stored nonce',
]

const systemProgram = '11111111111111111111111111111111'

/**
 * A node's or wallet's failure message in plain words: the 'Transaction simulation failed: ' prefix dropped, and
 * a System program custom error spelled out from `logs` ('custom program error: 0x1' → 'account does not have
 * enough SOL to perform the operation').
 *
 * @example plainTransactionMessage('Transaction simulation failed: Attempt to debit an account but found no record of a prior credit.')
 * // 'Attempt to debit an account but found no record of a prior credit.'
 */
export function plainTransactionMessage(message: string, logs: readonly string[] = []): string {
  let text = message.replace(/^(?:Simulation failed\.\s*Message:\s*)?Transaction simulation failed:\s*/i, '').trim()
  const custom = /custom program error: 0x([0-9a-f]+)/i.exec(text)
  if (custom?.[1] && logs.some((line) => line.startsWith(`Program ${systemProgram} failed`))) {
    const sentence = systemErrorText[Number.parseInt(custom[1], 16)]
    if (sentence) text = text.replace(custom[0], sentence)
  }
  return text
}

/**
 * The Solana runtime refused or failed the transaction (spec §8, in plain words): `shortMessage` is the runtime's
 * sentence ('Transaction results in an account (1) with insufficient funds for rent', 'Attempt to debit an account
 * but found no record of a prior credit.'), `details` the last program logs.
 */
export class SolanaTransactionError extends BaseError {
  static override docsPath = '/errors/SolanaTransactionError'
  override name = 'SolanaTransactionError'
  /** The runtime's error as JSON, when known (a simulation or a status); undefined when only a message came back. */
  transactionError: SolanaTransactionErrorJson | undefined
  /** The program logs of the failed run (may be empty). */
  logs: readonly string[]
  constructor(args: { message: string; transactionError?: SolanaTransactionErrorJson | undefined; logs?: readonly string[]; cause?: unknown }) {
    const logs = args.logs ?? []
    super(plainTransactionMessage(args.message, logs), { cause: args.cause, details: logs.slice(-5).join('\n') })
    this.transactionError = args.transactionError
    this.logs = logs
  }
}

/** Words a failed transaction's message carries, from a node or a wallet passing the node's message on. */
const runtimeFailure = /Transaction simulation failed|insufficient funds|insufficient lamports|no record of a prior credit|Blockhash not found|custom program error|already been processed|Error processing Instruction/i
/** What wallets that throw without an EIP-1193 code say when the user declines. */
const rejectionWords = /user rejected|rejected the request|user denied|denied by the user|user declined|user cancel|request was cancelled/i

/**
 * Maps what a Solana wallet (Wallet Standard feature) throws to a typed error: a rejection (code 4001, or the
 * usual words without a code) is `UserRejectedRequestError`; a failed transaction the wallet passes on from the
 * node (-32002 'Transaction simulation failed: …', with `data.logs`) is a {@link SolanaTransactionError}; anything
 * else goes through `toProviderError`. Never throws.
 */
export function toSolanaWalletError(error: unknown): BaseError {
  if (error instanceof BaseError) return error
  // web3.js SendTransactionError (the app sent it itself): the node's message without web3.js's wrapping.
  const transactionMessage = (error as { transactionMessage?: unknown } | null)?.transactionMessage
  if (typeof transactionMessage === 'string') return new SolanaTransactionError({ message: transactionMessage, logs: logsOf(error), cause: error })
  const mapped = toProviderError(error)
  if (mapped instanceof UserRejectedRequestError) return mapped
  const message = mapped.details || mapped.shortMessage
  const code = mapped instanceof ProviderRpcError ? mapped.code : undefined
  if (code === undefined && rejectionWords.test(message)) return new UserRejectedRequestError({ cause: error, details: message })
  if (runtimeFailure.test(message)) return new SolanaTransactionError({ message, logs: logsOf(error), cause: error })
  return mapped
}

/** `data.logs` (a node's or wallet's error), `logs` or `transactionLogs` (web3.js `SendTransactionError`) when a string array. */
export function logsOf(error: unknown): string[] {
  if (typeof error !== 'object' || error === null) return []
  const e = error as { data?: { logs?: unknown }; logs?: unknown; transactionLogs?: unknown }
  for (const candidate of [e.data?.logs, e.transactionLogs, e.logs]) {
    if (Array.isArray(candidate) && candidate.every((line) => typeof line === 'string')) return candidate
  }
  return []
}
