/**
 * latchkey/inspect: the inspector on any page that runs latchkey. `inspect(modal)` records the modal's actor system
 * through XState's inspection API (every actor, event and snapshot, secrets taken out as they arrive) and docks a panel
 * on the page (its own shadow root): the actors and their states, each machine's chart with the states active and its
 * coverage, the sequence of events between actors, a filtered log, and the session's export and import.
 *
 * Nothing of `latchkey` imports this entry, so a dapp that does not import it ships none of it; the panel (React,
 * the chart and ELK) is a chunk of its own, loaded by the first `inspect()` call.
 */
import type { AnyActorRef } from 'xstate'
import type { PanelTab } from './panel.ts'
import { createRecorder, type InspectorRecorder, type InspectorSession } from './recorder.ts'
import { parseSession } from './session.ts'

export type { Coverage, InspectedActor, InspectorEntry, InspectorRecorder, InspectorSession } from './recorder.ts'
export { createRecorder } from './recorder.ts'
export { coverageSummary, InspectorSessionError, mergeCoverage, parseSession } from './session.ts'

/** What `inspect` needs of a modal (a `createModal` instance): its root actor once the core is in. */
export type InspectableModal = { ready(): Promise<void>; readonly actor: AnyActorRef }

export type InspectOptions = {
  /**
   * Open only when the page's address asks for it with `?latchkey-inspect` (or `&latchkey-inspect`): the dapp ships the
   * call in its build and a tester opts in by the URL. Without the parameter `inspect` resolves to null and records
   * nothing. Default false: `inspect` always opens.
   */
  urlOptIn?: boolean
  /** The tab shown first; default `actors`. */
  tab?: PanelTab
  /** How many entries the recorder keeps (the oldest go first); default 5,000. */
  limit?: number
  /** Where the panel's host element goes; default `document.body`. */
  container?: HTMLElement
}

export type InspectorHandle = {
  /** Stops recording and removes the panel. Calling it again does nothing. */
  close(): void
  /** The recording so far as the JSON-ready session a file keeps. */
  exportSession(): InspectorSession
  /**
   * Draws an exported session (its JSON text or parsed value) in the panel instead of the page's.
   * @throws InspectorSessionError when it is not a format-1 session (the panel keeps what it showed).
   */
  importSession(json: unknown): InspectorSession
  /** The recorder (entries, coverage, subscribe). */
  recorder: InspectorRecorder
}

/** The URL parameter that opens the inspector when the dapp passes `urlOptIn`. */
export const inspectUrlParameter = 'latchkey-inspect'

/**
 * Attaches the inspector to `modal`: waits for `modal.ready()`, records its actor system (the actors already running
 * are adopted) and docks the panel at the bottom of the page (collapsible, its height resizable, 100 % wide up to a
 * 390 px phone).
 * @returns The handle, or null when `urlOptIn` is set and the address has no `?latchkey-inspect`.
 * @example const inspector = await inspect(modal); inspector.exportSession().entries.length
 */
export async function inspect(modal: InspectableModal, options: InspectOptions = {}): Promise<InspectorHandle | null> {
  if (options.urlOptIn && !new URL(window.location.href).searchParams.has(inspectUrlParameter)) return null
  await modal.ready()
  const recorder = createRecorder({ limit: options.limit, url: window.location.href })
  const subscription = modal.actor.system.inspect(recorder.inspect)
  recorder.adopt(modal.actor)

  const host = document.createElement('latchkey-inspector')
  host.setAttribute('data-latchkey-inspector', '')
  const shadow = host.attachShadow({ mode: 'open' })
  ;(options.container ?? document.body).append(host)
  let closed = false
  let mounted: { panel: { send: (event: { type: 'panel.imported'; session: InspectorSession }) => void }; unmount: () => void } | null = null
  const close = () => {
    if (closed) return
    closed = true
    subscription.unsubscribe()
    mounted?.unmount()
    host.remove()
  }
  const { mountPanel } = await import('./mount.tsx')
  if (!closed) mounted = mountPanel(shadow, recorder, { tab: options.tab, onClose: close })
  return {
    close,
    exportSession: () => recorder.session(),
    importSession: (json) => {
      const session = parseSession(json)
      mounted?.panel.send({ type: 'panel.imported', session })
      return session
    },
    recorder,
  }
}
