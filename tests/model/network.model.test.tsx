// @vitest-environment happy-dom
import { fireEvent, within } from '@testing-library/react'
import { waitFor } from './until.ts'
import { toHex } from 'viem'
import { afterAll, describe, expect, inject, test } from 'vitest'
import { getInitialSnapshot, getNextSnapshot, type AnyStateMachine } from 'xstate'
import { defineEvmNetwork } from '../../adapters/networks.ts'
import { networkMachine, type NetworkContext } from '../../machines/network.ts'
import { en } from '../../ui/locales/en.ts'
import { describeWalks, featureOf, inDialog, onHeld, RDNS, renderApp, status, toastText, UNKNOWN_CHAIN, verifiedOn999, WALLET_NAME, type App } from './app.tsx'
import { buildModelPaths, coverageReport, firedTransitions, formatCoverage, recordTransitions, stateKey, withoutPrefixes, type ModelPath, type Step } from './coverage.ts'
import { TestFailure } from '../harness/failures.ts'

/**
 * Model-based tests of the network machine (spec §4 "Network switch", §5 switch-network-not-found), walked
 * through the UI: every event of the chart is a gesture of the visitor (the page's network button, a network
 * picked in SwitchNetwork or UnsupportedChain, Disconnect, Cancel on the sign-in prompt), of the wallet's user
 * (approving or rejecting the switch, another chain in the wallet's 'Wallet chain' select, 'Disconnect site',
 * the wallet announcing its chain again) or the wallet's RPC (a held `wallet_switchEthereumChain` or
 * `wallet_addEthereumChain` let through, or failed with 4902 'Unrecognized chain' or -32603 'Internal error').
 *
 * The network machine does not know whether a wallet is connected, so each fixture's model offers only the
 * gestures of one situation: connected (restored); not connected (a network picked is just set); connected while
 * the visitor's Disconnect is on its way (the wallet's `wallet_revokePermissions` held: not connected any more,
 * the chain still unsupported); and a required sign-in whose newest session is on a chain the dapp does not
 * configure, where a Cancel asks for a switch to a network id the dapp does not know (the reference server verifies
 * only on its two chains: the sign-in on 999 is verified by the test's answer to the held verification).
 *
 * A wallet that never answers: while the wallet is asked (`pending`), the visitor picks another network in
 * the list (it supersedes the held request), leaves the list (Back, or closing at its last entry: the switch is given
 * up), or the dapp asks for a network id it does not configure (`modal.switchNetwork`); and a fixture where the dapp
 * disconnects (`modal.disconnect()`, the revoke held) while a switch is pending, then the visitor picks a network: it
 * is just set.
 *
 * Networks at run time: the dapp adds a network (`modal.addNetwork`), removes another one, and
 * removes the active one (`modal.removeNetwork`: the first remaining of its namespace becomes active).
 *
 * Every step checks, through XState's inspection, that the transition the model fires is the one the UI fired.
 */
type ModelEvent = { type: string; [key: string]: unknown }

const A = 'eip155:31337'
const B = 'eip155:31338'
const UNKNOWN = `eip155:${UNKNOWN_CHAIN}`
/** A second chain the dapp does not configure (the sign-in fixture's wallet adds it). */
const OTHER_UNKNOWN_CHAIN = 998
const SWITCH = 'wallet_switchEthereumChain'
const ADD = 'wallet_addEthereumChain'
const REVOKE = 'wallet_revokePermissions'
const rpcError = { code: -32603, message: 'Internal error' }
const unrecognized = { code: 4902, message: 'Unrecognized chain ID. Try adding the chain first.' }
const rejected = { code: 4001, message: 'User rejected the request.' }
const C = 'eip155:31339'
const names: Record<string, string> = { [A]: 'Anvil Local', [B]: 'Anvil Local 2', [C]: 'Anvil Local 3' }
/** The network the dapp adds at run time (its RPC URL does not matter to the chart). */
const anvil3 = defineEvmNetwork({ id: 31339, name: names[C]!, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'http://127.0.0.1:8545', testnet: true })

const ctx = (s: any) => s.context as NetworkContext
const chainNumber = (caip: string) => Number(caip.split(':')[1])
const other = (caip: string) => (caip === A ? B : A)
/** Where the wallet is: its unknown chain, else the active network (the chart follows the wallet's reports). */
const walletChain = (s: any) => (ctx(s).walletChainId !== undefined ? Number(ctx(s).walletChainId) : chainNumber(ctx(s).activeCaipNetworkId))
/** What the traversal tells apart: the state, the active network, the wallet's unknown chain, the switch's target, the list. */
const serialize = (s: any) => JSON.stringify({ v: s.value, a: ctx(s).activeCaipNetworkId, w: ctx(s).walletChainId, t: ctx(s).target, n: ctx(s).networks.map((n) => n.caipNetworkId) })

const walletChainChanged = (chainId: number, gesture = 'walletChain'): ModelEvent => ({ type: 'network.walletChainChanged', chainId, gesture })
const walletDisconnects: ModelEvent = { type: 'network.walletDisconnected', gesture: 'walletDisconnects', terminal: true }

/** The wallet's answers to a pending switch (`switching`) or add (`addingChain`) request, and the visitor's ways out. */
function answers(s: any, actor: 'switchChain' | 'addChain'): ModelEvent[] {
  const onTarget = walletChain(s) === chainNumber(ctx(s).target!)
  const gate = actor === 'switchChain' ? SWITCH : ADD
  return [
    // On the target already, the wallet answers at once; else its user approves.
    { type: `xstate.done.actor.${actor}`, gate, gesture: onTarget ? 'release' : 'approve' },
    ...(onTarget ? [] : [{ type: `xstate.error.actor.${actor}`, error: rejected, gate, gesture: 'reject' }]),
    ...(actor === 'switchChain' ? [{ type: `xstate.error.actor.${actor}`, error: unrecognized, gate, gesture: 'unrecognized' }] : []),
    { type: `xstate.error.actor.${actor}`, error: rpcError, gate, gesture: 'fails' },
    // The wallet's user picks the target in the wallet while it is asked.
    ...(onTarget ? [] : [walletChainChanged(chainNumber(ctx(s).target!))]),
    walletDisconnects,
    // The wallet has not answered: another pick supersedes it, leaving the list gives it up.
    { type: 'network.switch', caipNetworkId: other(ctx(s).target!), connectorId: RDNS, gesture: 'pickWhilePending' },
    { type: 'network.cancel', gesture: 'leaveList' },
    { type: 'network.switch', caipNetworkId: 'eip155:424242', connectorId: RDNS, gesture: 'dappSwitchUnknown' },
  ]
}

type Fixture = {
  name: string
  app: () => Parameters<typeof renderApp>[0]
  setup?: (app: App) => Promise<void>
  events: (s: any) => ModelEvent[]
}

/** The SIWX verification: the reference server verifies only on its two chains, so a sign-in on 999 is answered by the test. */
const VERIFY = 'api:/siwx/v1/verify'

const restored = async (app: App) => void (await app.get('button', /0x/))

const fixtures: Fixture[] = [
  {
    name: 'connected',
    app: () => ({ stored: true, authorised: true, hold: [SWITCH, ADD] }),
    setup: restored,
    events: (s) => {
      const c = ctx(s)
      if (s.matches('supported')) {
        return [
          { type: 'network.switch', caipNetworkId: other(c.activeCaipNetworkId), connectorId: RDNS, gesture: 'pickNetwork' },
          walletChainChanged(chainNumber(other(c.activeCaipNetworkId))),
          walletChainChanged(UNKNOWN_CHAIN),
          walletDisconnects,
        ]
      }
      if (s.matches('unsupported')) {
        return [
          { type: 'network.switch', caipNetworkId: c.activeCaipNetworkId, connectorId: RDNS, gesture: 'pickNetwork' },
          walletChainChanged(chainNumber(c.activeCaipNetworkId)),
          // The wallet announces its (unknown) chain again, as wallets do when they unlock.
          walletChainChanged(Number(c.walletChainId), 'reannounce'),
          walletDisconnects,
        ]
      }
      if (s.matches({ pending: 'switching' })) return answers(s, 'switchChain')
      if (s.matches({ pending: 'addingChain' })) return answers(s, 'addChain')
      return []
    },
  },
  {
    name: 'a switch pending while the dapp disconnects, then a network picked',
    app: () => ({ stored: true, authorised: true, hold: [SWITCH, REVOKE] }),
    setup: restored,
    events: (s) => {
      const c = ctx(s)
      if (s.matches('supported') && c.activeCaipNetworkId === A) return [{ type: 'network.switch', caipNetworkId: B, connectorId: RDNS, gesture: 'pickNetwork' }]
      // The dapp's modal.disconnect() (the revoke held: not connected any more), then a network picked in the list.
      if (s.matches({ pending: 'switching' }) && c.target === B) return [{ type: 'network.switch', caipNetworkId: A, gesture: 'pickWhileDappDisconnects', terminal: true }]
      return []
    },
  },
  {
    name: 'not connected: a network picked is just set',
    app: () => ({}),
    events: (s) => (s.matches('supported') && ctx(s).activeCaipNetworkId === A ? [{ type: 'network.switch', caipNetworkId: B, gesture: 'pickNotConnected' }] : []),
  },
  {
    name: 'on an unsupported chain, a network picked while the Disconnect is on its way',
    app: () => ({ stored: true, authorised: true, hold: [REVOKE] }),
    setup: restored,
    events: (s) => {
      // With Account open (its Disconnect is the way out of it), the wallet moves to 999.
      if (s.matches('supported') && ctx(s).activeCaipNetworkId === A) return [walletChainChanged(UNKNOWN_CHAIN, 'walletChainOnAccount')]
      if (s.matches('unsupported') && ctx(s).activeCaipNetworkId === A) return [{ type: 'network.switch', caipNetworkId: B, gesture: 'pickWhileDisconnecting', terminal: true }]
      return []
    },
  },
  {
    name: 'sign-in required, the newest session on a chain the dapp does not configure',
    app: () => ({ siwx: { required: true }, hold: [VERIFY] }),
    setup: async (app) => {
      // The wallet's user adds chain 998 in the wallet (it switches there), then picks 999: two chains the dapp does not know.
      const adding = app.wallet.request({ method: ADD, params: [{ chainId: toHex(OTHER_UNKNOWN_CHAIN), chainName: 'Another unknown chain', rpcUrls: [inject('anvilRpc1')] }] })
      await app.walletAnswer('Approve')
      await adding
      await app.selectInPanel('Wallet chain', String(UNKNOWN_CHAIN))
    },
    events: (s) => {
      const c = ctx(s)
      // Connect on 999 and sign in there (the session of this connection is on 999).
      if (s.matches('supported') && c.activeCaipNetworkId === A) return [walletChainChanged(UNKNOWN_CHAIN, 'connectAndSignIn')]
      if (s.matches('unsupported') && c.walletChainId === UNKNOWN_CHAIN) return [walletChainChanged(OTHER_UNKNOWN_CHAIN), walletChainChanged(chainNumber(B))]
      // No session here: the prompt; Cancel returns to the session's network, one the dapp does not configure.
      if ((s.matches('unsupported') && c.walletChainId === OTHER_UNKNOWN_CHAIN) || (s.matches('supported') && c.activeCaipNetworkId === B)) {
        return [{ type: 'network.switch', caipNetworkId: UNKNOWN, connectorId: RDNS, gesture: 'cancelSignIn' }]
      }
      return []
    },
  },
  {
    name: 'networks at run time: the dapp adds a network, removes another, removes the active one',
    app: () => ({}),
    events: (s) => {
      const c = ctx(s)
      if (!s.matches('supported') || c.activeCaipNetworkId !== A) return []
      if (!c.networks.some((n) => n.caipNetworkId === C)) return [{ type: 'network.add', network: anvil3, gesture: 'dappAddsNetwork' }]
      return [
        { type: 'network.remove', caipNetworkId: C, gesture: 'dappRemovesNetwork' },
        { type: 'network.remove', caipNetworkId: A, gesture: 'dappRemovesActive' },
      ]
    },
  },
]

const runs: Array<{ fixture: Fixture } & ReturnType<typeof buildModelPaths>> = []
for (const fixture of fixtures) {
  // The paths a longer one starts with are walked by it (walk() checks each step's state, transition and view).
  runs.push({ fixture, ...withoutPrefixes(buildModelPaths(networkMachine, { input: input(), events: fixture.events as never, serialize: serialize as never, covered: runs })) })
}

/** The machine's input as the modal gives it (the two anvil networks; their RPC URLs do not matter to the chart). */
function input() {
  const network = (id: number, name: string) => ({
    id,
    name,
    caipNetworkId: `eip155:${id}`,
    chainNamespace: 'eip155',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [''] } },
  })
  return { namespace: 'eip155', networks: [network(31337, 'Anvil Local'), network(31338, 'Anvil Local 2')] }
}

// ---------------------------------------------------------------- gestures

const networkOf = (app: App) => app.modal.actor.getSnapshot().context.network
/** The SIWX machine (spawned with the first connection). */
const siwxOf = (app: App) => featureOf(app, 'siwx')!

/** The page's network button, then a network in the list it opens (SwitchNetwork, or UnsupportedChain on a wrong network). */
async function pickOnPage(app: App, caipNetworkId: string) {
  await app.close()
  await app.click('button', /^Switch network \(/)
  fireEvent.click(await inDialog(app, names[caipNetworkId]!))
  await app.settle()
}

/** The gate of the request the wallet is asked now (the switch, or the add after 4902). */
const heldGate = (app: App) => (networkOf(app).getSnapshot().matches({ pending: 'addingChain' }) ? ADD : SWITCH)

/** A request the machine no longer waits for (superseded or given up) answers late, with a failure: nothing happens. */
async function abandonHeld(app: App, gate: string) {
  await app.gates.fail(gate, rpcError)
  await app.settle()
}

/** One gesture per event. */
async function perform(app: App, event: any) {
  const type: string = event.type
  if (type === 'network.switch') {
    if (event.gesture === 'pickNetwork' || event.gesture === 'pickNotConnected') return pickOnPage(app, event.caipNetworkId)
    if (event.gesture === 'pickWhileDisconnecting') {
      // Account's Disconnect (the wallet's revoke held: not connected any more, the chain still 999) → the page's
      // network button (UnsupportedChain) → 'Anvil Local 2'.
      await app.clickInDialog('button', en.disconnect)
      await waitFor(() => expect(status(app)).toBe('connecting'))
      await app.click('button', en.switchNetworkLabel(en.wrongNetwork))
      fireEvent.click(await inDialog(app, names[event.caipNetworkId]!))
      return app.settle()
    }
    if (event.gesture === 'cancelSignIn') {
      await app.get('dialog', en.titles.SIWXSignMessage)
      return app.clickInDialog('button', en.cancel)
    }
    // The wallet has not answered: another network picked in the list (SwitchNetwork or UnsupportedChain).
    if (event.gesture === 'pickWhilePending') {
      const gate = heldGate(app)
      const waiting = app.gates.waiting(SWITCH)
      fireEvent.click(await inDialog(app, names[event.caipNetworkId]!))
      await waitFor(() => expect(app.gates.waiting(SWITCH)).toBe(waiting + 1))
      // The superseded request answers late (it fails): the machine ignores it.
      return abandonHeld(app, gate)
    }
    // The dapp asks for a network id it does not configure (its own button calling modal.switchNetwork).
    if (event.gesture === 'dappSwitchUnknown') {
      app.modal.switchNetwork(event.caipNetworkId)
      return app.settle()
    }
    if (event.gesture === 'pickWhileDappDisconnects') {
      app.modal.disconnect()
      await waitFor(() => expect(status(app)).toBe('connecting'))
      fireEvent.click(await inDialog(app, names[event.caipNetworkId]!))
      return app.settle()
    }
  }
  if (type === 'network.cancel') {
    // Back in the list (at its last entry it closes the modal): the switch is given up.
    const gate = heldGate(app)
    const back = app.dialog() && within(app.dialog()!).queryByRole('button', { name: en.back })
    if (back) {
      fireEvent.click(back)
      await app.settle()
    }
    if (app.dialog()) await app.close()
    await app.settle()
    // The given-up request answers late (it fails): the machine ignores it.
    return abandonHeld(app, gate)
  }
  if (type === 'network.walletChainChanged') {
    if (event.gesture === 'walletChain') return app.selectInPanel('Wallet chain', String(event.chainId))
    if (event.gesture === 'walletChainOnAccount') {
      await app.ensureOpen()
      await app.get('dialog', en.titles.Account)
      return app.selectInPanel('Wallet chain', String(event.chainId))
    }
    if (event.gesture === 'reannounce') {
      app.wallet.reannounce()
      return app.settle()
    }
    if (event.gesture === 'connectAndSignIn') {
      await app.ensureOpen()
      await app.clickInDialog('button', WALLET_NAME)
      await app.walletAnswer('Approve')
      await app.clickInDialog('button', 'Sign')
      await app.walletAnswer('Approve')
      await onHeld(app, VERIFY, () => app.gates.answer(VERIFY, verifiedOn999(app, 'model-test-session-on-999')))
      return void (await waitFor(() => expect(siwxOf(app).getSnapshot().matches('signedIn')).toBe(true)))
    }
  }
  // The dapp's own code at run time.
  if (type === 'network.add') {
    app.modal.addNetwork(event.network)
    return app.settle()
  }
  if (type === 'network.remove') {
    app.modal.removeNetwork(event.caipNetworkId)
    return app.settle()
  }
  if (type === 'network.walletDisconnected') {
    fireEvent.click(app.panel().getByRole('button', { name: 'Disconnect site' }))
    return app.settle()
  }
  if (type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')) {
    const gate: string = event.gate
    if (event.gesture === 'release') return onHeld(app, gate, () => app.gates.release(gate))
    if (event.gesture === 'approve' || event.gesture === 'reject') {
      await onHeld(app, gate, () => app.gates.release(gate))
      return app.walletAnswer(event.gesture === 'approve' ? 'Approve' : 'Reject')
    }
    if (event.gesture === 'unrecognized' || event.gesture === 'fails') return onHeld(app, gate, () => app.gates.fail(gate, event.error))
  }
  throw new TestFailure(`No gesture for ${type} (${event.gesture ?? ''}): every event of the model needs one`)
}

/** What the visitor and the wallet show after a step. */
async function check(app: App, event: any, state: string, before: NetworkContext) {
  const value = JSON.parse(state)
  const c = ctx(networkOf(app).getSnapshot())
  if (value === 'supported' && !event.terminal) {
    await app.get('button', en.switchNetworkLabel(names[c.activeCaipNetworkId]!))
    expect(app.modal.getState().isUnsupportedChain).toBe(false)
  }
  if (value === 'unsupported') {
    await app.get('button', en.switchNetworkLabel(en.wrongNetwork))
    expect(app.modal.getState().isUnsupportedChain).toBe(true)
  }
  if (value?.pending === 'switching' || value?.pending === 'addingChain') {
    // The list says the wallet is asked, the target marked pending.
    const dialog = app.dialog()!
    await waitFor(() => expect(dialog.textContent).toContain(en.approveSwitch))
    expect(within(dialog).getByRole('button', { name: names[c.target!]! }).getAttribute('aria-busy')).toBe('true')
  }
  const type: string = event.type
  // The wallet is on the target: from the list it came from, the modal goes back (SwitchNetwork) or closes (UnsupportedChain).
  if (type.startsWith('xstate.done.actor.')) {
    expect(app.wallet.state.chainId).toBe(chainNumber(before.target!))
    if (before.walletChainId !== undefined) await waitFor(() => expect(app.dialog()).toBeNull())
    else await waitFor(() => expect(app.find('dialog', en.titles.SwitchNetwork)).toBeNull())
  }
  // Rejected in the wallet: the list stays for another try, no toast.
  if (event.gesture === 'reject') {
    expect(app.dialog()?.textContent).not.toContain(en.approveSwitch)
    expect(toastText().trim()).toBe('')
  }
  // Failed: the wallet's error (a failed add: 'Chain is not supported') as a toast, the view goes back.
  if (event.gesture === 'fails') await waitFor(() => expect(toastText()).toContain(type.includes('addChain') ? en.errors.byName.ChainNotSupportedError! : en.errors.byCode[rpcError.code]!))
  if (event.type === 'network.walletDisconnected') await waitFor(() => expect(status(app)).toBe('disconnected'))
  // Superseded: the wallet is asked again, for the new target (the old request's late failure ignored).
  if (event.gesture === 'pickWhilePending') {
    expect(networkOf(app).getSnapshot().matches({ pending: 'switching' })).toBe(true)
    expect(c.target).toBe(event.caipNetworkId)
    expect(app.gates.waiting(SWITCH)).toBe(1)
  }
  // Given up: the list is gone, no network is pending.
  if (type === 'network.cancel') {
    expect(app.dialog()).toBeNull()
    expect(app.modal.getState().network.caipNetworkId).toBe(before.activeCaipNetworkId)
  }
  if (event.gesture === 'dappSwitchUnknown') expect(c.target).toBe(before.target)
  // Added: listed in SwitchNetwork and reachable; removed: gone from the list; the active one removed: the first remaining of its namespace.
  if (type === 'network.add') {
    expect(c.networks.map((n) => n.caipNetworkId)).toContain(event.network.caipNetworkId)
    expect(app.modal.getState().caipNetworkId).toBe(before.activeCaipNetworkId)
  }
  if (type === 'network.remove') expect(c.networks.map((n) => n.caipNetworkId)).not.toContain(event.caipNetworkId)
  if (event.gesture === 'dappRemovesActive') {
    expect(app.modal.getState().caipNetworkId).toBe(B)
    expect(app.modal.getState().network.name).toBe(names[B])
  }
  if (event.gesture === 'pickWhileDappDisconnects') expect(app.modal.getState().caipNetworkId).toBe(event.caipNetworkId)
  // Not connected: just set, the wallet not asked.
  if (event.gesture === 'pickNotConnected' || event.gesture === 'pickWhileDisconnecting') {
    expect(app.modal.getState().caipNetworkId).toBe(event.caipNetworkId)
    expect(app.gates.waiting(SWITCH) + app.panel().queryAllByRole('region', { name: 'Wallet request' }).length).toBe(0)
  }
}

async function walk(fixture: Fixture, path: ModelPath) {
  const app = await renderApp(fixture.app())
  try {
    await fixture.setup?.(app)
    const network = networkOf(app)
    const visited: string[] = [stateKey(network.getSnapshot())]
    const sub = network.subscribe((s) => visited.push(stateKey(s)))
    const transitions = recordTransitions(network)
    let model = getInitialSnapshot(networkMachine, input() as never)
    for (const [i, step] of path.steps.entries()) {
      if ((step.event as ModelEvent).terminal && i < path.steps.length - 1) throw new TestFailure(`the model goes on after ${step.event.type}: its fixture must end the path there`)
      const from = visited.length - 1
      const fromTaken = transitions.taken.length
      const fired = firedTransitions(networkMachine as AnyStateMachine, model as never, step.event)
      const before = ctx(network.getSnapshot())
      await perform(app, step.event)
      await waitFor(() => {
        if (!visited.slice(from).includes(step.state)) throw new TestFailure(`after ${step.event.type} expected ${step.state}, visited ${visited.slice(from).join(' > ')}`)
      })
      // The transition the model fires is the one the UI fired.
      await waitFor(() => expect(transitions.taken.slice(fromTaken)).toEqual(expect.arrayContaining(fired)))
      model = getNextSnapshot(networkMachine, model, step.event as never)
      await check(app, step.event, step.state, before)
    }
    transitions.stop()
    sub.unsubscribe()
    expect(visited).toContain(path.target)
  } finally {
    await app.dispose()
  }
}

const stepName = (s: Step) => {
  const e = s.event as ModelEvent
  const name = e.type.replace('xstate.', '').replace('network.', '')
  const detail = [e.gesture, e.caipNetworkId ?? e.chainId ?? (e.network as { caipNetworkId?: string } | undefined)?.caipNetworkId].filter((x) => x !== undefined).join(' ')
  return detail ? `${name}(${detail})` : name
}

describe('network model: walked in the UI', () => {
  afterAll(() => {
    console.log(formatCoverage('network (model paths walked in the UI)', coverageReport(networkMachine, runs)))
  })

  test('coverage: the walks reach every state and fire every transition of the network machine', () => {
    const report = coverageReport(networkMachine, runs)
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })

  describeWalks(runs, stepName, walk)

  /**
   * Regression (found by these walks): sign-in required, the newest session of the account on a chain the dapp
   * does not configure (999: the wallet was there when it connected and signed in). The wallet moves to a chain
   * with no session, the visitor presses Cancel: the root asks the network machine to switch to `eip155:999`, which
   * it does not configure, so it emits `network.notFound`. That used to leave the sign view waiting for ever
   * (unclosable, buttons disabled); the SIWX machine hears it as `root.network`: the prompt again.
   */
  describe('a required Cancel returning to a network the dapp does not configure shows the prompt again', () => {
    const cancelOnB = async () => {
      const fixture = fixtures.find((f) => f.name.startsWith('sign-in required'))!
      const app = await renderApp(fixture.app())
      await fixture.setup!(app)
      await perform(app, walletChainChanged(UNKNOWN_CHAIN, 'connectAndSignIn'))
      await perform(app, walletChainChanged(chainNumber(B)))
      await perform(app, { type: 'network.switch', caipNetworkId: UNKNOWN, connectorId: RDNS, gesture: 'cancelSignIn' })
      await app.settle()
      return app
    }

    test('the prompt again, still unclosable; the wallet is not asked', async () => {
      const app = await cancelOnB()
      try {
        await waitFor(() => expect(siwxOf(app).getSnapshot().matches({ awaitingSession: 'prompting' })).toBe(true))
        expect(app.gates.waiting(SWITCH) + app.panel().queryAllByRole('region', { name: 'Wallet request' }).length).toBe(0)
        expect(app.modal.actor.getSnapshot().context.modal.getSnapshot().context.closeBlocked).toBe(true)
        const dialog = await app.get('dialog', en.titles.SIWXSignMessage)
        expect(within(dialog).getByRole('button', { name: 'Sign' }).hasAttribute('disabled')).toBe(false)
        expect(status(app)).toBe('connected')
      } finally {
        await app.dispose()
      }
    })
  })
})
