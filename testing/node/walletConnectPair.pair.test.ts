/**
 * The loopback WalletConnect pair against a real dapp-side `@walletconnect/sign-client` and the test anvil: the dapp
 * proposes, the pair's wallet pairs from the URI and answers as the test says (approve, reject, hang), signs and sends
 * for real; `close()` stops the relay and frees its port.
 */
import { createPublicClient, http, parseEther, verifyMessage } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { afterEach, describe, expect, inject, test } from 'vitest'
import { startTestDapp, stopSignClient, type SignClientInstance } from '../../dev/relay/testing.ts'
import { isPortFree } from './anvil.ts'
import { startWalletConnectPair, type WalletConnectPair } from './walletConnectPair.ts'

const namespaces = { eip155: { chains: ['eip155:31337'], methods: ['personal_sign', 'eth_sendTransaction'], events: ['chainChanged', 'accountsChanged'] } }

describe('startWalletConnectPair', () => {
  const pairs: WalletConnectPair[] = []
  const dapps: SignClientInstance[] = []
  afterEach(async () => {
    await Promise.all(dapps.splice(0).map((d) => stopSignClient(d)))
    await Promise.all(pairs.splice(0).map((p) => p.close()))
  })

  /** A pair with a fresh funded key (nonces of its own), and a dapp on its relay. */
  const start = async (answer?: 'approve' | 'reject' | 'hang') => {
    const key = generatePrivateKey()
    const pair = await startWalletConnectPair({ rpcUrl: inject('anvilRpc1'), accounts: [key], ...(answer ? { answer } : {}) })
    pairs.push(pair)
    const node = createPublicClient({ transport: http(inject('anvilRpc1')) })
    await node.request({ method: 'anvil_setBalance' as never, params: [pair.wallet.address, '0x56BC75E2D63100000'] as never })
    const dapp = await startTestDapp(pair.relayUrl)
    dapps.push(dapp)
    return { pair, dapp, node }
  }

  test('behavior: pairs on loopback, approves the session, signs and sends for real on the chain', async () => {
    const { pair, dapp, node } = await start()
    expect(pair.relayUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
    const { uri, approval } = await dapp.connect({ optionalNamespaces: namespaces })
    await pair.pair(uri!)
    const session = await approval()
    expect(session.namespaces.eip155?.accounts).toEqual([`eip155:31337:${pair.wallet.address}`])
    await pair.wallet.waitFor((s) => s.sessions[0]?.acknowledged === true)
    expect(pair.wallet.state()).toMatchObject({ status: 'connected', chainId: 31337, address: pair.wallet.address })

    const signature = await dapp.request<`0x${string}`>({ topic: session.topic, chainId: 'eip155:31337', request: { method: 'personal_sign', params: ['0x6869', pair.wallet.address] } })
    expect(await verifyMessage({ address: pair.wallet.address, message: 'hi', signature })).toBe(true)

    const to = '0x000000000000000000000000000000000000dEaD'
    const before = await node.getBalance({ address: to })
    const hash = await dapp.request<`0x${string}`>({ topic: session.topic, chainId: 'eip155:31337', request: { method: 'eth_sendTransaction', params: [{ from: pair.wallet.address, to, value: '0xde0b6b3a7640000' }] } })
    expect((await node.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await node.getBalance({ address: to })).toBe(before + parseEther('1'))
  })

  test('behavior: a proposal the wallet is told to reject rejects the dapp’s approval (5000)', async () => {
    const { pair, dapp } = await start('reject')
    const { uri, approval } = await dapp.connect({ optionalNamespaces: namespaces })
    await pair.pair(uri!)
    await expect(approval()).rejects.toMatchObject({ code: 5000 })
    expect(pair.wallet.state().sessions).toEqual([])
  })

  test('behavior: answerNext rejects the next request (4001); a hanging one waits until the test settles it', async () => {
    const { pair, dapp } = await start()
    const { uri, approval } = await dapp.connect({ optionalNamespaces: namespaces })
    await pair.pair(uri!)
    const { topic } = await approval()
    const sign = () => dapp.request<string>({ topic, chainId: 'eip155:31337', request: { method: 'personal_sign', params: ['0x6869', pair.wallet.address] } })

    pair.wallet.answerNext('reject', 'sign')
    await expect(sign()).rejects.toMatchObject({ code: 4001 })

    pair.wallet.answerNext('hang', 'sign')
    const hanging = sign()
    const prompt = await pair.wallet.waitForPrompt('sign')
    expect(prompt).toMatchObject({ kind: 'sign', method: 'personal_sign', question: 'Sign message?', detail: 'hi' })
    expect(pair.wallet.prompts).toHaveLength(1)
    pair.wallet.settle('approve', prompt.id)
    await expect(hanging).resolves.toMatch(/^0x[0-9a-f]{130}$/)
  })

  test('behavior: close() stops the relay and frees its port; closing again is harmless', async () => {
    const { pair } = await start()
    const port = Number(new URL(pair.relayUrl).port)
    expect(await isPortFree(port)).toBe(false)
    await Promise.all(dapps.splice(0).map((d) => stopSignClient(d)))
    await pair.close()
    expect(await isPortFree(port)).toBe(true)
    await pair.close()
  })
})
