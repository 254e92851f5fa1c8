import { assign, emit, fromPromise, setup } from 'xstate'
import { isUserRejection } from '../adapters/errors.ts'

/** The spec's SIWX strings (§4, §8), word for word. */
export const siwxMessages = {
  signFailed: 'Error signing message',
  initFailed: 'A problem occurred while trying initialize authentication',
  notEnabled: 'SIWX is not enabled',
  bothConfigs: 'Cannot set both `siweConfig` and `siwx` options',
} as const

/**
 * The SIWX message of spec §3 (CAIP-122). `chainId` is CAIP-2; `accountAddress` the bare address.
 * Times are ISO 8601 strings.
 */
export type SiwxMessage = {
  accountAddress: string
  chainId: string
  domain: string
  uri: string
  version: string
  nonce: string
  notBefore?: string | undefined
  statement?: string | undefined
  resources?: string[] | undefined
  requestId?: string | undefined
  issuedAt?: string | undefined
  expirationTime?: string | undefined
  /** The text the wallet signs (EIP-4361 for eip155; each namespace supplies its formatter). */
  serializedMessage: string
}

/** A signed-in session: the message, its signature and what the verifier returned. */
export type SiwxSession = {
  data: SiwxMessage
  message: string
  signature: string
  /** The verifier's session token (the spec's sign-in auth token), when the verifier issues one. */
  token?: string | undefined
}

/** Who signs in: the connected account. */
export type SiwxTarget = { address: string; caipNetworkId: string; namespace: string; connectorId: string }

export type SiwxContext = {
  /** Sign-in is required: the modal cannot close while no session exists (spec §2). */
  required: boolean
  target?: SiwxTarget | undefined
  message?: SiwxMessage | undefined
  session?: SiwxSession | undefined
  /** The account had a session during this connection (on another chain): cancel then returns to the last connected network. */
  hadSession: boolean
  error?: string | undefined
}

export type SiwxEvent =
  /** A wallet connected (or was restored) on this account and chain. */
  | { type: 'siwx.connected'; target: SiwxTarget }
  /** The wallet disconnected: the session is signed out (spec §4, by default). */
  | { type: 'siwx.disconnected' }
  | { type: 'siwx.sign' }
  | { type: 'siwx.cancel' }

export type SiwxEmitted =
  /** No session for this account and chain: the owner shows SIWXSignMessage. */
  | { type: 'siwx.prompt' }
  | { type: 'siwx.signedIn'; session: SiwxSession }
  /** "Error signing message": the view stays for another try. */
  | { type: 'siwx.signFailed'; message: string }
  /** Init failure: the owner disconnects the wallet, resets the view and shows the message (spec §4). */
  | { type: 'siwx.initFailed'; message: string }
  /**
   * The visitor cancelled (or rejected in the wallet). Required: `disconnect` (no session at all) or
   * return to the last connected network (`disconnect: false`). Not required: the modal closes.
   */
  | { type: 'siwx.cancelled'; required: boolean; disconnect: boolean }

const notProvided = (name: string) => () => {
  throw new Error(`The SIWX machine's "${name}" actor was not provided.`)
}

/**
 * Sign in with the wallet (spec §2 sign-in prompt, §3 SIWX message, §4 "Sign-in (SIWX)", §8 strings).
 *
 * - `siwx.connected` → `checking`: the stored sessions of the account and chain (`getSessions`). One found →
 *   `signedIn`; none → `prompting` (emits `siwx.prompt`, the owner shows SIWXSignMessage); the check
 *   failing → `idle` with `siwx.initFailed` ('A problem occurred while trying initialize authentication').
 * - `siwx.sign` → `signing`: `createMessage` (nonce from the verifier) → `signMessage` (the wallet) →
 *   `addSession` (verify and store) → `signedIn` (emits `siwx.signedIn`: the owner closes the modal and
 *   tracks success). A failure returns to `prompting` with 'Error signing message'; the user's rejection
 *   in the wallet is a cancel.
 * - `siwx.cancel` (prompting): emits `siwx.cancelled` with what the owner does (required and no session:
 *   disconnect; required with a session: back to the last connected network; not required: close).
 * - `siwx.disconnected` → `signingOut` (`revokeSession`) → `idle` (spec §4: SIWX signs out on disconnect).
 *
 * Actors to provide: `getSessions`, `createMessage`, `signMessage`, `addSession`, `revokeSession`.
 */
export const siwxMachine = setup({
  types: {
    context: {} as SiwxContext,
    events: {} as SiwxEvent,
    emitted: {} as SiwxEmitted,
    input: {} as { required?: boolean },
  },
  actors: {
    getSessions: fromPromise<SiwxSession[], SiwxTarget>(notProvided('getSessions')),
    createMessage: fromPromise<SiwxMessage, SiwxTarget>(notProvided('createMessage')),
    signMessage: fromPromise<string, { target: SiwxTarget; message: string }>(notProvided('signMessage')),
    addSession: fromPromise<SiwxSession, SiwxSession>(notProvided('addSession')),
    revokeSession: fromPromise<void, { session?: SiwxSession | undefined; target?: SiwxTarget | undefined }>(notProvided('revokeSession')),
  },
  guards: {
    hasSession: ({ event }) => ((event as unknown as { output: SiwxSession[] }).output ?? []).length > 0,
    isUserRejection: ({ event }) => isUserRejection((event as { error?: unknown }).error),
  },
  actions: {
    setTarget: assign(({ event }) => (event.type === 'siwx.connected' ? { target: event.target, session: undefined, message: undefined, error: undefined } : {})),
    setSession: assign({ session: ({ event }) => (event as unknown as { output: SiwxSession[] }).output[0], hadSession: true }),
    setSignedSession: assign({ session: ({ event }) => (event as unknown as { output: SiwxSession }).output, error: undefined, hadSession: true }),
    noSession: assign({ session: undefined }),
    setMessage: assign({ message: ({ event }) => (event as unknown as { output: SiwxMessage }).output }),
    setSignFailed: assign({ error: siwxMessages.signFailed }),
    clear: assign({ target: undefined, session: undefined, message: undefined, error: undefined, hadSession: false }),
    emitPrompt: emit({ type: 'siwx.prompt' } as const),
    emitSignedIn: emit(({ context }) => ({ type: 'siwx.signedIn' as const, session: context.session! })),
    emitSignFailed: emit({ type: 'siwx.signFailed', message: siwxMessages.signFailed } as const),
    emitInitFailed: emit({ type: 'siwx.initFailed', message: siwxMessages.initFailed } as const),
    emitCancelled: emit(({ context }) => ({
      type: 'siwx.cancelled' as const,
      required: context.required,
      disconnect: context.required && !context.hadSession,
    })),
  },
}).createMachine({
  id: 'siwx',
  context: ({ input }) => ({ required: input?.required ?? false, hadSession: false }),
  initial: 'idle',
  on: {
    'siwx.connected': { target: '.checking', actions: 'setTarget' },
    'siwx.disconnected': { target: '.signingOut' },
  },
  states: {
    idle: {},
    checking: {
      invoke: {
        id: 'getSessions',
        src: 'getSessions',
        input: ({ context }) => context.target!,
        onDone: [
          { guard: 'hasSession', target: 'signedIn', actions: 'setSession' },
          { target: 'prompting', actions: ['noSession', 'emitPrompt'] },
        ],
        onError: { target: 'idle', actions: ['clear', 'emitInitFailed'] },
      },
    },
    /** SIWXSignMessage is shown; the modal cannot close while sign-in is required. */
    prompting: {
      tags: ['closeBlocked'],
      on: {
        'siwx.sign': { target: 'signing' },
        'siwx.cancel': { target: 'idle', actions: 'emitCancelled' },
      },
    },
    signing: {
      tags: ['closeBlocked'],
      initial: 'creatingMessage',
      states: {
        creatingMessage: {
          invoke: {
            id: 'createMessage',
            src: 'createMessage',
            input: ({ context }) => context.target!,
            onDone: { target: 'awaitingSignature', actions: 'setMessage' },
            onError: { target: '#siwx.prompting', actions: ['setSignFailed', 'emitSignFailed'] },
          },
        },
        awaitingSignature: {
          invoke: {
            id: 'signMessage',
            src: 'signMessage',
            input: ({ context }) => ({ target: context.target!, message: context.message!.serializedMessage }),
            onDone: { target: 'verifying' },
            onError: [
              { guard: 'isUserRejection', target: '#siwx.idle', actions: 'emitCancelled' },
              { target: '#siwx.prompting', actions: ['setSignFailed', 'emitSignFailed'] },
            ],
          },
        },
        verifying: {
          invoke: {
            id: 'addSession',
            src: 'addSession',
            input: ({ context, event }) => ({
              data: context.message!,
              message: context.message!.serializedMessage,
              signature: (event as unknown as { output: string }).output,
            }),
            onDone: { target: '#siwx.signedIn', actions: ['setSignedSession', 'emitSignedIn'] },
            onError: { target: '#siwx.prompting', actions: ['setSignFailed', 'emitSignFailed'] },
          },
        },
      },
    },
    signedIn: {},
    signingOut: {
      invoke: {
        id: 'revokeSession',
        src: 'revokeSession',
        input: ({ context }) => ({ session: context.session, target: context.target }),
        onDone: { target: 'idle', actions: 'clear' },
        // Signing out locally does not wait for a verifier that is down.
        onError: { target: 'idle', actions: 'clear' },
      },
    },
  },
})
