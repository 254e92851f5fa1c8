// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor } from 'xstate'
import { frameError, frameSuccess } from '../../adapters/frame.protocol.ts'
import { frameMachine } from '../../machines/frame.ts'
import { frameRpcMachine, type FrameRpcEmitted } from '../../machines/frameRpc.ts'
import { timing } from '../../machines/timing.ts'
import { createFrameClient, frameMountActor, frameRpcActor, frameSendActor } from '../../ui/assemble/frameClient.ts'
import { buildModelPaths, coverageReport, delayedEvents, formatCoverage, stateKey, type ModelPath } from './coverage.ts'
import { frameFixture } from './frameFixture.ts'

/**
 * Model-based test of the embedded-wallet RPC lifecycle (spec §4): every path walked through the real frame client
 * (frame machine, request actors, transport) to a fake frame page. Gestures: the provider's requests (`eth_chainId`,
 * a disallowed `eth_sign`, an unsafe `personal_sign`, a safe `eth_blockNumber`), the frame's answers to them by id
 * (Approve → success, Reject → 'User rejected the request'), the modal closed, the chain changed, the manual clock.
 * After each step: what the provider was answered matches the chart's emitted events, and every request the chart
 * still waits for is pending in the transport (a rejected one was aborted in the frame with APP_RPC_ABORT).
 */
type E = { type: string; [k: string]: unknown }
const req = (id: string, method: string): E => ({ type: 'frameRpc.request', id, method, params: [] })
const events = (snapshot: any): E[] => {
  const pending = snapshot.context.requests as Record<string, unknown>
  const out: E[] = [{ type: 'frameRpc.modalClosed' }, { type: 'frameRpc.setChainId', chainId: 1 }, req('c', 'eth_chainId')]
  if (!snapshot.matches('notAllowed')) out.push(req('x', 'eth_sign'))
  for (const [id, method] of [
    ['u', 'personal_sign'],
    ['s', 'eth_blockNumber'],
  ] as const) {
    if (pending[id]) out.push({ type: 'frameRpc.settled', id, ok: true, result: '0x1' }, { type: 'frameRpc.settled', id, ok: false, error: 'rejected' })
    else out.push(req(id, method))
  }
  out.push({ type: 'frameRpc.settled', id: 'nobody', ok: true, result: 1 })
  return [...out, ...delayedEvents(snapshot)]
}
const serialize = (s: any) => JSON.stringify({ v: s.value, r: Object.keys(s.context.requests).sort(), c: s.context.chainId })
const run = buildModelPaths(frameRpcMachine, { events, serialize, input: { chainId: 31337 } })

test('coverage: every state and every transition of the frameRpc chart', () => {
  const report = coverageReport(frameRpcMachine, [run])
  console.log(formatCoverage('frameRpc', report))
  expect(report.states.missing).toEqual([])
  expect(report.transitions.missing).toEqual([])
})

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
afterEach(() => vi.useRealTimers())

async function walk(path: ModelPath) {
  const f = frameFixture()
  const frame = createActor(frameMachine.provide({ actors: { mount: frameMountActor(() => f.transport) } }), { input: {} }).start()
  const client = createFrameClient({ frame, send: frameSendActor(() => f.transport) })
  frame.send({ type: 'frame.load' })
  f.ready()
  vi.advanceTimersByTime(timing.iframeReadyDelay)
  let chainId = 31337
  const actor = createActor(frameRpcMachine.provide({ actors: { rpc: frameRpcActor({ client: async () => client, chainId: () => chainId }) } }), { input: { chainId } })
  const emitted: FrameRpcEmitted[] = []
  actor.on('*', (e) => emitted.push(e as FrameRpcEmitted))
  actor.start()
  try {
    for (const step of path.steps) {
      const e = step.event as E
      if (e.type === 'frameRpc.settled') {
        if (e.ok) f.say(frameSuccess('RPC_REQUEST', e.id as string, e.result))
        else f.say(frameError('RPC_REQUEST', e.id as string, { message: 'User rejected the request' }))
      } else if (e.type.startsWith('xstate.after.')) vi.advanceTimersByTime(timing.actionNotAllowedDelay)
      else {
        if (e.type === 'frameRpc.setChainId') chainId = e.chainId as number
        actor.send(e as never)
      }
      await vi.advanceTimersByTimeAsync(0)
      expect(serialize(actor.getSnapshot())).toBe(serialize({ value: JSON.parse(step.state), context: actor.getSnapshot().context }))
      expect(stateKey(actor.getSnapshot())).toBe(step.state)
      // Every request the chart waits for is in flight to the frame, and nothing else is.
      expect(f.transport.pending()).toBe(Object.keys(actor.getSnapshot().context.requests).length)
      if (e.type === 'frameRpc.request' && e.method !== 'eth_chainId' && e.method !== 'eth_sign') {
        expect(f.requests.at(-1)).toMatchObject({ id: e.id, type: 'APP_RPC_REQUEST', payload: { method: e.method, chainId, chainNamespace: 'eip155' } })
      }
      if (e.type === 'frameRpc.modalClosed' && emitted.some((x) => x.type === 'frameRpc.rejected' && x.id === 'u')) {
        expect(f.requests.some((r) => r.type === 'APP_RPC_ABORT' && (r.payload as { id: string }).id === 'u')).toBe(true)
      }
    }
  } finally {
    actor.stop()
    frame.stop()
    f.transport.destroy()
  }
}

describe('frameRpc model: walked through the frame client', () => {
  for (const path of run.paths) test(`walk: ${path.steps.map((s) => `${s.event.type}${(s.event as E).id ? `(${(s.event as E).id})` : ''}`).join(' → ') || '(initial)'} ⇒ ${path.target}`, () => walk(path))
})
