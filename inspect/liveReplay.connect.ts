/**
 * The live replay's view model (STYLE.md rule 3): the replay's snapshot turned into what its bar shows (the step
 * reached, the one to send next, done, or why it stopped) and the handlers its buttons call.
 */
import type { SnapshotFrom } from 'xstate'
import { livePath, type LiveReplayEvent, type liveReplayMachine } from './liveReplay.ts'
import type { InspectorSession } from './recorder.ts'

/**
 * @param snapshot The live replay actor's snapshot.
 * @param send Its send.
 * @param session The session whose path a start replays (the one the panel shows: the page's log or an imported file).
 */
export function connectLiveReplay(snapshot: SnapshotFrom<typeof liveReplayMachine>, send: (event: LiveReplayEvent) => void, session: InspectorSession) {
  const { steps, next, failure, waiting } = snapshot.context
  const path = livePath(session)
  const step = steps[next]
  return {
    /** Between `replay.start` and `replay.stop`: the bar shows. */
    shown: !snapshot.matches('idle'),
    /** How many steps a start would replay now. */
    pathLength: path.length,
    total: steps.length,
    /** How many steps were sent. */
    sent: next,
    /** The next step's line (`root: app.open`), or null when none is left. */
    nextText: step ? `${step.actor}: ${step.event.type}` : null,
    /** What the step in flight waits for before it is sent (a sentence: "Waiting for connection to reach idle …"), or null. */
    waiting,
    running: snapshot.matches({ active: 'running' }),
    busy: snapshot.matches({ active: 'sending' }) || snapshot.matches({ active: 'running' }),
    done: snapshot.matches({ active: 'done' }),
    /** Why the replay stopped on a step, or null. */
    failure: snapshot.matches('refused') ? failure : null,
    start: () => send({ type: 'replay.start', steps: path }),
    next: () => send({ type: 'replay.next' }),
    run: () => send({ type: 'replay.run' }),
    pause: () => send({ type: 'replay.pause' }),
    stop: () => send({ type: 'replay.stop' }),
  }
}

export type LiveReplayView = ReturnType<typeof connectLiveReplay>
