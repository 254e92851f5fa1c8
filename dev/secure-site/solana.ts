/**
 * The embedded wallet's Solana side (spec §5 "Unsafe": Solana sign message / sign transaction / sign all
 * transactions / sign and send; §6: the auth connector exists on eip155 and solana only). Each user gets one ed25519
 * keypair, made here with web3.js on first use and kept in the database like the EVM key: no route answers it and the
 * frame page never sees it. The server signs messages and transactions for a valid session only, and sends signed
 * transactions to the configured Solana RPC (the dev stack's LiteSVM); a network not configured here is refused. Dev-only.
 *
 * RPC methods (the frame's APP_RPC_REQUEST with `chainId: 'solana:<reference>'`, `chainNamespace: 'solana'`):
 * - `solana_signMessage` `{ message: base58 bytes, pubkey }` → `{ signature: base58 }` (64-byte ed25519 of the bytes)
 * - `solana_signTransaction` `{ transaction: base64 wire }` → `{ signature: base58, transaction: base64 signed }`
 * - `solana_signAllTransactions` `{ transactions: base64[] }` → `{ transactions: base64[] }`
 * - `solana_signAndSendTransaction` `{ transaction: base64, sendOptions? }` → `{ signature: base58 }` (sent to the RPC)
 * - `solana_getAccounts` / `solana_requestAccounts` → `[{ pubkey }]`
 */
import { createPrivateKey, sign as nodeSign } from 'node:crypto'
import { Keypair, VersionedTransaction } from '@solana/web3.js'
import { base58Decode, base58Encode } from '../../adapters/solana.base58.ts'
import { BaseError } from '../../kernel/errors.ts'
import type { SecureDb } from './db.ts'

/** The table of the users' Solana keypairs (the 32-byte seed in hex, never sent anywhere). */
export const solanaSchema = `
create table if not exists solana_wallets (
  user_id integer primary key references users(id),
  address text not null unique,
  seed text not null
);
`

/** A Solana network the embedded wallet signs and sends on: its CAIP-2 id and RPC URL. */
export type SecureSolanaChain = { caipNetworkId: string; rpcUrl: string; name?: string }

/** What a new Solana wallet gets on each configured network (an airdrop), in lamports: 10 SOL. */
export const defaultSolanaFundLamports = 10_000_000_000

/** The refusals of the Solana methods (the frame passes them on as its error replies). */
export const solanaMessages = {
  invalidMessage: 'Invalid params: the message must be base58-encoded bytes',
  invalidTransaction: 'Invalid params: not a Solana transaction',
  notSigner: 'The transaction does not ask the embedded wallet to sign',
  tooMany: 'Invalid params: 1 to 16 transactions',
  wrongAccount: 'The address is not the embedded wallet’s',
} as const

/** A refusal: the message and its JSON-RPC / EIP-1193 code (the caller maps it to its own error type). */
export class SolanaWalletError extends BaseError {
  override name = 'SolanaWalletError'
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message)
  }
}

/** Options of {@link createSolanaWallets}. */
export type SolanaWalletsOptions = {
  db: SecureDb
  chains: readonly SecureSolanaChain[]
  /** Airdropped to a new wallet on every chain, in lamports; 0: none. Default {@link defaultSolanaFundLamports}. */
  fundLamports?: number
}

/**
 * The users' Solana wallets over the database and the configured networks.
 *
 * @example
 * const solana = createSolanaWallets({ db, chains: [{ caipNetworkId: 'solana:AK7z…', rpcUrl }] })
 * const { address } = await solana.walletOf(user.id)
 * await solana.rpc(user.id, { method: 'solana_signMessage', params: { message: base58('hi') }, chain })
 */
export function createSolanaWallets(options: SolanaWalletsOptions) {
  const { db } = options
  const fundLamports = options.fundLamports ?? defaultSolanaFundLamports

  /** The user's Solana address, the keypair made (and funded on every chain) on first use. */
  async function walletOf(userId: number): Promise<{ address: string }> {
    const { rows } = await db.query<{ address: string }>('select address from solana_wallets where user_id = $1', [userId])
    if (rows[0]) return { address: rows[0].address }
    const keypair = Keypair.generate()
    const address = keypair.publicKey.toBase58()
    const seed = Buffer.from(keypair.secretKey.subarray(0, 32)).toString('hex')
    const inserted = await db.query<{ address: string }>('insert into solana_wallets (user_id, address, seed) values ($1, $2, $3) on conflict (user_id) do nothing returning address', [userId, address, seed])
    if (!inserted.rows[0]) return walletOf(userId) // made by a concurrent first use
    if (fundLamports > 0) {
      await Promise.all(
        options.chains.map(async (chain) => {
          try {
            await solanaRpc(chain.rpcUrl, 'requestAirdrop', [address, fundLamports])
          } catch (error) {
            console.error(`  secure site: could not fund ${address} on ${chain.caipNetworkId}:`, error instanceof Error ? error.message : error)
          }
        }),
      )
    }
    return { address }
  }

  async function keypairOf(userId: number): Promise<Keypair> {
    await walletOf(userId)
    const { rows } = await db.query<{ seed: string }>('select seed from solana_wallets where user_id = $1', [userId])
    return Keypair.fromSeed(Uint8Array.from(Buffer.from(rows[0]!.seed, 'hex')))
  }

  /** The configured chain of a CAIP-2 id, or undefined (the caller refuses it). */
  const chainOf = (caipNetworkId: string): SecureSolanaChain | undefined => options.chains.find((c) => c.caipNetworkId === caipNetworkId)

  /**
   * Runs one Solana method for user `userId` on `chain` (see the module's list). The key never leaves this function.
   *
   * @throws SolanaWalletError -32602 (malformed message or transaction, a transaction the wallet is not asked to sign),
   *   4100 (another account's pubkey), the RPC's code and message when a send is refused (e.g. -32002 simulation failed).
   */
  async function rpc(userId: number, request: { method: string; params: unknown; chain: SecureSolanaChain }): Promise<unknown> {
    const params = (typeof request.params === 'object' && request.params !== null && !Array.isArray(request.params) ? request.params : {}) as Record<string, unknown>
    switch (request.method) {
      case 'solana_getAccounts':
      case 'solana_requestAccounts':
        return [{ pubkey: (await walletOf(userId)).address }]
      case 'solana_signMessage': {
        const keypair = await keypairOf(userId)
        if (params.pubkey !== undefined && params.pubkey !== keypair.publicKey.toBase58()) throw new SolanaWalletError(solanaMessages.wrongAccount, 4100)
        const bytes = decodeMessage(params.message)
        return { signature: base58Encode(ed25519Sign(bytes, keypair.secretKey)) }
      }
      case 'solana_signTransaction': {
        const keypair = await keypairOf(userId)
        const signed = signWire(keypair, params.transaction)
        return { signature: base58Encode(signed.signatures[signerIndex(signed, keypair)]!), transaction: Buffer.from(signed.serialize()).toString('base64') }
      }
      case 'solana_signAllTransactions': {
        const list = params.transactions
        if (!Array.isArray(list) || list.length === 0 || list.length > 16) throw new SolanaWalletError(solanaMessages.tooMany, -32602)
        const keypair = await keypairOf(userId)
        return { transactions: list.map((wire) => Buffer.from(signWire(keypair, wire).serialize()).toString('base64')) }
      }
      case 'solana_signAndSendTransaction': {
        const keypair = await keypairOf(userId)
        const signed = signWire(keypair, params.transaction)
        const sendOptions = pickSendOptions(params.sendOptions ?? params.options)
        const signature = await solanaRpc(request.chain.rpcUrl, 'sendTransaction', [Buffer.from(signed.serialize()).toString('base64'), { encoding: 'base64', preflightCommitment: 'confirmed', ...sendOptions }])
        return { signature }
      }
      default:
        throw new SolanaWalletError('Requested RPC call is not allowed', 4100)
    }
  }

  return { walletOf, rpc, chainOf }
}

/** A message to sign: base58 of 1..65536 bytes (a string that is not base58 is refused, not signed as text). */
function decodeMessage(value: unknown): Uint8Array {
  if (typeof value !== 'string' || value.length === 0 || value.length > 90_000) throw new SolanaWalletError(solanaMessages.invalidMessage, -32602)
  try {
    const bytes = base58Decode(value)
    if (bytes.length > 0 && bytes.length <= 65_536) return bytes
  } catch {
    // Not base58: refused below.
  }
  throw new SolanaWalletError(solanaMessages.invalidMessage, -32602)
}

/** Parses a base64 wire transaction (legacy or v0). @throws SolanaWalletError -32602 when it is not one. */
export function parseWireTransaction(value: unknown): VersionedTransaction {
  if (typeof value !== 'string' || value.length === 0 || value.length > 4096 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) {
    throw new SolanaWalletError(solanaMessages.invalidTransaction, -32602)
  }
  try {
    const bytes = Uint8Array.from(Buffer.from(value, 'base64'))
    const tx = VersionedTransaction.deserialize(bytes)
    // A parse that does not give back the same bytes read past garbage.
    if (Buffer.compare(Buffer.from(tx.serialize()), Buffer.from(bytes)) === 0) return tx
  } catch {
    // Not a transaction: refused below.
  }
  throw new SolanaWalletError(solanaMessages.invalidTransaction, -32602)
}

function signerIndex(tx: VersionedTransaction, keypair: Keypair): number {
  const signers = tx.message.staticAccountKeys.slice(0, tx.message.header.numRequiredSignatures)
  return signers.findIndex((key) => key.equals(keypair.publicKey))
}

/** Signs a wire transaction where it names the wallet among its required signers. */
function signWire(keypair: Keypair, wire: unknown): VersionedTransaction {
  const tx = parseWireTransaction(wire)
  if (signerIndex(tx, keypair) < 0) throw new SolanaWalletError(solanaMessages.notSigner, -32602)
  tx.sign([keypair])
  return tx
}

/** Ed25519 detached signature with node:crypto from web3.js's 64-byte secret key (seed ‖ public key). */
function ed25519Sign(message: Uint8Array, secretKey: Uint8Array): Uint8Array {
  const key = createPrivateKey({
    key: { kty: 'OKP', crv: 'Ed25519', d: Buffer.from(secretKey.subarray(0, 32)).toString('base64url'), x: Buffer.from(secretKey.subarray(32)).toString('base64url') },
    format: 'jwk',
  })
  return new Uint8Array(nodeSign(null, message, key))
}

function pickSendOptions(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return {}
  const o = value as Record<string, unknown>
  return {
    ...(typeof o.skipPreflight === 'boolean' ? { skipPreflight: o.skipPreflight } : {}),
    ...(o.preflightCommitment === 'processed' || o.preflightCommitment === 'confirmed' || o.preflightCommitment === 'finalized' ? { preflightCommitment: o.preflightCommitment } : {}),
    ...(Number.isSafeInteger(o.maxRetries) && (o.maxRetries as number) >= 0 ? { maxRetries: o.maxRetries } : {}),
    ...(Number.isSafeInteger(o.minContextSlot) && (o.minContextSlot as number) >= 0 ? { minContextSlot: o.minContextSlot } : {}),
  }
}

let rpcId = 0
/** One JSON-RPC call to a Solana RPC; throws SolanaWalletError with the node's message and code on an error answer. */
async function solanaRpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }) })
  const body = (await response.json()) as { result?: unknown; error?: { message?: string; code?: number } }
  if (body.error) throw new SolanaWalletError(body.error.message ?? 'RPC error', body.error.code ?? -32603)
  return body.result
}

/** Whether a CAIP-2 id names a Solana network (`solana:<reference>`). */
export const isSolanaChainId = (value: unknown): value is string => typeof value === 'string' && /^solana:[1-9A-HJ-NP-Za-km-z]{1,64}$/.test(value)
