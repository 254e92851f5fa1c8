import type { SnapshotFrom } from 'xstate'
import type { siwxMachine } from './siwx.ts'
import type { MessageRef } from './messages.ts'
import { sessionsOfTarget } from './siwx.sessions.ts'

/** Where the sign-in is: one value per leaf state of the SIWX chart. */
export type SiwxPhase = 'idle' | 'checking' | 'prompting' | 'returning' | 'creatingMessage' | 'awaitingSignature' | 'verifying' | 'signedIn' | 'signingOut'

/** A session as the page may show it (never the token). */
export type SiwxSessionSummary = {
  /** The signer, as in the message. */
  address: string
  /** CAIP-2 network of the message. */
  caipNetworkId: string
  /** ISO 8601, when present in the message. */
  issuedAt?: string | undefined
  /** ISO 8601, when present in the message. */
  expirationTime?: string | undefined
}

/** SIWXSignMessage's model and the public sign-in state. */
export type SiwxView = {
  /** The SIWX machine is there; false in the not-loaded view model (see {@link connectSiwx}). */
  loaded: boolean
  phase: SiwxPhase
  /** Signing is under way (Sign waits; Cancel stays: the wallet may never answer). */
  isSigning: boolean
  /** Sign starts a request: prompting, or while the wallet is asked to return (sign in where it is instead). */
  canSign: boolean
  /** Cancel works (spec §4 cancel rules): prompting, while signing and while returning. */
  canCancel: boolean
  /** Sign-in is required: the modal cannot close without a session. */
  required: boolean
  /** Cancelling disconnects (required, and no session in this connection). */
  cancelDisconnects: boolean
  /** While `returning`: the CAIP-2 network the wallet is asked to switch back to. */
  returnTo: string | undefined
  /** After a failed attempt: the `siwxSignFailed` message (the view takes its words from the catalogue). */
  error: MessageRef | undefined
  /** Who signs in. */
  address: string | undefined
  caipNetworkId: string | undefined
  session: SiwxSessionSummary | undefined
}

const phases = ['creatingMessage', 'awaitingSignature', 'verifying'] as const

/**
 * The sign-in model before the SIWX machine arrived (it is spawned on the first connection with `siwx` configured,
 * ): `idle`, not signing, neither Sign nor Cancel enabled, no signer and no session.
 */
export const siwxNotLoaded: SiwxView = {
  loaded: false,
  phase: 'idle',
  isSigning: false,
  canSign: false,
  canCancel: false,
  required: false,
  cancelDisconnects: false,
  returnTo: undefined,
  error: undefined,
  address: undefined,
  caipNetworkId: undefined,
  session: undefined,
}

/**
 * Turns a SIWX snapshot into the view model (zag-style `connect`); `undefined` (the machine not spawned yet) gives
 * {@link siwxNotLoaded}. The prompt's substates are read by their tags (`prompting`, `returning`).
 * @example connectSiwx(undefined).phase // 'idle'
 */
export function connectSiwx(snapshot: SnapshotFrom<typeof siwxMachine> | undefined): SiwxView {
  if (!snapshot) return siwxNotLoaded
  const c = snapshot.context
  const signing = phases.find((p) => snapshot.matches({ awaitingSession: { signing: p } }))
  const phase: SiwxPhase =
    signing ?? (snapshot.hasTag('prompting') ? 'prompting' : snapshot.hasTag('returning') ? 'returning' : ((['idle', 'checking', 'signedIn', 'signingOut'] as const).find((p) => snapshot.matches(p)) ?? 'idle'))
  const s = c.session?.data
  return {
    loaded: true,
    phase,
    isSigning: signing !== undefined,
    canSign: phase === 'prompting' || phase === 'returning',
    canCancel: phase === 'prompting' || phase === 'returning' || signing !== undefined,
    required: c.required,
    cancelDisconnects: c.required && sessionsOfTarget(c).length === 0,
    returnTo: phase === 'returning' ? sessionsOfTarget(c).at(-1)?.data.chainId : undefined,
    error: c.error,
    address: c.target?.address,
    caipNetworkId: c.target?.caipNetworkId,
    session: s ? { address: s.accountAddress, caipNetworkId: s.chainId, issuedAt: s.issuedAt, expirationTime: s.expirationTime } : undefined,
  }
}
