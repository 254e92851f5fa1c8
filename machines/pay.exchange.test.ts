import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { defineEvmNetwork } from '../adapters/networks.ts'
import { InvalidResponseError } from '../services/api.ts'
import { validatePay } from './pay.input.ts'
import { payMachine, payReasons, type PayExchangeSession, type PayExchangeStatus, type PayReading } from './pay.ts'
import { timing } from './timing.ts'
import type { ConnectedAccount } from './features.ts'

const anvil = defineEvmNetwork({ id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'http://127.0.0.1:8545', testnet: true })
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const HASH = `0x${'cd'.repeat(32)}`
const request = validatePay({ recipient: BOB, amount: '0.5', asset: 'eip155:31337/slip44:60' }, [anvil])
const account: ConnectedAccount = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'dev', supported: true, testnet: true }
const rich: PayReading = { decimals: 18, symbol: 'ETH', balance: 10n ** 22n, nativeBalance: 10n ** 22n, fee: 10n ** 13n }
const session: PayExchangeSession = { exchangeId: 'reference', sessionId: 'session-1', url: 'http://127.0.0.1:8600/exchange/pay/session-1', expiresIn: 60_000 }
const paid = (over: Partial<{ amount: string; recipient: string }> = {}): PayExchangeStatus => ({ status: 'succeeded', txHash: HASH, amount: '0.5', recipient: BOB, ...over })

/**
 * The pay chart's exchange path with fakes on a fake clock: `statuses` are the exchange's answers in turn (the last
 * repeats; an Error is a reply that could not be read), `verified` what the chain shows of the named transfer.
 */
function start({
  statuses = [paid()] as Array<PayExchangeStatus | Error>,
  verified = true,
  create = async () => session,
}: {
  statuses?: Array<PayExchangeStatus | Error>
  verified?: boolean
  create?: () => Promise<PayExchangeSession>
} = {}) {
  const calls = { opened: 0, pointed: [] as string[], closed: 0, polls: 0, verified: [] as Array<{ units: bigint; txHash: string }> }
  const machine = payMachine.provide({
    actors: {
      readPayment: fromPromise(async () => rich),
      listExchanges: fromPromise(async () => [{ id: 'reference', name: 'Reference Exchange' }]),
      createExchangeSession: fromPromise(create),
      getExchangeStatus: fromPromise(async () => {
        const answer = statuses[Math.min(calls.polls++, statuses.length - 1)]!
        if (answer instanceof Error) throw answer
        return answer
      }),
      verifyExchangeTransfer: fromPromise(async ({ input }) => {
        calls.verified.push({ units: input.units, txHash: input.txHash })
        return verified
      }),
    },
    actions: {
      openExchangeWindow: () => void calls.opened++,
      pointExchangeWindow: (_, s) => void calls.pointed.push(s.url),
      closeExchangeWindow: () => void calls.closed++,
    },
  })
  const actor = createActor(machine, { input: { target: account } }).start()
  const record = () => actor.getSnapshot().context.requests.a
  return { actor, calls, record }
}

/** The request made, the Pay view showing the exchange, and the exchange chosen. */
async function choose(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'pay.request', key: 'a', request })
  await vi.waitFor(() => expect(actor.getSnapshot().context.exchanges).toHaveLength(1))
  actor.send({ type: 'pay.exchange', exchangeId: 'reference' })
  await vi.advanceTimersByTimeAsync(0)
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('pay chart: with an exchange', () => {
  test('behavior: the session opens in the tab opened in the click; success only once the chain shows the transfer named, as asked', async () => {
    const { actor, calls, record } = start({ statuses: [{ status: 'pending' }, paid()] })
    await choose(actor)
    expect(calls).toMatchObject({ opened: 1, pointed: [session.url] })
    expect(actor.getSnapshot().matches({ exchange: { awaiting: 'waiting' } })).toBe(true)
    await vi.advanceTimersByTimeAsync(timing.payExchangePoll)
    expect(record()?.phase).toBe('asking')
    await vi.advanceTimersByTimeAsync(timing.payExchangePoll)
    expect(record()).toEqual({ key: 'a', phase: 'ended', outcome: { status: 'success', txHash: HASH, chainId: 31337, paidAmount: '0.5' } })
    expect(calls.verified).toEqual([{ units: 500_000_000_000_000_000n, txHash: HASH }])
    expect(actor.getSnapshot().value).toBe('succeeded')
  })

  test('hostile: garbage replies are no news and a status that never changes ends expired at the deadline, not before', async () => {
    const garbage = new InvalidResponseError('getDepositSessionStatus', 'status: Invalid type')
    const { actor, calls, record } = start({ statuses: [garbage, garbage, { status: 'pending' }] })
    await choose(actor)
    await vi.advanceTimersByTimeAsync(session.expiresIn - 1)
    expect(record()?.phase).toBe('asking')
    expect(calls.polls).toBeGreaterThan(20)
    await vi.advanceTimersByTimeAsync(1)
    expect(record()).toEqual({ key: 'a', phase: 'ended', outcome: { status: 'expired', reason: payReasons.exchangeExpired } })
    expect(actor.getSnapshot().value).toBe('expired')
  })

  test('hostile: a confirmation for another amount or recipient, or a transfer the chain does not show as asked, is failed, never success', async () => {
    for (const scenario of [{ statuses: [paid({ amount: '0.05' })] }, { statuses: [paid({ recipient: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' })] }, { verified: false }]) {
      const { actor, record } = start(scenario)
      await choose(actor)
      await vi.advanceTimersByTimeAsync(timing.payExchangePoll)
      expect(record()).toEqual({ key: 'a', phase: 'ended', outcome: { status: 'failed', reason: payReasons.exchangeMismatch } })
      expect(actor.getSnapshot().value).toBe('failed')
    }
    // The same amount written otherwise is the same amount.
    const { actor, record } = start({ statuses: [paid({ amount: '0.50', recipient: BOB.toLowerCase() })] })
    await choose(actor)
    await vi.advanceTimersByTimeAsync(timing.payExchangePoll)
    expect(record()).toMatchObject({ outcome: { status: 'success' } })
  })

  test('behavior: the exchange declining ends failed with its reason; its expiry ends expired; a session it refuses to open ends failed and closes the tab', async () => {
    const declined = start({ statuses: [{ status: 'failed', reason: 'Declined.' }] })
    await choose(declined.actor)
    await vi.advanceTimersByTimeAsync(timing.payExchangePoll)
    expect(declined.record()).toMatchObject({ outcome: { status: 'failed', reason: `${payReasons.exchangeFailed} Declined.` } })

    const expired = start({ statuses: [{ status: 'expired' }] })
    await choose(expired.actor)
    await vi.advanceTimersByTimeAsync(timing.payExchangePoll)
    expect(expired.record()).toMatchObject({ outcome: { status: 'expired', reason: payReasons.exchangeExpired } })

    const refused = start({ create: () => Promise.reject(new InvalidResponseError('createDepositSession', 'url: Invalid URL')) })
    await choose(refused.actor)
    expect(refused.record()).toMatchObject({ outcome: { status: 'failed', reason: payReasons.exchangeUnavailable } })
    expect(refused.calls.closed).toBe(1)
  })

  test('behavior: Cancel or closing the modal while on the exchange page ends cancelled and closes the tab; an exchange not listed is ignored', async () => {
    const { actor, calls, record } = start({ statuses: [{ status: 'pending' }] })
    actor.send({ type: 'pay.request', key: 'a', request })
    await vi.waitFor(() => expect(actor.getSnapshot().context.exchanges).toHaveLength(1))
    actor.send({ type: 'pay.exchange', exchangeId: 'elsewhere' })
    expect(actor.getSnapshot().matches('reviewing')).toBe(true)
    actor.send({ type: 'pay.exchange', exchangeId: 'reference' })
    await vi.advanceTimersByTimeAsync(timing.payExchangePoll)
    actor.send({ type: 'root.closed', view: 'Pay' })
    expect(record()).toEqual({ key: 'a', phase: 'ended', outcome: { status: 'cancelled', reason: payReasons.cancelled } })
    expect(calls.closed).toBe(1)
  })
})
