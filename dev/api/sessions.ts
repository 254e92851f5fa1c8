/**
 * The reference server's smart sessions (spec §3 "Smart session revocation", §7 `/v1/sessions`): permissions an
 * account grants to a session key, one row each in PGlite (Postgres in WebAssembly, in memory: the server's database, shared with
 * the names, opened on the first request that needs it). An account grants one with its signature of the grant text (`createSession`, what the embedded
 * smart account does for `wallet_grantPermissions`); `getSessions` lists those in force; `revokeSession` ends one with
 * the account's signature of the revoke text; `getSessionContext` is what acts under a session: 410 once it is revoked
 * or expired. Signatures are verified with viem's `verifyMessage` on a public client of the session's chain: ERC-1271
 * for a deployed smart account, ERC-6492 for one not deployed yet, ECDSA for an EOA. Dev-only.
 */
import type { PGlite } from '@electric-sql/pglite'
import { getAddress, isAddress, isHex } from 'viem'
import type { Address, Hex } from 'viem'
import { smartSessionGrantMessage, smartSessionRevokeMessage } from '../../kernel/smartSession.ts'
import type { components, operations as BlockchainOperations } from '../../openapi/blockchain.d.ts'
import { openMemoryPglite } from '../pglite.ts'
import type { ChainReader } from './chain.ts'
import { ApiHttpError } from './handlers.ts'
import type { Handlers, Reply } from './handlers.ts'

/** A smart session as the contract answers it. */
export type SmartSessionRow = components['schemas']['SmartSession']

const schema = `
create table if not exists smart_sessions (
  pci text primary key,
  address text not null,
  chain_id text not null,
  signer text not null,
  expiry bigint not null,
  permissions jsonb not null,
  signature text not null,
  created_at bigint not null,
  revoked_at bigint
);
create index if not exists smart_sessions_address on smart_sessions (address);
`

type Row = { pci: string; address: string; chain_id: string; signer: string; expiry: string | number; permissions: SmartSessionRow['permissions']; created_at: string | number; revoked_at: string | number | null }

const sessionOf = (row: Row): SmartSessionRow => ({
  pci: row.pci,
  expiry: Number(row.expiry),
  chainId: row.chain_id,
  signer: getAddress(row.signer),
  permissions: row.permissions ?? [],
  createdAt: new Date(Number(row.created_at)).toISOString(),
})

/** The smart sessions of one server, in its database. */
export type SessionStore = {
  /** The account's sessions in force at `now` (Unix ms): not revoked, not expired; oldest grant first. */
  list(address: Address, now: number): Promise<SmartSessionRow[]>
  /** One of the account's sessions and whether it was revoked, or undefined. */
  get(address: Address, pci: string): Promise<{ session: SmartSessionRow; revoked: boolean } | undefined>
  /** Keeps a new grant; the pci is a fresh UUID. */
  create(grant: { address: Address; chainId: string; signer: Address; expiry: number; permissions: NonNullable<SmartSessionRow['permissions']>; signature: Hex; now: number }): Promise<SmartSessionRow>
  /** Marks the session revoked at `now`. False when it is unknown or already revoked (one revocation wins a race). */
  revoke(address: Address, pci: string, now: number): Promise<boolean>
  /** Forgets every session. */
  reset(): Promise<void>
  close(): Promise<void>
}

/**
 * A session store, its database opened on first use.
 *
 * @param shared the server's database, opened once for its stores (default one of its own, closed by `close()`).
 *
 * @example
 * const sessions = createSessionStore()
 * await sessions.list(address, Date.now()) // []
 */
export function createSessionStore(shared?: () => Promise<PGlite>): SessionStore {
  let opening: Promise<PGlite> | undefined
  const db = () =>
    (opening ??= (async () => {
      const d = await (shared ?? openMemoryPglite)()
      await d.exec(schema)
      return d
    })())
  return {
    async list(address, now) {
      const { rows } = await (await db()).query<Row>('select * from smart_sessions where address = $1 and revoked_at is null and expiry * 1000 > $2 order by created_at, pci', [address.toLowerCase(), now])
      return rows.map(sessionOf)
    },
    async get(address, pci) {
      const { rows } = await (await db()).query<Row>('select * from smart_sessions where address = $1 and pci = $2', [address.toLowerCase(), pci])
      const row = rows[0]
      return row ? { session: sessionOf(row), revoked: row.revoked_at !== null } : undefined
    },
    async create({ address, chainId, signer, expiry, permissions, signature, now }) {
      const pci = crypto.randomUUID()
      const { rows } = await (await db()).query<Row>('insert into smart_sessions (pci, address, chain_id, signer, expiry, permissions, signature, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8) returning *', [
        pci,
        address.toLowerCase(),
        chainId,
        signer.toLowerCase(),
        expiry,
        JSON.stringify(permissions),
        signature,
        now,
      ])
      return sessionOf(rows[0]!)
    },
    async revoke(address, pci, now) {
      const { rows } = await (await db()).query('update smart_sessions set revoked_at = $3 where address = $1 and pci = $2 and revoked_at is null returning pci', [address.toLowerCase(), pci, now])
      return rows.length === 1
    },
    async reset() {
      if (opening) await (await opening).query('delete from smart_sessions')
    },
    async close() {
      // A shared database is closed by its owner.
      if (opening && !shared) await (await opening).close()
      opening = undefined
    },
  }
}

/** What the session handlers need of the server's state. */
export type SessionState = { sessions: SessionStore; readers: Map<string, ChainReader>; now?: () => number }

type SessionOperationId = 'getSessions' | 'createSession' | 'revokeSession' | 'getSessionContext'

/** The account of a path: a 0x address (any case) or a CAIP-10 eip155 account; 400 otherwise. */
function accountOf(text: string): Address {
  const caip = /^eip155:\d+:(0x[0-9a-fA-F]{40})$/.exec(text)
  const bare = caip?.[1] ?? text
  if (!isAddress(bare, { strict: false })) throw new ApiHttpError(400, `Invalid address: expected a 0x address or a CAIP-10 account, got '${text}'`)
  return getAddress(bare)
}

/**
 * Whether `signature` is `address` signing `message` on `chainId` (a chain the server reads: 400 otherwise).
 * @throws ApiHttpError 400 for a chain the server does not read, 502 when the node cannot answer.
 */
async function signedBy(readers: Map<string, ChainReader>, chainId: string, address: Address, message: string, signature: string): Promise<boolean> {
  const reader = readers.get(chainId)
  if (!reader) throw new ApiHttpError(400, `Chain ${chainId} is not one this server reads (${[...readers.keys()].join(', ') || 'none'})`)
  if (!isHex(signature)) return false
  try {
    return await reader.client.verifyMessage({ address, message, signature })
  } catch (error) {
    const reason = (error as { shortMessage?: string }).shortMessage ?? (error instanceof Error ? error.message : String(error))
    throw new ApiHttpError(502, `The signature could not be verified on ${chainId}: ${reason}`)
  }
}

const json = <T>(body: T): Reply<T> => ({ kind: 'json', status: 200, body })

/**
 * The four session operations of `openapi/blockchain/sessions.yaml` over `state.sessions`.
 *
 * - `createSession`: 400 for an expiry not in the future or a chain the server does not read, 401 when the signature
 *   is not the account's signature of `smartSessionGrantMessage`; else the row, answered as a `SmartSession`.
 * - `getSessions`: the account's sessions in force.
 * - `revokeSession`: `{ success: false }` for an unknown or already revoked session; 401 when the signature is not the
 *   account's of `smartSessionRevokeMessage` (nothing revoked); else `{ success: true }` and the row is revoked.
 * - `getSessionContext`: the session, 410 'Session revoked' / 'Session expired', 404 'Unknown session'.
 */
export function sessionHandlers(state: SessionState): Handlers<Pick<BlockchainOperations, SessionOperationId>> {
  const now = () => (state.now ?? Date.now)()
  return {
    getSessions: async ({ path }) => json({ pcis: await state.sessions.list(accountOf(path.address), now()) }),

    createSession: async ({ path, body }) => {
      const address = accountOf(path.address)
      if (body.expiry * 1000 <= now()) throw new ApiHttpError(400, `The expiry ${body.expiry} is not in the future`)
      const message = smartSessionGrantMessage({ address, chainId: body.chainId, signer: body.signer, expiry: body.expiry, permissions: body.permissions })
      if (!(await signedBy(state.readers, body.chainId, address, message, body.signature))) throw new ApiHttpError(401, `The signature is not ${address} granting this session on ${body.chainId}`)
      return json(await state.sessions.create({ address, chainId: body.chainId, signer: getAddress(body.signer), expiry: body.expiry, permissions: body.permissions, signature: body.signature as Hex, now: now() }))
    },

    revokeSession: async ({ path, body }) => {
      const address = accountOf(path.address)
      const found = await state.sessions.get(address, body.pci)
      if (!found || found.revoked) return json({ success: false })
      const message = smartSessionRevokeMessage({ address, pci: body.pci })
      if (!(await signedBy(state.readers, found.session.chainId ?? '', address, message, body.signature))) throw new ApiHttpError(401, `The signature is not ${address} revoking session ${body.pci}`)
      return json({ success: await state.sessions.revoke(address, body.pci, now()) })
    },

    getSessionContext: async ({ path }) => {
      const found = await state.sessions.get(accountOf(path.address), path.pci)
      if (!found) throw new ApiHttpError(404, 'Unknown session')
      if (found.revoked) throw new ApiHttpError(410, 'Session revoked')
      if (found.session.expiry * 1000 <= now()) throw new ApiHttpError(410, 'Session expired')
      return json(found.session)
    },
  }
}
