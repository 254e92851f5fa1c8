import { describe, expect, test } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import { accountTypeMachine, accountTypeStateOf, canSwitchAccountType, type AccountTypeState, type AccountTypeUser, type EmbeddedAccountType } from './accountType.ts'
import { connectAccountType } from './accountType.connect.ts'
import { accountTypeFeature } from './accountType.feature.ts'
import type { ConnectedAccount, FeatureFacts } from './features.ts'

/** The embedded wallet's account-type switch (spec §4 "switching to smart account"). */
const EOA = '0x' + '12'.repeat(20)
const SMART = '0x' + 'ab'.repeat(20)
const accounts = [
  { address: EOA, type: 'eoa' as const },
  { address: SMART, type: 'smartAccount' as const },
]
const state = (over: Partial<AccountTypeState> = {}): AccountTypeState => ({ chainId: 31337, preferredAccountType: 'eoa', accounts, smartAccountDeployed: false, smartAccountEnabledNetworks: [31337], ...over })

function start(read: AccountTypeState, setPreferred: (to: string) => Promise<AccountTypeUser> = async () => ({ address: SMART, chainId: 31337, accounts, preferredAccountType: 'smartAccount' })) {
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
    actor.send({ type: 'accountType.read' })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(connectAccountType(actor.getSnapshot())).toEqual({ loaded: true, shown: true, current: 'eoa', target: 'smartAccount', switching: false, deployed: false })
    actor.send({ type: 'accountType.switch', to: 'smartAccount' })
    expect(connectAccountType(actor.getSnapshot())).toMatchObject({ shown: true, switching: true, target: 'smartAccount' })
    // A read meanwhile (the connection's account changing with the switch) does not cancel it.
    actor.send({ type: 'accountType.read' })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(calls).toEqual(['smartAccount'])
    expect(actor.getSnapshot().context.state?.preferredAccountType).toBe('smartAccount')
    expect(emitted).toEqual([{ type: 'accountType.switched', to: 'smartAccount', applied: false }])
    expect(connectAccountType(actor.getSnapshot())).toMatchObject({ current: 'smartAccount', target: 'eoa' })
  })

  test('bad input: a switch the rules refuse is ignored (nothing asked); a refused switch keeps the state and emits failed', async () => {
    const { actor, calls } = start(state({ smartAccountEnabledNetworks: [1] }), async () => Promise.reject(new Error('Smart accounts are not enabled on this network')))
    actor.send({ type: 'accountType.read' })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(connectAccountType(actor.getSnapshot()).shown).toBe(false)
    actor.send({ type: 'accountType.switch', to: 'smartAccount' })
    actor.send({ type: 'accountType.switch', to: 'eoa' })
    expect(actor.getSnapshot().matches('ready')).toBe(true)
    expect(calls).toEqual([])

    const failing = start(state(), async () => Promise.reject(new Error('Smart accounts are not enabled on this network')))
    const emitted: unknown[] = []
    failing.actor.on('*', (e) => emitted.push(e))
    failing.actor.send({ type: 'accountType.read' })
    await waitFor(failing.actor, (s) => s.matches('ready'))
    failing.actor.send({ type: 'accountType.switch', to: 'smartAccount' })
    await waitFor(failing.actor, (s) => s.matches('ready'))
    expect(failing.actor.getSnapshot().context.state).toEqual(state())
    expect(emitted).toMatchObject([{ type: 'accountType.failed', error: { message: 'Smart accounts are not enabled on this network' } }])
  })

  test('behavior: a login preferring the smart account switches once read (applied, no gesture); where the network has none it stays on the EOA', async () => {
    const { actor, calls } = start(state())
    const emitted: unknown[] = []
    actor.on('*', (e) => emitted.push(e))
    actor.send({ type: 'accountType.read', prefer: 'smartAccount' })
    await waitFor(actor, (s) => s.matches('ready') && s.context.state?.preferredAccountType === 'smartAccount')
    expect(calls).toEqual(['smartAccount'])
    expect(emitted).toEqual([{ type: 'accountType.switched', to: 'smartAccount', applied: true }])
    expect(actor.getSnapshot().context.applied).toBe(false)

    const none = start(state({ smartAccountEnabledNetworks: [1] }))
    none.actor.send({ type: 'accountType.read', prefer: 'smartAccount' })
    await waitFor(none.actor, (s) => s.matches('ready'))
    expect(none.calls).toEqual([])
    expect(none.actor.getSnapshot().context).toMatchObject({ prefer: undefined, state: { preferredAccountType: 'eoa' } })
  })

  test('behavior: a read that fails offers no switch; clear forgets the state', async () => {
    const actor = createActor(accountTypeMachine.provide({ actors: { readState: fromPromise(async () => Promise.reject(new Error('refused'))) } })).start()
    actor.send({ type: 'accountType.read' })
    await waitFor(actor, (s) => s.matches('failed'))
    expect(connectAccountType(actor.getSnapshot()).shown).toBe(false)
    actor.send({ type: 'accountType.clear' })
    expect(actor.getSnapshot().context).toEqual({ state: undefined, target: undefined, error: undefined, prefer: undefined, applied: false })
    expect(connectAccountType(undefined)).toMatchObject({ loaded: false, shown: false })
  })
})

describe('accountType registration', () => {
  const account = (over: Partial<ConnectedAccount> = {}): ConnectedAccount => ({ address: EOA, caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'auth', supported: true, testnet: true, ...over })
  const facts = (a: ConnectedAccount | undefined) => ({ account: a }) as unknown as FeatureFacts
  const feature = accountTypeFeature({ enabled: true })

  test('behavior: an embedded EVM account spawns it and reads the state; another account or none clears it; off without embeddedWallet', () => {
    expect(feature.on!.account!(facts(account()), 'connected')).toEqual([{ to: 'self', event: { type: 'accountType.read' }, ensure: true }])
    expect(feature.on!.account!(facts(account({ connectorId: 'io.metamask' })), 'changed')).toEqual([{ to: 'self', event: { type: 'accountType.clear' }, ensure: false }])
    expect(feature.on!.account!(facts(account({ namespace: 'solana', caipNetworkId: 'solana:x' })), 'switched')).toEqual([{ to: 'self', event: { type: 'accountType.clear' }, ensure: false }])
    expect(feature.on!.account!(facts(undefined), 'disconnected')).toEqual([{ to: 'self', event: { type: 'accountType.clear' }, ensure: false }])
    expect(accountTypeFeature({ enabled: false }).available!(facts(account()))).toBe(false)
  })

  test('behavior: a login reads with the preferred type (stored choice or default); a restore or a change reads without', () => {
    let stored: 'eoa' | 'smartAccount' = 'smartAccount'
    const withDefault = accountTypeFeature({ enabled: true, preferredType: () => stored })
    expect(withDefault.on!.account!(facts(account()), 'connected')).toEqual([{ to: 'self', event: { type: 'accountType.read', prefer: 'smartAccount' }, ensure: true }])
    expect(withDefault.on!.account!(facts(account()), 'restored')).toEqual([{ to: 'self', event: { type: 'accountType.read' }, ensure: true }])
    expect(withDefault.on!.account!(facts(account()), 'changed')).toEqual([{ to: 'self', event: { type: 'accountType.read' }, ensure: true }])
    stored = 'eoa'
    expect(withDefault.on!.account!(facts(account()), 'connected')).toEqual([{ to: 'self', event: { type: 'accountType.read', prefer: 'eoa' }, ensure: true }])
  })

  test('behavior: the switch gesture goes to the machine for an embedded account only; outcomes are toasts', () => {
    const gesture = { type: 'accountType.switch', to: 'smartAccount' }
    expect(feature.on!.gesture!(facts(account()), gesture)).toEqual([{ to: 'self', event: gesture, ensure: true }])
    expect(feature.on!.gesture!(facts(account({ connectorId: 'io.metamask' })), gesture)).toEqual([])
    expect(feature.on!.emitted!(facts(account()), { type: 'accountType.switched', to: 'smartAccount', applied: false })).toEqual([
      { to: 'toast', event: { type: 'toast.show', variant: 'success', message: { key: 'accountTypeSmartAccount' } } },
    ])
    expect(feature.on!.emitted!(facts(account()), { type: 'accountType.switched', to: 'eoa', applied: false })).toEqual([
      { to: 'toast', event: { type: 'toast.show', variant: 'success', message: { key: 'accountTypeEoa' } } },
    ])
    const error = { name: 'FrameReplyError', message: 'Smart accounts are not enabled on this network' }
    expect(feature.on!.emitted!(facts(account()), { type: 'accountType.failed', error, applied: false })).toEqual([{ to: 'toast', event: { type: 'toast.show', variant: 'error', message: { key: 'failure', error } } }])
    // The login's preferred type applied by itself: no toast either way.
    expect(feature.on!.emitted!(facts(account()), { type: 'accountType.switched', to: 'smartAccount', applied: true })).toEqual([])
    expect(feature.on!.emitted!(facts(account()), { type: 'accountType.failed', error, applied: true })).toEqual([])
  })
})
