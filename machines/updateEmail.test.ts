import { describe, expect, test, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { resolveFeatures } from '../services/features.ts'
import { coordination } from '../tests/harness/coordination.ts'
import type { FeatureFacts } from './features.ts'
import { isNewEmail, updateEmailMachine, type EmailUpdateAction } from './updateEmail.ts'
import { timing } from './timing.ts'
import { connectUpdateEmail } from './updateEmail.connect.ts'
import { updateEmailFeature } from './updateEmail.feature.ts'
import { profileWalletsMachine, type ProfileWalletsUser } from './profileWallets.ts'
import { connectProfileWallets } from './profileWallets.connect.ts'
import { profileWalletsFeature } from './profileWallets.feature.ts'
import { ForeignError } from '../tests/harness/failures.ts'

const EOA = '0x' + '12'.repeat(20)
const SMART = '0x' + 'ab'.repeat(20)
const auth = { address: EOA, caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'auth', supported: true, testnet: true }
function facts(overrides: Partial<FeatureFacts> = {}): FeatureFacts {
  return {
    view: 'Account',
    holder: undefined,
    isConnecting: false,
    account: auth,
    connection: 'connection.eip155',
    flags: resolveFeatures({}, undefined, { basic: false }).features,
    ...overrides,
  }
}
const tick = () => new Promise((r) => setTimeout(r, 0))

describe('updateEmail machine and view model', () => {
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
          verifyPrimary: fromPromise(async () => Promise.reject(Object.assign(new ForeignError('Invalid code'), { name: 'FrameError' }))),
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
    expect(connectUpdateEmail(undefined)).toEqual({ loaded: false, step: 'idle', currentEmail: '', email: '', codeSentTo: undefined, error: undefined, canResend: false, resending: false, busy: false })
  })

  /** An actor at the first code step, its actors recording what they were asked. */
  function atPrimary(answers: { resend?: () => Promise<{ action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }>; verifyPrimary?: () => Promise<{ action: EmailUpdateAction }> } = {}) {
    const asked: string[] = []
    let sends = 0
    const actor = createActor(
      updateEmailMachine.provide({
        actors: {
          requestUpdate: fromPromise(async ({ input }) => {
            asked.push(`update ${input.email}`)
            return sends++ === 0 || !answers.resend ? { action: 'VERIFY_PRIMARY_OTP' as const } : answers.resend()
          }),
          verifyPrimary: fromPromise(
            async ({ input }): Promise<{ action: EmailUpdateAction }> => (asked.push(`primary ${input.otp}`), answers.verifyPrimary ? answers.verifyPrimary() : { action: 'VERIFY_SECONDARY_OTP' }),
          ),
          verifySecondary: fromPromise(async () => ({ newEmail: 'grace@example.com' })),
          readEmail: fromPromise(async (): Promise<string | null | undefined> => 'grace@example.com'),
        },
      }),
    ).start()
    actor.send({ type: 'updateEmail.start', currentEmail: 'ada@example.com' })
    actor.send({ type: 'updateEmail.setEmail', email: 'grace@example.com' })
    actor.send({ type: 'updateEmail.submit' })
    return { actor, asked }
  }

  test('behavior: resend waits 30 s after the mail (spec §5, §9), mails the same email again, and the cooldown starts over', async () => {
    vi.useFakeTimers()
    try {
      const { actor, asked } = atPrimary()
      await vi.advanceTimersByTimeAsync(0)
      expect(connectUpdateEmail(actor.getSnapshot())).toMatchObject({ step: 'primary', canResend: false })
      // Within the cooldown the resend is not taken.
      actor.send({ type: 'updateEmail.resend' })
      await vi.advanceTimersByTimeAsync(timing.otpResendCooldown - 1)
      expect(asked).toEqual(['update grace@example.com'])
      expect(connectUpdateEmail(actor.getSnapshot()).canResend).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(connectUpdateEmail(actor.getSnapshot()).canResend).toBe(true)
      actor.send({ type: 'updateEmail.resend' })
      expect(connectUpdateEmail(actor.getSnapshot())).toMatchObject({ step: 'primary', resending: true, canResend: false, busy: true })
      await vi.advanceTimersByTimeAsync(0)
      expect(asked).toEqual(['update grace@example.com', 'update grace@example.com'])
      expect(connectUpdateEmail(actor.getSnapshot())).toMatchObject({ step: 'primary', resending: false, canResend: false })
      await vi.advanceTimersByTimeAsync(timing.otpResendCooldown)
      expect(connectUpdateEmail(actor.getSnapshot()).canResend).toBe(true)
      actor.stop()
    } finally {
      vi.useRealTimers()
    }
  })

  test('behavior: a refused code does not restart the resend cooldown; a code is not checked while a new one is mailed', async () => {
    vi.useFakeTimers()
    try {
      let reject!: (e: Error) => void
      const { actor, asked } = atPrimary({ verifyPrimary: () => new Promise((_, r) => (reject = r)), resend: () => new Promise(() => {}) })
      await vi.advanceTimersByTimeAsync(timing.otpResendCooldown - 1000)
      actor.send({ type: 'updateEmail.submitOtp', otp: '123456' })
      // Resend is refused while the code is checked.
      expect(connectUpdateEmail(actor.getSnapshot())).toMatchObject({ step: 'checkingPrimary', canResend: false })
      reject(new ForeignError('Invalid code'))
      await vi.advanceTimersByTimeAsync(1000)
      expect(connectUpdateEmail(actor.getSnapshot())).toMatchObject({ step: 'primary', canResend: true, error: { kind: 'message', message: 'Invalid code' } })
      actor.send({ type: 'updateEmail.resend' })
      await vi.advanceTimersByTimeAsync(0)
      // The resend runs: a code typed now is not sent.
      actor.send({ type: 'updateEmail.submitOtp', otp: '654321' })
      expect(asked).toEqual(['update grace@example.com', 'primary 123456', 'update grace@example.com'])
      expect(connectUpdateEmail(actor.getSnapshot())).toMatchObject({ resending: true, error: undefined })
      actor.stop()
    } finally {
      vi.useRealTimers()
    }
  })

  test("bad input: a throttled resend shows the spec's seconds (the frame's retryAfterSeconds) and can be tried again", async () => {
    vi.useFakeTimers()
    try {
      const { actor } = atPrimary({ resend: () => Promise.reject(Object.assign(new ForeignError('Please try again after 12 seconds'), { name: 'FrameError', retryAfterSeconds: 12 })) })
      await vi.advanceTimersByTimeAsync(timing.otpResendCooldown)
      actor.send({ type: 'updateEmail.resend' })
      await vi.advanceTimersByTimeAsync(0)
      expect(connectUpdateEmail(actor.getSnapshot())).toMatchObject({ step: 'primary', canResend: true, error: { kind: 'throttled', seconds: 12 } })
      actor.stop()
    } finally {
      vi.useRealTimers()
    }
  })

  test('behavior: a resend of the second code answered VERIFY_PRIMARY_OTP (the first proof expired) returns to the first code', async () => {
    vi.useFakeTimers()
    try {
      let sends = 0
      const actor = createActor(
        updateEmailMachine.provide({
          actors: {
            requestUpdate: fromPromise(async () => (sends++ === 0 ? { action: 'VERIFY_SECONDARY_OTP' as const } : { action: 'VERIFY_PRIMARY_OTP' as const })),
            verifyPrimary: fromPromise(async (): Promise<{ action: EmailUpdateAction }> => ({ action: 'VERIFY_SECONDARY_OTP' })),
            verifySecondary: fromPromise(async () => ({ newEmail: 'grace@example.com' })),
            readEmail: fromPromise(async (): Promise<string | null | undefined> => null),
          },
        }),
      ).start()
      actor.send({ type: 'updateEmail.start', currentEmail: 'ada@example.com' })
      actor.send({ type: 'updateEmail.setEmail', email: 'grace@example.com' })
      actor.send({ type: 'updateEmail.submit' })
      await vi.advanceTimersByTimeAsync(0)
      expect(connectUpdateEmail(actor.getSnapshot())).toMatchObject({ step: 'secondary', codeSentTo: 'grace@example.com' })
      await vi.advanceTimersByTimeAsync(timing.otpResendCooldown)
      actor.send({ type: 'updateEmail.resend' })
      await vi.advanceTimersByTimeAsync(0)
      expect(connectUpdateEmail(actor.getSnapshot())).toMatchObject({ step: 'primary', codeSentTo: 'ada@example.com', canResend: false })
      actor.stop()
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('updateEmail registration and the moves of its machine', () => {
  test('behavior: available only for the embedded wallet’s account with email on and embeddedWallet configured', () => {
    expect(updateEmailFeature({ enabled: true }).available!(facts())).toBe(true)
    expect(updateEmailFeature({ enabled: false }).available!(facts())).toBe(false)
    expect(updateEmailFeature({ enabled: true }).available!(facts({ account: { ...auth, connectorId: 'io.metamask' } }))).toBe(false)
    expect(updateEmailFeature({ enabled: true }).available!(facts({ account: undefined }))).toBe(false)
  })

  /** The machine beside the real router (on Account) and toast, its frame calls answered at once. */
  function moves() {
    const logic = updateEmailMachine.provide({
      actors: {
        requestUpdate: fromPromise(async (): Promise<{ action: EmailUpdateAction }> => ({ action: 'VERIFY_SECONDARY_OTP' })),
        verifySecondary: fromPromise(async () => ({ newEmail: 'grace@example.com' })),
        readEmail: fromPromise(async (): Promise<string | null | undefined> => 'grace@example.com'),
      },
    })
    const s = coordination({ id: 'updateEmail', logic }, { router: { view: 'Account' }, toast: true })
    const toast = () => {
      const t = s.child('toast').getSnapshot().context
      return t.next ?? t.current
    }
    return { ...s, toast }
  }
  const start = { type: 'updateEmail.start', currentEmail: 'ada@example.com' } as const
  async function committed(s: ReturnType<typeof moves>) {
    s.feature.send({ type: 'updateEmail.setEmail', email: 'grace@example.com' })
    s.feature.send({ type: 'updateEmail.submit' })
    await tick()
    s.feature.send({ type: 'updateEmail.submitOtp', otp: '654321' })
    await tick()
    await tick()
  }

  test('behavior: start pushes UpdateEmailWallet; the new email reported resets to Account with a success toast naming it', async () => {
    const s = moves()
    s.feature.send(start)
    expect(s.views()).toEqual(['Account', 'UpdateEmailWallet'])
    await committed(s)
    expect(s.feature.getSnapshot().value).toBe('updated')
    expect(s.views()).toEqual(['Account'])
    expect(s.toast()).toEqual({ variant: 'success', message: { key: 'emailUpdated', values: { email: 'grace@example.com' } } })
    s.stop()
  })

  test('behavior: the new email reported elsewhere (the view left meanwhile): the toast only, the view stays', async () => {
    const s = moves()
    s.feature.send(start)
    s.child('router').send({ type: 'router.push', view: 'Receive' })
    await committed(s)
    expect(s.views()).toEqual(['Account', 'UpdateEmailWallet', 'Receive'])
    expect(s.toast()).toMatchObject({ variant: 'success' })
    s.stop()
  })

  test('behavior: Back, the modal closed and another account cancel; another account while the view shows leaves it', () => {
    const s = moves()
    for (const moment of [
      { type: 'root.back', view: 'UpdateEmailWallet' },
      { type: 'root.closed', view: 'UpdateEmailWallet' },
    ] as const) {
      s.feature.send(start)
      s.feature.send(moment)
      expect(s.feature.getSnapshot().value).toBe('idle')
    }
    s.feature.send({ type: 'root.account', change: 'restored', account: auth, holder: 'updateEmail' })
    expect(s.views()).toEqual(['Account', 'UpdateEmailWallet'])
    s.feature.send(start)
    s.feature.send({ type: 'root.account', change: 'disconnected', account: undefined, holder: 'updateEmail' })
    expect(s.feature.getSnapshot().value).toBe('idle')
    expect(s.views()).toEqual(['Connect'])
    s.stop()
  })
})

describe('ProfileWallets machine, view model and registration', () => {
  const loaded = async (user: unknown) => {
    const actor = createActor(profileWalletsMachine.provide({ actors: { readUser: fromPromise(async () => user as ProfileWalletsUser) } })).start()
    actor.send({ type: 'profileWallets.start' })
    await tick()
    return actor.getSnapshot()
  }
  test('behavior: a user without accounts lists its address as the EOA, active', async () => {
    expect(connectProfileWallets(await loaded({ address: EOA }), EOA).rows).toEqual([{ address: EOA, type: 'eoa', active: true, notDeployed: false }])
  })
  test('behavior: the EOA first, a smart account after it; the connected one is active; duplicates once', async () => {
    const s = await loaded({
      address: SMART,
      accounts: [
        { address: SMART, type: 'smartAccount' },
        { address: EOA, type: 'eoa' },
        { address: EOA.toUpperCase().replace('0X', '0x'), type: 'eoa' },
      ],
      smartAccountDeployed: true,
    })
    expect(connectProfileWallets(s, SMART).rows).toEqual([
      { address: EOA, type: 'eoa', active: false, notDeployed: false },
      { address: SMART, type: 'smartAccount', active: true, notDeployed: false },
    ])
    // A connected address the frame does not list: the frame's user address is the active one.
    expect(connectProfileWallets(s, '0x' + '99'.repeat(20)).rows.map((r) => r.active)).toEqual([false, true])
  })
  test('behavior: "Your wallets" pushes ProfileWallets and reads the user; another account leaves it for Account; only for the embedded wallet', async () => {
    const logic = profileWalletsMachine.provide({ actors: { readUser: fromPromise(async () => ({ address: EOA })) } })
    const s = coordination({ id: 'profileWallets', logic }, { router: { view: 'Account' } })
    s.feature.send({ type: 'profileWallets.start' })
    expect(s.views()).toEqual(['Account', 'ProfileWallets'])
    await tick()
    expect(s.feature.getSnapshot().value).toBe('loaded')
    s.feature.send({ type: 'root.account', change: 'restored', account: auth, holder: 'profileWallets' })
    expect(s.views()).toEqual(['Account', 'ProfileWallets'])
    s.feature.send({ type: 'root.account', change: 'changed', account: auth, holder: 'profileWallets' })
    expect(s.views()).toEqual(['Account'])
    s.stop()
    expect(profileWalletsFeature({ enabled: true }).available!(facts({ account: { ...auth, connectorId: 'io.metamask' } }))).toBe(false)
  })
})
