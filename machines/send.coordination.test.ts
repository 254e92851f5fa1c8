import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { fromPromise } from 'xstate'
import { coordination } from '../tests/harness/coordination.ts'
import type { TokenBalance } from '../services/schemas.ts'
import { deferred, type Deferred } from '../tests/harness/deferred.ts'
import { messageOf } from './messages.ts'
import { sendMachine, tokenKey, type SendEstimate, type SendTarget } from './send.ts'
import { transactionMachine } from './transaction.ts'
import type { TransactionEnd } from './transactionEnd.ts'
import { ForeignError } from '../tests/harness/failures.ts'

/*
 * The send machine moves the rest of the modal itself, by systemId: run here beside the real router and toast, with
 * recorders standing for the account feature and the connection (what they do with the events is their own tests').
 */
beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())
const flush = () => vi.advanceTimersByTimeAsync(0)

const target: SendTarget = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'dev', supported: true, testnet: true }
const eth: TokenBalance = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 1, price: 1, quantity: { decimals: '18', numeric: '1' } }
const dev: TokenBalance = { name: 'Dev Token', symbol: 'DEV', chainId: 'eip155:31337', address: 'eip155:31337:0x700b', value: 5, price: 1, quantity: { decimals: '18', numeric: '5' } }
const fee: SendEstimate = { gas: '21000', gasPrice: '1', fee: '21000' }

function system(transactionLimit = 99) {
  const sends: Deferred<{ hash: string }>[] = []
  const ends: Deferred<TransactionEnd>[] = []
  const send = sendMachine.provide({
    actors: {
      fetchBalances: fromPromise(async () => [eth, dev]),
      resolveName: fromPromise(async (): Promise<{ address: string | null }> => ({ address: null })),
      fetchReceiverProfile: fromPromise(async (): Promise<{ name?: string | null }> => ({})),
      estimateTransfer: fromPromise(async () => fee),
      transaction: transactionMachine.provide({
        actors: {
          send: fromPromise(() => {
            const d = deferred<{ hash: string }>()
            sends.push(d)
            return d.promise
          }),
          waitForEnd: fromPromise(() => {
            const d = deferred<TransactionEnd>()
            ends.push(d)
            return d.promise
          }),
        },
      }),
    },
  })
  // Run as the root runs it: beside the real router and toast, recorders standing for Account's data and the connection.
  const s = coordination({ id: 'send', logic: send, input: { target } }, { router: { view: 'Account', transactionLimit }, toast: true, recorders: ['account', 'connection.eip155'] })
  const { heard, reported, child, views } = s
  const sendActor = child('send')
  /** Account → Send (the DEV row), a valid transfer reviewed: the preview is ready. */
  async function previewReady() {
    sendActor.send({ type: 'send.start', tokenKey: tokenKey(dev) })
    await flush()
    sendActor.send({ type: 'send.setAmount', amount: '1' })
    sendActor.send({ type: 'send.setReceiver', receiver: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
    sendActor.send({ type: 'send.review' })
    await flush()
  }
  /** A reviewed transfer confirmed and sent by the wallet (hash `0x<byte × 32>`): the send waits for the chain. */
  async function sent(byte: string) {
    await previewReady()
    sendActor.send({ type: 'send.confirm' })
    sends.at(-1)!.resolve({ hash: `0x${byte.repeat(32)}` })
    await flush()
  }
  /** A dapp's request through the embedded wallet (the email login's moves): its approval pushed over the view at hand. */
  function approvalOver(id: string) {
    child('router').send({ type: 'router.push', view: 'ApproveTransaction' })
    child('router').send({ type: 'router.pushTransaction', id, onSuccess: 'Account' })
  }
  const stack = (): string[] =>
    child('router')
      .getSnapshot()
      .context.transactionStack.map((e: { id: string }) => e.id)
  return { heard, reported, sends, ends, views, child, send: sendActor, previewReady, sent, approvalOver, stack }
}

describe('send: the moves it makes by systemId (spec §4 Send)', () => {
  test('behavior: Account → Send pushes the form, the review the preview, Confirm takes a stack entry and asks the wallet', async () => {
    const s = system()
    await s.previewReady()
    expect(s.views()).toEqual(['Account', 'Send', 'SendPreview'])
    s.send.send({ type: 'send.confirm' })
    expect(s.child('router').getSnapshot().context.transactionStack).toHaveLength(1)
    await flush()
    expect(s.sends).toHaveLength(1)
  })

  test('behavior: a full transaction stack refuses Confirm: the preview stays ready and the wallet is not asked', async () => {
    const s = system(0)
    await s.previewReady()
    s.send.send({ type: 'send.confirm' })
    await flush()
    expect(s.send.getSnapshot().matches({ flow: { preview: 'ready' } })).toBe(true)
    expect(s.sends).toHaveLength(0)
  })

  test('behavior: success with no stack entry left on the preview resets to Account; balance and Account data (the token sent) are read again', async () => {
    const s = system()
    await s.previewReady()
    s.send.send({ type: 'send.confirm' })
    s.child('router').send({ type: 'router.clearTransactions' })
    s.sends[0]!.resolve({ hash: `0x${'ab'.repeat(32)}` })
    await flush()
    s.ends[0]!.resolve({ hash: `0x${'ab'.repeat(32)}`, status: 'success' })
    await flush()
    expect(s.views()).toEqual(['Account'])
    expect(s.heard).toEqual([
      { to: 'connection.eip155', event: { type: 'connection.refreshBalance' } },
      { to: 'account', event: { type: 'account.reload', forceUpdate: dev.address } },
    ])
    expect(s.child('toast').getSnapshot().context.next ?? s.child('toast').getSnapshot().context.current).toEqual({ variant: 'success', message: messageOf('sendSent') })
  })

  test("behavior: a dapp's request asked while the send confirms keeps its approval on screen when the send ends: the send's outcome pops its own entry only", async () => {
    const s = system()
    await s.sent('ab')
    // The embedded wallet asks for a signature meanwhile: its approval over the preview.
    s.approvalOver('approve-7')
    s.ends[0]!.resolve({ hash: `0x${'ab'.repeat(32)}`, status: 'success' })
    await flush()
    expect(s.send.getSnapshot().matches({ flow: 'idle' })).toBe(true)
    expect(s.views()).toEqual(['Account', 'Send', 'SendPreview', 'ApproveTransaction'])
    expect(s.stack()).toEqual(['approve-7'])
    // A failed send likewise leaves the newer approval where it is.
    await s.previewReady()
    s.send.send({ type: 'send.confirm' })
    await flush()
    s.child('router').send({ type: 'router.pushTransaction', id: 'approve-8', onSuccess: 'Account' })
    s.sends[1]!.reject(new ForeignError('nonce too low'))
    await flush()
    expect(s.send.getSnapshot().matches({ flow: 'editing' })).toBe(true)
    expect(s.stack()).toEqual(['approve-7', 'approve-8'])
    expect(s.views().at(-1)).toBe('SendPreview')
  })

  test('behavior: sent, status unknown: Account with the preview over it and the entry gone; under a newer approval the views stay', async () => {
    const s = system()
    await s.sent('ab')
    s.ends[0]!.resolve({ hash: `0x${'ab'.repeat(32)}`, status: 'unknown' })
    await flush()
    expect(s.send.getSnapshot().matches({ flow: 'unconfirmed' })).toBe(true)
    expect(s.views()).toEqual(['Account', 'SendPreview'])
    expect(s.stack()).toEqual([])
    // Another send, and a dapp's approval over it before its end is known: the approval stays on screen.
    s.send.send({ type: 'send.dismiss' })
    await s.sent('cd')
    s.approvalOver('approve-9')
    s.ends[1]!.resolve({ hash: `0x${'cd'.repeat(32)}`, status: 'unknown' })
    await flush()
    expect(s.send.getSnapshot().matches({ flow: 'unconfirmed' })).toBe(true)
    expect(s.views()).toEqual(['Account', 'Send', 'SendPreview', 'ApproveTransaction'])
    expect(s.stack()).toEqual(['approve-9'])
  })

  test('behavior: a failure shows the form again with the error toast and reports it to the parent', async () => {
    const s = system()
    await s.previewReady()
    s.send.send({ type: 'send.confirm' })
    s.sends[0]!.reject(new ForeignError('nonce too low'))
    await flush()
    expect(s.views()).toEqual(['Account', 'Send'])
    expect(s.reported.map((e) => e.type)).toContain('feature.reportError')
  })

  test("behavior: Account's Send while the wallet is asked shows the pending preview; Back on the preview edits again", async () => {
    const s = system()
    await s.previewReady()
    s.send.send({ type: 'root.back', view: 'SendPreview' })
    expect(s.send.getSnapshot().matches({ flow: 'editing' })).toBe(true)
    s.send.send({ type: 'send.review' })
    await flush()
    s.send.send({ type: 'send.confirm' })
    s.child('router').send({ type: 'router.reset', view: 'Account' })
    s.send.send({ type: 'send.start' })
    expect(s.views()).toEqual(['Account', 'SendPreview'])
  })

  test('behavior: another account while the send views show: the form is cleared, the views leave for Account with the stack', async () => {
    const s = system()
    await s.previewReady()
    s.send.send({ type: 'send.confirm' })
    s.send.send({ type: 'root.account', change: 'changed', account: { ...target, caipNetworkId: 'eip155:31338' }, holder: 'send' })
    expect(s.views()).toEqual(['Account'])
    expect(s.child('router').getSnapshot().context.transactionStack).toEqual([])
    expect(s.send.getSnapshot().matches({ flow: 'idle' })).toBe(true)
    expect(s.send.getSnapshot().context.target?.caipNetworkId).toBe('eip155:31338')
  })
})
