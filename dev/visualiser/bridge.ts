/**
 * The demo's end of the visualiser's live link (dev only, never part of the library). Pass `bridge.inspect` as
 * createModal's `inspect` option and `bridge.attach(modal.actor)` once the modal exists: every XState inspection
 * event of the modal's actors goes out on `BroadcastChannel('latchkey-inspect')`, serialised safely; the
 * visualiser's snapshot requests are answered with every running actor's snapshot; its commands are sent to the
 * named actor (checked first: a bad one is answered with an error and changes nothing).
 */
import type { ActorRefLike, AnyActorRef, InspectionEvent } from 'xstate'
import { toPlain } from '../../inspect/plain.ts'
import { channelName, checkCommandEvent, parseVisualiserMessage, type ActorInfo, type ChannelLike, type DemoMessage, type PlainEvent, type SnapshotInfo } from './protocol.ts'

export type InspectBridgeOptions = {
  /** The channel; default `new BroadcastChannel('latchkey-inspect')`. */
  channel?: ChannelLike
  /** This page's instance id; default a random one. */
  instance?: string
  /**
   * Post inspection events before a visualiser has spoken. Default false: until a visualiser sends its first
   * message (it asks for the snapshots when it opens, and again when a demo says hello), the page pays
   * nothing for serialising its events.
   */
  streamFromStart?: boolean
}

export type InspectBridge = {
  /** The `inspect` option of createModal. */
  inspect: (event: InspectionEvent) => void
  /** Names the root actor commands and snapshot answers start from; says hello on the channel. */
  attach: (root: AnyActorRef) => void
  /** Stops listening and closes the channel. */
  close: () => void
  instance: string
}

type ActorLike = AnyActorRef & {
  systemId?: string
  _parent?: ActorLike
  logic?: { id?: unknown; root?: unknown }
  system?: { get(systemId: string): AnyActorRef | undefined }
}

/** The machine id of an actor's logic, or null when it is not a state machine. */
function machineIdOf(actor: ActorLike): string | null {
  const logic = actor.logic
  return logic && typeof logic.id === 'string' && logic.root ? logic.id : null
}

/** How an actor is named on the channel (the visualiser and its commands use this name). */
export function describeActor(actor: AnyActorRef | ActorRefLike): ActorInfo {
  const a = actor as ActorLike
  const systemId = typeof a.systemId === 'string' ? a.systemId : null
  const parent = a._parent ?? null
  return {
    sessionId: a.sessionId,
    id: a.id,
    systemId,
    name: systemId ?? (parent ? a.id : 'root'),
    machineId: machineIdOf(a),
    parent: parent ? parent.sessionId : null,
  }
}

/** The visible part of a snapshot, plain. */
export function describeSnapshot(snapshot: unknown): SnapshotInfo {
  const s = (snapshot ?? {}) as { status?: unknown; value?: unknown; context?: unknown; tags?: unknown; output?: unknown; error?: unknown; machine?: unknown }
  const isMachine = s.machine !== undefined
  return {
    status: typeof s.status === 'string' ? s.status : 'unknown',
    value: isMachine ? toPlain(s.value) : null,
    context: toPlain(s.context, { maxDepth: 6, maxArray: 40 }),
    tags: s.tags instanceof Set ? [...s.tags].map(String) : [],
    ...(s.output !== undefined ? { output: toPlain(s.output, { maxDepth: 4 }) } : {}),
    ...(s.error !== undefined ? { error: toPlain(s.error, { maxDepth: 4 }) } : {}),
  }
}

const plainEvent = (event: unknown): PlainEvent => {
  const plain = toPlain(event, { maxDepth: 6, maxArray: 40 }) as PlainEvent
  return plain && typeof plain === 'object' && typeof plain.type === 'string' ? plain : { type: String((event as { type?: unknown })?.type ?? 'unknown') }
}

/**
 * Creates the bridge. Inspection events are posted once a visualiser has spoken (see `streamFromStart`);
 * they are posted in a microtask after the inspection event (the actor's system id is
 * set just after XState reports the actor), in the order the events happened.
 *
 * @example
 * const bridge = createInspectBridge()
 * const modal = createModal({ …, inspect: bridge.inspect })
 * bridge.attach(modal.actor)
 */
export function createInspectBridge(options: InspectBridgeOptions = {}): InspectBridge {
  const channel: ChannelLike = options.channel ?? (new BroadcastChannel(channelName) as unknown as ChannelLike)
  const instance = options.instance ?? `demo-${Math.random().toString(36).slice(2, 10)}`
  /** Every actor seen, by session id, until it stops. */
  const actors = new Map<string, AnyActorRef>()
  let root: AnyActorRef | undefined
  let seq = 0
  let closed = false
  let streaming = options.streamFromStart ?? false

  const post = (message: DemoMessage) => {
    if (closed) return
    try {
      channel.postMessage(message)
    } catch (error) {
      console.warn('[latchkey visualiser] could not post an inspection message:', error)
    }
  }

  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.actor') actors.set(event.actorRef.sessionId, event.actorRef as AnyActorRef)
    if (event.type === '@xstate.snapshot' && (event.snapshot as { status?: string }).status !== 'active') actors.delete(event.actorRef.sessionId)
    if (!streaming) return
    const at = Date.now()
    const n = ++seq
    if (event.type === '@xstate.actor') {
      queueMicrotask(() => post({ kind: 'inspection', instance, seq: n, at, type: '@xstate.actor', actor: describeActor(event.actorRef) }))
    } else if (event.type === '@xstate.event') {
      queueMicrotask(() =>
        post({
          kind: 'inspection',
          instance,
          seq: n,
          at,
          type: '@xstate.event',
          actor: describeActor(event.actorRef),
          source: event.sourceRef ? describeActor(event.sourceRef) : null,
          event: plainEvent(event.event),
        }),
      )
    } else if (event.type === '@xstate.snapshot') {
      const snapshot = event.snapshot
      queueMicrotask(() => post({ kind: 'inspection', instance, seq: n, at, type: '@xstate.snapshot', actor: describeActor(event.actorRef), event: plainEvent(event.event), snapshot: describeSnapshot(snapshot) }))
    }
  }

  /** The actor a command names: `root`, a system id, or an actor id. */
  const resolve = (name: string): AnyActorRef | undefined => {
    if (!root) return undefined
    if (name === 'root') return root
    const system = (root as ActorLike).system
    const bySystem = system?.get(name)
    if (bySystem) return bySystem
    return [...actors.values()].find((a) => a.id === name && (a.getSnapshot() as { status?: string }).status === 'active')
  }

  const onMessage = ({ data }: { data: unknown }) => {
    const message = parseVisualiserMessage(data)
    if (!message) return
    // A visualiser is listening: from now on every inspection event goes out.
    streaming = true
    if (message.kind === 'snapshots.request') {
      const running = [...(root ? [root] : []), ...actors.values()].filter((a, i, all) => all.indexOf(a) === i && (a.getSnapshot() as { status?: string }).status === 'active')
      post({ kind: 'snapshots', instance, requestId: message.requestId, actors: running.map((a) => ({ actor: describeActor(a), snapshot: describeSnapshot(a.getSnapshot()) })) })
      return
    }
    if (message.instance !== undefined && message.instance !== instance) return
    const fail = (error: string) => post({ kind: 'command.result', instance, commandId: message.commandId, ok: false, error })
    if (typeof message.actor !== 'string' || message.actor === '') return fail('The command names no actor')
    const target = resolve(message.actor)
    if (!target) return fail(`No running actor "${message.actor}" in this demo (${root ? 'unknown name or stopped' : 'the modal is not attached yet'})`)
    const checked = checkCommandEvent(message.event)
    if (!checked.ok) return fail(checked.error)
    try {
      target.send(checked.event)
    } catch (error) {
      return fail(`The actor "${message.actor}" threw while handling "${checked.event.type}": ${(error as Error)?.message ?? String(error)}`)
    }
    post({ kind: 'command.result', instance, commandId: message.commandId, ok: true, actor: message.actor, event: checked.event.type })
  }
  channel.addEventListener('message', onMessage)

  return {
    inspect,
    instance,
    attach(actor) {
      root = actor
      post({ kind: 'hello', instance, url: globalThis.location?.href ?? '' })
    },
    close() {
      closed = true
      channel.removeEventListener('message', onMessage)
      channel.close()
    },
  }
}
