import { assign, createActor, fromPromise, setup, toPromise, type AnyActorRef } from 'xstate'
import { describe, expect, test } from 'vitest'
import { stateInventory, transitionInventory } from '../tests/model/coverage.ts'
import { REDACTED } from './plain.ts'
import { connectPanel, filterEntries, stateText } from './panel.connect.ts'
import { panelThemeMode } from './index.ts'
import { panelMachine, type PanelEvent, type PanelThemeMode } from './panel.ts'
import { createRecorder, type InspectorSession } from './recorder.ts'
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
    expect(actor.getSnapshot().value).toEqual({ size: 'expanded', source: 'imported' })
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
  })
})
