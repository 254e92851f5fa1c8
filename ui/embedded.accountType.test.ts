// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import * as v from 'valibot'
import { createActor, toPromise } from 'xstate'
import { timing } from '../machines/timing.ts'
import { frameFixture } from '../tests/model/frameFixture.ts'
import { canSwitchToSmartAccount, createEmbeddedWallet, preferredAccountTypesKey } from './embedded.ts'

/** Switching the embedded wallet between its EOA and its smart account (spec §4 rules). */
const eoa = '0x' + '12'.repeat(20)
const smart = '0x' + '34'.repeat(20)
const accounts = [
  { address: eoa, type: 'eoa' as const },
  { address: smart, type: 'smartAccount' as const },
]
const eoaUser = { email: 'ada@example.com', address: eoa, chainId: 31337, accounts, preferredAccountType: 'eoa', smartAccountDeployed: false }
const smartUser = { ...eoaUser, address: smart, preferredAccountType: 'smartAccount' }

/** An embedded wallet on its frame fixture, nobody signed in yet. */
function created() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  const f = frameFixture()
  const store = new Map<string, unknown>([[preferredAccountTypesKey, { solana: 'eoa' }]])
  const storage = {
    read: <S extends v.GenericSchema>(key: string, schema: S) => {
      const r = v.safeParse(schema, store.get(key))
      return r.success ? r.output : undefined
    },
    write: (key: string, value: unknown) => void store.set(key, value),
    remove: (key: string) => void store.delete(key),
  }
  const e = createEmbeddedWallet({
    secureSiteUrl: 'https://secure.test',
    projectId: 'p',
    chainId: () => 31337,
    debug: false,
    storage,
    metadata: { name: 'Dapp', description: '', url: 'https://dapp.test', icons: [] },
    sdkVersion: 't',
    themeMode: () => 'dark',
    onNotAllowed: vi.fn(),
    onApproval: vi.fn(),
    createTransport: () => f.transport,
  })
  return { f, e, store }
}

async function signedIn() {
  const { f, e, store } = created()
  const login = e.provider.request({ method: 'eth_requestAccounts' })
  await vi.advanceTimersByTimeAsync(0)
  f.ready()
  await vi.advanceTimersByTimeAsync(timing.iframeReadyDelay)
  f.succeed('GET_USER', eoaUser)
  await login
  const changed: unknown[] = []
  e.provider.on?.('accountsChanged', (a) => changed.push(a))
  const flush = () => vi.advanceTimersByTimeAsync(0)
  return { f, e, store, changed, flush }
}

describe('embedded wallet: account type', () => {
  afterEach(() => vi.useRealTimers())

  test('behavior: canSwitchToSmartAccount only for an enabled network and a current eoa', () => {
    expect(canSwitchToSmartAccount({ enabledNetworks: [31337], chainId: 31337, currentType: 'eoa' })).toBe(true)
    expect(canSwitchToSmartAccount({ enabledNetworks: [31337], chainId: 31337, currentType: undefined })).toBe(true)
    expect(canSwitchToSmartAccount({ enabledNetworks: [1], chainId: 31337, currentType: 'eoa' })).toBe(false)
    expect(canSwitchToSmartAccount({ enabledNetworks: [31337], chainId: 31337, currentType: 'smartAccount' })).toBe(false)
  })

  test('behavior: to the smart account on an enabled network: the frame switches, the address changes, the type is stored for eip155; back to eoa without asking the networks', async () => {
    const s = await signedIn()
    const switching = s.e.setPreferredAccountType('smartAccount')
    await s.flush()
    s.f.succeed('GET_SMART_ACCOUNT_ENABLED_NETWORKS', { smartAccountEnabledNetworks: [31337] })
    await s.flush()
    expect(s.f.last('SET_PREFERRED_ACCOUNT')?.payload).toEqual({ type: 'smartAccount' })
    s.f.succeed('SET_PREFERRED_ACCOUNT', smartUser)
    await expect(switching).resolves.toMatchObject({ address: smart })
    expect(s.changed).toEqual([[smart]])
    expect(await s.e.provider.request({ method: 'eth_accounts' })).toEqual([smart])
    expect(s.store.get(preferredAccountTypesKey)).toEqual({ solana: 'eoa', eip155: 'smartAccount' })

    const asked = s.f.requests.filter((r) => r.type === 'APP_GET_SMART_ACCOUNT_ENABLED_NETWORKS').length
    const back = s.e.setPreferredAccountType('eoa')
    await s.flush()
    s.f.succeed('SET_PREFERRED_ACCOUNT', eoaUser)
    await expect(back).resolves.toMatchObject({ address: eoa })
    expect(s.f.requests.filter((r) => r.type === 'APP_GET_SMART_ACCOUNT_ENABLED_NETWORKS').length).toBe(asked)
    expect(s.changed).toEqual([[smart], [eoa]])
    expect(s.store.get(preferredAccountTypesKey)).toEqual({ solana: 'eoa', eip155: 'eoa' })
    s.e.destroy()
  })

  test('spec §3: the smart-account-enabled networks the frame reports are stored; a reconnect whose frame does not answer them reads the stored list', async () => {
    const s = await signedIn()
    const switching = s.e.setPreferredAccountType('smartAccount')
    await s.flush()
    s.f.succeed('GET_SMART_ACCOUNT_ENABLED_NETWORKS', { smartAccountEnabledNetworks: [31337, 8453] })
    await s.flush()
    expect(s.store.get('smart_account_enabled_networks')).toEqual([31337, 8453])
    s.f.succeed('SET_PREFERRED_ACCOUNT', smartUser)
    await switching

    // The account-type state read on a reconnect: the frame answers the list, which is stored again.
    const read = () => toPromise(createActor(s.e.accountTypeActors.readState).start())
    const answered = read()
    await s.flush()
    s.f.succeed('GET_USER', smartUser)
    await s.flush()
    s.f.succeed('GET_SMART_ACCOUNT_ENABLED_NETWORKS', { smartAccountEnabledNetworks: [31337] })
    await expect(answered).resolves.toMatchObject({ smartAccountEnabledNetworks: [31337], preferredAccountType: 'smartAccount' })
    expect(s.store.get('smart_account_enabled_networks')).toEqual([31337])

    // The frame fails the list: the stored one stands in.
    const fallback = read()
    await s.flush()
    s.f.succeed('GET_USER', smartUser)
    await s.flush()
    s.f.fail('GET_SMART_ACCOUNT_ENABLED_NETWORKS', { message: 'Too many requests' })
    await expect(fallback).resolves.toMatchObject({ smartAccountEnabledNetworks: [31337] })

    // Nothing (valid) stored: the frame's failure is the read's.
    s.store.set('smart_account_enabled_networks', ['31337'])
    const failing = read()
    const caught = failing.catch((error: { shortMessage: string }) => error.shortMessage)
    await s.flush()
    s.f.succeed('GET_USER', smartUser)
    await s.flush()
    s.f.fail('GET_SMART_ACCOUNT_ENABLED_NETWORKS', { message: 'Too many requests' })
    expect(await caught).toBe('Too many requests')
    s.e.destroy()
  })

  test("bad input: with nobody signed in, either switch is 'Address or auth connector not found' (spec §8) and the frame is not asked", async () => {
    const s = created()
    for (const type of ['smartAccount', 'eoa'] as const) {
      await expect(s.e.setPreferredAccountType(type)).rejects.toMatchObject({ name: 'AccountTypeSwitchError', shortMessage: 'Address or auth connector not found' })
    }
    expect(s.f.requests).toEqual([])
    expect(s.store.get(preferredAccountTypesKey)).toEqual({ solana: 'eoa' })
    s.e.destroy()
  })

  test('bad input: a network without smart accounts, or the smart account already in use, is refused before the frame is asked to switch', async () => {
    const s = await signedIn()
    const refused = s.e.setPreferredAccountType('smartAccount')
    const caught = refused.catch((error: { shortMessage: string }) => error.shortMessage)
    await s.flush()
    s.f.succeed('GET_SMART_ACCOUNT_ENABLED_NETWORKS', { smartAccountEnabledNetworks: [1] })
    expect(await caught).toBe('Smart accounts are not enabled on this network')
    expect(s.f.last('SET_PREFERRED_ACCOUNT')).toBeUndefined()

    const ok = s.e.setPreferredAccountType('smartAccount')
    await s.flush()
    s.f.succeed('GET_SMART_ACCOUNT_ENABLED_NETWORKS', { smartAccountEnabledNetworks: [31337] })
    await s.flush()
    s.f.succeed('SET_PREFERRED_ACCOUNT', smartUser)
    await ok
    const sent = s.f.requests.length
    await expect(s.e.setPreferredAccountType('smartAccount')).rejects.toThrow('The smart account is already in use')
    expect(s.f.requests.length).toBe(sent)
    expect(s.changed).toEqual([[smart]])
    s.e.destroy()
  })
})
