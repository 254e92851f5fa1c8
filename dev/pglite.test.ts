import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openMemoryPglite } from './pglite.ts'

const dir = mkdtempSync(join(tmpdir(), 'latchkey-pglite-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

// initdb and a dump of a cluster take seconds, tens of them on a busy 2-core machine.
describe('openMemoryPglite', { timeout: 180_000 }, () => {
  it('saves the empty cluster on first use, and a database from the saved copy is empty and writable', async () => {
    const path = join(dir, 'first.tar')
    const first = await openMemoryPglite(path)
    await first.exec('create table t (id int); insert into t values (1)')
    await first.close()
    expect(statSync(path).size).toBeGreaterThan(1000)

    const second = await openMemoryPglite(path)
    // The copy was taken before the first database's table: the second starts empty.
    const { rows } = await second.query<{ n: number }>("select count(*)::int as n from information_schema.tables where table_name = 't'")
    expect(rows[0]?.n).toBe(0)
    await second.exec('create table t (id int); insert into t values (2)')
    expect((await second.query<{ id: number }>('select id from t')).rows).toEqual([{ id: 2 }])
    await second.close()
  })

  it('a damaged copy is replaced by a fresh database and saved again', async () => {
    // The fresh database starts from the empty cluster the test above saved after its real initdb (a run of this test
    // alone runs that initdb here): the same fallback, without a second initdb's 7 CPU-seconds.
    const first = join(dir, 'first.tar')
    if (!existsSync(first)) await (await openMemoryPglite(first)).close()
    let fresh = 0
    const path = join(dir, 'damaged.tar')
    writeFileSync(path, 'not a tarball')
    const db = await openMemoryPglite(path, () => {
      fresh++
      return openMemoryPglite(first)
    })
    expect(fresh).toBe(1)
    expect((await db.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }])
    await db.close()
    // A tar archive: "ustar" at offset 257 of its first header.
    const saved = readFileSync(path)
    expect(saved.subarray(257, 262).toString()).toBe('ustar')
  })
})
