import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor, fromCallback, type EventObject } from 'xstate'
import { frameRpcMachine, ModalClosedError, RpcNotAllowedError, type FrameRpcEmitted, type FrameRpcEvent, type FrameRpcRequest } from './frameRpc.ts'
import { timing } from './timing.ts'
import { ForeignError } from '../tests/harness/failures.ts'

function harness(chain: number | null = 31337) {
  const chainId = chain ?? undefined
  const calls: Array<{ input: FrameRpcRequest; sendBack: (e: FrameRpcEvent) => void; stopped: boolean }> = []
  const actor = createActor(
    frameRpcMachine.provide({
      actors: {
        rpc: fromCallback<EventObject, FrameRpcRequest>(({ input, sendBack }) => {
          const c = { input, sendBack: sendBack as (e: FrameRpcEvent) => void, stopped: false }
          calls.push(c)
          return () => void (c.stopped = true)
        }),
      },
    }),
    { input: { chainId } },
  )
  const emitted: FrameRpcEmitted[] = []
  actor.on('*', (e) => emitted.push(e as FrameRpcEmitted))
  actor.start()
  const answer = (i: number, result: unknown) => calls[i]!.sendBack({ type: 'frameRpc.settled', id: calls[i]!.input.id, ok: true, result })
  const fail = (i: number, error: unknown) => calls[i]!.sendBack({ type: 'frameRpc.settled', id: calls[i]!.input.id, ok: false, error })
  return { actor, calls, emitted, answer, fail, value: () => actor.getSnapshot().value }
}

describe('frameRpc machine (spec §4 "Embedded-wallet RPC lifecycle")', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
  afterEach(() => vi.useRealTimers())

  test('behavior: eth_chainId is answered locally, without the frame', () => {
    const h = harness(31337)
    h.actor.send({ type: 'frameRpc.request', id: 'a', method: 'eth_chainId' })
    expect(h.calls).toHaveLength(0)
    expect(h.emitted).toEqual([{ type: 'frameRpc.answered', id: 'a', result: '0x7a69' }])
    h.actor.send({ type: 'frameRpc.setChainId', chainId: 1 })
    h.actor.send({ type: 'frameRpc.request', id: 'b', method: 'eth_chainId' })
    expect(h.emitted.at(-1)).toEqual({ type: 'frameRpc.answered', id: 'b', result: '0x1' })
  })

  test('behavior: a safe request goes to the frame and its answer is passed on; nothing is pushed', () => {
    const h = harness()
    h.actor.send({ type: 'frameRpc.request', id: 'a', method: 'eth_getBalance', params: ['0x1', 'latest'] })
    expect(h.calls[0]!.input).toEqual({ id: 'a', method: 'eth_getBalance', params: ['0x1', 'latest'] })
    expect(h.value()).toBe('idle')
    h.answer(0, '0x10')
    expect(h.emitted).toEqual([{ type: 'frameRpc.answered', id: 'a', result: '0x10' }])
  })

  test('behavior: an unsafe request asks for approval; success emits approved, then back to idle', () => {
    const h = harness()
    h.actor.send({ type: 'frameRpc.request', id: 'a', method: 'personal_sign', params: ['0x68', '0x1'] })
    expect(h.value()).toBe('approving')
    expect(h.emitted).toEqual([{ type: 'frameRpc.approvalRequested', id: 'a', method: 'personal_sign' }])
    h.answer(0, '0xsig')
    expect(h.emitted.slice(1)).toEqual([
      { type: 'frameRpc.answered', id: 'a', result: '0xsig' },
      { type: 'frameRpc.approved', id: 'a' },
    ])
    expect(h.value()).toBe('idle')
  })

  test('behavior: a rejection in the frame rejects the request and emits failed', () => {
    const h = harness()
    h.actor.send({ type: 'frameRpc.request', id: 'a', method: 'eth_sendTransaction', params: [{}] })
    const error = Object.assign(new ForeignError('User rejected the request'), { code: 4001 })
    h.fail(0, error)
    expect(h.emitted.slice(1)).toEqual([
      { type: 'frameRpc.rejected', id: 'a', error },
      { type: 'frameRpc.failed', id: 'a', error },
    ])
    expect(h.value()).toBe('idle')
  })

  test('behavior: closing the modal rejects and aborts the requests waiting for approval, not the reads', () => {
    const h = harness()
    h.actor.send({ type: 'frameRpc.request', id: 'r', method: 'eth_blockNumber' })
    h.actor.send({ type: 'frameRpc.request', id: 'a', method: 'personal_sign', params: [] })
    h.actor.send({ type: 'frameRpc.modalClosed' })
    expect(h.calls[1]!.stopped).toBe(true)
    expect(h.calls[0]!.stopped).toBe(false)
    const rejected = h.emitted.find((e) => e.type === 'frameRpc.rejected')
    expect(rejected).toMatchObject({ id: 'a', error: expect.any(ModalClosedError) })
    expect(h.value()).toBe('idle')
    // a late answer of the aborted request is dropped
    h.answer(1, '0xlate')
    expect(h.emitted.filter((e) => e.type === 'frameRpc.answered')).toEqual([])
  })

  test('bad input: a method on neither list is rejected at once, and 300 ms later "Action not allowed" is asked for', () => {
    const h = harness()
    h.actor.send({ type: 'frameRpc.request', id: 'x', method: 'eth_sign', params: [] })
    expect(h.calls).toHaveLength(0)
    expect(h.emitted).toEqual([{ type: 'frameRpc.rejected', id: 'x', error: expect.any(RpcNotAllowedError) }])
    expect((h.emitted[0] as { error: RpcNotAllowedError }).error.message).toContain('Requested RPC call is not allowed')
    vi.advanceTimersByTime(timing.actionNotAllowedDelay - 1)
    expect(h.emitted).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(h.emitted.at(-1)).toEqual({ type: 'frameRpc.notAllowed', method: 'eth_sign' })
    expect(h.value()).toBe('idle')
  })

  test('behavior: a disallowed request during an approval returns to approving after its notice', () => {
    const h = harness()
    h.actor.send({ type: 'frameRpc.request', id: 'a', method: 'personal_sign', params: [] })
    h.actor.send({ type: 'frameRpc.request', id: 'x', method: 'wallet_addEthereumChain', params: [] })
    expect(h.value()).toBe('notAllowed')
    vi.advanceTimersByTime(timing.actionNotAllowedDelay)
    expect(h.value()).toBe('approving')
  })

  test('bad input: an answer with an unknown id is dropped', () => {
    const h = harness()
    h.actor.send({ type: 'frameRpc.settled', id: 'nope', ok: true, result: 1 })
    expect(h.emitted).toEqual([])
  })

  test('behavior: without a chain, eth_chainId goes to the frame', () => {
    const h = harness(null)
    h.actor.send({ type: 'frameRpc.request', id: 'c', method: 'eth_chainId' })
    expect(h.calls).toHaveLength(1)
  })
})
