/** What the development / test Solana wallet shows the approver: messages as text, transactions one line each. */
import { SystemProgram, type VersionedTransaction } from '@solana/web3.js'

/** A message as the approval shows it: UTF-8 text when printable, else hex. */
export function messageText(message: Uint8Array): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(message)
    if (/^[\P{Cc}\n\r\t]*$/u.test(text)) return text
  } catch {
    // not UTF-8
  }
  return `0x${[...message].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

/**
 * One line about a transaction for the approval: its version, fee payer and each instruction, System transfers
 * spelled out ('Transfer 0.5 SOL to 7BNg…'), so the approver sees who receives what.
 */
export function describeTransaction(transaction: VersionedTransaction): string {
  const message = transaction.message
  const keys = message.staticAccountKeys
  const parts = message.compiledInstructions.map((ix) => {
    const program = keys[ix.programIdIndex]
    if (program?.equals(SystemProgram.programId) && ix.data.length === 12 && ix.data[0] === 2 && ix.data[1] === 0 && ix.data[2] === 0 && ix.data[3] === 0) {
      const lamports = new DataView(ix.data.buffer, ix.data.byteOffset + 4, 8).getBigUint64(0, true)
      const to = keys[ix.accountKeyIndexes[1] ?? -1]?.toBase58() ?? '?'
      return `Transfer ${formatSol(lamports)} SOL to ${to}`
    }
    return `Call ${program?.toBase58() ?? '?'} (${ix.data.length} bytes of data)`
  })
  return [`${message.version === 'legacy' ? 'Legacy' : 'Version 0'} transaction, fee payer ${keys[0]?.toBase58() ?? '?'}`, ...parts].join('\n')
}

function formatSol(lamports: bigint): string {
  const fraction = (lamports % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '')
  return `${lamports / 1_000_000_000n}${fraction ? `.${fraction}` : ''}`
}
