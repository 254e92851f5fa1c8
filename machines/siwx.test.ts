import { describe, expect, test } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { UserRejectedRequestError } from '../adapters/errors.ts'
import { deferred, type Deferred } from '../tests/harness/deferred.ts'
import { siwxMachine, siwxMessages, type SiwxMessage, type SiwxSession, type SiwxTarget } from './siwx.ts'
import { ForeignError } from '../tests/harness/failures.ts'

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
/** The root's account moment: the wallet connected (or its account or chain changed) on `t`. */
const connected = (t: SiwxTarget) => ({ type: 'root.account' as const, change: 'changed' as const, account: { ...t, supported: true, testnet: true }, holder: undefined })
/** The root's account moment: the wallet disconnected. */
const disconnected = { type: 'root.account' as const, change: 'disconnected' as const, account: undefined, holder: undefined }

function harness(required = false, signOutOnDisconnect = true) {
  const sessions: Deferred<SiwxSession[]>[] = []
  const messages: Deferred<SiwxMessage>[] = []
  const signatures: Array<{ input: { message: string }; d: Deferred<string> }> = []
  const added: Array<{ input: SiwxSession; d: Deferred<SiwxSession> }> = []
  const revoked: Array<{ sessions: SiwxSession[] }> = []
  const state = { failRevoke: false, holdRevoke: false }
  const hold =
    <T>(list: Deferred<T>[]) =>
    () => {
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
        revokeSession: fromPromise(async ({ input }) => {
          if (state.holdRevoke) await new Promise(() => {})
          if (state.failRevoke) throw new ForeignError('verifier down')
          revoked.push({ sessions: input.sessions })
        }),
      },
    }),
    { input: { required, signOutOnDisconnect } },
  )
  const emitted: Array<{ type: string; [k: string]: unknown }> = []
  actor.on('*', (e) => emitted.push(e as never))
  actor.start()
  /** Connected with no session: the prompt is shown. */
  async function prompting() {
    actor.send(connected(target))
    sessions.at(-1)!.resolve([])
    await flush()
  }
  return {
    actor,
    sessions,
    messages,
    signatures,
    added,
    revoked,
    emitted,
    prompting,
    value: () => actor.getSnapshot().value,
    set failRevoke(v: boolean) {
      state.failRevoke = v
    },
    set holdRevoke(v: boolean) {
      state.holdRevoke = v
    },
  }
}

const blocked = (h: ReturnType<typeof harness>) => h.emitted.filter((e) => e.type === 'siwx.closeBlocked').map((e) => e.blocked)

describe('siwx machine', () => {
  test('behavior: a stored session signs in without a prompt', async () => {
    const h = harness()
    h.actor.send(connected(target))
    expect(h.value()).toBe('checking')
    h.sessions[0]!.resolve([session])
    await flush()
    expect(h.value()).toBe('signedIn')
    expect(h.emitted).toEqual([{ type: 'siwx.sessionFound', session }])
  })

  test('behavior: no session: the prompt blocks closing when required; signing creates a message, has the wallet sign it, stores the session, then unblocks', async () => {
    const h = harness(true)
    await h.prompting()
    expect(h.emitted).toEqual([{ type: 'siwx.prompt' }, { type: 'siwx.closeBlocked', blocked: true }])
    h.actor.send({ type: 'siwx.sign' })
    expect(h.value()).toEqual({ awaitingSession: { signing: 'creatingMessage' } })
    h.messages[0]!.resolve(message)
    await flush()
    expect(h.value()).toEqual({ awaitingSession: { signing: 'awaitingSignature' } })
    expect(h.signatures[0]!.input.message).toBe(message.serializedMessage)
    h.signatures[0]!.d.resolve('0xsig')
    await flush()
    expect(h.added[0]!.input).toEqual(session)
    h.added[0]!.d.resolve({ ...session, token: 't' })
    await flush()
    expect(h.value()).toBe('signedIn')
    expect(h.emitted.slice(-2)).toEqual([
      { type: 'siwx.closeBlocked', blocked: false },
      { type: 'siwx.signedIn', session: { ...session, token: 't' } },
    ])
  })

  test('behavior: not required, the prompt never blocks closing', async () => {
    const h = harness(false)
    await h.prompting()
    h.actor.send({ type: 'siwx.cancel' })
    expect(blocked(h)).toEqual([false, false])
  })

  test('behavior: a failure at any step reopens the prompt with "Error signing message"; the next attempt clears it', async () => {
    for (const step of ['message', 'signature', 'verify'] as const) {
      const h = harness(true)
      await h.prompting()
      h.actor.send({ type: 'siwx.sign' })
      if (step === 'message') h.messages[0]!.reject(new ForeignError('nonce endpoint down'))
      else {
        h.messages[0]!.resolve(message)
        await flush()
        if (step === 'signature') h.signatures[0]!.d.reject(new ForeignError('wallet crashed'))
        else {
          h.signatures[0]!.d.resolve('0xsig')
          await flush()
          h.added[0]!.d.reject(new ForeignError('BAD_SIGNATURE'))
        }
      }
      await flush()
      expect(h.value()).toEqual({ awaitingSession: 'prompting' })
      // A message key: the view takes the words ('Error signing message', spec §8) from the catalogue.
      expect(h.actor.getSnapshot().context.error).toEqual({ key: 'siwxSignFailed' })
      expect(h.emitted.at(-1)).toEqual({ type: 'siwx.signFailed', message: siwxMessages.signFailed })
      // Still blocked: the prompt never left awaitingSession.
      expect(blocked(h)).toEqual([true])
      h.actor.send({ type: 'siwx.sign' })
      expect(h.actor.getSnapshot().context.error).toBeUndefined()
    }
  })

  test("behavior: the wallet's rejection is no error: required, the prompt stays; not required, it is a cancel", async () => {
    const required = harness(true)
    await required.prompting()
    required.actor.send({ type: 'siwx.sign' })
    required.messages[0]!.resolve(message)
    await flush()
    required.signatures[0]!.d.reject(new UserRejectedRequestError())
    await flush()
    expect(required.value()).toEqual({ awaitingSession: 'prompting' })
    expect(required.actor.getSnapshot().context.error).toBeUndefined()
    expect(required.emitted.map((e) => e.type)).not.toContain('siwx.cancelled')

    const optional = harness(false)
    await optional.prompting()
    optional.actor.send({ type: 'siwx.sign' })
    optional.messages[0]!.resolve(message)
    await flush()
    optional.signatures[0]!.d.reject(new UserRejectedRequestError())
    await flush()
    expect(optional.value()).toBe('idle')
    expect(optional.emitted.at(-1)).toEqual({ type: 'siwx.cancelled', required: false, disconnect: false })
  })

  test('behavior: cancel: required without a session disconnects; with an earlier session returns to its network; not required closes', async () => {
    const required = harness(true)
    await required.prompting()
    required.actor.send({ type: 'siwx.cancel' })
    expect(required.emitted.at(-1)).toEqual({ type: 'siwx.cancelled', required: true, disconnect: true })
    expect(required.value()).toBe('idle')

    const switched = harness(true)
    switched.actor.send(connected(target))
    switched.sessions[0]!.resolve([session])
    await flush()
    switched.actor.send(connected({ ...target, caipNetworkId: 'eip155:31338' }))
    switched.sessions[1]!.resolve([])
    await flush()
    switched.actor.send({ type: 'siwx.cancel' })
    expect(switched.emitted.at(-1)).toEqual({ type: 'siwx.cancelled', required: true, disconnect: false, returnTo: 'eip155:31337' })
    // Still blocking close while the wallet returns; a refusal shows the prompt again.
    expect(switched.value()).toEqual({ awaitingSession: 'returning' })
    switched.actor.send({ type: 'root.network', outcome: 'network.switchRejected' })
    expect(switched.value()).toEqual({ awaitingSession: 'prompting' })
    expect(blocked(switched)).toEqual([true])

    const optional = harness(false)
    await optional.prompting()
    optional.actor.send({ type: 'siwx.cancel' })
    expect(optional.emitted.at(-1)).toEqual({ type: 'siwx.cancelled', required: false, disconnect: false })
  })

  test("behavior: required cancel after another account's session: that session does not count, the owner disconnects", async () => {
    const h = harness(true)
    h.actor.send(connected(target))
    h.sessions[0]!.resolve([session])
    await flush()
    h.actor.send(connected({ ...target, address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }))
    h.sessions[1]!.resolve([])
    await flush()
    h.actor.send({ type: 'siwx.cancel' })
    expect(h.emitted.at(-1)).toEqual({ type: 'siwx.cancelled', required: true, disconnect: true })
    expect(h.value()).toBe('idle')
  })

  test('behavior: signing out drops the session at once; a wallet connecting meanwhile is checked anew', async () => {
    const h = harness(true)
    h.actor.send(connected(target))
    h.sessions[0]!.resolve([session])
    await flush()
    h.holdRevoke = true
    h.actor.send(disconnected)
    expect(h.value()).toBe('signingOut')
    expect(h.actor.getSnapshot().context.session).toBeUndefined()
    h.actor.send(connected(target))
    expect(h.value()).toBe('checking')
    expect(h.actor.getSnapshot().context.sessions).toEqual([])
  })

  test('behavior: the same account and chain announced again while signed in changes nothing; another account is checked', async () => {
    const h = harness()
    h.actor.send(connected(target))
    h.sessions[0]!.resolve([session])
    await flush()
    h.actor.send(connected({ ...target, address: target.address.toLowerCase() }))
    expect(h.value()).toBe('signedIn')
    expect(h.sessions).toHaveLength(1)
    h.actor.send(connected({ ...target, address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }))
    expect(h.value()).toBe('checking')
    expect(h.actor.getSnapshot().context.session).toBeUndefined()
  })

  test('behavior: an init failure: idle, and the owner is told to disconnect', async () => {
    const h = harness(true)
    h.actor.send(connected(target))
    h.sessions[0]!.reject(new ForeignError('storage broken'))
    await flush()
    expect(h.value()).toBe('idle')
    expect(h.emitted.at(-1)).toEqual({ type: 'siwx.initFailed', message: 'A problem occurred while trying initialize authentication' })
  })

  test('behavior: disconnect signs out every session of the connection', async () => {
    const h = harness()
    h.actor.send(connected(target))
    h.sessions[0]!.resolve([session])
    await flush()
    const other = { ...session, data: { ...message, chainId: 'eip155:31338' } }
    h.actor.send(connected({ ...target, caipNetworkId: 'eip155:31338' }))
    h.sessions[1]!.resolve([other])
    await flush()
    h.actor.send(disconnected)
    await flush()
    expect(h.revoked).toEqual([{ sessions: [session, other] }])
    expect(h.value()).toBe('idle')
    expect(h.actor.getSnapshot().context).toMatchObject({ session: undefined, sessions: [], target: undefined })
  })

  test('behavior: with signOutOnDisconnect off, disconnect keeps the sessions where they are stored', async () => {
    const h = harness(false, false)
    h.actor.send(connected(target))
    h.sessions[0]!.resolve([session])
    await flush()
    h.actor.send(disconnected)
    await flush()
    expect(h.revoked).toEqual([])
    expect(h.value()).toBe('idle')
  })

  test('behavior: a verifier that is down does not keep the visitor signed in locally', async () => {
    const h = harness()
    h.actor.send(connected(target))
    h.sessions[0]!.resolve([session])
    await flush()
    h.failRevoke = true
    h.actor.send(disconnected)
    await flush()
    expect(h.value()).toBe('idle')
    expect(h.actor.getSnapshot().context.sessions).toEqual([])
  })
})

describe('siwx machine: a wallet or a config that never answers, a config that answers wrongly', () => {
  const OTHER = '0x000000000000000000000000000000000000dEaD'
  const sessionOf = (accountAddress: string, chainId: string): SiwxSession => ({ ...session, data: { ...message, accountAddress, chainId } })
  /** Prompting, Sign, the message made: the wallet is asked and has not answered. */
  async function awaitingSignature(h: ReturnType<typeof harness>) {
    await h.prompting()
    h.actor.send({ type: 'siwx.sign' })
    h.messages.at(-1)!.resolve(message)
    await flush()
    expect(h.value()).toEqual({ awaitingSession: { signing: 'awaitingSignature' } })
  }

  test('behavior: required, no session: Cancel while the wallet has not answered cancels (the owner disconnects), unblocks closing, and the late signature is ignored', async () => {
    const h = harness(true)
    await awaitingSignature(h)
    h.actor.send({ type: 'siwx.cancel' })
    expect(h.value()).toBe('idle')
    expect(h.emitted.filter((e) => e.type === 'siwx.cancelled')).toEqual([{ type: 'siwx.cancelled', required: true, disconnect: true }])
    expect(blocked(h)).toEqual([true, false])
    h.signatures[0]!.d.resolve('0xlate')
    await flush()
    expect(h.added).toHaveLength(0)
    expect(h.value()).toBe('idle')
  })

  test('behavior: not required: Cancel while the wallet has not answered closes (the owner closes the modal)', async () => {
    const h = harness(false)
    await awaitingSignature(h)
    h.actor.send({ type: 'siwx.cancel' })
    expect(h.value()).toBe('idle')
    expect(h.emitted.at(-1)).toEqual({ type: 'siwx.cancelled', required: false, disconnect: false })
  })

  test('behavior: Cancel also works while the message is made and while the session is verified', async () => {
    const making = harness(false)
    await making.prompting()
    making.actor.send({ type: 'siwx.sign' })
    making.actor.send({ type: 'siwx.cancel' })
    expect(making.value()).toBe('idle')

    const verifying = harness(false)
    await awaitingSignature(verifying)
    verifying.signatures[0]!.d.resolve('0xsig')
    await flush()
    expect(verifying.value()).toEqual({ awaitingSession: { signing: 'verifying' } })
    verifying.actor.send({ type: 'siwx.cancel' })
    expect(verifying.value()).toBe('idle')
    verifying.added[0]!.d.resolve(session)
    await flush()
    expect(verifying.value()).toBe('idle')
    expect(verifying.emitted.some((e) => e.type === 'siwx.signedIn')).toBe(false)
  })

  test('behavior: required with a session on another chain: Cancel while signing returns there; Cancel again asks again; Sign there starts a fresh request', async () => {
    const h = harness(true)
    h.actor.send(connected({ ...target, caipNetworkId: 'eip155:31338' }))
    h.sessions[0]!.resolve([sessionOf(target.address, 'eip155:31338')])
    await flush()
    h.actor.send(connected(target))
    h.sessions[1]!.resolve([])
    await flush()
    h.actor.send({ type: 'siwx.sign' })
    h.messages[0]!.resolve(message)
    await flush()
    h.actor.send({ type: 'siwx.cancel' })
    expect(h.value()).toEqual({ awaitingSession: 'returning' })
    h.actor.send({ type: 'siwx.cancel' })
    expect(h.emitted.filter((e) => e.type === 'siwx.cancelled')).toEqual([
      { type: 'siwx.cancelled', required: true, disconnect: false, returnTo: 'eip155:31338' },
      { type: 'siwx.cancelled', required: true, disconnect: false, returnTo: 'eip155:31338' },
    ])
    h.actor.send({ type: 'siwx.sign' })
    expect(h.value()).toEqual({ awaitingSession: { signing: 'creatingMessage' } })
    h.messages[1]!.resolve(message)
    await flush()
    expect(h.signatures).toHaveLength(2)
    // Still unclosable all along: one block, no unblock yet.
    expect(blocked(h)).toEqual([true])
  })

  test.each([
    ['another address', [sessionOf(OTHER, target.caipNetworkId)]],
    ['this address on another chain', [sessionOf(target.address, 'eip155:1')]],
    ['malformed sessions', [null, 42, { data: null }, { ...session, signature: 7 }]],
    ['not a list', { ...session }],
    ['nothing', undefined],
  ])('behavior: getSessions answering %s: no session counts, the prompt is shown', async (_, answer) => {
    const h = harness(true)
    h.actor.send(connected(target))
    h.sessions[0]!.resolve(answer as never)
    await flush()
    expect(h.value()).toEqual({ awaitingSession: 'prompting' })
    expect(h.actor.getSnapshot().context.session).toBeUndefined()
  })

  test('behavior: only the session of exactly this account and network counts (EVM addresses in any letter case); others in the answer are left out', async () => {
    const h = harness(true)
    h.actor.send(connected(target))
    const mine = sessionOf(target.address.toLowerCase(), target.caipNetworkId)
    h.sessions[0]!.resolve([sessionOf(OTHER, target.caipNetworkId), mine])
    await flush()
    expect(h.value()).toBe('signedIn')
    expect(h.actor.getSnapshot().context.session).toEqual(mine)
    expect(h.actor.getSnapshot().context.sessions).toEqual([mine])
  })

  test('behavior: on other namespaces the address must match exactly (base58 is case-sensitive)', async () => {
    const solanaTarget: SiwxTarget = { address: 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW', caipNetworkId: 'solana:AK7zphcMpwwaFXRuPquNGSMjWsVvhFPZ', namespace: 'solana', connectorId: 'dev' }
    const h = harness(true)
    h.actor.send(connected(solanaTarget))
    h.sessions[0]!.resolve([sessionOf(solanaTarget.address.toLowerCase(), solanaTarget.caipNetworkId)])
    await flush()
    expect(h.value()).toEqual({ awaitingSession: 'prompting' })
  })
})
