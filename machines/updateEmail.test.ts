import { describe, expect, test } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { resolveFeatures } from '../services/features.ts'
import type { FeatureFacts } from './features.ts'
import { isNewEmail, updateEmailMachine } from './updateEmail.ts'
import { connectUpdateEmail } from './updateEmail.connect.ts'
import { updateEmailFeature } from './updateEmail.feature.ts'
import { profileWalletsMachine, type ProfileWalletsUser } from './profileWallets.ts'
import { connectProfileWallets } from './profileWallets.connect.ts'
import { profileWalletsFeature } from './profileWallets.feature.ts'

const EOA = '0x' + '12'.repeat(20)
const SMART = '0x' + 'ab'.repeat(20)
const auth = { address: EOA, caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'auth', supported: true, testnet: true }
function facts(overrides: Partial<FeatureFacts> = {}): FeatureFacts {
  return {
    view: 'Account',
    holder: undefined,
    isConnecting: false,
    account: auth,
    flags: resolveFeatures({}, undefined, { basic: false }).features,
    transactions: { count: 0, limit: 99 },
    toast: undefined,
    self: undefined,
    ...overrides,
  }
}
const tick = () => new Promise((r) => setTimeout(r, 0))

describe('updateEmail machine and view model (issue 19 §3)', () => {
  test('behavior: isNewEmail refuses the current email (any case, spaces) and a non-email', () => {
    expect(isNewEmail('grace@example.com', 'ada@example.com')).toBe(true)
    expect(isNewEmail(' ADA@example.com ', 'ada@example.com')).toBe(false)
    expect(isNewEmail('nope', 'ada@example.com')).toBe(false)
  })

  test('behavior: the view model names the step, where its code went, and keeps the typed email through a refusal', async () => {
    const asked: string[] = []
    const actor = createActor(
      updateEmailMachine.provide({
        actors: {
          requestUpdate: fromPromise(async ({ input }) => (asked.push(input.email), { action: 'VERIFY_PRIMARY_OTP' as const })),
          verifyPrimary: fromPromise(async () => Promise.reject(Object.assign(new Error('Invalid code'), { name: 'FrameError' }))),
          verifySecondary: fromPromise(async () => ({ newEmail: 'grace@example.com' })),
          readEmail: fromPromise(async (): Promise<string | null | undefined> => 'grace@example.com'),
        },
      }),
    ).start()
    expect(connectUpdateEmail(actor.getSnapshot())).toMatchObject({ loaded: true, step: 'idle' })
    actor.send({ type: 'updateEmail.start', currentEmail: 'ada@example.com' })
    actor.send({ type: 'updateEmail.setEmail', email: 'ADA@example.com' })
    actor.send({ type: 'updateEmail.submit' })
    expect(connectUpdateEmail(actor.getSnapshot())).toMatchObject({ step: 'email', error: { kind: 'sameEmail' } })
    actor.send({ type: 'updateEmail.setEmail', email: ' grace@example.com ' })
    actor.send({ type: 'updateEmail.submit' })
    await tick()
    expect(asked).toEqual(['grace@example.com'])
    expect(connectUpdateEmail(actor.getSnapshot())).toMatchObject({ step: 'primary', codeSentTo: 'ada@example.com', error: undefined })
    actor.send({ type: 'updateEmail.submitOtp', otp: '12345' })
    expect(connectUpdateEmail(actor.getSnapshot()).error).toEqual({ kind: 'invalidOtp' })
    actor.send({ type: 'updateEmail.submitOtp', otp: '123456' })
    expect(connectUpdateEmail(actor.getSnapshot())).toMatchObject({ step: 'checkingPrimary', busy: true })
    await tick()
    expect(connectUpdateEmail(actor.getSnapshot())).toMatchObject({ step: 'primary', email: ' grace@example.com ', error: { kind: 'message', message: 'Invalid code' } })
    actor.send({ type: 'updateEmail.edit' })
    expect(connectUpdateEmail(actor.getSnapshot())).toMatchObject({ step: 'email', email: ' grace@example.com ' })
    actor.stop()
  })

  test('behavior: not loaded yet is an idle, empty model', () => {
    expect(connectUpdateEmail(undefined)).toEqual({ loaded: false, step: 'idle', currentEmail: '', email: '', codeSentTo: undefined, error: undefined, busy: false })
  })
})

describe('updateEmail registration', () => {
  const on = updateEmailFeature({ enabled: true }).on!
  test('behavior: available only for the embedded wallet’s account with email on and embeddedWallet configured', () => {
    expect(updateEmailFeature({ enabled: true }).available!(facts())).toBe(true)
    expect(updateEmailFeature({ enabled: false }).available!(facts())).toBe(false)
    expect(updateEmailFeature({ enabled: true }).available!(facts({ account: { ...auth, connectorId: 'io.metamask' } }))).toBe(false)
    expect(updateEmailFeature({ enabled: true }).available!(facts({ account: undefined }))).toBe(false)
  })
  test('behavior: start pushes UpdateEmailWallet and starts the machine (fetched); another wallet’s gesture is dropped', () => {
    const start = { type: 'updateEmail.start', currentEmail: 'ada@example.com' }
    expect(on.gesture!(facts(), start)).toEqual([
      { to: 'router', event: { type: 'router.push', view: 'UpdateEmailWallet' } },
      { to: 'self', event: start, ensure: true },
    ])
    expect(on.gesture!(facts({ account: { ...auth, connectorId: 'io.metamask' } }), start)).toEqual([])
  })
  test('behavior: the new email reported resets to Account; Back, close and another account cancel', () => {
    expect(on.emitted!(facts({ view: 'UpdateEmailWallet' }), { type: 'updateEmail.updated', email: 'grace@example.com' })).toEqual([
      { to: 'router', event: { type: 'router.reset', view: 'Account' } },
      { to: 'self', event: { type: 'updateEmail.cancel' }, ensure: false },
    ])
    expect(on.emitted!(facts({ view: 'Connect' }), { type: 'updateEmail.updated', email: 'grace@example.com' })).toEqual([])
    expect(on.back!(facts())).toEqual([{ to: 'self', event: { type: 'updateEmail.cancel' }, ensure: false }])
    expect(on.closed!(facts())).toEqual([{ to: 'self', event: { type: 'updateEmail.cancel' }, ensure: false }])
    expect(on.account!(facts({ account: undefined, holder: 'updateEmail' }), 'disconnected')).toEqual([
      { to: 'self', event: { type: 'updateEmail.cancel' }, ensure: false },
      { to: 'router', event: { type: 'router.reset', view: 'Connect' } },
    ])
  })
})

describe('ProfileWallets machine, view model and registration (issue 19 §3)', () => {
  const loaded = async (user: unknown) => {
    const actor = createActor(profileWalletsMachine.provide({ actors: { readUser: fromPromise(async () => user as ProfileWalletsUser) } })).start()
    actor.send({ type: 'profileWallets.open' })
    await tick()
    return actor.getSnapshot()
  }
  test('behavior: a user without accounts lists its address as the EOA, active', async () => {
    expect(connectProfileWallets(await loaded({ address: EOA }), EOA).rows).toEqual([{ address: EOA, type: 'eoa', active: true, notDeployed: false }])
  })
  test('behavior: the EOA first, a smart account after it; the connected one is active; duplicates once', async () => {
    const s = await loaded({ address: SMART, accounts: [{ address: SMART, type: 'smartAccount' }, { address: EOA, type: 'eoa' }, { address: EOA.toUpperCase().replace('0X', '0x'), type: 'eoa' }], smartAccountDeployed: true })
    expect(connectProfileWallets(s, SMART).rows).toEqual([
      { address: EOA, type: 'eoa', active: false, notDeployed: false },
      { address: SMART, type: 'smartAccount', active: true, notDeployed: false },
    ])
    // A connected address the frame does not list: the frame's user address is the active one.
    expect(connectProfileWallets(s, '0x' + '99'.repeat(20)).rows.map((r) => r.active)).toEqual([false, true])
  })
  test('behavior: the registration pushes ProfileWallets and reads the user; only for the embedded wallet', () => {
    const on = profileWalletsFeature({ enabled: true }).on!
    expect(on.gesture!(facts(), { type: 'profileWallets.start' })).toEqual([
      { to: 'router', event: { type: 'router.push', view: 'ProfileWallets' } },
      { to: 'self', event: { type: 'profileWallets.open' }, ensure: true },
    ])
    expect(profileWalletsFeature({ enabled: true }).available!(facts({ account: { ...auth, connectorId: 'io.metamask' } }))).toBe(false)
    expect(on.account!(facts({ holder: 'profileWallets' }), 'changed')).toEqual([{ to: 'router', event: { type: 'router.reset', view: 'Account' } }])
  })
})
