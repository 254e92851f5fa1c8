import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { DEV_SPL_PER_ACCOUNT } from './tokens.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const transfers = 6
const amount = 1_000n

/**
 * The child's program: a fresh ledger, then `transfers` SPL transfers from dev account 0 to new owners (each the
 * Associated Token Account program's CreateIdempotent and a TransferChecked, simulated then submitted), a forced
 * garbage collection after each; it prints what moved as JSON, or the first failure and exit code 1.
 */
const program = `
import { Keypair, PublicKey, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { associatedTokenAddress, splTokenProgramId, splTransferInstructions, tokenAmountOf } from './adapters/solana.spl.ts'
import { devSolanaKeypairs } from './dev/solana/accounts.ts'
import { SolanaLedger } from './dev/solana/ledger.ts'
import { DEV_SPL_DECIMALS, DEV_SPL_MINT_ADDRESS } from './dev/solana/tokens.ts'
const ledger = new SolanaLedger()
const [sender] = devSolanaKeypairs(1)
const mint = new PublicKey(DEV_SPL_MINT_ADDRESS)
const amountOf = async (owner) => tokenAmountOf(ledger.getAccount(new PublicKey(await associatedTokenAddress(owner.toBase58(), DEV_SPL_MINT_ADDRESS))).data)
const received = []
for (let i = 0; i < ${transfers}; i++) {
  const recipient = Keypair.generate().publicKey
  const instructions = await splTransferInstructions({ owner: sender.publicKey, recipient, mint, amount: ${amount}n, decimals: DEV_SPL_DECIMALS, tokenProgram: new PublicKey(splTokenProgramId) })
  const transaction = new VersionedTransaction(new TransactionMessage({ payerKey: sender.publicKey, recentBlockhash: ledger.latestBlockhash().blockhash, instructions }).compileToLegacyMessage())
  transaction.sign([sender])
  const simulation = ledger.simulate(transaction, { sigVerify: true })
  const result = simulation.err === null ? ledger.submit(transaction) : undefined
  if (!result?.landed || result.entry.err !== null) {
    console.error(JSON.stringify({ transfer: i, simulation, result }))
    process.exit(1)
  }
  globalThis.gc()
  received.push(String(await amountOf(recipient)))
}
globalThis.gc()
console.log(JSON.stringify({ received, senderLeft: String(await amountOf(sender.publicKey)) }))
`

/** Runs Node with `args` in the repository root; how it ended, and what it printed. */
function runNode(args: string[]): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, args, { cwd: root, timeout: 110_000 }, (_failure, stdout, stderr) => resolve({ code: child.exitCode, signal: child.signalCode, stdout, stderr }))
  })
}

/**
 * LiteSVM 0.8 and 1.1 abort the whole process ("std::bad_alloc") at the first garbage collection after the Associated
 * Token Account program ran (dev/solana/README.md, LiteSVM version); the dev chain needs a LiteSVM that does not. The
 * runs happen in a child Node with `--expose-gc`, so an abort fails this test instead of the test run.
 */
describe('the dev Solana chain and garbage collection', () => {
  test('behavior: SPL transfers that run the Associated Token Account program, a forced garbage collection after each, leave the process alive and the amounts moved', { timeout: 120_000 }, async () => {
    const run = await runNode(['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', program])
    expect({ code: run.code, signal: run.signal }, run.stderr).toEqual({ code: 0, signal: null })
    const { received, senderLeft } = JSON.parse(run.stdout) as { received: string[]; senderLeft: string }
    expect(received).toEqual(Array.from({ length: transfers }, () => String(amount)))
    expect(senderLeft).toBe(String(DEV_SPL_PER_ACCOUNT - BigInt(transfers) * amount))
  })
})
