import * as React from 'react'
import { useContext, useEffect, useLayoutEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react'
import { AheadContext, useModalInstance } from './context.ts'
import { viewCode } from './features.ts'
import { ShadowStyleContext } from './shadowStyles.tsx'

/** React's `<Activity>` (React 19.2 and later); undefined on React 18, where nothing is rendered ahead. */
const Activity = (React as { Activity?: ComponentType<{ mode: 'hidden' | 'visible'; children?: ReactNode }> }).Activity

const notPrepared = () => false

/**
 * Whether the closed shell renders its dialog ahead, hidden (spec §2 "Opening the modal": a first tap only opens):
 * `true` once the idle prefetch prepared Connect (`isConnectPrepared`: its code in, the core and Connect's feature
 * machines created at idle; never with `prefetch: false`, on a constrained connection or after `destroy`), Connect's
 * component is in, and `wanted` (the shell is closed, has never opened, and would open on Connect). Always `false` on
 * React 18 (no Activity) and on the server.
 * @example const ahead = useConnectAhead(!mounted && !everOpened.current && view.view === 'Connect')
 */
export function useConnectAhead(wanted: boolean): boolean {
  const modal = useModalInstance()
  const prepared = useSyncExternalStore(modal.subscribeCore, modal.isConnectPrepared, notPrepared)
  const code = viewCode('Connect')
  const [loaded, setLoaded] = useState(() => code?.loaded() !== undefined)
  useEffect(() => {
    if (!prepared || loaded || !code || !Activity) return
    let live = true
    // Prepared means Connect's chunk was fetched at idle: this only finds it in.
    code.preload().then(
      () => live && setLoaded(true),
      () => {},
    )
    return () => {
      live = false
    }
  }, [prepared, loaded, code])
  return Activity !== undefined && wanted && prepared && loaded
}

/**
 * The modal's dialog, rendered ahead while closed and revealed by the opening (spec §2 "Opening the modal"). Inside
 * React 19's `<Activity>`: `shown` false, the tree renders at React's lowest priority with no effect run, so nothing is
 * sent to the machines, nothing requested (images keep no remote `src`: {@link AheadContext}), the public state
 * unchanged; `shown` true, the same tree (its fibers and DOM) becomes visible and its effects mount, so the tap's render
 * updates a few attributes instead of creating the dialog. The children's top element carries `data-ahead="true"` while
 * not shown, and the shell's CSS keeps it invisible (`visibility: hidden`, animations held) but laid out
 * ({@link useLaidOutAhead}): the browser computes its style and layout at idle, and the reveal only shows it. On React 18
 * the children render only when `shown`.
 * @example <DialogAhead shown={mounted}>{overlay}</DialogAhead>
 */
export function DialogAhead({ shown, children }: { shown: boolean; children: ReactNode }) {
  useLaidOutAhead(useContext(ShadowStyleContext)?.root, Activity !== undefined && !shown)
  const tree = <AheadContext.Provider value={!shown}>{children}</AheadContext.Provider>
  if (!Activity) return shown ? tree : null
  return <Activity mode={shown ? 'visible' : 'hidden'}>{tree}</Activity>
}

/**
 * While `active`, keeps the elements of `root` marked `data-ahead="true"` out of `display: none`: React's hidden
 * Activity sets `display: none !important` on its top element at each commit that changes the hidden tree, and a
 * MutationObserver takes it off in the microtask after that commit, before the browser's next style and layout. Their
 * own CSS keeps them invisible and inert; the reveal (React's `unhide`) sets `display` back to the element's own.
 * Without `root` (no shadow root) or MutationObserver, the tree stays as React hides it.
 */
function useLaidOutAhead(root: ShadowRoot | undefined, active: boolean) {
  useLayoutEffect(() => {
    if (!root || !active || typeof MutationObserver === 'undefined') return
    const release = () => {
      for (const el of root.querySelectorAll<HTMLElement>('[data-ahead="true"]')) if (el.style.display === 'none') el.style.removeProperty('display')
    }
    release()
    const observer = new MutationObserver(release)
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'data-ahead'] })
    return () => observer.disconnect()
  }, [root, active])
}
