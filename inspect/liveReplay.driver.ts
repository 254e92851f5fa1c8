/**
 * The live page's side of a live replay (inspect/liveReplay.ts): `sendStep` finds the step's actor on the page by
 * name (`root` is the modal's root actor, any other name a system id), waits as the step needs, checks that the actor
 * accepts the event in its state, and sends it; `answerWallets` approves every prompt the given test wallets raise
 * while the replay is active, through the wallets' own approve control (what the visitor's click in the wallet does).
 */
import { fromCallback, fromPromise, type AnyActorRef } from 'xstate'
import { stateText } from './panel.connect.ts'
import { holdsRedacted, LiveReplayError, type SendStepInput } from './liveReplay.ts'

/**
 * A test wallet the replay answers for: the development wallets (the demo's EVM DevWallet, latchkey/testing's
 * `TestWallet.provider`, the Solana and Bitcoin test wallets) all fit. Every pending prompt is approved.
 */
export type ReplayWallet = {
  readonly pending: ReadonlyArray<{ readonly id: number }>
  approve(id: number): unknown
  subscribe(listener: () => void): () => void
}

/** The longest a paced step waits for the recording's gap before it (ms): a long pause while recording is not replayed. */
export const liveReplayMaxGap = 1_500
/** How long a step waits for its actor to exist and reach its recorded state, or at least accept the event (ms). */
export const liveReplayStateWait = 5_000

type Snapshot = { value?: unknown; can?: (event: { type: string }) => boolean }

/** The page's actor named `name`: the root for `root`, else the system's actor of that system id. */
function actorNamed(root: AnyActorRef, name: string): AnyActorRef | undefined {
  return name === 'root' ? root : (root.system.get(name) as AnyActorRef | undefined)
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Resolves once `ready()` holds (checked now and after each change of the page's actors), or after `ms`; never
 * rejects. Rejects with the signal's reason when the replay drops the step.
 */
function waitFor(root: AnyActorRef, ready: () => boolean, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (ready()) return resolve()
    const subscription = root.system.inspect({
      next: (event) => {
        if (event.type === '@xstate.snapshot' && ready()) finish()
      },
    })
    const timer = setTimeout(finish, ms)
    const abort = () => {
      cleanup()
      reject(signal.reason)
    }
    signal.addEventListener('abort', abort, { once: true })
    function cleanup() {
      clearTimeout(timer)
      subscription.unsubscribe()
      signal.removeEventListener('abort', abort)
    }
    function finish() {
      cleanup()
      resolve()
    }
  })
}

/** Resolves after `ms`, or rejects when `signal` aborts first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    const abort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    signal.addEventListener('abort', abort, { once: true })
  })
}

/**
 * The actors a live replay of `root`'s page needs: `sendStep` and `answerWallets`, to give
 * `liveReplayMachine.provide({ actors })`. `timing` shortens the waits ({@link liveReplayMaxGap},
 * {@link liveReplayStateWait}; ms), for tests.
 * @throws (`sendStep`) LiveReplayError when the step's actor is not on the page, its event carries a redacted value, or
 *   the actor does not accept the event in its state.
 */
export function liveReplayActors(root: AnyActorRef, wallets: readonly ReplayWallet[] = [], timing: { maxGap?: number; stateWait?: number } = {}) {
  const maxGap = timing.maxGap ?? liveReplayMaxGap
  const stateWait = timing.stateWait ?? liveReplayStateWait
  return {
    sendStep: fromPromise<void, SendStepInput>(async ({ input: { step, index, paced }, signal }) => {
      const name = `Step ${index + 1} (${step.actor}: ${step.event.type})`
      if (holdsRedacted(step.event)) throw new LiveReplayError(`${name} carries a value the recording redacted: it cannot be sent again. The replay stopped; nothing more was sent.`)
      if (paced) await pause(Math.min(step.gap, maxGap), signal)
      // The actor may still be on its way (a connection spawned by the previous step), or in a state it passes through.
      await waitFor(
        root,
        () => {
          const actor = actorNamed(root, step.actor)
          return actor !== undefined && (step.before === null || sameValue((actor.getSnapshot() as Snapshot).value, step.before))
        },
        stateWait,
        signal,
      )
      const accepts = () => {
        const snapshot = actorNamed(root, step.actor)?.getSnapshot() as Snapshot | undefined
        return snapshot?.can ? snapshot.can(step.event) : snapshot !== undefined
      }
      if (!accepts()) await waitFor(root, accepts, stateWait, signal)
      const actor = actorNamed(root, step.actor)
      if (!actor) throw new LiveReplayError(`${name}: no actor named ${step.actor} on this page. The replay stopped; nothing more was sent.`)
      if (!accepts()) {
        const now = stateText((actor.getSnapshot() as Snapshot).value)
        throw new LiveReplayError(`${name} is not accepted: ${step.actor} is in ${now || '(no state)'}, the recording had it in ${stateText(step.before) || '(no state)'}. The replay stopped; nothing more was sent.`)
      }
      actor.send(step.event)
    }),
    answerWallets: fromCallback(() => {
      const approveAll = (wallet: ReplayWallet) => {
        for (const prompt of wallet.pending) wallet.approve(prompt.id)
      }
      const stops = wallets.map((wallet) => {
        approveAll(wallet)
        return wallet.subscribe(() => approveAll(wallet))
      })
      return () => {
        for (const stop of stops) stop()
      }
    }),
  }
}
