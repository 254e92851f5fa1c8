import { createActor, fromCallback, SimulatedClock } from 'xstate'
import { describe, expect, test } from 'vitest'
import { machineToGraph } from '../../inspect/graph.ts'
import type { ActorInfo, DemoMessage, VisualiserMessage } from './protocol.ts'
import { connectSession, formatValue } from './session.connect.ts'
import { sessionMachine } from './session.ts'
import { connectionMachine } from '../../machines/connection.ts'

const connection: ActorInfo = { sessionId: 'x:9', id: 'connection.eip155', systemId: 'connection.eip155', name: 'connection.eip155', machineId: 'connection', parent: 'x:0' }
const graphs = new Map([['connection', machineToGraph(connectionMachine)]])

/** A session on a fake channel: what it posted, and a way to deliver demo messages. */
function start(input: { historyLimit?: number } = {}) {
  const posted: VisualiserMessage[] = []
  const clock = new SimulatedClock()
  const actor = createActor(sessionMachine.provide({ actors: { channel: fromCallback<{ type: 'post'; message: VisualiserMessage }>(({ receive }) => receive((e) => posted.push(e.message))) } }), {
    input: { selectedMachine: 'connection', ...input },
    clock,
  }).start()
  const deliver = (message: DemoMessage) => actor.send({ type: 'demo.message', message })
  const view = () => connectSession(actor.getSnapshot(), graphs, actor.send)
  let seq = 0
  const step = (value: unknown, event: Record<string, unknown> & { type: string }, instance = 'demo-1') =>
    deliver({ kind: 'inspection', instance, seq: ++seq, at: 1_000 + seq, type: '@xstate.snapshot', actor: connection, event, snapshot: { status: 'active', value, context: {}, tags: [] } })
  return { actor, posted, clock, deliver, view, step }
}

describe('visualiser session', () => {
  test('behavior: opening asks the demo for its current snapshots, which start the history', () => {
    const { posted, deliver, view } = start()
    expect(posted).toEqual([{ kind: 'snapshots.request', requestId: 'request-1' }])
    deliver({ kind: 'snapshots', instance: 'demo-1', requestId: 'request-1', actors: [{ actor: connection, snapshot: { status: 'active', value: 'disconnected', context: {}, tags: [] } }] })
    expect(view().history.map((h) => [h.actorName, h.eventType, h.value])).toEqual([['connection.eip155', '(current state)', 'disconnected']])
    expect([...view().activeIds]).toEqual(['connection', 'connection.disconnected'])
  })

  test('behavior: the chart follows the live state; selecting an entry shows the state at that point, live returns', () => {
    const { step, view } = start()
    step('disconnected', { type: 'xstate.init' })
    step('connecting', { type: 'connection.request', connectorId: 'dev.latchkey.wallet' })
    step({ connected: 'fetchingBalance' }, { type: 'xstate.done.actor.connect' })
    expect(view().activeIds.has('connection.connected.fetchingBalance')).toBe(true)

    view().selectHistory(view().history[1]!.index)
    expect(view().isLive).toBe(false)
    expect([...view().activeIds]).toEqual(['connection', 'connection.connecting'])
    // Driving starts from the live state, whatever the chart shows.
    expect(view().drive.actor?.value).toBe('connected.fetchingBalance')
    expect(view().drive.events.map((e) => e.type)).toContain('connection.disconnect')

    view().goLive()
    expect(view().activeIds.has('connection.connected')).toBe(true)
  })

  test('behavior: a payload the app sent is the drive panel’s starting text for that event', () => {
    const { step, view } = start()
    step('connecting', { type: 'connection.request', connectorId: 'io.example.wallet' })
    step('disconnected', { type: 'connection.cancel' })
    expect(view().drive.events.find((e) => e.type === 'connection.request')?.template).toBe('{"connectorId":"io.example.wallet"}')
  })

  test('behavior: a reloaded demo (another instance) replaces the actors and history, and is asked for its states', () => {
    const { step, view, deliver, posted } = start()
    step('connecting', { type: 'connection.request', connectorId: 'w' })
    deliver({ kind: 'hello', instance: 'demo-2', url: 'http://127.0.0.1:5173/' })
    expect(view().history).toEqual([])
    expect(view().machines[0]!.actors).toEqual([])
    expect(posted.at(-1)).toEqual({ kind: 'snapshots.request', requestId: 'request-2' })
  })

  test('behavior: the history keeps the newest entries only', () => {
    const { step, view } = start({ historyLimit: 2 })
    step('a', { type: 'e1' })
    step('b', { type: 'e2' })
    step('c', { type: 'e3' })
    expect(view().history.map((h) => [h.index, h.eventType])).toEqual([
      [1, 'e2'],
      [2, 'e3'],
    ])
  })

  test('behavior: a command goes to the demo followed and its answer is shown', () => {
    const { step, view, posted, deliver, actor } = start()
    step('disconnected', { type: 'xstate.init' })
    view().sendEvent('connection.request', '{"connectorId":"w"}')
    expect(posted.at(-1)).toEqual({ kind: 'command', commandId: 'command-2', instance: 'demo-1', actor: 'connection.eip155', event: { type: 'connection.request', connectorId: 'w' } })
    expect(view().drive.isPending).toBe(true)
    deliver({ kind: 'command.result', instance: 'demo-1', commandId: 'command-2', ok: true, actor: 'connection.eip155', event: 'connection.request' })
    expect(actor.getSnapshot().value).toBe('ready')
    expect(view().drive.outcome).toEqual({ ok: true, message: 'Sent connection.request to connection.eip155' })
  })

  test('bad input: malformed JSON, a non-object payload, no demo, no answer: each is a clear message and nothing is posted', () => {
    const { step, view, posted, clock, actor } = start()
    view().sendEvent('connection.request', '{"connectorId":')
    expect(view().drive.outcome).toMatchObject({ ok: false })
    expect(view().drive.outcome?.message).toMatch(/^No running connection actor to send connection\.request to$/)

    step('disconnected', { type: 'xstate.init' })
    view().sendEvent('connection.request', '{"connectorId":')
    expect(view().drive.outcome?.message).toMatch(/^Malformed JSON: /)
    view().sendEvent('connection.request', '42')
    expect(view().drive.outcome?.message).toBe("The payload must be a JSON object (the event's fields), got number")
    expect(posted.filter((m) => m.kind === 'command')).toEqual([])

    view().sendEvent('connection.request', '{"connectorId":"w"}')
    clock.increment(3_000)
    expect(actor.getSnapshot().value).toBe('ready')
    expect(view().drive.outcome).toEqual({ ok: false, message: 'The demo did not answer connection.request within 3 s: is the demo page still open?' })
  })

  test('bad input: a command before any demo spoke says how to link one', () => {
    const { actor } = start()
    actor.send({ type: 'command.send', actor: 'modal', event: { type: 'modal.open' } })
    expect(actor.getSnapshot().context.commandOutcome).toEqual({
      ok: false,
      message: 'No demo page is linked: open the demo (npm start prints its URL) in another tab of this browser.',
    })
  })
})

describe('formatValue: a state value as the actor list shows it', () => {
  test('behavior: nested values read as a path; parallel values keep their braces; regions without states are left out', () => {
    expect(formatValue('closed')).toBe('closed')
    expect(formatValue({ awaitingSession: 'prompting' })).toBe('awaitingSession.prompting')
    expect(formatValue({ open: { content: 'ready', shake: 'still' } })).toBe('open.{ content: ready, shake: still }')
    // The root: its `screen` region holds the states; `features`, `connections`, `networks` have none.
    expect(formatValue({ screen: 'closed', features: {}, connections: {}, networks: {} })).toBe('screen.closed')
    expect(formatValue({ screen: { open: 'browsing' }, features: {}, connections: {}, networks: {} })).toBe('screen.open.browsing')
  })

  test('bad input: nothing, or an empty value, reads as a dash or the root', () => {
    expect(formatValue(undefined)).toBe('—')
    expect(formatValue(null)).toBe('—')
    expect(formatValue({})).toBe('(root)')
  })
})
