// @vitest-environment happy-dom
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import type { TransactionInstruction } from '@solana/web3.js'
import { afterEach, describe, expect, inject, test, vi } from 'vitest'
import { associatedTokenAddress, splTokenProgramId, splTransferInstructions, tokenAmountOf } from '../adapters/solana.spl.ts'
import { devSolanaKeypairs } from '../dev/solana/accounts.ts'
import { solanaLocalnetAt } from '../dev/solana/network.ts'
import { DEV_SPL_DECIMALS, DEV_SPL_MINT_ADDRESS } from '../dev/solana/tokens.ts'
import { DevSolanaWallet, registerDevSolanaWallet } from '../dev/solana-wallet/index.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { waitFor } from '../tests/harness/waitFor.ts'
import { base58Encode } from '../adapters/solana.base58.ts'
import { validatePay } from '../machines/pay.input.ts'
import { PayAssetUnreadableError } from '../machines/pay.ts'
import type { FeatureHost } from './assemble/host.ts'
import { verifyTransferOn } from './assemble/payExchange.ts'
import { createModal } from './createModal.ts'

/**
 * modal.pay on solana (spec §1 Pay: "SOL / SPL tokens on solana") with the dev Solana wallet (Wallet Standard) on the
 * shared local Solana RPC (LiteSVM): SOL and the dev SPL token (dUSDC) land on chain, success only after confirmation;
 * bad input and what the wallet cannot pay are said before any prompt. Without a Solana wallet the reference exchange
 * (the shared reference API, paying from its Solana hot wallet) pays, and success waits for the chain to show its
 * transfer. Each payment goes to a fresh recipient.
 */
const rpcUrl = inject('solanaRpc')
const apiUrl = inject('apiUrl')
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
  (
    modal.actor.getSnapshot().context.features as Record<
      string,
      { getSnapshot(): { context: { reading?: { symbol: string; fee: bigint; balance: bigint }; exchanges?: Array<{ id: string }>; exchangeSession?: { url: string } } } } | undefined
    >
  )['pay']?.getSnapshot().context
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

  test('behavior: with no Solana wallet connected, the reference exchange pays SOL and an SPL token: success only once the chain shows its transfer, the recipient holds it', async () => {
    // MOCKED: the exchange's tab. happy-dom's windows are not a browser's tabs (its popup refuses `opener = null`); the
    // visitor's answer on the exchange's page is posted below as its form posts it. Chromium opens the real tab
    // (tests/e2e/pay-solana.spec.ts).
    const opened: unknown[] = []
    const open = vi.spyOn(window, 'open').mockImplementation((...args) => (opened.push(args), null))
    cleanups.push(() => open.mockRestore())
    const modal = createModal({ projectId: 'p', networks: [localnet], storage: createMemoryStorage(), walletConnect: false, features: { pay: true }, api: { exchangeUrl: `${apiUrl}/exchange` } })
    cleanups.push(() => modal.destroy())
    await modal.ready()
    for (const { asset, amount, held, units } of [
      { asset: SOL, amount: '0.3', held: async (owner: string) => BigInt(await connection.getBalance(new PublicKey(owner))), units: 300_000_000n },
      { asset: DUSDC, amount: '1.75', held: tokens, units: 1_750_000n },
    ]) {
      const to = fresh()
      const result = modal.pay({ recipient: to, amount, asset })
      // The Pay view with no wallet: the asset alone was read, the exchange is the way to pay.
      await waitFor(() => expect(modal.getState().open && payState(modal)).toEqual({ reviewing: 'noWallet' }))
      await waitFor(() => expect(payContext(modal)?.exchanges).toEqual([expect.objectContaining({ id: 'reference' })]))
      expect(payContext(modal)?.reading).toMatchObject({ symbol: asset === SOL ? 'SOL' : 'dUSDC', balance: 0n, fee: 0n })
      modal.actor.send({ type: 'feature.deliver', feature: 'pay', event: { type: 'pay.exchange', exchangeId: 'reference' } })
      await waitFor(() => expect(payContext(modal)?.exchangeSession?.url).toMatch(/\/exchange\/pay\//))
      // Opened blank in the click, then pointed at the session's page.
      expect(opened.slice(-2)).toEqual([
        ['about:blank', '_blank'],
        [payContext(modal)!.exchangeSession!.url, '_blank', 'noopener'],
      ])
      const approved = await fetch(`${payContext(modal)!.exchangeSession!.url}/approve`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'settle=now' })
      expect(approved.status).toBe(200)
      const ended = await result
      expect(ended).toMatchObject({ status: 'success', chainId: localnet.id, paidAmount: amount, txHash: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/) })
      expect(await held(to)).toBe(units)
      const [status] = (await connection.getSignatureStatuses([(ended as { txHash: string }).txHash])).value
      expect(status).toMatchObject({ err: null })
      modal.actor.send({ type: 'feature.deliver', feature: 'pay', event: { type: 'pay.done' } })
      await waitFor(() => expect(modal.getState().open).toBe(false))
    }
  })
})

/** The chain read for an exchange's claim (spec §1 Pay: "success only once the chain shows the exchange's transfer of that amount to that recipient"), on the local Solana chain. */
describe('verifyTransferOn on solana', () => {
  const host = { nodeRequest: ({ method, params }: { method: string; params: readonly unknown[] }) => solanaRpcCall(method, params) } as unknown as FeatureHost
  const ask = (recipient: string, amount: string, asset: string) => validatePay({ recipient, amount, asset }, [localnet])

  test('hostile: a real SOL or SPL transfer verifies only for its amount and its recipient; an unknown or failed transaction never', async () => {
    const payer = await funded(2, 5_000_000n)
    const to = fresh()
    const solTransfer = await send(payer, [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: new PublicKey(to), lamports: 250_000_000 })])
    expect(await verifyTransferOn(host, { request: ask(to, '0.25', SOL), units: 250_000_000n, txHash: solTransfer })).toBe(true)
    expect(await verifyTransferOn(host, { request: ask(to, '0.3', SOL), units: 300_000_000n, txHash: solTransfer })).toBe(false)
    expect(await verifyTransferOn(host, { request: ask(fresh(), '0.25', SOL), units: 250_000_000n, txHash: solTransfer })).toBe(false)
    // The payer's own balance moved too (by the amount and the fee): it is not the recipient.
    expect(await verifyTransferOn(host, { request: ask(payer.publicKey.toBase58(), '0.25', SOL), units: 250_000_000n, txHash: solTransfer })).toBe(false)
    // A SOL transfer is not a token transfer of the same amount.
    expect(await verifyTransferOn(host, { request: ask(to, '250', DUSDC), units: 250_000_000n, txHash: solTransfer })).toBe(false)

    const splTransfer = await send(
      payer,
      await splTransferInstructions({
        owner: payer.publicKey,
        recipient: new PublicKey(to),
        mint: new PublicKey(DEV_SPL_MINT_ADDRESS),
        amount: 1_500_000n,
        decimals: DEV_SPL_DECIMALS,
        tokenProgram: new PublicKey(splTokenProgramId),
      }),
    )
    expect(await verifyTransferOn(host, { request: ask(to, '1.5', DUSDC), units: 1_500_000n, txHash: splTransfer })).toBe(true)
    expect(await verifyTransferOn(host, { request: ask(to, '1.4', DUSDC), units: 1_400_000n, txHash: splTransfer })).toBe(false)
    expect(await verifyTransferOn(host, { request: ask(fresh(), '1.5', DUSDC), units: 1_500_000n, txHash: splTransfer })).toBe(false)
    // The recipient's associated token account is not the recipient.
    const account = await associatedTokenAddress(to, DEV_SPL_MINT_ADDRESS)
    expect(await verifyTransferOn(host, { request: ask(account, '1.5', DUSDC), units: 1_500_000n, txHash: splTransfer })).toBe(false)
    expect(await verifyTransferOn(host, { request: ask(to, '1.5', SOL), units: 1_500_000n, txHash: splTransfer })).toBe(false)

    // A transfer that failed on chain (more tokens than the payer holds: it lands, pays its fee, moves nothing).
    const failing = await send(
      payer,
      await splTransferInstructions({
        owner: payer.publicKey,
        recipient: new PublicKey(to),
        mint: new PublicKey(DEV_SPL_MINT_ADDRESS),
        amount: 10n ** 12n,
        decimals: DEV_SPL_DECIMALS,
        tokenProgram: new PublicKey(splTokenProgramId),
      }),
      { skipPreflight: true },
    )
    const [failed] = (await connection.getSignatureStatuses([failing])).value
    expect(failed?.err).not.toBeNull()
    expect(await verifyTransferOn(host, { request: ask(to, '1000000', DUSDC), units: 10n ** 12n, txHash: failing })).toBe(false)
    expect(await verifyTransferOn(host, { request: ask(to, '0.25', SOL), units: 250_000_000n, txHash: base58Encode(new Uint8Array(64).fill(7)) })).toBe(false)
  })
})

/** One JSON-RPC call to the local Solana chain (its error as a typed error). */
async function solanaRpcCall(method: string, params: readonly unknown[]): Promise<unknown> {
  const answer = (await (await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()) as {
    result?: unknown
    error?: { message: string }
  }
  if (answer.error) throw new PayAssetUnreadableError(method, { details: answer.error.message })
  return answer.result
}

/** Signs `instructions` with `payer` and sends them; the signature once the chain has a status for it. */
async function send(payer: Keypair, instructions: TransactionInstruction[], options: { skipPreflight?: boolean } = {}): Promise<string> {
  const message = new TransactionMessage({ payerKey: payer.publicKey, recentBlockhash: (await connection.getLatestBlockhash()).blockhash, instructions }).compileToLegacyMessage()
  const transaction = new VersionedTransaction(message)
  transaction.sign([payer])
  const signature = await connection.sendRawTransaction(transaction.serialize(), options)
  await waitFor(async () => expect((await connection.getSignatureStatuses([signature])).value[0]).not.toBeNull())
  return signature
}
