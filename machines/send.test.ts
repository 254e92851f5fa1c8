import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { UserRejectedRequestError } from '../adapters/errors.ts'
import type { TokenBalance } from '../services/schemas.ts'
import { deferred, type Deferred } from '../tests/harness/deferred.ts'
import { connectSend } from './send.connect.ts'
import { isReceiverMessage, parseAmount, sendMachine, sendMessageRefs, tokenKey, type SendEstimate, type SendTarget, type SendTransferInput } from './send.ts'
import { sendMessageText } from '../ui/errorSentence.ts'
import { enShell } from '../ui/locales/en.shell.ts'
import { timing } from './timing.ts'
import type { TransactionEnd } from './transactionEnd.ts'
import { transactionMachine } from './transaction.ts'
import { ForeignError } from '../tests/harness/failures.ts'

const HASH_A = `0x${'ab'.repeat(32)}`
const HASH_D = `0x${'de'.repeat(32)}`
const HASH_1 = `0x${'01'.repeat(32)}`

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const target: SendTarget = { address: from, caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'dev', supported: true, testnet: true }
const eth: TokenBalance = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 3000, price: 3000, quantity: { decimals: '18', numeric: '1' } }
const dev: TokenBalance = {
  name: 'Dev Token',
  symbol: 'DEV',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35',
  value: 5,
  price: 1,
  quantity: { decimals: '18', numeric: '5' },
}
const usdt: TokenBalance = {
  name: 'Dev Tether',
  symbol: 'dUSDT',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0xA15BB66138824a1c7167f5E85b957d04Dd34E468',
  value: 2.5,
  price: 1,
  quantity: { decimals: '6', numeric: '2.5' },
}
const nft: TokenBalance = { name: 'Kitty', symbol: 'KIT', chainId: 'eip155:31337', address: 'eip155:31337:0x1', value: 0, price: 0, quantity: { decimals: '0', numeric: '1' } }

/** The root's account moment: the wallet's account (or chain) is now `account`. */
const accountIs = (account: SendTarget) => ({ type: 'root.account' as const, change: 'changed' as const, account, holder: undefined })
/** Confirm, and the router takes the transaction's entry (run on its own, the send has no router to answer it). */
function confirm(actor: { send: (event: { type: 'send.confirm' } | { type: 'router.transactionAccepted' }) => void }) {
  actor.send({ type: 'send.confirm' })
  actor.send({ type: 'router.transactionAccepted' })
}

function harness() {
  const balances: Deferred<TokenBalance[]>[] = []
  const names: Array<{ name: string; d: Deferred<{ address: string | null; avatar?: string | null }> }> = []
  const profiles: Deferred<{ name?: string | null; avatar?: string | null }>[] = []
  const estimates: Array<{ input: SendTransferInput; d: Deferred<SendEstimate> }> = []
  const sends: Array<{ input: SendTransferInput; d: Deferred<{ hash: string }> }> = []
  const receipts: Deferred<TransactionEnd>[] = []
  const actor = createActor(
    sendMachine.provide({
      actors: {
        fetchBalances: fromPromise(() => {
          const d = deferred<TokenBalance[]>()
          balances.push(d)
          return d.promise
        }),
        resolveName: fromPromise(({ input }) => {
          const d = deferred<{ address: string | null; avatar?: string | null }>()
          names.push({ name: input.name, d })
          return d.promise
        }),
        fetchReceiverProfile: fromPromise(() => {
          const d = deferred<{ name?: string | null; avatar?: string | null }>()
          profiles.push(d)
          return d.promise
        }),
        estimateTransfer: fromPromise(({ input }) => {
          const d = deferred<SendEstimate>()
          estimates.push({ input, d })
          return d.promise
        }),
        // The transaction machine, the wallet's prompt and the receipt rule's answer played by the test.
        transaction: transactionMachine.provide({
          actors: {
            send: fromPromise(({ input }) => {
              const d = deferred<{ hash: string }>()
              sends.push({ input: input.request as SendTransferInput, d })
              return d.promise
            }),
            waitForEnd: fromPromise(() => {
              const d = deferred<TransactionEnd>()
              receipts.push(d)
              return d.promise
            }),
          },
        }),
      },
    }),
    { input: {} },
  )
  const emitted: Array<{ type: string; [k: string]: unknown }> = []
  actor.on('*', (e) => emitted.push(e as never))
  actor.start()
  // The form's message as the visitor reads it (the catalogue's words for the machine's key and values).
  const view = () => {
    const v = connectSend(actor.getSnapshot())
    return { ...v, error: v.error && sendMessageText(enShell, v.error) }
  }
  const flush = () => vi.advanceTimersByTimeAsync(0)
  /** Opens the form with the given balances loaded. */
  async function openWith(list: TokenBalance[], t: SendTarget = target) {
    actor.send(accountIs(t))
    actor.send({ type: 'send.open' })
    balances.at(-1)!.resolve(list)
    await flush()
  }
  /** Fills a valid native send of 0.25 ETH to bob and reviews it. */
  async function reviewNative() {
    await openWith([eth, dev, usdt])
    actor.send({ type: 'send.setAmount', amount: '0.25' })
    actor.send({ type: 'send.setReceiver', receiver: bob })
    actor.send({ type: 'send.review' })
    await flush()
  }
  const fee: SendEstimate = { gas: '21000', gasPrice: '1000000000', fee: '21000000000000' }
  return { actor, view, flush, openWith, reviewNative, balances, names, profiles, estimates, sends, receipts, emitted, fee }
}

describe('parseAmount', () => {
  test('parses with the token decimals, exactly', () => {
    expect(parseAmount('1.5', usdt)).toEqual({ ok: true, value: 1_500_000n })
    expect(parseAmount('.5', eth)).toEqual({ ok: true, value: 500_000_000_000_000_000n })
    expect(parseAmount('0.000000000000000001', eth)).toEqual({ ok: true, value: 1n })
    expect(parseAmount('123456789.123456', usdt)).toEqual({ ok: true, value: 123_456_789_123_456n })
  })
  test('refuses negative, zero, non-numeric, and too many decimals, with a message', () => {
    expect(parseAmount('-1', eth)).toEqual({ ok: false, message: sendMessageRefs.notPositive })
    expect(parseAmount('0', eth)).toEqual({ ok: false, message: sendMessageRefs.notPositive })
    expect(parseAmount('0.0', eth)).toEqual({ ok: false, message: sendMessageRefs.notPositive })
    for (const bad of ['abc', '1e5', '1,5', '1.2.3', '0x10', ' ', '.', 'Infinity', 'NaN']) {
      expect(parseAmount(bad, eth)).toEqual({ ok: false, message: sendMessageRefs.invalidAmount })
    }
    expect(parseAmount('1.1234567', usdt)).toEqual({ ok: false, message: { key: 'tooManyDecimals', values: { symbol: 'dUSDT', decimals: 6 } } })
  })
})

describe('send machine', () => {
  test('opening loads the balances and selects the native currency; tokens without decimals or balance are left out', async () => {
    const h = harness()
    await h.openWith([eth, dev, nft, { ...usdt, value: 0, quantity: { decimals: '6', numeric: '0' } }])
    expect(h.actor.getSnapshot().matches({ flow: 'editing', balances: 'ready' })).toBe(true)
    expect(h.view().token?.symbol).toBe('ETH')
    expect(h.view().tokens.map((t) => t.symbol)).toEqual(['ETH', 'DEV'])
    expect(h.actor.getSnapshot().context.networkBalanceInUSD).toBe('3005.00')
  })

  test('open with a token key preselects that token', async () => {
    const h = harness()
    h.actor.send(accountIs(target))
    h.actor.send({ type: 'send.open', tokenKey: tokenKey(usdt) })
    h.balances[0]!.resolve([eth, dev, usdt])
    await h.flush()
    expect(h.view().token?.symbol).toBe('dUSDT')
  })

  test('without a target the form does not open', () => {
    const h = harness()
    h.actor.send({ type: 'send.open' })
    expect(h.actor.getSnapshot().matches({ flow: 'idle', balances: 'idle' })).toBe(true)
  })

  test('validation follows spec §5 in order, word for word', async () => {
    const h = harness()
    await h.openWith([])
    const review = () => {
      h.actor.send({ type: 'send.review' })
      return h.view().error
    }
    expect(review()).toBe('An amount and receiver address are required')
    h.actor.send({ type: 'send.setAmount', amount: '1' })
    expect(review()).toBe('An amount and receiver address are required')
    h.actor.send({ type: 'send.setReceiver', receiver: bob })
    expect(review()).toBe('A token is required')
    expect(h.actor.getSnapshot().matches({ flow: 'editing' })).toBe(true)
  })

  test("'Unsupported chain' outside eip155 and solana, and on a network the dapp did not configure", async () => {
    for (const t of [
      { ...target, namespace: 'bip122', caipNetworkId: 'bip122:000000000019d6689c085ae165831e93' },
      { ...target, supported: false },
    ]) {
      const h = harness()
      await h.openWith([eth], t)
      h.actor.send({ type: 'send.setAmount', amount: '0.1' })
      h.actor.send({ type: 'send.setReceiver', receiver: bob })
      h.actor.send({ type: 'send.review' })
      expect(h.view().error).toBe('Unsupported chain')
    }
  })

  test('amount, receiver and balance refusals keep the form and ask nobody', async () => {
    const h = harness()
    await h.openWith([eth, usdt])
    h.actor.send({ type: 'send.setReceiver', receiver: bob })
    const cases: Array<[string, string]> = [
      ['-1', enShell.sendMessages.notPositive],
      ['abc', enShell.sendMessages.invalidAmount],
      ['0.0000000000000000001', 'Too many decimals: ETH allows 18'],
      ['1.000000000000000001', 'Insufficient ETH balance'],
    ]
    for (const [amount, message] of cases) {
      h.actor.send({ type: 'send.setAmount', amount })
      h.actor.send({ type: 'send.review' })
      expect(h.view().error).toBe(message)
    }
    h.actor.send({ type: 'send.setAmount', amount: '1' })
    h.actor.send({ type: 'send.setReceiver', receiver: '0x123' })
    h.actor.send({ type: 'send.review' })
    expect(h.view().error).toBe('Invalid receiver address')
    // A wrong checksum is not an address.
    h.actor.send({ type: 'send.setReceiver', receiver: bob.replace('C5', 'c5') })
    expect(h.view().receiverStatus).toBe('invalid')
    expect(h.estimates).toHaveLength(0)
    expect(h.actor.getSnapshot().matches({ flow: 'editing' })).toBe(true)
    expect(h.view().amount).toBe('1')
  })

  test('editing clears the message', async () => {
    const h = harness()
    await h.openWith([eth])
    h.actor.send({ type: 'send.review' })
    expect(h.view().error).toBeDefined()
    h.actor.send({ type: 'send.setAmount', amount: '1' })
    expect(h.view().error).toBeUndefined()
  })

  test('Max fills the whole balance of the selected token', async () => {
    const h = harness()
    await h.openWith([eth, usdt])
    h.actor.send({ type: 'send.pickToken', tokenKey: tokenKey(usdt) })
    h.actor.send({ type: 'send.setMax' })
    expect(h.view().amount).toBe('2.5')
    // An unknown key changes nothing.
    h.actor.send({ type: 'send.pickToken', tokenKey: 'eip155:31337:0xnope' })
    expect(h.view().token?.symbol).toBe('dUSDT')
  })

  test('a name resolves after the debounce; the resolved address is the receiver', async () => {
    const h = harness()
    await h.openWith([eth])
    h.actor.send({ type: 'send.setReceiver', receiver: 'Bob.reown.id ' })
    expect(h.view().receiverStatus).toBe('resolving')
    await vi.advanceTimersByTimeAsync(timing.nameResolveDebounce - 1)
    expect(h.names).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(h.names[0]!.name).toBe('bob.reown.id')
    h.names[0]!.d.resolve({ address: bob.toLowerCase() })
    await h.flush()
    expect(h.view().receiverStatus).toBe('valid')
    expect(h.view().resolvedAddress).toBe(bob)
    expect(h.view().receiverName).toBe('bob.reown.id')
    // testnet: no identity lookup
    expect(h.profiles).toHaveLength(0)
  })

  test('typing again restarts the debounce; an unknown name or a failed lookup is notFound', async () => {
    const h = harness()
    await h.openWith([eth])
    h.actor.send({ type: 'send.setReceiver', receiver: 'bo.reown.id' })
    await vi.advanceTimersByTimeAsync(200)
    h.actor.send({ type: 'send.setReceiver', receiver: 'bob.reown.id' })
    await vi.advanceTimersByTimeAsync(200)
    expect(h.names).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(100)
    expect(h.names.map((n) => n.name)).toEqual(['bob.reown.id'])
    h.names[0]!.d.resolve({ address: null })
    await h.flush()
    expect(h.view().receiverStatus).toBe('notFound')
    h.actor.send({ type: 'send.setAmount', amount: '0.1' })
    h.actor.send({ type: 'send.review' })
    expect(h.view().error).toBe('No address found for this name')
    // The lookup itself fails: 'Error resolving name' (spec §8), not 'No address found'.
    h.actor.send({ type: 'send.setReceiver', receiver: 'dave.reown.id' })
    await vi.advanceTimersByTimeAsync(300)
    expect(h.names.map((n) => n.name)).toEqual(['bob.reown.id', 'dave.reown.id'])
    h.names.at(-1)!.d.reject(new ForeignError('HTTP 500'))
    await h.flush()
    expect(h.view().receiverStatus).toBe('notFound')
    h.actor.send({ type: 'send.review' })
    expect(h.view().error).toBe('Error resolving name')
    h.actor.send({ type: 'send.setReceiver', receiver: 'carol.wcn.id' })
    h.actor.send({ type: 'send.review' })
    expect(h.view().error).toBe(enShell.sendMessages.nameResolving)
    await vi.advanceTimersByTimeAsync(timing.nameResolveDebounce)
    h.names[2]!.d.reject(new ForeignError('404'))
    await h.flush()
    expect(h.view().receiverStatus).toBe('notFound')
  })

  test('on an eip155 mainnet the receiver profile is looked up; a failure is ignored', async () => {
    const h = harness()
    const mainnet = { ...target, caipNetworkId: 'eip155:1', testnet: false }
    await h.openWith([{ ...eth, chainId: 'eip155:1' }], mainnet)
    h.actor.send({ type: 'send.setReceiver', receiver: bob })
    expect(h.profiles).toHaveLength(1)
    h.profiles[0]!.resolve({ name: 'bob.reown.id', avatar: 'https://example.com/a.png' })
    await h.flush()
    expect(h.view()).toMatchObject({ receiverName: 'bob.reown.id', receiverAvatar: 'https://example.com/a.png', receiverStatus: 'valid' })
    h.actor.send({ type: 'send.setReceiver', receiver: from })
    h.profiles[1]!.reject(new ForeignError('down'))
    await h.flush()
    expect(h.view()).toMatchObject({ receiverName: undefined, receiverStatus: 'valid', resolvedAddress: from })
  })

  test('behavior: the form and the picker show fiat only for priced tokens, grouped in the locale; the fee in significant digits', async () => {
    const h = harness()
    await h.openWith([
      { ...eth, quantity: { decimals: '18', numeric: '12345.6789' }, value: 37_037_036.7 },
      { ...dev, price: 0, value: 0 },
    ])
    h.actor.send({ type: 'send.setAmount', amount: '0.5' })
    const en = connectSend(h.actor.getSnapshot(), 'en-US')
    expect(en.tokens.map((t) => [t.symbol, t.balance, t.fiat])).toEqual([
      ['ETH', '12,345.678', '$37,037,036.70'],
      ['DEV', '5', undefined],
    ])
    expect(en.amountFiat).toBe('$1,500.00')
    expect(connectSend(h.actor.getSnapshot(), 'de-DE').tokens[0]!.balance).toBe('12.345,678')
    h.actor.send({ type: 'send.pickToken', tokenKey: tokenKey(dev) })
    h.actor.send({ type: 'send.setAmount', amount: '1' })
    expect(connectSend(h.actor.getSnapshot(), 'en-US').amountFiat).toBeUndefined()
  })

  test('behavior: a fee of many digits reads in significant digits (0.000037 ETH)', async () => {
    const h = harness()
    await h.reviewNative()
    h.estimates[0]!.d.resolve({ gas: '21000', gasPrice: '1773448734', fee: '37242423414000' })
    await h.flush()
    expect(h.view().fee).toBe('0.000037 ETH')
  })

  test('native send: preview estimates, confirm asks the wallet, success resets and emits succeeded', async () => {
    const h = harness()
    await h.reviewNative()
    expect(h.emitted.map((e) => e.type)).toContain('send.previewing')
    expect(h.view().phase).toBe('estimating')
    expect(h.estimates[0]!.input).toEqual({ connectorId: 'dev', from, to: bob, amount: '250000000000000000', caipNetworkId: 'eip155:31337', tokenAddress: undefined })
    h.estimates[0]!.d.resolve(h.fee)
    await h.flush()
    expect(h.view().phase).toBe('ready')
    expect(h.view().fee).toBe('0.000021 ETH')
    confirm(h.actor)
    expect(h.view()).toMatchObject({ phase: 'sending', loading: true })
    h.sends[0]!.d.resolve({ hash: HASH_A })
    await h.flush()
    expect(h.view()).toMatchObject({ phase: 'confirming', loading: true, hash: HASH_A })
    expect(h.emitted.at(-1)).toEqual({ type: 'send.submitted', hash: HASH_A, caipNetworkId: 'eip155:31337' })
    h.receipts[0]!.resolve({ status: 'success', hash: HASH_A })
    await h.flush()
    expect(h.emitted.at(-1)).toEqual({ type: 'send.succeeded', hash: HASH_A, caipNetworkId: 'eip155:31337', native: true, tokenAddress: undefined })
    // Spec §4: reset clears token, amount, receiver, profile and balances; the chart's receiver region is empty again.
    expect(h.view()).toMatchObject({ phase: 'idle', amount: '', receiver: '', receiverStatus: 'empty', token: undefined, tokens: [], loading: false })
    expect(h.actor.getSnapshot().matches({ receiver: 'empty' })).toBe(true)
  })

  test('an ERC-20 send goes to the token contract with the amount in the token decimals', async () => {
    const h = harness()
    await h.openWith([eth, usdt])
    h.actor.send({ type: 'send.pickToken', tokenKey: tokenKey(usdt) })
    h.actor.send({ type: 'send.setAmount', amount: '1.25' })
    h.actor.send({ type: 'send.setReceiver', receiver: bob })
    h.actor.send({ type: 'send.review' })
    expect(h.estimates[0]!.input).toMatchObject({ amount: '1250000', tokenAddress: '0xA15BB66138824a1c7167f5E85b957d04Dd34E468', to: bob })
    h.estimates[0]!.d.resolve(h.fee)
    await h.flush()
    confirm(h.actor)
    h.sends[0]!.d.resolve({ hash: HASH_D })
    await h.flush()
    h.receipts[0]!.resolve({ status: 'success', hash: HASH_D })
    await h.flush()
    expect(h.emitted.at(-1)).toMatchObject({ type: 'send.succeeded', native: false, tokenAddress: usdt.address })
  })

  test("the user's rejection is a cancel: back to the form with nothing lost", async () => {
    const h = harness()
    await h.reviewNative()
    h.estimates[0]!.d.resolve(h.fee)
    await h.flush()
    confirm(h.actor)
    h.sends[0]!.d.reject(new UserRejectedRequestError())
    await h.flush()
    expect(h.emitted.at(-1)).toEqual({ type: 'send.cancelled' })
    expect(h.view()).toMatchObject({ phase: 'editing', amount: '0.25', receiver: bob, failure: undefined })
    expect(h.view().token?.symbol).toBe('ETH')
  })

  test('a wallet failure and a reverted transaction emit failed and return to the form', async () => {
    const h = harness()
    await h.reviewNative()
    h.estimates[0]!.d.resolve(h.fee)
    await h.flush()
    confirm(h.actor)
    h.sends[0]!.d.reject(new ForeignError('nonce too low'))
    await h.flush()
    expect(h.emitted.at(-1)).toMatchObject({ type: 'send.failed', error: { message: 'nonce too low' } })
    expect(h.view().phase).toBe('editing')
    h.actor.send({ type: 'send.review' })
    h.estimates[1]!.d.resolve(h.fee)
    await h.flush()
    confirm(h.actor)
    h.sends[1]!.d.resolve({ hash: HASH_1 })
    await h.flush()
    h.receipts[0]!.resolve({ status: 'reverted', hash: HASH_1 })
    await h.flush()
    expect(h.emitted.at(-1)).toMatchObject({ type: 'send.failed', error: { name: 'TransactionRevertedError' } })
    // The preview words it from the catalogue.
    expect(connectSend(h.actor.getSnapshot()).failureMessage).toEqual(sendMessageRefs.reverted)
    expect(h.view()).toMatchObject({ phase: 'editing', amount: '0.25' })
  })

  /** A send the wallet broadcast, waiting for its end (`confirming`, hash 0xabc). */
  async function broadcast(h: ReturnType<typeof harness>) {
    await h.reviewNative()
    h.estimates[0]!.d.resolve(h.fee)
    await h.flush()
    confirm(h.actor)
    h.sends[0]!.d.resolve({ hash: HASH_A })
    await h.flush()
  }

  test('behavior: a sent transaction whose end is unknown is "sent, status unknown", never the editable form', async () => {
    const h = harness()
    await broadcast(h)
    h.receipts[0]!.resolve({ status: 'unknown', hash: HASH_A })
    await h.flush()
    expect(h.emitted.at(-1)).toEqual({ type: 'send.unconfirmed', hash: HASH_A, caipNetworkId: 'eip155:31337' })
    expect(h.view()).toMatchObject({ phase: 'unconfirmed', hash: HASH_A, loading: false })
    expect(h.actor.getSnapshot().hasTag('unconfirmed')).toBe(true)
    // The form's gestures do nothing there: no way back to an editable form with the sent amount.
    for (const type of ['send.edit', 'send.review', 'send.confirm', 'send.open'] as const) h.actor.send({ type })
    expect(h.view().phase).toBe('unconfirmed')
    // Looking again waits for the same hash; its end then counts as usual.
    h.actor.send({ type: 'send.recheck' })
    expect(h.view()).toMatchObject({ phase: 'confirming', loading: true })
    h.receipts[1]!.resolve({ status: 'success', hash: HASH_A })
    await h.flush()
    expect(h.emitted.at(-1)).toMatchObject({ type: 'send.succeeded', hash: HASH_A })
    expect(h.view()).toMatchObject({ phase: 'idle', amount: '' })
  })

  test('behavior: a wait that fails (a dapp adapter throwing) is "sent, status unknown" too; leaving it clears the form', async () => {
    const h = harness()
    await broadcast(h)
    h.receipts[0]!.reject(new ForeignError('HTTP 500'))
    await h.flush()
    expect(h.emitted.at(-1)).toMatchObject({ type: 'send.unconfirmed', hash: HASH_A })
    expect(h.view().phase).toBe('unconfirmed')
    h.actor.send({ type: 'send.dismiss' })
    expect(h.view()).toMatchObject({ phase: 'idle', amount: '', receiver: '', receiverStatus: 'empty', hash: undefined })
    expect(h.actor.getSnapshot().matches({ receiver: 'empty' })).toBe(true)
    expect(h.emitted.map((e) => e.type)).not.toContain('send.failed')
  })

  test("behavior: a sped-up transaction succeeds with the replacement's hash; one cancelled in the wallet is a failure", async () => {
    const h = harness()
    await broadcast(h)
    h.receipts[0]!.resolve({ status: 'success', hash: HASH_D, replaced: { hash: HASH_A, reason: 'repriced' } })
    await h.flush()
    expect(h.emitted.at(-1)).toMatchObject({ type: 'send.succeeded', hash: HASH_D })

    const c = harness()
    await broadcast(c)
    c.receipts[0]!.resolve({ status: 'success', hash: HASH_D, replaced: { hash: HASH_A, reason: 'cancelled' } })
    await c.flush()
    expect(c.emitted.at(-1)).toMatchObject({ type: 'send.failed', error: { name: 'TransactionReplacedError' } })
    expect(c.view()).toMatchObject({ phase: 'editing', hash: HASH_D })
  })

  test('bad input: a malformed hash from the wallet is a failure (InvalidTransactionHashError), no receipt wait, the form kept', async () => {
    const h = harness()
    await h.reviewNative()
    h.estimates[0]!.d.resolve(h.fee)
    await h.flush()
    confirm(h.actor)
    h.sends[0]!.d.resolve({ hash: '0xabc' })
    await h.flush()
    expect(h.receipts).toEqual([])
    expect(h.emitted.at(-1)).toMatchObject({ type: 'send.failed', error: { name: 'InvalidTransactionHashError' } })
    expect(h.view()).toMatchObject({ phase: 'editing', amount: '0.25', receiver: bob })
  })

  test('bad input: a receipt for another hash, no replacement named, is "sent, status unknown" with the sent hash, never a success', async () => {
    const h = harness()
    await broadcast(h)
    h.receipts[0]!.resolve({ status: 'success', hash: HASH_D })
    await h.flush()
    expect(h.emitted.at(-1)).toEqual({ type: 'send.unconfirmed', hash: HASH_A, caipNetworkId: 'eip155:31337' })
    expect(h.emitted.map((e) => e.type)).not.toContain('send.succeeded')
  })

  test('a failed estimate can be retried; edit goes back to the form', async () => {
    const h = harness()
    await h.reviewNative()
    h.estimates[0]!.d.reject(new ForeignError('execution reverted'))
    await h.flush()
    expect(h.view()).toMatchObject({ phase: 'estimateFailed', failure: { message: 'execution reverted' } })
    confirm(h.actor)
    expect(h.sends).toHaveLength(0)
    h.actor.send({ type: 'send.retryEstimate' })
    expect(h.view().phase).toBe('estimating')
    h.actor.send({ type: 'send.edit' })
    expect(h.view().phase).toBe('editing')
  })

  test('a native Max leaves room for the fee; a balance below the fee cannot send', async () => {
    const h = harness()
    await h.openWith([eth])
    h.actor.send({ type: 'send.setMax' })
    h.actor.send({ type: 'send.setReceiver', receiver: bob })
    h.actor.send({ type: 'send.review' })
    h.estimates[0]!.d.resolve(h.fee)
    await h.flush()
    expect(h.view()).toMatchObject({ phase: 'ready', amount: '0.999958', adjustedForFee: true })

    const poor = harness()
    await poor.openWith([{ ...eth, quantity: { decimals: '18', numeric: '0.00001' } }])
    poor.actor.send({ type: 'send.setMax' })
    poor.actor.send({ type: 'send.setReceiver', receiver: bob })
    poor.actor.send({ type: 'send.review' })
    poor.estimates[0]!.d.resolve(poor.fee)
    await poor.flush()
    expect(poor.view()).toMatchObject({ phase: 'estimateFailed', failure: { name: 'InsufficientFundsError' }, failureMessage: { key: 'insufficientForFee', values: { symbol: 'ETH' } } })
    expect(sendMessageText(enShell, poor.view().failureMessage!)).toBe('Not enough ETH to pay the network fee')
  })

  test('while the wallet is asked, form edits and a second review are ignored', async () => {
    const h = harness()
    await h.reviewNative()
    h.estimates[0]!.d.resolve(h.fee)
    await h.flush()
    confirm(h.actor)
    h.actor.send({ type: 'send.setAmount', amount: '0.3' })
    h.actor.send({ type: 'send.review' })
    expect(h.view()).toMatchObject({ phase: 'sending', amount: '0.25' })
    expect(h.estimates).toHaveLength(1)
  })

  test('balances: failure is unavailable; a retry only after 30 s', async () => {
    const h = harness()
    h.actor.send(accountIs(target))
    h.actor.send({ type: 'send.open' })
    h.balances[0]!.reject(new ForeignError('500'))
    await h.flush()
    expect(h.view().isBalanceUnavailable).toBe(true)
    h.actor.send({ type: 'send.open' })
    expect(h.balances).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(timing.balanceRetry)
    h.actor.send({ type: 'send.open' })
    expect(h.balances).toHaveLength(2)
  })

  test('another account or chain resets the send state; the same target keeps it; clear forgets it', async () => {
    const h = harness()
    await h.openWith([eth])
    h.actor.send({ type: 'send.setAmount', amount: '0.5' })
    h.actor.send(accountIs({ ...target }))
    expect(h.view().amount).toBe('0.5')
    h.actor.send(accountIs({ ...target, caipNetworkId: 'eip155:31338' }))
    expect(h.view()).toMatchObject({ amount: '', phase: 'idle', tokens: [] })
    h.actor.send({ type: 'root.account', change: 'disconnected', account: undefined, holder: undefined })
    expect(h.actor.getSnapshot().context.target).toBeUndefined()
  })
})

describe('the receiver: optional 0x, CAIP-10 (spec §5: an address with or without 0x, checksummed; a CAIP-10 address of the network sent on)', () => {
  const bare = bob.slice(2)
  /** Opens the form with ETH, types 0.25 and `receiver`, reviews; returns the error shown and the estimate's input. */
  async function reviewTo(receiver: string, t: SendTarget = target) {
    const h = harness()
    await h.openWith([eth], t)
    h.actor.send({ type: 'send.setAmount', amount: '0.25' })
    h.actor.send({ type: 'send.setReceiver', receiver })
    h.actor.send({ type: 'send.review' })
    await h.flush()
    return { error: h.view().error, status: h.view().receiverStatus, resolved: h.view().resolvedAddress, estimate: h.estimates[0]?.input }
  }

  test('behavior: 40 hex digits without 0x are an address: checksummed with 0x, and the transfer goes to it', async () => {
    for (const receiver of [bare, bare.toLowerCase(), bare.toUpperCase(), ` ${bare} `]) {
      const r = await reviewTo(receiver)
      expect(r, receiver).toMatchObject({ error: undefined, status: 'valid', resolved: bob })
      expect(r.estimate?.to).toBe(bob)
    }
  })

  test('bad input: a mixed-case address with a wrong checksum is refused with or without 0x; so are other lengths and 0X', async () => {
    const wrongChecksum = bare.replace('C5', 'c5')
    for (const receiver of [wrongChecksum, `0x${wrongChecksum}`, bare.slice(1), `${bare}0`, `0X${bare}`, `0x0x${bare}`, `x${bare}`]) {
      expect(await reviewTo(receiver), receiver).toMatchObject({ error: 'Invalid receiver address', status: 'invalid', estimate: undefined })
    }
  })

  test('behavior: a CAIP-10 receiver of the network the form sends on is its address', async () => {
    for (const receiver of [`eip155:31337:${bob}`, `eip155:31337:${bare.toLowerCase()}`]) {
      const r = await reviewTo(receiver)
      expect(r, receiver).toMatchObject({ error: undefined, status: 'valid', resolved: bob })
      expect(r.estimate?.to).toBe(bob)
    }
  })

  test('bad input: a CAIP-10 receiver of another network is refused and says which', async () => {
    expect(await reviewTo(`eip155:1:${bob}`)).toMatchObject({ error: 'This address is on another network (eip155:1)', estimate: undefined })
    const solanaAddress = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
    expect((await reviewTo(`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${solanaAddress}`)).error).toBe('This address is on another network (solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp)')
  })

  test("bad input: a malformed CAIP-10 receiver is 'Invalid CAIP-10 address' (spec §5), its bad address part 'Invalid receiver address'", async () => {
    for (const receiver of ['eip155:31337', `eip155::${bob}`, `:31337:${bob}`, 'eip155:31337:', `foo:31337:${bob}`, `eip155:31337:${bob}:x`, ':']) {
      expect(await reviewTo(receiver), receiver).toMatchObject({ error: 'Invalid CAIP-10 address', status: 'invalid', estimate: undefined })
    }
    expect((await reviewTo('eip155:31337:0x123')).error).toBe('Invalid receiver address')
  })

  test('behavior: the receiver messages are told from the amount and form messages (the view marks the right input)', () => {
    for (const m of [sendMessageRefs.invalidReceiver, sendMessageRefs.invalidCaipAddress, sendMessageRefs.receiverOnOtherNetwork('eip155:1'), sendMessageRefs.nameNotFound, sendMessageRefs.nameResolving]) {
      expect(isReceiverMessage(m), m.key).toBe(true)
    }
    for (const m of [
      sendMessageRefs.required,
      sendMessageRefs.tokenRequired,
      sendMessageRefs.invalidAmount,
      sendMessageRefs.notPositive,
      sendMessageRefs.insufficient('ETH'),
      sendMessageRefs.tooManyDecimals('ETH', 18),
    ]) {
      expect(isReceiverMessage(m), m.key).toBe(false)
    }
  })

  test('behavior: on Solana a CAIP-10 receiver of the connected cluster is its base58 address', async () => {
    const solanaTarget: SendTarget = { ...target, namespace: 'solana', caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' }
    const sol: TokenBalance = { ...eth, name: 'Solana', symbol: 'SOL', chainId: solanaTarget.caipNetworkId, quantity: { decimals: '9', numeric: '1' } }
    const h = harness()
    await h.openWith([sol], solanaTarget)
    const to = 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH'
    h.actor.send({ type: 'send.setReceiver', receiver: `solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:${to}` })
    expect(h.view()).toMatchObject({ receiverStatus: 'valid', resolvedAddress: to })
    h.actor.send({ type: 'send.setReceiver', receiver: bare })
    expect(h.view().receiverStatus).toBe('invalid')
  })
})
