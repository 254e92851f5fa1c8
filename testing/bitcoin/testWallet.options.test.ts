import { Verifier } from 'bip322-js'
import { address } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import type { BitcoinWalletAccount } from '../../adapters/bip122.standard.ts'
import { TestWalletError, TestWalletOptionsError, UnknownAccountError } from '../errors.ts'
import { DEV_BITCOIN_ORDINALS_ADDRESSES, DEV_BITCOIN_PAYMENT_ADDRESSES } from './accounts.ts'
import { BITCOIN_CAIP_NETWORK_IDS, createTestBitcoinWallet, installTestBitcoinWallet, TEST_BITCOIN_WALLET_NAME, type TestBitcoinWallet, type TestBitcoinWalletOptions } from './testWallet.ts'

/**
 * The test Bitcoin wallet's keys, its checks of a test's input, and its prompts and events as far as they need no
 * blockchain API (connect, sign a message); the real transfers through the reference API are in testWallet.test.ts.
 */
const apiUrl = 'http://127.0.0.1:1/blockchain'
const ABANDON = `${'abandon '.repeat(11)}about`
const text = (s: string) => new TextEncoder().encode(s)
const connectOf = (wallet: TestBitcoinWallet, purposes: ('payment' | 'ordinals')[] = ['payment', 'ordinals']) => wallet.wallet.features['bitcoin:connect'].connect({ purposes })

describe('keys', () => {
  it("a mnemonic's first accounts on Bitcoin are BIP-84's and BIP-86's test vectors (m/84'/0'/0'/0/i, m/86'/0'/0'/0/i)", () => {
    const wallet = createTestBitcoinWallet({ apiUrl, mnemonic: ABANDON, accountCount: 2, chain: BITCOIN_CAIP_NETWORK_IDS['bitcoin:mainnet'] })
    expect(wallet.addresses).toEqual(['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g'])
    expect(wallet.ordinalsAddresses).toEqual(['bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr', 'bc1p4qhjn9zdvkux4e44uhx8tc55attvtyu358kutcqkudyccelu0was9fqzwh'])
    expect(wallet.chains).toEqual(['bitcoin:mainnet'])
    expect(wallet.caipNetworkId).toBe('bip122:000000000019d6689c085ae165831e93')
  })

  it('on the test networks the coin type is 1 and the addresses carry the network (tb1, bcrt1); default the development accounts on regtest', () => {
    const testnet = createTestBitcoinWallet({ apiUrl, mnemonic: ABANDON, accountCount: 1, chain: 'bitcoin:testnet' })
    expect(testnet.addresses[0]).toMatch(/^tb1q/)
    expect(testnet.wallet.accounts).toEqual([])
    const regtest = createTestBitcoinWallet({ apiUrl, mnemonic: ABANDON, accountCount: 1 })
    expect(regtest.addresses[0]).toMatch(/^bcrt1q/)
    // The same key (coin type 1) on testnet and regtest, so the same witness program.
    expect(address.fromBech32(regtest.addresses[0]!).data).toEqual(address.fromBech32(testnet.addresses[0]!).data)
    const dev = createTestBitcoinWallet({ apiUrl })
    expect(dev.addresses).toEqual(DEV_BITCOIN_PAYMENT_ADDRESSES)
    expect(dev.ordinalsAddresses).toEqual(DEV_BITCOIN_ORDINALS_ADDRESSES)
    expect(dev.caipNetworkId).toBe(BITCOIN_CAIP_NETWORK_IDS['bitcoin:regtest'])
  })
})

describe('bad input is a typed error naming the field', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['a chain of another namespace', { chain: 'eip155:1' }, /options\.chain must be a CAIP-2 id of Bitcoin.*"eip155:1"/],
    ['an unknown bip122 chain', { chain: 'bip122:00000000000000000000000000000000' }, /options\.chain.*got "bip122:0+…"/],
    ['an API URL that is not http(s)', { apiUrl: 'ws://127.0.0.1:8600' }, /options\.apiUrl must be an http\(s\) URL/],
    ['a mnemonic word outside BIP-39', { mnemonic: `${'abandon '.repeat(11)}zzz` }, /word 12 \("zzz"\)/],
    ['a mnemonic with a wrong checksum', { mnemonic: `${'abandon '.repeat(11)}abandon` }, /checksum/],
    ['an account count of 21', { mnemonic: ABANDON, accountCount: 21 }, /options\.accountCount must be an integer from 1 to 20/],
    ['an unknown message protocol', { messageProtocols: ['bip137'] }, /options\.messageProtocols/],
    ['a fee rate of 0', { feeRate: 0 }, /options\.feeRate must be a positive number/],
    ['an unknown answer', { answer: 'maybe' }, /options\.answer must be/],
    ['an empty name', { name: '' }, /options\.name must be a non-empty string/],
    ['options that are not an object', null, /options must be an object/],
  ]
  it.each(cases)('%s', (_, options, details) => {
    const error = (() => {
      try {
        createTestBitcoinWallet(options === null ? (null as never) : { apiUrl, ...(options as TestBitcoinWalletOptions) })
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(TestWalletOptionsError)
    expect((error as TestWalletOptionsError).details).toMatch(details)
  })

  it('an unknown prompt kind, an account outside the wallet, settling with nothing pending', () => {
    const wallet = createTestBitcoinWallet({ apiUrl })
    expect(() => wallet.answerNext('reject', 'signAndSendTransaction' as never)).toThrow(TestWalletOptionsError)
    expect(() => wallet.setAccount(5)).toThrow(UnknownAccountError)
    expect(() => wallet.settle('approve')).toThrow(TestWalletError)
  })
})

describe('prompts and events', () => {
  it('approves by default: connect answers the payment and ordinals accounts, signMessage a BIP-322 signature that verifies', async () => {
    const wallet = createTestBitcoinWallet({ apiUrl, mnemonic: ABANDON, accountCount: 1 })
    const { accounts } = await connectOf(wallet)
    expect(accounts.map((a) => a.address)).toEqual([wallet.addresses[0], wallet.ordinalsAddresses[0]])
    for (const account of accounts) {
      const { signature } = await wallet.wallet.features['bitcoin:signMessage'].signMessage({ account, message: text('gm'), protocol: 'bip322' })
      expect(Verifier.verifySignature(account.address, 'gm', signature)).toBe(true)
      expect(Verifier.verifySignature(account.address, 'gn', signature)).toBe(false)
    }
  })

  it('rejects the next prompt of a kind with 4001, fails one with the given code, and approves the others', async () => {
    const wallet = createTestBitcoinWallet({ apiUrl })
    wallet.answerNext('reject', 'connect')
    await expect(connectOf(wallet)).rejects.toMatchObject({ code: 4001 })
    expect(wallet.state.authorised).toBe(false)
    wallet.answerNext({ code: -32603, message: 'Internal error', data: { why: 'test' } }, 'signMessage')
    const { accounts } = await connectOf(wallet, ['payment'])
    const account = accounts[0] as BitcoinWalletAccount
    const sign = () => wallet.wallet.features['bitcoin:signMessage'].signMessage({ account, message: text('gm'), protocol: 'ecdsa' })
    await expect(sign()).rejects.toMatchObject({ code: -32603, message: 'Internal error', data: { why: 'test' } })
    const { signature } = await sign()
    expect(Verifier.verifySignature(account.address, 'gm', signature)).toBe(true)
  })

  it('leaves a hung prompt pending until the test settles it; the prompt says what is asked', async () => {
    const wallet = createTestBitcoinWallet({ apiUrl, answer: 'hang' })
    let settled = false
    const answer = connectOf(wallet, ['payment']).finally(() => (settled = true))
    const prompt = await wallet.waitForPrompt('connect')
    expect(prompt).toMatchObject({ kind: 'connect', detail: 'Purposes: payment' })
    await Promise.resolve()
    expect(settled).toBe(false)
    wallet.settle('approve', prompt.id)
    expect((await answer).accounts.map((a) => a.address)).toEqual([DEV_BITCOIN_PAYMENT_ADDRESSES[0]])
    expect(wallet.prompts).toEqual([])
  })

  it("the wallet's own account change and disconnect are Wallet Standard change events", async () => {
    const wallet = createTestBitcoinWallet({ apiUrl })
    const changes: string[][] = []
    wallet.wallet.features['standard:events'].on('change', ({ accounts }) => changes.push((accounts ?? []).map((a) => a.address)))
    await connectOf(wallet, ['payment'])
    wallet.setAccount(2)
    wallet.disconnect()
    expect(changes).toEqual([[DEV_BITCOIN_PAYMENT_ADDRESSES[0]], [DEV_BITCOIN_PAYMENT_ADDRESSES[2]], []])
    expect(wallet.state).toEqual({ authorised: false, accountIndex: 2, paymentAddress: DEV_BITCOIN_PAYMENT_ADDRESSES[2], ordinalsAddress: DEV_BITCOIN_ORDINALS_ADDRESSES[2] })
  })

  it('keeps its authorisation and account in the storage it is given, under its name; a second wallet reads them back', async () => {
    const entries = new Map<string, string>()
    const storage = { getItem: (k: string) => entries.get(k) ?? null, setItem: (k: string, v: string) => void entries.set(k, v), removeItem: (k: string) => void entries.delete(k) }
    const first = createTestBitcoinWallet({ apiUrl, storage, name: 'Kept' })
    await connectOf(first)
    first.setAccount(1)
    expect(JSON.parse(entries.get('latchkey-test-bitcoin-wallet:Kept')!)).toEqual({ authorised: true, accountIndex: 1, autoApprove: false })
    const again = createTestBitcoinWallet({ apiUrl, storage, name: 'Kept' })
    expect((await again.wallet.features['bitcoin:connect'].connect({ purposes: ['payment'], silent: true })).accounts.map((a) => a.address)).toEqual([DEV_BITCOIN_PAYMENT_ADDRESSES[1]])
  })

  it('installs into a page: registered with a Wallet Standard app under its name, with its chain; uninstall withdraws it', () => {
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
    const { wallet, uninstall } = installTestBitcoinWallet({ apiUrl, storage: undefined }, target)
    expect(registered).toEqual([`${TEST_BITCOIN_WALLET_NAME} bitcoin:regtest`])
    expect(wallet.name).toBe(TEST_BITCOIN_WALLET_NAME)
    uninstall()
    expect(unregistered).toEqual([TEST_BITCOIN_WALLET_NAME])
  })
})
