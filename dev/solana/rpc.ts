/**
 * The Solana JSON-RPC methods over a {@link SolanaLedger}, answered the way a real node answers them (the shapes
 * `@solana/web3.js`'s `Connection` checks with its schemas). Transport-free: `server.ts` feeds it parsed JSON.
 * Dev-only.
 */
import { PublicKey, SystemInstruction, SystemProgram, VersionedMessage, VersionedTransaction } from '@solana/web3.js'
import type { MessageCompiledInstruction } from '@solana/web3.js'
import { base58Decode, base58Encode, isSolanaAddress } from '../../adapters/solana.base58.ts'
import { describeTransactionError } from './errors.ts'
import type { LedgerEntry, SolanaLedger } from './ledger.ts'
import { lamportsPerSignature } from './ledger.ts'
import { SOLANA_LOCALNET_GENESIS_HASH } from './network.ts'
import { BaseError } from '../../kernel/errors.ts'

/** The `solana-core` version the server reports: the runtime is LiteSVM 1.5's, built on the Agave 4.3 crates. */
export const solanaCoreVersion = '4.3.0'
/** Largest wire transaction a node accepts (the packet size less headers), bytes. */
export const maxTransactionBytes = 1232
/** The most signatures `getSignatureStatuses` takes at once, and the default/maximum `getSignaturesForAddress` limit. */
export const maxSignatureQueries = 256
export const maxSignaturesForAddress = 1000

/** A JSON-RPC error with the code a real node uses. */
export class SolanaRpcError extends BaseError {
  override name = 'SolanaRpcError'
  code: number
  data: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
}

/** JSON-RPC error codes used here (the Solana ones are the node's `JSON_RPC_SERVER_ERROR_*`). */
export const rpcErrorCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** Preflight simulation failed. */
  sendTransactionPreflightFailure: -32002,
  /** Preflight signature verification failed. */
  transactionSignatureVerificationFailure: -32003,
  /** `getTransaction` of a v0 transaction without `maxSupportedTransactionVersion`. */
  unsupportedTransactionVersion: -32015,
  minContextSlotNotReached: -32016,
} as const

type Params = readonly unknown[]
type Method = (ledger: SolanaLedger, params: Params) => unknown

const invalidParams = (detail: string): SolanaRpcError => new SolanaRpcError(rpcErrorCodes.invalidParams, `Invalid params: ${detail}`)

/** The config object at `params[index]` (absent → `{}`); checks `minContextSlot` against the ledger. */
function config(ledger: SolanaLedger, params: Params, index: number): Record<string, unknown> {
  const value = params[index]
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams(`expected a config object at position ${index}`)
  const c = value as Record<string, unknown>
  if (c.minContextSlot !== undefined) {
    if (!Number.isSafeInteger(c.minContextSlot)) throw invalidParams('minContextSlot must be an integer')
    if ((c.minContextSlot as number) > ledger.slot) {
      throw new SolanaRpcError(rpcErrorCodes.minContextSlotNotReached, 'Minimum context slot has not been reached', { contextSlot: ledger.slot })
    }
  }
  return c
}

function withContext(ledger: SolanaLedger, value: unknown): { context: { apiVersion: string; slot: number }; value: unknown } {
  return { context: { apiVersion: solanaCoreVersion, slot: ledger.slot }, value }
}

function address(value: unknown): PublicKey {
  if (!isSolanaAddress(value)) throw invalidParams(`Invalid param: Invalid address ${JSON.stringify(value)}`)
  return new PublicKey(value)
}

function signature(value: unknown): string {
  if (typeof value !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(value) || base58Decode(value).length !== 64) {
    throw invalidParams(`Invalid param: Invalid signature ${JSON.stringify(value)}`)
  }
  return value
}

function bytesOf(text: unknown, encoding: unknown, what: string): Uint8Array {
  if (typeof text !== 'string') throw invalidParams(`${what} must be a string`)
  if (encoding === 'base64') {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) throw invalidParams(`invalid base64 encoding of the ${what}`)
    return new Uint8Array(Buffer.from(text, 'base64'))
  }
  if (encoding === undefined || encoding === 'base58') {
    try {
      return base58Decode(text)
    } catch {
      throw invalidParams(`invalid base58 encoding of the ${what}`)
    }
  }
  throw invalidParams(`unsupported encoding ${JSON.stringify(encoding)}: use base58 or base64`)
}

/** A wire transaction (base58 by default, like a node) as a web3.js `VersionedTransaction` (legacy or v0). */
function decodeTransaction(params: Params, c: Record<string, unknown>): VersionedTransaction {
  const bytes = bytesOf(params[0], c.encoding, 'transaction')
  if (bytes.length > maxTransactionBytes) {
    throw invalidParams(`transaction too large: ${bytes.length} bytes (max: ${maxTransactionBytes} bytes)`)
  }
  let transaction: VersionedTransaction
  try {
    transaction = VersionedTransaction.deserialize(bytes)
  } catch (error) {
    throw invalidParams(`failed to deserialize the transaction: ${error instanceof Error ? error.message : String(error)}`)
  }
  const { header, staticAccountKeys } = transaction.message
  if (transaction.signatures.length !== header.numRequiredSignatures || staticAccountKeys.length < header.numRequiredSignatures) {
    throw invalidParams('failed to deserialize the transaction: signature count does not match the message header')
  }
  return transaction
}

function accountJson(account: NonNullable<ReturnType<SolanaLedger['getAccount']>>, encoding: unknown): Record<string, unknown> {
  const data = account.data
  const encoded = encoding === 'base58' ? [base58Encode(data), 'base58'] : [Buffer.from(data).toString('base64'), 'base64']
  return {
    data: encoded,
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: account.owner.toBase58(),
    rentEpoch: Number(account.rentEpoch),
    space: data.length,
  }
}

function statusJson(entry: LedgerEntry): Record<string, unknown> {
  return {
    slot: entry.slot,
    confirmations: null,
    err: entry.err,
    confirmationStatus: 'finalized',
    status: entry.err === null ? { Ok: null } : { Err: entry.err },
  }
}

/** `getTransaction`'s answer for one entry, in `json`, `jsonParsed`, `base64` or `base58` encoding. */
function transactionJson(entry: LedgerEntry, encoding: string): Record<string, unknown> {
  const { transaction } = entry
  const message = transaction.message
  const version = message.version
  const keys = message.staticAccountKeys.map((k) => k.toBase58())
  const meta = {
    err: entry.err,
    status: entry.err === null ? { Ok: null } : { Err: entry.err },
    fee: entry.fee,
    preBalances: entry.preBalances,
    postBalances: entry.postBalances,
    innerInstructions: [],
    logMessages: entry.logs,
    preTokenBalances: entry.preTokenBalances,
    postTokenBalances: entry.postTokenBalances,
    rewards: [],
    loadedAddresses: { writable: [], readonly: [] },
    computeUnitsConsumed: entry.computeUnitsConsumed,
  }
  const base = { slot: entry.slot, blockTime: entry.blockTime, version }
  if (encoding === 'base64' || encoding === 'base58') {
    const wire = transaction.serialize()
    const text = encoding === 'base64' ? Buffer.from(wire).toString('base64') : base58Encode(wire)
    return { ...base, transaction: [text, encoding], meta }
  }
  const signatures = transaction.signatures.map((s) => base58Encode(s))
  const lookups = version === 0 ? { addressTableLookups: message.addressTableLookups.map((l) => ({ accountKey: l.accountKey.toBase58(), writableIndexes: l.writableIndexes, readonlyIndexes: l.readonlyIndexes })) } : {}
  if (encoding === 'jsonParsed') {
    return {
      ...base,
      transaction: {
        signatures,
        message: {
          accountKeys: keys.map((pubkey, i) => ({ pubkey, signer: message.isAccountSigner(i), writable: message.isAccountWritable(i), source: 'transaction' })),
          instructions: message.compiledInstructions.map((ix) => parsedInstruction(ix, keys)),
          recentBlockhash: message.recentBlockhash,
          ...lookups,
        },
      },
      meta,
    }
  }
  return {
    ...base,
    transaction: {
      signatures,
      message: {
        accountKeys: keys,
        header: message.header,
        instructions: message.compiledInstructions.map((ix) => ({
          programIdIndex: ix.programIdIndex,
          accounts: ix.accountKeyIndexes,
          data: base58Encode(ix.data),
          stackHeight: null,
        })),
        recentBlockhash: message.recentBlockhash,
        ...lookups,
      },
    },
    meta,
  }
}

/** A System program transfer or account creation as `jsonParsed` shows it; any other instruction raw. */
function parsedInstruction(ix: MessageCompiledInstruction, keys: readonly string[]): Record<string, unknown> {
  const programId = keys[ix.programIdIndex] ?? ''
  const accounts = ix.accountKeyIndexes.map((i) => keys[i] ?? '')
  const raw = { programId, accounts, data: base58Encode(ix.data), stackHeight: null }
  if (programId !== SystemProgram.programId.toBase58()) return raw
  try {
    const instruction = {
      programId: SystemProgram.programId,
      keys: accounts.map((a) => ({ pubkey: new PublicKey(a), isSigner: false, isWritable: false })),
      data: Buffer.from(ix.data),
    }
    const type = SystemInstruction.decodeInstructionType(instruction)
    if (type === 'Transfer') {
      const t = SystemInstruction.decodeTransfer(instruction)
      return { program: 'system', programId, parsed: { type: 'transfer', info: { source: t.fromPubkey.toBase58(), destination: t.toPubkey.toBase58(), lamports: Number(t.lamports) } }, stackHeight: null }
    }
    if (type === 'Create') {
      const c = SystemInstruction.decodeCreateAccount(instruction)
      return {
        program: 'system',
        programId,
        parsed: { type: 'createAccount', info: { source: c.fromPubkey.toBase58(), newAccount: c.newAccountPubkey.toBase58(), lamports: c.lamports, space: c.space, owner: c.programId.toBase58() } },
        stackHeight: null,
      }
    }
  } catch {
    // Not a well-formed System instruction: shown raw, like a node does.
  }
  return raw
}

/** The preflight failure a node answers: -32002 'Transaction simulation failed: <the runtime's sentence>'. */
function preflightFailure(err: NonNullable<LedgerEntry['err']>, logs: string[], unitsConsumed: number): SolanaRpcError {
  return new SolanaRpcError(rpcErrorCodes.sendTransactionPreflightFailure, `Transaction simulation failed: ${describeTransactionError(err)}`, {
    accounts: null,
    err,
    innerInstructions: null,
    logs,
    replacementBlockhash: null,
    returnData: null,
    unitsConsumed,
  })
}

/** Every method the server answers, by name. */
export const solanaRpcMethods: Record<string, Method> = {
  getHealth: () => 'ok',
  getVersion: () => ({ 'solana-core': solanaCoreVersion, 'feature-set': 0 }),
  getGenesisHash: () => SOLANA_LOCALNET_GENESIS_HASH,
  getSlot: (ledger, params) => (config(ledger, params, 0), ledger.slot),
  getBlockHeight: (ledger, params) => (config(ledger, params, 0), ledger.slot),
  getTransactionCount: (ledger, params) => (config(ledger, params, 0), ledger.transactionCount),
  getEpochInfo: (ledger, params) => {
    config(ledger, params, 0)
    return { absoluteSlot: ledger.slot, blockHeight: ledger.slot, epoch: 0, slotIndex: ledger.slot, slotsInEpoch: 432_000, transactionCount: ledger.transactionCount }
  },
  getRecentPrioritizationFees: () => [],

  getLatestBlockhash: (ledger, params) => (config(ledger, params, 0), withContext(ledger, ledger.latestBlockhash())),

  isBlockhashValid: (ledger, params) => {
    config(ledger, params, 1)
    if (typeof params[0] !== 'string') throw invalidParams('expected a blockhash')
    return withContext(ledger, ledger.isBlockhashValid(params[0]))
  },

  getBalance: (ledger, params) => {
    const key = address(params[0])
    config(ledger, params, 1)
    return withContext(ledger, Number(ledger.getBalance(key)))
  },

  getAccountInfo: (ledger, params) => {
    const key = address(params[0])
    const c = config(ledger, params, 1)
    const account = ledger.getAccount(key)
    return withContext(ledger, account ? accountJson(account, c.encoding) : null)
  },

  getMultipleAccounts: (ledger, params) => {
    if (!Array.isArray(params[0]) || params[0].length > 100) throw invalidParams('expected an array of at most 100 addresses')
    const keys = params[0].map(address)
    const c = config(ledger, params, 1)
    return withContext(
      ledger,
      keys.map((key) => {
        const account = ledger.getAccount(key)
        return account ? accountJson(account, c.encoding) : null
      }),
    )
  },

  getMinimumBalanceForRentExemption: (ledger, params) => {
    const length = params[0]
    if (!Number.isSafeInteger(length) || (length as number) < 0 || (length as number) > 10 * 1024 * 1024) {
      throw invalidParams('expected the account data length in bytes (0..10 MiB)')
    }
    config(ledger, params, 1)
    return Number(ledger.minimumBalanceForRentExemption(length as number))
  },

  getFeeForMessage: (ledger, params) => {
    config(ledger, params, 1)
    const bytes = bytesOf(params[0], 'base64', 'message')
    let message: VersionedMessage
    try {
      message = VersionedMessage.deserialize(bytes)
    } catch (error) {
      throw invalidParams(`failed to deserialize the message: ${error instanceof Error ? error.message : String(error)}`)
    }
    const fee = ledger.isBlockhashValid(message.recentBlockhash) ? lamportsPerSignature * message.header.numRequiredSignatures : null
    return withContext(ledger, fee)
  },

  sendTransaction: (ledger, params) => {
    const c = config(ledger, params, 1)
    const transaction = decodeTransaction(params, c)
    if (c.skipPreflight !== true) {
      const preflight = ledger.simulate(transaction, { sigVerify: true })
      if (preflight.err === 'SignatureFailure') {
        throw new SolanaRpcError(rpcErrorCodes.transactionSignatureVerificationFailure, 'Transaction signature verification failure')
      }
      if (preflight.err !== null) throw preflightFailure(preflight.err, preflight.logs, preflight.unitsConsumed)
    }
    // With skipPreflight a transaction that cannot land is dropped, as a cluster drops it: the signature is
    // answered and its status stays null.
    const result = ledger.submit(transaction)
    return result.landed ? result.entry.signature : result.signature
  },

  simulateTransaction: (ledger, params) => {
    const c = config(ledger, params, 1)
    const transaction = decodeTransaction(params, c)
    if (c.sigVerify === true && c.replaceRecentBlockhash === true) throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
    const result = ledger.simulate(transaction, { sigVerify: c.sigVerify === true, replaceRecentBlockhash: c.replaceRecentBlockhash === true })
    return withContext(ledger, {
      err: result.err,
      logs: result.logs,
      accounts: null,
      unitsConsumed: result.unitsConsumed,
      returnData: null,
      innerInstructions: null,
      ...(result.replacementBlockhash ? { replacementBlockhash: { blockhash: result.replacementBlockhash, lastValidBlockHeight: ledger.latestBlockhash().lastValidBlockHeight } } : {}),
    })
  },

  requestAirdrop: (ledger, params) => {
    const key = address(params[0])
    const lamports = params[1]
    if (!Number.isSafeInteger(lamports) || (lamports as number) <= 0) throw invalidParams('expected a positive integer of lamports')
    config(ledger, params, 2)
    const result = ledger.airdrop(key, BigInt(lamports as number))
    if (!result.landed) throw new SolanaRpcError(rpcErrorCodes.internalError, `airdrop request failed: ${describeTransactionError(result.err)}`)
    if (result.entry.err !== null) {
      throw new SolanaRpcError(rpcErrorCodes.internalError, `airdrop request failed: ${describeTransactionError(result.entry.err)}`, { err: result.entry.err, logs: result.entry.logs })
    }
    return result.entry.signature
  },

  getSignatureStatuses: (ledger, params) => {
    if (!Array.isArray(params[0]) || params[0].length > maxSignatureQueries) {
      throw invalidParams(`expected an array of at most ${maxSignatureQueries} signatures`)
    }
    const signatures = params[0].map(signature)
    config(ledger, params, 1)
    return withContext(
      ledger,
      signatures.map((s) => {
        const entry = ledger.getEntry(s)
        return entry ? statusJson(entry) : null
      }),
    )
  },

  getSignaturesForAddress: (ledger, params) => {
    const key = address(params[0])
    const c = config(ledger, params, 1)
    const limit = c.limit ?? maxSignaturesForAddress
    if (!Number.isSafeInteger(limit) || (limit as number) < 1 || (limit as number) > maxSignaturesForAddress) {
      throw invalidParams(`limit must be an integer in 1..${maxSignaturesForAddress}`)
    }
    const before = c.before === undefined ? undefined : signature(c.before)
    const until = c.until === undefined ? undefined : signature(c.until)
    let entries = ledger.entriesFor(key.toBase58())
    if (before !== undefined) {
      const at = entries.findIndex((e) => e.signature === before)
      entries = at === -1 ? [] : entries.slice(at + 1)
    }
    if (until !== undefined) {
      const at = entries.findIndex((e) => e.signature === until)
      if (at !== -1) entries = entries.slice(0, at)
    }
    return entries.slice(0, limit as number).map((e) => ({
      signature: e.signature,
      slot: e.slot,
      err: e.err,
      memo: null,
      blockTime: e.blockTime,
      confirmationStatus: 'finalized',
    }))
  },

  getTransaction: (ledger, params) => {
    const sig = signature(params[0])
    // The second parameter may be the encoding itself (the older form) or a config object.
    const c = typeof params[1] === 'string' ? { encoding: params[1] } : config(ledger, params, 1)
    const encoding = c.encoding ?? 'json'
    if (typeof encoding !== 'string' || !['json', 'jsonParsed', 'base64', 'base58'].includes(encoding)) {
      throw invalidParams(`unsupported encoding ${JSON.stringify(encoding)}`)
    }
    const entry = ledger.getEntry(sig)
    if (!entry) return null
    const version = entry.transaction.message.version
    if (version !== 'legacy' && (c.maxSupportedTransactionVersion === undefined || (c.maxSupportedTransactionVersion as number) < version)) {
      throw new SolanaRpcError(
        rpcErrorCodes.unsupportedTransactionVersion,
        `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
      )
    }
    return transactionJson(entry, encoding)
  },
}

/** A JSON-RPC 2.0 response object. */
export type JsonRpcResponse = { jsonrpc: '2.0'; id: unknown; result: unknown } | { jsonrpc: '2.0'; id: unknown; error: { code: number; message: string; data?: unknown } }

const errorResponse = (id: unknown, code: number, message: string, data?: unknown): JsonRpcResponse => ({
  jsonrpc: '2.0',
  id,
  error: { code, message, ...(data === undefined ? {} : { data }) },
})

/**
 * Answers one parsed JSON-RPC message: a request object, or a batch (array) of them. Never throws: bad
 * requests get -32600, unknown methods -32601, bad params -32602, anything unexpected -32603.
 *
 * @returns the response (an array for a batch), or undefined when nothing is to be answered (only notifications).
 */
export function handleSolanaRpc(ledger: SolanaLedger, message: unknown): JsonRpcResponse | JsonRpcResponse[] | undefined {
  if (Array.isArray(message)) {
    if (message.length === 0) return errorResponse(null, rpcErrorCodes.invalidRequest, 'Invalid request: empty batch')
    const responses = message.map((m) => handleOne(ledger, m)).filter((r): r is JsonRpcResponse => r !== undefined)
    return responses.length ? responses : undefined
  }
  return handleOne(ledger, message)
}

function handleOne(ledger: SolanaLedger, request: unknown): JsonRpcResponse | undefined {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return errorResponse(null, rpcErrorCodes.invalidRequest, 'Invalid request')
  }
  const { jsonrpc, id, method, params } = request as Record<string, unknown>
  const replyId = typeof id === 'string' || typeof id === 'number' || id === null ? id : null
  if (jsonrpc !== '2.0' || typeof method !== 'string' || (id !== undefined && replyId === null && id !== null)) {
    return errorResponse(replyId, rpcErrorCodes.invalidRequest, 'Invalid request')
  }
  const handler = Object.hasOwn(solanaRpcMethods, method) ? solanaRpcMethods[method] : undefined
  let response: JsonRpcResponse
  if (!handler) {
    response = errorResponse(replyId, rpcErrorCodes.methodNotFound, 'Method not found')
  } else if (params !== undefined && !Array.isArray(params)) {
    response = errorResponse(replyId, rpcErrorCodes.invalidParams, 'Invalid params: expected an array of positional parameters')
  } else {
    try {
      response = { jsonrpc: '2.0', id: replyId, result: handler(ledger, params ?? []) }
    } catch (error) {
      response =
        error instanceof SolanaRpcError
          ? errorResponse(replyId, error.code, error.message, error.data)
          : errorResponse(replyId, rpcErrorCodes.internalError, `Internal error: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  // A request without an id is a notification: run, never answered.
  return id === undefined ? undefined : response
}
