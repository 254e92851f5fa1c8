import { describe, expect, test } from 'vitest'
import { fromPromise } from 'xstate'
import { UserRejectedRequestError } from 'viem'
import { coordination } from '../tests/harness/coordination.ts'
import { flush, heldWithInput, type Deferred } from '../tests/harness/deferred.ts'
import { connectSessions } from './sessions.connect.ts'
import { sessionsMachine, type ListSessionsInput, type RevokeSessionInput, type SignRevokeInput, type SmartSessionItem } from './sessions.ts'
import { ForeignError } from '../tests/harness/failures.ts'

const ADDRESS = '0x' + 'ab'.repeat(20)
const target = { address: ADDRESS, caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'auth', supported: true, testnet: true }
const first: SmartSessionItem = { pci: 'pci-1', expiry: 1_893_456_000, chainId: 'eip155:31337', signer: '0x' + '11'.repeat(20), permissions: ['native-token-recurring-allowance'] }
const second: SmartSessionItem = { ...first, pci: 'pci-2', permissions: ['erc20-token-recurring-allowance'] }

/** The machine beside the real router (on Account), its three actors held until the test answers them. */
function harness() {
  const lists: Array<{ input: ListSessionsInput; d: Deferred<SmartSessionItem[]> }> = []
  const signs: Array<{ input: SignRevokeInput; d: Deferred<string> }> = []
  const revokes: Array<{ input: RevokeSessionInput; d: Deferred<void> }> = []
  const logic = sessionsMachine.provide({
    actors: {
      listSessions: fromPromise(({ input }) => heldWithInput(lists, input)),
      signRevoke: fromPromise(({ input }) => heldWithInput(signs, input)),
      revokeSession: fromPromise(({ input }) => heldWithInput(revokes, input)),
    },
  })
  const host = coordination({ id: 'sessions', logic, input: { target } }, { router: { view: 'Account' } })
  const view = () => connectSessions(host.feature.getSnapshot())
  return { host, lists, signs, revokes, view, send: (event: object) => host.feature.send(event as never) }
}

/** Opened from Account, the list answered with `sessions`. */
async function opened(sessions: SmartSessionItem[] = [first, second]) {
  const h = harness()
  h.send({ type: 'sessions.start' })
  h.lists.at(-1)!.d.resolve(sessions)
  await flush()
  return h
}

describe('Sessions machine', () => {
  test('behavior: Account’s entry pushes Sessions and reads the account’s list; the rows show', async () => {
    const h = harness()
    expect(h.view().status).toBe('idle')
    h.send({ type: 'sessions.start' })
    expect(h.host.views()).toEqual(['Account', 'Sessions'])
    expect(h.lists[0]!.input).toEqual({ address: ADDRESS })
    expect(h.view()).toEqual({ status: 'loading', rows: [], error: undefined, busy: false })
    h.lists[0]!.d.resolve([first])
    await flush()
    expect(h.view()).toEqual({
      status: 'loaded',
      rows: [{ pci: 'pci-1', chainId: 'eip155:31337', signer: first.signer, permissions: ['native-token-recurring-allowance'], expiresAt: 1_893_456_000_000, revoking: undefined, error: undefined }],
      error: undefined,
      busy: false,
    })
    h.host.stop()
  })

  test('behavior: Revoke signs the revoke text, sends pci and signature, drops the row and reads the list again', async () => {
    const h = await opened()
    h.send({ type: 'sessions.revoke', pci: 'pci-1' })
    expect(h.signs[0]!.input).toEqual({ target: { address: ADDRESS, caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'auth' }, pci: 'pci-1' })
    expect(h.view().rows.map((r) => r.revoking)).toEqual(['signing', undefined])
    expect(h.view().busy).toBe(true)
    h.signs[0]!.d.resolve('0xsigned')
    await flush()
    expect(h.revokes[0]!.input).toEqual({ address: ADDRESS, pci: 'pci-1', signature: '0xsigned' })
    expect(h.view().rows.map((r) => r.revoking)).toEqual(['submitting', undefined])
    h.revokes[0]!.d.resolve()
    await flush()
    // The row leaves at once; the other stays shown while the list is read again.
    expect(h.view()).toMatchObject({ status: 'loading', rows: [{ pci: 'pci-2' }], busy: false })
    expect(h.lists).toHaveLength(2)
    h.lists[1]!.d.resolve([second])
    await flush()
    expect(h.view()).toMatchObject({ status: 'loaded', rows: [{ pci: 'pci-2', error: undefined }] })
    h.host.stop()
  })

  test('behavior: the embedded wallet’s approval over Sessions is cleared when the revocation ends, and Sessions shows again', async () => {
    const h = await opened()
    h.send({ type: 'sessions.revoke', pci: 'pci-1' })
    h.host.child('router').send({ type: 'router.push', view: 'ApproveTransaction' })
    expect(h.host.views()).toEqual(['Account', 'Sessions', 'ApproveTransaction'])
    h.signs[0]!.d.resolve('0xsigned')
    await flush()
    h.revokes[0]!.d.resolve()
    await flush()
    expect(h.host.views()).toEqual(['Account', 'Sessions'])
    h.host.stop()
  })

  test('behavior: the visitor’s rejection of the signature is no failure: the row stays, without an error, and Revoke works again', async () => {
    const h = await opened()
    h.send({ type: 'sessions.revoke', pci: 'pci-2' })
    h.signs[0]!.d.reject(new UserRejectedRequestError(new ForeignError('User rejected the request.')))
    await flush()
    expect(h.view()).toMatchObject({
      status: 'loaded',
      busy: false,
      rows: [
        { pci: 'pci-1', error: undefined },
        { pci: 'pci-2', error: undefined, revoking: undefined },
      ],
    })
    expect(h.revokes).toHaveLength(0)
    h.send({ type: 'sessions.revoke', pci: 'pci-2' })
    expect(h.signs).toHaveLength(2)
    h.host.stop()
  })

  test('bad input: a refused revocation (API error or success false) keeps the row with the reason; the next Revoke clears it', async () => {
    const h = await opened()
    h.send({ type: 'sessions.revoke', pci: 'pci-1' })
    h.signs[0]!.d.resolve('0xsigned')
    await flush()
    h.revokes[0]!.d.reject(new ForeignError('The signature is not the account revoking this session'))
    await flush()
    expect(h.view()).toMatchObject({
      status: 'loaded',
      busy: false,
      rows: [
        { pci: 'pci-1', error: 'The signature is not the account revoking this session' },
        { pci: 'pci-2', error: undefined },
      ],
    })
    expect(h.lists).toHaveLength(1)
    h.send({ type: 'sessions.revoke', pci: 'pci-1' })
    expect(h.view().rows[0]).toMatchObject({ revoking: 'signing', error: undefined })
    h.signs[1]!.d.reject(new ForeignError('wallet offline'))
    await flush()
    expect(h.view().rows[0]).toMatchObject({ revoking: undefined, error: 'wallet offline' })
    h.host.stop()
  })

  test('bad input: a session not in the list, or a second Revoke while one is under way, is ignored', async () => {
    const h = await opened()
    h.send({ type: 'sessions.revoke', pci: 'pci-unknown' })
    expect(h.signs).toHaveLength(0)
    h.send({ type: 'sessions.revoke', pci: 'pci-1' })
    h.send({ type: 'sessions.revoke', pci: 'pci-2' })
    expect(h.signs).toHaveLength(1)
    expect(h.view().rows.map((r) => r.revoking)).toEqual(['signing', undefined])
    h.host.stop()
  })

  test('bad input: a list that cannot be read (a malformed answer, the API down) fails with the reason; Try again reads again', async () => {
    const h = harness()
    h.send({ type: 'sessions.start' })
    h.lists[0]!.d.reject(new ForeignError('Invalid response: pcis.0.expiry'))
    await flush()
    expect(h.view()).toEqual({ status: 'failed', rows: [], error: 'Invalid response: pcis.0.expiry', busy: false })
    h.send({ type: 'sessions.revoke', pci: 'pci-1' })
    expect(h.signs).toHaveLength(0)
    h.send({ type: 'sessions.retry' })
    h.lists[1]!.d.resolve([])
    await flush()
    expect(h.view()).toEqual({ status: 'loaded', rows: [], error: undefined, busy: false })
    h.host.stop()
  })

  test('behavior: another account while Sessions shows goes back to Account and the next start reads the new account’s list', async () => {
    const h = await opened()
    const other = { ...target, address: '0x' + 'cd'.repeat(20) }
    h.send({ type: 'root.account', change: 'changed', account: other, holder: 'sessions' })
    expect(h.host.views()).toEqual(['Account'])
    expect(h.view()).toMatchObject({ status: 'idle', rows: [] })
    h.send({ type: 'sessions.start' })
    expect(h.lists.at(-1)!.input).toEqual({ address: other.address })
    // Disconnected while it shows: Connect.
    h.send({ type: 'root.account', change: 'disconnected', account: undefined, holder: 'sessions' })
    expect(h.host.views()).toEqual(['Connect'])
    h.host.stop()
  })
})
