import { describe, expect, test } from 'vitest'
import { ADDRESS } from '../tests/harness/root.ts'
import { resolveFeatures } from '../services/features.ts'
import { to, type FeatureFacts } from './features.ts'
import { approvalMoves } from './emailLogin.feature.ts'
import { namesOutcomes } from './names.outcomes.ts'
import type { ViewName } from './views.ts'

const account = { address: ADDRESS, caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'auth', supported: true, testnet: true }
const facts = (view: ViewName, overrides: Partial<FeatureFacts> = {}): FeatureFacts => ({
  view,
  holder: undefined,
  isConnecting: false,
  account,
  connection: 'connection.eip155',
  flags: resolveFeatures({}, undefined, { basic: false }).features,
  transactions: { count: 0, limit: 99 },
  toast: undefined,
  self: undefined,
  ...overrides,
})
const registered = { type: 'names.registered', name: 'dave-dev.reown.id', address: ADDRESS }
const reload = { to: 'feature', feature: 'account', event: { type: 'account.reload' } }

describe('names outcomes: the success view after a registration (spec §2 RegisterAccountNameSuccess)', () => {
  test('behavior: a browser wallet signed over the form: the form is replaced by the success view', () => {
    expect(namesOutcomes.emitted!(facts('RegisterAccountName', { holder: 'names' }), registered)).toEqual([reload, to.router({ type: 'router.replace', view: 'RegisterAccountNameSuccess' })])
  })
  test('behavior: the embedded wallet’s approval popped to Account before the registration ended: the success view goes over Account', () => {
    // The approval's success pop (what lands the visitor on Account) …
    const pop = approvalMoves(facts('ApproveTransaction', { transactions: { count: 1, limit: 99 } }), { type: 'embedded.approvalEnded', outcome: 'success', modalWasOpen: true })
    expect(pop).toEqual([to.router({ type: 'router.popTransaction', outcome: 'success', isConnected: true })])
    // … then the registration's end: the visitor still sees the success view.
    expect(namesOutcomes.emitted!(facts('Account'), registered)).toEqual([reload, to.router({ type: 'router.push', view: 'RegisterAccountNameSuccess' })])
  })
  test('behavior: the registration ended while the approval still shows: the approval entry is cleared, the success view goes over Account, and the late approval pop moves nothing', () => {
    expect(namesOutcomes.emitted!(facts('ApproveTransaction', { transactions: { count: 1, limit: 99 } }), registered)).toEqual([
      reload,
      to.router({ type: 'router.clearTransactions' }),
      to.router({ type: 'router.reset', view: 'Account' }),
      to.router({ type: 'router.push', view: 'RegisterAccountNameSuccess' }),
    ])
    expect(approvalMoves(facts('RegisterAccountNameSuccess'), { type: 'embedded.approvalEnded', outcome: 'success', modalWasOpen: true })).toEqual([])
  })
  test('behavior: the visitor elsewhere (another view) is not moved; Account is still reloaded', () => {
    expect(namesOutcomes.emitted!(facts('SwitchNetwork'), registered)).toEqual([reload])
  })
})
