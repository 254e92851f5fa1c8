import { and, fromPromise, not, setup } from 'xstate'
import { describe, expect, test } from 'vitest'
import { siwxMachine } from '../machines/siwx.ts'
import { sendMachine } from '../machines/send.ts'
import { rootMachine } from '../machines/root.ts'
import { multiWalletMachine } from '../machines/multiWallet.ts'
import { walletBalanceMachine } from '../machines/walletBalance.ts'
import { stateInventory, transitionInventory } from '../tests/model/coverage.ts'
import { acceptedEvents, activeNodeIds, edgeLabel, machineToGraph } from './graph.ts'
import { visualisedMachines } from '../dev/visualiser/machines.ts'

/** Nested, parallel, guarded, delayed, invoked, eventless, final and history nodes in one small chart. */
const sample = setup({
  types: { events: {} as { type: 'go' } | { type: 'stop' } | { type: 'ping'; n: number } },
  actors: { load: fromPromise(async () => 1) },
  guards: { isReady: () => true, isLate: () => false, isOn: (_, params: { flag: string }) => params.flag === 'on' },
  actions: { log: () => {}, tick: () => {} },
  delays: { retryTimeout: 1_000 },
}).createMachine({
  id: 'sample',
  initial: 'idle',
  on: { ping: { actions: 'log' } },
  states: {
    idle: {
      on: {
        go: [
          { guard: 'isReady', target: 'loading' },
          { guard: { type: 'isOn', params: { flag: 'on' } }, target: 'busy.left.a', actions: ['log', { type: 'tick' }] },
        ],
      },
    },
    loading: {
      tags: ['loading'],
      invoke: { id: 'loader', src: 'load', onDone: 'busy', onError: { target: 'idle', guard: and(['isReady', not('isLate')]) } },
      after: { retryTimeout: 'idle', 500: { target: 'done', reenter: true } },
    },
    busy: {
      type: 'parallel',
      states: {
        left: { initial: 'a', states: { a: { on: { stop: '#sample.done' } }, b: {} } },
        right: { initial: 'c', states: { c: { always: [{ guard: 'isReady', target: 'd' }, { target: 'c' }] }, d: {}, hist: { type: 'history', history: 'deep' } } },
      },
    },
    done: { type: 'final' },
  },
})

describe('machineToGraph on a sample machine', () => {
  const graph = machineToGraph(sample)

  test('behavior: every state node appears once, with its parent, type and initial child', () => {
    expect(graph.nodes.map((n) => [n.id, n.parent, n.type, n.initial])).toEqual([
      ['sample', null, 'compound', ['sample.idle']],
      ['sample.idle', 'sample', 'atomic', []],
      ['sample.loading', 'sample', 'atomic', []],
      ['sample.busy', 'sample', 'parallel', []],
      ['sample.busy.left', 'sample.busy', 'compound', ['sample.busy.left.a']],
      ['sample.busy.left.a', 'sample.busy.left', 'atomic', []],
      ['sample.busy.left.b', 'sample.busy.left', 'atomic', []],
      ['sample.busy.right', 'sample.busy', 'compound', ['sample.busy.right.c']],
      ['sample.busy.right.c', 'sample.busy.right', 'atomic', []],
      ['sample.busy.right.d', 'sample.busy.right', 'atomic', []],
      ['sample.busy.right.hist', 'sample.busy.right', 'history', []],
      ['sample.done', 'sample', 'final', []],
    ])
    expect(graph.nodes.find((n) => n.id === 'sample.busy.right.hist')?.history).toBe('deep')
    expect(graph.nodes.find((n) => n.id === 'sample.loading')).toMatchObject({ tags: ['loading'], invoke: [{ id: 'loader', src: 'load' }] })
  })

  test('behavior: every transition appears once, nothing else, in the order XState tries them', () => {
    expect(graph.edges.map((e) => [e.id, e.targets])).toEqual([
      ['sample --ping[0]', []],
      ['sample.idle --go[0]', ['sample.loading']],
      ['sample.idle --go[1]', ['sample.busy.left.a']],
      ['sample.loading --xstate.done.actor.loader[0]', ['sample.busy']],
      ['sample.loading --xstate.error.actor.loader[0]', ['sample.idle']],
      ['sample.loading --xstate.after.500.sample.loading[0]', ['sample.done']],
      ['sample.loading --xstate.after.retryTimeout.sample.loading[0]', ['sample.idle']],
      ['sample.busy.left.a --stop[0]', ['sample.done']],
      ['sample.busy.right.c --always[0]', ['sample.busy.right.d']],
      ['sample.busy.right.c --always[1]', ['sample.busy.right.c']],
    ])
  })

  test('behavior: guards keep their name and params, delays their name or ms, actions their names', () => {
    const byId = new Map(graph.edges.map((e) => [e.id, e]))
    expect(byId.get('sample.idle --go[1]')).toMatchObject({ kind: 'event', guard: { name: 'isOn', params: { flag: 'on' } }, actions: ['log', 'tick'] })
    expect(byId.get('sample.loading --xstate.error.actor.loader[0]')).toMatchObject({ kind: 'error', actor: 'loader', guard: { name: 'isReady && !isLate' } })
    expect(byId.get('sample.loading --xstate.after.retryTimeout.sample.loading[0]')).toMatchObject({ kind: 'after', delay: 'retryTimeout' })
    expect(byId.get('sample.loading --xstate.after.500.sample.loading[0]')).toMatchObject({ kind: 'after', delay: 500, reenter: true })
    expect(byId.get('sample.busy.right.c --always[0]')).toMatchObject({ kind: 'always', event: '', guard: { name: 'isReady' } })
  })

  test('behavior: labels read `event [guard] / delay`', () => {
    expect(graph.edges.map(edgeLabel)).toEqual([
      'ping',
      'go [isReady]',
      'go [isOn on]',
      'done: loader',
      'error: loader [isReady && !isLate]',
      'after / 500 ms',
      'after / retryTimeout',
      'stop',
      'always [isReady]',
      'always',
    ])
  })

  test('behavior: the graph is plain JSON (a round trip changes nothing)', () => {
    expect(JSON.parse(JSON.stringify(graph))).toEqual(graph)
  })

  test('behavior: active nodes of a parallel value include every region and ancestor', () => {
    expect(activeNodeIds(graph, { busy: { left: 'b', right: 'd' } })).toEqual(['sample', 'sample.busy', 'sample.busy.left', 'sample.busy.left.b', 'sample.busy.right', 'sample.busy.right.d'])
    expect(activeNodeIds(graph, 'nowhere')).toEqual(['sample'])
  })

  test('behavior: accepted events are the active nodes’ own events, without xstate.* and eventless ones', () => {
    expect(acceptedEvents(graph, activeNodeIds(graph, 'loading')).map((e) => e.type)).toEqual(['ping'])
    expect(acceptedEvents(graph, activeNodeIds(graph, 'idle')).map((e) => [e.type, e.edges.length])).toEqual([
      ['ping', 1],
      ['go', 2],
    ])
    expect(acceptedEvents(graph, activeNodeIds(graph, { busy: { left: 'a', right: 'c' } })).map((e) => e.type)).toEqual(['ping', 'stop'])
  })

  test('bad input: something that is not a machine is refused with a clear error', () => {
    expect(() => machineToGraph({} as never)).toThrowErrorMatchingInlineSnapshot(`[TypeError: machineToGraph: expected an XState v5 machine (createMachine/setup().createMachine), got [object Object]]`)
    expect(() => machineToGraph(null as never)).toThrow(/got null/)
  })
})

describe('machineToGraph on the production machines', () => {
  test.each([
    ['siwx', siwxMachine],
    ['send', sendMachine],
    ['root', rootMachine],
    ['multiWallet', multiWalletMachine],
    ['walletBalance', walletBalanceMachine],
  ] as const)('behavior: %s has the states and transition ids of the model-test inventory', (_, machine) => {
    const graph = machineToGraph(machine)
    expect(graph.nodes.filter((n) => n.parent !== null).map((n) => n.id)).toEqual(stateInventory(machine))
    expect(graph.edges.map((e) => e.id).sort()).toEqual([...transitionInventory(machine)].sort())
  })

  test('behavior: the visualiser lists every machine of machines/, each by its id', () => {
    // Found by the registry itself (a new machine appears without a change here); these are today's.
    expect(visualisedMachines.map((m) => m.id)).toEqual(
      expect.arrayContaining(['account', 'catalogue', 'connection', 'modal', 'multiWallet', 'network', 'remoteConfig', 'root', 'router', 'send', 'siwx', 'toast', 'walletBalance', 'walletName']),
    )
    expect(new Set(visualisedMachines.map((m) => m.id)).size).toBe(visualisedMachines.length)
    for (const { machine } of visualisedMachines) expect(() => machineToGraph(machine)).not.toThrow()
  })
})
