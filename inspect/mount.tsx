/**
 * The inspector panel's chunk (loaded by `inspect()` with a dynamic import, so `latchkey/inspect` itself stays
 * small): React, the panel's actor and the chart drawing, mounted into a shadow root. ELK's layout (most of the
 * inspector's bytes) is a chunk of its own, fetched when a chart is first drawn, so the panel opens without it.
 */
import type { ELK } from 'elkjs/lib/elk-api.js'
import { createRoot } from 'react-dom/client'
import { createActor, type AnyActorRef } from 'xstate'
import { Panel, panelCss } from './Panel.tsx'
import { layoutCache } from './layoutCache.ts'
import { liveReplayMachine, liveReplaySystemId } from './liveReplay.ts'
import { liveReplayActors, type ReplayWallet } from './liveReplay.driver.ts'
import { panelMachine, type PanelTab, type PanelThemeMode } from './panel.ts'
import type { InspectorRecorder } from './recorder.ts'

export type MountedPanel = { panel: ReturnType<typeof createActor<typeof panelMachine>>; live: ReturnType<typeof createActor<typeof liveReplayMachine>>; unmount: () => void }

/**
 * Renders the panel into `shadow` and starts its actors (the panel's, and the live replay's on `root`'s page with
 * `wallets` answering prompts); `unmount` stops them all.
 */
export function mountPanel(
  shadow: ShadowRoot,
  recorder: InspectorRecorder,
  options: { tab?: PanelTab; themeMode?: PanelThemeMode; onClose: () => void; root: AnyActorRef; wallets?: readonly ReplayWallet[] },
): MountedPanel {
  const style = document.createElement('style')
  style.textContent = panelCss
  const container = document.createElement('div')
  shadow.append(style, container)
  let elk: Promise<ELK> | null = null
  const layouts = layoutCache(() => {
    elk ??= import('elkjs/lib/elk.bundled.js').then(({ default: ElkLayout }) => new ElkLayout())
    return elk
  })
  const panel = createActor(panelMachine, { input: { tab: options.tab, themeMode: options.themeMode } }).start()
  const live = createActor(liveReplayMachine.provide({ actors: liveReplayActors(options.root, options.wallets) }), { systemId: liveReplaySystemId }).start()
  const root = createRoot(container)
  root.render(<Panel panel={panel} live={live} recorder={recorder} layouts={layouts} onClose={options.onClose} />)
  return {
    panel,
    live,
    unmount: () => {
      root.unmount()
      panel.stop()
      live.stop()
      style.remove()
      container.remove()
    },
  }
}
