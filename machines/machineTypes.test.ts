import { createActor, setup, type ContextFrom, type EmittedFrom, type EventFrom, type InputFrom, type OutputFrom } from 'xstate'
import { describe, expect, expectTypeOf, test } from 'vitest'
import { machineTypes } from './machineTypes.ts'

type Context = { count: number }
type Event = { type: 'counter.add'; by: number } | { type: 'counter.reset' }
type Input = { start: number }
type Output = { total: number }
type Emitted = { type: 'counter.changed'; count: number }

/** The machine typed the asserting way (`{} as T` for each field), the shape `machineTypes` replaces. */
const asserted = setup({
  types: { context: {} as Context, events: {} as Event, input: {} as Input, output: {} as Output, emitted: {} as Emitted },
}).createMachine({ context: ({ input }) => ({ count: input.start }) })

const typed = setup({
  types: machineTypes<{ context: Context; events: Event; input: Input; output: Output; emitted: Emitted }>(),
}).createMachine({ context: ({ input }) => ({ count: input.start }) })

describe('machineTypes', () => {
  test('behavior: a machine typed by machineTypes has the declared context, events, input, output and emitted events', () => {
    expectTypeOf<ContextFrom<typeof typed>>().toEqualTypeOf<Context>()
    expectTypeOf<EventFrom<typeof typed>>().toEqualTypeOf<Event>()
    expectTypeOf<InputFrom<typeof typed>>().toEqualTypeOf<Input>()
    expectTypeOf<OutputFrom<typeof typed>>().toEqualTypeOf<Output>()
    expectTypeOf<EmittedFrom<typeof typed>>().toEqualTypeOf<Emitted>()
    expectTypeOf(typed).toEqualTypeOf(asserted)
  })

  test('behavior: what the declaration leaves out takes the default setup gives it', () => {
    const eventsOnly = setup({ types: machineTypes<{ events: Event }>() }).createMachine({})
    const assertedEventsOnly = setup({ types: { events: {} as Event } }).createMachine({})
    expectTypeOf(eventsOnly).toEqualTypeOf(assertedEventsOnly)
  })

  test('behavior: the types are a type-level declaration only; the machine runs as the asserted one does', () => {
    expect(machineTypes()).toEqual({})
    const actor = createActor(typed, { input: { start: 3 } }).start()
    expect(actor.getSnapshot().context).toEqual({ count: 3 })
    actor.stop()
  })
})
