import { describe, expect, test } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { UserRejectedRequestError } from '../adapters/errors.ts'
import { deferred, type Deferred } from '../tests/harness/deferred.ts'
import { siwxMachine, siwxMessages, type SiwxMessage, type SiwxSession, type SiwxTarget } from './siwx.ts'

const target: SiwxTarget = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'dev' }
const message: SiwxMessage = {
  accountAddress: target.address,
  chainId: target.caipNetworkId,
  domain: 'example.org',
  uri: 'https://example.org',
  version: '1',
  nonce: 'abcdefgh1',
  serializedMessage: 'example.org wants you to sign in…',
}
const session: SiwxSession = { data: message, message: message.serializedMessage, signature: '0xsig' }
const flush = () => new Promise((r) => setTimeout(r, 0))

function harness(required = false) {
  const sessions: Deferred<SiwxSession[]>[] = []
  const messages: Deferred<SiwxMessage>[] = []
  const signatures: Array<{ input: { message: string }; d: Deferred<string> }> = []
  const added: Array<{ input: SiwxSession; d: Deferred<SiwxSession> }> = []
  const revoked: Array<{ sessions: SiwxSession[] }> = []
  const hold = <T>(list: Deferred<T>[]) => () => {
    const d = deferred<T>()
    list.push(d)
    return d.promise
  }
  const actor = createActor(
    siwxMachine.provide({
      actors: {
        getSessions: fromPromise(hold(sessions)),
        createMessage: fromPromise(hold(messages)),
        signMessage: fromPromise(({ input }) => {
          const d = deferred<string>()
          signatures.push({ input, d })
          return d.promise
        }),
        addSession: fromPromise(({ input }) => {
          const d = deferred<SiwxSession>()
          added.push({ input, d })
          return d.promise
        }),
        revokeSession: fromPromise(async ({ input }) => void revoked.push({ sessions: input.sessions })),
      },
    }),
    { input: { required } },
  )
  const emitted: Array<{ type: string; [k: string]: unknown }> = []
  actor.on('*', (e) => emitted.push(e as never))
  actor.start()
  /** Connected with no session: the prompt is shown. */
  async function prompting() {
    actor.send({ type: 'siwx.connected', target })
    sessions.at(-1)!.resolve([])
    await flush()
  }
  return { actor, sessions, messages, signatures, added, revoked, emitted, prompting, value: () => actor.getSnapshot().value }
}

describe('siwx machine', () => {
  test('a stored session signs in without a prompt', async () => {
    const h = harness()
    h.actor.send({ type: 'siwx.connected', target })
    expect(h.value()).toBe('checking')
    h.sessions[0]!.resolve([session])
    await flush()
    expect(h.value()).toBe('signedIn')
    expect(h.emitted).toEqual([])
  })

  test('no session: the prompt; signing creates a message, has the wallet sign it, stores the session', async () => {
    const h = harness(true)
    await h.prompting()
    expect(h.emitted).toEqual([{ type: 'siwx.prompt' }])
    expect(h.actor.getSnapshot().hasTag('closeBlocked')).toBe(true)
    h.actor.send({ type: 'siwx.sign' })
    h.messages[0]!.resolve(message)
    await flush()
    expect(h.signatures[0]!.input.message).toBe(message.serializedMessage)
    h.signatures[0]!.d.resolve('0xsig')
    await flush()
    expect(h.added[0]!.input).toEqual(session)
    h.added[0]!.d.resolve({ ...session, token: 't' })
    await flush()
    expect(h.value()).toBe('signedIn')
    expect(h.emitted.at(-1)).toEqual({ type: 'siwx.signedIn', session: { ...session, token: 't' } })
    expect(h.actor.getSnapshot().hasTag('closeBlocked')).toBe(false)
  })

  test('a failure at any step reopens the prompt with "Error signing message"', async () => {
    for (const step of ['message', 'signature', 'verify'] as const) {
      const h = harness(true)
      await h.prompting()
      h.actor.send({ type: 'siwx.sign' })
      if (step === 'message') h.messages[0]!.reject(new Error('nonce endpoint down'))
      else {
        h.messages[0]!.resolve(message)
        await flush()
        if (step === 'signature') h.signatures[0]!.d.reject(new Error('wallet crashed'))
        else {
          h.signatures[0]!.d.resolve('0xsig')
          await flush()
          h.added[0]!.d.reject(new Error('BAD_SIGNATURE'))
        }
      }
      await flush()
      expect(h.value()).toBe('prompting')
      expect(h.actor.getSnapshot().context.error).toBe('Error signing message')
      expect(h.emitted.at(-1)).toEqual({ type: 'siwx.signFailed', message: siwxMessages.signFailed })
    }
  })

  test("the wallet's rejection is a cancel", async () => {
    const h = harness(true)
    await h.prompting()
    h.actor.send({ type: 'siwx.sign' })
    h.messages[0]!.resolve(message)
    await flush()
    h.signatures[0]!.d.reject(new UserRejectedRequestError())
    await flush()
    expect(h.value()).toBe('idle')
    expect(h.emitted.at(-1)).toEqual({ type: 'siwx.cancelled', required: true, disconnect: true })
  })

  test('cancel: required without a session disconnects; with an earlier session returns; not required closes', async () => {
    const required = harness(true)
    await required.prompting()
    required.actor.send({ type: 'siwx.cancel' })
    expect(required.emitted.at(-1)).toEqual({ type: 'siwx.cancelled', required: true, disconnect: true })

    const switched = harness(true)
    switched.actor.send({ type: 'siwx.connected', target })
    switched.sessions[0]!.resolve([session])
    await flush()
    switched.actor.send({ type: 'siwx.connected', target: { ...target, caipNetworkId: 'eip155:31338' } })
    switched.sessions[1]!.resolve([])
    await flush()
    switched.actor.send({ type: 'siwx.cancel' })
    expect(switched.emitted.at(-1)).toEqual({ type: 'siwx.cancelled', required: true, disconnect: false })

    const optional = harness(false)
    await optional.prompting()
    optional.actor.send({ type: 'siwx.cancel' })
    expect(optional.emitted.at(-1)).toEqual({ type: 'siwx.cancelled', required: false, disconnect: false })
  })

  test('an init failure: idle, and the owner is told to disconnect', async () => {
    const h = harness(true)
    h.actor.send({ type: 'siwx.connected', target })
    h.sessions[0]!.reject(new Error('storage broken'))
    await flush()
    expect(h.value()).toBe('idle')
    expect(h.emitted.at(-1)).toEqual({ type: 'siwx.initFailed', message: 'A problem occurred while trying initialize authentication' })
  })

  test('disconnect signs out', async () => {
    const h = harness()
    h.actor.send({ type: 'siwx.connected', target })
    h.sessions[0]!.resolve([session])
    await flush()
    h.actor.send({ type: 'siwx.disconnected' })
    await flush()
    expect(h.revoked).toEqual([{ session, target }])
    expect(h.value()).toBe('idle')
    expect(h.actor.getSnapshot().context.session).toBeUndefined()
  })
})
