import { Keypair, PublicKey, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { describe, expect, test } from 'vitest'
import { associatedTokenAddress, mintDecimalsOf, splTokenProgramId, splTransferInstructions, tokenAmountOf, tokenMetadataAddress, tokenMetadataOf } from '../../adapters/solana.spl.ts'
import { devSolanaKeypairs } from './accounts.ts'
import { SolanaLedger } from './ledger.ts'
import { DEV_SPL_DECIMALS, DEV_SPL_MINT_ADDRESS, DEV_SPL_NAME, DEV_SPL_PER_ACCOUNT, DEV_SPL_SYMBOL, devSplMintSeed } from './tokens.ts'

/** The dev SPL token of the local chain: written at the ledger's start, moved by the real SPL programs of LiteSVM. */
describe('the dev SPL token', () => {
  const ledger = new SolanaLedger()
  const mint = new PublicKey(DEV_SPL_MINT_ADDRESS)
  const amountOf = async (owner: PublicKey) => {
    const account = ledger.getAccount(new PublicKey(await associatedTokenAddress(owner.toBase58(), DEV_SPL_MINT_ADDRESS)))
    return account ? tokenAmountOf(account.data) : undefined
  }

  test('behavior: its address is the public key of its documented seed; a 6-decimal mint of the SPL Token program, named in its metadata', async () => {
    expect(Keypair.fromSeed(devSplMintSeed).publicKey.toBase58()).toBe(DEV_SPL_MINT_ADDRESS)
    const account = ledger.getAccount(mint)!
    expect(account.owner.toBase58()).toBe(splTokenProgramId)
    expect(mintDecimalsOf(account.data)).toBe(DEV_SPL_DECIMALS)
    const metadata = ledger.getAccount(new PublicKey(await tokenMetadataAddress(DEV_SPL_MINT_ADDRESS)))!
    expect(tokenMetadataOf(metadata.data)).toEqual({ name: DEV_SPL_NAME, symbol: DEV_SPL_SYMBOL })
  })

  test('behavior: metadata that is not one (too short, a length past its end, no symbol) reads as none', () => {
    expect(tokenMetadataOf(new Uint8Array(10))).toBeUndefined()
    const lying = new Uint8Array(80)
    new DataView(lying.buffer).setUint32(65, 1000, true)
    expect(tokenMetadataOf(lying)).toBeUndefined()
    expect(tokenMetadataOf(new Uint8Array(200))).toBeUndefined()
  })

  test('behavior: each dev account holds 1 000 dUSDC; a TransferChecked to a new owner makes its account and moves the amount', async () => {
    const [sender] = devSolanaKeypairs(1)
    expect(await amountOf(sender!.publicKey)).toBe(DEV_SPL_PER_ACCOUNT)
    const recipient = Keypair.generate().publicKey
    expect(await amountOf(recipient)).toBeUndefined()
    const instructions = await splTransferInstructions({ owner: sender!.publicKey, recipient, mint, amount: 2_500_000n, decimals: DEV_SPL_DECIMALS, tokenProgram: new PublicKey(splTokenProgramId) })
    const message = new TransactionMessage({ payerKey: sender!.publicKey, recentBlockhash: ledger.latestBlockhash().blockhash, instructions }).compileToLegacyMessage()
    const transaction = new VersionedTransaction(message)
    transaction.sign([sender!])
    const result = ledger.submit(transaction)
    expect(result.landed && result.entry.err).toBeNull()
    expect(await amountOf(recipient)).toBe(2_500_000n)
    expect(await amountOf(sender!.publicKey)).toBe(DEV_SPL_PER_ACCOUNT - 2_500_000n)
  })

  test("behavior: a TransferChecked with other decimals than the mint's fails in the runtime; nothing moves", async () => {
    const [sender] = devSolanaKeypairs(1)
    const before = await amountOf(sender!.publicKey)
    const instructions = await splTransferInstructions({ owner: sender!.publicKey, recipient: Keypair.generate().publicKey, mint, amount: 1n, decimals: 9, tokenProgram: new PublicKey(splTokenProgramId) })
    const transaction = new VersionedTransaction(new TransactionMessage({ payerKey: sender!.publicKey, recentBlockhash: ledger.latestBlockhash().blockhash, instructions }).compileToLegacyMessage())
    transaction.sign([sender!])
    const result = ledger.submit(transaction)
    expect(result.landed && result.entry.err).not.toBeNull()
    expect(await amountOf(sender!.publicKey)).toBe(before)
  })
})
