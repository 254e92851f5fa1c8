// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import * as v from 'valibot'
import { frameError, frameSuccess } from '../adapters/frame.protocol.ts'
import { timing } from '../machines/timing.ts'
import { frameFixture } from '../tests/model/frameFixture.ts'
import { createEmbeddedWallet, embeddedStorageKeys, maxApprovalHeight } from './embedded.ts'
import { setApprovalSlot } from './approvalSlot.ts'

const user = { email: 'ada@example.com', address: '0x' + '12'.repeat(20), chainId: 31337 }

function setup(options: { debug?: boolean; onAlert?: (key: string, title: string) => void; locale?: () => string } = {}) {
  const f = frameFixture()
  const store = new Map<string, unknown>()
  const storage = {
    read: <S extends v.GenericSchema>(key: string, schema: S) => {
      const r = v.safeParse(schema, store.get(key))
      return r.success ? r.output : undefined
    },
    write: (key: string, value: unknown) => void store.set(key, value),
    remove: (key: string) => void store.delete(key),
  }
  const notAllowed = vi.fn()
  const approvals: string[] = []
  const e = createEmbeddedWallet({
    secureSiteUrl: 'https://secure.test',
    projectId: 'p',
    chainId: () => 31337,
    debug: options.debug ?? false,
    ...(options.onAlert ? { onAlert: options.onAlert } : {}),
    ...(options.locale ? { locale: options.locale } : {}),
    storage,
    metadata: { name: 'Dapp', description: '', url: 'https://dapp.test', icons: [] },
    sdkVersion: 't',
    themeMode: () => 'dark',
    onNotAllowed: notAllowed,
    onApproval: (a) => approvals.push(a.type),
    createTransport: () => f.transport,
  })
  const flush = () => vi.advanceTimersByTimeAsync(0)
  async function ready() {
    await flush()
    f.ready()
    await vi.advanceTimersByTimeAsync(timing.iframeReadyDelay)
  }
  return { f, e, store, notAllowed, approvals, flush, ready }
}

describe('embedded wallet provider', () => {
  afterEach(() => vi.useRealTimers())

  test('behavior: nothing is mounted before the first request; eth_requestAccounts loads the frame, syncs theme and dapp data, answers the user', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const s = setup()
    expect(document.querySelector('iframe[data-latchkey-frame]')).toBeNull()
    const accounts = s.e.provider.request({ method: 'eth_requestAccounts' })
    await s.ready()
    expect(s.f.requests.map((r) => r.type)).toEqual(expect.arrayContaining(['APP_SYNC_THEME', 'APP_SYNC_DAPP_DATA', 'APP_GET_USER']))
    expect(s.f.last('SYNC_THEME')!.payload).toEqual({ themeMode: 'dark' })
    s.f.succeed('GET_USER', user)
    await expect(accounts).resolves.toEqual([user.address])
    expect(s.store.get(embeddedStorageKeys.email)).toBe('ada@example.com')
    expect(await s.e.provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    s.e.destroy()
  })

  test("behavior: the modal's language changed after the frame loaded: one APP_SYNC_LOCALE per change, none for the language it loaded in", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    let locale = 'en'
    const s = setup({ locale: () => locale })
    const syncs = () => s.f.requests.filter((r) => r.type === 'APP_SYNC_LOCALE').map((r) => r.payload)
    // Before the frame exists, nothing is sent (the frame URL will carry the language).
    s.e.relocale()
    const accounts = s.e.provider.request({ method: 'eth_requestAccounts' })
    await s.ready()
    s.f.succeed('GET_USER', user)
    await accounts
    expect(syncs()).toEqual([])
    locale = 'ar'
    s.e.relocale()
    s.e.relocale()
    await s.flush()
    expect(syncs()).toEqual([{ locale: 'ar' }])
    s.f.succeed('SYNC_LOCALE', { locale: 'ar' })
    await s.flush()
    locale = 'ja'
    s.e.relocale()
    await s.flush()
    expect(syncs()).toEqual([{ locale: 'ar' }, { locale: 'ja' }])
    // A refusal (the words did not load) is tried again at the next change.
    s.f.fail('SYNC_LOCALE', { message: 'The words for ja could not be loaded' })
    await s.flush()
    s.e.relocale()
    await s.flush()
    expect(syncs()).toEqual([{ locale: 'ar' }, { locale: 'ja' }, { locale: 'ja' }])
    s.e.destroy()
  })

  test('behavior: the language changed while the frame was loading: the ready frame is told at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    let locale = 'en'
    const s = setup({ locale: () => locale })
    const accounts = s.e.provider.request({ method: 'eth_requestAccounts' })
    await s.flush()
    locale = 'he'
    s.e.relocale()
    await s.ready()
    await s.flush()
    expect(s.f.requests.filter((r) => r.type === 'APP_SYNC_LOCALE').map((r) => r.payload)).toEqual([{ locale: 'he' }])
    s.f.succeed('GET_USER', user)
    await accounts
    s.e.destroy()
  })

  test('behavior: a refusal "JWT Token is not yet valid" raises the Session Expired alert once (debug mode) and still rejects', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const alerts: string[] = []
    const s = setup({ debug: true, onAlert: (key, title) => alerts.push(`${key}: ${title}`) })
    for (let i = 0; i < 2; i++) {
      const accounts = s.e.provider.request({ method: 'eth_requestAccounts' })
      if (i === 0) await s.ready()
      await s.flush()
      s.f.fail('GET_USER', { message: 'JWT validation error: JWT Token is not yet valid' })
      await expect(accounts).rejects.toThrow()
    }
    expect(alerts).toEqual(['SESSION_EXPIRED: Session Expired - JWT not yet valid: check the time settings of your device'])
    // Another refusal raises nothing.
    const other = s.e.provider.request({ method: 'eth_requestAccounts' })
    await s.flush()
    s.f.fail('GET_USER', { message: 'Invalid code' })
    await expect(other).rejects.toThrow()
    expect(alerts).toHaveLength(1)
    s.e.destroy()
  })

  test('spec §8 provider error mapping: "Unauthorized: origin not allowed" and "Unauthorized: invalid key" raise Invalid App Configuration once each (debug mode) and still reject', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const alerts: string[] = []
    const s = setup({ debug: true, onAlert: (key, title) => alerts.push(`${key}: ${title}`) })
    const refusals = ['Unauthorized: origin not allowed', 'Unauthorized: invalid key', 'Unauthorized: origin not allowed', 'Unauthorized: invalid key']
    for (const [i, message] of refusals.entries()) {
      const accounts = s.e.provider.request({ method: 'eth_requestAccounts' })
      if (i === 0) await s.ready()
      await s.flush()
      s.f.fail('GET_USER', { message })
      await expect(accounts).rejects.toThrow(message)
    }
    expect(alerts).toEqual([
      "ORIGIN_NOT_ALLOWED: Invalid App Configuration - Origin not allowed: add this origin to the project's allowlist in the dashboard",
      'INVALID_PROJECT_ID: Invalid App Configuration - Invalid project id: check options.projectId against the dashboard',
    ])
    s.e.destroy()
  })

  test('behavior: outside debug mode the provider errors raise no alert', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const alerts: string[] = []
    const s = setup({ debug: false, onAlert: (key) => alerts.push(key) })
    const accounts = s.e.provider.request({ method: 'eth_requestAccounts' })
    await s.ready()
    await s.flush()
    s.f.fail('GET_USER', { message: 'Unauthorized: invalid key' })
    await expect(accounts).rejects.toThrow('Unauthorized: invalid key')
    expect(alerts).toEqual([])
    s.e.destroy()
  })

  test('behavior: eth_accounts with no session in the frame clears the login cache and answers []', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const s = setup()
    s.store.set(embeddedStorageKeys.email, 'old@example.com')
    s.store.set(embeddedStorageKeys.lastUsedChain, 1)
    const accounts = s.e.provider.request({ method: 'eth_accounts' })
    await s.ready()
    s.f.succeed('IS_CONNECTED', { isConnected: false })
    await expect(accounts).resolves.toEqual([])
    expect(s.store.has(embeddedStorageKeys.email)).toBe(false)
    expect(s.store.has(embeddedStorageKeys.lastUsedChain)).toBe(false)
    s.e.destroy()
  })

  test('behavior: an unsafe request waits for the frame; a rejection there is a 4001; a disallowed one never reaches the frame', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const s = setup()
    const signing = s.e.provider.request({ method: 'personal_sign', params: ['0x68', user.address] })
    await s.ready()
    await s.flush()
    const r = s.f.last('RPC_REQUEST')!
    expect(r.payload).toMatchObject({ method: 'personal_sign', chainNamespace: 'eip155', chainId: 31337 })
    expect(s.approvals).toEqual(['requested'])
    s.f.say(frameError('RPC_REQUEST', r.id, { message: 'User rejected the request' }))
    await expect(signing).rejects.toMatchObject({ code: 4001 })
    expect(s.approvals).toEqual(['requested', 'failed'])
    const before = s.f.requests.length
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    await expect(s.e.provider.request({ method: 'eth_sign', params: [] })).rejects.toThrow('Requested RPC call is not allowed')
    await vi.advanceTimersByTimeAsync(timing.actionNotAllowedDelay)
    expect(s.notAllowed).toHaveBeenCalledWith('eth_sign')
    expect(errors).toHaveBeenCalledWith('Requested RPC call is not allowed')
    expect(s.f.requests.length).toBe(before)
    errors.mockRestore()
    s.e.destroy()
  })

  test("spec §8 wallet code 5000: a frame failure without a code of its own reaches the dapp as code 5000 with the frame's words, not as a rejection", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const s = setup()
    const signing = s.e.provider.request({ method: 'personal_sign', params: ['0x68', user.address] })
    await s.ready()
    await s.flush()
    s.f.say(frameError('RPC_REQUEST', s.f.last('RPC_REQUEST')!.id, { message: 'Insufficient funds for gas' }))
    await expect(signing).rejects.toMatchObject({ name: 'UnknownProviderError', code: 5000, shortMessage: 'Insufficient funds for gas' })
    const blank = s.e.provider.request({ method: 'eth_sendTransaction', params: [{}] })
    await s.flush()
    s.f.say(frameError('RPC_REQUEST', s.f.last('RPC_REQUEST')!.id, { message: ' ' }))
    await expect(blank).rejects.toMatchObject({ code: 5000, shortMessage: 'An error occurred' })
    expect(s.approvals).toEqual(['requested', 'failed', 'requested', 'failed'])
    s.e.destroy()
  })

  test("behavior: a frame refusal with the secure site's code (4200, 5740) reaches the dapp with that code and the frame's words", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const s = setup()
    const batch = s.e.provider.request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', calls: [] }] })
    await s.ready()
    await s.flush()
    s.f.say(frameError('RPC_REQUEST', s.f.last('RPC_REQUEST')!.id, { message: 'A batch holds at most 10 calls', code: 5740 }))
    await expect(batch).rejects.toMatchObject({ name: 'ProviderRpcError', code: 5740, shortMessage: 'A batch holds at most 10 calls' })
    const capabilities = s.e.provider.request({ method: 'wallet_getCapabilities', params: [user.address] })
    await s.flush()
    s.f.say(frameError('RPC_REQUEST', s.f.last('RPC_REQUEST')!.id, { message: 'Method not supported by the embedded wallet', code: 4200 }))
    await expect(capabilities).rejects.toMatchObject({ code: 4200, shortMessage: 'Method not supported by the embedded wallet' })
    s.e.destroy()
  })

  test('behavior: an approved request answers its result and reports success; closing the modal rejects a pending approval', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const s = setup()
    const signing = s.e.provider.request({ method: 'personal_sign', params: ['0x68', user.address] })
    await s.ready()
    await s.flush()
    s.f.say(frameSuccess('RPC_REQUEST', s.f.last('RPC_REQUEST')!.id, '0xsig'))
    await expect(signing).resolves.toBe('0xsig')
    expect(s.approvals).toEqual(['requested', 'approved'])
    const pending = s.e.provider.request({ method: 'eth_sendTransaction', params: [{}] })
    await s.flush()
    s.e.modalClosed()
    await expect(pending).rejects.toMatchObject({ code: 4001 })
    expect(s.f.requests.at(-1)).toMatchObject({ type: 'APP_RPC_ABORT' })
    s.e.destroy()
  })

  test('behavior: sign out asks the frame, gives up after 3 s, and clears the stored email, chain and social keys (the last login time stays)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const s = setup()
    for (const key of Object.values(embeddedStorageKeys)) s.store.set(key, key === 'last_used_chain' ? 1 : 'x')
    const out = s.e.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    await s.ready()
    await s.flush()
    expect(s.f.last('SIGN_OUT')).toBeDefined()
    await vi.advanceTimersByTimeAsync(timing.disconnectWait)
    await expect(out).resolves.toBeNull()
    expect([...s.store.keys()]).toEqual([embeddedStorageKeys.lastEmailLoginTime])
    s.e.destroy()
  })

  test('security: look-alike messages from another origin change nothing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const s = setup()
    const accounts = s.e.provider.request({ method: 'eth_requestAccounts' })
    await s.ready()
    const id = s.f.last('GET_USER')!.id
    const settled = vi.fn()
    accounts.then(settled, settled)
    window.dispatchEvent(new MessageEvent('message', { data: frameSuccess('GET_USER', id, { ...user, address: '0x' + 'ee'.repeat(20) }), origin: 'https://evil.test', source: window }))
    await s.flush()
    expect(settled).not.toHaveBeenCalled()
    s.f.succeed('GET_USER', user)
    await expect(accounts).resolves.toEqual([user.address])
    s.e.destroy()
  })

  test("behavior: the frame's content height sizes ApproveTransaction's body (capped); heights of other ids, bad ones and after close change nothing", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const s = setup()
    const signing = s.e.provider.request({ method: 'personal_sign', params: ['0x6869', user.address] }).catch((e: unknown) => e)
    await s.ready()
    const slot = document.createElement('div')
    setApprovalSlot(slot)
    const height = () => slot.style.getPropertyValue('--lk-approval-height')
    s.f.say({ type: 'FRAME_APPROVAL_HEIGHT', payload: { id: 'approval-1', height: 250 } })
    expect(height()).toBe('')
    s.f.say({ type: 'FRAME_RPC_APPROVAL_OPEN', payload: { id: 'approval-1' } })
    s.f.say({ type: 'FRAME_APPROVAL_HEIGHT', payload: { id: 'approval-1', height: 252 } })
    expect(height()).toBe('252px')
    s.f.say({ type: 'FRAME_APPROVAL_HEIGHT', payload: { id: 'other', height: 400 } })
    for (const bad of [-5, 12, 1.5, 1e6, '300', null]) s.f.say({ type: 'FRAME_APPROVAL_HEIGHT', payload: { id: 'approval-1', height: bad } })
    expect(height()).toBe('252px')
    s.f.say({ type: 'FRAME_APPROVAL_HEIGHT', payload: { id: 'approval-1', height: 900 } })
    expect(height()).toBe(`${maxApprovalHeight}px`)
    s.f.say({ type: 'FRAME_RPC_APPROVAL_CLOSED', payload: { id: 'approval-1' } })
    s.f.say({ type: 'FRAME_RPC_APPROVAL_OPEN', payload: { id: 'approval-2' } })
    expect(height()).toBe('')
    setApprovalSlot(null)
    s.e.destroy()
    void signing
  })

  test("behavior: the frame's approval shows over ApproveTransaction's slot (no backdrop), centred over a dimmed page without one, hidden after", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const s = setup()
    const signing = s.e.provider.request({ method: 'personal_sign', params: ['0x6869', user.address] }).catch((e: unknown) => e)
    await s.ready()
    const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-latchkey-frame]')!
    const backdrop = document.querySelector<HTMLElement>('[data-latchkey-frame-backdrop]')!
    const slot = document.createElement('div')
    slot.getBoundingClientRect = () => ({ top: 120, left: 40, width: 360, height: 320, right: 400, bottom: 440, x: 40, y: 120, toJSON: () => ({}) })
    setApprovalSlot(slot)
    s.f.say({ type: 'FRAME_RPC_APPROVAL_OPEN', payload: { id: 'approval-1' } })
    expect([iframe.style.top, iframe.style.left, iframe.style.width, iframe.style.height, iframe.style.opacity]).toEqual(['120px', '40px', '360px', '320px', '1'])
    expect(backdrop.style.display).toBe('none')
    expect(iframe.style.zIndex).toBe('999999')
    setApprovalSlot(null)
    expect(backdrop.style.display).toBe('block')
    expect(iframe.style.opacity).toBe('1')
    s.f.say({ type: 'FRAME_RPC_APPROVAL_CLOSED', payload: { id: 'approval-1' } })
    expect(iframe.style.opacity).toBe('0')
    expect(backdrop.style.display).toBe('none')
    s.e.destroy()
    void signing
  })
})
