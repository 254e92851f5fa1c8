// @vitest-environment happy-dom
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js'
import { afterEach, describe, expect, inject, test } from 'vitest'
import { DEV_SOLANA_THIEF_ADDRESS, DevSolanaWallet } from '../dev/solana-wallet/wallet.ts'
import type { DevSolanaWalletOptions } from '../dev/solana-wallet/wallet.ts'
import { registerDevSolanaWallet } from '../dev/solana-wallet/register.ts'
import { solanaLocalnetAt } from '../dev/solana/network.ts'
import { InvalidTransferError } from './eip155.transfer.ts'
import { UnauthorizedProviderError, UserRejectedRequestError } from './errors.ts'
import { solanaDevnet } from './networks.ts'
import { createSolanaAdapter, SolanaChainNotSupportedError } from './solana.ts'
import { base58Encode } from './solana.base58.ts'
import { SolanaTransactionError } from './solana.errors.ts'
import { createSolanaTransferAdapter, InvalidSignedTransactionError } from './solana.transfer.ts'
import type { CreateSolanaTransferAdapterParameters } from './solana.transfer.ts'
import type { TransferRequest } from './types.ts'
import { associatedTokenAddress, tokenAmountOf } from './solana.spl.ts'
import { devSolanaKeypairs } from '../dev/solana/accounts.ts'
import { DEV_SPL_MINT_ADDRESS } from '../dev/solana/tokens.ts'
import { TestFailure } from '../tests/harness/failures.ts'

/**
 * Sending SOL with the Solana transfer adapter, the dev Solana wallet (registered through the Wallet Standard) and
 * the shared local Solana RPC (LiteSVM). Each test sends from a fresh keypair funded by airdrop to a fresh
 * receiver, so every balance asserted is this test's alone.
 */
const rpcUrl = inject('solanaRpc')
const localnet = solanaLocalnetAt(rpcUrl)
const connection = new Connection(rpcUrl, 'confirmed')
const balance = async (address: string | PublicKey): Promise<number> => connection.getBalance(new PublicKey(address))

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

let count = 0
/** A registered dev wallet over a fresh keypair holding `sol` SOL, connected to the site, and its adapters. */
async function setup(options: { sol?: number; wallet?: Partial<DevSolanaWalletOptions>; transfer?: Partial<CreateSolanaTransferAdapterParameters> } = {}) {
  const sender = Keypair.generate()
  if ((options.sol ?? 5) > 0) await connection.requestAirdrop(sender.publicKey, (options.sol ?? 5) * LAMPORTS_PER_SOL)
  const wallet = new DevSolanaWallet({ rpcUrl, keypairs: [sender], name: `Transfer Wallet ${++count}`, autoApprove: true, ...options.wallet })
  cleanups.push(registerDevSolanaWallet(wallet, window))
  const solana = createSolanaAdapter({ networks: [localnet] })
  await solana.connect({ connectorId: wallet.name })
  const transfer = createSolanaTransferAdapter({ adapter: solana, networks: [localnet], pollInterval: 20, ...options.transfer })
  const receiver = Keypair.generate().publicKey.toBase58()
  const request = (changes: Partial<TransferRequest> = {}): TransferRequest => ({
    connectorId: wallet.name,
    from: sender.publicKey.toBase58(),
    to: receiver,
    amount: BigInt(LAMPORTS_PER_SOL),
    caipNetworkId: localnet.caipNetworkId,
    ...changes,
  })
  return { wallet, transfer, sender: sender.publicKey.toBase58(), receiver, request }
}

async function nextPending(wallet: DevSolanaWallet) {
  for (let i = 0; i < 200; i++) {
    const [request] = wallet.pending
    if (request) return request
    await new Promise((r) => setTimeout(r, 5))
  }
  throw new TestFailure('no pending request')
}

describe('estimateTransfer', () => {
  test('behavior: the fee is 5000 lamports for the one signature, read from the node', async () => {
    const { transfer, request } = await setup()
    expect(await transfer.estimateTransfer(request())).toEqual({ gas: 1n, gasPrice: 5000n, fee: 5000n })
  })

  test('behavior: a transfer the runtime would refuse throws its words before the wallet is asked', async () => {
    const { transfer, request, wallet } = await setup({ sol: 1 })
    wallet.setAutoApprove(false)
    const belowRent = await transfer.estimateTransfer(request({ amount: 1000n })).catch((e: unknown) => e)
    expect(belowRent).toBeInstanceOf(SolanaTransactionError)
    expect((belowRent as SolanaTransactionError).shortMessage).toBe('Transaction results in an account (1) with insufficient funds for rent')
    expect((belowRent as SolanaTransactionError).transactionError).toEqual({ InsufficientFundsForRent: { account_index: 1 } })
    const tooMuch = (await transfer.estimateTransfer(request({ amount: 2n * BigInt(LAMPORTS_PER_SOL) })).catch((e: unknown) => e)) as SolanaTransactionError
    expect(tooMuch.shortMessage).toBe('Error processing Instruction 0: account does not have enough SOL to perform the operation')
    expect(tooMuch.logs).toContain(`Transfer: insufficient lamports ${LAMPORTS_PER_SOL - 5000}, need ${2 * LAMPORTS_PER_SOL}`)
    expect(wallet.pending).toEqual([])
  })

  test('behavior: a sender that never held SOL gets "no record of a prior credit"', async () => {
    const { transfer, request } = await setup({ sol: 0 })
    await expect(transfer.estimateTransfer(request())).rejects.toThrow('Attempt to debit an account but found no record of a prior credit.')
  })
})

describe('sendTransfer and waitForTransfer', () => {
  test('behavior: signAndSendTransaction sends; the receipt is success and both balances change', async () => {
    const { transfer, request, sender, receiver, wallet } = await setup()
    const before = await balance(sender)
    const { hash } = await transfer.sendTransfer(request())
    expect(hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    const receipt = await transfer.waitForTransfer({ connectorId: wallet.name, caipNetworkId: localnet.caipNetworkId, hash })
    expect(receipt).toMatchObject({ hash, status: 'success' })
    expect(receipt.status !== 'unknown' && typeof receipt.blockNumber).toBe('bigint')
    expect(await balance(receiver)).toBe(LAMPORTS_PER_SOL)
    expect(await balance(sender)).toBe(before - LAMPORTS_PER_SOL - 5000)
  })

  test('behavior: broadcast "rpc": the wallet signs, the adapter checks and sends; both balances change', async () => {
    const { transfer, request, sender, receiver, wallet } = await setup({ transfer: { broadcast: 'rpc' } })
    const before = await balance(sender)
    const { hash } = await transfer.sendTransfer(request({ amount: 2_000_000_000n }))
    expect((await transfer.waitForTransfer({ connectorId: wallet.name, caipNetworkId: localnet.caipNetworkId, hash })).status).toBe('success')
    expect(await balance(receiver)).toBe(2 * LAMPORTS_PER_SOL)
    expect(await balance(sender)).toBe(before - 2 * LAMPORTS_PER_SOL - 5000)
  })

  test('behavior: the user rejecting in the wallet is UserRejectedRequestError; nothing moves', async () => {
    const { transfer, request, wallet, receiver } = await setup()
    wallet.setAutoApprove(false)
    const sending = transfer.sendTransfer(request())
    const pending = await nextPending(wallet)
    expect(pending.details[0]).toContain(`Transfer 1 SOL to ${receiver}`)
    wallet.reject(pending.id)
    await expect(sending).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(await balance(receiver)).toBe(0)
  })

  test('behavior: a runtime failure at send reaches the caller in plain words (wallet or RPC preflight)', async () => {
    for (const broadcast of ['wallet', 'rpc'] as const) {
      const { transfer, request, receiver } = await setup({ sol: 1, transfer: { broadcast } })
      const error = await transfer.sendTransfer(request({ amount: 1000n })).catch((e: unknown) => e)
      expect(error, broadcast).toBeInstanceOf(SolanaTransactionError)
      expect((error as SolanaTransactionError).shortMessage).toBe('Transaction results in an account (1) with insufficient funds for rent')
      expect((error as SolanaTransactionError).logs).toContain('Program 11111111111111111111111111111111 success')
      expect(await balance(receiver)).toBe(0)
    }
  })

  test('behavior: with skipPreflight a failing transfer lands and its receipt is "reverted"; the fee is paid', async () => {
    const { transfer, request, wallet, sender, receiver } = await setup({ sol: 1, transfer: { sendOptions: { skipPreflight: true } } })
    const { hash } = await transfer.sendTransfer(request({ amount: 1000n }))
    expect((await transfer.waitForTransfer({ connectorId: wallet.name, caipNetworkId: localnet.caipNetworkId, hash })).status).toBe('reverted')
    expect(await balance(sender)).toBe(LAMPORTS_PER_SOL - 5000)
    expect(await balance(receiver)).toBe(0)
  })

  test('behavior: an unsigned transaction returned by the wallet is refused and never sent', async () => {
    const { transfer, request, receiver, wallet } = await setup({ transfer: { broadcast: 'rpc' } })
    wallet.misbehave = { unsignedTransaction: true }
    const error = await transfer.sendTransfer(request()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidSignedTransactionError)
    expect(error).toMatchObject({ reason: 'unsigned', shortMessage: 'The wallet did not sign the transaction' })
    expect(await balance(receiver)).toBe(0)
  })

  test('behavior: an altered transaction (an extra transfer to a thief) is refused and never sent', async () => {
    const { transfer, request, receiver, wallet, sender } = await setup({ transfer: { broadcast: 'rpc' } })
    wallet.misbehave = { alterTransaction: true }
    const thiefBefore = await balance(DEV_SOLANA_THIEF_ADDRESS)
    const before = await balance(sender)
    const error = await transfer.sendTransfer(request()).catch((e: unknown) => e)
    expect(error).toMatchObject({ reason: 'altered', shortMessage: 'The wallet changed the transaction' })
    expect([await balance(receiver), await balance(sender), await balance(DEV_SOLANA_THIEF_ADDRESS)]).toEqual([0, before, thiefBefore])
  })

  test('behavior: a wallet that signs and sends another transaction than asked is caught by its signature', async () => {
    const { transfer, request, wallet } = await setup()
    wallet.misbehave = { alterTransaction: true }
    await expect(transfer.sendTransfer(request())).rejects.toMatchObject({ name: 'InvalidSignedTransactionError', reason: 'altered' })
  })
})

describe('SPL tokens', () => {
  /** Dev account 4 (it holds the dev token, `dev/solana/tokens.ts`) in a wallet of its own. */
  async function tokenSetup(broadcast: 'wallet' | 'rpc') {
    const holder = devSolanaKeypairs()[4]!
    const wallet = new DevSolanaWallet({ rpcUrl, keypairs: [holder], name: `Token Wallet ${++count}`, autoApprove: true })
    cleanups.push(registerDevSolanaWallet(wallet, window))
    const solana = createSolanaAdapter({ networks: [localnet] })
    await solana.connect({ connectorId: wallet.name })
    const transfer = createSolanaTransferAdapter({ adapter: solana, networks: [localnet], pollInterval: 20, broadcast })
    const from = holder.publicKey.toBase58()
    const to = Keypair.generate().publicKey.toBase58()
    const request: TransferRequest = { connectorId: wallet.name, from, to, amount: 1_250_000n, caipNetworkId: localnet.caipNetworkId, tokenAddress: DEV_SPL_MINT_ADDRESS }
    return { wallet, transfer, from, to, request }
  }
  const tokens = async (owner: string) => {
    const account = await connection.getAccountInfo(new PublicKey(await associatedTokenAddress(owner, DEV_SPL_MINT_ADDRESS)))
    return account ? tokenAmountOf(account.data) : undefined
  }

  for (const broadcast of ['wallet', 'rpc'] as const) {
    test(`behavior: a token transfer (broadcast ${broadcast}) makes the recipient's token account and moves the amount; success after confirmation`, async () => {
      const { transfer, request, from, to, wallet } = await tokenSetup(broadcast)
      expect(await transfer.estimateTransfer(request)).toEqual({ gas: 1n, gasPrice: 5000n, fee: 5000n })
      const before = await tokens(from)
      const { hash } = await transfer.sendTransfer(request)
      expect(await transfer.waitForTransfer({ connectorId: wallet.name, caipNetworkId: localnet.caipNetworkId, hash })).toMatchObject({ hash, status: 'success' })
      expect(await tokens(to)).toBe(1_250_000n)
      expect(await tokens(from)).toBe(before! - 1_250_000n)
    })
  }

  test('behavior: more tokens than held is refused by the runtime before the wallet is asked, in its words', async () => {
    const { transfer, request, wallet } = await tokenSetup('wallet')
    const error = await transfer.estimateTransfer({ ...request, amount: 10n ** 15n }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SolanaTransactionError)
    expect((error as SolanaTransactionError).shortMessage).toMatch(/^Error processing Instruction 1: /)
    expect(wallet.pending).toEqual([])
  })
})

describe('bad input', () => {
  test('behavior: a malformed base58 receiver, a wrong length or a missing one is refused before the wallet is asked', async () => {
    const { transfer, request, wallet } = await setup()
    wallet.setAutoApprove(false)
    const cases: Array<[string, string]> = [
      ['0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl', 'Invalid receiver address'],
      ['not-base58!', 'Invalid receiver address'],
      [base58Encode(new Uint8Array(31).fill(7)), 'Invalid receiver address'],
      ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'Invalid receiver address'],
      ['', 'An amount and receiver address are required'],
    ]
    for (const [to, message] of cases) {
      for (const run of [transfer.sendTransfer, transfer.estimateTransfer]) {
        const error = await run(request({ to })).catch((e: unknown) => e)
        expect(error, to).toBeInstanceOf(InvalidTransferError)
        expect((error as InvalidTransferError).shortMessage, to).toBe(message)
      }
    }
    expect(wallet.pending).toEqual([])
  })

  test('behavior: amounts, chains and tokens the adapter cannot send are typed errors', async () => {
    const { transfer, request } = await setup()
    await expect(transfer.sendTransfer(request({ amount: 0n }))).rejects.toMatchObject({ field: 'amount', shortMessage: 'An amount and receiver address are required' })
    await expect(transfer.sendTransfer(request({ amount: 2n ** 64n }))).rejects.toMatchObject({ field: 'amount' })
    await expect(transfer.sendTransfer(request({ caipNetworkId: 'eip155:1' }))).rejects.toMatchObject({ field: 'caipNetworkId', shortMessage: 'Unsupported chain' })
    await expect(transfer.sendTransfer(request({ caipNetworkId: solanaDevnet.caipNetworkId }))).rejects.toMatchObject({ field: 'caipNetworkId', shortMessage: 'Unsupported chain' })
    await expect(transfer.sendTransfer(request({ caipNetworkId: 'nonsense' }))).rejects.toMatchObject({ field: 'caipNetworkId' })
    await expect(transfer.sendTransfer(request({ tokenAddress: Keypair.generate().publicKey.toBase58() }))).rejects.toMatchObject({ field: 'tokenAddress', shortMessage: 'Unsupported token' })
  })

  test('behavior: a sender the wallet did not connect is 4100; a network the wallet lacks is SolanaChainNotSupportedError', async () => {
    const { transfer, request } = await setup()
    await expect(transfer.sendTransfer(request({ from: Keypair.generate().publicKey.toBase58() }))).rejects.toBeInstanceOf(UnauthorizedProviderError)
    const { transfer: other, request: otherRequest } = await setup({ wallet: { chains: [{ id: 'solana:devnet', rpcUrl }] } })
    await expect(other.sendTransfer(otherRequest())).rejects.toBeInstanceOf(SolanaChainNotSupportedError)
  })

  test('behavior: waitForTransfer refuses a malformed signature; one that never lands ends unknown (sent, status not known)', async () => {
    const { transfer, wallet } = await setup({ transfer: { receiptTimeout: 150 } })
    const wait = (hash: string) => transfer.waitForTransfer({ connectorId: wallet.name, caipNetworkId: localnet.caipNetworkId, hash })
    await expect(wait('0xabc')).rejects.toMatchObject({ field: 'hash' })
    const never = base58Encode(new Uint8Array(64).fill(4))
    expect(await wait(never)).toEqual({ hash: never, status: 'unknown', reason: 'timeout', details: 'No end after 150 ms.' })
  })
})
