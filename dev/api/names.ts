/**
 * The reference server's name registry: registered names, one row per name and one per (name, coin
 * type) address, in PGlite (Postgres compiled to WebAssembly, in memory). The database opens lazily, once per
 * server, on the first name request (it opens slowly under load); `reset()` brings it back to the dataset's names.
 * Dev-only.
 */
import type { PGlite } from '@electric-sql/pglite'
import { openMemoryPglite } from '../pglite.ts'
import type { NameProfile } from './dataset.ts'

const schema = `
create table if not exists names (
  name text primary key,
  registered bigint not null,
  updated bigint not null,
  attributes jsonb not null default '{}'::jsonb
);
create table if not exists name_addresses (
  name text not null references names(name) on delete cascade,
  coin_type bigint not null,
  address text not null,
  created text not null,
  primary key (name, coin_type)
);
create index if not exists name_addresses_address on name_addresses (lower(address));
`

/** The names of one server, read and written in its database. */
export type NameStore = {
  /** The profile of a registered name (lower-case, with its zone), or undefined. */
  get(name: string): Promise<NameProfile | undefined>
  /** Whether each of `names` is registered, by name. */
  taken(names: readonly string[]): Promise<Set<string>>
  /** The profiles of the names with an address equal to `address` (any case), oldest registration first. */
  byAddress(address: string): Promise<NameProfile[]>
  /**
   * Registers a name. Resolves false when the name is already registered (the unique key decides, so two racing
   * registrations of one name cannot both succeed).
   */
  register(profile: { name: string; coinType: number; address: string; attributes: Record<string, string>; now: number }): Promise<boolean>
  /** Back to the seed names: everything registered since is forgotten. */
  reset(): Promise<void>
  close(): Promise<void>
}

type Row = { name: string; registered: string | number; updated: string | number; attributes: Record<string, string>; coin_type: string | number | null; address: string | null; created: string | null }

const profilesOf = (rows: Row[]): NameProfile[] => {
  const byName = new Map<string, NameProfile>()
  for (const row of rows) {
    let profile = byName.get(row.name)
    if (!profile) {
      profile = { name: row.name, registered: Number(row.registered), updated: Number(row.updated), addresses: {}, attributes: row.attributes ?? {} }
      byName.set(row.name, profile)
    }
    if (row.coin_type !== null && row.address !== null) profile.addresses[String(row.coin_type)] = { address: row.address, created: row.created ?? '' }
  }
  return [...byName.values()]
}

const select = `select n.name, n.registered, n.updated, n.attributes, a.coin_type, a.address, a.created
  from names n left join name_addresses a on a.name = n.name`

/**
 * A name store seeded with `seed` (the dataset's names), its database opened on first use.
 *
 * @param seed the names registered before the server starts.
 * @param shared the server's database, opened once for its stores (default one of its own, closed by `close()`).
 * @example
 * const names = createNameStore(dataset.names)
 * await names.get('alice.reown.id') // { name: 'alice.reown.id', addresses: { '60': … }, … }
 */
export function createNameStore(seed: readonly NameProfile[], shared?: () => Promise<PGlite>): NameStore {
  let opening: Promise<PGlite> | undefined
  const seedInto = async (db: PGlite) => {
    await db.transaction(async (tx) => {
      await tx.query('delete from names')
      for (const profile of seed) {
        const name = profile.name.toLowerCase()
        await tx.query('insert into names (name, registered, updated, attributes) values ($1, $2, $3, $4)', [
          name,
          profile.registered ?? 0,
          profile.updated ?? profile.registered ?? 0,
          JSON.stringify(profile.attributes ?? {}),
        ])
        for (const [coinType, entry] of Object.entries(profile.addresses)) {
          await tx.query('insert into name_addresses (name, coin_type, address, created) values ($1, $2, $3, $4)', [name, Number(coinType), entry.address, entry.created ?? ''])
        }
      }
    })
  }
  const db = () =>
    (opening ??= (async () => {
      const d = await (shared ?? openMemoryPglite)()
      await d.exec(schema)
      await seedInto(d)
      return d
    })())

  return {
    async get(name) {
      const { rows } = await (await db()).query<Row>(`${select} where n.name = $1 order by a.coin_type`, [name.toLowerCase()])
      return profilesOf(rows)[0]
    },
    async taken(names) {
      const { rows } = await (await db()).query<{ name: string }>('select name from names where name = any($1::text[])', [names.map((n) => n.toLowerCase())])
      return new Set(rows.map((r) => r.name))
    },
    async byAddress(address) {
      const { rows } = await (await db()).query<Row>(`${select} where n.name in (select name from name_addresses where lower(address) = lower($1)) order by n.registered, n.name, a.coin_type`, [address])
      return profilesOf(rows)
    },
    async register({ name, coinType, address, attributes, now }) {
      const d = await db()
      return d.transaction(async (tx) => {
        const inserted = await tx.query('insert into names (name, registered, updated, attributes) values ($1, $2, $2, $3) on conflict (name) do nothing returning name', [
          name.toLowerCase(),
          now,
          JSON.stringify(attributes),
        ])
        if (inserted.rows.length === 0) return false
        await tx.query('insert into name_addresses (name, coin_type, address, created) values ($1, $2, $3, $4)', [name.toLowerCase(), coinType, address, new Date(now * 1000).toISOString()])
        return true
      })
    },
    async reset() {
      if (opening) await seedInto(await opening)
    },
    async close() {
      // A shared database is closed by its owner.
      if (opening && !shared) await (await opening).close()
      opening = undefined
    },
  }
}
