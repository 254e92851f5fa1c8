// @vitest-environment happy-dom
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { afterEach, describe, expect, inject, test } from 'vitest'
import { associatedTokenAddress, splTokenProgramId, splTransferInstructions, tokenAmountOf } from '../adapters/solana.spl.ts'
import { devSolanaKeypairs } from '../dev/solana/accounts.ts'
import { solanaLocalnetAt } from '../dev/solana/network.ts'
import { DEV_SPL_DECIMALS, DEV_SPL_MINT_ADDRESS } from '../dev/solana/tokens.ts'
import { DevSolanaWallet, registerDevSolanaWallet } from '../dev/solana-wallet/index.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { waitFor } from '../tests/harness/waitFor.ts'
import { createModal } from './createModal.ts'

/**
 * modal.pay on solana (spec §1 Pay: "SOL / SPL tokens on solana") with the dev Solana wallet (Wallet Standard) on the
 * shared local Solana RPC (LiteSVM): SOL and the dev SPL token (dUSDC) land on chain, success only after confirmation;
 * bad input and what the wallet cannot pay are said before any prompt. Each payment goes to a fresh recipient.
 */
const rpcUrl = inject('solanaRpc')
const localnet = solanaLocalnetAt(rpcUrl)
const SOLANA = localnet.caipNetworkId
const SOL = `${SOLANA}/slip44:501`
const DUSDC = `${SOLANA}/token:${DEV_SPL_MINT_ADDRESS}`
const connection = new Connection(rpcUrl, 'confirmed')
const fresh = () => Keypair.generate().publicKey.toBase58()
const tokens = async (owner: string) => {
  const account = await connection.getAccountInfo(new PublicKey(await associatedTokenAddress(owner, DEV_SPL_MINT_ADDRESS)))
  return account ? tokenAmountOf(account.data) : undefined
}

const cleanups: Array<() => void> = []
afterEach(() => cleanups.splice(0).forEach((c) => c()))

let count = 0
/** A modal with pay on, the local Solana network only, and the dev Solana wallet over `keypair` connected. */
async function connected(keypair: Keypair, { autoApprove = true } = {}) {
  const wallet = new DevSolanaWallet({ rpcUrl, keypairs: [keypair], name: `Pay Solana Wallet ${++count}`, autoApprove: true })
  cleanups.push(registerDevSolanaWallet(wallet, window))
  const modal = createModal({ projectId: 'p', networks: [localnet], storage: createMemoryStorage(), walletConnect: false, features: { pay: true } })
  cleanups.push(() => modal.destroy())
  modal.open()
  modal.actor.send({ type: 'app.selectWallet', connectorId: wallet.name })
  await waitFor(() => expect(modal.getState().account.status).toBe('connected'))
  await waitFor(() => expect(modal.getState().open).toBe(false))
  wallet.setAutoApprove(autoApprove)
  return { wallet, modal, from: keypair.publicKey.toBase58() }
}

/** A fresh keypair holding `sol` SOL (airdropped) and `units` of dUSDC (sent from dev account 2). */
async function funded(sol: number, units = 0n) {
  const keypair = Keypair.generate()
  await connection.requestAirdrop(keypair.publicKey, Math.round(sol * LAMPORTS_PER_SOL))
  if (units > 0n) {
    const giver = devSolanaKeypairs()[2]!
    const instructions = await splTransferInstructions({
      owner: giver.publicKey,
      recipient: keypair.publicKey,
      mint: new PublicKey(DEV_SPL_MINT_ADDRESS),
      amount: units,
      decimals: DEV_SPL_DECIMALS,
      tokenProgram: new PublicKey(splTokenProgramId),
    })
    const message = new TransactionMessage({ payerKey: giver.publicKey, recentBlockhash: (await connection.getLatestBlockhash()).blockhash, instructions }).compileToLegacyMessage()
    const transaction = new VersionedTransaction(message)
    transaction.sign([giver])
    await connection.sendRawTransaction(transaction.serialize())
    await waitFor(async () => expect(await tokens(keypair.publicKey.toBase58())).toBe(units))
  }
  return keypair
}

const payState = (modal: ReturnType<typeof createModal>) => (modal.actor.getSnapshot().context.features as Record<string, { getSnapshot(): { value: unknown } } | undefined>)['pay']?.getSnapshot().value
const payContext = (modal: ReturnType<typeof createModal>) =>
  (modal.actor.getSnapshot().context.features as Record<string, { getSnapshot(): { context: { reading?: { symbol: string; fee: bigint; balance: bigint } } } } | undefined>)['pay']?.getSnapshot().context
const confirm = (modal: ReturnType<typeof createModal>) => modal.actor.send({ type: 'feature.deliver', feature: 'pay', event: { type: 'pay.confirm' } })

describe('modal.pay on solana', () => {
  test('behavior: SOL from the dev Solana wallet: one prompt, success only once confirmed, the recipient holds the lamports', async () => {
    const { modal, wallet, from } = await connected(await funded(2), { autoApprove: false })
    const to = fresh()
    const result = modal.pay({ recipient: to, amount: '0.25', asset: SOL, memo: 'Order 7' })
    await waitFor(() => expect(modal.getState().open && payState(modal)).toEqual({ reviewing: 'ready' }))
    expect(payContext(modal)?.reading).toMatchObject({ symbol: 'SOL', fee: 5000n, balance: 2n * BigInt(LAMPORTS_PER_SOL) })
    confirm(modal)
    confirm(modal)
    await waitFor(() => expect(wallet.pending).toHaveLength(1))
    expect(wallet.pending[0]!.details[0]).toContain(`Transfer 0.25 SOL to ${to}`)
    wallet.approve(wallet.pending[0]!.id)
    const ended = await result
    expect(ended).toMatchObject({ status: 'success', chainId: localnet.id, paidAmount: '0.25' })
    const txHash = (ended as { txHash: string }).txHash
    expect(txHash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    const [status] = (await connection.getSignatureStatuses([txHash])).value
    expect(status).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect(await connection.getBalance(new PublicKey(to))).toBe(0.25 * LAMPORTS_PER_SOL)
    expect(await connection.getBalance(new PublicKey(from))).toBe(1.75 * LAMPORTS_PER_SOL - 5000)
    expect(payState(modal)).toBe('succeeded')
  })

  test('behavior: an SPL token (dUSDC, decimals and symbol read from its mint): the recipient token account made and paid; the rent counted in the fee', async () => {
    const { modal, from } = await connected(await funded(1, 10_000_000n))
    const to = fresh()
    const result = modal.pay({ recipient: to, amount: '2.5', asset: { chainId: SOLANA, address: DEV_SPL_MINT_ADDRESS } })
    await waitFor(() => expect(payState(modal)).toEqual({ reviewing: 'ready' }))
    const rent = BigInt(await connection.getMinimumBalanceForRentExemption(165))
    expect(payContext(modal)?.reading).toMatchObject({ symbol: 'dUSDC', balance: 10_000_000n, fee: 5000n + rent })
    confirm(modal)
    await expect(result).resolves.toMatchObject({ status: 'success', chainId: localnet.id, paidAmount: '2.5' })
    expect(await tokens(to)).toBe(2_500_000n)
    expect(await tokens(from)).toBe(7_500_000n)
  })

  test('bad input: an amount finer than the mint’s 6 decimals, a key that is no mint, a bad mint, an invalid key: typed errors, nothing opened, nothing asked', async () => {
    const { modal, wallet } = await connected(await funded(1), { autoApprove: false })
    await expect(modal.pay({ recipient: fresh(), amount: '1.1234567', asset: DUSDC })).rejects.toMatchObject({ name: 'InvalidPayParametersError', path: 'amount' })
    await expect(modal.pay({ recipient: fresh(), amount: '1', asset: `${SOLANA}/token:${fresh()}` })).rejects.toMatchObject({ name: 'PayAssetUnreadableError' })
    await expect(modal.pay({ recipient: fresh(), amount: '1', asset: `${SOLANA}/token:0xabc` })).rejects.toMatchObject({ name: 'InvalidPayParametersError', path: 'asset' })
    await expect(modal.pay({ recipient: 'not-a-key', amount: '1', asset: SOL })).rejects.toMatchObject({ name: 'InvalidPayParametersError', path: 'recipient' })
    await expect(modal.pay({ recipient: fresh(), amount: '0.0000000001', asset: SOL })).rejects.toMatchObject({ name: 'InvalidPayParametersError', path: 'amount' })
    expect(modal.getState().open).toBe(false)
    expect(wallet.pending).toEqual([])
  })

  test('behavior: not enough SOL, not enough of the token, or the token but too little SOL for the fee and the rent: each said before any prompt (short)', async () => {
    const cases = [
      { keypair: await funded(0.5), amount: '1', asset: SOL },
      { keypair: await funded(0.5), amount: '1', asset: DUSDC },
      { keypair: await funded(0.001, 5_000_000n), amount: '1', asset: DUSDC },
    ]
    for (const { keypair, amount, asset } of cases) {
      const { modal, wallet } = await connected(keypair, { autoApprove: false })
      const result = modal.pay({ recipient: fresh(), amount, asset })
      await waitFor(() => expect(payState(modal)).toEqual({ reviewing: 'short' }))
      confirm(modal)
      modal.close()
      await expect(result).resolves.toEqual({ status: 'cancelled', reason: 'The payment was cancelled.' })
      expect(wallet.pending).toEqual([])
    }
  })

  test('behavior: with no Solana wallet connected, a Solana payment resolves failed at once with what to do', async () => {
    const modal = createModal({ projectId: 'p', networks: [localnet], storage: createMemoryStorage(), walletConnect: false, features: { pay: true } })
    cleanups.push(() => modal.destroy())
    await modal.ready()
    await expect(modal.pay({ recipient: fresh(), amount: '1', asset: SOL })).resolves.toEqual({ status: 'failed', reason: 'Connect a Solana wallet to pay.' })
    expect(modal.getState().open).toBe(false)
  })
})
