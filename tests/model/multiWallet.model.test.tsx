import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { fromCallback, fromPromise } from 'xstate'
import { connectMultiWallet, switcherRows } from '../../machines/multiWallet.connect.ts'
import { multiWalletMachine, type MultiWalletInput, type VerifiedConnection, type WatchConnectionsEvent } from '../../machines/multiWallet.ts'
import { timing } from '../../machines/timing.ts'
import { walletBalanceMachine } from '../../machines/walletBalance.ts'
import { walletNameMachine } from '../../machines/walletName.ts'
import { coordination } from '../harness/coordination.ts'
import { deferred, type Deferred } from '../harness/deferred.ts'
import { buildModelPaths, coverageReport, delayedEvents, formatCoverage, stateKey, type ModelPath } from './coverage.ts'
import { ForeignError } from '../harness/failures.ts'

/**
 * Model-based test of the multi-wallet list (spec §6): every state and transition of the production chart, walked as
 * the root runs the feature (a child beside a recorder standing for `connection.eip155`). The moments are the root's
 * (a wallet connected, its account changed, the active one ended, another namespace active), the gestures the
 * switcher's and the public API's (switch, remove, an unknown id), the held wallets' own events come from the watcher
 * the machine feeds (a non-active wallet's accountsChanged and disconnect), and the wallets' answers (the restore's
 * check, the revoke) are played by the test, or never come (the clock ends the wait). The switcher's balance rows read
 * at once (their own chart is walked in `walletBalance.model.test.tsx`).
 *
 * After each step: exactly one connection is active while holding or switching; a switch tells the connection
 * `connection.switch`, the active one's end with others held `connection.restore` of the most recent other, a removal
 * of the active one `connection.disconnect`; the watcher follows exactly the non-active connections.
 */
type E = { type: string; [k: string]: unknown }
const [A, B, C] = ['0x' + 'a1'.repeat(20), '0x' + 'b2'.repeat(20), '0x' + 'c3'.repeat(20)]
/** An account moment's account; `accounts`: every account its wallet gave (several accounts inside one wallet). */
const account = (connectorId: string, address: string, accounts?: string[]) => ({
  address,
  ...(accounts ? { accounts } : {}),
  caipNetworkId: 'eip155:31337',
  namespace: 'eip155',
  connectorId,
  supported: true,
  testnet: true,
})
/** An address no wallet gave. */
const STRANGER = `0x${'de'.repeat(20)}`
const connected = (connectorId: string, address: string): E => ({ type: 'root.account', change: 'connected', account: account(connectorId, address), holder: undefined, connection: 'connection.eip155' })
const changed = (connectorId: string, address: string): E => ({ type: 'root.account', change: 'changed', account: account(connectorId, address), holder: undefined, connection: 'connection.eip155' })
const ended: E = { type: 'root.account', change: 'disconnected', account: undefined, holder: undefined, connection: 'connection.eip155', reason: 'wallet' }
/** The visitor's Disconnect (Account's button, `disconnect()`), or the connection's end after the list removed the active one. */
const endedByVisitor: E = { ...ended, reason: 'user' }
/** The stored active wallet's silent restore failed (at load: it is gone). */
const restoreFailed: E = { ...ended, reason: 'restoreFailed' }
const endings = [ended, endedByVisitor, restoreFailed]
const awayToSolana: E = { type: 'root.account', change: 'switched', account: undefined, holder: undefined, connection: 'connection.solana' }

/** The events of a fixture: `several`, a wallet that gave two accounts, adds the switches that name an account. */
const eventsOf = (fixture: { several?: boolean }) => (snapshot: any) => events(snapshot, fixture.several === true)

function events(snapshot: any, several: boolean): E[] {
  const list = connectMultiWallet(snapshot, 'eip155')
  const out: E[] = [connected('a', A!), connected('b', B!), ...endings, awayToSolana, { type: 'multiWallet.switch', connectionId: 'eip155:unknown' }]
  const active = list.connections.find((c) => c.active)
  if (active) out.push(changed(active.connectorId, active.address === A ? C! : A!))
  for (const c of list.connections) {
    out.push({ type: 'multiWallet.switch', connectionId: c.id }, { type: 'multiWallet.remove', connectionId: c.id })
    // Several accounts inside one wallet: a row per account; a switch names the account (an address it never gave: nothing).
    if (several && c.accounts.length > 1) out.push({ type: 'multiWallet.switch', connectionId: c.id, address: c.accounts[1] }, { type: 'multiWallet.switch', connectionId: c.id, address: STRANGER })
    if (!c.active)
      out.push(
        { type: 'multiWallet.walletAccounts', connectionId: c.id, accounts: [C] },
        { type: 'multiWallet.walletAccounts', connectionId: c.id, accounts: [] },
        { type: 'multiWallet.walletChain', connectionId: c.id, caipNetworkId: 'eip155:31338' },
        { type: 'multiWallet.walletGone', connectionId: c.id },
      )
  }
  if (snapshot.matches({ restore: 'verifying' }))
    out.push({ type: 'xstate.done.actor.verify', output: [{ id: 'eip155:b', caipNetworkId: 'eip155:31338' }] }, { type: 'xstate.error.actor.verify', error: new ForeignError('wallet gone') })
  if (snapshot.matches({ list: 'removing' })) out.push({ type: 'xstate.done.actor.revoke' }, { type: 'xstate.error.actor.revoke', error: new ForeignError('unsupported') })
  if (snapshot.matches({ list: 'disconnectingAll' })) out.push({ type: 'xstate.done.actor.revokeAll' }, { type: 'xstate.error.actor.revokeAll', error: new ForeignError('unsupported') })
  return [...out, ...delayedEvents(snapshot)]
}
const serialize = (s: any) =>
  JSON.stringify({
    v: s.value,
    ns: s.context.namespace ?? null,
    l: Object.entries(s.context.lists as Record<string, { connections: { id: string; accounts: string[]; caipNetworkId?: string }[]; activeId?: string }>).map(([ns, l]) => [
      ns,
      l.activeId ?? null,
      l.connections.map((c) => `${c.id}/${c.accounts.join(',')}/${c.caipNetworkId ?? ''}`).sort(),
    ]),
  })

const stored: MultiWalletInput = {
  stored: {
    eip155: {
      connections: [
        { connectorId: 'b', accounts: [B!] },
        { connectorId: 'a', accounts: [A!] },
      ],
      activeConnectorId: 'a',
    },
  },
}
const fixtures = [
  { name: 'fresh visitor', input: {} as MultiWalletInput },
  { name: 'a reload with two stored wallets', input: stored },
  // The stored active wallet's restore failed at load: the list is brought by that moment, the others held, none active.
  { name: 'a reload whose active wallet is gone', input: { stored: { eip155: { connections: stored.stored!.eip155!.connections } } } as MultiWalletInput },
  // The remote config turned multi-wallet on while wallet a was connected: spawned holding it, the stored b beside it.
  { name: 'turned on while connected', input: { stored: { eip155: { connections: [{ connectorId: 'b', accounts: [B!] }], activeConnectorId: 'b' } }, account: account('a', A!) } as MultiWalletInput },
  // Wallet a gave the site two accounts (A and C): a row for each (wallet b may be connected beside it later).
  {
    name: 'a wallet giving two accounts',
    several: true,
    input: { account: account('a', A!, [A!, C!]) } as MultiWalletInput,
  },
]
const runs: Array<{ fixture: (typeof fixtures)[number] } & ReturnType<typeof buildModelPaths>> = []
for (const fixture of fixtures) runs.push({ fixture, ...buildModelPaths(multiWalletMachine, { input: fixture.input, events: eventsOf(fixture), serialize, covered: runs }) })

test('coverage: every state and every transition of the multi-wallet chart', () => {
  const report = coverageReport(multiWalletMachine, runs)
  console.log(formatCoverage('multiWallet', report))
  expect(report.states.missing).toEqual([])
  expect(report.transitions.missing).toEqual([])
})

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
afterEach(() => vi.useRealTimers())

async function walk(input: MultiWalletInput, path: ModelPath) {
  let verify: Deferred<readonly VerifiedConnection[]> | undefined
  let revoke: Deferred<void> | undefined
  let revokeAll: { connections: readonly string[]; answer: Deferred<void> } | undefined
  let watcher: { followed: readonly string[]; sendBack: (event: E) => void } | undefined
  const logic = multiWalletMachine.provide({
    actors: {
      verify: fromPromise(() => (verify = deferred<readonly VerifiedConnection[]>()).promise),
      revoke: fromPromise(() => (revoke = deferred<void>()).promise),
      revokeAll: fromPromise(({ input }) => {
        revokeAll = { connections: input.connections.map((c) => c.id), answer: deferred<void>() }
        return revokeAll.answer.promise
      }),
      watchConnections: fromCallback<WatchConnectionsEvent>(({ receive, sendBack }) => {
        const w = { followed: [] as readonly string[], sendBack: (event: E) => sendBack(event as never) }
        watcher = w
        receive((event) => {
          w.followed = event.connections.map((c) => c.id)
        })
      }),
      walletBalance: walletBalanceMachine.provide({ actors: { readBalance: fromPromise(async () => ({ value: '1000000000000000000', decimals: 18, symbol: 'ETH' })) } }),
      walletName: walletNameMachine.provide({ actors: { readName: fromPromise(async ({ input }) => `name-of-${input.address.slice(2, 6)}`) } }),
    },
  })
  const host = coordination({ id: 'multiWallet', logic, input }, { recorders: ['connection.eip155'] })
  const actor = host.feature
  try {
    for (const step of path.steps) {
      const e = step.event as E
      const heard = host.heard.length
      const before = connectMultiWallet(actor.getSnapshot() as never, 'eip155')
      if (e.type === 'xstate.done.actor.verify') verify!.resolve(e.output as VerifiedConnection[])
      else if (e.type === 'xstate.error.actor.verify') verify!.reject(e.error)
      else if (e.type === 'xstate.done.actor.revoke') revoke!.resolve()
      else if (e.type === 'xstate.error.actor.revoke') revoke!.reject(e.error)
      else if (e.type === 'xstate.done.actor.revokeAll') revokeAll!.answer.resolve()
      else if (e.type === 'xstate.error.actor.revokeAll') revokeAll!.answer.reject(e.error)
      else if (e.type.startsWith('xstate.after.walletRequestTimeout')) await vi.advanceTimersByTimeAsync(timing.walletRequestTimeout)
      else if (e.type.startsWith('xstate.after.disconnectWait')) await vi.advanceTimersByTimeAsync(timing.disconnectWait)
      else if (e.type === 'multiWallet.walletAccounts' || e.type === 'multiWallet.walletChain' || e.type === 'multiWallet.walletGone') {
        // The wallet's own event reaches the list through the watcher, which follows that (non-active) connection.
        expect(watcher!.followed).toContain(e.connectionId)
        watcher!.sendBack(e)
      } else actor.send(e as never)
      await vi.advanceTimersByTimeAsync(0)
      expect(stateKey(actor.getSnapshot())).toBe(step.state)
      const snapshot = actor.getSnapshot() as never
      const view = connectMultiWallet(snapshot, 'eip155')
      const told = host.heard.slice(heard).map((h) => h.event)
      if ((actor.getSnapshot() as any).matches({ list: 'holding' }) || (actor.getSnapshot() as any).matches({ list: 'switching' })) {
        expect(view.connections.filter((c) => c.active)).toHaveLength(1)
        expect(view.connections[0]!.active).toBe(true)
      }
      // The watcher follows exactly the non-active connections.
      expect([...watcher!.followed].sort()).toEqual(
        Object.values((actor.getSnapshot() as any).context.lists as Record<string, { connections: { id: string }[]; activeId?: string }>)
          .flatMap((l) => l.connections.filter((c) => c.id !== l.activeId).map((c) => c.id))
          .sort(),
      )
      // The balance rows: every account of the namespace shown but the active one's own (a row per account of a wallet
      // that gave several), each its own address, on its wallet's own chain when known, else on the active network.
      const { children, context } = actor.getSnapshot() as any
      const network = context.networks[context.namespace] as string | undefined
      const rows = Object.entries(children as Record<string, any>).filter(([id]) => id.startsWith('balance.'))
      const wanted = switcherRows(connectMultiWallet(snapshot)).filter((r) => !r.active && (r.connection.caipNetworkId ?? network))
      expect(rows.map(([id]) => id).sort()).toEqual(wanted.map((r) => `balance.${r.key}`).sort())
      for (const r of wanted) expect(children[`balance.${r.key}`].getSnapshot().context).toMatchObject({ address: r.address, caipNetworkId: r.connection.caipNetworkId ?? network })
      // Beside each balance row, the name lookup of the same account.
      const names = Object.keys(children as Record<string, unknown>).filter((id) => id.startsWith('name.'))
      expect(names.sort()).toEqual(wanted.map((r) => `name.${r.key}`).sort())
      for (const r of wanted) expect(children[`name.${r.key}`].getSnapshot().context).toMatchObject({ address: r.address, caipNetworkId: r.connection.caipNetworkId ?? network })
      if (e.type === 'multiWallet.walletChain') {
        // A held wallet's chain changes that connection only: the active one, its chain and the list's state stay.
        expect(view.connections.find((c) => c.id === e.connectionId)?.caipNetworkId).toBe(e.caipNetworkId)
        expect(view.activeId).toBe(before.activeId)
        expect(view.connections.find((c) => c.active)?.caipNetworkId).toBe(before.connections.find((c) => c.active)?.caipNetworkId)
        expect(view.connections.map((c) => c.id)).toEqual(before.connections.map((c) => c.id))
      }
      const activeBefore = before.connections.find((c) => c.active)
      if (e.type === 'multiWallet.switch' && step.state.includes('switching')) {
        const target = before.connections.find((c) => c.id === e.connectionId)!
        // Restored with the account named, else the one it acted with last.
        expect(told).toEqual([{ type: 'connection.switch', connectorId: target.connectorId, address: (e.address as string | undefined) ?? target.address }])
        // Painted at once: the chosen one is the active one before its connection answers, on the chosen account.
        expect(view.activeId).toBe(e.connectionId)
        expect(view.connections[0]!.address).toBe((e.address as string | undefined) ?? target.address)
        expect(view.isSwitching).toBe(true)
      } else if (e.type === 'multiWallet.switch' && e.address && e.address !== STRANGER && activeBefore?.id === e.connectionId) {
        // Another account of the active wallet: only the account changes, no restore; painted at once.
        expect(told).toEqual([{ type: 'connection.selectAccount', address: e.address }])
        expect(view.activeId).toBe(before.activeId)
        expect(view.connections[0]!.address).toBe(e.address)
        expect(view.connections[0]!.accounts).toHaveLength(activeBefore!.accounts.length)
      } else if (endings.includes(e) && step.state.includes('switching')) {
        // The most recently used other one is restored (none active: the most recent of all), with the account it used last.
        const next = before.connections.filter((c) => !c.active).sort((x, y) => y.lastUsed - x.lastUsed)[0]!
        expect(told).toEqual([{ type: 'connection.restore', connectorId: next.connectorId, address: next.address }])
        expect(view.activeId).toBe(next.id)
        expect(e === endedByVisitor ? path.steps.some((st) => st.state.includes('removingActive')) : true).toBe(true)
      } else if (e.type === 'multiWallet.remove' && before.activeId === e.connectionId) {
        // A removal while another is held (that one follows, the modal stays); the last one: the visitor's Disconnect.
        expect(told).toEqual([before.connections.length > 1 ? { type: 'connection.disconnect', removed: true } : { type: 'connection.disconnect' }])
      } else expect(told).toEqual([])
      if (e.type === 'multiWallet.remove' && before.activeId !== e.connectionId && before.connections.some((c) => c.id === e.connectionId)) {
        expect(view.connections.map((c) => c.id)).not.toContain(e.connectionId)
      }
      // Connecting a wallet already held switches to it: one entry per wallet.
      if (e.type === 'root.account' && e.account) expect(new Set(view.connections.map((c) => c.id)).size).toBe(view.connections.length)
      if (e.type === 'multiWallet.switch' && (e.connectionId === 'eip155:unknown' || e.address === STRANGER)) expect(view).toEqual(before)
      if (e === endedByVisitor && step.state.includes('disconnectingAll')) {
        // Disconnect means disconnected: every held wallet of the namespace leaves, the others asked to revoke.
        expect(view).toMatchObject({ connections: [], activeId: undefined })
        expect([...revokeAll!.connections].sort()).toEqual(
          before.connections
            .filter((c) => !c.active)
            .map((c) => c.id)
            .sort(),
        )
      }
      if (e.type.startsWith('xstate.after.disconnectWait')) expect((actor.getSnapshot() as any).context.error?.name).toBe('RequestTimeoutError')
    }
  } finally {
    host.stop()
  }
}

describe('multi-wallet model: walked as the root runs it', () => {
  for (const { fixture, paths } of runs) {
    for (const path of paths) test(`${fixture.name}: ${path.steps.map((s) => s.event.type).join(' → ') || '(initial)'} ⇒ ${path.target}`, () => walk(fixture.input, path))
  }
})
