import { describe, expect, test } from 'vitest'
import { resolveFeatures } from '../services/features.ts'
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import { accountTypeMachine, accountTypeStateOf, canSwitchAccountType, type AccountTypeState, type AccountTypeUser, type EmbeddedAccountType } from './accountType.ts'
import { connectAccountType } from './accountType.connect.ts'
import { accountTypeFeature } from './accountType.feature.ts'
import type { ConnectedAccount, RootMoment } from './features.ts'
import { coordination } from '../tests/harness/coordination.ts'
import { ForeignError } from '../tests/harness/failures.ts'

/** The embedded wallet's account-type switch (spec §4 "switching to smart account"). */
const EOA = '0x' + '12'.repeat(20)
const SMART = '0x' + 'ab'.repeat(20)
const accounts = [
  { address: EOA, type: 'eoa' as const },
  { address: SMART, type: 'smartAccount' as const },
]
const account = (over: Partial<ConnectedAccount> = {}): ConnectedAccount => ({ address: EOA, caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'auth', supported: true, testnet: true, ...over })
/** The root's account moment (by default the embedded wallet's account changed: a read without a preferred type). */
const moment = (change: 'connected' | 'restored' | 'changed' | 'disconnected' | 'switched' = 'changed', a: ConnectedAccount | null = account()): RootMoment => ({
  type: 'root.account',
  change,
  account: a ?? undefined,
  holder: undefined,
})
const state = (over: Partial<AccountTypeState> = {}): AccountTypeState => ({ chainId: 31337, preferredAccountType: 'eoa', accounts, smartAccountDeployed: false, smartAccountEnabledNetworks: [31337], ...over })

function logic(read: AccountTypeState, calls: string[], setPreferred: (to: string) => Promise<AccountTypeUser>) {
  return accountTypeMachine.provide({
    actors: {
      readState: fromPromise(async () => read),
      setPreferred: fromPromise(async ({ input }: { input: { to: EmbeddedAccountType } }) => {
        calls.push(input.to)
        return setPreferred(input.to)
      }),
      watchUser: fromCallback(() => () => {}),
    },
  })
}
const switchedToSmart = async (): Promise<AccountTypeUser> => ({ address: SMART, chainId: 31337, accounts, preferredAccountType: 'smartAccount' })

function start(read: AccountTypeState, setPreferred: (to: string) => Promise<AccountTypeUser> = switchedToSmart, preferredType?: () => EmbeddedAccountType) {
  const calls: string[] = []
  const actor = createActor(
    accountTypeMachine.provide({
      actors: {
        readState: fromPromise(async () => read),
        setPreferred: fromPromise(async ({ input }: { input: { to: EmbeddedAccountType } }) => {
          calls.push(input.to)
          return setPreferred(input.to)
        }),
        watchUser: fromCallback(() => () => {}),
      },
    }),
    { input: { preferredType } },
  ).start()
  return { actor, calls }
}

describe('accountType: the rules of spec §4', () => {
  test('behavior: to the smart account only on an enabled network with a smart account and from eoa; to the EOA only from the smart account', () => {
    expect(canSwitchAccountType(state(), 'smartAccount')).toBe(true)
    expect(canSwitchAccountType(state({ smartAccountEnabledNetworks: [1] }), 'smartAccount')).toBe(false)
    expect(canSwitchAccountType(state({ accounts: [accounts[0]!] }), 'smartAccount')).toBe(false)
    expect(canSwitchAccountType(state({ preferredAccountType: 'smartAccount' }), 'smartAccount')).toBe(false)
    expect(canSwitchAccountType(state({ preferredAccountType: 'smartAccount' }), 'eoa')).toBe(true)
    expect(canSwitchAccountType(state(), 'eoa')).toBe(false)
    expect(canSwitchAccountType(undefined, 'eoa')).toBe(false)
  })

  test('behavior: the state from the frame user: CAIP chain ids, a user without accounts lists its EOA, an unknown type is eoa', () => {
    expect(accountTypeStateOf({ address: EOA, chainId: 'eip155:31337', preferredAccountType: 'banana' }, [31337])).toEqual({
      chainId: 31337,
      preferredAccountType: 'eoa',
      accounts: [{ address: EOA, type: 'eoa' }],
      smartAccountDeployed: false,
      smartAccountEnabledNetworks: [31337],
    })
  })
})

describe('accountType machine', () => {
  test('behavior: read, then a switch to the smart account: switching (busy) then ready with the new state, switched emitted', async () => {
    const { actor, calls } = start(state())
    const emitted: unknown[] = []
    actor.on('*', (e) => emitted.push(e))
    actor.send(moment())
    await waitFor(actor, (s) => s.matches('ready'))
    expect(connectAccountType(actor.getSnapshot())).toEqual({ loaded: true, shown: true, current: 'eoa', target: 'smartAccount', switching: false, deployed: false })
    actor.send({ type: 'accountType.switch', to: 'smartAccount' })
    expect(connectAccountType(actor.getSnapshot())).toMatchObject({ shown: true, switching: true, target: 'smartAccount' })
    // A read meanwhile (the connection's account changing with the switch) does not cancel it.
    actor.send(moment())
    await waitFor(actor, (s) => s.matches('ready'))
    expect(calls).toEqual(['smartAccount'])
    expect(actor.getSnapshot().context.state?.preferredAccountType).toBe('smartAccount')
    expect(emitted).toEqual([{ type: 'accountType.switched', to: 'smartAccount', applied: false }])
    expect(connectAccountType(actor.getSnapshot())).toMatchObject({ current: 'smartAccount', target: 'eoa' })
  })

  test('bad input: a switch the rules refuse is ignored (nothing asked); a refused switch keeps the state and emits failed', async () => {
    const { actor, calls } = start(state({ smartAccountEnabledNetworks: [1] }), async () => Promise.reject(new ForeignError('Smart accounts are not enabled on this network')))
    actor.send(moment())
    await waitFor(actor, (s) => s.matches('ready'))
    expect(connectAccountType(actor.getSnapshot()).shown).toBe(false)
    actor.send({ type: 'accountType.switch', to: 'smartAccount' })
    actor.send({ type: 'accountType.switch', to: 'eoa' })
    expect(actor.getSnapshot().matches('ready')).toBe(true)
    expect(calls).toEqual([])

    const failing = start(state(), async () => Promise.reject(new ForeignError('Smart accounts are not enabled on this network')))
    const emitted: unknown[] = []
    failing.actor.on('*', (e) => emitted.push(e))
    failing.actor.send(moment())
    await waitFor(failing.actor, (s) => s.matches('ready'))
    failing.actor.send({ type: 'accountType.switch', to: 'smartAccount' })
    await waitFor(failing.actor, (s) => s.matches('ready'))
    expect(failing.actor.getSnapshot().context.state).toEqual(state())
    expect(emitted).toMatchObject([{ type: 'accountType.failed', error: { message: 'Smart accounts are not enabled on this network' } }])
  })

  test('behavior: a login preferring the smart account switches once read (applied, no gesture); where the network has none it stays on the EOA', async () => {
    const { actor, calls } = start(state(), switchedToSmart, () => 'smartAccount')
    const emitted: unknown[] = []
    actor.on('*', (e) => emitted.push(e))
    actor.send(moment('connected'))
    await waitFor(actor, (s) => s.matches('ready') && s.context.state?.preferredAccountType === 'smartAccount')
    expect(calls).toEqual(['smartAccount'])
    expect(emitted).toEqual([{ type: 'accountType.switched', to: 'smartAccount', applied: true }])
    expect(actor.getSnapshot().context.applied).toBe(false)

    const none = start(state({ smartAccountEnabledNetworks: [1] }), switchedToSmart, () => 'smartAccount')
    none.actor.send(moment('connected'))
    await waitFor(none.actor, (s) => s.matches('ready'))
    expect(none.calls).toEqual([])
    expect(none.actor.getSnapshot().context).toMatchObject({ prefer: undefined, state: { preferredAccountType: 'eoa' } })
  })

  test('behavior: a read that fails offers no switch; clear forgets the state', async () => {
    const actor = createActor(accountTypeMachine.provide({ actors: { readState: fromPromise(async () => Promise.reject(new ForeignError('refused'))) } }), { input: {} }).start()
    actor.send(moment())
    await waitFor(actor, (s) => s.matches('failed'))
    expect(connectAccountType(actor.getSnapshot()).shown).toBe(false)
    actor.send(moment('disconnected', null))
    expect(actor.getSnapshot().context).toEqual({ state: undefined, target: undefined, error: undefined, prefer: undefined, applied: false, preferredType: undefined })
    expect(connectAccountType(undefined)).toMatchObject({ loaded: false, shown: false })
  })
})

describe('accountType registration and the moves of its machine', () => {
  const feature = accountTypeFeature({ enabled: true })

  test('behavior: brought by an embedded EVM account only; off without embeddedWallet', () => {
    expect(feature.wakesOn!.account!(account(), 'connected')).toBe(true)
    expect(feature.wakesOn!.account!(account(), 'restored')).toBe(true)
    expect(feature.wakesOn!.account!(account({ connectorId: 'io.metamask' }), 'connected')).toBe(false)
    expect(feature.wakesOn!.account!(account({ namespace: 'solana', caipNetworkId: 'solana:x' }), 'switched')).toBe(false)
    const facts = { view: 'Account' as const, holder: undefined, isConnecting: false, account: account(), connection: 'connection.eip155', flags: resolveFeatures({}, undefined, { basic: false }).features }
    expect(accountTypeFeature({ enabled: false }).available!(facts)).toBe(false)
  })

  test('behavior: an embedded EVM account reads the state; another account, another namespace or none clears it', async () => {
    for (const other of [moment('changed', account({ connectorId: 'io.metamask' })), moment('switched', account({ namespace: 'solana', caipNetworkId: 'solana:x' })), moment('disconnected', null)]) {
      const { actor } = start(state())
      actor.send(moment('restored'))
      await waitFor(actor, (s) => s.matches('ready'))
      actor.send(other)
      expect(actor.getSnapshot().value).toBe('idle')
      expect(actor.getSnapshot().context.state).toBeUndefined()
    }
  })

  test('behavior: a login reads with the preferred type (asked at each login: the stored choice); a restore or a change reads without', async () => {
    let stored: EmbeddedAccountType = 'smartAccount'
    const { actor } = start(state(), switchedToSmart, () => stored)
    actor.send(moment('restored'))
    expect(actor.getSnapshot().context.prefer).toBeUndefined()
    actor.send(moment('changed'))
    expect(actor.getSnapshot().context.prefer).toBeUndefined()
    actor.send(moment('connected'))
    expect(actor.getSnapshot().context.prefer).toBe('smartAccount')
    stored = 'eoa'
    actor.send(moment('connected'))
    expect(actor.getSnapshot().context.prefer).toBe('eoa')
  })

  test("behavior: outcomes of the visitor's switch are toasts (smart account, EOA, the error); the login's own switch shows none", async () => {
    const calls: string[] = []
    const s = coordination({ id: 'accountType', logic: logic(state(), calls, switchedToSmart) }, { recorders: ['toast'] })
    s.feature.send(moment())
    await waitFor(s.feature, (snapshot) => snapshot.matches('ready'))
    s.feature.send({ type: 'accountType.switch', to: 'smartAccount' })
    await waitFor(s.feature, (snapshot) => snapshot.matches('ready') && snapshot.context.state?.preferredAccountType === 'smartAccount')
    expect(s.heard).toEqual([{ to: 'toast', event: { type: 'toast.show', variant: 'success', message: { key: 'accountTypeSmartAccount' } } }])

    const toEoa = coordination(
      { id: 'accountType', logic: logic(state({ preferredAccountType: 'smartAccount' }), [], async () => ({ address: EOA, chainId: 31337, accounts, preferredAccountType: 'eoa' })) },
      { recorders: ['toast'] },
    )
    toEoa.feature.send(moment())
    await waitFor(toEoa.feature, (snapshot) => snapshot.matches('ready'))
    toEoa.feature.send({ type: 'accountType.switch', to: 'eoa' })
    await waitFor(toEoa.feature, (snapshot) => snapshot.matches('ready') && snapshot.context.state?.preferredAccountType === 'eoa')
    expect(toEoa.heard).toEqual([{ to: 'toast', event: { type: 'toast.show', variant: 'success', message: { key: 'accountTypeEoa' } } }])

    const refused = coordination({ id: 'accountType', logic: logic(state(), [], async () => Promise.reject(new ForeignError('Smart accounts are not enabled on this network'))) }, { recorders: ['toast'] })
    refused.feature.send(moment())
    await waitFor(refused.feature, (snapshot) => snapshot.matches('ready'))
    refused.feature.send({ type: 'accountType.switch', to: 'smartAccount' })
    await waitFor(refused.feature, (snapshot) => snapshot.matches('ready') && snapshot.context.error !== undefined)
    expect(refused.heard).toMatchObject([{ to: 'toast', event: { type: 'toast.show', variant: 'error', message: { key: 'failure', error: { message: 'Smart accounts are not enabled on this network' } } } }])

    const login = coordination({ id: 'accountType', logic: logic(state(), [], switchedToSmart), input: { preferredType: () => 'smartAccount' } }, { recorders: ['toast'] })
    login.feature.send(moment('connected'))
    await waitFor(login.feature, (snapshot) => snapshot.matches('ready') && snapshot.context.state?.preferredAccountType === 'smartAccount')
    expect(login.heard).toEqual([])
  })
})
