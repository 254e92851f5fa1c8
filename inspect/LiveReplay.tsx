/**
 * The live replay's bar (latchkey/inspect): above every tab while a recorded path is replayed on this page. It says
 * how many steps were sent and which comes next, and what that step waits for while it is in flight (its actor to appear
 * or reach its recorded state, the wallet it names, a result the page waits on, the recording's pace); sends the next
 * one or all that are left at the recording's pace (pausable), and shows why a refused step stopped the replay (nothing
 * more was sent).
 */
import type { LiveReplayView } from './liveReplay.connect.ts'

export function LiveReplayBar({ live }: { live: LiveReplayView }) {
  const status = live.failure
    ? `Stopped after ${live.sent} of ${live.total} steps`
    : live.done
      ? `All ${live.total} steps sent`
      : `${live.sent} of ${live.total} steps sent${live.nextText ? `; next: ${live.nextText}` : ''}`
  return (
    <div className="lki-replay" role="toolbar" aria-label="Live replay">
      <strong>On this page</strong>
      <button type="button" onClick={live.next} disabled={live.busy || live.done || live.failure !== null}>
        Send next step
      </button>
      {live.running ? (
        <button type="button" onClick={live.pause}>
          Pause
        </button>
      ) : (
        <button type="button" onClick={live.run} disabled={live.busy || live.done || live.failure !== null}>
          Run to the end
        </button>
      )}
      <output className="lki-step" aria-live="polite" data-testid="lki-live-status">
        {status}
      </output>
      <button type="button" onClick={live.stop}>
        End live replay
      </button>
      {live.waiting && !live.failure && (
        <p className="lki-live-waiting" data-testid="lki-live-waiting">
          {live.waiting}
        </p>
      )}
      {live.failure && (
        <p role="alert" className="lki-live-failure">
          {live.failure}
        </p>
      )}
    </div>
  )
}
