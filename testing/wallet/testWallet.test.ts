import { verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { TestWalletError, TestWalletOptionsError, UnknownAccountError, UnknownChainError } from '../errors.ts'
import { DEV_ADDRESSES, DEV_MNEMONIC } from './accounts.ts'
import { DevWalletRpcError } from './provider.ts'
import { createTestWallet, installTestWallet, parseAnswer, TEST_WALLET_RDNS, testWalletStorageKey } from './testWallet.ts'

/**
 * The test wallet's prompt control (approve, reject, hang, fail), its events and its checks of a test's input. Nothing
 * here reaches a node: connecting, switching and signing are the wallet's own; the real send on anvil is in
 * testWallet.send.test.ts.
 */
const rpcUrl = 'http://127.0.0.1:1'
const connect = { method: 'eth_requestAccounts' }
const sign = (address: string = DEV_ADDRESSES[0]) => ({ method: 'personal_sign', params: ['0x68656c6c6f', address] })

describe('prompts', () => {
  it('approves every prompt by default: connect answers the account, personal_sign a real signature of it', async () => {
    const wallet = createTestWallet({ rpcUrl })
    expect(await wallet.provider.request(connect)).toEqual([DEV_ADDRESSES[0]])
    const signature = await wallet.provider.request(sign())
    expect(await verifyMessage({ address: DEV_ADDRESSES[0], message: { raw: '0x68656c6c6f' }, signature })).toBe(true)
  })

  it('rejects the next prompt of a kind with 4001 and approves the others', async () => {
    const wallet = createTestWallet({ rpcUrl })
    wallet.answerNext('reject', 'sign')
    expect(await wallet.provider.request(connect)).toEqual([DEV_ADDRESSES[0]])
    await expect(wallet.provider.request(sign())).rejects.toMatchObject({ code: 4001 })
    await expect(wallet.provider.request(sign())).resolves.toMatch(/^0x[0-9a-f]{130}$/)
  })

  it('uses queued answers in order, then the default answer', async () => {
    const wallet = createTestWallet({ rpcUrl, answer: 'reject' })
    wallet.answerNext('approve')
    wallet.answerNext({ code: -32603, message: 'Internal error', data: { why: 'test' } })
    expect(await wallet.provider.request(connect)).toEqual([DEV_ADDRESSES[0]])
    await expect(wallet.provider.request(sign())).rejects.toMatchObject({ code: -32603, message: 'Internal error', data: { why: 'test' } })
    await expect(wallet.provider.request(sign())).rejects.toMatchObject({ code: 4001 })
  })

  it('fails a prompt with the given EIP-1193 error: a real Error with its code', async () => {
    const wallet = createTestWallet({ rpcUrl, answer: { code: 4100, message: 'Unauthorized' } })
    const error = await wallet.provider.request(connect).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DevWalletRpcError)
    expect(error).toMatchObject({ code: 4100, message: 'Unauthorized' })
    expect(wallet.state.authorised).toBe(false)
  })

  it('leaves a hung prompt pending until the test settles it', async () => {
    const wallet = createTestWallet({ rpcUrl })
    wallet.answerNext('hang', 'connect')
    let settled = false
    const answer = wallet.provider.request(connect).finally(() => (settled = true))
    const prompt = await wallet.waitForPrompt('connect')
    expect(prompt).toMatchObject({ kind: 'connect', method: 'eth_requestAccounts' })
    expect(wallet.prompts.map((p) => p.id)).toEqual([prompt.id])
    await Promise.resolve()
    expect(settled).toBe(false)
    wallet.settle('approve', prompt.id)
    expect(await answer).toEqual([DEV_ADDRESSES[0]])
    expect(wallet.prompts).toEqual([])
  })

  it('waitForPrompt resolves for a prompt hung later, and settle with no id answers the oldest', async () => {
    const wallet = createTestWallet({ rpcUrl, answer: 'hang' })
    const waiting = wallet.waitForPrompt()
    const answer = wallet.provider.request(connect)
    expect((await waiting).kind).toBe('connect')
    wallet.settle('reject')
    await expect(answer).rejects.toMatchObject({ code: 4001 })
  })

  it('settle with nothing pending, or an unknown id, is a TestWalletError', () => {
    const wallet = createTestWallet({ rpcUrl })
    expect(() => wallet.settle('approve')).toThrow(TestWalletError)
    expect(() => wallet.settle('approve', 42)).toThrow(/No pending prompt 42/)
  })
})

describe('signMessage', () => {
  it("signs as the account's personal_sign would, with no prompt and no change to the wallet", async () => {
    const wallet = createTestWallet({ rpcUrl, mnemonic: DEV_MNEMONIC })
    wallet.setAnswer('hang')
    const signature = await wallet.signMessage('hello', 2)
    expect(await verifyMessage({ address: DEV_ADDRESSES[2], message: 'hello', signature })).toBe(true)
    expect(await verifyMessage({ address: DEV_ADDRESSES[0], message: 'hello', signature: await createTestWallet({ rpcUrl }).signMessage('hello') })).toBe(true)
    expect(wallet.prompts).toEqual([])
    expect(wallet.state).toMatchObject({ authorised: false, accountIndex: 0 })
  })

  it('bad input: an account outside the wallet is an UnknownAccountError; a message that is not text a TestWalletError', async () => {
    const wallet = createTestWallet({ rpcUrl })
    for (const bad of [-1, 5, 0.5]) await expect(wallet.signMessage('hello', bad)).rejects.toBeInstanceOf(UnknownAccountError)
    await expect(wallet.signMessage(42 as unknown as string)).rejects.toThrow(new TestWalletError('The test wallet signs text only', { details: 'message must be a string, got 42' }))
  })
})

describe('events', () => {
  it('setAccount emits accountsChanged, setChain chainChanged, disconnect accountsChanged [] and disconnect (4900)', async () => {
    const wallet = createTestWallet({ rpcUrl, chains: [31337, { chainId: 31338 }] })
    const seen: unknown[] = []
    for (const event of ['accountsChanged', 'chainChanged', 'disconnect']) wallet.provider.on(event, (value: unknown) => seen.push([event, value instanceof Error ? (value as DevWalletRpcError).code : value]))
    await wallet.provider.request(connect)
    seen.length = 0
    wallet.setAccount(2)
    wallet.setChain(31338)
    wallet.disconnect()
    expect(seen).toEqual([
      ['accountsChanged', [DEV_ADDRESSES[2]]],
      ['chainChanged', '0x7a6a'],
      ['accountsChanged', []],
      ['disconnect', 4900],
    ])
  })

  it('exposedAccounts gives a site several accounts, the selected first; each signs; selecting another reorders them', async () => {
    const wallet = createTestWallet({ rpcUrl, exposedAccounts: 3 })
    const seen: unknown[] = []
    wallet.provider.on('accountsChanged', (accounts: unknown) => seen.push(accounts))
    expect(await wallet.provider.request(connect)).toEqual(DEV_ADDRESSES.slice(0, 3))
    const signature = await wallet.provider.request(sign(DEV_ADDRESSES[2]))
    expect(await verifyMessage({ address: DEV_ADDRESSES[2], message: { raw: '0x68656c6c6f' }, signature })).toBe(true)
    await expect(wallet.provider.request(sign(DEV_ADDRESSES[3]))).rejects.toMatchObject({ code: 4100 })
    seen.length = 0
    wallet.setAccount(1)
    expect(seen).toEqual([[DEV_ADDRESSES[1], DEV_ADDRESSES[0], DEV_ADDRESSES[2]]])
    expect(await wallet.provider.request({ method: 'eth_accounts' })).toEqual([DEV_ADDRESSES[1], DEV_ADDRESSES[0], DEV_ADDRESSES[2]])
  })

  it('an unknown chain or account is a typed error and changes nothing', async () => {
    const wallet = createTestWallet({ rpcUrl })
    expect(() => wallet.setChain(10)).toThrow(UnknownChainError)
    expect(() => wallet.setAccount(5)).toThrow(UnknownAccountError)
    expect(() => wallet.setAccount(1.5)).toThrow(UnknownAccountError)
    expect(wallet.state).toMatchObject({ chainId: 31337, accountIndex: 0 })
  })
})

describe('options', () => {
  it('a mnemonic gives its accounts at m/44h/60h/0h/0/i (anvil’s mnemonic gives anvil’s accounts)', () => {
    const wallet = createTestWallet({ mnemonic: DEV_MNEMONIC, accountCount: 3, rpcUrl })
    expect(wallet.addresses).toEqual(DEV_ADDRESSES.slice(0, 3))
  })

  it('private keys give their accounts, in order', () => {
    const wallet = createTestWallet({ accounts: ['0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'], rpcUrl })
    expect(wallet.addresses).toEqual([DEV_ADDRESSES[0]])
  })

  it.each([
    ['a key that is not hex', { accounts: ['0x1234'] }, /options.accounts\[0\] must be a private key/],
    ['a key outside the curve', { accounts: [`0x${'f'.repeat(64)}`] }, /not a valid secp256k1 private key/],
    ['no accounts', { accounts: [] }, /non-empty array/],
    ['accounts and a mnemonic', { accounts: [`0x${'1'.repeat(64)}`], mnemonic: DEV_MNEMONIC }, /not both/],
    ['a word that is not BIP-39', { mnemonic: DEV_MNEMONIC.replace('junk', 'junkk') }, /word 12 \("junkk"\)/],
    ['a bad checksum', { mnemonic: DEV_MNEMONIC.replace('junk', 'test') }, /checksum/],
    ['eleven words', { mnemonic: 'test '.repeat(11).trim() }, /11 words/],
    ['a mnemonic that is not a string', { mnemonic: 12 }, /must be a string/],
    ['an account count of 0', { mnemonic: DEV_MNEMONIC, accountCount: 0 }, /accountCount/],
    ['a chain id of 0', { chains: [0] }, /options.chains\[0\] must be a positive integer/],
    ['no chains', { chains: [] }, /non-empty array/],
    ['an RPC URL that is not http', { rpcUrl: 'ws://127.0.0.1:8545' }, /options.rpcUrl must be an http/],
    ['a chain RPC URL that is not http', { chains: [{ chainId: 1, rpcUrl: 'file:///etc' }] }, /options.chains\[0\].rpcUrl/],
    ['an answer that is not one', { answer: 'maybe' }, /options.answer must be/],
    ['an empty rdns', { rdns: '' }, /options.rdns/],
    ['no exposed account', { exposedAccounts: 0 }, /options.exposedAccounts/],
    ['more exposed accounts than accounts', { exposedAccounts: 6 }, /options.exposedAccounts/],
    ['a fractional exposed count', { exposedAccounts: 1.5 }, /options.exposedAccounts/],
  ])('%s is a TestWalletOptionsError naming the field', (_, options, message) => {
    const make = () => createTestWallet({ rpcUrl, ...(options as object) })
    expect(make).toThrow(TestWalletOptionsError)
    expect(make).toThrow(message)
  })

  it('a malformed answer or kind given later is refused and the queue is unchanged', async () => {
    const wallet = createTestWallet({ rpcUrl })
    expect(() => wallet.answerNext({ code: '4001', message: 'x' } as never)).toThrow(TestWalletOptionsError)
    expect(() => wallet.answerNext('reject', 'sing' as never)).toThrow(/kind must be one of/)
    expect(() => wallet.setAnswer(null as never)).toThrow(TestWalletOptionsError)
    expect(await wallet.provider.request(connect)).toEqual([DEV_ADDRESSES[0]])
    expect(parseAnswer({ code: 4001, message: 'no' })).toEqual({ code: 4001, message: 'no' })
  })
})

describe('installTestWallet', () => {
  it('announces the wallet over EIP-6963 under its rdns and name, and withdraws it', () => {
    const target = new EventTarget()
    const announced: Array<{ info: { rdns: string; name: string } }> = []
    target.addEventListener('eip6963:announceProvider', (e) => announced.push((e as CustomEvent).detail))
    const { wallet, uninstall } = installTestWallet({ rpcUrl, name: 'QA Wallet' }, target)
    expect(announced.map((d) => [d.info.rdns, d.info.name])).toEqual([[TEST_WALLET_RDNS, 'QA Wallet']])
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(announced).toHaveLength(2)
    uninstall()
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(announced).toHaveLength(2)
    expect(wallet.info.rdns).toBe(TEST_WALLET_RDNS)
  })

  it('keeps its authorisation in the storage given, under its rdns', async () => {
    const entries = new Map<string, string>()
    const storage = { getItem: (k: string) => entries.get(k) ?? null, setItem: (k: string, v: string) => void entries.set(k, v), removeItem: (k: string) => void entries.delete(k) }
    const { wallet } = installTestWallet({ rpcUrl, rdns: 'com.example.qa', storage }, new EventTarget())
    await wallet.provider.request(connect)
    expect(JSON.parse(entries.get(testWalletStorageKey('com.example.qa')) ?? '{}')).toMatchObject({ authorised: true })
  })
})
