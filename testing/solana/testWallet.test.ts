import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import type { WalletAccount } from '@wallet-standard/base'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { SOLANA_LOCALNET_CAIP_NETWORK_ID } from './localnet.ts'
import { createTestSolanaWallet, type TestSolanaWallet } from './testWallet.ts'

/**
 * The test Solana wallet against the local Solana chain of the test global setup (LiteSVM): keys from a mnemonic,
 * transactions signed and sent for real through the RPC it was given, the test deciding each prompt.
 */
const rpcUrl = inject('solanaRpc')
const connection = new Connection(rpcUrl, 'confirmed')
const MNEMONIC = 'test test test test test test test test test test test junk'

let wallet: TestSolanaWallet
let account: WalletAccount
beforeAll(async () => {
  wallet = createTestSolanaWallet({ mnemonic: MNEMONIC, accountCount: 2, rpcUrl, chains: [SOLANA_LOCALNET_CAIP_NETWORK_ID] })
  for (const address of wallet.addresses) await connection.requestAirdrop(new PublicKey(address), 2 * LAMPORTS_PER_SOL)
  account = (await wallet.wallet.features['standard:connect'].connect()).accounts[0] as WalletAccount
})

async function transfer(from: string, to: PublicKey, lamports: number): Promise<Uint8Array> {
  const { blockhash } = await connection.getLatestBlockhash()
  const payerKey = new PublicKey(from)
  const message = new TransactionMessage({ payerKey, recentBlockhash: blockhash, instructions: [SystemProgram.transfer({ fromPubkey: payerKey, toPubkey: to, lamports })] })
  return new VersionedTransaction(message.compileToV0Message()).serialize()
}

describe('sends for real on the chain it was given', () => {
  it("approved, signAndSendTransaction lands the mnemonic account's transfer; the receiver has it", async () => {
    const receiver = Keypair.generate().publicKey
    const transaction = await transfer(account.address, receiver, 0.25 * LAMPORTS_PER_SOL)
    const [output] = await wallet.wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({ account, chain: SOLANA_LOCALNET_CAIP_NETWORK_ID, transaction, options: { commitment: 'confirmed' } })
    expect(output!.signature).toHaveLength(64)
    expect(await connection.getBalance(receiver)).toBe(0.25 * LAMPORTS_PER_SOL)
  })

  it('rejected (4001), nothing is sent; a hung send settled with approve lands', async () => {
    const receiver = Keypair.generate().publicKey
    wallet.answerNext('reject', 'signAndSendTransaction')
    const send = async () =>
      wallet.wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
        account,
        chain: SOLANA_LOCALNET_CAIP_NETWORK_ID,
        transaction: await transfer(account.address, receiver, 0.01 * LAMPORTS_PER_SOL),
        options: { commitment: 'confirmed' },
      })
    await expect(send()).rejects.toMatchObject({ code: 4001 })
    expect(await connection.getBalance(receiver)).toBe(0)

    wallet.answerNext('hang', 'signAndSendTransaction')
    const sending = send()
    const prompt = await wallet.waitForPrompt('signAndSendTransaction')
    expect(prompt.details[0]).toContain(`Transfer 0.01 SOL to ${receiver.toBase58()}`)
    expect(await connection.getBalance(receiver)).toBe(0)
    wallet.settle('approve', prompt.id)
    await sending
    expect(await connection.getBalance(receiver)).toBe(0.01 * LAMPORTS_PER_SOL)
  })

  it('the second account, selected in the wallet, signs its own transfers', async () => {
    wallet.setAccount(1)
    const [second] = wallet.wallet.accounts
    expect(second!.address).toBe(wallet.addresses[1])
    const receiver = Keypair.generate().publicKey
    await wallet.wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
      account: second!,
      chain: SOLANA_LOCALNET_CAIP_NETWORK_ID,
      transaction: await transfer(second!.address, receiver, 0.02 * LAMPORTS_PER_SOL),
      options: { commitment: 'confirmed' },
    })
    expect(await connection.getBalance(receiver)).toBe(0.02 * LAMPORTS_PER_SOL)
  })
})
