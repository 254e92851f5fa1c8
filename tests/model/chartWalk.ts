import { afterAll, afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor, createMachine, fromPromise, getInitialSnapshot, getNextSnapshot, type AnyActorRef, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate'
import { held, type Deferred } from '../harness/deferred.ts'
import { toastMachine } from '../../machines/toast.ts'
import { coverageReport, firedTransitions, formatCoverage, recordTransitions, stateKey, type ModelPath, type TransitionId } from './coverage.ts'

/**
 * Chart-level model walks (the transaction and batch machines): the production machine invoked as the modal invokes
 * it, under a parent that holds the real toast actor by its `systemId`, its I/O actors held until the walk answers them
 * as the wallet would, and every step checked against the model's own snapshot.
 */

/** A model event that answers an invoked actor: `xstate.done.actor.<id>` with `output`, `xstate.error.actor.<id>` with `error`. */
export type AnswerEvent = { type: string; output?: unknown; error?: unknown }

/**
 * The wallet's (or any service's) side of a walk, actor by actor: each call of an actor made with {@link actor} waits
 * in `asked[id]` until {@link answer} plays the model event that names it.
 *
 * @param ids The actors' ids as the machine invokes them (`send`, `waitForEnd`, `getCallsStatus`).
 * @example
 * const wallet = heldAnswers(['send'])
 * const logic = transactionMachine.provide({ actors: { send: wallet.actor('send') } })
 * wallet.answer({ type: 'xstate.done.actor.send', output: { hash } }) // true: the last held send resolves
 */
export function heldAnswers<Id extends string>(ids: readonly Id[]) {
  const asked = Object.fromEntries(ids.map((id) => [id, [] as Deferred<unknown>[]])) as Record<Id, Deferred<unknown>[]>
  return {
    /** The calls held so far, by actor id, in order. */
    asked,
    /** An actor whose every call is held in `asked[id]`; it fits any actor slot, its output being what the walk answers. */
    actor: (id: Id) => fromPromise<any, any>(() => held(asked[id])),
    /**
     * Answers the last held call of the actor the event names: resolves with `output` (`xstate.done.actor.*`) or
     * rejects with `error` (`xstate.error.actor.*`). False, with nothing answered, when the event names no actor here.
     */
    answer(event: AnswerEvent): boolean {
      const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)
      const list = match && (ids as readonly string[]).includes(match[2]!) ? asked[match[2] as Id] : undefined
      if (!list) return false
      const call = list.at(-1)
      if (!call) expect.unreachable(`${event.type} answers a call the machine has not made`)
      if (match![1] === 'done') call.resolve(event.output)
      else call.reject(event.error)
      return true
    },
  }
}

/**
 * Starts `logic` as the modal invokes it: a child `id` of a parent that also holds the real toast actor (`systemId`
 * 'toast'), the child's output collected in `outcomes`.
 *
 * @param on The parent's own handlers (the events the child sends its parent).
 */
export function startUnderToast<Output>(logic: AnyStateMachine, id: string, input: unknown, on: Record<string, { actions: (args: { event: EventObject }) => void }> = {}) {
  const outcomes: Output[] = []
  const parent = createMachine({
    invoke: [
      { id: 'toast', src: toastMachine, systemId: 'toast' },
      { id, src: logic, input, onDone: { actions: ({ event }) => outcomes.push(event.output as Output) } },
    ],
    on,
  })
  const actor = createActor(parent).start()
  const child = actor.getSnapshot().children[id] as AnyActorRef
  /** The toast shown now, if any. */
  const toast = <T = { variant: string }>() => (actor.getSnapshot().children['toast'] as AnyActorRef).getSnapshot().context.current as T | undefined
  return { actor, child, outcomes, toast }
}

/** How a walk plays and checks one machine: see {@link walkChart}. */
export type ChartWalk<Input, Run extends { actor: AnyActorRef; child: AnyActorRef }> = {
  machine: AnyStateMachine
  start: (input: Input) => Run
  /** Plays the model event: the answer of a held actor, or the fake clock moved by a named delay. */
  perform: (run: Run, event: EventObject) => Promise<void>
  /** What the parent reads and the visitor sees after the step (`state` is the model's {@link stateKey}). */
  check: (run: Run, state: string, model: SnapshotFrom<AnyStateMachine>) => void
  /** Runs after the step's state is checked, before `check` (say, the toast's swap once the machine is done). */
  settle?: (model: SnapshotFrom<AnyStateMachine>) => Promise<void>
}

/**
 * Walks one model path on the production machine: after each step the machine is in the model's state, took at least
 * the transitions the model fired, and passes `check`.
 */
export async function walkChart<Input, Run extends { actor: AnyActorRef; child: AnyActorRef }>(walk: ChartWalk<Input, Run>, input: Input, path: ModelPath): Promise<void> {
  const { machine } = walk
  const run = walk.start(input)
  const transitions = recordTransitions(run.child)
  let model = getInitialSnapshot(machine, input)
  expect(stateKey(run.child.getSnapshot())).toBe(stateKey(model))
  for (const step of path.steps) {
    const fired = firedTransitions(machine, model, step.event)
    const fromTaken = transitions.taken.length
    model = getNextSnapshot(machine, model, step.event)
    await walk.perform(run, step.event)
    expect(stateKey(run.child.getSnapshot())).toBe(step.state)
    expect(transitions.taken.slice(fromTaken)).toEqual(expect.arrayContaining(fired))
    await walk.settle?.(model)
    walk.check(run, step.state, model)
  }
  transitions.stop()
  run.actor.stop()
}

/** One run of the model per fixture: its paths and what they cover (`buildModelPaths`). */
export type FixtureRun<Fixture> = { fixture: Fixture; paths: ModelPath[]; coveredStates: Set<string>; coveredTransitions: Set<TransitionId> }

/**
 * The suite of a chart walk, on the fake clock: `'<name> model: every path walked on the production machine'`, with
 * the coverage test and one test per path, grouped by fixture.
 *
 * @param name The machine's name in the titles (`transaction`, `batch`).
 * @param stepName A step's name in a walk's title.
 * @param coverage The coverage test's body: every state reached, every transition fired (written in the model's own
 *   file, where tests/model/registry.test.ts looks for it).
 */
export function describeChartWalks<Fixture extends { name: string; input: Input }, Input, Run extends { actor: AnyActorRef; child: AnyActorRef }>(
  name: string,
  walk: ChartWalk<Input, Run>,
  runs: FixtureRun<Fixture>[],
  stepName: (step: ModelPath['steps'][number]) => string,
  coverage: () => void,
): void {
  describe(`${name} model: every path walked on the production machine`, () => {
    beforeEach(() => vi.useFakeTimers())
    afterEach(() => vi.useRealTimers())
    afterAll(() => {
      console.log(formatCoverage(`${name} (model paths walked)`, coverageReport(walk.machine, runs)))
    })

    test(`coverage: the walks reach every state and fire every transition of the ${name} machine`, coverage)

    for (const run of runs) {
      describe(run.fixture.name, () => {
        for (const path of run.paths) test(`walk: ${path.steps.map(stepName).join(' → ') || '(initial)'}`, () => walkChart(walk, run.fixture.input, path))
      })
    }
  })
}
