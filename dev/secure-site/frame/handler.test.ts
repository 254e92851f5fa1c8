import { describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import { FRAME_USER_REJECTED, appRequest, frameRequestKinds, parseFrameMessage } from '../../../adapters/frame.protocol.ts'
import { frameStoreKeys, FrameApiError, FrameParentNotSetError, REQUEST_ABORTED, RPC_NOT_ALLOWED } from './contract.ts'
import type { ApprovalRequest, FrameApi, FrameHandlerOptions } from './contract.ts'
import { createFrameHandler } from './handler.ts'
import { ForeignError } from '../../../tests/harness/failures.ts'

/**
 * The frame page's message handler with a fake parent window, API, storage and approval UI: who it
 * listens to, what it answers, the approval lifecycle, and 1000 fuzzed messages.
 */
const dapp = 'http://127.0.0.1:5273'
const address = '0x1111111111111111111111111111111111111111'

/** A session token as the secure site issues one: a compact JWT whose header and payload are JSON. */
const jwt = (sid: string) => `${[{ alg: 'HS256', typ: 'JWT' }, { sid }].map((part) => Buffer.from(JSON.stringify(part)).toString('base64url')).join('.')}.c2ln`
const DEVICE_TOKEN = jwt('device')
const OTP_TOKEN = jwt('otp')
const SOCIAL_TOKEN = jwt('social')
const FARCASTER_TOKEN = jwt('farcaster')

type Posted = { message: { id?: string; type: string; payload?: unknown }; origin: string }

function setup(overrides: Partial<FrameApi> = {}, options: Partial<FrameHandlerOptions> = {}) {
  const posted: Posted[] = []
  const parent = { postMessage: (message: unknown, origin: string) => void posted.push({ message: message as Posted['message'], origin }) }
  const storage = new Map<string, string>()
  const approvals: Array<{ request: ApprovalRequest; resolve(approved: boolean): void }> = []
  const closed: string[] = []
  const api: FrameApi = {
    connectEmail: vi.fn(async () => ({ action: 'VERIFY_OTP' as const })),
    connectDevice: vi.fn(async () => ({ verified: true as const, token: DEVICE_TOKEN })),
    connectOtp: vi.fn(async () => ({ token: OTP_TOKEN })),
    getUser: vi.fn(async () => ({ email: 'ada@example.com', address })),
    isConnected: vi.fn(async () => true),
    signOut: vi.fn(async () => undefined),
    rpc: vi.fn(async (_token: string | undefined, request: { method: string }) => `result:${request.method}`),
    socialStart: vi.fn(async () => ({ uri: 'http://127.0.0.1:8900/auth?client_id=google' })),
    connectSocial: vi.fn(async () => ({ token: SOCIAL_TOKEN })),
    updateEmail: vi.fn(async () => ({ action: 'VERIFY_PRIMARY_OTP' as const })),
    updateEmailPrimaryOtp: vi.fn(async () => ({ action: 'VERIFY_SECONDARY_OTP' as const })),
    updateEmailSecondaryOtp: vi.fn(async () => ({ email: 'grace@example.com' })),
    farcasterStart: vi.fn(async () => ({ url: 'farcaster://connect?channelToken=chan1', channelToken: 'chan1' })),
    connectFarcaster: vi.fn(async () => ({ state: 'completed' as const, token: FARCASTER_TOKEN })),
    ...overrides,
  }
  const approval = {
    open: (request: ApprovalRequest) => new Promise<boolean>((resolve) => approvals.push({ request, resolve })),
    close: (id: string) => {
      closed.push(id)
      approvals.find((a) => a.request.id === id)?.resolve(false)
    },
    setTheme: vi.fn(),
  }
  const frame = createFrameHandler({
    parent,
    allowedOrigins: [dapp, 'http://localhost:5273'],
    readyOrigins: [dapp],
    api,
    store: { get: (k) => storage.get(k) ?? null, set: (k, v) => void storage.set(k, v), remove: (k) => void storage.delete(k) },
    approval,
    chainId: 31337,
    chainNames: { '31337': 'Anvil Local' },
    newDeviceId: () => 'device0123456789abcdef',
    sleep: async () => undefined,
    reload: vi.fn(),
    ...options,
  })
  const send = (data: unknown, origin = dapp, source: unknown = parent) => frame.onMessage({ data, origin, source })
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  const reply = (id: string) => posted.find((p) => p.message.id === id)
  return { frame, posted, parent, storage, approvals, closed, api, send, settle, reply, approval }
}

describe('frame handler: who it listens to', () => {
  it('behavior: posts FRAME_READY { version: 4 } to the ready origin', () => {
    const { frame, posted } = setup()
    frame.ready()
    expect(posted).toEqual([{ message: { type: 'FRAME_READY', payload: { version: 4 } }, origin: dapp }])
  })

  it('behavior: answers a request from the parent at an allowed origin, at that origin', async () => {
    const { send, settle, posted } = setup()
    send(appRequest('GET_CHAIN_ID', 'r1', {}), 'http://localhost:5273')
    await settle()
    expect(posted).toEqual([{ message: { id: 'r1', type: 'FRAME_GET_CHAIN_ID_SUCCESS', payload: { chainId: 31337 } }, origin: 'http://localhost:5273' }])
  })

  it('behavior: drops a well-formed request from a wrong origin or from another window', async () => {
    const { send, settle, posted, api } = setup()
    send(appRequest('CONNECT_EMAIL', 'r1', { email: 'ada@example.com' }), 'http://127.0.0.1:9999')
    send(appRequest('CONNECT_EMAIL', 'r2', { email: 'ada@example.com' }), 'null')
    send(appRequest('CONNECT_EMAIL', 'r3', { email: 'ada@example.com' }), dapp, { postMessage() {} })
    send(appRequest('CONNECT_EMAIL', 'r4', { email: 'ada@example.com' }), dapp, null)
    await settle()
    expect(posted).toEqual([])
    expect(api.connectEmail).not.toHaveBeenCalled()
  })

  it('behavior: with a logger (enableLogger=true) each drop is logged with its reason, never the message', async () => {
    const lines: string[] = []
    const { send, settle } = setup({}, { log: (line) => lines.push(line) })
    send(appRequest('GET_CHAIN_ID', 'r1', {}), 'http://127.0.0.1:9999')
    send(appRequest('GET_CHAIN_ID', 'r2', {}), dapp, null)
    send({ id: 'x', type: 'APP_CONNECT_EMAIL', payload: { email: 'secret-but-bad' } })
    await settle()
    expect(lines).toEqual(['dropped a message: origin http://127.0.0.1:9999 is not an allowed ancestor', 'dropped a message: not from the parent window', 'dropped a message: not a well-formed APP_ request'])
  })

  it('behavior: drops malformed requests (no id, unknown kind, bad payload, replies)', async () => {
    const { send, settle, posted } = setup()
    send({ type: 'APP_GET_CHAIN_ID', payload: {} })
    send({ id: 'x', type: 'APP_STEAL_KEY', payload: {} })
    send({ id: 'x', type: 'APP_CONNECT_EMAIL', payload: { email: 'not an email' } })
    send({ id: 'x', type: 'FRAME_GET_CHAIN_ID_SUCCESS', payload: { chainId: 1 } })
    send('APP_GET_CHAIN_ID')
    await settle()
    expect(posted).toEqual([])
  })

  it('behavior: 1000 fuzzed messages from the parent neither throw nor get an answer', async () => {
    const { send, settle, posted } = setup()
    const kinds = frameRequestKinds.map((k) => `APP_${k}`)
    const messages = fc.sample(
      fc.oneof(
        fc.anything(),
        fc.record({ id: fc.oneof(fc.string(), fc.integer(), fc.constant(undefined)), type: fc.oneof(fc.constantFrom(...kinds), fc.string()), payload: fc.anything() }),
        fc.record({
          id: fc.string({ minLength: 1, maxLength: 8 }),
          type: fc.constantFrom('APP_CONNECT_EMAIL', 'APP_CONNECT_OTP', 'APP_RPC_REQUEST', 'APP_SWITCH_NETWORK'),
          payload: fc.dictionary(fc.string(), fc.anything()),
        }),
      ),
      1000,
    )
    const hostile = {
      get type(): string {
        throw new ForeignError('getter')
      },
    }
    expect(() => {
      for (const data of [
        ...messages,
        hostile,
        new Proxy(
          {},
          {
            get: () => {
              throw new ForeignError('proxy')
            },
          },
        ),
      ])
        send(data)
    }).not.toThrow()
    await settle()
    // Whatever was answered is a well-formed reply to a well-formed request (the fuzz may build a valid one).
    for (const { message } of posted) expect(parseFrameMessage(message)).toBeDefined()
  })
})

describe('frame handler: login and session', () => {
  it('behavior: CONNECT_EMAIL passes the device id and the stored session, and answers the action', async () => {
    const { send, settle, reply, api, storage } = setup()
    storage.set(frameStoreKeys.session, 'old')
    send(appRequest('CONNECT_EMAIL', 'r1', { email: ' Ada@Example.com ' }))
    await settle()
    expect(api.connectEmail).toHaveBeenCalledWith({ email: 'Ada@Example.com', deviceId: 'device0123456789abcdef', token: 'old' })
    expect(reply('r1')?.message).toEqual({ id: 'r1', type: 'FRAME_CONNECT_EMAIL_SUCCESS', payload: { action: 'VERIFY_OTP' } })
  })

  it('behavior: a throttled CONNECT_EMAIL is an error reply with the message and retryAfterSeconds', async () => {
    const { send, settle, reply } = setup({ connectEmail: async () => Promise.reject(new FrameApiError('Please try again after 12 seconds', 12)) })
    send(appRequest('CONNECT_EMAIL', 'r1', { email: 'ada@example.com' }))
    await settle()
    expect(reply('r1')?.message).toEqual({ id: 'r1', type: 'FRAME_CONNECT_EMAIL_ERROR', payload: { message: 'Please try again after 12 seconds', retryAfterSeconds: 12 } })
  })

  it('behavior: CONNECT_OTP stores the session in the frame origin and posts the session update', async () => {
    const { send, settle, reply, storage, posted } = setup()
    send(appRequest('CONNECT_EMAIL', 'r1', { email: 'ada@example.com' }))
    await settle()
    send(appRequest('CONNECT_OTP', 'r2', { otp: '123456' }))
    await settle()
    await settle()
    expect(reply('r2')?.message.type).toBe('FRAME_CONNECT_OTP_SUCCESS')
    expect(storage.get(frameStoreKeys.session)).toBe(OTP_TOKEN)
    expect(posted.map((p) => p.message)).toContainEqual({ type: 'FRAME_SESSION_UPDATE', payload: { email: 'ada@example.com', address, chainId: 31337, accounts: [{ address, type: 'eoa' }] } })
  })

  it('spec §3: a session token is read as a JWT (header and payload JSON) when it arrives; one that is not is refused with the rule it broke and not kept', async () => {
    const [header, payload] = OTP_TOKEN.split('.')
    for (const [token, message] of [
      ['otp-token', 'Invalid JWT: not three parts'],
      [`${header}.${Buffer.from('{"sid":').toString('base64url')}.c2ln`, 'Invalid JWT: its payload is not JSON'],
      [`${Buffer.from('[]').toString('base64url')}.${payload}.c2ln`, 'Invalid JWT: its header is not a JSON object'],
    ]) {
      const { send, settle, reply, storage, posted } = setup({ connectOtp: async () => ({ token: token! }) })
      send(appRequest('CONNECT_EMAIL', 'r1', { email: 'ada@example.com' }))
      await settle()
      send(appRequest('CONNECT_OTP', 'r2', { otp: '123456' }))
      await settle()
      await settle()
      expect(reply('r2')?.message).toEqual({ id: 'r2', type: 'FRAME_CONNECT_OTP_ERROR', payload: { message } })
      expect(storage.has(frameStoreKeys.session)).toBe(false)
      expect(posted.map((p) => p.message.type)).not.toContain('FRAME_SESSION_UPDATE')
    }
  })

  it('behavior: CONNECT_DEVICE polls until the link is opened, then signs in', async () => {
    let polls = 0
    const { send, settle, reply, storage } = setup({ connectDevice: async () => (++polls < 3 ? { verified: false } : { verified: true, token: DEVICE_TOKEN }) })
    send(appRequest('CONNECT_EMAIL', 'r1', { email: 'ada@example.com' }))
    await settle()
    send(appRequest('CONNECT_DEVICE', 'r2', {}))
    for (let i = 0; i < 10; i++) await settle()
    expect(polls).toBe(3)
    expect(reply('r2')?.message.type).toBe('FRAME_CONNECT_DEVICE_SUCCESS')
    expect(storage.get(frameStoreKeys.session)).toBe(DEVICE_TOKEN)
  })

  it('behavior: a session error (JWT not yet valid) reaches the dapp word for word', async () => {
    const { send, settle, reply } = setup({ isConnected: async () => Promise.reject(new FrameApiError('JWT validation error: JWT Token is not yet valid')) })
    send(appRequest('IS_CONNECTED', 'r1', {}))
    await settle()
    expect(reply('r1')?.message.payload).toEqual({ message: 'JWT validation error: JWT Token is not yet valid' })
  })

  it('behavior: SIGN_OUT revokes on the server, forgets the token and posts a null session', async () => {
    const { send, settle, reply, storage, api, posted } = setup()
    storage.set(frameStoreKeys.session, 'tok')
    send(appRequest('SIGN_OUT', 'r1', {}))
    await settle()
    expect(api.signOut).toHaveBeenCalledWith('tok')
    expect(storage.has(frameStoreKeys.session)).toBe(false)
    expect(reply('r1')?.message.type).toBe('FRAME_SIGN_OUT_SUCCESS')
    expect(posted.map((p) => p.message)).toContainEqual({ type: 'FRAME_SESSION_UPDATE', payload: null })
  })

  it('behavior: an unexpected failure answers "An error occurred"', async () => {
    const { send, settle, reply } = setup({ getUser: async () => Promise.reject(new TypeError('boom')) })
    send(appRequest('GET_USER', 'r1', {}))
    await settle()
    expect(reply('r1')?.message.payload).toEqual({ message: 'An error occurred' })
  })

  it('behavior: SWITCH_NETWORK changes the chain GET_CHAIN_ID and GET_USER report', async () => {
    const { send, settle, reply } = setup()
    send(appRequest('SWITCH_NETWORK', 'r1', { chainId: 'eip155:31338' }))
    await settle()
    send(appRequest('GET_CHAIN_ID', 'r2', {}))
    await settle()
    expect(reply('r1')?.message.payload).toEqual({ chainId: 31338 })
    expect(reply('r2')?.message.payload).toEqual({ chainId: 31338 })
  })
})

describe('frame handler: RPC requests and approvals (spec §4, §5)', () => {
  const rpc = (id: string, method: string, params: unknown = []) => appRequest('RPC_REQUEST', id, { method, params, chainId: 31337, chainNamespace: 'eip155' })

  it('behavior: a safe request is answered without the approval UI', async () => {
    const { send, settle, reply, approvals } = setup()
    send(rpc('r1', 'eth_getBalance', [address, 'latest']))
    send(rpc('r2', 'eth_chainId'))
    await settle()
    expect(approvals).toEqual([])
    expect(reply('r1')?.message).toEqual({ id: 'r1', type: 'FRAME_RPC_REQUEST_SUCCESS', payload: 'result:eth_getBalance' })
    expect(reply('r2')?.message.payload).toBe('0x7a69')
  })

  it('behavior: a method on neither list is refused without calling the server', async () => {
    const { send, settle, reply, api } = setup()
    send(rpc('r1', 'anvil_setBalance'))
    await settle()
    expect(reply('r1')?.message.payload).toEqual({ message: RPC_NOT_ALLOWED })
    expect(api.rpc).not.toHaveBeenCalled()
  })

  it('behavior: an unsafe request opens the approval (OPEN before, CLOSED after) and Approve signs on the server', async () => {
    const { send, settle, reply, approvals, posted, api } = setup()
    send(appRequest('SYNC_DAPP_DATA', 's', { metadata: { name: 'Demo', description: '', url: dapp, icons: [] }, sdkVersion: '1', sdkType: 'latchkey', projectId: 'p' }))
    send(rpc('r1', 'personal_sign', ['0x68656c6c6f', address]))
    await settle()
    expect(posted.map((p) => p.message.type)).toEqual(['FRAME_SYNC_DAPP_DATA_SUCCESS', 'FRAME_RPC_APPROVAL_OPEN'])
    expect(approvals[0]!.request).toMatchObject({ id: 'r1', method: 'personal_sign', chainName: 'Anvil Local', dappName: 'Demo', dappOrigin: dapp })
    expect(api.rpc).not.toHaveBeenCalled()
    approvals[0]!.resolve(true)
    await settle()
    await settle()
    expect(posted.map((p) => p.message.type).slice(1)).toEqual(['FRAME_RPC_APPROVAL_OPEN', 'FRAME_RPC_APPROVAL_CLOSED', 'FRAME_RPC_REQUEST_SUCCESS'])
    expect(reply('r1')?.message.payload).toBe('result:personal_sign')
  })

  it('behavior: the approval content height goes to the parent with the shown request id, only while it shows', async () => {
    const { frame, send, settle, approvals, posted } = setup()
    frame.contentHeight(300)
    expect(posted).toEqual([])
    send(rpc('r1', 'personal_sign', ['0x68656c6c6f', address]))
    await settle()
    frame.contentHeight(251.2)
    frame.contentHeight(Number.NaN)
    frame.contentHeight(5000)
    expect(posted.filter((p) => p.message.type === 'FRAME_APPROVAL_HEIGHT')).toEqual([
      { message: { type: 'FRAME_APPROVAL_HEIGHT', payload: { id: 'r1', height: 252 } }, origin: dapp },
      { message: { type: 'FRAME_APPROVAL_HEIGHT', payload: { id: 'r1', height: 1000 } }, origin: dapp },
    ])
    approvals[0]!.resolve(false)
    await settle()
    await settle()
    const count = posted.length
    frame.contentHeight(260)
    expect(posted.length).toBe(count)
  })

  it('behavior: Reject answers "User rejected the request" and signs nothing', async () => {
    const { send, settle, reply, approvals, api } = setup()
    send(rpc('r1', 'eth_sendTransaction', [{ to: address, value: '0x1' }]))
    await settle()
    approvals[0]!.resolve(false)
    await settle()
    await settle()
    expect(reply('r1')?.message).toEqual({ id: 'r1', type: 'FRAME_RPC_REQUEST_ERROR', payload: { message: FRAME_USER_REJECTED } })
    expect(api.rpc).not.toHaveBeenCalled()
  })

  it('behavior: RPC_ABORT closes the approval and answers "Request was aborted"', async () => {
    const { send, settle, reply, closed, api, posted } = setup()
    send(rpc('r1', 'personal_sign', ['0x00', address]))
    await settle()
    send(appRequest('RPC_ABORT', 'a1', { id: 'r1' }))
    await settle()
    await settle()
    expect(closed).toEqual(['r1'])
    expect(reply('r1')?.message.payload).toEqual({ message: REQUEST_ABORTED })
    expect(reply('a1')?.message.type).toBe('FRAME_RPC_ABORT_SUCCESS')
    expect(posted.map((p) => p.message.type)).toContain('FRAME_RPC_APPROVAL_CLOSED')
    expect(api.rpc).not.toHaveBeenCalled()
  })

  const batch = (count: number) => [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls: Array.from({ length: count }, () => ({ to: address, value: '0x1' })) }]

  it('bad input: a batch the secure site refuses (11 calls: 5740) is answered with its words and code before any approval; nothing is sent', async () => {
    const checkRpc = vi.fn(async () => {
      throw new FrameApiError('A batch holds at most 10 calls', undefined, 5740)
    })
    const { send, settle, reply, approvals, api, posted } = setup({ checkRpc })
    send(rpc('r1', 'wallet_sendCalls', batch(11)))
    await settle()
    await settle()
    expect(checkRpc).toHaveBeenCalledWith(undefined, { method: 'wallet_sendCalls', params: batch(11), chainId: 31337 })
    expect(reply('r1')?.message).toEqual({ id: 'r1', type: 'FRAME_RPC_REQUEST_ERROR', payload: { message: 'A batch holds at most 10 calls', code: 5740 } })
    expect(approvals).toEqual([])
    expect(posted.map((p) => p.message.type)).not.toContain('FRAME_RPC_APPROVAL_OPEN')
    expect(api.rpc).not.toHaveBeenCalled()
  })

  it('behavior: a batch the secure site takes is shown once checked, and sent on Approve; other unsafe methods are not checked', async () => {
    let passCheck: () => void = () => {}
    const checkRpc = vi.fn(() => new Promise<void>((resolve) => (passCheck = resolve)))
    const { send, settle, reply, approvals, api } = setup({ checkRpc })
    send(rpc('r1', 'wallet_sendCalls', batch(2)))
    await settle()
    expect(approvals).toEqual([])
    passCheck()
    await settle()
    expect(approvals.map((a) => a.request.method)).toEqual(['wallet_sendCalls'])
    approvals[0]!.resolve(true)
    await settle()
    await settle()
    expect(reply('r1')?.message.payload).toBe('result:wallet_sendCalls')
    expect(api.rpc).toHaveBeenCalledTimes(1)
    send(rpc('r2', 'personal_sign', ['0x00', address]))
    await settle()
    expect(approvals.map((a) => a.request.id)).toEqual(['r1', 'r2'])
    expect(checkRpc).toHaveBeenCalledTimes(1)
  })

  it('behavior: two unsafe requests are shown one after the other', async () => {
    const { send, settle, approvals } = setup()
    send(rpc('r1', 'personal_sign', ['0x00', address]))
    send(rpc('r2', 'personal_sign', ['0x01', address]))
    await settle()
    expect(approvals.map((a) => a.request.id)).toEqual(['r1'])
    approvals[0]!.resolve(false)
    await settle()
    await settle()
    expect(approvals.map((a) => a.request.id)).toEqual(['r1', 'r2'])
  })

  it('behavior: SYNC_THEME sets the approval UI theme', async () => {
    const { send, settle, approval } = setup()
    send(appRequest('SYNC_THEME', 't', { themeMode: 'dark', themeVariables: { accent: '#ff0000' } }))
    await settle()
    expect(approval.setTheme).toHaveBeenCalledWith('dark', { accent: '#ff0000' })
  })
})

describe('frame handler: social login', () => {
  it('APP_GET_SOCIAL_REDIRECT_URI starts the sign-in for this device and answers the authorize URL', async () => {
    const { send, settle, reply, api } = setup()
    send({ id: 's1', type: 'APP_GET_SOCIAL_REDIRECT_URI', payload: { provider: 'google', returnTo: `${dapp}/page` } })
    await settle()
    expect(api.socialStart).toHaveBeenCalledWith({ provider: 'google', deviceId: 'device0123456789abcdef', returnTo: `${dapp}/page` })
    expect(reply('s1')?.message).toEqual({ id: 's1', type: 'FRAME_GET_SOCIAL_REDIRECT_URI_SUCCESS', payload: { uri: 'http://127.0.0.1:8900/auth?client_id=google' } })
  })
  it('an unknown provider is dropped (never reaches the site)', async () => {
    const { send, settle, posted, api } = setup()
    send({ id: 's2', type: 'APP_GET_SOCIAL_REDIRECT_URI', payload: { provider: 'myspace', returnTo: `${dapp}/` } })
    await settle()
    expect(api.socialStart).not.toHaveBeenCalled()
    expect(posted.filter((p) => p.message.id === 's2')).toEqual([])
  })
  it('APP_CONNECT_SOCIAL redeems the result, keeps the session and answers the user with its provider and username', async () => {
    const { send, settle, reply, api, storage, posted } = setup({ getUser: vi.fn(async () => ({ email: null, address, socialProvider: 'discord', username: 'alice#0' })) })
    send({ id: 's3', type: 'APP_CONNECT_SOCIAL', payload: { uri: 'http://127.0.0.1:8800/social/result?token=t' } })
    await settle()
    await settle()
    expect(api.connectSocial).toHaveBeenCalledWith({ resultUri: 'http://127.0.0.1:8800/social/result?token=t', deviceId: 'device0123456789abcdef' })
    expect(storage.get('latchkey-secure:session')).toBe(SOCIAL_TOKEN)
    expect(reply('s3')?.message).toMatchObject({ type: 'FRAME_CONNECT_SOCIAL_SUCCESS', payload: { address, socialProvider: 'discord', userName: 'alice#0', email: null } })
    expect(posted.some((p) => p.message.type === 'FRAME_SESSION_UPDATE')).toBe(true)
  })
  it('a refused result is an error reply with the site’s message, and no session is kept', async () => {
    const { send, settle, reply, storage } = setup({ connectSocial: vi.fn(async () => Promise.reject(new FrameApiError('Sign-in result is not valid: sign in again'))) })
    send({ id: 's4', type: 'APP_CONNECT_SOCIAL', payload: { uri: 'http://127.0.0.1:8800/social/result?token=t' } })
    await settle()
    expect(reply('s4')?.message).toEqual({ id: 's4', type: 'FRAME_CONNECT_SOCIAL_ERROR', payload: { message: 'Sign-in result is not valid: sign in again' } })
    expect(storage.has('latchkey-secure:session')).toBe(false)
  })
})

describe('frame handler: Farcaster', () => {
  it('behavior: GET_FARCASTER_URI answers the request URL; CONNECT_FARCASTER polls that channel until completed, keeps the session and answers the user', async () => {
    let polls = 0
    const connectFarcaster = vi.fn(async () => (++polls < 3 ? { state: 'pending' as const } : { state: 'completed' as const, token: FARCASTER_TOKEN }))
    const sleep = vi.fn(async () => undefined)
    const { send, settle, reply, api, storage, posted } = setup({ connectFarcaster, getUser: vi.fn(async () => ({ email: null, address, socialProvider: 'farcaster', username: 'alice' })) }, { sleep })
    send(appRequest('GET_FARCASTER_URI', 'f1', {}))
    await settle()
    expect(api.farcasterStart).toHaveBeenCalledWith({ deviceId: 'device0123456789abcdef' })
    expect(reply('f1')?.message).toEqual({ id: 'f1', type: 'FRAME_GET_FARCASTER_URI_SUCCESS', payload: { url: 'farcaster://connect?channelToken=chan1' } })
    send(appRequest('CONNECT_FARCASTER', 'f2', {}))
    for (let i = 0; i < 8; i++) await settle()
    expect(connectFarcaster).toHaveBeenCalledTimes(3)
    expect(connectFarcaster).toHaveBeenCalledWith({ channelToken: 'chan1', deviceId: 'device0123456789abcdef' })
    expect(sleep).toHaveBeenCalledWith(1000)
    expect(storage.get(frameStoreKeys.session)).toBe(FARCASTER_TOKEN)
    expect(reply('f2')?.message).toMatchObject({ type: 'FRAME_CONNECT_FARCASTER_SUCCESS', payload: { address, socialProvider: 'farcaster', userName: 'alice' } })
    expect(parseFrameMessage(reply('f2')?.message)).toBeDefined()
    expect(posted.some((p) => p.message.type === 'FRAME_SESSION_UPDATE')).toBe(true)
  })
  it('bad input: CONNECT_FARCASTER before any request, and a refused answer, are error replies with the words; no session is kept', async () => {
    const refusal = 'Sign-in refused: 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 is not the custody address of fid 1'
    const { send, settle, reply, storage } = setup({ connectFarcaster: vi.fn(async () => Promise.reject(new FrameApiError(refusal))) })
    send(appRequest('CONNECT_FARCASTER', 'f3', {}))
    await settle()
    expect(reply('f3')?.message).toEqual({ id: 'f3', type: 'FRAME_CONNECT_FARCASTER_ERROR', payload: { message: 'Get a Farcaster sign-in URL first' } })
    send(appRequest('GET_FARCASTER_URI', 'f4', {}))
    await settle()
    send(appRequest('CONNECT_FARCASTER', 'f5', {}))
    await settle()
    await settle()
    expect(reply('f5')?.message).toEqual({ id: 'f5', type: 'FRAME_CONNECT_FARCASTER_ERROR', payload: { message: refusal } })
    expect(storage.has(frameStoreKeys.session)).toBe(false)
  })
  it('behavior: a newer GET_FARCASTER_URI ends the wait on the older channel', async () => {
    let release: () => void = () => undefined
    const sleep = vi.fn(() => new Promise<void>((resolve) => (release = resolve)))
    let n = 0
    const { send, settle, reply } = setup(
      { connectFarcaster: vi.fn(async () => ({ state: 'pending' as const })), farcasterStart: vi.fn(async () => ({ url: `farcaster://connect?channelToken=c${++n}`, channelToken: `c${n}` })) },
      { sleep },
    )
    send(appRequest('GET_FARCASTER_URI', 'g1', {}))
    await settle()
    send(appRequest('CONNECT_FARCASTER', 'g2', {}))
    await settle()
    send(appRequest('GET_FARCASTER_URI', 'g3', {}))
    await settle()
    release()
    await settle()
    await settle()
    expect(reply('g2')?.message).toEqual({ id: 'g2', type: 'FRAME_CONNECT_FARCASTER_ERROR', payload: { message: 'The Farcaster sign-in was restarted' } })
  })
})

describe('frame handler: email update', () => {
  it('behavior: UPDATE_EMAIL and its two codes go to the site with the session; the last stores the new email and posts the user', async () => {
    const { send, settle, reply, api, storage, posted } = setup({ getUser: vi.fn(async () => ({ email: 'grace@example.com', address })) })
    storage.set(frameStoreKeys.session, 'session-token')
    storage.set(frameStoreKeys.email, 'ada@example.com')
    send(appRequest('UPDATE_EMAIL', 'u1', { email: ' grace@example.com ' }))
    await settle()
    expect(api.updateEmail).toHaveBeenCalledWith('session-token', { email: 'grace@example.com' })
    expect(reply('u1')?.message).toEqual({ id: 'u1', type: 'FRAME_UPDATE_EMAIL_SUCCESS', payload: { action: 'VERIFY_PRIMARY_OTP' } })
    send(appRequest('UPDATE_EMAIL_PRIMARY_OTP', 'u2', { otp: '123456' }))
    await settle()
    expect(api.updateEmailPrimaryOtp).toHaveBeenCalledWith('session-token', { otp: '123456' })
    expect(reply('u2')?.message.payload).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    expect(storage.get(frameStoreKeys.email)).toBe('ada@example.com')
    send(appRequest('UPDATE_EMAIL_SECONDARY_OTP', 'u3', { otp: '654321' }))
    await settle()
    await settle()
    expect(reply('u3')?.message).toEqual({ id: 'u3', type: 'FRAME_UPDATE_EMAIL_SECONDARY_OTP_SUCCESS', payload: { newEmail: 'grace@example.com' } })
    expect(storage.get(frameStoreKeys.email)).toBe('grace@example.com')
    expect(posted.some((p) => p.message.type === 'FRAME_SESSION_UPDATE' && (p.message.payload as { email?: string }).email === 'grace@example.com')).toBe(true)
    // Each reply parses on the dapp's side.
    for (const id of ['u1', 'u2', 'u3']) expect(parseFrameMessage(reply(id)?.message)).toMatchObject({ type: 'reply', ok: true })
  })

  it('bad input: a refused code is an error reply with the site’s words; the stored email stays', async () => {
    const { send, settle, reply, storage } = setup({ updateEmailSecondaryOtp: vi.fn(async () => Promise.reject(new FrameApiError('Invalid code'))) })
    storage.set(frameStoreKeys.email, 'ada@example.com')
    send(appRequest('UPDATE_EMAIL_SECONDARY_OTP', 'u1', { otp: '000000' }))
    await settle()
    expect(reply('u1')?.message).toEqual({ id: 'u1', type: 'FRAME_UPDATE_EMAIL_SECONDARY_OTP_ERROR', payload: { message: 'Invalid code' } })
    expect(storage.get(frameStoreKeys.email)).toBe('ada@example.com')
  })

  it('bad input: a malformed new email or an empty code never reaches the site', async () => {
    const { send, settle, api, posted } = setup()
    send(appRequest('UPDATE_EMAIL', 'u1', { email: 'not-an-email' }))
    send(appRequest('UPDATE_EMAIL_PRIMARY_OTP', 'u2', { otp: '' }))
    await settle()
    expect(api.updateEmail).not.toHaveBeenCalled()
    expect(api.updateEmailPrimaryOtp).not.toHaveBeenCalled()
    expect(posted).toEqual([])
  })
})

describe('frame handler: Solana', () => {
  const solanaChain = 'solana:AK7zphcMpwwaFXRuPquNGSMjWsVvhFPZ'
  const solanaAddress = 'HPRrGFaH1GeKXeURURykoaHz1ejDuRbyEJXdcNq6FjhV'
  const solanaApi = { getUser: vi.fn(async () => ({ email: 'ada@example.com', address, solanaAddress })) }
  const rpc = (id: string, method: string, params: unknown, chainId: string | number = solanaChain, chainNamespace: 'eip155' | 'solana' = 'solana') =>
    appRequest('RPC_REQUEST', id, { method, params, chainId, chainNamespace })

  it('behavior: GET_USER on a Solana chain answers the Solana address and leaves the frame’s EVM chain alone', async () => {
    const { send, settle, reply } = setup(solanaApi, { chainNames: { '31337': 'Anvil Local', [solanaChain]: 'Solana Localnet' } })
    send(appRequest('GET_USER', 'u1', { chainId: solanaChain }))
    send(appRequest('GET_CHAIN_ID', 'c1', {}))
    await settle()
    expect(reply('u1')?.message.payload).toEqual({ email: 'ada@example.com', address: solanaAddress, chainId: solanaChain, accounts: [{ address: solanaAddress, type: 'eoa' }] })
    expect(parseFrameMessage(reply('u1')?.message)).toMatchObject({ ok: true })
    expect(reply('c1')?.message.payload).toEqual({ chainId: 31337 })
  })

  it('bad input: GET_USER on Solana when the site has no Solana wallet is an error reply', async () => {
    const { send, settle, reply } = setup()
    send(appRequest('GET_USER', 'u1', { chainId: solanaChain }))
    await settle()
    expect(reply('u1')?.message).toEqual({ id: 'u1', type: 'FRAME_GET_USER_ERROR', payload: { message: 'Chain is not supported' } })
  })

  it('behavior: solana_signAndSendTransaction opens the approval with the Solana network’s name; Approve sends it to the server with the CAIP-2 id', async () => {
    const { send, settle, reply, approvals, api } = setup(solanaApi, { chainNames: { [solanaChain]: 'Solana Localnet' } })
    send(rpc('r1', 'solana_signAndSendTransaction', { transaction: 'AQID' }))
    await settle()
    expect(approvals[0]!.request).toMatchObject({ method: 'solana_signAndSendTransaction', chainId: solanaChain, chainName: 'Solana Localnet' })
    expect(api.rpc).not.toHaveBeenCalled()
    approvals[0]!.resolve(true)
    await settle()
    await settle()
    expect(api.rpc).toHaveBeenCalledWith(undefined, { method: 'solana_signAndSendTransaction', params: { transaction: 'AQID' }, chainId: solanaChain })
    expect(reply('r1')?.message.payload).toBe('result:solana_signAndSendTransaction')
  })

  it('behavior: solana_signMessage rejected in the frame answers "User rejected the request" and signs nothing', async () => {
    const { send, settle, reply, approvals, api } = setup(solanaApi)
    send(rpc('r1', 'solana_signMessage', { message: '3yZe7d' }))
    await settle()
    approvals[0]!.resolve(false)
    await settle()
    await settle()
    expect(reply('r1')?.message.payload).toEqual({ message: FRAME_USER_REJECTED })
    expect(api.rpc).not.toHaveBeenCalled()
  })

  it('bad input: a Solana request whose chain is not solana:<reference> is refused before any approval; a bitcoin namespace is dropped', async () => {
    const { send, settle, reply, approvals, posted } = setup(solanaApi)
    send(rpc('r1', 'solana_signMessage', { message: '3yZe7d' }, 31337))
    send(rpc('r2', 'solana_signMessage', { message: '3yZe7d' }, 'bip122:000000000019d6689c085ae165831e93'))
    send({ id: 'r3', type: 'APP_RPC_REQUEST', payload: { method: 'solana_signMessage', params: {}, chainId: 'bip122:000000000019d6689c085ae165831e93', chainNamespace: 'bip122' } })
    await settle()
    expect(approvals).toEqual([])
    expect(reply('r1')?.message.payload).toEqual({ message: 'Chain is not supported' })
    expect(reply('r2')?.message.payload).toEqual({ message: 'Chain is not supported' })
    expect(posted.some((p) => p.message.id === 'r3')).toBe(false)
  })
})

describe('frame handler without a parent (spec §8)', () => {
  it('bad input: no parent window throws "LatchkeyFrame: parent is not set"', () => {
    expect(() => setup({}, { parent: null })).toThrowError('LatchkeyFrame: parent is not set')
    expect(() => setup({}, { parent: null })).toThrowError(FrameParentNotSetError)
  })
})
