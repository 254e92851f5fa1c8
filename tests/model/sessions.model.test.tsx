// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { fromPromise } from 'xstate'
import { UserRejectedRequestError } from 'viem'
import { connectSessions } from '../../machines/sessions.connect.ts'
import { sessionsMachine, type SmartSessionItem } from '../../machines/sessions.ts'
import { coordination } from '../harness/coordination.ts'
import { flush, heldWithInput, type Deferred } from '../harness/deferred.ts'
import { buildModelPaths, coverageReport, formatCoverage, stateKey, type ModelPath } from './coverage.ts'
import { ForeignError } from '../harness/failures.ts'

/**
 * Model-based test of Sessions: every path of its chart walked with the machine run as the root runs it (beside the
 * real router, on Account), its actors held until the step answers them. Gestures: Account's "Sessions" (start), a
 * row's Revoke, Try again, another account while the view shows or elsewhere; the API answers the list with two rows,
 * none, or fails (a malformed answer); the wallet signs, the visitor rejects (4001) or the wallet fails; the API
 * revokes or refuses. After each step the view model says what the state means: rows, the row being revoked, the
 * kept row's error, the list's error, and the router shows Sessions after a start, Account after another account.
 */
type E = { type: string; [k: string]: unknown }
const ADDRESS = '0x' + 'ab'.repeat(20)
const target = { address: ADDRESS, caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'auth', supported: true, testnet: true }
const rows: SmartSessionItem[] = [
  { pci: 'pci-1', expiry: 1_893_456_000, chainId: 'eip155:31337', signer: '0x' + '11'.repeat(20), permissions: ['native-token-recurring-allowance'] },
  { pci: 'pci-2', expiry: 1_893_456_000, chainId: 'eip155:31337', signer: '0x' + '22'.repeat(20), permissions: ['erc20-token-recurring-allowance'] },
]
const account = (holder: 'sessions' | undefined): E => ({ type: 'root.account', change: 'changed', account: { ...target, address: '0x' + 'cd'.repeat(20) }, holder })
const done = (actor: string, output: unknown): E => ({ type: `xstate.done.actor.${actor}`, output })
const failed = (actor: string, error: Error): E => ({ type: `xstate.error.actor.${actor}`, error })

const events = (s: any): E[] => {
  const list: E[] = [{ type: 'sessions.start' }, account('sessions'), account(undefined)]
  if (s.matches('loading')) list.push(done('listSessions', rows), done('listSessions', []), failed('listSessions', new ForeignError('Invalid response: pcis.0.expiry')))
  if (s.matches('failed')) list.push({ type: 'sessions.retry' })
  if (s.matches('loaded')) list.push({ type: 'sessions.revoke', pci: 'pci-1' })
  if (s.matches({ revoking: 'signing' }))
    list.push(done('signRevoke', '0xsigned'), failed('signRevoke', new UserRejectedRequestError(new ForeignError('rejected'))), failed('signRevoke', new ForeignError('wallet offline')))
  if (s.matches({ revoking: 'submitting' })) list.push(done('revokeSession', undefined), failed('revokeSession', new ForeignError('The server did not revoke it')))
  return list
}
const serialize = (s: any) => JSON.stringify({ v: s.value, n: s.context.sessions.length, err: s.context.revokeError?.pci ?? null, t: s.context.target?.address ?? null })
const run = buildModelPaths(sessionsMachine, { input: { target }, events, serialize })

test('coverage: every state and every transition of the Sessions chart', () => {
  const report = coverageReport(sessionsMachine, [run])
  console.log(formatCoverage('sessions', report))
  expect(report.states.missing).toEqual([])
  expect(report.transitions.missing).toEqual([])
})

async function walk(path: ModelPath) {
  const held: Record<string, Array<{ input: unknown; d: Deferred<unknown> }>> = { listSessions: [], signRevoke: [], revokeSession: [] }
  const logic = sessionsMachine.provide({
    actors: {
      listSessions: fromPromise(({ input }) => heldWithInput(held.listSessions!, input) as Promise<SmartSessionItem[]>),
      signRevoke: fromPromise(({ input }) => heldWithInput(held.signRevoke!, input) as Promise<string>),
      revokeSession: fromPromise(({ input }) => heldWithInput(held.revokeSession!, input) as Promise<void>),
    },
  })
  const host = coordination({ id: 'sessions', logic, input: { target } }, { router: { view: 'Account' } })
  const actor = host.feature
  try {
    for (const step of path.steps) {
      const e = step.event as E
      const before = host.views()
      const answered = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(e.type)
      if (answered) {
        const call = held[answered[2]!]!.at(-1)!
        if (answered[1] === 'done') call.d.resolve(e.output)
        else call.d.reject(e.error)
      } else {
        actor.send(e as never)
      }
      await flush()
      expect(stateKey(actor.getSnapshot())).toBe(step.state)
      const view = connectSessions(actor.getSnapshot())
      const snapshot = actor.getSnapshot()
      // What each state means on the view.
      if (snapshot.matches('failed')) expect(view).toEqual({ status: 'failed', rows: [], error: 'Invalid response: pcis.0.expiry', busy: false })
      if (snapshot.matches({ revoking: 'signing' })) expect(view.rows.find((r) => r.pci === 'pci-1')).toMatchObject({ revoking: 'signing', error: undefined })
      if (snapshot.matches({ revoking: 'submitting' })) {
        expect(view.rows.find((r) => r.pci === 'pci-1')?.revoking).toBe('submitting')
        expect(held.revokeSession!.at(-1)!.input).toEqual({ address: snapshot.context.target?.address, pci: 'pci-1', signature: '0xsigned' })
      }
      if (e.type === 'xstate.done.actor.revokeSession') expect(view.rows.map((r) => r.pci)).toEqual(['pci-2'])
      if (e.type === 'xstate.error.actor.revokeSession') expect(view.rows.find((r) => r.pci === 'pci-1')?.error).toBe('The server did not revoke it')
      if (e.type === 'xstate.error.actor.signRevoke') {
        const kept = view.rows.find((r) => r.pci === 'pci-1')
        expect(kept?.error).toBe((e.error as Error) instanceof UserRejectedRequestError ? undefined : 'wallet offline')
      }
      if (e.type === 'sessions.start') expect(host.views().at(-1)).toBe('Sessions')
      if (e.type === 'root.account') expect(host.views()).toEqual(e.holder ? ['Account'] : before)
    }
  } finally {
    host.stop()
  }
}

describe('Sessions model: walked beside the router', () => {
  for (const path of run.paths) test(`walk: ${path.steps.map((s) => s.event.type).join(' → ') || '(initial)'} ⇒ ${path.target}`, () => walk(path))
})
