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
import type { PanelTab, PanelThemeMode } from './panel.ts'
import type { ReplayWallet } from './liveReplay.driver.ts'
import type { MountedPanel } from './mount.tsx'
import { createRecorder, type InspectorRecorder, type InspectorSession } from './recorder.ts'
import { parseSession } from './session.ts'

export type { Coverage, InspectedActor, InspectorEntry, InspectorRecorder, InspectorSession } from './recorder.ts'
export { createRecorder } from './recorder.ts'
export type { LiveStep } from './liveReplay.ts'
export type { ReplayWallet } from './liveReplay.driver.ts'
export { coverageSummary, InspectorSessionError, mergeCoverage, parseSession } from './session.ts'

/**
 * What `inspect` needs of a modal (a `createModal` instance): its root actor once the core is in, and its theme (the
 * panel is drawn light or dark as the modal is; without `getTheme` it follows the visitor's `prefers-color-scheme`).
 */
export type InspectableModal = {
  ready(): Promise<void>
  readonly actor: AnyActorRef
  getTheme?(): { themeMode?: PanelThemeMode | undefined }
  subscribeTheme?(listener: (theme: { themeMode?: PanelThemeMode | undefined }) => void): () => void
}

/**
 * The panel's theme mode now and its changes: the modal's `themeMode` (the option, then `setThemeMode`; light when
 * unset, as the modal draws itself), or the visitor's `prefers-color-scheme` for a modal that does not tell its theme.
 * @returns The mode now, and `watch(listener)` that calls `listener` on each change and returns its unsubscribe.
 */
export function panelThemeMode(modal: InspectableModal): { now: () => PanelThemeMode; watch: (listener: (mode: PanelThemeMode) => void) => () => void } {
  if (modal.getTheme) {
    const getTheme = modal.getTheme.bind(modal)
    return {
      now: () => getTheme().themeMode ?? 'light',
      watch: (listener) => modal.subscribeTheme?.((theme) => listener(theme.themeMode ?? 'light')) ?? (() => {}),
    }
  }
  const query = globalThis.matchMedia?.('(prefers-color-scheme: dark)')
  return {
    now: () => (query?.matches ? 'dark' : 'light'),
    watch: (listener) => {
      const onChange = (e: MediaQueryListEvent) => listener(e.matches ? 'dark' : 'light')
      query?.addEventListener('change', onChange)
      return () => query?.removeEventListener('change', onChange)
    },
  }
}

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
  /**
   * The test wallets whose prompts a live replay (Export / Import → Replay on this page) approves while it runs: the
   * development wallets fit ({@link ReplayWallet}). Default none: the prompts wait for the tester.
   */
  wallets?: readonly ReplayWallet[]
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
  // The modal leaves elements with this attribute usable while it is open (ui/Modal.tsx's interactiveAttribute), so
  // the panel can be read and driven while a view is on screen.
  host.setAttribute('data-latchkey-interactive', '')
  const shadow = host.attachShadow({ mode: 'open' })
  ;(options.container ?? document.body).append(host)
  let closed = false
  let mounted: MountedPanel | null = null
  const theme = panelThemeMode(modal)
  const unwatchTheme = theme.watch((mode) => mounted?.panel.send({ type: 'panel.theme', mode }))
  const close = () => {
    if (closed) return
    closed = true
    subscription.unsubscribe()
    unwatchTheme()
    mounted?.unmount()
    host.remove()
  }
  const { mountPanel } = await import('./mount.tsx')
  if (!closed) mounted = mountPanel(shadow, recorder, { tab: options.tab, themeMode: theme.now(), onClose: close, root: modal.actor, wallets: options.wallets })
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
