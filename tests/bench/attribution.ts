import { readFile } from 'node:fs/promises'
import { dirname, relative, resolve } from 'node:path'
import { TestFailure } from '../harness/failures.ts'

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]))

const UNMAPPED = '(unmapped: bundler glue)'

type SourceMap = { sources: string[]; sourceRoot?: string; mappings: string }

/**
 * Splits a built JS file's characters by where they came from, using the source map beside it
 * (`<file>.map`, as a `sourcemap: 'hidden'` build writes it): each generated segment counts for the source
 * of its mapping, up to the next segment. Characters with no mapping count as `(unmapped: bundler glue)`.
 *
 * @param jsPath absolute path of the built file.
 * @param label turns an absolute source path into a group name (see {@link sourceOriginOf}).
 * @returns characters per group; they add up to the file's length in characters.
 */
export async function attributeBySource(jsPath: string, label: (source: string) => string): Promise<Map<string, number>> {
  const [code, mapText] = await Promise.all([readFile(jsPath, 'utf8'), readFile(`${jsPath}.map`, 'utf8')])
  const map = JSON.parse(mapText) as SourceMap
  const groups = map.sources.map((source) => label(resolve(dirname(jsPath), map.sourceRoot ?? '', source)))
  const lines = code.split('\n')
  const counts = new Map<string, number>()
  const add = (group: string, chars: number): void => {
    if (chars > 0) counts.set(group, (counts.get(group) ?? 0) + chars)
  }
  let sourceIndex = 0
  // A segment counts up to the next one, across line ends: minified code breaks lines only inside
  // multi-line template literals (CSS strings), whose continuation lines carry no segments.
  let group = UNMAPPED
  map.mappings.split(';').forEach((lineMappings, lineNo) => {
    const lineLength = (lines[lineNo]?.length ?? 0) + (lineNo < lines.length - 1 ? 1 : 0)
    let column = 0
    let from = 0
    for (const segment of lineMappings ? lineMappings.split(',') : []) {
      const fields = decodeVlq(segment)
      column += fields[0] ?? 0
      add(group, column - from)
      from = column
      if (fields.length >= 4) {
        sourceIndex += fields[1] ?? 0
        group = groups[sourceIndex] ?? UNMAPPED
      } else {
        group = UNMAPPED
      }
    }
    add(group, lineLength - from)
  })
  return counts
}

/**
 * Splits `length` characters of a built chunk that has no source map (the bundler writes none for a chunk of
 * its own runtime) by the chunk's module list: in proportion to each module's rendered length.
 *
 * @param modules module path (absolute, or relative to `root`) → rendered length in characters.
 * @param label as for {@link attributeBySource}.
 * @returns characters per group, adding up to `length`; all `(unmapped: bundler glue)` when `modules` is empty.
 */
export function attributeByModules(length: number, modules: ReadonlyMap<string, number>, root: string, label: (source: string) => string): Map<string, number> {
  const total = [...modules.values()].reduce((a, b) => a + b, 0)
  if (total === 0) return new Map([[UNMAPPED, length]])
  const counts = new Map<string, number>()
  for (const [id, rendered] of modules) {
    const group = label(resolve(root, id))
    counts.set(group, (counts.get(group) ?? 0) + (length * rendered) / total)
  }
  return counts
}

/**
 * Names the origin of a source file: the npm package for anything under node_modules, `latchkey <path>` for the
 * library's own code (`latchkey adapters/solana.ts`; {@link folderOf} turns it into its folder), `the page itself` for
 * a bench page's main.tsx, `bundler runtime` for the bundler's helpers.
 *
 * @param repoRoot absolute path of the repository, ending in a slash.
 */
export function sourceOriginOf(repoRoot: string): (source: string) => string {
  return (source) => {
    const inPackages = source.lastIndexOf('node_modules/')
    if (inPackages >= 0) return packageOf(source.slice(inPackages + 'node_modules/'.length)) ?? source
    const own = relative(repoRoot, source)
    if (own.startsWith('..') || own.includes('\0') || /(^|\/)(vite|rolldown)\//.test(own)) return 'bundler runtime'
    if (own.startsWith('tests/')) return 'the page itself (main.tsx)'
    return `${OWN}${own}`
  }
}

/** {@link sourceOriginOf}'s name of an own file (`latchkey adapters/solana.ts`) as its folder (`latchkey adapters/`); others unchanged. */
export function folderOf(origin: string): string {
  return origin.startsWith(OWN) ? `${OWN}${origin.slice(OWN.length).split('/')[0] ?? ''}/` : origin
}

/**
 * The npm package of a path inside node_modules (`@solana/web3.js/lib/index.js` → `@solana/web3.js`,
 * `viem/_esm/index.js` → `viem`), or undefined for an empty path.
 */
export function packageOf(pathInNodeModules: string): string | undefined {
  const parts = pathInNodeModules.split('/')
  if (!parts[0]) return undefined
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1] ?? ''}` : parts[0]
}

const OWN = 'latchkey '

function decodeVlq(segment: string): number[] {
  const values: number[] = []
  let value = 0
  let shift = 0
  for (const char of segment) {
    const digit = DIGIT.get(char)
    if (digit === undefined) throw new TestFailure(`Bad source map segment: ${segment}`)
    value += (digit & 31) << shift
    if (digit & 32) {
      shift += 5
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1)
      value = 0
      shift = 0
    }
  }
  return values
}
