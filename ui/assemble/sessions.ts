import { fromPromise } from 'xstate'
import { smartSessionRevokeMessage } from '../../kernel/smartSession.ts'
import { BaseError } from '../../kernel/errors.ts'
import { sessionsMachine, type SmartSessionItem } from '../../machines/sessions.ts'
import type { FeatureHost } from './host.ts'

/** The API answered `{ success: false }` to a revocation: the session was unknown or already revoked. */
export class SessionNotRevokedError extends BaseError {
  static override docsPath = '/errors/SessionNotRevokedError'
  override name = 'SessionNotRevokedError'
  constructor() {
    super('The server did not revoke it (unknown or already revoked).')
  }
}

/**
 * The Sessions machine on this instance's blockchain API and the connected wallet: the list of
 * `GET /v1/sessions/{address}` (rows checked by the client's schema: a malformed answer fails the read), the revoke
 * text (`smartSessionRevokeMessage`) signed with EIP-191 `personal_sign` by the eip155 wallet, and
 * `POST /v1/sessions/{address}/revoke` with pci and signature (`{ success: false }` is a {@link SessionNotRevokedError}).
 */
export function assemble(host: FeatureHost) {
  return sessionsMachine.provide({
    actors: {
      listSessions: fromPromise(async ({ input }) => {
        const { pcis } = await (await host.blockchain()).getSessions({ address: input.address })
        return pcis.map((s): SmartSessionItem => ({ pci: s.pci, expiry: s.expiry, chainId: s.chainId, signer: s.signer, permissions: (s.permissions ?? []).map((p) => p.type), createdAt: s.createdAt }))
      }),
      signRevoke: fromPromise(async ({ input }) => {
        const { address, connectorId, namespace } = input.target
        return host.signWithWallet({ connectorId, address, namespace, message: smartSessionRevokeMessage({ address, pci: input.pci }) })
      }),
      revokeSession: fromPromise(async ({ input }) => {
        const { success } = await (await host.blockchain()).revokeSession(input)
        if (!success) throw new SessionNotRevokedError()
      }),
    },
  })
}
