import { describe, expect, test } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { defineEvmNetwork } from '../adapters/networks.ts'
import { InvalidProviderResponseError } from '../adapters/errors.ts'
import { connectPay } from './pay.connect.ts'
import { validatePay } from './pay.input.ts'
import { payMachine, payReasons, type PayReading, type PayTransferRequest, type PayWallet } from './pay.ts'
import { transactionMachine } from './transaction.ts'
import type { ConnectedAccount } from './features.ts'
import { payReads } from '../tests/harness/payReads.ts'

/*
 * Pay among several connected wallets (spec §1 Pay: "each connected wallet that holds enough of the asset on that
 * network (balance shown)"; §6 multi-wallet): the active account and the other connections held in the asset's
 * namespace are listed with their balances; one that can pay pays, the visitor may pick another, and the site's active
 * connection stays as it is.
 */

const anvil = defineEvmNetwork({ id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'http://127.0.0.1:8545', testnet: true })
const HASH = `0x${'ab'.repeat(32)}`
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const native = validatePay({ recipient: BOB, amount: '0.5', asset: 'eip155:31337/slip44:60' }, [anvil])
const ACTIVE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SECOND = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const THIRD = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const active: ConnectedAccount = { address: ACTIVE, caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'dev', supported: true, testnet: true }
const held = (address: string, connectorId: string, caipNetworkId = 'eip155:31337'): PayWallet => ({ address, connectorId, caipNetworkId })
const rich: PayReading = { decimals: 18, symbol: 'ETH', balance: 10n ** 22n, nativeBalance: 10n ** 22n, fee: 21_000n * 10n ** 9n }
const poor: PayReading = { ...rich, balance: 10n ** 15n, nativeBalance: 10n ** 15n }

/** The chart with several wallets: `balances` answers each one's reading by address (a rejection: unreadable). */
function start(balances: Record<string, () => Promise<PayReading>>, others: PayWallet[], switchNetwork: (input: { connectorId: string }) => Promise<void> = async () => {}) {
  const sent: Array<PayTransferRequest & { connectorId: string }> = []
  const switched: string[] = []
  const transaction = transactionMachine.provide({
    actors: {
      send: fromPromise(async ({ input }) => {
        sent.push({ ...(input.request as PayTransferRequest), connectorId: input.connectorId })
        return { hash: HASH }
      }),
      waitForEnd: fromPromise(async ({ input }) => ({ status: 'success' as const, hash: input.hash })),
    },
  })
  const reads = payReads(async (wallet) => (wallet ? balances[wallet.address]!() : rich), others)
  const machine = payMachine.provide({
    actors: {
      ...reads.actors,
      transaction,
      switchNetwork: fromPromise(async ({ input }) => {
        switched.push(input.connectorId)
        await switchNetwork(input)
      }),
    },
  })
  const actor = createActor(machine, { input: { target: active } }).start()
  const ended = (key: string) => waitFor(actor, (s) => s.context.requests[key]?.phase !== 'asking').then((s) => s.context.requests[key])
  return { actor, sent, switched, ended, asked: reads.asked }
}

describe('pay chart: a choice among the connected wallets', () => {
  test('behavior: every connected wallet of the namespace is listed with its balance; the active one short, a held one that can pays, and the view says it is not the active one', async () => {
    const { actor, sent, ended, asked } = start({ [ACTIVE]: async () => poor, [SECOND]: async () => rich }, [held(ACTIVE, 'dev'), held(SECOND, 'io.other')])
    actor.send({ type: 'pay.request', key: 'a', request: native })
    await waitFor(actor, (s) => s.matches({ reviewing: 'ready' }))
    // One read, for every wallet at once (the held ones are known before it), each wallet once, the active one first
    // (multi-wallet's list holds the active one too).
    expect(asked.map((wallets) => wallets.map((w) => w.address))).toEqual([[ACTIVE, SECOND]])
    const view = connectPay(actor.getSnapshot(), 'en')
    expect(view.wallets).toEqual([
      { address: ACTIVE, short: '0xf39F…2266', balance: '0.001 ETH', chosen: false, shortOf: 'asset' },
      { address: SECOND, short: '0x3C44…93BC', balance: '10,000 ETH', chosen: true, shortOf: undefined },
    ])
    expect(view).toMatchObject({ walletShort: '0x3C44…93BC', walletHeld: true, balance: '10,000 ETH' })
    actor.send({ type: 'pay.confirm' })
    await expect(ended('a')).resolves.toMatchObject({ outcome: { status: 'success' } })
    // Paid from the held wallet through its own connector; the site's active account is the one it was.
    expect(sent).toEqual([{ from: SECOND, to: BOB, value: 5n * 10n ** 17n, connectorId: 'io.other' }])
    expect(actor.getSnapshot().context.target).toEqual(active)
  })

  test('behavior: the active wallet pays when it can; the visitor picks another that can, never one that cannot; a held wallet on another network is switched through its own connector', async () => {
    const { actor, sent, switched, ended } = start({ [ACTIVE]: async () => rich, [SECOND]: async () => rich, [THIRD]: async () => poor }, [held(SECOND, 'io.other', 'eip155:1'), held(THIRD, 'io.third')])
    actor.send({ type: 'pay.request', key: 'a', request: native })
    await waitFor(actor, (s) => s.matches({ reviewing: 'ready' }))
    expect(connectPay(actor.getSnapshot()).wallets.map((w) => [w.short, w.chosen, w.shortOf])).toEqual([
      ['0xf39F…2266', true, undefined],
      ['0x3C44…93BC', false, undefined],
      ['0x90F7…b906', false, 'asset'],
    ])
    expect(connectPay(actor.getSnapshot()).walletHeld).toBe(false)
    actor.send({ type: 'pay.chooseWallet', address: THIRD })
    expect(actor.getSnapshot().context.wallet?.address).toBe(ACTIVE)
    actor.send({ type: 'pay.chooseWallet', address: '0x0000000000000000000000000000000000000001' })
    expect(actor.getSnapshot().context.wallet?.address).toBe(ACTIVE)
    actor.send({ type: 'pay.chooseWallet', address: SECOND.toLowerCase() })
    expect(actor.getSnapshot().matches({ reviewing: 'ready' })).toBe(true)
    expect(connectPay(actor.getSnapshot())).toMatchObject({ walletShort: '0x3C44…93BC', walletHeld: true })
    actor.send({ type: 'pay.confirm' })
    await expect(ended('a')).resolves.toMatchObject({ outcome: { status: 'success' } })
    expect(switched).toEqual(['io.other'])
    expect(sent).toEqual([{ from: SECOND, to: BOB, value: 5n * 10n ** 17n, connectorId: 'io.other' }])
  })

  test('bad input: a wallet whose balance read fails or answers no amount is listed unreadable, never chosen; the others pay; none readable says so, and Try again reads them again', async () => {
    const broken = async (): Promise<PayReading> => {
      throw new InvalidProviderResponseError('eth_getBalance', 'garbage')
    }
    const { actor } = start({ [ACTIVE]: broken, [SECOND]: async () => rich }, [held(SECOND, 'io.other')])
    actor.send({ type: 'pay.request', key: 'a', request: native })
    await waitFor(actor, (s) => s.matches({ reviewing: 'ready' }))
    expect(connectPay(actor.getSnapshot()).wallets.map((w) => [w.short, w.balance, w.chosen, w.shortOf])).toEqual([
      ['0xf39F…2266', undefined, false, 'unreadable'],
      ['0x3C44…93BC', '10,000 ETH', true, undefined],
    ])
    actor.send({ type: 'pay.chooseWallet', address: ACTIVE })
    expect(actor.getSnapshot().context.wallet?.address).toBe(SECOND)

    let node = broken
    const none = start({ [ACTIVE]: () => node(), [SECOND]: () => node() }, [held(SECOND, 'io.other')])
    none.actor.send({ type: 'pay.request', key: 'n', request: native })
    await waitFor(none.actor, (s) => s.matches({ reviewing: 'short' }))
    expect(connectPay(none.actor.getSnapshot())).toMatchObject({ shortOf: 'unreadable', balance: undefined })
    expect(connectPay(none.actor.getSnapshot()).wallets.map((w) => w.shortOf)).toEqual(['unreadable', 'unreadable'])
    // The node answers again: Try again reads the balances anew, and Pay is there.
    node = async () => rich
    none.actor.send({ type: 'pay.retry' })
    await waitFor(none.actor, (s) => s.matches({ reviewing: 'ready' }))
    expect(none.actor.getSnapshot().context.requests.n).toEqual({ key: 'n', phase: 'asking' })
  })

  test('bad input: the chosen wallet disconnecting on the Pay view: the wallets left are read again and one of them pays; the last one gone ends failed', async () => {
    const { actor, asked } = start({ [ACTIVE]: async () => poor, [SECOND]: async () => rich, [THIRD]: async () => rich }, [held(SECOND, 'io.other'), held(THIRD, 'io.third')])
    actor.send({ type: 'pay.request', key: 'a', request: native })
    await waitFor(actor, (s) => s.matches({ reviewing: 'ready' }))
    expect(actor.getSnapshot().context.wallet?.address).toBe(SECOND)
    // Multi-wallet's list without the chosen one (its wallet ended the connection).
    actor.send({ type: 'pay.wallets', wallets: [held(ACTIVE, 'dev'), held(THIRD, 'io.third')] })
    expect(actor.getSnapshot().matches({ reviewing: 'reading' })).toBe(true)
    expect(connectPay(actor.getSnapshot()).phase).toBe('loading')
    await waitFor(actor, (s) => s.matches({ reviewing: 'ready' }))
    expect(actor.getSnapshot().context.wallet?.address).toBe(THIRD)
    expect(asked.at(-1)!.map((w) => w.address)).toEqual([ACTIVE, THIRD])
    // The same list told again (a chain or an order changed nothing of who may pay): not read again.
    const reads = asked.length
    actor.send({ type: 'pay.wallets', wallets: [held(THIRD, 'io.third', 'eip155:1'), held(ACTIVE, 'dev')] })
    expect(actor.getSnapshot().matches({ reviewing: 'ready' })).toBe(true)
    expect(asked).toHaveLength(reads)
    expect(actor.getSnapshot().context.wallet).toEqual(held(THIRD, 'io.third', 'eip155:1'))
    // Every wallet gone: failed, as a wallet lost.
    actor.send({ type: 'pay.wallets', wallets: [] })
    actor.send({ type: 'root.account', change: 'disconnected', account: undefined, holder: 'pay' })
    await expect(ended(actor, 'a')).resolves.toMatchObject({ outcome: { status: 'failed', reason: payReasons.walletLost } })
  })

  test('behavior: the active account changing chain does not move a held wallet that pays; the active one leaving while the held one pays keeps the payment', async () => {
    const { actor } = start({ [ACTIVE]: async () => poor, [SECOND]: async () => rich }, [held(ACTIVE, 'dev'), held(SECOND, 'io.other')])
    actor.send({ type: 'pay.request', key: 'a', request: native })
    await waitFor(actor, (s) => s.matches({ reviewing: 'ready' }))
    actor.send({ type: 'root.account', change: 'changed', account: { ...active, caipNetworkId: 'eip155:1' }, holder: 'pay' })
    expect(actor.getSnapshot().context.wallet).toEqual(held(SECOND, 'io.other'))
    // The active wallet disconnects (multi-wallet's list still holds the one that pays): not a wallet lost.
    actor.send({ type: 'root.account', change: 'disconnected', account: undefined, holder: 'pay' })
    expect(actor.getSnapshot().matches({ reviewing: 'ready' })).toBe(true)
    actor.send({ type: 'pay.confirm' })
    await expect(ended(actor, 'a')).resolves.toMatchObject({ outcome: { status: 'success' } })
  })
})

/** The record of `key` once it is no longer asking. */
function ended(actor: ReturnType<typeof start>['actor'], key: string) {
  return waitFor(actor, (s) => s.context.requests[key]?.phase !== 'asking').then((s) => s.context.requests[key])
}
