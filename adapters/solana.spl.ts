import type { PublicKey, TransactionInstruction } from '@solana/web3.js'
import { loadSolanaWeb3 } from './solana.ts'

/*
 * SPL tokens on Solana (spec §4 Send and §1 Pay: "SOL / SPL tokens on solana"): the programs' ids, the byte layouts of a
 * mint and of a token account (the SPL Token program's, shared by Token-2022 for their first bytes), the associated
 * token account's address, and the two instructions a token transfer takes. Written here, from the programs' published
 * layouts, so that no SPL client package is needed; web3.js is loaded on first use like the rest of the adapter.
 */

/** The SPL Token program. */
export const splTokenProgramId = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
/** The SPL Token-2022 program (its mints and accounts begin with the same layout). */
export const splToken2022ProgramId = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
/** The Associated Token Account program. */
export const associatedTokenProgramId = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
/** The Metaplex Token Metadata program: a mint's name and symbol live in its metadata account. */
export const tokenMetadataProgramId = 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s'
/** Bytes of a token account (SPL Token): what its rent exemption is computed for. */
export const tokenAccountSize = 165
/** Bytes of a mint (SPL Token). */
export const mintSize = 82

/** Whether `owner` (base58) is one of the two SPL token programs. */
export const isTokenProgram = (owner: string): boolean => owner === splTokenProgramId || owner === splToken2022ProgramId

/**
 * The decimals of a mint from its account data (byte 44 of the layout: mint authority option, supply, decimals), or
 * undefined when the data is not an initialised mint (shorter than {@link mintSize}, or not initialised).
 */
export function mintDecimalsOf(data: Uint8Array): number | undefined {
  if (data.length < mintSize || data[45] !== 1) return undefined
  return data[44]
}

/** The amount (base units, u64 little-endian at byte 64) of a token account's data, or undefined when it is not one. */
export function tokenAmountOf(data: Uint8Array): bigint | undefined {
  if (data.length < tokenAccountSize) return undefined
  return new DataView(data.buffer, data.byteOffset + 64, 8).getBigUint64(0, true)
}

/**
 * The name and symbol of a Token Metadata account's data (key, update authority, mint, then the name and the symbol as
 * Borsh strings, their padding of NULs trimmed), or undefined when it does not hold them.
 */
export function tokenMetadataOf(data: Uint8Array): { name: string; symbol: string } | undefined {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  let at = 1 + 32 + 32
  const text = (limit: number) => {
    if (at + 4 > data.length) return undefined
    const length = view.getUint32(at, true)
    if (length > limit || at + 4 + length > data.length) return undefined
    const value = new TextDecoder()
      .decode(data.subarray(at + 4, at + 4 + length))
      .replace(/\0+$/, '')
      .trim()
    at += 4 + length
    return value
  }
  const name = text(64)
  const symbol = text(32)
  return name === undefined || !symbol ? undefined : { name, symbol }
}

/** The Token Metadata account of `mint` (the program-derived address of seeds 'metadata', the program, the mint). */
export async function tokenMetadataAddress(mint: string): Promise<string> {
  const { PublicKey } = await loadSolanaWeb3()
  const program = new PublicKey(tokenMetadataProgramId)
  return PublicKey.findProgramAddressSync([new TextEncoder().encode('metadata'), program.toBytes(), new PublicKey(mint).toBytes()], program)[0].toBase58()
}

/**
 * The associated token account of `owner` for `mint` under the token program `tokenProgram` (the program-derived
 * address of seeds owner, program, mint under the Associated Token Account program).
 * @example await associatedTokenAddress(owner, mint) // 'Ckx…' (base58)
 */
export async function associatedTokenAddress(owner: string, mint: string, tokenProgram = splTokenProgramId): Promise<string> {
  const { PublicKey } = await loadSolanaWeb3()
  const [address] = PublicKey.findProgramAddressSync([new PublicKey(owner).toBytes(), new PublicKey(tokenProgram).toBytes(), new PublicKey(mint).toBytes()], new PublicKey(associatedTokenProgramId))
  return address.toBase58()
}

/**
 * The instructions of a token transfer of `amount` base units of `mint` from `owner`'s associated account to
 * `recipient`'s: the Associated Token Account program's `CreateIdempotent` (the recipient's account made, paid by
 * `owner`, when it does not exist yet; nothing when it does) and the token program's `TransferChecked` (which checks
 * the mint and its `decimals`).
 */
export async function splTransferInstructions({
  owner,
  recipient,
  mint,
  amount,
  decimals,
  tokenProgram,
}: {
  owner: PublicKey
  recipient: PublicKey
  mint: PublicKey
  amount: bigint
  decimals: number
  tokenProgram: PublicKey
}): Promise<TransactionInstruction[]> {
  const { PublicKey, SystemProgram, TransactionInstruction } = await loadSolanaWeb3()
  const ataProgram = new PublicKey(associatedTokenProgramId)
  const ata = (who: PublicKey) => PublicKey.findProgramAddressSync([who.toBytes(), tokenProgram.toBytes(), mint.toBytes()], ataProgram)[0]
  const source = ata(owner)
  const destination = ata(recipient)
  const create = new TransactionInstruction({
    programId: ataProgram,
    keys: [
      { pubkey: owner, isSigner: true, isWritable: true },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: recipient, isSigner: false, isWritable: false },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
      { pubkey: tokenProgram, isSigner: false, isWritable: false },
    ],
    // 1: CreateIdempotent.
    data: Uint8Array.of(1) as never,
  })
  // 12: TransferChecked, then the amount (u64 LE) and the decimals (u8).
  const data = new Uint8Array(10)
  data[0] = 12
  new DataView(data.buffer).setBigUint64(1, amount, true)
  data[9] = decimals
  const transfer = new TransactionInstruction({
    programId: tokenProgram,
    keys: [
      { pubkey: source, isSigner: false, isWritable: true },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: true, isWritable: false },
    ],
    data: data as never,
  })
  return [create, transfer]
}
