import { describe, expect, it } from 'vitest'
import { appRequest, frameError, frameSuccess, frameUrl, parseAppRequest, parseFrameMessage, rpcMethodKind, SAFE_RPC_METHODS, UNSAFE_RPC_METHODS } from './frame.protocol.ts'

const user = { email: 'ada@example.com', address: '0x' + 'ab'.repeat(20), chainId: 1 }

describe('frame protocol', () => {
  it('behavior: a success reply parses with its kind, id and checked result', () => {
    expect(parseFrameMessage(frameSuccess('CONNECT_EMAIL', 'r1', { action: 'VERIFY_OTP' }))).toEqual({
      type: 'reply',
      kind: 'CONNECT_EMAIL',
      id: 'r1',
      ok: true,
      payload: { action: 'VERIFY_OTP' },
    })
    expect(parseFrameMessage(frameSuccess('GET_USER', 'r2', user))).toMatchObject({ ok: true, payload: user })
  })
  it('behavior: an error reply keeps its message and retryAfterSeconds', () => {
    expect(parseFrameMessage(frameError('CONNECT_EMAIL', 'r1', { message: 'wait', retryAfterSeconds: 12 }))).toEqual({
      type: 'reply',
      kind: 'CONNECT_EMAIL',
      id: 'r1',
      ok: false,
      payload: { message: 'wait', retryAfterSeconds: 12 },
    })
  })
  it('bad input: replies without id, with an unknown kind or a mismatching result are dropped', () => {
    expect(parseFrameMessage({ type: 'FRAME_CONNECT_EMAIL_SUCCESS', payload: { action: 'CONNECT' } })).toBeUndefined()
    expect(parseFrameMessage({ id: 'x', type: 'FRAME_NOPE_SUCCESS', payload: {} })).toBeUndefined()
    expect(parseFrameMessage({ id: 'x', type: 'FRAME_CONNECT_EMAIL_SUCCESS', payload: { action: 'HACK' } })).toBeUndefined()
    expect(parseFrameMessage({ id: 'x', type: 'FRAME_GET_USER_SUCCESS', payload: { ...user, address: 'nope' } })).toBeUndefined()
    expect(parseFrameMessage({ id: 'x', type: 'FRAME_SIGN_OUT_ERROR', payload: {} })).toBeUndefined()
    for (const junk of [null, undefined, 42, 'FRAME_READY', [], { type: 7 }, { id: '', type: 'FRAME_SIGN_OUT_SUCCESS', payload: {} }]) {
      expect(parseFrameMessage(junk)).toBeUndefined()
    }
  })
  it('spec §3: the user payload carries signature, message and siwxMessage through the parse; bad shapes of them drop the message', () => {
    const siwxMessage = {
      accountAddress: user.address,
      chainId: 'eip155:1',
      domain: 'app.example',
      uri: 'https://app.example/login',
      version: '1',
      nonce: 'n0nce1234',
      issuedAt: '2026-11-30T01:00:00.000Z',
      resources: ['https://app.example/terms'],
      serializedMessage: 'app.example wants you to sign in with your Ethereum account: …',
    }
    const signed = { ...user, signature: `0x${'1b'.repeat(65)}`, message: siwxMessage.serializedMessage, siwxMessage }
    expect(parseFrameMessage(frameSuccess('GET_USER', 'r3', signed))).toMatchObject({ ok: true, payload: signed })
    expect(parseFrameMessage({ type: 'FRAME_SESSION_UPDATE', payload: signed })).toEqual({ type: 'FRAME_SESSION_UPDATE', payload: signed })
    // Each of them is optional: a user without them parses as before.
    expect(parseFrameMessage(frameSuccess('GET_USER', 'r4', user))).toMatchObject({ ok: true, payload: user })
    for (const bad of [
      { signature: 42 },
      { signature: '' },
      { message: { text: 'hi' } },
      { message: 'x'.repeat(8193) },
      { siwxMessage: 'app.example wants you to sign in' },
      { siwxMessage: { ...siwxMessage, nonce: undefined } },
      { siwxMessage: { ...siwxMessage, chainId: '1' } },
      { siwxMessage: { ...siwxMessage, uri: 'not a uri' } },
      { siwxMessage: { ...siwxMessage, resources: 'https://app.example/terms' } },
    ]) {
      expect(parseFrameMessage({ id: 'r5', type: 'FRAME_GET_USER_SUCCESS', payload: { ...signed, ...bad } })).toBeUndefined()
      expect(parseFrameMessage({ type: 'FRAME_SESSION_UPDATE', payload: { ...signed, ...bad } })).toBeUndefined()
    }
  })
  it('behavior: events parse with their payload; a bad payload is dropped', () => {
    expect(parseFrameMessage({ type: 'FRAME_READY', payload: { version: 4 } })).toEqual({ type: 'FRAME_READY', payload: { version: 4 } })
    expect(parseFrameMessage({ type: 'FRAME_SESSION_UPDATE', payload: null })).toEqual({ type: 'FRAME_SESSION_UPDATE', payload: null })
    expect(parseFrameMessage({ type: 'FRAME_RPC_APPROVAL_OPEN', payload: { id: 'a' } })).toMatchObject({ payload: { id: 'a' } })
    expect(parseFrameMessage({ type: 'FRAME_READY', payload: {} })).toBeUndefined()
  })
  it('behavior: the frame parses requests, trimming the email; bad payloads and unknown kinds are dropped', () => {
    expect(parseAppRequest(appRequest('CONNECT_EMAIL', 'i', { email: ' ada@example.com ' }))).toEqual({
      id: 'i',
      type: 'APP_CONNECT_EMAIL',
      payload: { email: 'ada@example.com' },
    })
    expect(parseAppRequest({ id: 'i', type: 'APP_SIGN_OUT' })).toEqual({ id: 'i', type: 'APP_SIGN_OUT', payload: {} })
    expect(parseAppRequest({ id: 'i', type: 'APP_CONNECT_EMAIL', payload: { email: 'nope' } })).toBeUndefined()
    expect(parseAppRequest({ type: 'APP_SIGN_OUT', payload: {} })).toBeUndefined()
    expect(parseAppRequest({ id: 'i', type: 'APP_EVAL', payload: {} })).toBeUndefined()
    // Spec §6: the auth connector's requests are on eip155 or solana, never another namespace.
    expect(parseAppRequest({ id: 'i', type: 'APP_RPC_REQUEST', payload: { method: 'x', chainId: 1, chainNamespace: 'bip122' } })).toBeUndefined()
    expect(parseAppRequest({ id: 'i', type: 'APP_RPC_REQUEST', payload: { method: 'solana_signMessage', chainId: 'solana:AK7zphcMpwwaFXRuPquNGSMjWsVvhFPZ', chainNamespace: 'solana' } })).toMatchObject({
      payload: { chainNamespace: 'solana' },
    })
  })
  it("behavior: APP_SYNC_LOCALE carries one language tag and its reply the frame's locale; bad input: any other shape is dropped", () => {
    expect(parseAppRequest(appRequest('SYNC_LOCALE', 'l', { locale: 'zh-TW' }))).toEqual({ id: 'l', type: 'APP_SYNC_LOCALE', payload: { locale: 'zh-TW' } })
    for (const payload of [{}, { locale: '' }, { locale: 7 }, { locale: '<b>' }, { locale: 'en_US' }, { locale: 'x'.repeat(36) }, { locale: `ar-${'abcdefgh-'.repeat(4)}x1` }, { lang: 'ar' }]) {
      expect(parseAppRequest({ id: 'l', type: 'APP_SYNC_LOCALE', payload })).toBeUndefined()
    }
    expect(parseFrameMessage(frameSuccess('SYNC_LOCALE', 'l', { locale: 'pt-BR' }))).toMatchObject({ ok: true, payload: { locale: 'pt-BR' } })
    expect(parseFrameMessage({ id: 'l', type: 'FRAME_SYNC_LOCALE_SUCCESS', payload: { locale: '../en' } })).toBeUndefined()
    expect(parseFrameMessage({ id: 'l', type: 'FRAME_SYNC_LOCALE_SUCCESS', payload: {} })).toBeUndefined()
  })
  it('behavior: methods are safe, unsafe or disallowed; the lists do not overlap', () => {
    expect(rpcMethodKind('eth_getBalance')).toBe('safe')
    expect(rpcMethodKind('eth_sendTransaction')).toBe('unsafe')
    expect(rpcMethodKind('personal_sign')).toBe('unsafe')
    expect(rpcMethodKind('eth_sign')).toBe('disallowed')
    expect(rpcMethodKind('__proto__')).toBe('disallowed')
    expect(SAFE_RPC_METHODS.filter((m) => (UNSAFE_RPC_METHODS as readonly string[]).includes(m))).toEqual([])
  })
  it('behavior: the frame URL carries the spec §7 parameters', () => {
    const url = new URL(frameUrl({ secureSiteUrl: 'https://s.example', projectId: 'p1', chainId: 10, enableLogger: true, rpcUrl: 'http://r' }))
    expect(url.origin + url.pathname).toBe('https://s.example/frame')
    expect(Object.fromEntries(url.searchParams)).toEqual({ projectId: 'p1', chainId: '10', version: '4', enableLogger: 'true', rpcUrl: 'http://r' })
  })
  it("behavior: the frame URL carries the modal's locale, canonical; bad input: a malformed tag is left out", () => {
    const localeOf = (locale: string) => new URL(frameUrl({ secureSiteUrl: 'https://s.example', projectId: 'p1', chainId: 10, enableLogger: false, locale })).searchParams.get('locale')
    expect(localeOf('ar')).toBe('ar')
    expect(localeOf('PT-br')).toBe('pt-BR')
    expect(localeOf('<script>')).toBeNull()
    expect(localeOf('en_US')).toBeNull()
    expect(localeOf('')).toBeNull()
  })
})
