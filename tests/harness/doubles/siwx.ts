import { fromPromise } from 'xstate'
import { siwxMachine, type SiwxMessage, type SiwxSession, type SiwxTarget } from '../../../machines/siwx.ts'
import type { FeatureRefs } from '../../../ui/assemble/index.ts'
import { deferred, type Deferred } from '../deferred.ts'
import type { HarnessRoot } from '../root.ts'

/**
 * Sign-in in the root harness: the production SIWX machine whose config and wallet calls (sessions, message, signature,
 * session added) wait for the test (`h.signIn`, revocations recorded), and its snapshot once the first connection
 * spawned it (`h.siwx()`).
 */
export function double(root: HarnessRoot) {
  const signIn = {
    sessions: [] as Array<{ input: SiwxTarget; d: Deferred<SiwxSession[]> }>,
    messages: [] as Array<{ input: SiwxTarget; d: Deferred<SiwxMessage> }>,
    signatures: [] as Array<{ input: { target: SiwxTarget; message: string }; d: Deferred<string> }>,
    added: [] as Array<{ input: SiwxSession; d: Deferred<SiwxSession> }>,
    revoked: [] as Array<{ sessions: SiwxSession[] }>,
  }
  const heldWithInput =
    <I, T>(list: Array<{ input: I; d: Deferred<T> }>) =>
    ({ input }: { input: I }) => {
      const d = deferred<T>()
      list.push({ input, d })
      return d.promise
    }
  return {
    logic: siwxMachine.provide({
      actors: {
        getSessions: fromPromise(heldWithInput(signIn.sessions)),
        createMessage: fromPromise(heldWithInput(signIn.messages)),
        signMessage: fromPromise(heldWithInput(signIn.signatures)),
        addSession: fromPromise(heldWithInput(signIn.added)),
        revokeSession: fromPromise(async ({ input }) => void signIn.revoked.push({ sessions: input.sessions })),
      },
    }),
    exposed: {
      /** The SIWX machine's calls (config and wallet), answered by the test. */
      signIn,
      /** The SIWX machine's snapshot (spawned by the first connection). */
      siwx: () => (root().features.siwx as FeatureRefs['siwx'])!.getSnapshot(),
    },
  }
}

/** What the harness exposes of this double. */
type Exposed = ReturnType<typeof double>['exposed']

declare module '../root.ts' {
  interface HarnessDoubles extends Exposed {}
}
