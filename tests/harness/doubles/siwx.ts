import { fromPromise } from 'xstate'
import { siwxMachine, type SiwxMessage, type SiwxSession, type SiwxTarget } from '../../../machines/siwx.ts'
import type { FeatureRefs } from '../../../ui/assemble/index.ts'
import { type Deferred, heldWithInput } from '../deferred.ts'
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
  return {
    logic: siwxMachine.provide({
      actors: {
        getSessions: fromPromise(({ input }) => heldWithInput(signIn.sessions, input)),
        createMessage: fromPromise(({ input }) => heldWithInput(signIn.messages, input)),
        signMessage: fromPromise(({ input }) => heldWithInput(signIn.signatures, input)),
        addSession: fromPromise(({ input }) => heldWithInput(signIn.added, input)),
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
