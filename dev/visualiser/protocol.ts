/**
 * The visualiser's live link: the messages the demo page and the visualiser exchange over
 * `BroadcastChannel('latchkey-inspect')` (same origin: the two tabs of the dev stack), and the safe
 * serialisation that turns XState inspection events into plain, structured-clone-able data.
 *
 * Demo → visualiser: `hello` (a modal instance started), `inspection` (one XState inspection event:
 * `@xstate.actor`, `@xstate.event` or `@xstate.snapshot`), `snapshots` (the answer to a request: every running
 * actor's current snapshot), `command.result`.
 * Visualiser → demo: `snapshots.request`, `command` (send an event to a running actor).
 */

/** The channel name both sides open. */
export const channelName = 'latchkey-inspect'

/** A running actor as the visualiser knows it. */
export type ActorInfo = {
  /** XState's session id (`x:3`): unique per actor and page load. */
  sessionId: string
  /** The actor's id (`router`, `getSessions`; the root's is its session id). */
  id: string
  /** Its system id (`router`, `connection.eip155`), or null. */
  systemId: string | null
  /** How QA and commands name it: the system id, `root` for the root actor, else the id. */
  name: string
  /** The id of the machine it runs (`siwx`), or null for an actor that is not a state machine (a promise). */
  machineId: string | null
  /** The parent's session id; null for the root. */
  parent: string | null
}

/** The part of a snapshot the visualiser shows; `context` is serialised with `toPlain` (inspect/plain.ts). */
export type SnapshotInfo = {
  status: string
  /** The state value (machines only; null for other actors). */
  value: unknown
  context: unknown
  tags: string[]
  output?: unknown
  error?: unknown
}

/** An event as plain data: `type` plus its other fields serialised with `toPlain` (inspect/plain.ts). */
export type PlainEvent = { type: string; [field: string]: unknown }

type FromDemo<T> = T & { instance: string }

export type InspectionMessage = FromDemo<
  { kind: 'inspection'; seq: number; at: number } & (
    | { type: '@xstate.actor'; actor: ActorInfo }
    | { type: '@xstate.event'; actor: ActorInfo; source: ActorInfo | null; event: PlainEvent }
    | { type: '@xstate.snapshot'; actor: ActorInfo; event: PlainEvent; snapshot: SnapshotInfo }
  )
>

export type DemoMessage =
  | FromDemo<{ kind: 'hello'; url: string }>
  | InspectionMessage
  | FromDemo<{ kind: 'snapshots'; requestId: string; actors: Array<{ actor: ActorInfo; snapshot: SnapshotInfo }> }>
  | FromDemo<{ kind: 'command.result'; commandId: string; ok: true; actor: string; event: string }>
  | FromDemo<{ kind: 'command.result'; commandId: string; ok: false; error: string }>

export type VisualiserMessage =
  | { kind: 'snapshots.request'; requestId: string }
  /** `instance`: the demo that should act (others ignore it); `event` is checked by the demo. */
  | { kind: 'command'; commandId: string; instance?: string; actor: string; event: unknown }

/** What both sides need of a `BroadcastChannel` (tests pass a pair of linked fakes or two real channels). */
export type ChannelLike = {
  postMessage(message: unknown): void
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
  close(): void
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A message from the demo, or null for anything else on the channel (other versions, other tools). */
export function parseDemoMessage(data: unknown): DemoMessage | null {
  if (!isRecord(data) || typeof data.instance !== 'string') return null
  switch (data.kind) {
    case 'hello':
    case 'inspection':
    case 'snapshots':
    case 'command.result':
      return data as DemoMessage
    default:
      return null
  }
}

/** A message from the visualiser, or null for anything else. */
export function parseVisualiserMessage(data: unknown): VisualiserMessage | null {
  if (!isRecord(data)) return null
  if (data.kind === 'snapshots.request' && typeof data.requestId === 'string') return data as VisualiserMessage
  if (data.kind === 'command' && typeof data.commandId === 'string') return data as VisualiserMessage
  return null
}

/**
 * Checks an event QA wants to send. Returns the event, or the message to show.
 *
 * @example checkCommandEvent({ type: 'modal.open' }) // { ok: true, event: { type: 'modal.open' } }
 * checkCommandEvent([1])                           // { ok: false, error: 'The event must be a JSON object with a string "type", got an array' }
 */
export function checkCommandEvent(event: unknown): { ok: true; event: PlainEvent } | { ok: false; error: string } {
  if (!isRecord(event)) {
    const what = Array.isArray(event) ? 'an array' : event === null ? 'null' : typeof event
    return { ok: false, error: `The event must be a JSON object with a string "type", got ${what}` }
  }
  if (typeof event.type !== 'string' || event.type.trim() === '') return { ok: false, error: 'The event must have a non-empty string "type"' }
  if (event.type.startsWith('xstate.')) return { ok: false, error: `"${event.type}" is an XState internal event: only the machine sends it` }
  return { ok: true, event: event as PlainEvent }
}

/**
 * Parses the JSON of a payload field (the event's fields besides `type`) and builds the event.
 *
 * @example eventFromPayload('router.push', '{ "view": "Connect" }') // { ok: true, event: { type: 'router.push', view: 'Connect' } }
 * eventFromPayload('router.push', '{ view: }')                   // { ok: false, error: 'Malformed JSON: …' }
 */
export function eventFromPayload(type: string, payloadText: string): { ok: true; event: PlainEvent } | { ok: false; error: string } {
  let payload: unknown = {}
  if (payloadText.trim() !== '') {
    try {
      payload = JSON.parse(payloadText)
    } catch (error) {
      return { ok: false, error: `Malformed JSON: ${(error as Error).message}` }
    }
  }
  if (!isRecord(payload)) {
    const what = Array.isArray(payload) ? 'an array' : payload === null ? 'null' : typeof payload
    return { ok: false, error: `The payload must be a JSON object (the event's fields), got ${what}` }
  }
  return checkCommandEvent({ ...payload, type })
}
