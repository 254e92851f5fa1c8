/**
 * The secure site's database: users, their embedded wallets (one EOA each, the private key kept here,
 * server-side), devices, device verifications, one-time codes, sessions, the email login throttle and the preferred
 * account type per user and chain, in PGlite
 * (Postgres compiled to WebAssembly: no native build step). In memory unless a data directory is given. Dev-only.
 */
import { PGlite } from '@electric-sql/pglite'
import { openMemoryPglite } from '../pglite.ts'
import { socialSchema } from './social.ts'
import { emailUpdateSchema } from './emailUpdate.ts'
import { solanaSchema } from './solana.ts'
import { smartCallsSchema } from './smartCalls.ts'

/** The schema, applied once when the database opens. Times are Unix milliseconds (`double precision`). */
const schema = `
create table if not exists users (
  id serial primary key,
  email text unique,
  created_at double precision not null,
  social_provider text,
  social_sub text,
  username text,
  unique (social_provider, social_sub)
);
create table if not exists wallets (
  user_id integer primary key references users(id),
  address text not null unique,
  private_key text not null
);
create table if not exists devices (
  user_id integer not null references users(id),
  device_id text not null,
  verified_at double precision,
  primary key (user_id, device_id)
);
create table if not exists device_verifications (
  token_hash text primary key,
  user_id integer not null references users(id),
  device_id text not null,
  created_at double precision not null,
  used_at double precision,
  claimed boolean not null default false
);
create table if not exists otps (
  user_id integer not null references users(id),
  device_id text not null,
  code_hash text not null,
  created_at double precision not null,
  attempts integer not null default 0,
  used boolean not null default false,
  primary key (user_id, device_id)
);
create table if not exists sessions (
  id text primary key,
  user_id integer not null references users(id),
  device_id text not null,
  created_at double precision not null,
  revoked_at double precision
);
create table if not exists email_logins (
  email text primary key,
  last_at double precision not null
);
create table if not exists preferred_accounts (
  user_id integer not null references users(id),
  chain_id integer not null,
  type text not null check (type in ('eoa', 'smartAccount')),
  primary key (user_id, chain_id)
);
`

/** An open database with the schema applied. */
export type SecureDb = PGlite

/**
 * Opens the database and applies the schema.
 *
 * @param dataDir a directory to keep the data in (`npm start` may pass one); omitted: in memory, gone on close.
 * @returns the PGlite instance; close it with `db.close()`.
 * @example
 * const db = await openSecureDb()
 * await db.query('select count(*) from users')
 */
export async function openSecureDb(dataDir?: string): Promise<SecureDb> {
  const db = dataDir === undefined ? await openMemoryPglite() : new PGlite(dataDir)
  await db.exec(schema)
  await db.exec(socialSchema)
  await db.exec(emailUpdateSchema)
  await db.exec(solanaSchema)
  await db.exec(smartCallsSchema)
  return db
}

/**
 * A user row with its wallet's address (never the key). An email user has `email`; a social user has
 * `email` null and its provider and username.
 */
export type UserRow = { id: number; email: string | null; address: string; social_provider?: string | null; username?: string | null }

/**
 * The user of `email` with the wallet's address, or `undefined`.
 *
 * @param email normalised (trimmed, lower-case) email address.
 */
export async function findUser(db: SecureDb, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('select u.id, u.email, w.address from users u join wallets w on w.user_id = u.id where u.email = $1', [email])
  return rows[0]
}

/** The user with id `id` with the wallet's address, or `undefined`. */
export async function findUserById(db: SecureDb, id: number): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('select u.id, u.email, w.address, u.social_provider, u.username from users u join wallets w on w.user_id = u.id where u.id = $1', [id])
  return rows[0]
}

/**
 * Creates a user and its wallet in one transaction.
 *
 * @param wallet the new EOA: its checksummed address and its private key (0x-hex), stored server-side.
 */
export async function createUser(db: SecureDb, email: string, wallet: { address: string; privateKey: string }, now: number): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>('insert into users (email, created_at) values ($1, $2) returning id', [email, now])
    const id = rows[0]!.id
    await tx.query('insert into wallets (user_id, address, private_key) values ($1, $2, $3)', [id, wallet.address, wallet.privateKey])
    return { id, email, address: wallet.address }
  })
}

/** The private key of user `userId`'s wallet (0x-hex). Read only by the signer, never sent over HTTP. */
export async function walletPrivateKey(db: SecureDb, userId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ private_key: string }>('select private_key from wallets where user_id = $1', [userId])
  return rows[0]?.private_key
}

/**
 * The user of a social identity: found by (provider, sub) with its username refreshed, or created with
 * its wallet (email null: a social user signs in with its provider, not a mail).
 *
 * @returns the user and whether it was created (the caller funds a new wallet).
 */
export async function socialUser(
  db: SecureDb,
  identity: { provider: string; sub: string; username: string },
  wallet: () => { address: string; privateKey: string },
  now: number,
): Promise<{ user: UserRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<UserRow>(
      `update users u set username = $3 from wallets w where w.user_id = u.id and u.social_provider = $1 and u.social_sub = $2
       returning u.id, u.email, w.address, u.social_provider, u.username`,
      [identity.provider, identity.sub, identity.username],
    )
    if (rows[0]) return { user: rows[0], created: false }
    const { address, privateKey } = wallet()
    const inserted = await tx.query<{ id: number }>('insert into users (email, created_at, social_provider, social_sub, username) values (null, $1, $2, $3, $4) returning id', [
      now,
      identity.provider,
      identity.sub,
      identity.username,
    ])
    const id = inserted.rows[0]!.id
    await tx.query('insert into wallets (user_id, address, private_key) values ($1, $2, $3)', [id, address, privateKey])
    return { user: { id, email: null, address, social_provider: identity.provider, username: identity.username }, created: true }
  })
}

/**
 * The account type user `userId` prefers on EVM chain `chainId` (spec §3 "preferred type stored per
 * chain"), or `undefined` when never set.
 */
export async function preferredAccountType(db: SecureDb, userId: number, chainId: number): Promise<'eoa' | 'smartAccount' | undefined> {
  const { rows } = await db.query<{ type: 'eoa' | 'smartAccount' }>('select type from preferred_accounts where user_id = $1 and chain_id = $2', [userId, chainId])
  return rows[0]?.type
}

/** Stores the account type user `userId` prefers on EVM chain `chainId` (replacing the one before). */
export async function setPreferredAccountType(db: SecureDb, userId: number, chainId: number, type: 'eoa' | 'smartAccount'): Promise<void> {
  await db.query('insert into preferred_accounts (user_id, chain_id, type) values ($1, $2, $3) on conflict (user_id, chain_id) do update set type = $3', [userId, chainId, type])
}
