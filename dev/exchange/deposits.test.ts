import { Connection, Keypair, PublicKey } from '@solana/web3.js'
import { createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { ApiError, InvalidResponseError } from '../../services/api.ts'
import { createExchangeApi } from '../../services/exchange.ts'
import { startApiServer } from '../api/server.ts'
import type { ApiServer } from '../api/server.ts'
import { associatedTokenAddress, tokenAmountOf } from '../../adapters/solana.spl.ts'
import { exchangeSolanaKeypair } from '../solana/accounts.ts'
import { SOLANA_LOCALNET_CAIP_NETWORK_ID } from '../solana/network.ts'
import { DEV_SPL_MINT_ADDRESS } from '../solana/tokens.ts'
import { defaultSessionTtlMs, depositReasons, referenceExchange } from './deposits.ts'

/**
 * The reference exchange (`openapi/exchange.yaml`) through the library's client (`services/exchange.ts`): the reference
 * server validates every request and its own answers against the contract; approving on the session's page really
 * pays on the test anvil, or on the local Solana chain (LiteSVM) for SOL and an SPL token. The server's clock is the
 * test's, so a deadline passes without waiting.
 */
const rpc1 = inject('anvilRpc1')
const solanaRpc = inject('solanaRpc')
const SOLANA = SOLANA_LOCALNET_CAIP_NETWORK_ID
const SOL = `${SOLANA}/slip44:501`
const DUSDC = `${SOLANA}/token:${DEV_SPL_MINT_ADDRESS}`
const solanaChain = new Connection(solanaRpc, 'confirmed')
const ETH = 'eip155:31337/slip44:60'
let clock = Date.UTC(2026, 0, 1)
let api: ApiServer
// The server's start (its dataset, its chain readers) outlasts Vitest's 10 s hook default on a loaded 2-core machine.
beforeAll(async () => {
  api = await startApiServer({ port: 0, chains: [{ chainId: 31337, rpcUrl: rpc1 }], solanaRpcUrl: solanaRpc, exchange: { now: () => clock } })
}, 60_000)
afterAll(() => api.stop())
afterEach(async () => {
  await api.control.reset()
})

const client = () => createExchangeApi({ baseUrl: `${api.url}/exchange`, projectId: 'exchange-tests' })
const chain = createPublicClient({ transport: http(rpc1) })
/** A fresh address: its balance is what the exchange sent it. */
const freshRecipient = () => privateKeyToAccount(generatePrivateKey()).address
const answer = (url: string, action: 'approve' | 'decline', settle = 'now') =>
  fetch(`${url}/${action}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ settle }).toString() })

async function open(amount = '0.25') {
  const recipient = freshRecipient()
  const [exchange] = await client().listExchanges({ asset: ETH, network: 'eip155:31337' })
  const session = await client().createSession({ exchangeId: exchange!.id, asset: ETH, network: 'eip155:31337', amount, recipient })
  return { recipient, session }
}

describe('reference exchange', () => {
  it('behavior: lists the reference exchange for an asset of a served chain, none for another chain', async () => {
    await expect(client().listExchanges({ asset: ETH, network: 'eip155:31337' })).resolves.toEqual([expect.objectContaining({ id: referenceExchange.id, name: referenceExchange.name })])
    await expect(client().listExchanges({ asset: 'eip155:1/slip44:60', network: 'eip155:1' })).resolves.toEqual([])
  })

  it('behavior: approve pays the amount to the recipient on chain; the status names the transfer, amount and recipient', async () => {
    const { recipient, session } = await open('0.25')
    expect(new Date(session.deadline).getTime()).toBe(clock + defaultSessionTtlMs)
    await expect(client().getStatus(session.sessionId)).resolves.toEqual({ status: 'pending' })
    const page = await (await fetch(session.url)).text()
    expect(page).toContain(recipient)
    expect((await answer(session.url, 'approve')).status).toBe(200)
    const status = await client().getStatus(session.sessionId)
    expect(status).toEqual({ status: 'succeeded', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), amount: '0.25', recipient })
    expect(await chain.getBalance({ address: recipient })).toBe(parseEther('0.25'))
    const receipt = await chain.getTransactionReceipt({ hash: status.status === 'succeeded' ? (status.txHash as `0x${string}`) : '0x' })
    expect(receipt.to?.toLowerCase()).toBe(recipient.toLowerCase())
  })

  it('behavior: decline and a failing payment end failed with their reason, nothing sent; a second answer changes nothing', async () => {
    const declined = await open()
    await answer(declined.session.url, 'decline')
    await answer(declined.session.url, 'approve')
    await expect(client().getStatus(declined.session.sessionId)).resolves.toEqual({ status: 'failed', reason: depositReasons.declined })
    const failing = await open()
    await answer(failing.session.url, 'approve', 'fail')
    await expect(client().getStatus(failing.session.sessionId)).resolves.toEqual({ status: 'failed', reason: depositReasons.failing })
    expect(await chain.getBalance({ address: declined.recipient })).toBe(0n)
    expect(await chain.getBalance({ address: failing.recipient })).toBe(0n)
  })

  it('behavior: a payment that never settles stays pending, then expired at the deadline', async () => {
    const { session } = await open()
    await answer(session.url, 'approve', 'never')
    clock += defaultSessionTtlMs - 1
    await expect(client().getStatus(session.sessionId)).resolves.toEqual({ status: 'pending' })
    clock += 1
    await expect(client().getStatus(session.sessionId)).resolves.toEqual({ status: 'expired' })
    clock = Date.UTC(2026, 0, 1)
  })

  it('behavior: a session opened with a returnUrl sends the visitor back there (303) once answered; its page then links back', async () => {
    const recipient = freshRecipient()
    const returnUrl = 'http://127.0.0.1:5173/shop?features=pay:on#checkout'
    const session = await client().createSession({ exchangeId: referenceExchange.id, asset: ETH, network: 'eip155:31337', amount: '0.01', recipient, returnUrl })
    const declined = await fetch(`${session.url}/decline`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'settle=now' })
    expect({ status: declined.status, location: declined.headers.get('location') }).toEqual({ status: 303, location: returnUrl })
    await expect(client().getStatus(session.sessionId)).resolves.toEqual({ status: 'failed', reason: depositReasons.declined })
    expect(await (await fetch(session.url)).text()).toContain(`href="${returnUrl}"`)
    // Without one the answer stays on the exchange's page (a new tab the visitor closes).
    const { session: plain } = await open()
    const answered = await answer(plain.url, 'decline')
    expect({ status: answered.status, redirected: answered.redirected }).toEqual({ status: 200, redirected: false })
  })

  it('bad input: a returnUrl that is no http(s) URL is a 400 and opens no session', async () => {
    for (const returnUrl of ['javascript:alert(1)', 'data:text/html,hi', 'not a url']) {
      await expect(client().createSession({ exchangeId: referenceExchange.id, asset: ETH, network: 'eip155:31337', amount: '0.01', recipient: freshRecipient(), returnUrl })).rejects.toMatchObject({
        name: 'ApiError',
        status: 400,
      })
    }
  })

  it('hostile: an unknown session or exchange is a 404 ApiError; garbage and a reply off the contract are InvalidResponseErrors', async () => {
    await expect(client().getStatus('no-such-session')).rejects.toMatchObject({ name: 'ApiError', status: 404 })
    await expect(client().createSession({ exchangeId: 'nope', asset: ETH, network: 'eip155:31337', amount: '1', recipient: freshRecipient() })).rejects.toBeInstanceOf(ApiError)
    const { session } = await open()
    api.control.set({ mode: 'garbage', paths: ['/exchange'] })
    await expect(client().getStatus(session.sessionId)).rejects.toBeInstanceOf(InvalidResponseError)
    api.control.set({ mode: 'malformed', paths: ['/exchange'] })
    const malformed = client().getStatus(session.sessionId)
    await expect(malformed).rejects.toBeInstanceOf(InvalidResponseError)
    await expect(malformed).rejects.toMatchObject({ shortMessage: 'The getDepositSessionStatus response does not match the API contract.' })
  })

  it('behavior: on the local Solana chain, approve pays SOL and an SPL token from its Solana hot wallet; the status names the signature', async () => {
    await expect(client().listExchanges({ asset: SOL, network: SOLANA })).resolves.toEqual([expect.objectContaining({ id: referenceExchange.id })])
    await expect(client().listExchanges({ asset: DUSDC, network: SOLANA })).resolves.toHaveLength(1)
    const hot = exchangeSolanaKeypair().publicKey.toBase58()
    for (const { asset, amount, held } of [
      { asset: SOL, amount: '0.125', held: async (owner: string) => BigInt(await solanaChain.getBalance(new PublicKey(owner))) },
      {
        asset: DUSDC,
        amount: '2.5',
        held: async (owner: string) => tokenAmountOf((await solanaChain.getAccountInfo(new PublicKey(await associatedTokenAddress(owner, DEV_SPL_MINT_ADDRESS))))?.data ?? new Uint8Array()) ?? 0n,
      },
    ]) {
      const recipient = Keypair.generate().publicKey.toBase58()
      const session = await client().createSession({ exchangeId: referenceExchange.id, asset, network: SOLANA, amount, recipient })
      expect(await (await fetch(session.url)).text()).toContain(SOLANA)
      expect((await answer(session.url, 'approve')).status).toBe(200)
      const status = await client().getStatus(session.sessionId)
      expect(status).toEqual({ status: 'succeeded', txHash: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/), amount, recipient })
      expect(await held(recipient)).toBe(asset === SOL ? 125_000_000n : 2_500_000n)
      // The hot wallet signed it.
      const signature = status.status === 'succeeded' ? status.txHash : ''
      const transaction = await solanaChain.getTransaction(signature, { maxSupportedTransactionVersion: 0 })
      expect(transaction?.transaction.message.staticAccountKeys[0]?.toBase58()).toBe(hot)
    }
  })

  it('bad input: on solana a recipient that is no public key, an asset of another network, a mint that is no key: 400, no session', async () => {
    const key = Keypair.generate().publicKey.toBase58()
    const cases = [
      { asset: SOL, network: SOLANA, recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
      { asset: SOL, network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', recipient: key },
      { asset: `${SOLANA}/token:${'1'.repeat(44)}`, network: SOLANA, recipient: key },
    ]
    for (const body of cases) {
      await expect(client().createSession({ exchangeId: referenceExchange.id, amount: '1', ...body })).rejects.toMatchObject({ name: 'ApiError', status: 400 })
    }
    expect([...new Set((await client().listExchanges({ asset: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/slip44:501', network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })).map((e) => e.id))]).toEqual([])
  })
})
