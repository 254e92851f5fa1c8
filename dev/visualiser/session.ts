/**
 * The visualiser's own lifecycle, a statechart like every other (STYLE.md rule 1): what the live link has told
 * it (the running actors and their snapshots, the event history), what QA selected (machine, actor, a point in
 * the history), and the command on its way to the demo. The channel is an actor provided where the page is
 * assembled (`channel`: it forwards every demo message as `demo.message` and posts what it is sent); tests
 * provide a fake.
 */
import { assign, fromCallback, sendTo, setup, type ActorRefFrom } from 'xstate'
import type { ActorInfo, DemoMessage, PlainEvent, SnapshotInfo, VisualiserMessage } from './protocol.ts'
import { ActorNotProvidedError } from '../../kernel/errors.ts'

/** What the visualiser knows of one actor of the demo. */
export type ActorEntry = { info: ActorInfo; snapshot: SnapshotInfo | null; running: boolean }

/** One step of a machine actor: the event it processed and the snapshot that resulted. */
export type HistoryEntry = {
  /** Position in this session's history (never reused, also after old entries are dropped). */
  index: number
  /** The demo's inspection sequence number (0 for the snapshots of a request). */
  seq: number
  /** ms since the epoch, the demo's clock. */
  at: number
  actor: ActorInfo
  event: PlainEvent
  value: unknown
  status: string
  context: unknown
  /** `request`: a snapshot the demo sent on request (the state when the visualiser opened). */
  origin: 'event' | 'request'
}

export type SessionContext = {
  /** The demo page followed (its bridge's instance id) and its URL; null until one speaks. */
  instance: string | null
  url: string | null
  actors: Record<string, ActorEntry>
  history: HistoryEntry[]
  nextIndex: number
  /** The history entry shown (`index`), or null for live. */
  cursor: number | null
  selectedMachine: string
  /** Session id of the actor QA drives; null: the first running actor of the selected machine. */
  selectedActor: string | null
  nextRequest: number
  pendingCommand: { id: string; actor: string; type: string } | null
  /** The last command's outcome, as shown to QA. */
  commandOutcome: { ok: boolean; message: string } | null
  /** The most history entries kept (older ones are dropped first). */
  historyLimit: number
}

export type SessionInput = { selectedMachine?: string; historyLimit?: number }

export type SessionEvent =
  | { type: 'demo.message'; message: DemoMessage }
  | { type: 'machine.select'; machineId: string }
  | { type: 'actor.select'; sessionId: string }
  | { type: 'history.select'; index: number }
  | { type: 'history.live' }
  | { type: 'history.clear' }
  | { type: 'snapshots.request' }
  /** Send `event` to the demo's actor named `actor` (system id, `root`, or id). */
  | { type: 'command.send'; actor: string; event: PlainEvent }
  /** A command QA typed that cannot be sent (malformed JSON, not an object): shown, nothing sent. */
  | { type: 'command.invalid'; error: string }

/** The most entries kept (older ones are dropped first). */
export const defaultHistoryLimit = 2_000

const notProvided = () => () => {
  throw new ActorNotProvidedError('visualiser session', 'channel')
}

const isMachineActor = (info: ActorInfo) => info.machineId !== null

/**
 * The visualiser session.
 *
 * - `demo.message`: `hello` from another demo instance (a reload) starts over with it; `inspection` keeps the
 *   actors up to date and adds each machine actor's snapshot to the history; `snapshots` (the answer to
 *   `snapshots.request`, sent at start) fills in the actors that ran before the visualiser opened.
 * - `history.select` shows the state at that entry; `history.live` returns to the present.
 * - `command.send` posts a command and waits (`awaitingResult`) for the demo's answer, at most
 *   `commandTimeout` (3 s); `command.invalid` only shows its error.
 *
 * @example
 * const session = createActor(sessionMachine.provide({ actors: { channel: broadcastChannelActor() } })).start()
 * session.send({ type: 'machine.select', machineId: 'siwx' })
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    /** Forwards the channel's messages (`demo.message`) and posts `{ type: 'post', message }` it receives. */
    channel: fromCallback<{ type: 'post'; message: VisualiserMessage }>(notProvided()),
  },
  delays: { commandTimeout: 3_000 },
  guards: {
    isPendingResult: ({ context, event }) => event.type === 'demo.message' && event.message.kind === 'command.result' && event.message.commandId === context.pendingCommand?.id,
    isLinked: ({ context }) => context.instance !== null,
    isHelloFromNewDemo: ({ context, event }) => event.type === 'demo.message' && event.message.kind === 'hello' && event.message.instance !== context.instance,
  },
  actions: {
    receive: assign(({ context, event }) => (event.type === 'demo.message' ? receive(context, event.message) : {})),
    requestSnapshots: sendTo('channel', ({ context }) => ({
      type: 'post' as const,
      message: { kind: 'snapshots.request' as const, requestId: `request-${context.nextRequest}` },
    })),
    countRequest: assign({ nextRequest: ({ context }) => context.nextRequest + 1 }),
    selectMachine: assign(({ event }) => (event.type === 'machine.select' ? { selectedMachine: event.machineId, selectedActor: null } : {})),
    selectActor: assign(({ context, event }) => {
      if (event.type !== 'actor.select') return {}
      const entry = context.actors[event.sessionId]
      return entry?.info.machineId ? { selectedActor: event.sessionId, selectedMachine: entry.info.machineId } : {}
    }),
    setCursor: assign(({ context, event }) => {
      if (event.type !== 'history.select') return {}
      const entry = context.history.find((h) => h.index === event.index)
      return entry ? { cursor: entry.index, selectedMachine: entry.actor.machineId ?? context.selectedMachine, selectedActor: entry.actor.sessionId } : {}
    }),
    goLive: assign({ cursor: null }),
    clearHistory: assign({ history: [], cursor: null }),
    postCommand: sendTo('channel', ({ context, event }) => {
      const e = event as Extract<SessionEvent, { type: 'command.send' }>
      return {
        type: 'post' as const,
        message: { kind: 'command' as const, commandId: `command-${context.nextRequest}`, ...(context.instance ? { instance: context.instance } : {}), actor: e.actor, event: e.event },
      }
    }),
    setPending: assign(({ context, event }) => {
      const e = event as Extract<SessionEvent, { type: 'command.send' }>
      return { pendingCommand: { id: `command-${context.nextRequest}`, actor: e.actor, type: e.event.type }, nextRequest: context.nextRequest + 1, commandOutcome: null }
    }),
    setResult: assign(({ context, event }) => {
      const message = (event as Extract<SessionEvent, { type: 'demo.message' }>).message as Extract<DemoMessage, { kind: 'command.result' }>
      const pending = context.pendingCommand!
      return {
        pendingCommand: null,
        commandOutcome: message.ok ? { ok: true, message: `Sent ${pending.type} to ${pending.actor}` } : { ok: false, message: message.error },
      }
    }),
    setTimedOut: assign(({ context }) => ({
      pendingCommand: null,
      commandOutcome: { ok: false, message: `The demo did not answer ${context.pendingCommand?.type ?? 'the command'} within 3 s: is the demo page still open?` },
    })),
    setInvalid: assign(({ event }) => (event.type === 'command.invalid' ? { commandOutcome: { ok: false, message: event.error } } : {})),
    setNotLinked: assign({
      commandOutcome: { ok: false, message: 'No demo page is linked: open the demo (npm start prints its URL) in another tab of this browser.' },
    }),
  },
}).createMachine({
  id: 'visualiserSession',
  context: ({ input }) => ({
    instance: null,
    url: null,
    actors: {},
    history: [],
    nextIndex: 0,
    cursor: null,
    selectedMachine: input?.selectedMachine ?? 'root',
    selectedActor: null,
    nextRequest: 1,
    pendingCommand: null,
    commandOutcome: null,
    historyLimit: input?.historyLimit ?? defaultHistoryLimit,
  }),
  invoke: { id: 'channel', src: 'channel' },
  // A visualiser opened after the demo asks for the current snapshots.
  entry: ['requestSnapshots', 'countRequest'],
  initial: 'ready',
  on: {
    'demo.message': [
      // A demo page that (re)started after the visualiser: it streams once asked, and its current states come with the answer.
      { guard: 'isHelloFromNewDemo', actions: ['receive', 'requestSnapshots', 'countRequest'] },
      { actions: 'receive' },
    ],
    'snapshots.request': { actions: ['requestSnapshots', 'countRequest'] },
    'machine.select': { actions: 'selectMachine' },
    'actor.select': { actions: 'selectActor' },
    'history.select': { actions: 'setCursor' },
    'history.live': { actions: 'goLive' },
    'history.clear': { actions: 'clearHistory' },
    'command.invalid': { actions: 'setInvalid' },
  },
  states: {
    ready: {
      on: {
        'command.send': [{ guard: 'isLinked', target: 'awaitingResult', actions: ['postCommand', 'setPending'] }, { actions: 'setNotLinked' }],
      },
    },
    /** A command is on its way: one at a time. */
    awaitingResult: {
      on: { 'demo.message': { guard: 'isPendingResult', target: 'ready', actions: 'setResult' } },
      after: { commandTimeout: { target: 'ready', actions: 'setTimedOut' } },
    },
  },
})

/** The context after a demo message (pure). */
export function receive(context: SessionContext, message: DemoMessage): Partial<SessionContext> {
  const limit = context.historyLimit
  // Another demo instance (the page was reloaded, or the first one heard): its actors and history replace the
  // old ones (session ids restart at each load, so the two cannot be mixed).
  const base: SessionContext = message.instance === context.instance ? context : { ...context, instance: message.instance, url: null, actors: {}, history: [], cursor: null, selectedActor: null }
  const actors = { ...base.actors }
  let { history, nextIndex } = base
  const push = (entry: Omit<HistoryEntry, 'index'>) => {
    history = [...history, { ...entry, index: nextIndex++ }]
    if (history.length > limit) history = history.slice(history.length - limit)
  }
  switch (message.kind) {
    case 'hello':
      return { ...base, url: message.url }
    case 'inspection': {
      const known = actors[message.actor.sessionId]
      if (message.type === '@xstate.actor') {
        actors[message.actor.sessionId] = { info: message.actor, snapshot: known?.snapshot ?? null, running: true }
      } else if (message.type === '@xstate.snapshot') {
        const running = message.snapshot.status === 'active'
        actors[message.actor.sessionId] = { info: message.actor, snapshot: message.snapshot, running }
        if (isMachineActor(message.actor)) {
          push({ seq: message.seq, at: message.at, actor: message.actor, event: message.event, value: message.snapshot.value, status: message.snapshot.status, context: message.snapshot.context, origin: 'event' })
        }
      } else if (known) {
        actors[message.actor.sessionId] = { ...known, info: message.actor }
      }
      return { ...base, actors, history, nextIndex }
    }
    case 'snapshots': {
      for (const { actor, snapshot } of message.actors) {
        const known = actors[actor.sessionId]
        actors[actor.sessionId] = { info: actor, snapshot, running: snapshot.status === 'active' }
        // Only what the history does not have yet (the visualiser opened after the demo).
        if (isMachineActor(actor) && !history.some((h) => h.actor.sessionId === actor.sessionId) && !known?.snapshot) {
          push({ seq: 0, at: Date.now(), actor, event: { type: '(current state)' }, value: snapshot.value, status: snapshot.status, context: snapshot.context, origin: 'request' })
        }
      }
      return { ...base, actors, history, nextIndex }
    }
    case 'command.result':
      return base === context ? {} : base
  }
}

export type SessionActor = ActorRefFrom<typeof sessionMachine>
