import { assign, createActor, fromCallback, fromPromise, setup, toPromise, waitFor, type AnyActorRef } from 'xstate'
import { describe, expect, test, vi } from 'vitest'
import { stateInventory, transitionInventory } from '../tests/model/coverage.ts'
import { holdsRedacted, LiveReplayError, livePath, liveReplayMachine, liveReplaySystemId, type LiveReplayEvent, type LiveStep } from './liveReplay.ts'
import { atRecordedState, awaitedResult, awaitsResult, connectorListed, liveReplayActors, type ReplayWallet } from './liveReplay.driver.ts'
import { REDACTED } from './plain.ts'
import { createRecorder } from './recorder.ts'
import { coverageSummary } from './session.ts'

/** A wallet-like lock: `door.open` asks the wallet, whose approval sends `door.approved`. */
const lock = setup({ types: { events: {} as { type: 'lock.toggle' } } }).createMachine({
  id: 'lock',
  initial: 'locked',
  states: { locked: { on: { 'lock.toggle': 'open' } }, open: { on: { 'lock.toggle': 'locked' } } },
})
const door = setup({
  types: { context: {} as { lock: AnyActorRef; visitor: string }, events: {} as { type: 'door.open'; visitor: string } | { type: 'door.approved' } | { type: 'door.close' } },
  actors: { lock },
  actions: { remember: assign({ visitor: ({ event }) => (event.type === 'door.open' ? event.visitor : '') }) },
}).createMachine({
  id: 'door',
  context: ({ spawn }) => ({ lock: spawn('lock', { id: 'lock', systemId: 'lock' }), visitor: '' }),
  initial: 'closed',
  states: {
    closed: { on: { 'door.open': { target: 'asking', actions: 'remember' } } },
    asking: { on: { 'door.approved': 'open' } },
    open: { on: { 'door.close': 'closed' } },
  },
})

/** A test wallet that holds prompts until approved; approving one tells `door` it was approved. */
function heldWallet(door: () => AnyActorRef) {
  const listeners = new Set<() => void>()
  let pending: { id: number }[] = []
  let id = 0
  const wallet: ReplayWallet & { ask(): void } = {
    get pending() {
      return [...pending]
    },
    approve(prompt: number) {
      pending = pending.filter((p) => p.id !== prompt)
      door().send({ type: 'door.approved' })
      for (const l of listeners) l()
      return true
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    ask() {
      pending.push({ id: ++id })
      for (const l of listeners) l()
    },
  }
  return wallet
}

/** The recorded session of a visitor opening the door (the wallet approving), toggling the lock, closing the door. */
function recordedPath(): LiveStep[] {
  const recorder = createRecorder()
  const actor = createActor(door, { inspect: recorder.inspect }).start()
  actor.send({ type: 'door.open', visitor: 'A' })
  actor.send({ type: 'door.approved' })
  actor.system.get('lock').send({ type: 'lock.toggle' })
  actor.send({ type: 'door.close' })
  return livePath(recorder.session())
}

describe('livePath', () => {
  test("behavior: the path is the events actors received from outside, by the actor's name, with its state before", () => {
    const path = recordedPath()
    expect(path.map((s) => [s.actor, s.event.type, s.before])).toEqual([
      ['root', 'door.open', 'closed'],
      ['root', 'door.approved', 'asking'],
      ['lock', 'lock.toggle', 'locked'],
      ['root', 'door.close', 'open'],
    ])
    expect(path[0]!.gap).toBe(0)
    expect(path.every((s) => s.gap >= 0)).toBe(true)
  })

  test('behavior: a redacted value anywhere in an event is found (it cannot be sent again)', () => {
    expect(holdsRedacted({ type: 'email.otp', otp: REDACTED })).toBe(true)
    expect(holdsRedacted({ type: 'x', nested: [{ jwt: REDACTED }] })).toBe(true)
    expect(holdsRedacted({ type: 'x', value: 'redacted' })).toBe(false)
  })
})

describe('live replay on a page', () => {
  const path = () => recordedPath().filter((s) => s.event.type !== 'door.approved')

  test("behavior: step by step, each event goes to the page's actor of its name; the wallet's prompt is approved by the wallet", async () => {
    const page = createActor(door).start()
    const wallet = heldWallet(() => page)
    // The page asks the wallet when the door is asked to open (as the modal asks the dev wallet on a connect).
    page.subscribe((s) => s.matches('asking') && wallet.pending.length === 0 && wallet.ask())
    const replay = createActor(liveReplayMachine.provide({ actors: liveReplayActors(page, [wallet], { maxGap: 0 }) })).start()
    replay.send({ type: 'replay.start', steps: path() })
    replay.send({ type: 'replay.next' })
    await waitFor(replay, (s) => s.matches({ active: 'ready' }))
    await waitFor(page, (s) => s.matches('open'))
    expect(page.getSnapshot().context.visitor).toBe('A')
    replay.send({ type: 'replay.run' })
    await waitFor(replay, (s) => s.matches({ active: 'done' }))
    expect(page.system.get('lock').getSnapshot().value).toBe('open')
    expect(page.getSnapshot().value).toBe('closed')
    replay.send({ type: 'replay.stop' })
    expect(replay.getSnapshot().value).toBe('idle')
  })

  test('behavior: a step its actor does not accept stops the replay with a clear message, and nothing more is sent', async () => {
    const page = createActor(door).start()
    const heard: string[] = []
    page.system.inspect((e) => e.type === '@xstate.event' && heard.push(e.event.type))
    const steps: LiveStep[] = [{ seq: 1, actor: 'root', event: { type: 'door.close' }, before: null, gap: 0 }, ...path()]
    const replay = createActor(liveReplayMachine.provide({ actors: liveReplayActors(page, [], { stateWait: 50 }) })).start()
    replay.send({ type: 'replay.start', steps })
    replay.send({ type: 'replay.run' })
    await waitFor(replay, (s) => s.matches('refused'))
    expect(replay.getSnapshot().context.failure).toMatchInlineSnapshot(`"Step 1 (root: door.close) is not accepted: root is in closed, the recording had it in (no state). The replay stopped; nothing more was sent."`)
    expect(replay.getSnapshot().context.next).toBe(0)
    expect(heard.filter((t) => t.startsWith('door.') || t.startsWith('lock.'))).toEqual([])
  })

  test('behavior: a step naming no actor of the page, or carrying a redacted value, is refused with its reason', async () => {
    const page = createActor(door).start()
    const actors = liveReplayActors(page)
    const run = (step: LiveStep) => toPromise(createActor(actors.sendStep, { input: { step, index: 2, paced: false } }).start())
    await expect(run({ seq: 1, actor: 'root', event: { type: 'door.open', visitor: REDACTED }, before: 'closed', gap: 0 })).rejects.toThrowError(LiveReplayError)
    await expect(run({ seq: 1, actor: 'root', event: { type: 'door.open', visitor: REDACTED }, before: 'closed', gap: 0 })).rejects.toThrow(/^Step 3 \(root: door\.open\) carries a value the recording redacted/)
    expect(page.getSnapshot().value).toBe('closed')
  })

  test('model: the walk takes every transition and reaches every state (100 %, counted by the inspector itself)', async () => {
    const step: LiveStep = { seq: 1, actor: 'root', event: { type: 'x' }, before: null, gap: 0 }
    // The page's side held until the walk answers it: each sendStep resolves or fails when told.
    let settle: { resolve: () => void; reject: (e: unknown) => void } | null = null
    const logic = liveReplayMachine.provide({
      actors: {
        sendStep: fromPromise(() => new Promise<void>((resolve, reject) => (settle = { resolve, reject }))),
        answerWallets: fromCallback(() => () => {}),
      },
    })
    type Move = LiveReplayEvent | 'sent' | 'refused'
    const paths: Move[][] = [
      [
        { type: 'replay.start', steps: [step, step, step] },
        { type: 'replay.next' },
        { type: 'replay.waiting', index: 0, reason: 'Waiting for root to appear on the page' },
        'sent',
        { type: 'replay.run' },
        { type: 'replay.pause' },
        { type: 'replay.run' },
        { type: 'replay.waiting', index: 1, reason: "The recording's pace: 0.4 s" },
        'sent',
        'sent',
        { type: 'replay.start', steps: [step] },
        { type: 'replay.stop' },
      ],
      [{ type: 'replay.start', steps: [step] }, { type: 'replay.next' }, 'refused', { type: 'replay.start', steps: [step] }, { type: 'replay.run' }, 'refused', { type: 'replay.stop' }],
      [{ type: 'replay.start', steps: [step] }, { type: 'replay.next' }, 'sent', { type: 'replay.stop' }],
      [{ type: 'replay.start', steps: [] }, { type: 'replay.stop' }],
    ]
    const recorder = createRecorder()
    for (const moves of paths) {
      const actor = createActor(logic, { inspect: recorder.inspect }).start()
      for (const move of moves) {
        if (move === 'sent' || move === 'refused') {
          const held = settle as { resolve: () => void; reject: (e: unknown) => void } | null
          settle = null
          if (move === 'sent') held?.resolve()
          else held?.reject(new LiveReplayError('refused'))
          await Promise.resolve()
          await Promise.resolve()
        } else actor.send(move)
      }
      actor.stop()
    }
    const session = recorder.session()
    const summary = coverageSummary(session.machines.inspectorLiveReplay!, session.coverage.inspectorLiveReplay)
    expect(summary.states.missed).toEqual([])
    expect(summary.transitions.missed).toEqual([])
    expect(summary.transitions.total).toBe(transitionInventory(liveReplayMachine).length)
    expect(summary.states.total).toBe(stateInventory(liveReplayMachine).filter((id) => id !== 'inspectorLiveReplay').length)
  })

  test("behavior: the waiting line is the step in flight's: kept while it waits, gone once it is sent, refused, paused or stopped; a word about another step is dropped", async () => {
    const step: LiveStep = { seq: 1, actor: 'root', event: { type: 'x' }, before: null, gap: 0 }
    let settle: { resolve: () => void; reject: (e: unknown) => void } | null = null
    const held = () => settle as { resolve: () => void; reject: (e: unknown) => void } | null
    const actor = createActor(
      liveReplayMachine.provide({ actors: { sendStep: fromPromise(() => new Promise<void>((resolve, reject) => (settle = { resolve, reject }))), answerWallets: fromCallback(() => () => {}) } }),
    ).start()
    const waiting = () => actor.getSnapshot().context.waiting
    actor.send({ type: 'replay.start', steps: [step, step] })
    expect(waiting()).toBeNull()
    // Not in flight: nothing to wait for.
    actor.send({ type: 'replay.waiting', index: 0, reason: 'early' })
    expect(waiting()).toBeNull()
    actor.send({ type: 'replay.next' })
    actor.send({ type: 'replay.waiting', index: 1, reason: 'the next step' })
    expect(waiting()).toBeNull()
    actor.send({ type: 'replay.waiting', index: 0, reason: 'Waiting for root to appear on the page' })
    expect(waiting()).toBe('Waiting for root to appear on the page')
    held()?.resolve()
    await waitFor(actor, (s) => s.context.next === 1)
    expect(waiting()).toBeNull()
    actor.send({ type: 'replay.run' })
    actor.send({ type: 'replay.waiting', index: 1, reason: 'Waiting for root to accept x (it is in idle)' })
    expect(waiting()).toBe('Waiting for root to accept x (it is in idle)')
    actor.send({ type: 'replay.pause' })
    expect(waiting()).toBeNull()
    actor.send({ type: 'replay.next' })
    actor.send({ type: 'replay.waiting', index: 1, reason: 'again' })
    held()?.reject(new LiveReplayError('refused'))
    await waitFor(actor, (s) => s.matches('refused'))
    expect(waiting()).toBeNull()
    actor.send({ type: 'replay.start', steps: [step] })
    actor.send({ type: 'replay.next' })
    actor.send({ type: 'replay.waiting', index: 0, reason: 'once more' })
    actor.send({ type: 'replay.stop' })
    expect(actor.getSnapshot().context).toMatchObject({ waiting: null, steps: [], next: 0 })
  })
})

/** A page with two regions: `work` takes `job.start` (and `job.connect`, naming a wallet), `paint` only `paint.done`. */
const studio = setup({
  types: {
    context: {} as { connectors: { id: string }[] },
    events: {} as { type: 'job.start' } | { type: 'job.connect'; connectorId: string } | { type: 'job.stop' } | { type: 'paint.done' } | { type: 'connectors.changed'; connectors: { id: string }[] },
  },
}).createMachine({
  id: 'studio',
  context: { connectors: [] },
  type: 'parallel',
  on: { 'connectors.changed': { actions: assign({ connectors: ({ event }) => event.connectors }) } },
  states: {
    work: {
      initial: 'idle',
      states: { idle: { on: { 'job.start': 'busy', 'job.connect': 'busy' } }, busy: { on: { 'job.stop': 'idle' } } },
    },
    paint: { initial: 'waiting', states: { waiting: { on: { 'paint.done': 'painted' } }, painted: {} } },
  },
})

describe('the wait before a step', () => {
  const send = (page: AnyActorRef, step: LiveStep, stateWait: number) => toPromise(createActor(liveReplayActors(page, [], { stateWait }).sendStep, { input: { step, index: 0, paced: false } }).start())
  const step = (event: LiveStep['event'], before: unknown): LiveStep => ({ seq: 1, actor: 'root', event, before, gap: 0 })

  test('behavior: only the regions the event can be taken in are compared with the recorded state', () => {
    const page = createActor(studio).start()
    page.send({ type: 'paint.done' })
    // The page already passed the recorded `paint: waiting`; `job.start` is not taken in `paint`.
    expect(atRecordedState(page, step({ type: 'job.start' }, { work: 'idle', paint: 'waiting' }))).toBe(true)
    expect(atRecordedState(page, step({ type: 'paint.done' }, { work: 'idle', paint: 'waiting' }))).toBe(false)
    expect(atRecordedState(page, step({ type: 'job.start' }, { work: 'busy', paint: 'painted' }))).toBe(false)
    expect(atRecordedState(page, step({ type: 'job.start' }, null))).toBe(true)
  })

  test("behavior: a recorded state in a region the event does not touch, already passed, holds no step (the wait would outlast the test's timeout)", async () => {
    const page = createActor(studio).start()
    page.send({ type: 'paint.done' })
    await send(page, step({ type: 'job.start' }, { work: 'idle', paint: 'waiting' }), 60_000)
    expect(page.getSnapshot().value).toEqual({ work: 'busy', paint: 'painted' })
  })

  test('behavior: the wait ends when the recorded state comes, not after its limit', async () => {
    const page = createActor(studio).start()
    page.send({ type: 'job.start' })
    // Recorded in `work: idle` again (after a `job.stop` the page has not had yet): `job.start` is held until then.
    const sent = send(page, step({ type: 'job.start' }, { work: 'idle', paint: 'waiting' }), 60_000)
    await Promise.resolve()
    expect(page.getSnapshot().value).toEqual({ work: 'busy', paint: 'waiting' })
    page.send({ type: 'job.stop' })
    await sent
    expect(page.getSnapshot().value).toEqual({ work: 'busy', paint: 'waiting' })
  })

  test('bad input: a recorded state that never comes ends the wait at its limit, and the step is refused when not accepted', async () => {
    const page = createActor(studio).start()
    page.send({ type: 'job.start' })
    await expect(send(page, step({ type: 'job.start' }, { work: { nowhere: 'x' }, paint: 'waiting' }), 30)).rejects.toThrow(
      'Step 1 (root: job.start) is not accepted: root is in work.busy | paint.waiting, the recording had it in work.(nowhere.x) | paint.waiting. The replay stopped; nothing more was sent.',
    )
    expect(page.getSnapshot().value).toEqual({ work: 'busy', paint: 'waiting' })
  })

  test('bad input: a recorded state that never comes, the event accepted all along: sent once the limit is reached', async () => {
    const page = createActor(studio).start()
    await send(page, step({ type: 'job.start' }, { work: 'elsewhere', paint: 'waiting' }), 30)
    expect(page.getSnapshot().value).toEqual({ work: 'busy', paint: 'waiting' })
  })

  test('behavior: while the page keeps changing (a connect under way on a slow machine), the limit counts from its last change; the step goes once the recorded state comes', async () => {
    vi.useFakeTimers()
    try {
      const page = createActor(studio).start()
      page.send({ type: 'job.start' })
      // Recorded in `work: idle`; `job.start` is not taken in `busy`. The page changes every 40 ms, 400 ms in all.
      const sent = send(page, step({ type: 'job.start' }, { work: 'idle', paint: 'waiting' }), 50)
      let settled = false
      void sent.then(
        () => (settled = true),
        () => (settled = true),
      )
      for (let i = 0; i < 10; i++) {
        await vi.advanceTimersByTimeAsync(40)
        page.send({ type: 'connectors.changed', connectors: [{ id: `w${i}` }] })
      }
      expect(settled).toBe(false)
      page.send({ type: 'job.stop' })
      await sent
      expect(page.getSnapshot().value).toEqual({ work: 'busy', paint: 'waiting' })
    } finally {
      vi.useRealTimers()
    }
  })

  test('bad input: a page that keeps changing but never reaches the recorded state: the wait ends at its cap, and the step is refused when not accepted', async () => {
    vi.useFakeTimers()
    try {
      const page = createActor(studio).start()
      page.send({ type: 'job.start' })
      const sent = createActor(liveReplayActors(page, [], { stateWait: 50, waitCap: 300 }).sendStep, { input: { step: step({ type: 'job.start' }, { work: 'idle', paint: 'waiting' }), index: 0, paced: false } }).start()
      const refused = toPromise(sent).then(
        () => undefined,
        (error: unknown) => error,
      )
      for (let i = 0; i < 10; i++) {
        await vi.advanceTimersByTimeAsync(40)
        page.send({ type: 'connectors.changed', connectors: [{ id: `w${i}` }] })
      }
      // 400 ms of changes: past the 300 ms cap, the step is refused (not accepted in busy).
      expect(await refused).toMatchObject({ message: expect.stringMatching(/^Step 1 \(root: job\.start\) is not accepted: root is in work\.busy/) })
      expect(page.getSnapshot().value).toEqual({ work: 'busy', paint: 'waiting' })
    } finally {
      vi.useRealTimers()
    }
  })

  test("bad input: a check that throws (a guard the page's `can` runs) refuses the step with its reason, and the page keeps working: the checks run after the page's step, never inside it", async () => {
    /** A page whose `x.go` guard throws once `tick` has run: what the replay's acceptance check runs. */
    const fragile = setup({
      types: { context: {} as { ticks: number }, events: {} as { type: 'tick' } | { type: 'x.go' } },
      guards: {
        isOpen: ({ context }) => {
          if (context.ticks >= 1) throw new TypeError('the lock is jammed')
          return false
        },
      },
    }).createMachine({
      id: 'fragile',
      context: { ticks: 0 },
      initial: 'idle',
      states: { idle: { on: { tick: { actions: assign({ ticks: ({ context }) => context.ticks + 1 }) }, 'x.go': { guard: 'isOpen', target: 'gone' } } }, gone: {} },
    })
    const page = createActor(fragile).start()
    const refused = send(page, step({ type: 'x.go' }, 'idle'), 60_000).then(
      () => undefined,
      (error: unknown) => error,
    )
    await Promise.resolve()
    // The change the replay checks (its guard now throws): an exception inside the page's update would leave its
    // mailbox stuck, every later event queued and none processed.
    page.send({ type: 'tick' })
    expect(await refused).toMatchObject({
      name: 'LiveReplayError',
      shortMessage:
        "Step 1 (root: x.go) could not be checked against the page: Unable to evaluate guard 'isOpen' in transition for event 'x.go' in state node 'fragile.idle':\nthe lock is jammed. The replay stopped; nothing more was sent.",
    })
    page.send({ type: 'tick' })
    expect(page.getSnapshot().context.ticks).toBe(2)
    expect(page.getSnapshot().value).toBe('idle')
  })

  test('bad input: an event no state of the chart takes is refused at once (waiting cannot help)', async () => {
    const page = createActor(studio).start()
    await expect(send(page, step({ type: 'nobody.hears' }, { work: 'idle', paint: 'waiting' }), 60_000)).rejects.toThrow(/^Step 1 \(root: nobody\.hears\) is not accepted: root is in /)
  })

  test('behavior: a step naming a wallet waits until the page has discovered it (a request sent earlier would fail)', async () => {
    const page = createActor(studio).start()
    const connect = step({ type: 'job.connect', connectorId: 'dev.wallet' }, { work: 'idle', paint: 'waiting' })
    expect(connectorListed(page, connect.event)).toBe(false)
    expect(connectorListed(page, { type: 'job.start' })).toBe(true)
    const sent = send(page, connect, 60_000)
    await Promise.resolve()
    expect(page.getSnapshot().value).toEqual({ work: 'idle', paint: 'waiting' })
    page.send({ type: 'connectors.changed', connectors: [{ id: 'other' }] })
    await Promise.resolve()
    expect(page.getSnapshot().value).toEqual({ work: 'idle', paint: 'waiting' })
    page.send({ type: 'connectors.changed', connectors: [{ id: 'other' }, { id: 'dev.wallet' }] })
    await sent
    expect(page.getSnapshot().value).toEqual({ work: 'busy', paint: 'waiting' })
  })

  test("behavior: a page waiting on the wallet's answer (a connect invoked by its child actor) is on its way however long it is quiet: the step goes once the recorded state comes", async () => {
    vi.useFakeTimers()
    try {
      const page = createActor(dapp).start()
      page.send({ type: 'connection.request' })
      expect(awaitsResult(page)).toBe(true)
      // Recorded with the modal closed after the connect; `app.open` is also taken while connecting (it would cancel it).
      const sent = send(page, step({ type: 'app.open' }, 'closed'), 50)
      let settled = false
      void sent.then(
        () => (settled = true),
        () => (settled = true),
      )
      // Ten quiet limits without a change of the page: the wallet has not answered.
      await vi.advanceTimersByTimeAsync(500)
      expect(settled).toBe(false)
      expect(page.getSnapshot().value).toBe('connecting')
      answerConnect()
      await sent
      expect(page.getSnapshot().value).toBe('open')
      expect(page.getSnapshot().context.connected).toBe(true)
      expect(awaitsResult(page)).toBe(false)
    } finally {
      vi.useRealTimers()
    }
  })

  test('behavior: a spawned actor waiting on a result counts too (the connections the root spawns)', async () => {
    const page = createActor(setup({ actors: { walletConnection } }).createMachine({ context: ({ spawn }) => ({ connection: spawn('walletConnection', { id: 'connection' }) }) })).start()
    expect(awaitsResult(page)).toBe(true)
    answerConnect()
    await Promise.resolve()
    await Promise.resolve()
    expect(awaitsResult(page)).toBe(false)
  })

  test('bad input: a page quiet in a state whose only invocation is a listener (no result awaited) ends the wait at its limit; the step is refused when not accepted', async () => {
    const page = createActor(dapp).start()
    page.send({ type: 'app.open' })
    // `open` invokes a listener for its whole life and takes no `app.close`… only `closed` would accept `app.confirm`.
    expect(awaitsResult(page)).toBe(false)
    await expect(send(page, step({ type: 'app.confirm' }, 'closed'), 30)).rejects.toThrow(
      'Step 1 (root: app.confirm) is not accepted: root is in open, the recording had it in closed. The replay stopped; nothing more was sent.',
    )
    expect(page.getSnapshot().value).toBe('open')
  })

  test('bad input: a page whose awaited connect failed is quiet again: the wait ends at its limit', async () => {
    vi.useFakeTimers()
    try {
      const page = createActor(dapp).start()
      page.send({ type: 'connection.request' })
      const sent = send(page, step({ type: 'app.confirm' }, 'closed'), 50)
      const refused = sent.then(
        () => undefined,
        (error: unknown) => error,
      )
      failConnect()
      // Two quiet limits: the recorded state's, then the acceptance's.
      await vi.advanceTimersByTimeAsync(120)
      expect(await refused).toMatchObject({ message: expect.stringMatching(/^Step 1 \(root: app\.confirm\) is not accepted: root is in failed/) })
    } finally {
      vi.useRealTimers()
    }
  })
})

/** The wallet's refusal of the connect. */
class WalletDeclinedError extends Error {
  override name = 'WalletDeclinedError'
}
/** The wallet's answer to the pending connect of {@link dapp}: resolves or rejects it. */
let answerConnect = () => {}
let failConnect = () => {}
/** A connection, spawned by the page: `connecting` waits on the wallet (an invoked promise, `onDone`). */
const walletConnection = setup({
  actors: {
    connect: fromPromise(
      () =>
        new Promise<void>((resolve, reject) => {
          answerConnect = resolve
          failConnect = () => reject(new WalletDeclinedError('declined'))
        }),
    ),
  },
}).createMachine({
  id: 'connection',
  initial: 'connecting',
  // A declined connect (no `onError` here) errors the connection, which the page takes as its invocation's error.
  states: { connecting: { invoke: { src: 'connect', onDone: 'connected' } }, connected: { type: 'final' } },
})
/**
 * A dapp's page: `connection.request` spawns {@link walletConnection} and waits for it; its end closes the modal
 * (`closed`, connected) or leaves it on `failed`. `open` invokes a listener for its whole life. `app.open` is taken
 * everywhere (while connecting it cancels the connect), `app.confirm` only in `closed`.
 */
const dapp = setup({
  types: { context: {} as { connected: boolean }, events: {} as { type: 'app.open' } | { type: 'app.confirm' } | { type: 'connection.request' } },
  actors: { walletConnection, listen: fromCallback(() => () => {}) },
}).createMachine({
  id: 'dapp',
  context: { connected: false },
  initial: 'closed',
  on: { 'app.open': '.open' },
  states: {
    closed: { on: { 'connection.request': 'connecting', 'app.confirm': 'closed' } },
    open: { invoke: { src: 'listen' } },
    connecting: {
      invoke: { id: 'connection', src: 'walletConnection', onDone: { target: 'closed', actions: assign({ connected: true }) }, onError: 'failed' },
    },
    failed: {},
  },
})

describe("what a step waits for (the bar's waiting line)", () => {
  const step = (event: LiveStep['event'], before: unknown, gap = 0): LiveStep => ({ seq: 1, actor: 'root', event, before, gap })
  /** A replay of `page` registered under its system id (as the inspector's panel creates it), with the waiting lines it was told. */
  function replayOf(page: AnyActorRef, timing: { stateWait?: number; maxGap?: number } = {}) {
    const replay = createActor(liveReplayMachine.provide({ actors: liveReplayActors(page, [], { stateWait: 60_000, ...timing }) }), { systemId: liveReplaySystemId }).start()
    const lines: Array<string | null> = []
    replay.subscribe((s) => {
      if (lines.at(-1) !== s.context.waiting) lines.push(s.context.waiting)
    })
    return { replay, lines }
  }

  test('behavior: a step held for its recorded state says which state, and the one the actor is in; the line goes once it is sent', async () => {
    const page = createActor(studio).start()
    page.send({ type: 'job.start' })
    const { replay, lines } = replayOf(page)
    replay.send({ type: 'replay.start', steps: [step({ type: 'job.start' }, { work: 'idle', paint: 'waiting' })] })
    replay.send({ type: 'replay.next' })
    await waitFor(replay, (s) => s.context.waiting !== null)
    expect(replay.getSnapshot().context.waiting).toBe('Waiting for root to reach work.idle | paint.waiting (it is in work.busy | paint.waiting)')
    page.send({ type: 'job.stop' })
    await waitFor(replay, (s) => s.matches({ active: 'done' }))
    expect(replay.getSnapshot().context.waiting).toBeNull()
    expect(page.getSnapshot().value).toEqual({ work: 'busy', paint: 'waiting' })
    expect(lines).toEqual([null, 'Waiting for root to reach work.idle | paint.waiting (it is in work.busy | paint.waiting)', null])
  })

  test('behavior: a step naming a wallet not yet discovered says so', async () => {
    const page = createActor(studio).start()
    const { replay } = replayOf(page)
    replay.send({ type: 'replay.start', steps: [step({ type: 'job.connect', connectorId: 'dev.wallet' }, { work: 'idle', paint: 'waiting' })] })
    replay.send({ type: 'replay.next' })
    await waitFor(replay, (s) => s.context.waiting !== null)
    expect(replay.getSnapshot().context.waiting).toBe('Waiting for the wallet dev.wallet to be discovered')
    page.send({ type: 'connectors.changed', connectors: [{ id: 'dev.wallet' }] })
    await waitFor(replay, (s) => s.matches({ active: 'done' }))
    expect(page.getSnapshot().value).toEqual({ work: 'busy', paint: 'waiting' })
  })

  test("behavior: a page waiting on a result says whose (the wallet's answer to a connect), and the line follows the page as it moves", async () => {
    const page = createActor(dapp).start()
    page.send({ type: 'connection.request' })
    expect(awaitedResult(page)).toBe("root's walletConnection (in connecting)")
    const { replay, lines } = replayOf(page)
    replay.send({ type: 'replay.start', steps: [step({ type: 'app.confirm' }, 'closed')] })
    replay.send({ type: 'replay.next' })
    await waitFor(replay, (s) => s.context.waiting !== null)
    expect(replay.getSnapshot().context.waiting).toBe("Waiting for root to reach closed (it is in connecting); the page waits on root's walletConnection (in connecting)")
    answerConnect()
    await waitFor(replay, (s) => s.matches({ active: 'done' }))
    expect(awaitedResult(page)).toBeUndefined()
    expect(page.getSnapshot().context.connected).toBe(true)
    expect(lines.at(-1)).toBeNull()
  })

  test("behavior: at the recording's pace, the pause before a step is said with its length", async () => {
    vi.useFakeTimers()
    try {
      const page = createActor(studio).start()
      const { replay } = replayOf(page, { maxGap: 800 })
      replay.send({ type: 'replay.start', steps: [step({ type: 'job.start' }, null, 5_000)] })
      replay.send({ type: 'replay.run' })
      expect(replay.getSnapshot().context.waiting).toBe("The recording's pace: 0.8 s")
      await vi.advanceTimersByTimeAsync(800)
      await waitFor(replay, (s) => s.matches({ active: 'done' }))
      expect(replay.getSnapshot().context.waiting).toBeNull()
      expect(page.getSnapshot().value).toEqual({ work: 'busy', paint: 'waiting' })
    } finally {
      vi.useRealTimers()
    }
  })

  test('bad input: a step refused after its wait leaves the failure, not a waiting line; a replay made without the system id replays with none', async () => {
    const page = createActor(studio).start()
    page.send({ type: 'job.start' })
    const { replay } = replayOf(page, { stateWait: 20 })
    replay.send({ type: 'replay.start', steps: [step({ type: 'job.start' }, { work: { nowhere: 'x' }, paint: 'waiting' })] })
    replay.send({ type: 'replay.next' })
    await waitFor(replay, (s) => s.matches('refused'))
    expect(replay.getSnapshot().context).toMatchObject({ waiting: null, failure: expect.stringMatching(/^Step 1 \(root: job\.start\) is not accepted/) })
    const other = createActor(studio).start()
    other.send({ type: 'job.start' })
    const plain = createActor(liveReplayMachine.provide({ actors: liveReplayActors(other, [], { stateWait: 60_000 }) })).start()
    plain.send({ type: 'replay.start', steps: [step({ type: 'job.start' }, { work: 'idle', paint: 'waiting' })] })
    plain.send({ type: 'replay.next' })
    other.send({ type: 'job.stop' })
    await waitFor(plain, (s) => s.matches({ active: 'done' }))
    expect(plain.getSnapshot().context.waiting).toBeNull()
  })
})
