// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor } from 'xstate'
import type { FrameUser } from '../../adapters/frame.protocol.ts'
import { frameMachine } from '../../machines/frame.ts'
import { profileWalletsMachine } from '../../machines/profileWallets.ts'
import { connectProfileWallets } from '../../machines/profileWallets.connect.ts'
import { timing } from '../../machines/timing.ts'
import { createFrameClient, frameMountActor, frameSendActor, profileWalletsActors } from '../../ui/assemble/frameClient.ts'
import { coordination } from '../harness/coordination.ts'
import { buildModelPaths, coverageReport, formatCoverage, stateKey, type ModelPath } from './coverage.ts'
import { frameFixture } from './frameFixture.ts'
import { ForeignError } from '../harness/failures.ts'

/**
 * Model-based test of ProfileWallets: every path walked through the real frame client to a fake frame
 * page, the machine run as the root runs it (beside the real router, on Account). Gestures: Account's "Your wallets"
 * (start), Try again, another account in the wallet while the view shows or elsewhere; the frame answers
 * APP_GET_USER with an EOA only, with an EOA and a smart account not deployed yet, or fails. After each step the rows
 * are what the frame reported, and the router shows ProfileWallets after a start, Account after another account.
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
/** The root's account moment: another account of the embedded wallet, while ProfileWallets shows (`holder`) or not. */
const account = (holder: 'profileWallets' | undefined): E => ({
  type: 'root.account',
  change: 'changed',
  account: { address: SMART, caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'auth', supported: true, testnet: true },
  holder,
})
const events = (snapshot: any): E[] => {
  const list: E[] = [{ type: 'profileWallets.start' }, account('profileWallets'), account(undefined)]
  if (snapshot.matches('loading')) list.push(done(eoaOnly, 'eoa'), done(withSmart, 'smart'), { type: 'xstate.error.actor.readUser', error: new ForeignError('refused') })
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
  const host = coordination({ id: 'profileWallets', logic: profileWalletsMachine.provide({ actors: profileWalletsActors({ client: async () => client }) }) }, { router: { view: 'Account' } })
  const actor = host.feature
  let readied = false
  let views: string[] = []
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
      } else {
        views = host.views()
        actor.send(e as never)
      }
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
      // "Your wallets" pushes the view; another account while it shows leaves it for Account (elsewhere nothing moves).
      if (e.type === 'profileWallets.start') expect(host.views().at(-1)).toBe('ProfileWallets')
      if (e.type === 'root.account') expect(host.views()).toEqual(e.holder ? ['Account'] : views)
    }
  } finally {
    host.stop()
    frame.stop()
    f.transport.destroy()
  }
}

describe('ProfileWallets model: walked through the frame client', () => {
  for (const path of run.paths) test(`walk: ${path.steps.map((s) => s.event.type).join(' → ') || '(initial)'} ⇒ ${path.target}`, () => walk(path))
})
