import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { defineEvmNetwork, solana } from '../adapters/networks.ts'
import { InvalidResponseError } from '../services/api.ts'
import { claimMatches } from './pay.exchange.ts'
import { validatePay } from './pay.input.ts'
import { payMachine, payReasons, resumedPaymentOf, storedPaymentOf, type PayExchangeSession, type PayExchangeStatus, type PayReading, type StoredPayment } from './pay.ts'
import { timing } from './timing.ts'
import { transactionMachine } from './transaction.ts'
import type { ConnectedAccount } from './features.ts'
import { payReads } from '../tests/harness/payReads.ts'
import { waitFor } from '../tests/harness/waitFor.ts'

const anvil = defineEvmNetwork({ id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'http://127.0.0.1:8545', testnet: true })
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const HASH = `0x${'cd'.repeat(32)}`
const request = validatePay({ recipient: BOB, amount: '0.5', asset: 'eip155:31337/slip44:60' }, [anvil])
const account: ConnectedAccount = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'dev', supported: true, testnet: true }
const rich: PayReading = { decimals: 18, symbol: 'ETH', balance: 10n ** 22n, nativeBalance: 10n ** 22n, fee: 10n ** 13n }
const session: PayExchangeSession = { exchangeId: 'reference', sessionId: 'session-1', url: 'http://127.0.0.1:8600/exchange/pay/session-1', deadline: 1_800_000_060_000, expiresIn: 60_000 }
const paid = (over: Partial<{ amount: string; recipient: string }> = {}): PayExchangeStatus => ({ status: 'succeeded', txHash: HASH, amount: '0.5', recipient: BOB, ...over })

/**
 * The pay chart's exchange path with fakes on a fake clock: `statuses` are the exchange's answers in turn (the last
 * repeats; an Error is a reply that could not be read), `verified` what the chain shows of the named transfer.
 */
function start({
  statuses = [paid()] as Array<PayExchangeStatus | Error>,
  verified = true,
  create = async () => session,
  target = account,
  now = 1_800_000_000_000,
}: {
  statuses?: Array<PayExchangeStatus | Error>
  verified?: boolean
  create?: () => Promise<PayExchangeSession>
  /** null: no wallet connected. */
  target?: ConnectedAccount | null
  /** The clock the stored deadline is read against (ms since the epoch). */
  now?: number
} = {}) {
  const calls = { opened: 0, pointed: [] as string[], closed: 0, polls: 0, verified: [] as Array<{ units: bigint; txHash: string }>, read: [] as unknown[], stored: undefined as StoredPayment | undefined }
  const reads = payReads(async (wallet) => (wallet ? rich : { ...rich, balance: 0n, nativeBalance: 0n, fee: 0n }))
  calls.read = reads.asked
  const machine = payMachine.provide({
    actors: {
      ...reads.actors,
      loadStoredPayment: fromPromise(async ({ input }) => (calls.stored?.key === input.key ? resumedPaymentOf(calls.stored, now) : undefined)),
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
      storePayment: ({ context }) => void (calls.stored = storedPaymentOf(context)),
      forgetPayment: () => void (calls.stored = undefined),
    },
  })
  const actor = createActor(machine, { input: { target: target ?? undefined } }).start()
  const record = () => actor.getSnapshot().context.requests.a
  /** The end the view shows (a failed or expired end settles the request once the visitor leaves it). */
  const shown = () => actor.getSnapshot().context.end
  return { actor, calls, record, shown, machine }
}

/** The request made, the Pay view showing the exchange, and the exchange chosen. */
async function choose(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'pay.request', key: 'a', request })
  await waitFor(() => expect(actor.getSnapshot().context.exchanges).toHaveLength(1))
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
    const { actor, calls, shown } = start({ statuses: [garbage, garbage, { status: 'pending' }] })
    await choose(actor)
    await vi.advanceTimersByTimeAsync(session.expiresIn - 1)
    expect(shown()).toBeUndefined()
    expect(calls.polls).toBeGreaterThan(20)
    await vi.advanceTimersByTimeAsync(1)
    expect(shown()).toEqual({ status: 'expired', reason: payReasons.exchangeExpired })
    expect(actor.getSnapshot().value).toBe('expired')
  })

  test('hostile: a confirmation for another amount or recipient, or a transfer the chain does not show as asked, is failed, never success', async () => {
    for (const scenario of [{ statuses: [paid({ amount: '0.05' })] }, { statuses: [paid({ recipient: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' })] }, { verified: false }]) {
      const { actor, record } = start(scenario)
      await choose(actor)
      await vi.advanceTimersByTimeAsync(timing.payExchangePoll)
      expect(actor.getSnapshot().value).toBe('failed')
      actor.send({ type: 'pay.done' })
      expect(record()).toEqual({ key: 'a', phase: 'ended', outcome: { status: 'failed', reason: payReasons.exchangeMismatch } })
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
    expect(declined.shown()).toEqual({ status: 'failed', reason: `${payReasons.exchangeFailed} Declined.` })

    const expired = start({ statuses: [{ status: 'expired' }] })
    await choose(expired.actor)
    await vi.advanceTimersByTimeAsync(timing.payExchangePoll)
    expect(expired.shown()).toEqual({ status: 'expired', reason: payReasons.exchangeExpired })

    const refused = start({ create: () => Promise.reject(new InvalidResponseError('createDepositSession', 'url: Invalid URL')) })
    await choose(refused.actor)
    expect(refused.shown()).toEqual({ status: 'failed', reason: payReasons.exchangeUnavailable })
    expect(refused.calls.closed).toBe(1)
  })

  test('behavior: Cancel or closing the modal while on the exchange page ends cancelled and closes the tab; an exchange not listed is ignored', async () => {
    const { actor, calls, record } = start({ statuses: [{ status: 'pending' }] })
    actor.send({ type: 'pay.request', key: 'a', request })
    await waitFor(() => expect(actor.getSnapshot().context.exchanges).toHaveLength(1))
    actor.send({ type: 'pay.exchange', exchangeId: 'elsewhere' })
    expect(actor.getSnapshot().matches('reviewing')).toBe(true)
    actor.send({ type: 'pay.exchange', exchangeId: 'reference' })
    await vi.advanceTimersByTimeAsync(timing.payExchangePoll)
    actor.send({ type: 'root.closing', view: 'Pay' })
    expect(record()).toEqual({ key: 'a', phase: 'ended', outcome: { status: 'cancelled', reason: payReasons.cancelled } })
    expect(calls.closed).toBe(1)
  })
})

describe('claimMatches: whether an exchange\u2019s success names this payment', () => {
  test('hostile: on solana a recipient differing only in case is another key (base58 is case-sensitive), never a match', () => {
    const ALICE = 'HPRrGFaH1GeKXeURURykoaHz1ejDuRbyEJXdcNq6FjhV'
    const onSolana = validatePay({ recipient: ALICE, amount: '0.25', asset: `${solana.caipNetworkId}/slip44:501` }, [solana])
    const claim = (recipient: string): PayExchangeStatus => ({ status: 'succeeded', txHash: HASH, amount: '0.25', recipient })
    expect(claimMatches(onSolana, 250_000_000n, 9, claim(ALICE))).toBe(true)
    expect(claimMatches(onSolana, 250_000_000n, 9, claim(ALICE.toLowerCase()))).toBe(false)
    expect(claimMatches(onSolana, 250_000_000n, 9, claim(ALICE.toUpperCase()))).toBe(false)
    expect(claimMatches(onSolana, 250_000_000n, 9, claim(`${ALICE.slice(0, -1)}v`))).toBe(false)
  })

  test('behavior: on eip155 the address matches in any case (hex: the case is only its checksum); another address or amount does not', () => {
    const units = 500_000_000_000_000_000n
    expect(claimMatches(request, units, 18, paid({ recipient: BOB.toLowerCase() }))).toBe(true)
    expect(claimMatches(request, units, 18, paid({ recipient: BOB.toUpperCase().replace('0X', '0x') }))).toBe(true)
    expect(claimMatches(request, units, 18, paid({ recipient: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' }))).toBe(false)
    expect(claimMatches(request, units, 18, paid({ amount: '0.5000000000000000001' }))).toBe(false)
    expect(claimMatches(request, undefined, 18, paid())).toBe(false)
  })
})

describe('pay chart: the ends, a reload, no wallet', () => {
  test('behavior: a failed or expired end settles the request only when the visitor leaves it; Choose another way is a new attempt of the same request, which then pays', async () => {
    const { actor, calls, record } = start({ statuses: [{ status: 'expired' }, { status: 'expired' }, paid()] })
    await choose(actor)
    await vi.advanceTimersByTimeAsync(timing.payExchangePoll)
    expect(actor.getSnapshot().value).toBe('expired')
    expect(record()).toEqual({ key: 'a', phase: 'asking' })
    actor.send({ type: 'pay.retry' })
    // The ways to pay again, the wallet's balances read anew.
    expect(actor.getSnapshot().matches({ reviewing: 'reading' })).toBe(true)
    await waitFor(() => expect(actor.getSnapshot().matches({ reviewing: 'ready' })).toBe(true))
    expect(actor.getSnapshot().context).toMatchObject({ end: undefined, exchangeSession: undefined, key: 'a' })
    actor.send({ type: 'pay.exchange', exchangeId: 'reference' })
    await vi.advanceTimersByTimeAsync(timing.payExchangePoll)
    // The second attempt's first answer: expired again; the visitor closes: the request settles expired, once.
    expect(actor.getSnapshot().value).toBe('expired')
    actor.send({ type: 'root.closing', view: 'Pay' })
    expect(record()).toEqual({ key: 'a', phase: 'ended', outcome: { status: 'expired', reason: payReasons.exchangeExpired } })
    expect(calls.opened).toBe(2)
  })

  test('behavior: a success settles at once; the payment is kept in storage from the session opening to its end', async () => {
    const { actor, calls, record } = start({ statuses: [{ status: 'pending' }, paid()] })
    await choose(actor)
    expect(calls.stored).toMatchObject({ key: 'a', units: '500000000000000000', decimals: 18, exchange: { sessionId: 'session-1', deadline: session.deadline, exchange: { id: 'reference' } } })
    await vi.advanceTimersByTimeAsync(timing.payExchangePoll * 2)
    expect(record()).toMatchObject({ phase: 'ended', outcome: { status: 'success' } })
    expect(calls.stored).toBeUndefined()
  })

  test('behavior: after a reload the stored session is followed again to the deadline it had, then ends as it would have', async () => {
    const first = start({ statuses: [{ status: 'pending' }] })
    await choose(first.actor)
    const stored = first.calls.stored!
    // The page reloads 20 s later: a new chart, the stored payment picked up under its key.
    const second = start({ statuses: [{ status: 'pending' }, { status: 'pending' }, paid()], now: session.deadline - 40_000 })
    second.calls.stored = stored
    second.actor.send({ type: 'pay.resume', key: 'a' })
    await vi.advanceTimersByTimeAsync(0)
    expect(second.actor.getSnapshot().matches({ exchange: { awaiting: 'waiting' } })).toBe(true)
    expect(second.actor.getSnapshot().context.exchangeSession).toMatchObject({ sessionId: 'session-1', expiresIn: 40_000 })
    await vi.advanceTimersByTimeAsync(timing.payExchangePoll * 3)
    expect(second.record()).toEqual({ key: 'a', phase: 'ended', outcome: { status: 'success', txHash: HASH, chainId: 31337, paidAmount: '0.5' } })
    expect(second.calls.stored).toBeUndefined()

    // Past its deadline: expired at once. Nothing kept under that key: failed with its reason, never pending.
    const late = start({ statuses: [{ status: 'pending' }], now: session.deadline + 1 })
    late.calls.stored = stored
    late.actor.send({ type: 'pay.resume', key: 'a' })
    await vi.advanceTimersByTimeAsync(1)
    expect(late.actor.getSnapshot().value).toBe('expired')
    const lost = start()
    lost.actor.send({ type: 'pay.resume', key: 'a' })
    await vi.advanceTimersByTimeAsync(0)
    expect(lost.record()).toEqual({ key: 'a', phase: 'ended', outcome: { status: 'failed', reason: payReasons.resumeLost } })
  })

  test('behavior: a wallet transfer sent before a reload is followed by its hash, no prompt, and settles with its receipt', async () => {
    const stored: StoredPayment = { key: 'a', request, units: '500000000000000000', decimals: 18, symbol: 'ETH', wallet: { connectorId: 'dev', address: account.address, caipNetworkId: 'eip155:31337' }, hash: HASH }
    let waited: unknown
    const sends: unknown[] = []
    const { machine, calls } = start()
    calls.stored = stored
    const transaction = transactionMachine.provide({
      actors: {
        send: fromPromise(async () => {
          sends.push(1)
          return { hash: HASH }
        }),
        waitForEnd: fromPromise(async ({ input }) => {
          waited = input.hash
          return { status: 'success' as const, hash: input.hash }
        }),
      },
    })
    const resumed = createActor(machine.provide({ actors: { transaction } }), { input: {} }).start()
    resumed.send({ type: 'pay.resume', key: 'a' })
    await vi.advanceTimersByTimeAsync(0)
    expect(resumed.getSnapshot().context.requests.a).toEqual({ key: 'a', phase: 'ended', outcome: { status: 'success', txHash: HASH, chainId: 31337, paidAmount: '0.5' } })
    expect(waited).toBe(HASH)
    expect(sends).toEqual([])
  })

  test('behavior: with no wallet connected the asset alone is read and the exchanges pay; no wallet and no exchange says to connect one', async () => {
    const { actor, calls, record } = start({ target: null, statuses: [paid()] })
    actor.send({ type: 'pay.request', key: 'a', request })
    await waitFor(() => expect(actor.getSnapshot().context.exchanges).toHaveLength(1))
    expect(actor.getSnapshot().matches({ reviewing: 'noWallet' })).toBe(true)
    expect(calls.read).toEqual([[]])
    actor.send({ type: 'pay.confirm' })
    expect(actor.getSnapshot().matches({ reviewing: 'noWallet' })).toBe(true)
    actor.send({ type: 'pay.exchange', exchangeId: 'reference' })
    await vi.advanceTimersByTimeAsync(timing.payExchangePoll)
    expect(record()).toMatchObject({ phase: 'ended', outcome: { status: 'success' } })
  })

  test("behavior: waiting for a wallet holds the connection; a wallet of the payment's namespace connecting is read and can pay, one of another namespace leaves it waiting", async () => {
    const other = start({ target: null, statuses: [{ status: 'pending' }] })
    other.actor.send({ type: 'pay.request', key: 'a', request })
    await waitFor(() => expect(other.actor.getSnapshot().context.exchanges).toHaveLength(1))
    expect(other.actor.getSnapshot().hasTag('holdsConnect')).toBe(true)
    other.actor.send({ type: 'pay.connectWallet' })
    other.actor.send({ type: 'root.account', change: 'connected', account: { ...account, namespace: 'solana', address: '7BNg9dvdHrtiuYmK1wF2DoMRbRkZup9Q9wWsdCjvSd4S' }, holder: undefined })
    expect(other.actor.getSnapshot().matches({ reviewing: 'noWallet' })).toBe(true)
    // Not a wallet lost: the connected wallet pays now, its balances read first (the connection no longer held).
    other.actor.send({ type: 'root.account', change: 'connected', account, holder: undefined })
    expect(other.actor.getSnapshot().matches({ reviewing: 'reading' })).toBe(true)
    expect(other.actor.getSnapshot().hasTag('holdsConnect')).toBe(false)
    await waitFor(() => expect(other.actor.getSnapshot().matches({ reviewing: 'ready' })).toBe(true))
    expect(other.calls.read).toEqual([[], [{ connectorId: account.connectorId, address: account.address, caipNetworkId: account.caipNetworkId }]])
    expect(other.record()).toMatchObject({ phase: 'asking' })
  })
})
