/**
 * The inspector panel's chunk (loaded by `inspect()` with a dynamic import, so `latchkey/inspect` itself stays
 * small): React, the panel's actor and the chart drawing, mounted into a shadow root. ELK's layout (most of the
 * inspector's bytes) is a chunk of its own, fetched when a chart is first drawn, so the panel opens without it.
 */
import type { ELK } from 'elkjs/lib/elk-api.js'
import { createRoot } from 'react-dom/client'
import { createActor } from 'xstate'
import { Panel, panelCss } from './Panel.tsx'
import { panelMachine, type PanelTab, type PanelThemeMode } from './panel.ts'
import type { InspectorRecorder } from './recorder.ts'

export type MountedPanel = { panel: ReturnType<typeof createActor<typeof panelMachine>>; unmount: () => void }

/** Renders the panel into `shadow` and starts its actor; `unmount` stops both. */
export function mountPanel(shadow: ShadowRoot, recorder: InspectorRecorder, options: { tab?: PanelTab; themeMode?: PanelThemeMode; onClose: () => void }): MountedPanel {
  const style = document.createElement('style')
  style.textContent = panelCss
  const container = document.createElement('div')
  shadow.append(style, container)
  let elk: Promise<ELK> | null = null
  const loadElk = () => {
    elk ??= import('elkjs/lib/elk.bundled.js').then(({ default: ElkLayout }) => new ElkLayout())
    return elk
  }
  const panel = createActor(panelMachine, { input: { tab: options.tab, themeMode: options.themeMode } }).start()
  const root = createRoot(container)
  root.render(<Panel panel={panel} recorder={recorder} elk={loadElk} onClose={options.onClose} />)
  return {
    panel,
    unmount: () => {
      root.unmount()
      panel.stop()
      style.remove()
      container.remove()
    },
  }
}
