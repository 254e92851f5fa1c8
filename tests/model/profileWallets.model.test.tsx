// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor } from 'xstate'
import type { FrameUser } from '../../adapters/frame.protocol.ts'
import { frameMachine } from '../../machines/frame.ts'
import { profileWalletsMachine } from '../../machines/profileWallets.ts'
import { connectProfileWallets } from '../../machines/profileWallets.connect.ts'
import { timing } from '../../machines/timing.ts'
import { createFrameClient, frameMountActor, frameSendActor, profileWalletsActors } from '../../ui/assemble/frameClient.ts'
import { buildModelPaths, coverageReport, formatCoverage, stateKey, type ModelPath } from './coverage.ts'
import { frameFixture } from './frameFixture.ts'

/**
 * Model-based test of ProfileWallets: every path walked through the real frame client to a fake frame
 * page. Gestures: Account's "Your wallets" (open), Try again; the frame answers APP_GET_USER with an EOA only, with an
 * EOA and a smart account not deployed yet, or fails. After each step the rows are what the frame reported.
 */
type E = { type: string; [k: string]: unknown }
const EOA = '0x' + '12'.repeat(20)
const SMART = '0x' + 'ab'.repeat(20)
const eoaOnly: FrameUser = { email: 'ada@example.com', address: EOA, chainId: 31337, accounts: [{ address: EOA, type: 'eoa' }] }
const withSmart = {
  ...eoaOnly,
  accounts: [
    { address: SMART, type: 'smartAccount' as const },
    { address: EOA, type: 'eoa' as const },
  ],
  smartAccountDeployed: false,
}
const done = (output: unknown, tag: string): E => ({ type: 'xstate.done.actor.readUser', output, tag })
const events = (snapshot: any): E[] => {
  const list: E[] = [{ type: 'profileWallets.open' }]
  if (snapshot.matches('loading')) list.push(done(eoaOnly, 'eoa'), done(withSmart, 'smart'), { type: 'xstate.error.actor.readUser', error: new Error('refused') })
  if (snapshot.matches('failed')) list.push({ type: 'profileWallets.retry' })
  return list
}
const serialize = (s: any) => JSON.stringify({ v: s.value, n: s.context.user?.accounts?.length ?? 0, err: s.context.error?.name ?? null })
const run = buildModelPaths(profileWalletsMachine, { events, serialize })

test('coverage: every state and every transition of the ProfileWallets chart', () => {
  const report = coverageReport(profileWalletsMachine, [run])
  console.log(formatCoverage('profileWallets', report))
  expect(report.states.missing).toEqual([])
  expect(report.transitions.missing).toEqual([])
})

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
afterEach(() => vi.useRealTimers())

async function walk(path: ModelPath) {
  const f = frameFixture()
  const frame = createActor(frameMachine.provide({ actors: { mount: frameMountActor(() => f.transport) } }), { input: {} }).start()
  const client = createFrameClient({ frame, send: frameSendActor(() => f.transport) })
  const actor = createActor(profileWalletsMachine.provide({ actors: profileWalletsActors({ client: async () => client }) })).start()
  let readied = false
  try {
    for (const step of path.steps) {
      const e = step.event as E
      if (e.type.startsWith('xstate.done.actor.') || e.type.startsWith('xstate.error.actor.')) {
        if (!readied) {
          f.ready()
          await vi.advanceTimersByTimeAsync(timing.iframeReadyDelay)
          readied = true
        }
        await vi.advanceTimersByTimeAsync(0)
        if (e.type.startsWith('xstate.done')) f.succeed('GET_USER', e.output as never)
        else f.fail('GET_USER', { message: 'refused' })
      } else actor.send(e as never)
      await vi.advanceTimersByTimeAsync(0)
      expect(stateKey(actor.getSnapshot())).toBe(step.state)
      const view = connectProfileWallets(actor.getSnapshot(), EOA)
      if (e.tag === 'eoa') expect(view.rows).toEqual([{ address: EOA, type: 'eoa', active: true, notDeployed: false }])
      if (e.tag === 'smart') {
        expect(view.rows).toEqual([
          { address: EOA, type: 'eoa', active: true, notDeployed: false },
          { address: SMART, type: 'smartAccount', active: false, notDeployed: true },
        ])
        expect(connectProfileWallets(actor.getSnapshot(), SMART).rows.map((r) => r.active)).toEqual([false, true])
      }
      if (actor.getSnapshot().matches('failed')) expect(view).toMatchObject({ status: 'failed', rows: [], error: 'refused' })
    }
  } finally {
    actor.stop()
    frame.stop()
    f.transport.destroy()
  }
}

describe('ProfileWallets model: walked through the frame client', () => {
  for (const path of run.paths) test(`walk: ${path.steps.map((s) => s.event.type).join(' → ') || '(initial)'} ⇒ ${path.target}`, () => walk(path))
})
