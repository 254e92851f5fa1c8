import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react'

/** What {@link useSelector} reads: an XState actor ref (or anything with its `getSnapshot` and `subscribe`). */
export type SelectableActor<TSnapshot> = {
  getSnapshot(): TSnapshot
  subscribe(observer: { next: () => void; error: () => void }): { unsubscribe(): void }
}

/** `@xstate/react`'s default comparison: the same value. */
const sameValue = (a: unknown, b: unknown): boolean => a === b

/**
 * A value selected from an actor's snapshot, re-rendering only when the selection changes (by `compare`): the
 * semantics of `@xstate/react`'s `useSelector`, on React's own `useSyncExternalStore` (React ≥ 18, the package's
 * peer range). `@xstate/react` reaches it through the `use-sync-external-store` shim kept for React 16 and 17, which
 * the page's first JS paid for (≈0.5 kB gzip with `@xstate/react` itself).
 *
 * As there: `actor` may be undefined (a feature not spawned yet: the selector gets `undefined`); a snapshot in
 * `status: 'error'` throws its error to the nearest error boundary; one snapshot is selected once, and a new
 * selection equal (`compare`) to the last one returned keeps the last one, so components re-render on real changes.
 *
 * @example const isOpen = useSelector(modalRef, (s) => s.hasTag('mounted'))
 */
export function useSelector<TSnapshot, T>(actor: SelectableActor<TSnapshot> | undefined, selector: (snapshot: TSnapshot) => T, compare: (a: T, b: T) => boolean = sameValue): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => {}
      const { unsubscribe } = actor.subscribe({ next: onChange, error: onChange })
      return unsubscribe
    },
    [actor],
  )
  /** The selection last rendered (set after the render commits), for a selector that changed between renders. */
  const rendered = useRef<{ value: T } | undefined>(undefined)
  const getSelection = useMemo(() => {
    let memo: { snapshot: TSnapshot; selection: T } | undefined
    return (): T => {
      const snapshot = actor?.getSnapshot() as TSnapshot
      const status = (snapshot as { status?: unknown } | undefined)?.status
      if (status === 'error') throw (snapshot as { error?: unknown }).error
      if (memo && Object.is(memo.snapshot, snapshot)) return memo.selection
      const next = selector(snapshot)
      const last = memo ? { value: memo.selection } : rendered.current
      const selection = last && compare(last.value, next) ? last.value : next
      memo = { snapshot, selection }
      return selection
    }
  }, [actor, selector, compare])
  const value = useSyncExternalStore(subscribe, getSelection, getSelection)
  useEffect(() => {
    rendered.current = { value }
  }, [value])
  return value
}
