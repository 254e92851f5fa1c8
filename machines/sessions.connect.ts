import type { SnapshotFrom } from 'xstate'
import type { sessionsMachine } from './sessions.ts'

/** One row of Sessions. */
export type SessionRow = {
  pci: string
  /** CAIP-2 id of the chain the permissions hold on, when the API says. */
  chainId: string | undefined
  /** The session key, when the API says. */
  signer: string | undefined
  /** The permission types granted, in the API's order. */
  permissions: string[]
  /** When the session ends, Unix ms. */
  expiresAt: number
  /** This row's revocation is under way: `signing` (the wallet's prompt) or `submitting` (the API). */
  revoking: 'signing' | 'submitting' | undefined
  /** Why this row's last revocation failed (the row stays). */
  error: string | undefined
}

/** Sessions' view model (STYLE rule 3). */
export type SessionsView = {
  status: 'idle' | 'loading' | 'loaded' | 'failed'
  rows: SessionRow[]
  /** Why the list could not be read (status `failed`). */
  error: string | undefined
  /** A revocation is under way: every Revoke is disabled. */
  busy: boolean
}

/**
 * Sessions' view model from the machine's snapshot (undefined: the feature's module is not in yet). While the list
 * is read again after a revocation the rows read before stay shown.
 * @example connectSessions(undefined) // { status: 'loading', rows: [], error: undefined, busy: false }
 */
export function connectSessions(snapshot: SnapshotFrom<typeof sessionsMachine> | undefined): SessionsView {
  if (!snapshot) return { status: 'loading', rows: [], error: undefined, busy: false }
  const { context } = snapshot
  const revoking: SessionRow['revoking'] = snapshot.matches({ revoking: 'signing' }) ? 'signing' : snapshot.matches({ revoking: 'submitting' }) ? 'submitting' : undefined
  const status = snapshot.matches('idle') ? 'idle' : snapshot.matches('failed') ? 'failed' : snapshot.matches('loading') ? 'loading' : 'loaded'
  const rows = context.sessions.map((s) => ({
    pci: s.pci,
    chainId: s.chainId,
    signer: s.signer,
    permissions: s.permissions,
    expiresAt: s.expiry * 1000,
    revoking: revoking && context.revoking === s.pci ? revoking : undefined,
    error: context.revokeError?.pci === s.pci ? context.revokeError.error.message : undefined,
  }))
  return { status, rows, error: status === 'failed' ? context.error?.message : undefined, busy: revoking !== undefined }
}
