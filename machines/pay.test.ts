import { describe, expect, test } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { defineEvmNetwork, defineSolanaNetwork } from '../adapters/networks.ts'
import { connectPay } from './pay.connect.ts'
import { base58Encode } from '../adapters/solana.base58.ts'
import { UserRejectedRequestError } from '../adapters/errors.ts'
import { InvalidPayParametersError, validatePay } from './pay.input.ts'
import { PayAssetUnreadableError, payMachine, payReasons, type PayConfirmationsEnd, type PayReading, type PayTransferRequest } from './pay.ts'
import { transactionMachine, type TransactionEnd } from './transaction.ts'
import type { ConnectedAccount } from './features.ts'
import { payReads } from '../tests/harness/payReads.ts'

const anvil = defineEvmNetwork({ id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'http://127.0.0.1:8545', testnet: true })
const other = defineEvmNetwork({ id: 31338, name: 'Anvil 2', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'http://127.0.0.1:8546', testnet: true })
const HASH = `0x${'ab'.repeat(32)}`
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const native = validatePay({ recipient: BOB, amount: '0.5', asset: 'eip155:31337/slip44:60' }, [anvil, other])
const token = validatePay({ recipient: BOB, amount: '1.25', asset: { chainId: 31337, address: TOKEN } }, [anvil, other])
const account = (caipNetworkId = 'eip155:31337'): ConnectedAccount => ({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', caipNetworkId, namespace: 'eip155', connectorId: 'dev', supported: true, testnet: true })
const rich: PayReading = { decimals: 18, symbol: 'ETH', balance: 10n ** 22n, nativeBalance: 10n ** 22n, fee: 21_000n * 10n ** 9n }

/** The chart with fakes: the reading, the wallet's answer (`send`), the chain's end, the network switch. */
function start({
  reading = async () => rich,
  send = async () => ({ hash: HASH }),
  end = 'success' as 'success' | 'reverted',
  switchNetwork = async () => {},
  target = account(),
}: {
  reading?: () => Promise<PayReading>
  send?: (r: PayTransferRequest) => Promise<{ hash: string }>
  end?: 'success' | 'reverted'
  switchNetwork?: () => Promise<void>
  /** null: no account connected. */
  target?: ConnectedAccount | null
} = {}) {
  const sent: PayTransferRequest[] = []
  const transaction = transactionMachine.provide({
    actors: {
      send: fromPromise(async ({ input: i }) => {
        sent.push(i.request as PayTransferRequest)
        return send(i.request as PayTransferRequest)
      }),
      waitForEnd: fromPromise(async ({ input: i }) => ({ status: end, hash: i.hash })),
    },
  })
  const actor = createActor(payMachine.provide({ actors: { transaction, switchNetwork: fromPromise(switchNetwork), ...payReads(reading).actors } }), { input: { target: target ?? undefined } }).start()
  const ended = (key: string) => waitFor(actor, (s) => s.context.requests[key]?.phase !== 'asking').then((s) => s.context.requests[key])
  return { actor, sent, ended }
}

describe('pay chart', () => {
  test('behavior: success only after the receipt, with the hash, the chain and the amount asked; one transfer however often Pay is pressed', async () => {
    const { actor, sent, ended } = start()
    actor.send({ type: 'pay.request', key: 'a', request: native })
    await waitFor(actor, (s) => s.matches({ reviewing: 'ready' }))
    actor.send({ type: 'pay.confirm' })
    actor.send({ type: 'pay.confirm' })
    await expect(ended('a')).resolves.toEqual({ key: 'a', phase: 'ended', outcome: { status: 'success', txHash: HASH, chainId: 31337, paidAmount: '0.5' } })
    expect(actor.getSnapshot().value).toBe('succeeded')
    expect(sent).toEqual([{ from: account().address, to: BOB, value: 500_000_000_000_000_000n }])
    actor.send({ type: 'pay.done' })
    expect(actor.getSnapshot().value).toBe('idle')
  })

  test('behavior: an ERC-20 is paid in the decimals its contract answered (a transfer of the token)', async () => {
    const { actor, sent, ended } = start({ reading: async () => ({ ...rich, decimals: 6, symbol: 'dUSDT' }) })
    actor.send({ type: 'pay.request', key: 't', request: token })
    await waitFor(actor, (s) => s.matches({ reviewing: 'ready' }))
    actor.send({ type: 'pay.confirm' })
    await expect(ended('t')).resolves.toMatchObject({ outcome: { status: 'success', paidAmount: '1.25' } })
    expect(sent).toEqual([{ from: account().address, to: BOB, value: 1_250_000n, token: TOKEN }])
  })

  test('bad input: more fraction digits than the token has decimals is refused before anything shows', async () => {
    const request = validatePay({ recipient: BOB, amount: '1.1234567', asset: { chainId: 31337, address: TOKEN } }, [anvil])
    const { actor, ended } = start({ reading: async () => ({ ...rich, decimals: 6 }) })
    actor.send({ type: 'pay.request', key: 'x', request })
    const record = await ended('x')
    expect(record?.phase === 'refused' && record.error).toBeInstanceOf(InvalidPayParametersError)
    expect(actor.getSnapshot().value).toBe('idle')
  })

  test('bad input: an asset that answers no ERC-20 decimals is refused', async () => {
    const { actor, ended } = start({ reading: async () => Promise.reject(new PayAssetUnreadableError('eip155:31337/erc20:0x…')) })
    actor.send({ type: 'pay.request', key: 'x', request: token })
    const record = await ended('x')
    expect(record?.phase === 'refused' && record.error).toBeInstanceOf(PayAssetUnreadableError)
  })

  test('behavior: a balance that cannot cover the amount and the fee is said before any prompt; Pay does nothing', async () => {
    const { actor, sent } = start({ reading: async () => ({ ...rich, balance: 5n * 10n ** 17n, nativeBalance: 5n * 10n ** 17n }) })
    actor.send({ type: 'pay.request', key: 's', request: native })
    await waitFor(actor, (s) => s.matches({ reviewing: 'short' }))
    actor.send({ type: 'pay.confirm' })
    expect(actor.getSnapshot().matches({ reviewing: 'short' })).toBe(true)
    expect(sent).toEqual([])
  })

  test('behavior: short is said before any prompt for each namespace and each want: the asset, the amount with the fee, or the fee of a token', async () => {
    const solanaNet = defineSolanaNetwork({ reference: 'AK7zphcMpwwaFXRuPquNGSMjWsVvhFPZ', name: 'Solana Localnet', rpcUrl: 'http://127.0.0.1:8899', testnet: true })
    const solanaAccount: ConnectedAccount = { address: 'HPRrGFaH1GeKXeURURykoaHz1ejDuRbyEJXdcNq6FjhV', caipNetworkId: solanaNet.caipNetworkId, namespace: 'solana', connectorId: 'sol', supported: true, testnet: true }
    const sol = validatePay({ recipient: '7BNg9dvdHrtiuYmK1wF2DoMRbRkZup9Q9wWsdCjvSd4S', amount: '1', asset: `${solanaNet.caipNetworkId}/slip44:501` }, [solanaNet])
    const spl = validatePay({ recipient: '7BNg9dvdHrtiuYmK1wF2DoMRbRkZup9Q9wWsdCjvSd4S', amount: '1', asset: `${solanaNet.caipNetworkId}/token:4oYp8nTG8Jr1Auvs4EJeNPLasZ8gFkyt4JBRcBco74a8` }, [solanaNet])
    const lamports = { decimals: 9, symbol: 'SOL', balance: 10n ** 9n, nativeBalance: 10n ** 9n, fee: 5000n }
    const tokens = { decimals: 6, symbol: 'dUSDC', balance: 10n ** 6n, nativeBalance: 10n ** 9n, fee: 5000n + 2_039_280n }
    const cases = [
      { what: 'eip155 native: the amount but not the fee', request: native, target: account(), reading: { ...rich, balance: 5n * 10n ** 17n, nativeBalance: 5n * 10n ** 17n }, shortOf: 'fee' },
      { what: 'eip155 token: less than the amount', request: token, target: account(), reading: { ...rich, decimals: 6, balance: 1_249_999n }, shortOf: 'asset' },
      { what: 'eip155 token: the amount, but no ETH for the fee', request: token, target: account(), reading: { ...rich, decimals: 6, balance: 1_250_000n, nativeBalance: 0n }, shortOf: 'fee' },
      { what: 'solana SOL: exactly the amount, none left for the fee', request: sol, target: solanaAccount, reading: lamports, shortOf: 'fee' },
      { what: 'solana SPL: less than the amount', request: spl, target: solanaAccount, reading: { ...tokens, balance: 999_999n }, shortOf: 'asset' },
      { what: 'solana SPL: the amount, but too few lamports for the fee and the rent', request: spl, target: solanaAccount, reading: { ...tokens, nativeBalance: 2_000_000n }, shortOf: 'fee' },
    ] as const
    for (const c of cases) {
      const { actor, sent } = start({ reading: async () => c.reading, target: c.target })
      actor.send({ type: 'pay.request', key: c.what, request: c.request })
      await waitFor(actor, (s) => s.matches({ reviewing: 'short' }) || s.matches({ reviewing: 'ready' }))
      expect(connectPay(actor.getSnapshot()).shortOf, c.what).toBe(c.shortOf)
      actor.send({ type: 'pay.confirm' })
      expect(actor.getSnapshot().matches({ reviewing: 'short' }), c.what).toBe(true)
      expect(sent, c.what).toEqual([])
    }
    // Enough of everything on solana: ready, and Pay sends one transfer of the mint.
    const signature = base58Encode(new Uint8Array(64).fill(7))
    const { actor, sent } = start({ reading: async () => tokens, target: solanaAccount, send: async () => ({ hash: signature }) })
    actor.send({ type: 'pay.request', key: 'rich', request: spl })
    await waitFor(actor, (s) => s.matches({ reviewing: 'ready' }))
    actor.send({ type: 'pay.confirm' })
    await waitFor(actor, (s) => s.matches('succeeded'))
    expect(sent).toEqual([{ from: solanaAccount.address, to: '7BNg9dvdHrtiuYmK1wF2DoMRbRkZup9Q9wWsdCjvSd4S', value: 1_000_000n, token: '4oYp8nTG8Jr1Auvs4EJeNPLasZ8gFkyt4JBRcBco74a8' }])
    expect(actor.getSnapshot().context.requests['rich']).toMatchObject({ phase: 'ended', outcome: { status: 'success', txHash: signature, chainId: 'AK7zphcMpwwaFXRuPquNGSMjWsVvhFPZ', paidAmount: '1' } })
  })

  test('behavior: no wallet: the Pay view says so (no Pay, the exchanges are the ways); another payment under way: failed at once with the reason', async () => {
    const none = start({ target: null })
    none.actor.send({ type: 'pay.request', key: 'n', request: native })
    await waitFor(none.actor, (s) => s.matches({ reviewing: 'noWallet' }))
    none.actor.send({ type: 'pay.confirm' })
    expect(none.actor.getSnapshot().matches({ reviewing: 'noWallet' })).toBe(true)
    none.actor.send({ type: 'pay.cancel' })
    await expect(none.ended('n')).resolves.toMatchObject({ outcome: { status: 'cancelled' } })
    const { actor, ended } = start()
    actor.send({ type: 'pay.request', key: 'a', request: native })
    actor.send({ type: 'pay.request', key: 'b', request: native })
    await expect(ended('b')).resolves.toMatchObject({ outcome: { status: 'failed', reason: payReasons.busy } })
  })

  test('behavior: a wallet on another network is switched first; a declined switch or a rejection returns to the review; closing then ends cancelled', async () => {
    let switched = 0
    const { actor, ended } = start({ target: account('eip155:31338'), switchNetwork: async () => void switched++ })
    actor.send({ type: 'pay.request', key: 'a', request: native })
    await waitFor(actor, (s) => s.matches({ reviewing: 'ready' }))
    actor.send({ type: 'pay.confirm' })
    await expect(ended('a')).resolves.toMatchObject({ outcome: { status: 'success' } })
    expect(switched).toBe(1)

    const declined = start({ target: account('eip155:31338'), switchNetwork: async () => Promise.reject(new UserRejectedRequestError()) })
    declined.actor.send({ type: 'pay.request', key: 'd', request: native })
    await waitFor(declined.actor, (s) => s.matches({ reviewing: 'ready' }))
    declined.actor.send({ type: 'pay.confirm' })
    await waitFor(declined.actor, (s) => s.matches({ reviewing: 'ready' }) && declined.actor.getSnapshot().context.key === 'd')

    const rejected = start({ send: async () => Promise.reject(new UserRejectedRequestError()) })
    rejected.actor.send({ type: 'pay.request', key: 'r', request: native })
    await waitFor(rejected.actor, (s) => s.matches({ reviewing: 'ready' }))
    rejected.actor.send({ type: 'pay.confirm' })
    await waitFor(rejected.actor, (s) => s.matches('transferring'))
    await waitFor(rejected.actor, (s) => s.matches('reviewing'))
    rejected.actor.send({ type: 'root.closing', view: 'Pay' })
    await expect(rejected.ended('r')).resolves.toMatchObject({ outcome: { status: 'cancelled', reason: payReasons.cancelled } })
  })

  test('behavior: the modal beginning to close ends the payment cancelled at once: a request right after starts a new payment, never "another payment under way"', async () => {
    const { actor, ended } = start()
    actor.send({ type: 'pay.request', key: 'a', request: native })
    await waitFor(actor, (s) => s.matches({ reviewing: 'ready' }))
    actor.send({ type: 'root.closing', view: 'Pay' })
    // Ended now, not at the end of the exit transition; the view keeps what it showed meanwhile.
    expect(actor.getSnapshot().context.requests.a).toEqual({ key: 'a', phase: 'ended', outcome: { status: 'cancelled', reason: payReasons.cancelled } })
    expect(actor.getSnapshot().context.request).toBe(native)
    actor.send({ type: 'pay.request', key: 'b', request: native })
    await waitFor(actor, (s) => s.matches({ reviewing: 'ready' }))
    expect(actor.getSnapshot().context.key).toBe('b')
    // The first modal's exit ends after the second request began (it reopened the modal): nothing of b is lost.
    actor.send({ type: 'root.closed', view: 'Pay' })
    expect(actor.getSnapshot().context.requests.b).toEqual({ key: 'b', phase: 'asking' })
    actor.send({ type: 'pay.confirm' })
    await expect(ended('b')).resolves.toMatchObject({ outcome: { status: 'success' } })
    // An end view left by closing settles it then; the modal closed afterwards clears what it showed.
    actor.send({ type: 'root.closing', view: 'Pay' })
    expect(actor.getSnapshot().value).toBe('idle')
    actor.send({ type: 'root.closed', view: 'Pay' })
    expect(actor.getSnapshot().context.request).toBeUndefined()
  })

  test('behavior: a transfer already broadcast is not ended by closing: a request meanwhile is another payment under way', async () => {
    let finish: (end: TransactionEnd) => void = () => {}
    const transaction = transactionMachine.provide({
      actors: {
        send: fromPromise(async () => ({ hash: HASH })),
        waitForEnd: fromPromise(() => new Promise<TransactionEnd>((resolve) => (finish = resolve))),
      },
    })
    const actor = createActor(payMachine.provide({ actors: { transaction, ...payReads(async () => rich).actors } }), { input: { target: account() } }).start()
    actor.send({ type: 'pay.request', key: 'a', request: native })
    await waitFor(actor, (s) => s.matches({ reviewing: 'ready' }))
    actor.send({ type: 'pay.confirm' })
    await waitFor(actor, (s) => s.matches({ transferring: 'confirming' }))
    actor.send({ type: 'root.closing', view: 'Pay' })
    actor.send({ type: 'pay.request', key: 'b', request: native })
    expect(actor.getSnapshot().context.requests.b).toEqual({ key: 'b', phase: 'ended', outcome: { status: 'failed', reason: payReasons.busy } })
    finish({ status: 'success', hash: HASH })
    await waitFor(actor, (s) => s.context.requests.a?.phase === 'ended')
    expect(actor.getSnapshot().context.requests.a).toMatchObject({ outcome: { status: 'success', txHash: HASH } })
  })

  test('behavior: confirmations as asked: the payment is confirming, never a success, until the blocks are counted; reverted after a reorganisation is failed', async () => {
    const deep = validatePay({ recipient: BOB, amount: '0.5', asset: 'eip155:31337/slip44:60', confirmations: 3 }, [anvil])
    const waits: Array<{ input: { hash: string; confirmations: number }; resolve: (end: PayConfirmationsEnd) => void }> = []
    const transaction = transactionMachine.provide({ actors: { send: fromPromise(async () => ({ hash: HASH })), waitForEnd: fromPromise(async ({ input: i }) => ({ status: 'success' as const, hash: i.hash })) } })
    const waitForConfirmations = fromPromise<PayConfirmationsEnd, { caipNetworkId: string; hash: string; confirmations: number }>(({ input }) => new Promise((resolve) => waits.push({ input, resolve })))
    const run = () => createActor(payMachine.provide({ actors: { transaction, waitForConfirmations, ...payReads(async () => rich).actors } }), { input: { target: account() } }).start()
    const actor = run()
    actor.send({ type: 'pay.request', key: 'a', request: deep })
    await waitFor(actor, (s) => s.matches({ reviewing: 'ready' }))
    actor.send({ type: 'pay.confirm' })
    await waitFor(actor, (s) => s.matches('awaitingConfirmations'))
    expect(waits.map((w) => w.input)).toEqual([{ caipNetworkId: 'eip155:31337', hash: HASH, confirmations: 3 }])
    expect(connectPay(actor.getSnapshot()).phase).toBe('confirming')
    expect(actor.getSnapshot().context.requests.a).toEqual({ key: 'a', phase: 'asking' })
    waits[0]!.resolve({ status: 'confirmed', count: 3 })
    await waitFor(actor, (s) => s.matches('succeeded'))
    expect(actor.getSnapshot().context.requests.a).toMatchObject({ phase: 'ended', outcome: { status: 'success', txHash: HASH, chainId: 31337, paidAmount: '0.5' } })

    const reorged = run()
    reorged.send({ type: 'pay.request', key: 'r', request: deep })
    await waitFor(reorged, (s) => s.matches({ reviewing: 'ready' }))
    reorged.send({ type: 'pay.confirm' })
    await waitFor(reorged, (s) => s.matches('awaitingConfirmations'))
    waits[1]!.resolve({ status: 'reverted' })
    await waitFor(reorged, (s) => s.matches('failed'))
    expect(reorged.getSnapshot().context.end).toEqual({ status: 'failed', reason: payReasons.reverted })
  })

  test('behavior: a reverted transfer is failed, never success', async () => {
    const { actor, ended } = start({ end: 'reverted' })
    actor.send({ type: 'pay.request', key: 'a', request: native })
    await waitFor(actor, (s) => s.matches({ reviewing: 'ready' }))
    actor.send({ type: 'pay.confirm' })
    await waitFor(actor, (s) => s.matches('failed'))
    expect(actor.getSnapshot().context.end).toEqual({ status: 'failed', reason: payReasons.reverted })
    // Try again: a new attempt of the same request (one more transfer asked), still unsettled until the end is left.
    actor.send({ type: 'pay.retry' })
    await waitFor(actor, (s) => s.matches({ reviewing: 'ready' }))
    expect(actor.getSnapshot().context.requests.a).toEqual({ key: 'a', phase: 'asking' })
    actor.send({ type: 'pay.confirm' })
    await waitFor(actor, (s) => s.matches('failed'))
    actor.send({ type: 'pay.done' })
    await expect(ended('a')).resolves.toMatchObject({ outcome: { status: 'failed', reason: payReasons.reverted } })
  })

  test('behavior: closing while the wallet prompts ends cancelled (never pending); the wallet disconnecting ends failed', async () => {
    const { actor, ended } = start({ send: () => new Promise(() => {}) })
    actor.send({ type: 'pay.request', key: 'a', request: native })
    await waitFor(actor, (s) => s.matches({ reviewing: 'ready' }))
    actor.send({ type: 'pay.confirm' })
    actor.send({ type: 'root.closing', view: 'Pay' })
    await expect(ended('a')).resolves.toMatchObject({ outcome: { status: 'cancelled' } })

    const lost = start()
    lost.actor.send({ type: 'pay.request', key: 'l', request: native })
    await waitFor(lost.actor, (s) => s.matches({ reviewing: 'ready' }))
    lost.actor.send({ type: 'root.account', change: 'disconnected', account: undefined, holder: 'pay' })
    await expect(lost.ended('l')).resolves.toMatchObject({ outcome: { status: 'failed', reason: payReasons.walletLost } })
  })
})
