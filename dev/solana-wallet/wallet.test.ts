import { ed25519 } from '@noble/curves/ed25519'
import { Connection, Keypair, LAMPORTS_PER_SOL, type PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import type { SolanaSignAndSendTransactionInput } from '@solana/wallet-standard-features'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { beforeAll, describe, expect, inject, test } from 'vitest'
import { base58Decode, base58Encode } from '../../adapters/solana.base58.ts'
import { DEV_SOLANA_ADDRESSES } from '../solana/accounts.ts'
import { SOLANA_LOCALNET_CAIP_NETWORK_ID } from '../solana/network.ts'
import { registerDevSolanaWallet } from './register.ts'
import { DEV_SOLANA_THIEF_ADDRESS, DevSolanaWallet, DevSolanaWalletError, describeTransaction } from './wallet.ts'
import type { DevSolanaWalletOptions } from './wallet.ts'
import { UnknownAccountError } from '../../testing/errors.ts'
import { TestFailure } from '../../tests/harness/failures.ts'

/**
 * The dev Solana wallet in Node against the shared local Solana RPC of the test global setup. Every wallet here
 * signs with fresh keypairs funded by airdrop, so balances are this file's alone.
 */
const rpcUrl = inject('solanaRpc')
const connection = new Connection(rpcUrl, 'confirmed')
const encoder = new TextEncoder()

let funded: Keypair[]
beforeAll(async () => {
  funded = [Keypair.generate(), Keypair.generate()]
  for (const keypair of funded) await connection.requestAirdrop(keypair.publicKey, 10 * LAMPORTS_PER_SOL)
})

function makeWallet(options: Partial<DevSolanaWalletOptions> = {}): DevSolanaWallet {
  return new DevSolanaWallet({ rpcUrl, keypairs: funded, ...options })
}

/** A wallet the site is connected to (auto-approve on for the connect, then as asked). */
async function connected(options: Partial<DevSolanaWalletOptions> & { approve?: boolean } = {}): Promise<{ wallet: DevSolanaWallet; account: WalletAccount }> {
  const wallet = makeWallet({ ...options, autoApprove: true })
  const { accounts } = await wallet.features['standard:connect'].connect()
  if (options.approve === false) wallet.setAutoApprove(false)
  return { wallet, account: accounts[0] as WalletAccount }
}

/** Waits until the wallet has a pending request; returns it. */
async function nextPending(wallet: DevSolanaWallet) {
  for (let i = 0; i < 100; i++) {
    const [request] = wallet.pending
    if (request) return request
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new TestFailure('no pending request')
}

/** An unsigned legacy (or v0) transfer from `from` as wire bytes, with the latest blockhash. */
async function transferBytes(from: PublicKey, to: PublicKey, lamports: number, version: 'legacy' | 0 = 'legacy'): Promise<Uint8Array> {
  const { blockhash } = await connection.getLatestBlockhash()
  const message = new TransactionMessage({ payerKey: from, recentBlockhash: blockhash, instructions: [SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports })] })
  return new VersionedTransaction(version === 'legacy' ? message.compileToLegacyMessage() : message.compileToV0Message()).serialize()
}

const verifies = (transaction: VersionedTransaction, signer: PublicKey): boolean => ed25519.verify(transaction.signatures[0] as Uint8Array, transaction.message.serialize(), signer.toBytes())

describe('the Wallet Standard surface', () => {
  test('behavior: name, base64 SVG icon, the local chains and every feature the adapter needs', () => {
    const wallet = makeWallet()
    const asWallet: Wallet = wallet
    expect(asWallet.version).toBe('1.0.0')
    expect(wallet.name).toBe('Latchkey Dev Solana Wallet')
    expect(wallet.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(wallet.chains).toEqual(['solana:localnet', SOLANA_LOCALNET_CAIP_NETWORK_ID])
    expect(Object.keys(wallet.features).sort()).toEqual(['solana:signAndSendTransaction', 'solana:signMessage', 'solana:signTransaction', 'standard:connect', 'standard:disconnect', 'standard:events'])
    expect(wallet.features['solana:signTransaction'].supportedTransactionVersions).toEqual(['legacy', 0])
    expect(wallet.accounts).toEqual([])
  })

  test('behavior: by default the accounts are the five dev keypairs, account 0 selected', () => {
    const wallet = new DevSolanaWallet({ rpcUrl })
    expect(wallet.addresses).toEqual(DEV_SOLANA_ADDRESSES)
    expect(wallet.state).toMatchObject({ accountIndex: 0, address: DEV_SOLANA_ADDRESSES[0], authorised: false })
  })
})

describe('standard:connect, disconnect and events', () => {
  test('behavior: connect waits for approval, then answers the selected account and emits change', async () => {
    const wallet = makeWallet()
    const changes: unknown[] = []
    wallet.features['standard:events'].on('change', (properties) => changes.push(properties.accounts?.map((a) => a.address)))
    const connecting = wallet.features['standard:connect'].connect()
    const request = await nextPending(wallet)
    expect(request).toMatchObject({ kind: 'connect', feature: 'standard:connect' })
    wallet.approve(request.id)
    const { accounts } = await connecting
    expect(accounts).toHaveLength(1)
    const account = accounts[0] as WalletAccount
    expect(account.address).toBe(funded[0]?.publicKey.toBase58())
    expect(base58Encode(account.publicKey as Uint8Array)).toBe(account.address)
    expect(account.chains).toEqual(wallet.chains)
    expect(account.features).toEqual(['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'])
    expect(wallet.accounts).toEqual([account])
    expect(changes).toEqual([[account.address]])
  })

  test('behavior: a rejected connect rejects with 4001 and leaves the site disconnected', async () => {
    const wallet = makeWallet()
    const connecting = wallet.features['standard:connect'].connect()
    wallet.reject((await nextPending(wallet)).id)
    await expect(connecting).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(wallet.accounts).toEqual([])
  })

  test('behavior: a silent connect never asks; it answers no accounts until the site was approved, then the account', async () => {
    const wallet = makeWallet()
    expect((await wallet.features['standard:connect'].connect({ silent: true })).accounts).toEqual([])
    expect(wallet.pending).toEqual([])
    wallet.setAutoApprove(true)
    await wallet.features['standard:connect'].connect()
    expect((await wallet.features['standard:connect'].connect({ silent: true })).accounts.map((a) => a.address)).toEqual([funded[0]?.publicKey.toBase58()])
  })

  test('behavior: two connects at once share one approval', async () => {
    const wallet = makeWallet()
    const both = Promise.all([wallet.features['standard:connect'].connect(), wallet.features['standard:connect'].connect()])
    const request = await nextPending(wallet)
    expect(wallet.pending).toHaveLength(1)
    wallet.approve(request.id)
    const [a, b] = await both
    expect(a.accounts[0]).toBe(b.accounts[0])
  })

  test('behavior: switching account and disconnecting emit change; disconnect leaves no accounts', async () => {
    const { wallet } = await connected()
    const changes: Array<string[] | undefined> = []
    const off = wallet.features['standard:events'].on('change', (p) => changes.push(p.accounts?.map((a) => a.address)))
    wallet.setAccount(1)
    await wallet.features['standard:disconnect'].disconnect()
    off()
    wallet.setAccount(0)
    expect(changes).toEqual([[funded[1]?.publicKey.toBase58()], []])
    expect(wallet.accounts).toEqual([])
    expect(() => wallet.setAccount(7)).toThrow(UnknownAccountError)
  })

  test('behavior: the authorisation, account and auto-approve persist in storage; malformed storage starts fresh', async () => {
    const store = new Map<string, string>()
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) }
    const first = makeWallet({ storage, autoApprove: true })
    await first.features['standard:connect'].connect()
    first.setAccount(1)
    const reloaded = makeWallet({ storage })
    expect(reloaded.state).toMatchObject({ authorised: true, accountIndex: 1, autoApprove: true })
    expect((await reloaded.features['standard:connect'].connect({ silent: true })).accounts[0]?.address).toBe(funded[1]?.publicKey.toBase58())
    store.set('latchkey-dev-solana-wallet', '{not json')
    expect(makeWallet({ storage }).state).toMatchObject({ authorised: false, accountIndex: 0, autoApprove: false })
  })
})

describe('solana:signMessage', () => {
  test('behavior: signs each message with ed25519 (verifiable with the account key) after one approval', async () => {
    const { wallet, account } = await connected({ approve: false })
    const messages = [encoder.encode('Sign in to the demo'), encoder.encode('second')]
    const signing = wallet.features['solana:signMessage'].signMessage(...messages.map((message) => ({ account, message })))
    const request = await nextPending(wallet)
    expect(request).toMatchObject({ kind: 'signMessage', details: ['Sign in to the demo', 'second'] })
    wallet.approve(request.id)
    const outputs = await signing
    expect(outputs).toHaveLength(2)
    outputs.forEach((output, i) => {
      expect(output.signature).toHaveLength(64)
      expect(output.signedMessage).toEqual(messages[i])
      expect(ed25519.verify(output.signature, messages[i] as Uint8Array, account.publicKey as Uint8Array)).toBe(true)
    })
  })

  test('behavior: rejected → 4001; not connected or another account → 4100; not bytes → -32602', async () => {
    const { wallet, account } = await connected({ approve: false })
    const signing = wallet.features['solana:signMessage'].signMessage({ account, message: encoder.encode('x') })
    wallet.reject((await nextPending(wallet)).id)
    await expect(signing).rejects.toMatchObject({ code: 4001 })
    const other = { ...account, address: funded[1]?.publicKey.toBase58() as string }
    await expect(wallet.features['solana:signMessage'].signMessage({ account: other, message: encoder.encode('x') })).rejects.toMatchObject({ code: 4100 })
    await expect(wallet.features['solana:signMessage'].signMessage({ account, message: 'text' as never })).rejects.toMatchObject({ code: -32602 })
    wallet.disconnect()
    await expect(wallet.features['solana:signMessage'].signMessage({ account, message: encoder.encode('x') })).rejects.toBeInstanceOf(DevSolanaWalletError)
  })

  test('behavior: misbehaving, it answers a 63-byte signature or one that does not verify', async () => {
    const { wallet, account } = await connected()
    const message = encoder.encode('hello')
    wallet.misbehave = { shortSignature: true }
    expect((await wallet.features['solana:signMessage'].signMessage({ account, message }))[0]?.signature).toHaveLength(63)
    wallet.misbehave = { wrongSignature: true }
    const [output] = await wallet.features['solana:signMessage'].signMessage({ account, message })
    expect(ed25519.verify(output?.signature as Uint8Array, message, account.publicKey as Uint8Array)).toBe(false)
  })
})

describe('solana:signTransaction', () => {
  test('behavior: signs legacy and v0 transactions in one approval (sign-all), and the node accepts them', async () => {
    const { wallet, account } = await connected({ approve: false })
    const from = funded[0]?.publicKey as PublicKey
    const receivers = [Keypair.generate().publicKey, Keypair.generate().publicKey]
    const inputs = [
      { account, transaction: await transferBytes(from, receivers[0] as PublicKey, LAMPORTS_PER_SOL / 10) },
      { account, transaction: await transferBytes(from, receivers[1] as PublicKey, LAMPORTS_PER_SOL / 5, 0), chain: SOLANA_LOCALNET_CAIP_NETWORK_ID as `${string}:${string}` },
    ]
    const signing = wallet.features['solana:signTransaction'].signTransaction(...inputs)
    const request = await nextPending(wallet)
    expect(request.kind).toBe('signTransaction')
    expect(request.details).toHaveLength(2)
    expect(request.details[0]).toBe(`Legacy transaction, fee payer ${from.toBase58()}\nTransfer 0.1 SOL to ${receivers[0]?.toBase58()}`)
    wallet.approve(request.id)
    const outputs = await signing
    for (const [i, output] of outputs.entries()) {
      const tx = VersionedTransaction.deserialize(output.signedTransaction)
      expect(tx.message.serialize()).toEqual(VersionedTransaction.deserialize(inputs[i]?.transaction as Uint8Array).message.serialize())
      expect(verifies(tx, from)).toBe(true)
      await connection.sendRawTransaction(output.signedTransaction)
    }
    expect(await connection.getBalance(receivers[1] as PublicKey)).toBe(LAMPORTS_PER_SOL / 5)
  })

  test('behavior: refuses what it cannot sign: bad bytes, a transaction it is not a signer of, an unknown chain', async () => {
    const { wallet, account } = await connected()
    const sign = wallet.features['solana:signTransaction'].signTransaction
    await expect(sign({ account, transaction: new Uint8Array([1, 2, 3]) })).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/does not deserialize/) })
    const stranger = Keypair.generate().publicKey
    await expect(sign({ account, transaction: await transferBytes(stranger, stranger, 1) })).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/is not a signer/) })
    await expect(sign({ account, transaction: await transferBytes(funded[0]?.publicKey as PublicKey, stranger, 1), chain: 'solana:mainnet' })).rejects.toMatchObject({
      message: expect.stringMatching(/unsupported chain solana:mainnet/),
    })
  })

  test('behavior: misbehaving, it returns the transaction unsigned, or altered with a transfer to the thief and signed', async () => {
    const { wallet, account } = await connected()
    const from = funded[0]?.publicKey as PublicKey
    const transaction = await transferBytes(from, Keypair.generate().publicKey, 1_000_000)
    wallet.misbehave = { unsignedTransaction: true }
    const [unsigned] = await wallet.features['solana:signTransaction'].signTransaction({ account, transaction })
    expect(unsigned?.signedTransaction).toEqual(transaction)
    wallet.misbehave = { alterTransaction: true }
    const [altered] = await wallet.features['solana:signTransaction'].signTransaction({ account, transaction })
    const tx = VersionedTransaction.deserialize(altered?.signedTransaction as Uint8Array)
    expect(describeTransaction(tx).split('\n').slice(1)).toEqual([expect.stringMatching(/^Transfer 0.001 SOL to /), `Transfer 0.001 SOL to ${DEV_SOLANA_THIEF_ADDRESS}`])
    expect(verifies(tx, from)).toBe(true)
  })
})

describe('solana:signAndSendTransaction', () => {
  test("behavior: signs and sends through the local RPC; both balances change; the signature is the transaction's", async () => {
    const { wallet } = await connected()
    const from = funded[1]?.publicKey as PublicKey
    wallet.setAccount(1)
    const to = Keypair.generate().publicKey
    const before = await connection.getBalance(from)
    const [output] = await wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
      account: wallet.accounts[0] as WalletAccount,
      chain: 'solana:localnet',
      transaction: await transferBytes(from, to, LAMPORTS_PER_SOL),
      options: { commitment: 'confirmed' },
    })
    expect(output?.signature).toHaveLength(64)
    const { value } = await connection.getSignatureStatuses([base58Encode(output?.signature as Uint8Array)])
    expect(value[0]).toMatchObject({ err: null })
    expect(await connection.getBalance(to)).toBe(LAMPORTS_PER_SOL)
    expect(await connection.getBalance(from)).toBe(before - LAMPORTS_PER_SOL - 5000)
  })

  test("behavior: a preflight failure reaches the site with the node's code, the runtime's words and the logs", async () => {
    const { wallet, account } = await connected()
    const input: SolanaSignAndSendTransactionInput = { account, chain: 'solana:localnet', transaction: await transferBytes(funded[0]?.publicKey as PublicKey, Keypair.generate().publicKey, 1000) }
    const error = await wallet.features['solana:signAndSendTransaction'].signAndSendTransaction(input).catch((e: DevSolanaWalletError) => e)
    expect(error).toBeInstanceOf(DevSolanaWalletError)
    expect(error).toMatchObject({ code: -32002, message: 'Transaction simulation failed: Transaction results in an account (1) with insufficient funds for rent' })
    expect((error as DevSolanaWalletError).data).toMatchObject({ logs: expect.arrayContaining(['Program 11111111111111111111111111111111 success']) })
  })

  test('behavior: the send options reach the node: skipPreflight lands a failing transfer, minContextSlot ahead is refused', async () => {
    const { wallet, account } = await connected()
    const send = wallet.features['solana:signAndSendTransaction'].signAndSendTransaction
    const from = funded[0]?.publicKey as PublicKey
    const [output] = await send({
      account,
      chain: 'solana:localnet',
      transaction: await transferBytes(from, Keypair.generate().publicKey, 1001),
      options: { skipPreflight: true, maxRetries: 0, preflightCommitment: 'processed' },
    })
    const { value } = await connection.getSignatureStatuses([base58Encode(output?.signature as Uint8Array)])
    expect(value[0]?.err).toEqual({ InsufficientFundsForRent: { account_index: 1 } })
    await expect(send({ account, chain: 'solana:localnet', transaction: await transferBytes(from, Keypair.generate().publicKey, 1_000_000), options: { minContextSlot: 1e12 } })).rejects.toMatchObject({ code: -32016 })
  })

  test("behavior: a chain is required and must be one of the wallet's; unsigned sends are refused by the node", async () => {
    const { wallet, account } = await connected()
    const send = wallet.features['solana:signAndSendTransaction'].signAndSendTransaction
    const transaction = await transferBytes(funded[0]?.publicKey as PublicKey, Keypair.generate().publicKey, 1_000_000)
    await expect(send({ account, transaction } as SolanaSignAndSendTransactionInput)).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/chain is required/) })
    await expect(send({ account, transaction, chain: 'solana:devnet' })).rejects.toMatchObject({ code: -32602 })
    wallet.misbehave = { unsignedTransaction: true }
    await expect(send({ account, transaction, chain: 'solana:localnet' })).rejects.toMatchObject({ code: -32003, message: 'Transaction signature verification failure' })
  })
})

describe('test hooks and registration', () => {
  test('behavior: hang never settles, throwString rejects with a plain string, auto-approve clears the queue', async () => {
    const { wallet, account } = await connected({ approve: false })
    wallet.hang = new Set(['solana:signMessage'])
    let settled = false
    void wallet.features['solana:signMessage'].signMessage({ account, message: encoder.encode('x') }).finally(() => (settled = true))
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(settled).toBe(false)
    wallet.hang = new Set()
    wallet.misbehave = { throwString: 'boom' }
    await expect(wallet.features['standard:connect'].connect()).rejects.toBe('boom')
    wallet.misbehave = {}
    const signing = wallet.features['solana:signMessage'].signMessage({ account, message: encoder.encode('y') })
    await nextPending(wallet)
    wallet.setAutoApprove(true)
    expect(await signing).toHaveLength(1)
    expect(wallet.approve(999)).toBe(false)
    expect(wallet.reject(999)).toBe(false)
  })

  test('behavior: registerDevSolanaWallet joins apps already listening and apps that announce themselves later', () => {
    const target = new EventTarget()
    const wallet = makeWallet()
    const earlyApp: Wallet[] = []
    const lateApp: Wallet[] = []
    const appApi = (list: Wallet[]) => ({ register: (w: Wallet) => (list.push(w), () => list.splice(list.indexOf(w), 1)) })
    target.addEventListener('wallet-standard:register-wallet', (event) => (event as CustomEvent<(api: unknown) => void>).detail(appApi(earlyApp)))
    const unregister = registerDevSolanaWallet(wallet, target)
    target.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: appApi(lateApp) }))
    expect([earlyApp, lateApp]).toEqual([[wallet], [wallet]])
    unregister()
    expect([earlyApp, lateApp]).toEqual([[], []])
    target.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: appApi(lateApp) }))
    expect(lateApp).toEqual([])
  })

  test('behavior: addresses decode to the account public keys', () => {
    const wallet = makeWallet()
    expect(wallet.addresses.map((a) => base58Decode(a))).toEqual(funded.map((k) => k.publicKey.toBytes()))
  })
})
