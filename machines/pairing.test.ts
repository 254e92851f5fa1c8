import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate'
import { UserRejectedRequestError } from '../adapters/errors.ts'
import { deferred, type Deferred } from '../tests/harness/deferred.ts'
import { isPairingExpired, pairingMachine, type ProposeEvent } from './pairing.ts'
import { timing } from './timing.ts'
import { ForeignError } from '../tests/harness/failures.ts'

const uri = (n: number) => `wc:${String(n).padStart(64, '0')}@2?relay-protocol=irn&symKey=${'ab'.repeat(32)}`

/** A pairing actor whose provider load and proposals the test plays by hand. */
function harness() {
  const loads: Deferred<void>[] = []
  const proposals: Array<{ sendBack: (e: ProposeEvent) => void; stopped: boolean }> = []
  const actor = createActor(
    pairingMachine.provide({
      actors: {
        load: fromPromise(() => {
          const d = deferred<void>()
          loads.push(d)
          return d.promise
        }),
        propose: fromCallback<EventObject>(({ sendBack }) => {
          const p = { sendBack: sendBack as (e: ProposeEvent) => void, stopped: false }
          proposals.push(p)
          return () => {
            p.stopped = true
          }
        }),
      },
    }),
    { input: {} },
  )
  const emitted: Array<{ type: string; [k: string]: unknown }> = []
  actor.on('*', (e) => emitted.push(e as never))
  actor.start()
  const last = () => proposals.at(-1)!
  /** Starts and loads: the first proposal waits for its URI. */
  async function started() {
    actor.send({ type: 'pairing.start' })
    loads.at(-1)!.resolve()
    await vi.advanceTimersByTimeAsync(0)
  }
  return { actor, loads, proposals, emitted, last, started, value: () => actor.getSnapshot().value }
}

describe('pairing machine (spec §4 "Wallet pairing")', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
  afterEach(() => vi.useRealTimers())

  test('behavior: start loads the provider, then a proposal shows its URI', async () => {
    const h = harness()
    h.actor.send({ type: 'pairing.start', wallet: { id: 'w1', name: 'Wallet One', mobile_link: 'one://' } })
    expect(h.value()).toBe('loading')
    expect(h.proposals).toHaveLength(0)
    h.loads[0]!.resolve()
    await vi.advanceTimersByTimeAsync(0)
    expect(h.value()).toEqual({ proposing: 'requestingUri' })
    h.last().sendBack({ type: 'pairing.uriReady', uri: uri(1), createdAt: Date.now() })
    expect(h.value()).toEqual({ proposing: 'showingUri' })
    const c = h.actor.getSnapshot().context
    expect(c.uri).toBe(uri(1))
    expect(c.expiresAt).toBe(Date.now() + 240_000)
    expect(c.wallet?.name).toBe('Wallet One')
  })

  test('behavior: a new pairing expires after 4 minutes and counts as expired 10 s before: a new URI replaces it then', async () => {
    const h = harness()
    h.actor.send({ type: 'pairing.start' })
    h.loads[0]!.resolve()
    await vi.advanceTimersByTimeAsync(0)
    h.last().sendBack({ type: 'pairing.uriReady', uri: uri(1), createdAt: Date.now() })
    await vi.advanceTimersByTimeAsync(240_000 - 10_000 - 1)
    expect(h.proposals).toHaveLength(1)
    expect(h.actor.getSnapshot().context.uri).toBe(uri(1))
    await vi.advanceTimersByTimeAsync(1)
    // The first proposal is abandoned, a second one asked for.
    expect(h.proposals).toHaveLength(2)
    expect(h.proposals[0]!.stopped).toBe(true)
    expect(h.value()).toEqual({ proposing: 'requestingUri' })
    h.last().sendBack({ type: 'pairing.uriReady', uri: uri(2), createdAt: Date.now() })
    expect(h.actor.getSnapshot().context).toMatchObject({ uri: uri(2), uris: 2 })
    // And again 3:50 later.
    await vi.advanceTimersByTimeAsync(230_000)
    expect(h.proposals).toHaveLength(3)
  })

  test('behavior: the 10-second window: isPairingExpired is true at 10 s or less remaining, false above', () => {
    const now = 1_000_000
    expect(isPairingExpired(now + timing.pairingTtl, now)).toBe(false)
    expect(isPairingExpired(now + 10_001, now)).toBe(false)
    expect(isPairingExpired(now + 10_000, now)).toBe(true)
    expect(isPairingExpired(now + 1, now)).toBe(true)
    expect(isPairingExpired(now - 5, now)).toBe(true)
  })

  test('behavior: the wallet approves → approved, pairing.approved emitted with the wallet', async () => {
    const h = harness()
    h.actor.send({ type: 'pairing.start', wallet: { id: 'w1', name: 'Wallet One' } })
    h.loads[0]!.resolve()
    await vi.advanceTimersByTimeAsync(0)
    h.last().sendBack({ type: 'pairing.uriReady', uri: uri(1), createdAt: Date.now() })
    h.last().sendBack({ type: 'pairing.walletApproved' })
    expect(h.value()).toBe('approved')
    expect(h.emitted).toEqual([{ type: 'pairing.approved', wallet: { id: 'w1', name: 'Wallet One' } }])
    // No expiry timer runs after approval.
    await vi.advanceTimersByTimeAsync(600_000)
    expect(h.proposals).toHaveLength(1)
  })

  test('behavior: the visitor declines in the wallet → rejected (no error, nothing emitted); retry proposes again', async () => {
    const h = harness()
    await h.started()
    h.last().sendBack({ type: 'pairing.uriReady', uri: uri(1), createdAt: Date.now() })
    h.last().sendBack({ type: 'pairing.walletFailed', error: new UserRejectedRequestError() })
    expect(h.value()).toBe('rejected')
    expect(h.actor.getSnapshot().context).toMatchObject({ uri: undefined, error: undefined })
    expect(h.emitted).toEqual([])
    h.actor.send({ type: 'pairing.retry' })
    expect(h.value()).toBe('loading')
  })

  test('behavior: a relay failure → failed with the error, pairing.failed emitted; retry clears it', async () => {
    const h = harness()
    await h.started()
    h.last().sendBack({ type: 'pairing.walletFailed', error: new ForeignError('socket closed') })
    expect(h.value()).toBe('failed')
    expect(h.actor.getSnapshot().context.error).toEqual({ name: 'BaseError', message: 'socket closed' })
    expect(h.emitted).toEqual([{ type: 'pairing.failed', error: { name: 'BaseError', message: 'socket closed' } }])
    h.actor.send({ type: 'pairing.retry' })
    expect(h.actor.getSnapshot().context.error).toBeUndefined()
  })

  test('behavior: the provider fails to load → failed (the view offers a retry)', async () => {
    const h = harness()
    h.actor.send({ type: 'pairing.start' })
    h.loads[0]!.reject(new ForeignError('chunk failed to load'))
    await vi.advanceTimersByTimeAsync(0)
    expect(h.value()).toBe('failed')
    expect(h.proposals).toHaveLength(0)
  })

  test('behavior: Back on the QR view (or the modal closed) returns to idle from anywhere and drops the proposal and the wallet', async () => {
    const h = harness()
    await h.started()
    h.last().sendBack({ type: 'pairing.uriReady', uri: uri(1), createdAt: Date.now() })
    h.actor.send({ type: 'root.back', view: 'ConnectingWalletConnect' })
    expect(h.value()).toBe('idle')
    expect(h.last().stopped).toBe(true)
    expect(h.actor.getSnapshot().context).toMatchObject({ wallet: undefined, uri: undefined, expiresAt: undefined, uris: 0, error: undefined })
    // Nothing fires later.
    await vi.advanceTimersByTimeAsync(600_000)
    expect(h.proposals).toHaveLength(1)
  })
})
