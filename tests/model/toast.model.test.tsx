// @vitest-environment happy-dom
import { messageOf, type ToastText } from '../../machines/messages.ts'
import { messageText } from '../../ui/errorSentence.ts'
import { fireEvent } from '@testing-library/react'
import { waitFor } from './until.ts'
import { createTestClient, http, keccak256, parseEther, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, describe, expect, inject, test } from 'vitest'
import { getInitialSnapshot, getNextSnapshot, type AnyStateMachine } from 'xstate'
import { DEV_ADDRESSES } from '../../dev/accounts.ts'
import { timing } from '../../machines/timing.ts'
import { toastMachine, type ToastContext, type ToastVariant } from '../../machines/toast.ts'
import { en } from '../../ui/locales/en.ts'
import { describeWalks, featureOf, inDialog, onHeld as heldThen, renderApp, tick, toastText, WALLET_NAME, type App } from './app.tsx'
import { buildModelPaths, coverageReport, delayedEvents, firedTransitions, formatCoverage, recordTransitions, scenarioPath, stateKey, withoutPrefixes, type ModelPath, type Step } from './coverage.ts'
import { TestFailure } from '../harness/failures.ts'

/**
 * Model-based tests of the toast machine (spec §2 "Toasts", §9: the swap after 150 ms, success and error toasts
 * hide after `toastTtl`, a loading toast stays), walked through the UI: every `toast.show` is a gesture that raises
 * a toast — copying the address in Account or Receive ('Address copied'), a network switch the wallet fails (its
 * error), a sign-in the wallet fails ('Error signing message'), a send the wallet hands to the chain (the loading
 * toast 'Waiting for the transaction…', its receipt held at the gate), then its receipt let through ('Transaction
 * sent') or answered as reverted (its error) — and every `toast.hide` is a gesture that clears that pending send:
 * the wallet's 'Disconnect site', another chain or another account picked in the wallet. Every delay is the manual
 * clock. No gesture moves the clock: the toasts' timers fire only in their own steps.
 */
type ModelEvent = { type: string; [key: string]: unknown }

const SENDER = privateKeyToAccount(keccak256(toHex('latchkey toast model sender')))
const OTHER = privateKeyToAccount(keccak256(toHex('latchkey toast model other')))
const BOB = DEV_ADDRESSES[1]!
const SWITCH = 'wallet_switchEthereumChain'
const RECEIPT = 'eth_getTransactionReceipt'
const rpcError = { code: -32603, message: 'Internal error' }

const ctx = (s: any) => s.context as ToastContext
/** What the traversal tells apart: the state, the message shown and the one queued. */
const serialize = (s: any) => JSON.stringify({ v: s.value, c: ctx(s).current?.message, n: ctx(s).next?.message })

type ShowGesture = 'copyAccount' | 'copyReceive' | 'copyPending' | 'switchFails' | 'signFails' | 'submitted' | 'landed' | 'reverted'
/** The gestures that clear a send waiting for the chain, and with it its loading toast. */
type HideGesture = 'disconnect' | 'chainChanged' | 'accountChanged'
const show = (gesture: ShowGesture, variant: ToastVariant, message: ToastText | undefined): ModelEvent => ({ type: 'toast.show', variant, message, gesture })
/** The send's own hide: only its loading toast ('Waiting for the transaction…'), never another one shown meanwhile. */
const hide = (gesture: HideGesture): ModelEvent => ({ type: 'toast.hide', loading: 'sendSubmitted', gesture })
const copied = (gesture: ShowGesture = 'copyAccount') => show(gesture, 'success', en.copied)
/** The wallet fails a switch with -32603 'Internal error': the toast words that failure (by its code, never 'Internal error'). */
const switchFails = show('switchFails', 'error', messageOf('failure', { name: 'JsonRpcError', message: rpcError.message, code: rpcError.code }))
/** Send → the wallet approves → the hash: the loading toast while the chain includes it (its receipt held). */
const submitted = show('submitted', 'loading', messageOf('sendSubmitted'))
/** The held receipt let through: the send landed. */
const landed = show('landed', 'success', messageOf('sendSent'))
/** The held receipt answered with status 0: the send failed on chain. */
const reverted = show('reverted', 'error', messageOf('failure', { name: 'TransactionRevertedError', message: 'Transaction reverted' }))

/** The toast that shows, or is about to show after the swap, is the pending send's loading toast. */
const showsLoading = (s: any) => (s.matches('swapping') ? ctx(s).next : s.matches('visible') ? ctx(s).current : undefined)?.variant === 'loading'

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
    events: (s) => (s.matches('hidden') ? [show('signFails', 'error', messageOf('siwxSignFailed'))] : delayedEvents(s)),
  },
  {
    name: "connected with a funded account of its own, the send's receipt held: a send waits for the chain",
    app: { stored: true, authorised: true, api: true, accounts: [SENDER, OTHER], hold: [RECEIPT] },
    setup: async (app) => {
      const anvil = createTestClient({ mode: 'anvil', transport: http(inject('anvilRpc1')) })
      await anvil.setBalance({ address: SENDER.address, value: parseEther('10') })
      await openAccount(app)
    },
    events: (s) => {
      // On Account: a send, or 'Address copied' first (the loading toast then comes by the swap).
      if (s.matches('hidden')) return [submitted, copied()]
      if (ctx(s).current?.message === en.copied && s.matches('visible')) return [submitted, ...delayedEvents(s)]
      // The send waits for the chain (SendPreview): its outcome replaces the loading toast, or a gesture clears it.
      if (s.matches('visible') && showsLoading(s)) return [landed, reverted, hide('disconnect'), hide('chainChanged'), hide('accountChanged'), copied('copyPending')]
      if (s.matches('swapping') && showsLoading(s)) return [hide('disconnect'), ...delayedEvents(s)]
      // The send waits, 'Address copied' is about to replace its toast: a disconnect clears the send, the copied toast stays.
      if (s.matches('swapping') && ctx(s).current?.variant === 'loading') return [hide('disconnect'), ...delayedEvents(s)]
      return delayedEvents(s)
    },
  },
]

const runs: Array<{ fixture: Fixture } & ReturnType<typeof buildModelPaths>> = []
for (const fixture of fixtures) {
  // The paths a longer one starts with are walked by it (walk() checks each step's state, transition and view).
  runs.push({ fixture, ...withoutPrefixes(buildModelPaths(toastMachine, { events: fixture.events as never, serialize: serialize as never, covered: runs })) })
}

/** The shortest path to a state where `where` holds, then `then` (each the first event of that state it matches). */
const scenario = (fixture: Fixture, where: (s: any) => boolean, then: Array<(e: ModelEvent) => boolean>): ModelPath => scenarioPath(toastMachine, { events: fixture.events, serialize }, where, then)

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
    name: "a send handed to the chain: the loading toast stays (no ttl); it lands: 'Transaction sent' after the swap",
    fixture: fixtures[2]!,
    path: scenario(fixtures[2]!, hidden, [(e) => e.gesture === 'submitted', (e) => e.gesture === 'landed', after, after]),
  },
  {
    name: 'a send handed to the chain reverts: its error replaces the loading toast after the swap',
    fixture: fixtures[2]!,
    path: scenario(fixtures[2]!, hidden, [(e) => e.gesture === 'submitted', (e) => e.gesture === 'reverted', after, after]),
  },
  {
    name: "a send handed to the chain, its address copied, then a disconnect during the swap: 'Address copied' still shows",
    fixture: fixtures[2]!,
    path: scenario(fixtures[2]!, hidden, [(e) => e.gesture === 'submitted', (e) => e.gesture === 'copyPending', (e) => e.gesture === 'disconnect', after]),
  },
  ...(['disconnect', 'chainChanged', 'accountChanged'] as const).map((gesture) => ({
    name: `a send handed to the chain, then ${gesture} in the wallet: the send is cleared and its loading toast hidden`,
    fixture: fixtures[2]!,
    path: scenario(fixtures[2]!, hidden, [(e) => e.gesture === 'submitted', (e) => e.gesture === gesture]),
  })),
  {
    name: "'Address copied', then a send handed to the chain: the loading toast replaces it after the swap",
    fixture: fixtures[2]!,
    path: scenario(fixtures[2]!, hidden, [(e) => e.gesture === 'copyAccount', (e) => e.gesture === 'submitted', after]),
  },
  {
    name: "'Address copied', then a send handed to the chain, the wallet disconnects during the swap: no toast appears",
    fixture: fixtures[2]!,
    path: scenario(fixtures[2]!, hidden, [(e) => e.gesture === 'copyAccount', (e) => e.gesture === 'submitted', (e) => e.gesture === 'disconnect']),
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

/** Waits on the chain, the wallet and the reference API (balances, the fee estimate, the broadcast): slower than a render on a busy machine. */
const chainWait = { timeout: 5_000 }

/** One gesture per event (none moves the clock). */
async function perform(app: App, event: any) {
  const type: string = event.type
  if (type === 'toast.show') {
    const gesture = event.gesture as ShowGesture
    if (gesture === 'copyAccount') return press(app, en.copyAddress)
    if (gesture === 'copyPending') {
      // The send waits on SendPreview: closed and opened again (Account), its address copied.
      await app.close()
      await app.ensureOpen()
      await app.get('dialog', en.titles.Account)
      return press(app, en.copyAddress)
    }
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
    if (gesture === 'submitted') {
      // Account → Send: 0.001 ETH to the second dev account, reviewed, sent, approved in the wallet; anvil mines it,
      // and the send waits for its receipt (held at the gate).
      await press(app, en.send)
      // The native token is preselected once the balances are in (a review before that says 'A token is required').
      await inDialog(app, /^Token: ETH/, chainWait)
      await app.type('Amount', '0.001')
      await app.type('To', BOB)
      await waitFor(async () => {
        const review = await inDialog(app, 'Review send')
        if (review.hasAttribute('disabled')) throw new TestFailure('the form is not ready')
      }, chainWait)
      await press(app, 'Review send')
      await waitFor(async () => {
        const send = await inDialog(app, /^Send$/)
        if (send.hasAttribute('disabled')) throw new TestFailure('the preview is not ready')
      }, chainWait)
      await press(app, /^Send$/)
      await app.walletAnswer('Approve')
      return void (await waitFor(() => expect(app.gates.waiting(RECEIPT)).toBe(1), chainWait))
    }
    if (gesture === 'landed') return onHeld(app, RECEIPT, () => app.gates.release(RECEIPT))
    if (gesture === 'reverted') {
      const hash = featureOf(app, 'send')!.getSnapshot().context.hash!
      return onHeld(app, RECEIPT, () => app.gates.answer(RECEIPT, { transactionHash: hash, status: '0x0', blockNumber: '0x1' }))
    }
  }
  if (type === 'toast.hide') {
    const gesture = event.gesture as HideGesture
    const panel = app.panel()
    if (gesture === 'disconnect') fireEvent.click(panel.getByRole('button', { name: 'Disconnect site' }))
    else if (gesture === 'chainChanged') fireEvent.change(panel.getByLabelText('Wallet chain'), { target: { value: '31338' } })
    else if (gesture === 'accountChanged') fireEvent.change(panel.getByLabelText('Account'), { target: { value: '1' } })
    else throw new TestFailure(`No gesture for toast.hide (${String(gesture)})`)
    return tick()
  }
  if (type.startsWith('xstate.after.')) {
    if (type.includes('toastSwap')) app.clock.advance(timing.toastSwap)
    else if (type.includes('toastTtl')) app.clock.advance(timing.toastTtl)
    else throw new TestFailure(`no delay for ${type}`)
    return tick()
  }
  throw new TestFailure(`No gesture for ${type} (${event.gesture ?? ''}): every event of the model needs one`)
}

/** What the visitor sees after a step: the toast area shows the current message while visible, nothing else. */
async function check(app: App, event: any, state: string, expected: ToastContext) {
  const value = JSON.parse(state)
  const current = ctx(toastOf(app).getSnapshot()).current
  if (typeof value === 'object' && value.visible) {
    // The message and variant the model expects (a queued toast promoted by the swap included).
    expect(current).toEqual(expected.current)
    const words = typeof expected.current!.message === 'string' ? expected.current!.message : messageText(en, expected.current!.message)
    await waitFor(() => expect(toastText().trim()).toBe(words))
  } else {
    await waitFor(() => expect(toastText().trim()).toBe(''))
  }
  // 'Address copied' means the address is on the clipboard.
  if (event.gesture === 'copyAccount' || event.gesture === 'copyReceive' || event.gesture === 'copyPending') expect((await navigator.clipboard.readText()).toLowerCase()).toBe(app.wallet.state.address.toLowerCase())
  // A failed switch: the wallet's error is the toast's message, the wallet stays where it was.
  if (event.gesture === 'switchFails') {
    expect(app.wallet.state.chainId).toBe(31337)
    expect(app.modal.getState().caipNetworkId).toBe('eip155:31337')
  }
  const sendFlow = () => featureOf(app, 'send')!.getSnapshot()
  // Handed to the chain: the preview waits for the chain (its own status line), the send is not over.
  if (event.gesture === 'submitted') {
    await waitFor(() => expect(app.dialog()?.textContent).toContain(en.waitingForConfirmation))
    expect(sendFlow().matches({ flow: { transacting: 'confirming' } })).toBe(true)
  }
  // Landed: Account, the send state reset.
  if (event.gesture === 'landed') {
    await app.get('dialog', en.titles.Account)
    expect(sendFlow().matches({ flow: 'idle' })).toBe(true)
  }
  // Reverted: back to the form, its values kept.
  if (event.gesture === 'reverted') {
    await app.get('dialog', en.titles.Send)
    expect(sendFlow().context.sendTokenAmount).toBe('0.001')
  }
  // A send cleared before its outcome: nothing pending, the view it leads to.
  if (event.type === 'toast.hide') {
    await waitFor(() => expect(sendFlow().matches({ flow: 'idle' })).toBe(true))
    expect(app.modal.actor.getSnapshot().context.router.getSnapshot().context.transactionStack).toEqual([])
  }
  if (event.gesture === 'disconnect') {
    expect(app.modal.getState().account.status).toBe('disconnected')
    await app.get('dialog', en.titles.Connect)
  }
  if (event.gesture === 'chainChanged') {
    expect(app.modal.getState().caipNetworkId).toBe('eip155:31338')
    await app.get('dialog', en.titles.Account)
  }
  if (event.gesture === 'accountChanged') {
    await waitFor(() => expect(app.modal.getState().account.address).toBe(OTHER.address))
    await app.get('dialog', en.titles.Account)
  }
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
        if (!visited.slice(from).includes(step.state)) throw new TestFailure(`after ${step.event.type} expected ${step.state}, visited ${visited.slice(from).join(' > ')}`)
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
  const name = e.type
    .replace('xstate.', '')
    .replace('toast.', '')
    .replace(/\.toast\..*$/, '')
  return e.gesture ? `${name}(${e.gesture})` : name
}

describe('toast model: walked in the UI', () => {
  afterAll(() => {
    console.log(formatCoverage('toast (model paths walked in the UI)', coverageReport(toastMachine, runs)))
  })

  test('coverage: the walks reach every state and fire every transition of the toast machine', () => {
    const report = coverageReport(toastMachine, runs)
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })

  describeWalks(runs, stepName, walk)

  describe('every gesture that raises a toast', () => {
    for (const { name, fixture, path } of scenarios) {
      test(`${name}: ${path.steps.map(stepName).join(' → ')}`, () => walk(fixture, path), 30_000)
    }
  })
})
