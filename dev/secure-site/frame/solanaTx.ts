/**
 * Reads a Solana wire transaction for the frame's approval UI: the fee payer, and each instruction's
 * program with System Program transfers decoded (recipient and lamports). Browser-safe and small (no web3.js in the
 * frame page). What the approval shows is only a description: the server signs the bytes it is given.
 */
import { base58Encode } from '../../../adapters/solana.base58.ts'
import { formatAmount } from '../../../machines/format.ts'

/** The System Program's id. */
export const SYSTEM_PROGRAM = '11111111111111111111111111111111'

/** One instruction as the approval shows it. */
export type DescribedInstruction = { kind: 'transfer'; from: string; to: string; lamports: bigint } | { kind: 'other'; programId: string; dataLength: number }

/** A decoded transaction: its version, fee payer and instructions. */
export type DescribedTransaction = { version: 'legacy' | 0; feePayer: string; instructions: DescribedInstruction[] }

/** Reads a compact-u16 at `offset`. */
function compactU16(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i]
    if (byte === undefined) throw new RangeError('truncated')
    value |= (byte & 0x7f) << (7 * i)
    if ((byte & 0x80) === 0) return [value, offset + i + 1]
  }
  throw new RangeError('bad compact-u16')
}

function take(bytes: Uint8Array, offset: number, length: number): Uint8Array {
  if (offset + length > bytes.length) throw new RangeError('truncated')
  return bytes.subarray(offset, offset + length)
}

/**
 * Decodes a base64 wire transaction (signatures then a legacy or v0 message).
 *
 * @returns the description, or `undefined` when the bytes are not a transaction.
 * @example describeSolanaTransaction(base64) // { version: 'legacy', feePayer: 'HPRr…', instructions: [{ kind: 'transfer', to, lamports: 1_000_000n }] }
 */
export function describeSolanaTransaction(base64: unknown): DescribedTransaction | undefined {
  if (typeof base64 !== 'string' || base64.length === 0 || base64.length > 4096) return undefined
  try {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
    let [count, offset] = compactU16(bytes, 0)
    offset += count * 64
    let version: 'legacy' | 0 = 'legacy'
    const first = bytes[offset]
    if (first === undefined) return undefined
    if (first & 0x80) {
      if ((first & 0x7f) !== 0) return undefined
      version = 0
      offset += 1
    }
    const header = take(bytes, offset, 3)
    offset += 3
    const [keyCount, afterKeys] = compactU16(bytes, offset)
    offset = afterKeys
    const keys: string[] = []
    for (let i = 0; i < keyCount; i++) {
      keys.push(base58Encode(take(bytes, offset, 32)))
      offset += 32
    }
    take(bytes, offset, 32) // the recent blockhash
    offset += 32
    const [ixCount, afterIx] = compactU16(bytes, offset)
    offset = afterIx
    const instructions: DescribedInstruction[] = []
    for (let i = 0; i < ixCount; i++) {
      const programIndex = take(bytes, offset, 1)[0]!
      offset += 1
      const [accountCount, afterAccounts] = compactU16(bytes, offset)
      const accounts = Array.from(take(bytes, afterAccounts, accountCount))
      offset = afterAccounts + accountCount
      const [dataLength, afterData] = compactU16(bytes, offset)
      const data = take(bytes, afterData, dataLength)
      offset = afterData + dataLength
      const programId = keys[programIndex] ?? `lookup #${programIndex}`
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
      if (programId === SYSTEM_PROGRAM && dataLength === 12 && view.getUint32(0, true) === 2 && accounts.length >= 2) {
        instructions.push({ kind: 'transfer', from: keys[accounts[0]!] ?? '?', to: keys[accounts[1]!] ?? '?', lamports: view.getBigUint64(4, true) })
      } else {
        instructions.push({ kind: 'other', programId, dataLength })
      }
    }
    if ((header[0] ?? 0) < 1 || !keys[0]) return undefined
    return { version, feePayer: keys[0], instructions }
  } catch {
    return undefined
  }
}

/**
 * Lamports as SOL text in `locale` through Intl, to the lamport (9 decimals, trailing zeros cut, the whole part grouped):
 * 1_500_000_000n → '1.5 SOL', 1_234_000_000_000n → '1,234 SOL' in en, '1.234 SOL' in de.
 */
export function formatSol(lamports: bigint, locale = 'en'): string {
  const whole = lamports / 1_000_000_000n
  const fraction = (lamports % 1_000_000_000n).toString().padStart(9, '0')
  return `${formatAmount(`${whole}.${fraction}`, locale, 9)} SOL`
}
