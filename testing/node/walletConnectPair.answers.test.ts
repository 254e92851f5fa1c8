/**
 * The loopback WalletConnect pair's wallet against a real dapp-side `@walletconnect/sign-client` and the test anvil:
 * several accounts (every one in the session, the active one first; a request may name any), the active one switched
 * from the wallet (session update, then WalletConnect's `accountsChanged` session event), `chainChanged`, answers with
 * a custom error, and no call to the hosted verify service without the SDK's process-wide test switch.
 */
import { createPublicClient, http, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, inject, test, vi } from 'vitest'
import { startTestDapp, stopSignClient, type SignClientInstance } from '../../dev/relay/testing.ts'
import { TestWalletOptionsError } from '../errors.ts'
import { DevMobileWalletError } from '../walletConnect/uri.ts'
import { startWalletConnectPair, type WalletConnectAnswer, type WalletConnectPair } from './walletConnectPair.ts'

const CHAIN = 'eip155:31337'
const namespaces = { eip155: { chains: [CHAIN], methods: ['personal_sign', 'eth_sendTransaction'], events: ['chainChanged', 'accountsChanged'] } }

describe('startWalletConnectPair: accounts, session events and custom answers', () => {
  const pairs: WalletConnectPair[] = []
  const dapps: SignClientInstance[] = []
  afterEach(async () => {
    vi.unstubAllGlobals()
    vi.unstubAllEnvs()
    await Promise.all(dapps.splice(0).map((d) => stopSignClient(d)))
    await Promise.all(pairs.splice(0).map((p) => p.close()))
  })

  /** A pair holding `keys` (fresh funded keys: nonces of their own), a dapp on its relay, and an approved session. */
  const connected = async (keys: `0x${string}`[], answer?: WalletConnectAnswer) => {
    const pair = await startWalletConnectPair({ rpcUrl: inject('anvilRpc1'), accounts: keys, ...(answer ? { answer } : {}) })
    pairs.push(pair)
    const node = createPublicClient({ transport: http(inject('anvilRpc1')) })
    for (const address of pair.wallet.addresses) await node.request({ method: 'anvil_setBalance' as never, params: [address, '0x56BC75E2D63100000'] as never })
    const dapp = await startTestDapp(pair.relayUrl)
    dapps.push(dapp)
    const { uri, approval } = await dapp.connect({ optionalNamespaces: namespaces })
    await pair.pair(uri!)
    return { pair, dapp, approval }
  }

  test('behavior: the session carries every account, the active one first; a request may name any of them and is signed by that key', async () => {
    const keys = [generatePrivateKey(), generatePrivateKey()]
    const [first, second] = keys.map((k) => privateKeyToAccount(k).address) as [`0x${string}`, `0x${string}`]
    const { pair, dapp, approval } = await connected(keys)
    const session = await approval()
    expect(session.namespaces.eip155?.accounts).toEqual([`${CHAIN}:${first}`, `${CHAIN}:${second}`])
    expect(pair.wallet.addresses).toEqual([first, second])
    expect(pair.wallet.state()).toMatchObject({ address: first, accounts: [first, second], accountIndex: 0 })

    const signature = await dapp.request<`0x${string}`>({ topic: session.topic, chainId: CHAIN, request: { method: 'personal_sign', params: ['0x6869', second] } })
    expect(await verifyMessage({ address: second, message: 'hi', signature })).toBe(true)
    expect(await verifyMessage({ address: first, message: 'hi', signature })).toBe(false)

    // An address the wallet does not hold: 4100, as EIP-1193 says.
    const stranger = privateKeyToAccount(generatePrivateKey()).address
    await expect(dapp.request({ topic: session.topic, chainId: CHAIN, request: { method: 'personal_sign', params: ['0x6869', stranger] } })).rejects.toMatchObject({ code: 4100 })
  })

  test('behavior: setAccount makes another account active: the session is updated with it first, then accountsChanged (CAIP-10) reaches the dapp', async () => {
    const keys = [generatePrivateKey(), generatePrivateKey(), generatePrivateKey()]
    const [a0, a1, a2] = keys.map((k) => privateKeyToAccount(k).address) as [`0x${string}`, `0x${string}`, `0x${string}`]
    const { pair, dapp, approval } = await connected(keys)
    const { topic } = await approval()
    await pair.wallet.waitFor((s) => s.sessions[0]?.acknowledged === true)
    const events: Array<{ name: string; data: unknown }> = []
    dapp.on('session_event', ({ params }) => events.push(params.event))

    await pair.wallet.setAccount(2)
    expect(pair.wallet.address).toBe(a2)
    expect(pair.wallet.state()).toMatchObject({ address: a2, accountIndex: 2 })
    expect(dapp.session.get(topic).namespaces.eip155?.accounts).toEqual([`${CHAIN}:${a2}`, `${CHAIN}:${a0}`, `${CHAIN}:${a1}`])
    await vi.waitFor(() => expect(events).toContainEqual({ name: 'accountsChanged', data: [`${CHAIN}:${a2}`, `${CHAIN}:${a0}`, `${CHAIN}:${a1}`] }), { timeout: 10_000 })

    // A request naming no account (a transaction without `from`) is the active account's.
    const hash = await dapp.request<`0x${string}`>({ topic, chainId: CHAIN, request: { method: 'eth_sendTransaction', params: [{ to: a0, value: '0x1' }] } })
    const node = createPublicClient({ transport: http(inject('anvilRpc1')) })
    expect((await node.waitForTransactionReceipt({ hash })).from.toLowerCase()).toBe(a2.toLowerCase())

    // The wallet's chain switched from the wallet: chainChanged with the chain id, WalletConnect's session event.
    await pair.wallet.switchChain(31337)
    await vi.waitFor(() => expect(events).toContainEqual({ name: 'chainChanged', data: 31337 }), { timeout: 10_000 })
  })

  test('bad input: setAccount outside the wallet’s accounts is a DevMobileWalletError and changes nothing', async () => {
    const keys = [generatePrivateKey(), generatePrivateKey()]
    const { pair, approval } = await connected(keys)
    await approval()
    for (const index of [2, -1, 0.5]) await expect(pair.wallet.setAccount(index)).rejects.toBeInstanceOf(DevMobileWalletError)
    expect(pair.wallet.state()).toMatchObject({ accountIndex: 0, address: privateKeyToAccount(keys[0]!).address })
  })

  test('behavior: a request answered with a custom error reaches the dapp with its code, message and data', async () => {
    const { pair, dapp, approval } = await connected([generatePrivateKey()])
    const { topic } = await approval()
    const sign = () => dapp.request({ topic, chainId: CHAIN, request: { method: 'personal_sign', params: ['0x6869', pair.wallet.address] } })

    pair.wallet.answerNext({ code: -32000, message: 'The ledger is locked', data: { reason: 'locked' } }, 'sign')
    await expect(sign()).rejects.toMatchObject({ code: -32000, message: 'The ledger is locked', data: { reason: 'locked' } })

    // A hanging one failed by the test while it waits.
    pair.wallet.answerNext('hang', 'sign')
    const hanging = sign()
    const prompt = await pair.wallet.waitForPrompt('sign')
    pair.wallet.settle({ code: 4100, message: 'Not this account' }, prompt.id)
    await expect(hanging).rejects.toMatchObject({ code: 4100, message: 'Not this account' })
    expect(pair.wallet.prompts).toEqual([])
  })

  test('behavior: a proposal answered with a custom error rejects the dapp’s approval with that reason', async () => {
    const { pair, approval } = await connected([generatePrivateKey()], { code: 5100, message: 'Unsupported chains.' })
    await expect(approval()).rejects.toMatchObject({ code: 5100, message: 'Unsupported chains.' })
    expect(pair.wallet.state().sessions).toEqual([])
  })

  test('bad input: a malformed answer is a TestWalletOptionsError', async () => {
    const pair = await startWalletConnectPair({ rpcUrl: inject('anvilRpc1'), accounts: [generatePrivateKey()] })
    pairs.push(pair)
    expect(() => pair.wallet.setAnswer({ code: 'x', message: 'no' } as never)).toThrow(TestWalletOptionsError)
    expect(() => pair.wallet.answerNext({ code: 4001 } as never)).toThrow(TestWalletOptionsError)
    expect(() => pair.wallet.settle('maybe' as never)).toThrow(TestWalletOptionsError)
  })

  test('behavior: the wallet never asks the hosted verify service, even where the SDK’s process-wide test switch is off', async () => {
    vi.stubEnv('IS_VITEST', '')
    const asked: string[] = []
    const realFetch = globalThis.fetch
    // MOCKED (cannot run here: no internet): WalletConnect's cloud hosts are recorded and answered 404; every other
    // call (the anvil node) goes through.
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input)
      if (!/walletconnect\.(org|com)/.test(url)) return realFetch(input, init)
      asked.push(url)
      return Promise.resolve(new Response(null, { status: 404 }))
    })
    const { pair, dapp, approval } = await connected([generatePrivateKey()])
    const { topic } = await approval()
    await dapp.request({ topic, chainId: CHAIN, request: { method: 'personal_sign', params: ['0x6869', pair.wallet.address] } })
    expect(asked.filter((url) => new URL(url).hostname.startsWith('verify.'))).toEqual([])
  })
})
