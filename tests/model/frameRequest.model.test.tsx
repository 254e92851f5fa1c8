// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor } from 'xstate'
import { frameRequestMachine, promptFreeRequestKinds, type FrameRequestInput } from '../../machines/frame.ts'
import { timing } from '../../machines/timing.ts'
import { frameSendActor } from '../../ui/assemble/frameClient.ts'
import { buildModelPaths, coverageReport, delayedEvents, formatCoverage, stateKey, type ModelPath } from './coverage.ts'
import { frameFixture } from './frameFixture.ts'
import { ForeignError } from '../harness/failures.ts'

/**
 * Model-based test of one frame request (spec §7, §8): every path walked through the real transport to a fake frame
 * page. Gestures: the frame's success reply (`xstate.done.actor.send`), its error reply (`xstate.error.actor.send`),
 * the manual clock (120 s for connect email, 30 s for GET_USER, none for an RPC request), and the owner's abort
 * (`frameRequest.abort`: an aborted request posts nothing more, its late reply is dropped). Run with a connect kind
 * (CONNECT_EMAIL), a prompt-free one (GET_USER) and one the visitor decides (RPC_REQUEST: no timeout).
 */
const inputs: FrameRequestInput[] = [
  { id: 'model-1', kind: 'CONNECT_EMAIL', payload: { email: 'ada@example.com' } },
  { id: 'model-2', kind: 'GET_USER', payload: {} },
  { id: 'model-3', kind: 'RPC_REQUEST', payload: { method: 'personal_sign', params: ['0x68656c6c6f', '0x' + '12'.repeat(20)], chainId: 31337, chainNamespace: 'eip155' } },
]
const events = (snapshot: any) =>
  stateKey(snapshot) === '"pending"' ? [{ type: 'xstate.done.actor.send', output: {} }, { type: 'xstate.error.actor.send', error: new ForeignError('x') }, { type: 'frameRequest.abort' }, ...delayedEvents(snapshot)] : []
const runs: Array<ReturnType<typeof buildModelPaths> & { input: FrameRequestInput }> = []
for (const input of inputs) runs.push({ input, ...buildModelPaths(frameRequestMachine, { events, serialize: (s: any) => stateKey(s), input, covered: runs }) })

test('coverage: every state and every transition of the frame request chart', () => {
  const report = coverageReport(frameRequestMachine, runs)
  console.log(formatCoverage('frameRequest', report))
  expect(report.states.missing).toEqual([])
  expect(report.transitions.missing).toEqual([])
})

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
afterEach(() => vi.useRealTimers())

async function walk(path: ModelPath, input: FrameRequestInput) {
  const f = frameFixture()
  f.transport.mount()
  const actor = createActor(frameRequestMachine.provide({ actors: { send: frameSendActor(() => f.transport) } }), { input }).start()
  try {
    expect(f.requests).toEqual([{ id: input.id, type: `APP_${input.kind}`, payload: input.payload }])
    for (const step of path.steps) {
      const type = step.event.type
      if (type === 'xstate.done.actor.send') {
        if (input.kind === 'CONNECT_EMAIL') f.succeed('CONNECT_EMAIL', { action: 'VERIFY_OTP' })
        else if (input.kind === 'GET_USER') f.succeed('GET_USER', { email: 'ada@example.com', address: '0x' + '12'.repeat(20), chainId: 31337 })
        else f.succeed(input.kind, '0x' + 'ab'.repeat(65))
      } else if (type === 'xstate.error.actor.send') f.fail(input.kind, { message: 'Invalid email' })
      else if (type.startsWith('xstate.after.')) {
        const delay = type.includes('frameReplyTimeout') ? timing.frameReplyTimeout : timing.iframeRequestTimeout
        // Not a moment before its delay.
        vi.advanceTimersByTime(delay - 1)
        expect(stateKey(actor.getSnapshot())).toBe('"pending"')
        vi.advanceTimersByTime(1)
      } else actor.send(step.event as never)
      await vi.advanceTimersByTimeAsync(0)
      expect(stateKey(actor.getSnapshot())).toBe(step.state)
    }
    const out = actor.getSnapshot().output
    if (out?.status === 'failed') expect((out.error as { shortMessage: string }).shortMessage).toBe('Invalid email')
    if (out?.status === 'succeeded') expect(out.result).toBeDefined()
    expect(f.transport.pending()).toBe(actor.getSnapshot().status === 'done' ? 0 : 1)
  } finally {
    actor.stop()
    f.transport.destroy()
  }
}

for (const run of runs) {
  describe(`frame request model (${run.input.kind})`, () => {
    for (const path of run.paths) test(`walk: ${path.steps.map((s) => s.event.type).join(' → ') || '(initial)'} ⇒ ${path.target}`, () => walk(path, run.input))
  })
}

test('an RPC request (the visitor approves in the frame) has no timeout: after the longest bound it is still pending', async () => {
  const f = frameFixture()
  f.transport.mount()
  const actor = createActor(frameRequestMachine.provide({ actors: { send: frameSendActor(() => f.transport) } }), { input: inputs[2]! }).start()
  try {
    await vi.advanceTimersByTimeAsync(timing.iframeRequestTimeout + timing.frameReplyTimeout)
    expect(stateKey(actor.getSnapshot())).toBe('"pending"')
  } finally {
    actor.stop()
    f.transport.destroy()
  }
})

test('the prompt-free kinds are every kind but the connect kinds and the visitor’s: reads, settings (theme, dapp data, locale), the email change', () => {
  expect([...promptFreeRequestKinds].sort()).toEqual(
    [
      'GET_FARCASTER_URI',
      'UPDATE_EMAIL',
      'UPDATE_EMAIL_PRIMARY_OTP',
      'UPDATE_EMAIL_SECONDARY_OTP',
      'GET_USER',
      'IS_CONNECTED',
      'GET_CHAIN_ID',
      'SWITCH_NETWORK',
      'SIGN_OUT',
      'RPC_ABORT',
      'SYNC_THEME',
      'SYNC_DAPP_DATA',
      'SYNC_LOCALE',
      'RELOAD',
      'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
      'INIT_SMART_ACCOUNT',
      'SET_PREFERRED_ACCOUNT',
    ].sort(),
  )
})
