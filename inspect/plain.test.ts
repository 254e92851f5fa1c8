import { createActor, fromPromise, setup, waitFor, type InspectionEvent } from 'xstate'
import { describe, expect, test } from 'vitest'
import type { FrameUser } from '../adapters/frame.protocol.ts'
import { emailLoginMachine, type EmailConnectAction } from '../machines/emailLogin.ts'
import { REDACTED, redact, toPlain } from './plain.ts'

describe('toPlain', () => {
  test('behavior: cycles, bigints, functions, errors, maps, sets and actor refs become plain data without throwing', () => {
    const cyclic: Record<string, unknown> = { name: 'a' }
    cyclic.self = cyclic
    const actor = createActor(setup({}).createMachine({ id: 'light' }))
    function named() {}
    const plain = toPlain({
      cyclic,
      n: 10n ** 20n,
      f: named,
      error: new TypeError('bad', { cause: 'why' }),
      map: new Map([[1, 'x']]),
      set: new Set([1, 2]),
      ref: actor,
      when: new Date(0),
      nan: Number.NaN,
      gone: undefined,
    })
    expect(plain).toEqual({
      cyclic: { name: 'a', self: '[Circular]' },
      n: '100000000000000000000n',
      f: '[Function named]',
      error: { name: 'TypeError', message: 'bad', cause: 'why' },
      map: { 1: 'x' },
      set: [1, 2],
      ref: '[ActorRef x:0]'.replace('x:0', actor.id),
      when: '1970-01-01T00:00:00.000Z',
      nan: 'NaN',
    })
    expect(() => structuredClone(plain)).not.toThrow()
  })

  test('behavior: a getter that throws and a deep or long value are cut, not thrown', () => {
    const hostile = Object.defineProperty({}, 'boom', {
      enumerable: true,
      get() {
        throw new TypeError('no')
      },
    })
    expect(toPlain(hostile)).toEqual({ boom: '[Unreadable: no]' })
    expect(toPlain({ a: { b: { c: 1 } } }, { maxDepth: 2 })).toEqual({ a: { b: '[…]' } })
    expect(toPlain([1, 2, 3], { maxArray: 2 })).toEqual([1, 2, '… 1 more'])
  })
})

describe('redaction', () => {
  test('behavior: secret fields lose their strings, signatures keep 10 characters, numbers stay', () => {
    const jwt = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIweGFiYyJ9.c2lnbmF0dXJlLWJ5dGVz'
    const signature = `0x${'ab'.repeat(65)}`
    const plain = toPlain({
      otp: '482913',
      Access_Token: 'opaque-access',
      privateKey: `0x${'11'.repeat(32)}`,
      mnemonic: 'test test test test test test test test test test test junk',
      signature,
      signatures: [signature, signature],
      error: { code: 4001, message: `declined; session ${jwt}` },
      uri: `wc:7f6e@2?relay-protocol=irn&symKey=${'9a'.repeat(32)}&expiryTimestamp=1`,
      header: 'Bearer abc.def-ghi',
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      nested: new Map([['sessionToken', 'tok']]),
    })
    expect(plain).toEqual({
      otp: REDACTED,
      Access_Token: REDACTED,
      privateKey: REDACTED,
      mnemonic: REDACTED,
      signature: `0xabababab…${REDACTED}`,
      signatures: [`0xabababab…${REDACTED}`, `0xabababab…${REDACTED}`],
      error: { code: 4001, message: `declined; session ${REDACTED}` },
      uri: `wc:7f6e@2?relay-protocol=irn&symKey=${REDACTED}&expiryTimestamp=1`,
      header: `Bearer ${REDACTED}`,
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      nested: { sessionToken: REDACTED },
    })
  })

  test('behavior: a cut long string is cut after redaction, so no half secret is kept', () => {
    const jwt = `eyJhbGciOiJFUzI1NiJ9.${'a'.repeat(40)}.${'b'.repeat(40)}`
    expect(toPlain({ note: `x${jwt}` }, { maxString: 30 })).toEqual({ note: `x${REDACTED}` })
    expect(redact('signature', '0x12')).toBe(REDACTED)
  })

  test('behavior: an email login recorded through the inspection API keeps no OTP and no session token', async () => {
    const otp = '731904'
    const token = 'eyJhbGciOiJFUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jIn0.c2lnbmVkLWJ5LWZyYW1l'
    const machine = emailLoginMachine.provide({
      actors: {
        connectEmail: fromPromise<{ action: EmailConnectAction }, { email: string }>(async () => ({ action: 'VERIFY_OTP' })),
        connectOtp: fromPromise<unknown, { otp: string }>(async () => ({ token })),
        // A session token where a frame's user could carry one: redacted by its field name and its JWT shape.
        getUser: fromPromise<FrameUser, void>(async () => ({ email: 'visitor@example.com', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainId: 'eip155:1', token }) as FrameUser),
      },
    })
    const recorded: unknown[] = []
    const inspect = (event: InspectionEvent) => {
      if (event.type === '@xstate.event') recorded.push(toPlain(event.event))
      if (event.type === '@xstate.snapshot') recorded.push(toPlain(event.snapshot))
    }
    const actor = createActor(machine, { inspect, input: { connected: false } }).start()
    actor.send({ type: 'emailLogin.setEmail', email: 'visitor@example.com' })
    actor.send({ type: 'emailLogin.submit' })
    await waitFor(actor, (s) => s.matches('verifyingOtp'))
    actor.send({ type: 'emailLogin.submitOtp', otp })
    await waitFor(actor, (s) => s.matches('connected'))
    actor.stop()
    const text = JSON.stringify(recorded)
    expect(text).toContain('emailLogin.submitOtp')
    expect(text).not.toContain(otp)
    expect(text).not.toContain(token)
  })
})
