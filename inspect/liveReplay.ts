/**
 * Replaying a recorded path on the live page (latchkey/inspect): the events the recording's actors received from
 * outside (the visitor's gestures and the dapp's calls: `app.open`, `connection.request`, …) sent again, in order, to
 * the page's actors of the same name, step by step or at speed, while the test wallets given to `inspect` approve every
 * prompt they raise. A step is sent only when its actor, in the state it is in, accepts the event; a step that is not
 * accepted (or names no actor of the page, or carries a value the recording redacted) stops the replay with its reason,
 * and nothing more is sent.
 *
 * The chart is pure: the page's side (sending, waiting, the wallets) comes in as the actors `sendStep` and
 * `answerWallets` (inspect/liveReplay.driver.ts supplies them; the tests supply fakes).
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate'
import { BaseError } from '../kernel/errors.ts'
import { REDACTED } from './plain.ts'
import type { InspectorEntry, InspectorSession, PlainEvent } from './recorder.ts'

/** One step of a live replay: the event `actor` (a name: `root`, a system id) received from outside, as recorded. */
export type LiveStep = {
  /** The recorded event's `seq`. */
  seq: number
  /** The receiving actor's name (`root`, or its system id): the live page's actor of that name gets the event. */
  actor: string
  event: PlainEvent
  /** The receiving actor's state value just before the event, as recorded (null when none was recorded). */
  before: unknown
  /** Time since the previous step in the recording (ms; 0 for the first). */
  gap: number
}

/**
 * The path a recording replays on a live page: each event an actor received from outside (no sender: a gesture or a
 * call of the dapp), XState's own (`xstate.*`) left out, in order, with its actor's state before it and the time since
 * the previous step.
 * @example livePath(inspector.exportSession()).map((s) => `${s.actor}: ${s.event.type}`) // ['root: app.open', …]
 */
export function livePath(session: InspectorSession): LiveStep[] {
  const names = new Map(session.actors.map((a) => [a.sessionId, a.name]))
  const lastValue = new Map<string, unknown>()
  const steps: LiveStep[] = []
  let previousAt: number | null = null
  for (const entry of session.entries as InspectorEntry[]) {
    if (entry.kind === 'snapshot') lastValue.set(entry.actor, entry.value)
    if (entry.kind !== 'event' || entry.source !== null || entry.event.type.startsWith('xstate.')) continue
    const actor = names.get(entry.actor)
    if (!actor) continue
    steps.push({ seq: entry.seq, actor, event: entry.event, before: lastValue.get(entry.actor) ?? null, gap: previousAt === null ? 0 : Math.max(0, entry.at - previousAt) })
    previousAt = entry.at
  }
  return steps
}

/** Whether `value` holds a value the recording redacted anywhere inside it (a secret that cannot be sent again). */
export function holdsRedacted(value: unknown): boolean {
  if (value === REDACTED) return true
  if (Array.isArray(value)) return value.some(holdsRedacted)
  if (value && typeof value === 'object') return Object.values(value).some(holdsRedacted)
  return false
}

/**
 * A live replay's step could not be sent: its actor is not on the page, it carries a redacted value, or its actor does
 * not accept the event in the state it is in. The message names the step and says nothing more was sent.
 */
export class LiveReplayError extends BaseError {
  static override docsPath = '/errors/LiveReplayError'
  override name = 'LiveReplayError'
}

export type LiveReplayContext = {
  steps: LiveStep[]
  /** The index of the next step to send (equal to `steps.length` once all are sent). */
  next: number
  /** Why the replay stopped on a step (LiveReplayError's message), or null. */
  failure: string | null
  /**
   * What the step in flight waits for before it is sent (`replay.waiting`: its actor to appear, to reach its recorded
   * state or accept the event, the wallet it names, the recording's pace), or null: no step in flight, or one not waiting.
   */
  waiting: string | null
}

/**
 * The live replay's events: the bar's buttons (`replay.start` with the path, `next`, `run`, `pause`, `stop`), and
 * `replay.waiting` from the page's side (`sendStep`, through the actor system: {@link liveReplaySystemId}) while the step
 * of index `index` waits, with what for (`reason`, a sentence).
 */
export type LiveReplayEvent =
  | { type: 'replay.start'; steps: LiveStep[] }
  | { type: 'replay.next' }
  | { type: 'replay.run' }
  | { type: 'replay.pause' }
  | { type: 'replay.stop' }
  | { type: 'replay.waiting'; index: number; reason: string }

/**
 * The live replay actor's system id: the page's side (`sendStep`, an actor it invokes) finds it by this id in its system
 * to say what a step waits for (`replay.waiting`). Give it to `createActor` (`{ systemId: liveReplaySystemId }`); an
 * actor created without it still replays, with no waiting line.
 */
export const liveReplaySystemId = 'inspectorLiveReplay'

/** What `sendStep` is given: the step, its number (0-based), and whether to keep the recording's pace (at speed). */
export type SendStepInput = { step: LiveStep; index: number; paced: boolean }

/**
 * The live replay's chart. `idle` until `replay.start` with a path; then `active` (the wallets' prompts are approved
 * all along, `answerWallets`): `ready` waits for `replay.next` (one step: `sending`) or `replay.run` (every step left,
 * at the recording's pace: `running`, `replay.pause` back to `ready` after the step in flight is dropped), `done` once
 * every step is sent. A step refused (`sendStep` fails with a LiveReplayError) ends in `refused` with its reason: no
 * later step is sent and the wallets are left alone. `replay.stop` from anywhere goes back to `idle`. While a step is in
 * flight, `replay.waiting` keeps what it waits for (`waiting`, cleared when it leaves `sending` or `running`).
 * @example createActor(liveReplayMachine.provide({ actors: driver })).start().send({ type: 'replay.start', steps })
 */
export const liveReplayMachine = setup({
  types: {} as { context: LiveReplayContext; events: LiveReplayEvent },
  actors: {
    sendStep: fromPromise<void, SendStepInput>(async () => {}),
    answerWallets: fromCallback(() => () => {}),
  },
  actions: {
    takePath: assign({ steps: ({ event }) => (event.type === 'replay.start' ? event.steps : []), next: 0, failure: null }),
    advance: assign({ next: ({ context }) => context.next + 1 }),
    refuse: assign({ failure: (_, params: { error: unknown }) => (params.error instanceof BaseError ? params.error.shortMessage : params.error instanceof Error ? params.error.message : String(params.error)) }),
    forget: assign({ steps: [], next: 0, failure: null, waiting: null }),
    noteWait: assign({ waiting: ({ event }) => (event.type === 'replay.waiting' ? event.reason : null) }),
    clearWait: assign({ waiting: null }),
  },
  guards: {
    isPathDone: ({ context }) => context.next >= context.steps.length,
    isLastStep: ({ context }) => context.next + 1 >= context.steps.length,
    /** The wait is the step in flight's (a late word about another step is dropped). */
    isStepInFlight: ({ context, event }) => event.type === 'replay.waiting' && event.index === context.next,
  },
}).createMachine({
  id: 'inspectorLiveReplay',
  context: { steps: [], next: 0, failure: null, waiting: null },
  initial: 'idle',
  on: { 'replay.stop': { target: '.idle', actions: 'forget' } },
  states: {
    idle: { on: { 'replay.start': { target: 'active', actions: 'takePath' } } },
    active: {
      invoke: { src: 'answerWallets' },
      initial: 'ready',
      states: {
        ready: {
          always: { guard: 'isPathDone', target: 'done' },
          on: { 'replay.next': 'sending', 'replay.run': 'running' },
        },
        sending: {
          exit: 'clearWait',
          on: { 'replay.waiting': { guard: 'isStepInFlight', actions: 'noteWait' } },
          invoke: {
            src: 'sendStep',
            input: ({ context }) => ({ step: context.steps[context.next]!, index: context.next, paced: false }),
            onDone: { target: 'ready', actions: 'advance' },
            onError: { target: '#inspectorLiveReplay.refused', actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        // One step in flight at a time; each sent step enters `running` again for the next, until the last.
        running: {
          exit: 'clearWait',
          on: { 'replay.pause': 'ready', 'replay.waiting': { guard: 'isStepInFlight', actions: 'noteWait' } },
          invoke: {
            src: 'sendStep',
            input: ({ context }) => ({ step: context.steps[context.next]!, index: context.next, paced: true }),
            onDone: [
              { guard: 'isLastStep', target: 'done', actions: 'advance' },
              { target: 'running', reenter: true, actions: 'advance' },
            ],
            onError: { target: '#inspectorLiveReplay.refused', actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        // Every step sent: the wallets still approve what the last steps asked until the replay is stopped.
        done: { on: { 'replay.start': { target: 'ready', actions: 'takePath' } } },
      },
    },
    refused: { on: { 'replay.start': { target: 'active', actions: 'takePath' } } },
  },
})
