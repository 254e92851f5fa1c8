// @vitest-environment happy-dom
import { fireEvent, waitFor } from '@testing-library/react'
import { createTestClient, http, keccak256, parseEther, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, describe, expect, inject, test } from 'vitest'
import { getInitialSnapshot, getNextSnapshot, type AnyStateMachine } from 'xstate'
import { DEV_ADDRESSES } from '../../dev/accounts.ts'
import { siwxMessages } from '../../machines/siwx.ts'
import { timing } from '../../machines/timing.ts'
import { toastMachine, type ToastContext } from '../../machines/toast.ts'
import { en } from '../../ui/locales/en.ts'
import { describeWalks, inDialog, onHeld as heldThen, renderApp, tick, toastText, WALLET_NAME, type App } from './app.tsx'
import { buildModelPaths, coverageReport, delayedEvents, firedTransitions, formatCoverage, recordTransitions, scenarioPath, stateKey, type ModelPath, type Step } from './coverage.ts'

/**
 * Model-based tests of the toast machine (spec §2 "Toasts", §9: the swap after 150 ms, success and error toasts
 * hide after `toastTtl`), walked through the UI: every `toast.show` is a gesture that raises a toast — copying
 * the address in Account or Receive ('Address copied'), a network switch the wallet fails (its error), a
 * sign-in the wallet fails ('Error signing message'), a send that lands ('Transaction sent') — and every delay
 * is the manual clock. No gesture moves the clock: the toasts' timers fire only in their own steps.
 *
 * Not reachable from the UI: {@link unreachable} (nothing raises a `loading` toast or sends `toast.hide`).
 */
type ModelEvent = { type: string; [key: string]: unknown }

/** States and transitions no gesture can reach, with the reason; the coverage test asserts exactly these are missing. */
const unreachable = {
  states: { 'toast.visible.sticky': "only a 'loading' toast is sticky, and nothing in this build raises one (the views notify 'success', the root 'success' and 'error')" },
  transitions: {
    'toast.visible --toast.hide[0]': 'nothing sends toast.hide (not the root, the UI or the public API): toasts hide by their ttl only',
    'toast.visible.checking --always[0]': "the 'loading' branch: nothing raises a loading toast",
    'toast.swapping --toast.hide[0]': 'nothing sends toast.hide',
  } as Record<string, string>,
}

const SENDER = privateKeyToAccount(keccak256(toHex('latchkey toast model sender')))
const BOB = DEV_ADDRESSES[1]!
const SWITCH = 'wallet_switchEthereumChain'
const rpcError = { code: -32603, message: 'Internal error' }

const ctx = (s: any) => s.context as ToastContext
/** What the traversal tells apart: the state, the message shown and the one queued. */
const serialize = (s: any) => JSON.stringify({ v: s.value, c: ctx(s).current?.message, n: ctx(s).next?.message })

type Gesture = 'copyAccount' | 'copyReceive' | 'switchFails' | 'signFails' | 'sent'
const show = (gesture: Gesture, variant: 'success' | 'error', message: string | undefined): ModelEvent => ({ type: 'toast.show', variant, message, gesture })
const copied = (gesture: Gesture = 'copyAccount') => show(gesture, 'success', en.copied)
/** The wallet fails a switch with -32603 'Internal error': the toast says the wallet's error. */
const switchFails = show('switchFails', 'error', rpcError.message)

type Fixture = {
  name: string
  app: Parameters<typeof renderApp>[0]
  events: (s: any) => ModelEvent[]
  setup?: (app: App) => Promise<void>
}

/** Connected (restored): the modal open on Account, where every gesture starts and ends. */
const openAccount = async (app: App) => {
  fireEvent.click(await app.get('button', /0x/))
  await app.get('dialog', en.titles.Account)
}

const fixtures: Fixture[] = [
  {
    name: 'connected, the Account view open',
    app: { stored: true, authorised: true, hold: [SWITCH] },
    setup: openAccount,
    events: (s) => {
      if (s.matches('hidden')) return [copied(), copied('copyReceive'), switchFails]
      return [copied(), switchFails, ...delayedEvents(s)]
    },
  },
  {
    name: 'sign-in optional: the wallet fails the signature',
    app: { siwx: {}, hold: ['personal_sign'] },
    events: (s) => (s.matches('hidden') ? [show('signFails', 'error', siwxMessages.signFailed)] : delayedEvents(s)),
  },
  {
    name: 'connected with a funded account of its own: a send lands',
    app: { stored: true, authorised: true, api: true, accounts: [SENDER] },
    setup: async (app) => {
      const anvil = createTestClient({ mode: 'anvil', transport: http(inject('anvilRpc1')) })
      await anvil.setBalance({ address: SENDER.address, value: parseEther('10') })
      await openAccount(app)
    },
    events: (s) => (s.matches('hidden') ? [show('sent', 'success', 'Transaction sent')] : delayedEvents(s)),
  },
]

const runs: Array<{ fixture: Fixture } & ReturnType<typeof buildModelPaths>> = []
for (const fixture of fixtures) {
  runs.push({ fixture, ...buildModelPaths(toastMachine, { events: fixture.events as never, serialize: serialize as never, covered: runs }) })
}

/** The shortest path to a state where `where` holds, then `then` (each the first event of that state it matches). */
const scenario = (fixture: Fixture, where: (s: any) => boolean, then: Array<(e: ModelEvent) => boolean>): ModelPath =>
  scenarioPath(toastMachine, { events: fixture.events, serialize }, where, then)

const hidden = (s: any) => s.matches('hidden')
const after = (e: ModelEvent) => e.type.startsWith('xstate.after.')
const scenarios: Array<{ name: string; fixture: Fixture; path: ModelPath }> = [
  ...(['copyAccount', 'copyReceive', 'switchFails'] as const).map((gesture) => ({
    name: `the toast of ${gesture} shows, then hides after its ttl`,
    fixture: fixtures[0]!,
    path: scenario(fixtures[0]!, hidden, [(e) => e.gesture === gesture, after]),
  })),
  {
    name: "an error toast is replaced by 'Address copied' after the swap",
    fixture: fixtures[0]!,
    path: scenario(fixtures[0]!, hidden, [(e) => e.gesture === 'switchFails', (e) => e.gesture === 'copyAccount', after, after]),
  },
  {
    name: 'three toasts in a row: the last one queued wins the swap',
    fixture: fixtures[0]!,
    path: scenario(fixtures[0]!, hidden, [(e) => e.gesture === 'copyAccount', (e) => e.gesture === 'copyAccount', (e) => e.gesture === 'switchFails', after, after]),
  },
  {
    name: "a failed sign-in: 'Error signing message'",
    fixture: fixtures[1]!,
    path: scenario(fixtures[1]!, hidden, [(e) => e.gesture === 'signFails', after]),
  },
  {
    name: "a send lands: 'Transaction sent'",
    fixture: fixtures[2]!,
    path: scenario(fixtures[2]!, hidden, [(e) => e.gesture === 'sent', after]),
  },
]

// ---------------------------------------------------------------- gestures

const press = async (app: App, name: string | RegExp) => {
  fireEvent.click(await inDialog(app, name))
  await tick()
}

/** Lets the oldest held call of `key` through (or fails it), once the machine has made it (the clock does not move). */
const onHeld = (app: App, key: string, act: () => Promise<void>) => heldThen(app, key, act, { settle: tick })

const toastOf = (app: App) => app.modal.actor.getSnapshot().context.toast

/** One gesture per event (none moves the clock). */
async function perform(app: App, event: any) {
  const type: string = event.type
  if (type === 'toast.show') {
    const gesture = event.gesture as Gesture
    if (gesture === 'copyAccount') return press(app, en.copyAddress)
    if (gesture === 'copyReceive') {
      await press(app, en.receive)
      await press(app, en.copyAddress)
      await waitFor(() => expect(toastOf(app).getSnapshot().matches('hidden')).toBe(false))
      return press(app, en.back)
    }
    if (gesture === 'switchFails') {
      // Account → the network → 'Anvil Local 2': the wallet fails the switch, the view goes back to Account.
      await press(app, en.switchNetworkLabel('Anvil Local'))
      await press(app, 'Anvil Local 2')
      await onHeld(app, SWITCH, () => app.gates.fail(SWITCH, rpcError))
      return void (await app.get('dialog', en.titles.Account))
    }
    if (gesture === 'signFails') {
      // Connect Wallet → the dev wallet → approve; Sign; the wallet fails the signature.
      fireEvent.click(await app.get('button', en.connectButton))
      await press(app, WALLET_NAME)
      await app.walletAnswer('Approve')
      await press(app, 'Sign')
      return onHeld(app, 'personal_sign', () => app.gates.fail('personal_sign', rpcError))
    }
    if (gesture === 'sent') {
      // Account → Send: 0.001 ETH to the second dev account, reviewed, sent, approved in the wallet; anvil mines it.
      await press(app, en.send)
      await app.type('Amount', '0.001')
      await app.type('To', BOB)
      await waitFor(async () => {
        const review = await inDialog(app, 'Review send')
        if (review.hasAttribute('disabled')) throw new Error('the form is not ready')
      })
      await press(app, 'Review send')
      await waitFor(async () => {
        const send = await inDialog(app, /^Send$/)
        if (send.hasAttribute('disabled')) throw new Error('the preview is not ready')
      })
      await press(app, /^Send$/)
      return app.walletAnswer('Approve')
    }
  }
  if (type.startsWith('xstate.after.')) {
    if (type.includes('toastSwap')) app.clock.advance(timing.toastSwap)
    else if (type.includes('toastTtl')) app.clock.advance(timing.toastTtl)
    else throw new Error(`no delay for ${type}`)
    return tick()
  }
  throw new Error(`No gesture for ${type} (${event.gesture ?? ''}): every event of the model needs one`)
}

/** What the visitor sees after a step: the toast area shows the current message while visible, nothing else. */
async function check(app: App, event: any, state: string, expected: ToastContext) {
  const value = JSON.parse(state)
  const current = ctx(toastOf(app).getSnapshot()).current
  if (typeof value === 'object' && value.visible) {
    // The message and variant the model expects (a queued toast promoted by the swap included).
    expect(current).toEqual(expected.current)
    await waitFor(() => expect(toastText().trim()).toBe(expected.current!.message))
  } else {
    await waitFor(() => expect(toastText().trim()).toBe(''))
  }
  // 'Address copied' means the address is on the clipboard.
  if (event.gesture === 'copyAccount' || event.gesture === 'copyReceive') expect((await navigator.clipboard.readText()).toLowerCase()).toBe(app.wallet.state.address.toLowerCase())
  // A failed switch: the wallet's error is the toast's message, the wallet stays where it was.
  if (event.gesture === 'switchFails') {
    expect(app.wallet.state.chainId).toBe(31337)
    expect(app.modal.getState().caipNetworkId).toBe('eip155:31337')
  }
  if (event.gesture === 'sent') expect(app.modal.getState().account.status).toBe('connected')
}

async function walk(fixture: Fixture, path: ModelPath) {
  const app = await renderApp(fixture.app)
  try {
    await fixture.setup?.(app)
    const toast = toastOf(app)
    const visited: string[] = [stateKey(toast.getSnapshot())]
    const sub = toast.subscribe((s) => visited.push(stateKey(s)))
    const transitions = recordTransitions(toast)
    let model = getInitialSnapshot(toastMachine)
    for (const step of path.steps) {
      const fired = firedTransitions(toastMachine as AnyStateMachine, model as never, step.event)
      model = getNextSnapshot(toastMachine, model, step.event as never)
      const from = visited.length - 1
      const fromTaken = transitions.taken.length
      await perform(app, step.event)
      await waitFor(() => {
        if (!visited.slice(from).includes(step.state)) throw new Error(`after ${step.event.type} expected ${step.state}, visited ${visited.slice(from).join(' > ')}`)
      })
      // The transition the model fires is the one the UI fired.
      await waitFor(() => expect(transitions.taken.slice(fromTaken)).toEqual(expect.arrayContaining(fired)))
      await check(app, step.event, step.state, model.context)
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
  const name = e.type.replace('xstate.', '').replace('toast.', '').replace(/\.toast\..*$/, '')
  return e.gesture ? `${name}(${e.gesture})` : name
}

describe('toast model: walked in the UI', () => {
  afterAll(() => {
    console.log(formatCoverage('toast (model paths walked in the UI)', coverageReport(toastMachine, runs)))
    console.log(`  not reachable from this build's UI: ${[...Object.entries(unreachable.states), ...Object.entries(unreachable.transitions)].map(([t, why]) => `${t} (${why})`).join('; ')}`)
  })

  test('coverage: the walks reach every state and fire every transition of the toast machine a gesture can reach', () => {
    const report = coverageReport(toastMachine, runs)
    expect(report.states.missing).toEqual(Object.keys(unreachable.states))
    expect(report.transitions.missing).toEqual(Object.keys(unreachable.transitions))
  })

  describeWalks(runs, stepName, walk)

  describe('every gesture that raises a toast', () => {
    for (const { name, fixture, path } of scenarios) {
      test(`${name}: ${path.steps.map(stepName).join(' → ')}`, () => walk(fixture, path), 30_000)
    }
  })
})
