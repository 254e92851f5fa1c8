import { createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { ApiError, InvalidResponseError } from '../../services/api.ts'
import { createExchangeApi } from '../../services/exchange.ts'
import { startApiServer } from '../api/server.ts'
import type { ApiServer } from '../api/server.ts'
import { defaultSessionTtlMs, depositReasons, referenceExchange } from './deposits.ts'

/**
 * The reference exchange (`openapi/exchange.yaml`) through the library's client (`services/exchange.ts`): the reference
 * server validates every request and its own answers against the contract; approving on the session's page really
 * pays on the test anvil. The server's clock is the test's, so a deadline passes without waiting.
 */
const rpc1 = inject('anvilRpc1')
const ETH = 'eip155:31337/slip44:60'
let clock = Date.UTC(2026, 0, 1)
let api: ApiServer
// The server's start (its dataset, its chain readers) outlasts Vitest's 10 s hook default on a loaded 2-core machine.
beforeAll(async () => {
  api = await startApiServer({ port: 0, chains: [{ chainId: 31337, rpcUrl: rpc1 }], exchange: { now: () => clock } })
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
})
