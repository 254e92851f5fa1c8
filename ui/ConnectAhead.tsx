import * as React from 'react'
import { memo, useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react'
import { AheadContext, useModalInstance } from './context.ts'
import { viewCode } from './features.ts'

/** React's `<Activity>` (React 19.2 and later); undefined on React 18, where nothing is rendered ahead. */
const Activity = (React as { Activity?: ComponentType<{ mode: 'hidden' | 'visible'; children?: ReactNode }> }).Activity

const notPrepared = () => false

/**
 * Connect rendered ahead, hidden, while the modal has not opened yet (spec §2 "Opening the modal": a first tap only
 * opens): once the idle prefetch prepared Connect (`isConnectPrepared`: its code in, the core and Connect's feature
 * machines created at idle; never with `prefetch: false`, on a constrained connection or after `destroy`), React renders
 * Connect's components once inside `<Activity mode="hidden">`, at its lowest priority, so that the tap's render runs
 * code already compiled. A hidden Activity runs no effect, so this render sends nothing to the machines and requests
 * nothing (no catalogue, no remote config, no analytics); images keep no remote `src` there ({@link AheadContext}); its
 * DOM is `display: none` and outside the dialog, hidden from assistive technology. The shell renders it only while
 * closed before the first opening. On React 18 (no Activity) it renders nothing.
 */
export const ConnectAhead = memo(function ConnectAhead() {
  const modal = useModalInstance()
  const prepared = useSyncExternalStore(modal.subscribeCore, modal.isConnectPrepared, notPrepared)
  const code = viewCode('Connect')
  const [View, setView] = useState<ComponentType | undefined>(() => code?.loaded())
  useEffect(() => {
    if (!prepared || View || !code || !Activity) return
    let live = true
    // Prepared means Connect's chunk was fetched at idle: this only finds it in.
    code.preload().then(
      (component) => live && setView(() => component),
      () => {},
    )
    return () => {
      live = false
    }
  }, [prepared, View, code])
  if (!Activity || !prepared || !View) return null
  return (
    <Activity mode="hidden">
      <AheadContext.Provider value={true}>
        <div data-testid="connect-ahead" aria-hidden="true">
          <View />
        </div>
      </AheadContext.Provider>
    </Activity>
  )
})
