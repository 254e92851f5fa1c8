import { assign, createActor, setup, type AnyActorRef } from 'xstate'
import { afterEach, describe, expect, test } from 'vitest'
import { createInspectBridge } from './bridge.ts'
import { eventFromPayload, type ChannelLike, type DemoMessage, type VisualiserMessage } from './protocol.ts'

const light = setup({ types: { events: {} as { type: 'light.toggle' } | { type: 'light.set'; on: boolean } } }).createMachine({
  id: 'light',
  initial: 'off',
  states: { off: { on: { 'light.toggle': 'on' } }, on: { on: { 'light.toggle': 'off' } } },
})
const house = setup({
  types: { context: {} as { light: AnyActorRef; amount: bigint; self?: unknown } },
  actors: { light },
  actions: { count: assign({ amount: ({ context }) => context.amount + 1n }) },
}).createMachine({
  id: 'house',
  context: ({ spawn }) => ({ light: spawn('light', { id: 'light', systemId: 'light' }), amount: 1n }),
  on: { 'house.count': { actions: 'count' } },
})

let open: Array<{ close(): void }> = []
afterEach(() => {
  open.forEach((c) => c.close())
  open = []
})

/** A demo (the bridge on a running `house`) and a visualiser end on one real BroadcastChannel name. */
function link({ streamFromStart = true } = {}) {
  const name = `latchkey-inspect-test-${Math.random()}`
  const received: DemoMessage[] = []
  const visualiser = new BroadcastChannel(name)
  visualiser.onmessage = (e) => received.push(e.data as DemoMessage)
  const bridge = createInspectBridge({ channel: new BroadcastChannel(name) as unknown as ChannelLike, instance: 'demo-1', streamFromStart })
  open.push(visualiser, bridge)
  const actor = createActor(house, { inspect: bridge.inspect }).start()
  bridge.attach(actor)
  const send = (message: VisualiserMessage) => visualiser.postMessage(message)
  const next = async <K extends DemoMessage['kind']>(kind: K, where: (m: Extract<DemoMessage, { kind: K }>) => boolean = () => true) => {
    await expect.poll(() => received.some((m) => m.kind === kind && where(m as never))).toBe(true)
    return received.find((m) => m.kind === kind && where(m as never)) as Extract<DemoMessage, { kind: K }>
  }
  return { actor, received, send, next }
}

describe('inspect bridge', () => {
  test('behavior: inspection events reach the channel, plain, with the actor named by its system id', async () => {
    const { received, next } = link()
    await next('hello')
    const lightSnapshot = await next('inspection', (m) => m.type === '@xstate.snapshot' && m.actor.name === 'light')
    expect(lightSnapshot).toMatchObject({ instance: 'demo-1', actor: { systemId: 'light', machineId: 'light' }, snapshot: { value: 'off', status: 'active' } })
    const types = new Set(received.filter((m) => m.kind === 'inspection').map((m) => (m as { type: string }).type))
    expect(types).toEqual(new Set(['@xstate.actor', '@xstate.event', '@xstate.snapshot']))
    // The root's context holds an actor ref and a bigint: both as strings.
    const root = await next('inspection', (m) => m.type === '@xstate.snapshot' && m.actor.name === 'root')
    expect(root.type === '@xstate.snapshot' && root.snapshot.context).toEqual({ light: '[ActorRef light]', amount: '1n' })
  })

  test('behavior: until a visualiser speaks only the hello is posted; its first message starts the stream', async () => {
    const { received, send, next, actor } = link({ streamFromStart: false })
    await next('hello')
    await new Promise((r) => setTimeout(r, 30))
    expect(received.map((m) => m.kind)).toEqual(['hello'])
    send({ kind: 'snapshots.request', requestId: 'r0' })
    await next('snapshots')
    actor.getSnapshot().context.light.send({ type: 'light.toggle' })
    expect(await next('inspection', (m) => m.type === '@xstate.snapshot' && m.actor.name === 'light')).toMatchObject({ snapshot: { value: 'on' } })
  })

  test('behavior: a snapshot request is answered with every running actor’s current state', async () => {
    const { send, next, actor } = link()
    actor.getSnapshot().context.light.send({ type: 'light.toggle' })
    send({ kind: 'snapshots.request', requestId: 'r1' })
    const answer = await next('snapshots', (m) => m.requestId === 'r1')
    expect(answer.actors.map((a) => [a.actor.name, a.snapshot.value])).toEqual([
      ['root', {}],
      ['light', 'on'],
    ])
  })

  test('behavior: a command is sent to the named actor and answered ok', async () => {
    const { send, next, actor } = link()
    send({ kind: 'command', commandId: 'c1', actor: 'light', event: { type: 'light.toggle' } })
    expect(await next('command.result', (m) => m.commandId === 'c1')).toMatchObject({ ok: true, actor: 'light', event: 'light.toggle' })
    expect(actor.getSnapshot().context.light.getSnapshot().value).toBe('on')
    send({ kind: 'command', commandId: 'c2', actor: 'root', event: { type: 'house.count' } })
    await next('command.result', (m) => m.commandId === 'c2')
    expect(actor.getSnapshot().context.amount).toBe(2n)
  })

  test.each([
    ['an unknown actor', { actor: 'garage', event: { type: 'light.toggle' } }, 'No running actor "garage" in this demo (unknown name or stopped)'],
    ['a non-object event', { actor: 'light', event: ['light.toggle'] }, 'The event must be a JSON object with a string "type", got an array'],
    ['an event without type', { actor: 'light', event: { on: true } }, 'The event must have a non-empty string "type"'],
    ['an XState internal event', { actor: 'light', event: { type: 'xstate.after.1.light' } }, '"xstate.after.1.light" is an XState internal event: only the machine sends it'],
  ])('bad input: %s is refused with a clear error and changes nothing', async (_, command, error) => {
    const { send, next, actor } = link()
    send({ kind: 'command', commandId: 'bad', ...command })
    expect(await next('command.result', (m) => m.commandId === 'bad')).toEqual({ kind: 'command.result', instance: 'demo-1', commandId: 'bad', ok: false, error })
    expect(actor.getSnapshot().context.light.getSnapshot().value).toBe('off')
  })

  test('behavior: a command for another demo instance is ignored', async () => {
    const { send, received, actor } = link()
    send({ kind: 'command', commandId: 'other', instance: 'demo-2', actor: 'light', event: { type: 'light.toggle' } })
    await new Promise((r) => setTimeout(r, 50))
    expect(received.some((m) => m.kind === 'command.result')).toBe(false)
    expect(actor.getSnapshot().context.light.getSnapshot().value).toBe('off')
  })
})

describe('eventFromPayload', () => {
  test('behavior: the payload’s fields and the type make the event', () => {
    expect(eventFromPayload('router.push', '{ "view": "Connect" }')).toEqual({ ok: true, event: { type: 'router.push', view: 'Connect' } })
    expect(eventFromPayload('modal.open', '')).toEqual({ ok: true, event: { type: 'modal.open' } })
  })

  test('bad input: malformed JSON and a non-object payload get a clear message', () => {
    const malformed = eventFromPayload('router.push', '{ view: }')
    expect(malformed.ok).toBe(false)
    expect(!malformed.ok && malformed.error).toMatch(/^Malformed JSON: /)
    expect(eventFromPayload('router.push', '"Connect"')).toEqual({ ok: false, error: "The payload must be a JSON object (the event's fields), got string" })
    expect(eventFromPayload('router.push', 'null')).toEqual({ ok: false, error: "The payload must be a JSON object (the event's fields), got null" })
  })
})
