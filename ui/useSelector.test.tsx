// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { Component, type ReactNode } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import { assign, createActor, setup } from 'xstate'
import { useSelector, type SelectableActor } from './useSelector.ts'
import { ForeignError } from '../tests/harness/failures.ts'

/**
 * `useSelector` on React's own `useSyncExternalStore` (no `use-sync-external-store` shim, no
 * `@xstate/react` in the page's first JS) keeps `@xstate/react`'s contract: select, re-render on a changed selection
 * only, an equal selection keeps its identity, an absent actor selects from `undefined`, an errored actor throws.
 */
afterEach(cleanup)

const counter = setup({
  types: { context: {} as { count: number; other: number }, events: {} as { type: 'inc' } | { type: 'other' } | { type: 'fail' } },
  actions: {
    increment: assign({ count: ({ context }) => context.count + 1 }),
    touchOther: assign({ other: ({ context }) => context.other + 1 }),
    fail: () => {
      throw new ForeignError('boom')
    },
  },
}).createMachine({
  context: { count: 0, other: 0 },
  on: { inc: { actions: 'increment' }, other: { actions: 'touchOther' }, fail: { actions: 'fail' } },
})

type Snapshot = ReturnType<ReturnType<typeof createActor<typeof counter>>['getSnapshot']>

describe('useSelector', () => {
  test('behavior: renders the selection and re-renders when it changes', () => {
    const actor = createActor(counter).start()
    function Count() {
      return <p>count {useSelector(actor, (s) => s.context.count)}</p>
    }
    render(<Count />)
    expect(screen.getByText('count 0')).toBeTruthy()
    act(() => actor.send({ type: 'inc' }))
    expect(screen.getByText('count 1')).toBeTruthy()
  })

  test('behavior: a change outside the selection does not re-render; an equal selection (compare) keeps the last object', () => {
    const actor = createActor(counter).start()
    let renders = 0
    const seen: Array<{ count: number }> = []
    const pick = (s: Snapshot) => ({ count: s.context.count })
    const same = (a: { count: number }, b: { count: number }) => a.count === b.count
    function Count() {
      renders++
      const selected = useSelector(actor, pick, same)
      seen.push(selected)
      return <p>count {selected.count}</p>
    }
    render(<Count />)
    const before = renders
    act(() => actor.send({ type: 'other' }))
    expect(renders).toBe(before)
    act(() => actor.send({ type: 'inc' }))
    expect(screen.getByText('count 1')).toBeTruthy()
    expect(seen.at(-1)).not.toBe(seen[0])
  })

  test('behavior: an equal selection from a new selector function keeps the last object', () => {
    const actor = createActor(counter).start()
    const seen: Array<{ count: number }> = []
    function Count() {
      // A new selector on every render, as an inline arrow is.
      const selected = useSelector(
        actor,
        (s) => ({ count: s.context.count }),
        (a, b) => a.count === b.count,
      )
      seen.push(selected)
      return <p>count {selected.count}</p>
    }
    const { rerender } = render(<Count />)
    rerender(<Count />)
    expect(seen.length).toBeGreaterThan(1)
    expect(seen.at(-1)).toBe(seen[0])
  })

  test('behavior: without an actor (a feature not spawned yet) the selector gets undefined', () => {
    function Missing() {
      return <p>{useSelector(undefined as SelectableActor<Snapshot> | undefined, (s) => (s === undefined ? 'not loaded' : 'loaded'))}</p>
    }
    render(<Missing />)
    expect(screen.getByText('not loaded')).toBeTruthy()
  })

  test('behavior: an actor in error throws its error to the error boundary', () => {
    const actor = createActor(counter)
    actor.subscribe({ error: () => {} })
    actor.start()
    class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
      override state: { error?: Error } = {}
      static getDerivedStateFromError(error: Error) {
        return { error }
      }
      override render() {
        return this.state.error ? <p>caught {this.state.error.message}</p> : this.props.children
      }
    }
    function Count() {
      return <p>count {useSelector(actor, (s) => s.context.count)}</p>
    }
    const quiet = console.error
    console.error = () => {}
    try {
      render(
        <Boundary>
          <Count />
        </Boundary>,
      )
      act(() => actor.send({ type: 'fail' }))
    } finally {
      console.error = quiet
    }
    expect(screen.getByText('caught boom')).toBeTruthy()
  })
})
