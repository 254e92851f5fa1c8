/**
 * What a cold first tap waits for (`npm run bench -- --cold-content`): on the phone profile with Save-Data on (phone.ts,
 * nothing fetched ahead), the files fetched between the tap and the first wallet row painted, and the modules they hold
 * by gzip size (each file's gzip shared out over its modules in proportion to their rendered length, the bundler's module
 * list of `chunkModules`), then the same by folder and package: where to cut the cold path.
 */
import type { Browser } from 'playwright'
import type { ChunkInfo } from './build.ts'
import { measurePhone, type PhoneRun } from './phone.ts'
import { renderTable, summarize } from './report.ts'
import type { StaticServer } from './serve.ts'
import { kB, weighFile } from './sizes.ts'

/** One module of the cold path: the file it came in, and its share of that file's gzip bytes. */
type ColdModule = { module: string; file: string; gzip: number }

/** The cold visits, and the modules of the files the last one fetched before its row (JS only; other files by path). */
type ColdContent = { runs: PhoneRun[]; modules: ColdModule[]; files: Array<{ file: string; gzip: number }>; other: string[] }

/**
 * `runs` cold visits of `server`'s page (a build in `outDir`, its chunks `chunks`), and what the last one's row waited for.
 * @example reportColdContent(await measureColdContent(browser, server, dir, chunks, 3))
 */
export async function measureColdContent(browser: Browser, server: StaticServer, outDir: string, chunks: Map<string, ChunkInfo>, runs: number): Promise<ColdContent> {
  const { cold } = await measurePhone(browser, server, runs, ['cold'])
  const paths = [...new Set(cold.at(-1)?.filesToRow ?? [])].map((p) => p.replace(/^\//, ''))
  const modules: ColdModule[] = []
  const files: ColdContent['files'] = []
  const other: string[] = []
  for (const file of paths) {
    const chunk = chunks.get(file)
    if (!chunk) {
      other.push(file)
      continue
    }
    const { gzip } = await weighFile(outDir, file)
    files.push({ file, gzip })
    const total = [...chunk.modules.values()].reduce((a, b) => a + b, 0)
    for (const [module, length] of chunk.modules) if (length > 0) modules.push({ module, file, gzip: total ? (gzip * length) / total : 0 })
  }
  return { runs: cold, modules: modules.sort((a, b) => b.gzip - a.gzip), files, other }
}

/** `node_modules/xstate/dist/x.js` → `xstate`; `ui/core/x.ts` → `ui/core/`; `machines/x.ts` → `machines/`. */
function groupOf(module: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module)
  if (inPackage) return inPackage[1]!
  const parts = module.split('/')
  return parts.length > 2 && parts[0] === 'ui' ? `${parts[0]}/${parts[1]}/` : parts.length > 1 ? `${parts[0]}/` : module
}

/** Prints the cold visits' figures, the files and the modules the row waited for, largest first, and their groups. */
export function reportColdContent({ runs, modules, files, other }: ColdContent): void {
  const line = (label: string, values: number[], format: (n: number) => string) => {
    const s = summarize(values)
    console.log(`  ${label}: ${format(s.median)} (${format(s.min)}–${format(s.max)})`)
  }
  console.log(`\n  Cold first tap (phone profile, Save-Data on), ${runs.length} visit(s): median (min–max)`)
  line(
    'tap → first wallet row painted',
    runs.map((r) => r.tapToRow),
    (n) => `${Math.round(n)} ms`,
  )
  line(
    'bytes from the tap until the row painted (gzip as served)',
    runs.map((r) => r.bytesToRow),
    kB,
  )
  line(
    'bytes after the tap until the network was quiet',
    runs.map((r) => r.bytesAfter),
    kB,
  )
  console.log(`  round trips from the tap to the row painted, each visit: ${runs.map((r) => r.roundTrips).join(', ')}`)
  for (const [i, r] of runs.entries()) if (r.laterRounds.length) console.log(`    visit ${i + 1}, after the first: ${r.laterRounds.map((l) => `${l.path} (round ${l.round})`).join(', ')}`)
  console.log("\n  The files the last visit's row waited for (gzip level 9 of the files on disk)\n")
  const total = files.reduce((sum, f) => sum + f.gzip, 0)
  console.log(renderTable(['File', 'gzip'], [...files.map((f) => [f.file, kB(f.gzip)]), ['Total', kB(total)]], ['left', 'right']))
  if (other.length) console.log(`  Other requests before the row: ${other.join(', ')}`)
  const groups = new Map<string, number>()
  for (const m of modules) groups.set(groupOf(m.module), (groups.get(groupOf(m.module)) ?? 0) + m.gzip)
  console.log('\n  By folder and package (≈ gzip, shared out by rendered length)\n')
  console.log(
    renderTable(
      ['Group', '≈ gzip'],
      [...groups].sort((a, b) => b[1] - a[1]).map(([group, gzip]) => [group, kB(gzip)]),
      ['left', 'right'],
    ),
  )
  console.log('\n  By module, largest first\n')
  console.log(
    renderTable(
      ['Module', 'File', '≈ gzip'],
      modules.map((m) => [m.module, m.file.replace(/^assets\//, ''), kB(m.gzip)]),
      ['left', 'left', 'right'],
    ),
  )
}
