import { assign, createActor, fromCallback, fromPromise, setup, type AnyActorRef } from 'xstate'
import { describe, expect, test, vi } from 'vitest'
import { toastMachine } from '../machines/toast.ts'
import { transitionInventory } from '../tests/model/coverage.ts'
import { machineToGraph } from './graph.ts'
import { REDACTED } from './plain.ts'
import { createRecorder } from './recorder.ts'
import { coverageSummary, InspectorSessionError, mergeCoverage, parseSession } from './session.ts'

const lock = setup({ types: { events: {} as { type: 'lock.toggle' } } }).createMachine({
  id: 'lock',
  initial: 'locked',
  states: { locked: { on: { 'lock.toggle': 'open' } }, open: { on: { 'lock.toggle': 'locked' } } },
})
const door = setup({
  types: { context: {} as { lock: AnyActorRef; code: string }, events: {} as { type: 'door.open'; otp: string } | { type: 'door.close' } | { type: 'door.knock' } },
  actors: { lock },
  actions: { remember: assign({ code: ({ event }) => (event.type === 'door.open' ? event.otp : '') }) },
}).createMachine({
  id: 'door',
  context: ({ spawn }) => ({ lock: spawn('lock', { id: 'lock', systemId: 'lock' }), code: '' }),
  initial: 'closed',
  states: {
    closed: { on: { 'door.open': { target: 'open', actions: 'remember' } } },
    open: { on: { 'door.close': 'closed', 'door.knock': {} } },
  },
})

describe('createRecorder', () => {
  test('behavior: actors, events and snapshots in order, secrets out, coverage named as the model walks name it', () => {
    const recorder = createRecorder()
    const actor = createActor(door, { inspect: recorder.inspect }).start()
    actor.send({ type: 'door.open', otp: '204816' })
    actor.send({ type: 'door.knock' })
    actor.send({ type: 'door.close' })
    actor.system.get('lock').send({ type: 'lock.toggle' })
    const session = recorder.session()

    expect(session.actors.map((a) => [a.name, a.machineId])).toEqual([
      ['root', 'door'],
      ['lock', 'lock'],
    ])
    const root = session.actors[0]!.sessionId
    const events = session.entries.filter((e) => e.kind === 'event' && e.actor === root).map((e) => (e.kind === 'event' ? e.event : null))
    expect(events).toEqual([{ type: 'xstate.init', input: undefined }, { type: 'door.open', otp: REDACTED }, { type: 'door.knock' }, { type: 'door.close' }].map((e) => JSON.parse(JSON.stringify(e))))
    expect(JSON.stringify(session)).not.toContain('204816')
    expect(session.entries.map((e) => e.seq)).toEqual(session.entries.map((_, i) => i + 1))

    expect(session.coverage.door!.transitions).toEqual({ 'door.closed --door.open[0]': 1, 'door.open --door.knock[0]': 1, 'door.open --door.close[0]': 1 })
    expect(session.coverage.door!.states).toMatchObject({ 'door.closed': 2, 'door.open': 2 })
    expect(session.coverage.lock!.transitions).toEqual({ 'lock.locked --lock.toggle[0]': 1 })
    // The ids are the model walks' own: every transition id recorded is in the machine's inventory.
    expect(transitionInventory(door)).toEqual(expect.arrayContaining(Object.keys(session.coverage.door!.transitions)))
    expect(coverageSummary(session.machines.door!, session.coverage.door)).toEqual({
      states: { visited: 2, total: 2, missed: [] },
      transitions: { visited: 3, total: 3, missed: [] },
    })
    expect(coverageSummary(session.machines.lock!, session.coverage.lock).transitions).toEqual({ visited: 1, total: 2, missed: ['lock.open --lock.toggle[0]'] })
  })

  test('behavior: attached after the start, adopt records the actors already running with their state', () => {
    const actor = createActor(door).start()
    actor.send({ type: 'door.open', otp: '1' })
    const recorder = createRecorder()
    actor.system.inspect(recorder.inspect)
    recorder.adopt(actor)
    recorder.adopt(actor)
    const session = recorder.session()
    expect(session.actors.map((a) => a.name)).toEqual(['root', 'lock'])
    const adopted = session.entries.filter((e) => e.kind === 'snapshot').map((e) => (e.kind === 'snapshot' ? [e.event, e.value] : null))
    expect(adopted).toEqual([
      ['inspector.adopted', 'open'],
      ['inspector.adopted', 'locked'],
    ])
    actor.send({ type: 'door.close' })
    expect(recorder.session().coverage.door!.transitions).toEqual({ 'door.open --door.close[0]': 1 })
  })

  test("behavior: an actor without an id of its own is named by what it runs (its src, else its machine), not by XState's made-up id", () => {
    const house = setup({
      actors: { watchDoor: fromCallback(() => () => {}), fetchKeys: fromPromise(async () => 1), lock },
    }).createMachine({
      id: 'house',
      context: ({ spawn }) => ({ spawned: spawn('lock'), named: spawn('lock', { id: 'frontLock' }) }),
      invoke: [{ src: 'watchDoor' }, { src: 'fetchKeys', id: 'keys' }, { src: lock }],
    })
    const recorder = createRecorder()
    createActor(house, { inspect: recorder.inspect }).start()
    const names = recorder.session().actors.map((a) => a.name)
    expect(names.sort()).toEqual(['frontLock', 'keys', 'lock', 'lock', 'root', 'watchDoor'])
    expect(names.some((n) => /^\d+\.|^x:/.test(n))).toBe(false)
  })

  test('bad input: a listener that throws is reported on the console; the others still hear, and the page keeps processing (the listeners run inside its update)', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const recorder = createRecorder()
      let heard = 0
      recorder.subscribe(() => {
        throw new RangeError('the panel gave up')
      })
      recorder.subscribe(() => heard++)
      const actor = createActor(door, { inspect: recorder.inspect }).start()
      actor.send({ type: 'door.open', otp: 'x' } as never)
      actor.send({ type: 'door.close' })
      expect(actor.getSnapshot().value).toBe('closed')
      expect(heard).toBe(recorder.session().entries.at(-1)!.seq)
      expect(errors).toHaveBeenCalledWith('latchkey inspector: a listener of the recorder threw; the page goes on.', expect.any(RangeError))
    } finally {
      errors.mockRestore()
    }
  })

  test('behavior: past the limit the oldest entries go, coverage keeps counting, listeners hear each entry', () => {
    const recorder = createRecorder({ limit: 5 })
    let heard = 0
    const stop = recorder.subscribe(() => heard++)
    const actor = createActor(door, { inspect: recorder.inspect }).start()
    for (let i = 0; i < 10; i++) actor.send({ type: i % 2 ? 'door.close' : 'door.open', otp: 'x' } as never)
    stop()
    const session = recorder.session()
    expect(session.entries).toHaveLength(5)
    expect(session.entries.at(-1)!.seq).toBeGreaterThan(20)
    expect(heard).toBe(session.entries.at(-1)!.seq)
    expect(session.coverage.door!.transitions['door.closed --door.open[0]']).toBe(5)
    recorder.clear()
    expect(recorder.session().entries).toEqual([])
  })

  test('behavior: a production machine (the toast) records under its own ids', () => {
    const recorder = createRecorder()
    const actor = createActor(toastMachine, { inspect: recorder.inspect }).start()
    actor.send({ type: 'toast.show', variant: 'loading', message: 'x' as never })
    const covered = Object.keys(recorder.session().coverage[toastMachine.id]!.transitions)
    expect(covered.length).toBeGreaterThan(0)
    expect(transitionInventory(toastMachine)).toEqual(expect.arrayContaining(covered))
  })
})

describe('parseSession', () => {
  const recorded = () => {
    const recorder = createRecorder({ url: 'http://127.0.0.1:5173/' })
    const actor = createActor(door, { inspect: recorder.inspect }).start()
    actor.send({ type: 'door.open', otp: '99' })
    return recorder.session()
  }

  test('behavior: an exported session reads back identically, from text or value', () => {
    const session = recorded()
    const text = JSON.stringify(session)
    expect(parseSession(text)).toEqual(JSON.parse(text))
    expect(parseSession(JSON.parse(text))).toEqual(JSON.parse(text))
  })

  test('bad input: not JSON, another format or version, a bad entry or count are refused whole, naming the field', () => {
    const good = JSON.parse(JSON.stringify(recorded()))
    const refusal = (input: unknown) => {
      try {
        parseSession(input)
      } catch (error) {
        expect(error).toBeInstanceOf(InspectorSessionError)
        return (error as InspectorSessionError).details || (error as InspectorSessionError).shortMessage
      }
      return 'accepted'
    }
    expect(refusal('{ not json')).toMatch(/JSON/)
    expect(refusal(null)).toMatch(/^\(root\)/)
    expect(refusal({ ...good, format: 'other' })).toMatch(/^format:/)
    expect(refusal({ ...good, version: 2 })).toMatch(/^version:/)
    expect(refusal({ ...good, entries: [{ seq: 1, at: 0, kind: 'shout', actor: 'x' }] })).toMatch(/^entries\.0/)
    expect(refusal({ ...good, coverage: { door: { states: { a: -1 }, transitions: {} } } })).toMatch(/^coverage\.door\.states\.a:/)
    expect(refusal({ ...good, machines: { door: { id: 'door', nodes: 'all', edges: [] } } })).toMatch(/^machines\.door\.nodes:/)
  })

  test('bad input: a secret written into a file by hand is taken out on import', () => {
    const good = JSON.parse(JSON.stringify(recorded()))
    good.entries.push({ seq: 99, at: 1, kind: 'event', actor: 'x:0', source: null, event: { type: 'emailLogin.submitOtp', otp: '123456' } })
    expect(JSON.stringify(parseSession(good))).not.toContain('123456')
  })
})

describe('mergeCoverage', () => {
  test('behavior: counts add per machine, state and transition; the inputs stay as they were', () => {
    const a = { door: { states: { 'door.open': 1 }, transitions: { 't[0]': 2 } } }
    const b = { door: { states: { 'door.closed': 1 }, transitions: { 't[0]': 1 } }, lock: { states: {}, transitions: { 'u[0]': 1 } } }
    expect(mergeCoverage(a, b)).toEqual({ door: { states: { 'door.open': 1, 'door.closed': 1 }, transitions: { 't[0]': 3 } }, lock: { states: {}, transitions: { 'u[0]': 1 } } })
    expect(a.door.transitions['t[0]']).toBe(2)
    expect(machineToGraph(door).id).toBe('door')
  })
})
