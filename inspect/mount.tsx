/**
 * The inspector panel's chunk (loaded by `inspect()` with a dynamic import, so `latchkey/inspect` itself stays
 * small): React, the panel's actor, the chart drawing and ELK, mounted into a shadow root.
 */
import ELK from 'elkjs/lib/elk.bundled.js'
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
  const panel = createActor(panelMachine, { input: { tab: options.tab, themeMode: options.themeMode } }).start()
  const root = createRoot(container)
  root.render(<Panel panel={panel} recorder={recorder} elk={new ELK()} onClose={options.onClose} />)
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
