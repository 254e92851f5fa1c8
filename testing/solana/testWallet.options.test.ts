import { Keypair } from '@solana/web3.js'
import type { WalletAccount } from '@wallet-standard/base'
import { describe, expect, it } from 'vitest'
import { base58Encode } from '../../adapters/solana.base58.ts'
import { TestWalletError, TestWalletOptionsError, UnknownAccountError } from '../errors.ts'
import { DEV_SOLANA_ADDRESSES } from './accounts.ts'
import { slip10Ed25519 } from './keys.ts'
import { SOLANA_LOCALNET_CAIP_NETWORK_ID } from './localnet.ts'
import { createTestSolanaWallet, installTestSolanaWallet, TEST_SOLANA_WALLET_NAME, type TestSolanaWalletOptions } from './testWallet.ts'

/**
 * The test Solana wallet's keys, its checks of a test's input, and its prompts and events as far as they need no node
 * (connect, sign a message); the real sends on the local chain are in testWallet.test.ts.
 */
const rpcUrl = 'http://127.0.0.1:1'
const ABANDON = `${'abandon '.repeat(11)}about`
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

describe('keys', () => {
  it("derives SLIP-0010 ed25519 keys as the standard's test vector 1 says", () => {
    const seed = Uint8Array.from(Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex'))
    expect(hex(slip10Ed25519(seed, []))).toBe('2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7')
    expect(hex(slip10Ed25519(seed, [0]))).toBe('68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3')
    expect(hex(slip10Ed25519(seed, [0, 1]))).toBe('b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2')
  })

  it("a mnemonic's accounts are at m/44'/501'/i'/0', distinct and as many as asked", () => {
    const wallet = createTestSolanaWallet({ rpcUrl, mnemonic: ABANDON, accountCount: 3 })
    expect(wallet.addresses).toHaveLength(3)
    expect(new Set(wallet.addresses).size).toBe(3)
    expect(createTestSolanaWallet({ rpcUrl, mnemonic: ABANDON, accountCount: 1 }).addresses[0]).toBe(wallet.addresses[0])
  })

  it('takes secret keys as base58, as 64 bytes or as a 32-byte seed; the development keypairs when none are given', () => {
    const keypair = Keypair.generate()
    const address = keypair.publicKey.toBase58()
    expect(createTestSolanaWallet({ rpcUrl, secretKeys: [base58Encode(keypair.secretKey)] }).addresses).toEqual([address])
    expect(createTestSolanaWallet({ rpcUrl, secretKeys: [[...keypair.secretKey]] }).addresses).toEqual([address])
    expect(createTestSolanaWallet({ rpcUrl, secretKeys: [keypair.secretKey.slice(0, 32)] }).addresses).toEqual([address])
    expect(createTestSolanaWallet({ rpcUrl }).addresses).toEqual(DEV_SOLANA_ADDRESSES)
  })
})

describe('bad input is a typed error naming the field', () => {
  const mismatched = new Uint8Array(64).fill(7)
  const cases: Array<[string, unknown, RegExp]> = [
    ['a key that is not base58', { secretKeys: ['0OIl'] }, /options\.secretKeys\[0\].*got "0OIl"/],
    ['a key of 40 bytes', { secretKeys: [new Uint8Array(40)] }, /options\.secretKeys\[0\].*got 40 bytes/],
    ['a 64-byte key whose public half is not its own', { secretKeys: [mismatched] }, /options\.secretKeys\[0\]: its last 32 bytes/],
    ['an empty key list', { secretKeys: [] }, /non-empty array/],
    ['keys and a mnemonic', { secretKeys: [new Uint8Array(32)], mnemonic: ABANDON }, /both set/],
    ['a mnemonic word outside BIP-39', { mnemonic: `${'abandon '.repeat(11)}zzz` }, /word 12 \("zzz"\)/],
    ['a mnemonic with a wrong checksum', { mnemonic: `${'abandon '.repeat(11)}abandon` }, /checksum/],
    ['an account count of 0', { mnemonic: ABANDON, accountCount: 0 }, /accountCount/],
    ['a chain that is not solana:', { chains: ['eip155:1'] }, /options\.chains\[0\].*"eip155:1"/],
    ['no chain', { chains: [] }, /options\.chains must be a non-empty array/],
    ['an RPC URL that is not http(s)', { rpcUrl: 'ws://127.0.0.1:8900' }, /options\.rpcUrl must be an http\(s\) URL/],
    ["a chain's RPC URL that is not http(s)", { chains: [{ id: 'solana:localnet', rpcUrl: 'localhost:8899' }] }, /options\.chains\[0\]\.rpcUrl/],
    ['an unknown answer', { answer: 'maybe' }, /options\.answer must be/],
    ['an empty name', { name: '' }, /options\.name must be a non-empty string/],
  ]
  it.each(cases)('%s', (_, options, details) => {
    const error = (() => {
      try {
        createTestSolanaWallet({ rpcUrl, ...(options as TestSolanaWalletOptions) })
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(TestWalletOptionsError)
    expect((error as TestWalletOptionsError).details).toMatch(details)
  })

  it('an unknown prompt kind, an account outside the wallet, settling with nothing pending', () => {
    const wallet = createTestSolanaWallet({ rpcUrl })
    expect(() => wallet.answerNext('reject', 'sendTransaction' as never)).toThrow(TestWalletOptionsError)
    expect(() => wallet.setAccount(5)).toThrow(UnknownAccountError)
    expect(() => wallet.settle('approve')).toThrow(TestWalletError)
  })
})

describe('prompts and events', () => {
  const connectOf = (wallet: ReturnType<typeof createTestSolanaWallet>) => wallet.wallet.features['standard:connect'].connect()
  const message = new TextEncoder().encode('hello')

  it('approves by default: connect answers the first account, signMessage a signature that verifies', async () => {
    const wallet = createTestSolanaWallet({ rpcUrl })
    const { accounts } = await connectOf(wallet)
    expect(accounts.map((a) => a.address)).toEqual([DEV_SOLANA_ADDRESSES[0]])
    const [signed] = await wallet.wallet.features['solana:signMessage'].signMessage({ account: accounts[0] as WalletAccount, message })
    const key = await crypto.subtle.importKey('raw', (accounts[0] as WalletAccount).publicKey as Uint8Array<ArrayBuffer>, { name: 'Ed25519' }, false, ['verify'])
    expect(await crypto.subtle.verify('Ed25519', key, signed!.signature as Uint8Array<ArrayBuffer>, message)).toBe(true)
  })

  it('rejects the next prompt of a kind with 4001, fails one with the given code, and approves the others', async () => {
    const wallet = createTestSolanaWallet({ rpcUrl })
    wallet.answerNext('reject', 'connect')
    await expect(connectOf(wallet)).rejects.toMatchObject({ code: 4001 })
    wallet.answerNext({ code: -32603, message: 'Internal error', data: { why: 'test' } }, 'signMessage')
    const { accounts } = await connectOf(wallet)
    const account = accounts[0] as WalletAccount
    await expect(wallet.wallet.features['solana:signMessage'].signMessage({ account, message })).rejects.toMatchObject({ code: -32603, message: 'Internal error', data: { why: 'test' } })
    await expect(wallet.wallet.features['solana:signMessage'].signMessage({ account, message })).resolves.toHaveLength(1)
  })

  it('leaves a hung prompt pending until the test settles it', async () => {
    const wallet = createTestSolanaWallet({ rpcUrl, answer: 'hang' })
    let settled = false
    const answer = connectOf(wallet).finally(() => (settled = true))
    const prompt = await wallet.waitForPrompt('connect')
    expect(prompt).toMatchObject({ kind: 'connect', feature: 'standard:connect' })
    await Promise.resolve()
    expect(settled).toBe(false)
    wallet.settle('reject', prompt.id)
    await expect(answer).rejects.toMatchObject({ code: 4001 })
    expect(wallet.prompts).toEqual([])
  })

  it("the wallet's own account change and disconnect are Wallet Standard change events", async () => {
    const wallet = createTestSolanaWallet({ rpcUrl })
    const changes: string[][] = []
    wallet.wallet.features['standard:events'].on('change', ({ accounts }) => changes.push((accounts ?? []).map((a) => a.address)))
    await connectOf(wallet)
    wallet.setAccount(2)
    wallet.disconnect()
    expect(changes).toEqual([[DEV_SOLANA_ADDRESSES[0]], [DEV_SOLANA_ADDRESSES[2]], []])
    expect(wallet.state).toEqual({ authorised: false, accountIndex: 2, address: DEV_SOLANA_ADDRESSES[2] })
  })

  it('installs into a page: registered with a Wallet Standard app under its name, with its chains; uninstall withdraws it', () => {
    const target = new EventTarget()
    const registered: string[] = []
    const unregistered: string[] = []
    target.addEventListener('wallet-standard:register-wallet', (event) => {
      ;(event as CustomEvent<(api: { register(w: { name: string; chains: readonly string[] }): () => void }) => void>).detail({
        register: (w) => {
          registered.push(`${w.name} ${w.chains.join(',')}`)
          return () => unregistered.push(w.name)
        },
      })
    })
    const { wallet, uninstall } = installTestSolanaWallet({ rpcUrl, storage: undefined }, target)
    expect(registered).toEqual([`${TEST_SOLANA_WALLET_NAME} ${SOLANA_LOCALNET_CAIP_NETWORK_ID},solana:localnet`])
    expect(wallet.name).toBe(TEST_SOLANA_WALLET_NAME)
    uninstall()
    expect(unregistered).toEqual([TEST_SOLANA_WALLET_NAME])
  })
})
