import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { fromPromise } from 'xstate'
import { coordination } from '../tests/harness/coordination.ts'
import { ADDRESS } from '../tests/harness/root.ts'
import { namesMachine, type NameSuggestion, type NamesTarget } from './names.ts'

/*
 * The names machine moves the rest of the modal itself, by systemId: run here beside the real router, with a recorder
 * standing for Account's data (what it does with `account.reload` is its own test's).
 */
beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())
const flush = () => vi.advanceTimersByTimeAsync(0)

const target: NamesTarget = { address: ADDRESS, caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'auth' }
const free: NameSuggestion[] = [{ name: 'dave-dev.reown.id', registered: false }]

/** The machine with its calls answered at once, the router starting on `views` (the last one shows). */
function system(views: readonly string[], transactions = 0) {
  const logic = namesMachine.provide({
    actors: {
      fetchSuggestions: fromPromise(async () => free),
      signRegistration: fromPromise(async () => ({ message: 'm', signature: '0x01' })),
      registerName: fromPromise(async (): Promise<unknown> => ({ success: true })),
    },
  })
  const s = coordination({ id: 'names', logic, input: { target } }, { router: { view: views[0] as never }, recorders: ['account'] })
  for (const view of views.slice(1)) s.child('router').send({ type: 'router.push', view })
  for (let i = 0; i < transactions; i++) s.child('router').send({ type: 'router.pushTransaction', id: `approve-${i}`, onSuccess: 'Account' })
  /** The visitor types an available name and registers it; the success lands with the router showing `at`. */
  async function register(at?: () => void) {
    s.feature.send({ type: 'names.setName', name: 'dave-dev' })
    await vi.advanceTimersByTimeAsync(1_000)
    s.feature.send({ type: 'names.register' })
    at?.()
    await flush()
    await flush()
  }
  const stack = () => s.child('router').getSnapshot().context.transactionStack.length
  return { ...s, register, stack }
}
const reloaded = { to: 'account', event: { type: 'account.reload' } }

describe('names: the success view after a registration, by the view it ends on (spec §2 RegisterAccountNameSuccess)', () => {
  test('behavior: a browser wallet signed over the form: the form is replaced by the success view; Account is reloaded', async () => {
    const s = system(['Account', 'RegisterAccountName'])
    await s.register()
    expect(s.views()).toEqual(['Account', 'RegisterAccountNameSuccess'])
    expect(s.heard).toEqual([reloaded])
  })

  test('behavior: the embedded wallet’s approval popped to Account before the registration ended: the success view goes over Account', async () => {
    const s = system(['Account', 'RegisterAccountName', 'ApproveTransaction'], 1)
    await s.register(() => s.child('router').send({ type: 'router.popTransaction', outcome: 'success', isConnected: true }))
    expect(s.views()).toEqual(['Account', 'RegisterAccountNameSuccess'])
  })

  test('behavior: the registration ended while the approval still shows: the approval entry is cleared, the success view goes over Account, and the late approval pop moves nothing', async () => {
    const s = system(['Account', 'RegisterAccountName', 'ApproveTransaction'], 1)
    await s.register()
    expect(s.views()).toEqual(['Account', 'RegisterAccountNameSuccess'])
    expect(s.stack()).toBe(0)
    // The approval's late pop (the email login's `router.popTransaction`): no entry left, nothing moves.
    s.child('router').send({ type: 'router.popTransaction', outcome: 'success', isConnected: true })
    expect(s.views()).toEqual(['Account', 'RegisterAccountNameSuccess'])
  })

  test('behavior: the visitor elsewhere (another view) is not moved; Account is still reloaded', async () => {
    const s = system(['Account', 'SwitchNetwork'])
    await s.register()
    expect(s.views()).toEqual(['Account', 'SwitchNetwork'])
    expect(s.heard).toEqual([reloaded])
  })

  test('behavior: Account\'s "Register a name" pushes the form, Done returns to Account fresh; another account while the views show leaves them for Account', async () => {
    const s = system(['Account'])
    s.feature.send({ type: 'names.start' })
    expect(s.views()).toEqual(['Account', 'RegisterAccountName'])
    await s.register()
    s.feature.send({ type: 'names.done' })
    expect(s.views()).toEqual(['Account'])
    expect(s.feature.getSnapshot().context.name).toBe('')
    s.feature.send({ type: 'names.start' })
    s.feature.send({ type: 'root.account', change: 'changed', account: { ...target, address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', supported: true, testnet: true }, holder: 'names' })
    expect(s.views()).toEqual(['Account'])
  })
})
