import { assign, createActor, fromPromise, setup, toPromise, type AnyActorRef } from 'xstate'
import { describe, expect, test } from 'vitest'
import { stateInventory, transitionInventory } from '../tests/model/coverage.ts'
import { REDACTED } from './plain.ts'
import { connectPanel, filterEntries, replayCut, stateText } from './panel.connect.ts'
import { panelThemeMode } from './index.ts'
import { panelMachine, type PanelEvent, type PanelThemeMode } from './panel.ts'
import { createRecorder, type InspectorEntry, type InspectorSession } from './recorder.ts'
import { coverageSummary, parseSession } from './session.ts'

const lock = setup({ types: { events: {} as { type: 'lock.toggle' } } }).createMachine({
  id: 'lock',
  initial: 'locked',
  states: { locked: { on: { 'lock.toggle': 'open' } }, open: { on: { 'lock.toggle': 'locked' } } },
})
const door = setup({
  types: { context: {} as { lock: AnyActorRef; code: string }, events: {} as { type: 'door.open'; otp: string } | { type: 'door.close' } | { type: 'door.fail' } },
  actors: { lock },
  actions: { remember: assign({ code: ({ event }) => (event.type === 'door.open' ? event.otp : '') }) },
}).createMachine({
  id: 'door',
  context: ({ spawn }) => ({ lock: spawn('lock', { id: 'lock', systemId: 'lock' }), code: '' }),
  initial: 'closed',
  states: {
    closed: { on: { 'door.open': { target: 'open', actions: 'remember' } } },
    open: { on: { 'door.close': 'closed', 'door.fail': 'broken' } },
    broken: { type: 'final' },
  },
})

/** A recorded session of the door: opened with a code, the lock toggled by the door, closed. */
function doorSession(): InspectorSession {
  const recorder = createRecorder()
  const actor = createActor(door, { inspect: recorder.inspect }).start()
  actor.send({ type: 'door.open', otp: '204816' })
  actor.system.get('lock').send({ type: 'lock.toggle' })
  actor.send({ type: 'door.close' })
  return recorder.session()
}

const start = () => createActor(panelMachine, { input: {} }).start()
const view = (actor: ReturnType<typeof start>, live: InspectorSession) => connectPanel(actor.getSnapshot(), actor.send, live)

describe('panelMachine', () => {
  test('behavior: tabs, selection and filters are taken in every state; collapsing keeps them, a tab expands', () => {
    const actor = start()
    actor.send({ type: 'panel.tab', tab: 'log' })
    actor.send({ type: 'panel.filter', filters: { errorsOnly: true } })
    actor.send({ type: 'panel.collapse' })
    expect(actor.getSnapshot().value).toEqual({ size: 'collapsed', source: 'live' })
    actor.send({ type: 'panel.tab', tab: 'chart' })
    expect(actor.getSnapshot().value).toEqual({ size: 'expanded', source: 'live' })
    expect(actor.getSnapshot().context).toMatchObject({ tab: 'chart', filters: { actor: null, eventType: '', errorsOnly: true } })
  })

  test('behavior: an imported session replaces a paused view and clears the selection; leaving it follows the page again', () => {
    const actor = start()
    actor.send({ type: 'panel.select', actor: 'x:1' })
    actor.send({ type: 'panel.pause', seq: 3 })
    expect(actor.getSnapshot().context.pausedAt).toBe(3)
    const session = doorSession()
    actor.send({ type: 'panel.imported', session })
    expect(actor.getSnapshot().value).toEqual({ size: 'expanded', source: { imported: 'whole' } })
    expect(actor.getSnapshot().context).toMatchObject({ pausedAt: null, selectedActor: null, imported: session })
    actor.send({ type: 'panel.leaveImport' })
    expect(actor.getSnapshot().matches({ source: 'live' })).toBe(true)
    expect(actor.getSnapshot().context.imported).toBeNull()
  })

  test('model: the walk takes every transition and reaches every state (100 %, counted by the inspector itself)', () => {
    const paths: PanelEvent[][] = [
      [
        { type: 'panel.tab', tab: 'log' },
        { type: 'panel.select', actor: 'x:0' },
        { type: 'panel.pick', seq: 2 },
        { type: 'panel.filter', filters: { eventType: 'door' } },
      ],
      [
        { type: 'panel.fileRefused', message: 'Not an inspector session' },
        { type: 'panel.coverageMerged', coverage: {} },
      ],
      [{ type: 'panel.collapse' }, { type: 'panel.expand' }, { type: 'panel.collapse' }, { type: 'panel.tab', tab: 'chart' }],
      [{ type: 'panel.pause', seq: 1 }, { type: 'panel.resume' }, { type: 'panel.theme', mode: 'dark' }],
      [{ type: 'panel.pause', seq: 1 }, { type: 'panel.imported', session: doorSession() }, { type: 'panel.leaveImport' }, { type: 'panel.imported', session: doorSession() }],
      [{ type: 'panel.imported', session: doorSession() }, { type: 'panel.replay' }, { type: 'panel.step', to: 3 }, { type: 'panel.stopReplay' }],
    ]
    const recorder = createRecorder()
    for (const path of paths) {
      const actor = createActor(panelMachine, { input: {}, inspect: recorder.inspect }).start()
      for (const event of path) actor.send(event)
      actor.stop()
    }
    const session = recorder.session()
    const summary = coverageSummary(session.machines.inspectorPanel!, session.coverage.inspectorPanel)
    expect(summary.states.missed).toEqual([])
    expect(summary.transitions.missed).toEqual([])
    // The inspector's ids are the model walks' ids.
    expect(summary.transitions.total).toBe(transitionInventory(panelMachine).length)
    expect(summary.states.total).toBe(stateInventory(panelMachine).filter((id) => id !== 'inspectorPanel').length)
  })
})

describe('replay', () => {
  const replaying = () => {
    const actor = start()
    actor.send({ type: 'panel.imported', session: doorSession() })
    actor.send({ type: 'panel.replay' })
    return actor
  }

  test('behavior: replay steps through an imported session one event at a time; the views show it as it stood after that event', () => {
    const actor = replaying()
    const empty = createRecorder().session()
    expect(actor.getSnapshot().value).toEqual({ size: 'expanded', source: { imported: 'replaying' } })
    let v = view(actor, empty)
    expect(v.replay).toMatchObject({ step: 0, total: 5, text: 'root: xstate.init' })
    // Step 3 (door.open, sent from outside to the door): the door is open, the lock not yet toggled, the event picked.
    v.replay!.seek(2)
    v = view(actor, empty)
    expect(v.replay).toMatchObject({ step: 2, text: 'root: door.open' })
    expect(v.actors.map((a) => [a.name, a.state])).toEqual([
      ['root', 'open'],
      ['lock', 'locked'],
    ])
    expect([...v.activeIds]).toEqual(['door', 'door.open'])
    expect(v.messages.map((m) => [m.type, m.selected, m.ahead])).toEqual([
      ['xstate.init', false, false],
      ['xstate.init', false, false],
      ['door.open', true, false],
      ['lock.toggle', false, true],
      ['door.close', false, true],
    ])
    expect(v.around?.before?.value).toBe('closed')
    expect(v.around?.after?.value).toBe('open')
    v.replay!.next()
    expect(view(actor, empty).actors.map((a) => a.state)).toEqual(['open', 'open'])
    view(actor, empty).replay!.last()
    v = view(actor, empty)
    expect(v.replay).toMatchObject({ step: 4, text: 'root: door.close' })
    expect(v.actors[0]!.state).toBe('closed')
    v.replay!.previous()
    expect(view(actor, empty).replay!.step).toBe(3)
    view(actor, empty).replay!.first()
    expect(view(actor, empty).replay!.step).toBe(0)
  })

  test('behavior: a step outside the session is kept within it (before the first, past the last, not a number)', () => {
    const actor = replaying()
    for (const [to, step] of [
      [-1, 0],
      [99, 4],
      [Number.POSITIVE_INFINITY, 4],
      [Number.NEGATIVE_INFINITY, 0],
      [Number.NaN, 0],
      [2.7, 2],
    ] as const) {
      actor.send({ type: 'panel.step', to })
      expect(actor.getSnapshot().context.replayStep, String(to)).toBe(step)
    }
  })

  test('behavior: picking an event in the sequence while replaying moves the replay there; stopping shows the whole session again', () => {
    const actor = replaying()
    const empty = createRecorder().session()
    view(actor, empty).replay!.last()
    const toggle = view(actor, empty).messages.find((m) => m.type === 'lock.toggle')!
    view(actor, empty).pick(toggle.seq)
    expect(view(actor, empty).replay!.step).toBe(3)
    view(actor, empty).replay!.stop()
    const v = view(actor, empty)
    expect(v.replay).toBeNull()
    expect(v.messages).toHaveLength(5)
    expect(v.startReplay).toBeTypeOf('function')
  })

  test('behavior: replay is offered only for an imported session with events, and a new import ends a replay', () => {
    const actor = start()
    expect(view(actor, doorSession()).startReplay).toBeNull()
    actor.send({ type: 'panel.imported', session: { ...doorSession(), entries: [] } })
    expect(view(actor, doorSession()).startReplay).toBeNull()
    actor.send({ type: 'panel.imported', session: doorSession() })
    view(actor, doorSession()).startReplay!()
    actor.send({ type: 'panel.step', to: 2 })
    actor.send({ type: 'panel.imported', session: doorSession() })
    expect(actor.getSnapshot().value).toEqual({ size: 'expanded', source: { imported: 'whole' } })
    expect(actor.getSnapshot().context.replayStep).toBeNull()
  })

  test('behavior: replay reads the file only: the recorded actors get no event while it steps', () => {
    const recorder = createRecorder()
    const live = createActor(door, { inspect: recorder.inspect }).start()
    const before = recorder.session().entries.length
    const actor = start()
    actor.send({ type: 'panel.imported', session: doorSession() })
    actor.send({ type: 'panel.replay' })
    for (let to = 0; to < 5; to++) actor.send({ type: 'panel.step', to })
    expect(recorder.session().entries).toHaveLength(before)
    expect(live.getSnapshot().value).toBe('closed')
  })
})

describe('panel theme mode', () => {
  /** A modal's theme as createModal keeps it: `getTheme`, `subscribeTheme`, `setThemeMode`. */
  const themedModal = (themeMode: PanelThemeMode | undefined) => {
    let theme = { themeMode }
    const listeners = new Set<(t: typeof theme) => void>()
    return {
      ready: async () => {},
      actor: createActor(lock).start(),
      getTheme: () => theme,
      subscribeTheme: (listener: (t: typeof theme) => void) => {
        listeners.add(listener)
        return () => void listeners.delete(listener)
      },
      setThemeMode: (mode: PanelThemeMode) => {
        theme = { themeMode: mode }
        for (const l of listeners) l(theme)
      },
    }
  }

  test("behavior: the panel takes the modal's theme mode (light when unset, as the modal draws) and each setThemeMode after", () => {
    expect(panelThemeMode(themedModal(undefined)).now()).toBe('light')
    const modal = themedModal('dark')
    const theme = panelThemeMode(modal)
    expect(theme.now()).toBe('dark')
    const panel = createActor(panelMachine, { input: { themeMode: theme.now() } }).start()
    const stop = theme.watch((mode) => panel.send({ type: 'panel.theme', mode }))
    expect(connectPanel(panel.getSnapshot(), panel.send, createRecorder().session()).themeMode).toBe('dark')
    modal.setThemeMode('light')
    expect(panel.getSnapshot().context.themeMode).toBe('light')
    stop()
    modal.setThemeMode('dark')
    expect(panel.getSnapshot().context.themeMode).toBe('light')
  })

  test("behavior: a modal that does not tell its theme leaves the panel to the visitor's prefers-color-scheme", () => {
    const query = { matches: true, listeners: new Set<(e: { matches: boolean }) => void>() }
    const matchMedia = (q: string) => {
      expect(q).toBe('(prefers-color-scheme: dark)')
      return {
        get matches() {
          return query.matches
        },
        addEventListener: (_: string, l: (e: { matches: boolean }) => void) => query.listeners.add(l),
        removeEventListener: (_: string, l: (e: { matches: boolean }) => void) => query.listeners.delete(l),
      }
    }
    const saved = globalThis.matchMedia
    globalThis.matchMedia = matchMedia as unknown as typeof globalThis.matchMedia
    try {
      const theme = panelThemeMode({ ready: async () => {}, actor: createActor(lock).start() })
      expect(theme.now()).toBe('dark')
      const seen: PanelThemeMode[] = []
      const stop = theme.watch((mode) => seen.push(mode))
      query.matches = false
      for (const l of query.listeners) l({ matches: false })
      stop()
      expect(seen).toEqual(['light'])
      expect(query.listeners.size).toBe(0)
    } finally {
      globalThis.matchMedia = saved
    }
  })
})

describe('connectPanel', () => {
  test('behavior: the actors as a tree with their states, the root selected and its chart active, coverage counted', () => {
    const actor = start()
    const v = view(actor, doorSession())
    expect(v.actors.map((a) => [a.name, a.depth, a.state, a.selected])).toEqual([
      ['root', 0, 'closed', true],
      ['lock', 1, 'open', false],
    ])
    expect(v.graph?.id).toBe('door')
    expect([...v.activeIds]).toEqual(['door', 'door.closed'])
    expect(v.summary).toEqual({ states: { visited: 2, total: 3, missed: ['door.broken'] }, transitions: { visited: 2, total: 3, missed: ['door.open --door.fail[0]'] } })
    expect(v.visited.transitions.has('door.open --door.fail[0]')).toBe(false)
  })

  test('behavior: the sequence puts each actor on a lifeline; a picked event shows the snapshot before and after, redacted', () => {
    const actor = start()
    const live = doorSession()
    const open = view(actor, live).messages.find((m) => m.type === 'door.open')!
    actor.send({ type: 'panel.pick', seq: open.seq })
    const v = view(actor, live)
    expect(v.lifelines).toEqual(['root', 'lock'])
    expect(v.messages.map((m) => m.type)).toEqual(['xstate.init', 'xstate.init', 'door.open', 'lock.toggle', 'door.close'])
    expect(v.picked).toMatchObject({ kind: 'event', event: { type: 'door.open', otp: REDACTED } })
    expect(v.around?.before?.value).toBe('closed')
    expect(v.around?.after).toMatchObject({ value: 'open', context: { code: REDACTED } })
    expect(JSON.stringify(v.around)).not.toContain('204816')
  })

  test('behavior: the log filters by actor, event type and errors; pausing holds the entries shown', () => {
    const live = doorSession()
    const lockId = live.actors[1]!.sessionId
    expect(filterEntries(live.entries, { actor: lockId, eventType: '', errorsOnly: false }).every((e) => e.actor === lockId)).toBe(true)
    expect(filterEntries(live.entries, { actor: null, eventType: 'CLOSE', errorsOnly: false }).map((e) => e.kind)).toEqual(['event', 'snapshot'])
    expect(filterEntries(live.entries, { actor: null, eventType: '', errorsOnly: true })).toEqual([])
    const actor = start()
    view(actor, live).pause()
    const more = { ...live, entries: [...live.entries, { seq: 999, at: 1, kind: 'actor' as const, actor: lockId }] }
    expect(view(actor, more).log.length).toBe(live.entries.length)
    view(actor, more).resume()
    expect(view(actor, more).log.length).toBe(live.entries.length + 1)
  })

  test('behavior: an exported session imports identically; a bad file is refused with its reason and the view keeps the page', () => {
    const actor = start()
    const live = doorSession()
    const text = view(actor, live).exportText()
    view(actor, live).importText(text)
    const v = view(actor, createRecorder().session())
    expect(v.imported).toBe(true)
    expect(v.session).toEqual(JSON.parse(text))
    view(actor, live).leaveImport()
    view(actor, live).importText('{"format":"other"}')
    const refused = view(actor, live)
    expect(refused.imported).toBe(false)
    expect(refused.fileError).toMatchInlineSnapshot(`
      "Not an inspector session
      Docs: https://latchkey.example/errors/InspectorSessionError
      Details: format: Invalid type: Expected "latchkey-inspect" but received "other""
    `)
  })

  test('behavior: a session with a promise actor (no context) exports and imports back identically', async () => {
    const recorder = createRecorder()
    const answer = fromPromise(async () => 7)
    const actor = createActor(answer, { inspect: recorder.inspect }).start()
    await toPromise(actor)
    const text = JSON.stringify(recorder.session())
    expect(parseSession(text)).toEqual(JSON.parse(text))
  })

  test('behavior: a merged coverage file adds its counts to the chart', () => {
    const actor = start()
    const live = doorSession()
    const other = { ...live, coverage: { door: { states: { 'door.broken': 1 }, transitions: { 'door.open --door.fail[0]': 1 } } } }
    view(actor, live).mergeText(JSON.stringify(other))
    const v = view(actor, live)
    expect(v.coverageMerged).toBe(true)
    expect(v.summary?.transitions).toEqual({ visited: 3, total: 3, missed: [] })
  })

  test('behavior: a state value as one line', () => {
    expect(stateText({ size: 'expanded', source: { live: 'idle' } })).toBe('size.expanded | source.(live.idle)')
    expect(stateText(undefined)).toBe('')
    expect(stateText({ reports: {}, screen: 'closed', features: { swap: {} } })).toBe('reports | screen.closed | features.(swap)')
  })
})

describe('replayCut', () => {
  test("behavior: a step shows up to the receiving actor's snapshot after the event, past the events it sent meanwhile", () => {
    type EventEntry = Extract<InspectorEntry, { kind: 'event' }>
    const event = (seq: number, actor: string): EventEntry => ({ seq, at: seq, kind: 'event', actor, source: null, event: { type: 'x' } })
    const snapshot = (seq: number, actor: string): InspectorEntry => ({ seq, at: seq, kind: 'snapshot', actor, event: 'x', status: 'active', value: 'a', context: null })
    const [first, sent, last] = [event(1, 'a'), event(2, 'b'), event(5, 'a')]
    const entries = [first, sent, snapshot(3, 'b'), snapshot(4, 'a'), last, snapshot(6, 'a')]
    expect(replayCut(entries, first, sent)).toBe(4)
    expect(replayCut(entries, sent, last)).toBe(4)
    expect(replayCut(entries, last, undefined)).toBe(Number.POSITIVE_INFINITY)
  })
})
