import { describe, expect, it, vi } from 'vitest'
import { appRequest } from '../../../adapters/frame.protocol.ts'
import { frameStoreKeys, FrameApiError } from './contract.ts'
import type { FrameAccountState, FrameApi } from './contract.ts'
import { createFrameHandler } from './handler.ts'

/** The frame handler's smart-account requests over a fake secure-site API. */
const dapp = 'http://127.0.0.1:5273'
const eoa = '0x1111111111111111111111111111111111111111'
const smart = '0x2222222222222222222222222222222222222222'

/** A session token as the secure site issues one: a compact JWT whose header and payload are JSON. */
const TOKEN = `${[{ alg: 'HS256', typ: 'JWT' }, { sid: 's' }].map((part) => Buffer.from(JSON.stringify(part)).toString('base64url')).join('.')}.c2ln`

type Posted = { message: { id?: string; type: string; payload?: unknown }; origin: string }

function setup(overrides: Partial<FrameApi> = {}) {
  const posted: Posted[] = []
  const parent = { postMessage: (message: unknown, origin: string) => void posted.push({ message: message as Posted['message'], origin }) }
  let state: FrameAccountState = { preferredAccountType: 'eoa', smartAccountAddress: smart, smartAccountDeployed: false, smartAccountEnabledNetworks: [31337] }
  const api: FrameApi = {
    connectEmail: vi.fn(async () => ({ action: 'VERIFY_OTP' as const })),
    connectDevice: vi.fn(async () => ({ verified: true as const, token: TOKEN })),
    connectOtp: vi.fn(async () => ({ token: TOKEN })),
    getUser: vi.fn(async () => ({ email: 'ada@example.com', address: eoa })),
    isConnected: vi.fn(async () => true),
    signOut: vi.fn(async () => undefined),
    rpc: vi.fn(async () => null),
    socialStart: vi.fn(async () => ({ uri: 'http://127.0.0.1:8900/auth' })),
    connectSocial: vi.fn(async () => ({ token: TOKEN })),
    updateEmail: vi.fn(async () => ({ action: 'VERIFY_PRIMARY_OTP' as const })),
    updateEmailPrimaryOtp: vi.fn(async () => ({ action: 'VERIFY_SECONDARY_OTP' as const })),
    updateEmailSecondaryOtp: vi.fn(async () => ({ email: 'ada@example.com' })),
    farcasterStart: vi.fn(async () => ({ url: 'farcaster://connect?channelToken=c', channelToken: 'c' })),
    connectFarcaster: vi.fn(async () => ({ state: 'pending' as const })),
    accountState: vi.fn(async () => state),
    setPreferredAccount: vi.fn(async (_token: string | undefined, { type }: { type: 'eoa' | 'smartAccount' }) => {
      state = { ...state, preferredAccountType: type }
      return state
    }),
    ...overrides,
  }
  const storage = new Map<string, string>([[frameStoreKeys.session, 'session-token']])
  const frame = createFrameHandler({
    parent,
    allowedOrigins: [dapp],
    readyOrigins: [dapp],
    api,
    store: { get: (k) => storage.get(k) ?? null, set: (k, v) => void storage.set(k, v), remove: (k) => void storage.delete(k) },
    approval: { open: async () => true, close: () => undefined, setTheme: () => undefined },
    chainId: 31337,
    chainNames: { '31337': 'Anvil Local' },
    newDeviceId: () => 'device0123456789abcdef',
    sleep: async () => undefined,
    reload: () => undefined,
  })
  const ask = async (data: unknown) => {
    frame.onMessage({ data, origin: dapp, source: parent })
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  const reply = (id: string) => posted.find((p) => p.message.id === id)?.message
  return { api, posted, ask, reply, deploy: () => void (state = { ...state, smartAccountDeployed: true }) }
}

describe('frame handler: smart accounts', () => {
  it('behavior: GET_USER lists the EOA and the smart account, the EOA active while it is preferred, with the deployment state', async () => {
    const { ask, reply, api } = setup()
    await ask(appRequest('GET_USER', 'u1', {}))
    expect(reply('u1')).toEqual({
      id: 'u1',
      type: 'FRAME_GET_USER_SUCCESS',
      payload: {
        email: 'ada@example.com',
        address: eoa,
        chainId: 31337,
        accounts: [
          { address: eoa, type: 'eoa' },
          { address: smart, type: 'smartAccount' },
        ],
        preferredAccountType: 'eoa',
        smartAccountDeployed: false,
      },
    })
    expect(api.accountState).toHaveBeenCalledWith('session-token', { chainId: 31337 })
  })

  it('behavior: SET_PREFERRED_ACCOUNT smartAccount makes the smart account the address, answered and posted as a session update; smartAccountDeployed follows the chain', async () => {
    const { ask, reply, posted, api, deploy } = setup()
    await ask(appRequest('SET_PREFERRED_ACCOUNT', 's1', { type: 'smartAccount' }))
    expect(api.setPreferredAccount).toHaveBeenCalledWith('session-token', { type: 'smartAccount', chainId: 31337 })
    expect(reply('s1')).toMatchObject({ type: 'FRAME_SET_PREFERRED_ACCOUNT_SUCCESS', payload: { address: smart, preferredAccountType: 'smartAccount', smartAccountDeployed: false } })
    expect(posted.find((p) => p.message.type === 'FRAME_SESSION_UPDATE')?.message.payload).toMatchObject({ address: smart, preferredAccountType: 'smartAccount' })
    deploy()
    await ask(appRequest('INIT_SMART_ACCOUNT', 'i1', {}))
    expect(reply('i1')).toEqual({ id: 'i1', type: 'FRAME_INIT_SMART_ACCOUNT_SUCCESS', payload: { address: smart, isDeployed: true } })
    await ask(appRequest('GET_SMART_ACCOUNT_ENABLED_NETWORKS', 'n1', {}))
    expect(reply('n1')).toEqual({ id: 'n1', type: 'FRAME_GET_SMART_ACCOUNT_ENABLED_NETWORKS_SUCCESS', payload: { smartAccountEnabledNetworks: [31337] } })
    await ask(appRequest('SET_PREFERRED_ACCOUNT', 's2', { type: 'eoa' }))
    expect(reply('s2')).toMatchObject({ payload: { address: eoa, preferredAccountType: 'eoa', smartAccountDeployed: true } })
  })

  it('behavior: after a transaction of the smart account the user goes to the dapp as a session update, deployed; an EOA transaction pushes nothing', async () => {
    const { ask, reply, posted, api, deploy } = setup({ rpc: vi.fn(async () => '0x' + 'aa'.repeat(32)) })
    const tx = { from: eoa, to: eoa, value: '0x1' }
    await ask(appRequest('RPC_REQUEST', 'e1', { method: 'eth_sendTransaction', params: [tx], chainId: 31337, chainNamespace: 'eip155' }))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(reply('e1')).toMatchObject({ type: 'FRAME_RPC_REQUEST_SUCCESS' })
    expect(posted.some((p) => p.message.type === 'FRAME_SESSION_UPDATE')).toBe(false)

    await ask(appRequest('SET_PREFERRED_ACCOUNT', 's1', { type: 'smartAccount' }))
    const updatesBefore = posted.filter((p) => p.message.type === 'FRAME_SESSION_UPDATE').length
    ;(api.rpc as ReturnType<typeof vi.fn>).mockImplementationOnce(async () => {
      deploy()
      return '0x' + 'bb'.repeat(32)
    })
    await ask(appRequest('RPC_REQUEST', 'e2', { method: 'eth_sendTransaction', params: [{ ...tx, from: smart }], chainId: 31337, chainNamespace: 'eip155' }))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(reply('e2')).toMatchObject({ type: 'FRAME_RPC_REQUEST_SUCCESS', payload: '0x' + 'bb'.repeat(32) })
    const updates = posted.filter((p) => p.message.type === 'FRAME_SESSION_UPDATE')
    expect(updates).toHaveLength(updatesBefore + 1)
    expect(updates.at(-1)!.message.payload).toMatchObject({ address: smart, preferredAccountType: 'smartAccount', smartAccountDeployed: true })
    expect(updates.at(-1)!.origin).toBe(dapp)
  })

  it('bad input: the site refusing the switch answers its words; an unknown type is dropped unanswered; no smart account on the chain: INIT_SMART_ACCOUNT refused', async () => {
    const refused = setup({ setPreferredAccount: vi.fn(async () => Promise.reject(new FrameApiError('Smart accounts are not enabled on this network'))) })
    await refused.ask(appRequest('SET_PREFERRED_ACCOUNT', 's1', { type: 'smartAccount' }))
    expect(refused.reply('s1')).toEqual({ id: 's1', type: 'FRAME_SET_PREFERRED_ACCOUNT_ERROR', payload: { message: 'Smart accounts are not enabled on this network' } })
    await refused.ask({ id: 's2', type: 'APP_SET_PREFERRED_ACCOUNT', payload: { type: 'banana' } })
    expect(refused.reply('s2')).toBeUndefined()
    expect(refused.posted.some((p) => p.message.type === 'FRAME_SESSION_UPDATE')).toBe(false)

    const none = setup({ accountState: vi.fn(async () => ({ preferredAccountType: 'eoa' as const, smartAccountDeployed: false, smartAccountEnabledNetworks: [] })) })
    await none.ask(appRequest('INIT_SMART_ACCOUNT', 'i1', {}))
    expect(none.reply('i1')).toEqual({ id: 'i1', type: 'FRAME_INIT_SMART_ACCOUNT_ERROR', payload: { message: 'Smart accounts are not enabled on this network' } })
    await none.ask(appRequest('GET_USER', 'u1', {}))
    expect(none.reply('u1')).toMatchObject({ payload: { address: eoa, accounts: [{ address: eoa, type: 'eoa' }], preferredAccountType: 'eoa' } })
  })
})
