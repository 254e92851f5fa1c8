import { describe, expect, test } from 'vitest'
import { fromPromise } from 'xstate'
import { coordination } from '../tests/harness/coordination.ts'
import { ADDRESS } from '../tests/harness/root.ts'
import { deferred, flush, type Deferred } from '../tests/harness/deferred.ts'
import type { ConnectedAccount, RootMoment } from './features.ts'
import { siwxMachine, type SiwxMessage, type SiwxSession } from './siwx.ts'
import { siwxFeature } from './siwx.feature.ts'
import { resolveFeatures } from '../services/features.ts'

/*
 * The SIWX machine moves the rest of the modal itself, by systemId: run here beside the real router, with recorders
 * standing for the modal, the toast, the network actor and the eip155 connection.
 */
const account: ConnectedAccount = { address: ADDRESS, caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'dev.wallet', supported: true, testnet: true }
const message: SiwxMessage = { accountAddress: ADDRESS, chainId: 'eip155:31337', domain: 'example.org', uri: 'https://example.org', version: '1', nonce: 'abcdefgh1', serializedMessage: 'm' }
const session = (chainId = 'eip155:31337'): SiwxSession => ({ data: { ...message, chainId }, message: 'm', signature: '0xsig' })
/** A root account moment (the modal showing `on`: a connecting view, the sign view, or another). */
const moment = (a: ConnectedAccount | undefined, on: { connecting?: boolean; holder?: string } = {}, change: 'connected' | 'changed' | 'disconnected' | 'switched' = a ? 'connected' : 'disconnected'): RootMoment => ({
  type: 'root.account',
  change,
  account: a,
  holder: on.holder,
  connecting: on.connecting ?? false,
  connection: 'connection.eip155',
})

function system(required: boolean) {
  const sessions: Deferred<SiwxSession[]>[] = []
  const logic = siwxMachine.provide({
    actors: {
      getSessions: fromPromise(() => {
        const d = deferred<SiwxSession[]>()
        sessions.push(d)
        return d.promise
      }),
      createMessage: fromPromise(async () => message),
      signMessage: fromPromise(async () => '0x01'),
      addSession: fromPromise(async () => session()),
      revokeSession: fromPromise(async () => {}),
    },
  })
  const s = coordination({ id: 'siwx', logic, input: { required } }, { router: { view: 'Connect' }, recorders: ['modal', 'toast', 'network', 'connection.eip155'] })
  const heardBy = (to: string) => s.heard.filter((h) => h.to === to).map((h) => h.event)
  /** The check answers `found`. */
  async function answer(found: SiwxSession[]) {
    sessions.at(-1)!.resolve(found)
    await flush()
  }
  /** The check fails (the verifier is down). */
  async function fail() {
    sessions.at(-1)!.reject(new TypeError('Failed to fetch'))
    await flush()
  }
  return { ...s, heardBy, answer, fail }
}

describe('siwx: the modal moves of a sign-in (spec §4 "Sign-in (SIWX)")', () => {
  test('behavior: no session: SIWXSignMessage as a new history and the modal opened; required, closing is blocked until signed in, then the modal closes and the success is reported', async () => {
    const s = system(true)
    s.feature.send(moment(account, { connecting: true }))
    await s.answer([])
    expect(s.views()).toEqual(['SIWXSignMessage'])
    expect(s.heardBy('modal')).toEqual([{ type: 'modal.open' }, { type: 'modal.setCloseBlocked', blocked: true }])
    s.feature.send({ type: 'siwx.sign' })
    await flush()
    await flush()
    expect(s.heardBy('modal').slice(2)).toEqual([{ type: 'modal.setCloseBlocked', blocked: false }, { type: 'modal.close' }])
    expect(s.reported).toContainEqual({ type: 'feature.track', name: 'SIWX_AUTH_SUCCESS', properties: { network: 'eip155:31337' } })
  })

  test('behavior: a session found closes the modal only when it showed a way of connecting or the sign view', async () => {
    const connecting = system(false)
    connecting.feature.send(moment(account, { connecting: true }))
    await connecting.answer([session()])
    expect(connecting.heardBy('modal')).toEqual([{ type: 'modal.close' }])

    const signView = system(false)
    signView.feature.send(moment(account, { holder: 'siwx' }, 'changed'))
    await signView.answer([session()])
    expect(signView.heardBy('modal')).toEqual([{ type: 'modal.close' }])

    const elsewhere = system(false)
    elsewhere.feature.send(moment(account, {}, 'changed'))
    await elsewhere.answer([session()])
    expect(elsewhere.heardBy('modal')).toEqual([])
  })

  test('behavior: the check failing disconnects the wallet, shows Connect and the message', async () => {
    const s = system(false)
    s.child('router').send({ type: 'router.push', view: 'Account' })
    s.feature.send(moment(account, { connecting: true }))
    await s.fail()
    expect(s.heardBy('connection.eip155')).toEqual([{ type: 'connection.disconnect' }])
    expect(s.views()).toEqual(['Connect'])
    expect(s.heardBy('toast')).toEqual([{ type: 'toast.show', variant: 'error', message: { key: 'siwxInitFailed' } }])
  })

  test('behavior: cancel: optional closes the modal; the modal dismissed while prompting is a cancel; required without a session disconnects', async () => {
    const optional = system(false)
    optional.feature.send(moment(account, { connecting: true }))
    await optional.answer([])
    optional.feature.send({ type: 'siwx.cancel' })
    expect(optional.heardBy('modal').at(-1)).toEqual({ type: 'modal.close' })

    const dismissed = system(false)
    dismissed.feature.send(moment(account, { connecting: true }))
    await dismissed.answer([])
    dismissed.feature.send({ type: 'root.closed', view: 'SIWXSignMessage' })
    expect(dismissed.feature.getSnapshot().value).toBe('idle')
    expect(dismissed.heardBy('connection.eip155')).toEqual([])

    const required = system(true)
    required.feature.send(moment(account, { connecting: true }))
    await required.answer([])
    required.feature.send({ type: 'siwx.cancel' })
    expect(required.heardBy('connection.eip155')).toEqual([{ type: 'connection.disconnect' }])
  })

  test('behavior: required cancel with a session on another chain asks the network back there; a refused switch (root.network) shows the prompt again, any other moment nothing', async () => {
    const s = system(true)
    s.feature.send(moment({ ...account, caipNetworkId: 'eip155:31338' }, { connecting: true }))
    await s.answer([session('eip155:31338')])
    s.feature.send(moment(account, {}, 'changed'))
    await s.answer([])
    s.feature.send({ type: 'siwx.cancel' })
    expect(s.heardBy('network')).toEqual([{ type: 'network.switch', caipNetworkId: 'eip155:31338', connectorId: 'dev.wallet' }])
    expect(s.feature.getSnapshot().hasTag('returning')).toBe(true)
    s.feature.send({ type: 'root.opened', account })
    expect(s.feature.getSnapshot().hasTag('returning')).toBe(true)
    s.feature.send({ type: 'root.network', outcome: 'network.switchRejected' })
    expect(s.feature.getSnapshot().hasTag('prompting')).toBe(true)
  })

  test('behavior: a disconnect unblocks closing; another namespace becoming active changes nothing', async () => {
    const s = system(true)
    s.feature.send(moment(account, { connecting: true }))
    await s.answer([])
    s.feature.send(moment(undefined, {}, 'switched'))
    expect(s.feature.getSnapshot().hasTag('prompting')).toBe(true)
    s.feature.send(moment(undefined))
    expect(s.heardBy('modal').at(-1)).toEqual({ type: 'modal.setCloseBlocked', blocked: false })
  })
})

describe('siwx registration (machines/siwx.feature.ts)', () => {
  test('behavior: exists only with the option; brought by an account moment, not by another namespace becoming active', () => {
    const on = siwxFeature({ enabled: true, input: { required: true } })
    const facts = { view: 'Connect' as const, holder: undefined, isConnecting: false, account, connection: 'connection.eip155', flags: resolveFeatures({}, undefined, { basic: false }).features }
    expect(siwxFeature({ enabled: false }).available!(facts)).toBe(false)
    expect(on.available!(facts)).toBe(true)
    expect(on.wakesOn!.account!(account, 'connected')).toBe(true)
    expect(on.wakesOn!.account!(account, 'restored')).toBe(true)
    expect(on.wakesOn!.account!(account, 'switched')).toBe(false)
  })
})
