/**
 * The spec-conformance table (`docs/spec-conformance.md`) read as data, and the checks that keep it true
 * (`tests/conformance/spec-conformance.test.ts`):
 *
 * - every section of the spec's §2–§9 (`## N. Title`, and its `### Title` subsections numbered `N.M` in order) has a
 *   heading of the same number and title in the table, with at least one row under it (a `## N` whose spec text has
 *   rules before its first `###` needs rows of its own);
 * - every row has a known status: `conformant`, `deviation: <reason>`, `not applicable: <reason>`, `open: <what is
 *   missing>` (a reason is required for all but `conformant`);
 * - every file a row names (a code span in the Code or Test column) exists;
 * - every test a row names (`` `file` › `describe` › `title` ``) is found in that file: each title segment must occur in
 *   the file's text. A `conformant` row names at least one test.
 *
 * Template titles (the documented escape): a title segment with `${…}` or `%s`-style placeholders (`test.each`, template
 * literals) matches when each of its literal parts between the placeholders occurs in the file.
 */

/** One status of a row. */
export const statuses = ['conformant', 'deviation', 'not applicable', 'open'] as const
export type Status = (typeof statuses)[number]

/** A test a row names: the test file (repository-relative) and its title path (describe blocks, then the test). */
export type TestReference = { file: string; titles: string[] }

/** One row of the table. `line` is its 1-based line in the table file. */
export type Row = {
  section: string
  line: number
  rule: string
  status: Status | undefined
  statusText: string
  reason: string
  code: string[]
  tests: TestReference[]
}

/** A heading of the table or of the spec: `2`, `2.1`, with its title. */
export type Section = { number: string; title: string; hasOwnRules: boolean }

/** The table: its headings (in order) and its rows. */
export type Table = { sections: Section[]; rows: Row[] }

/**
 * The code spans of a Markdown fragment, in order (CommonMark: a run of n backticks opens a span closed by the next run
 * of exactly n backticks; one space on each side is stripped when both are there), with the text between them.
 */
function codeSpans(cell: string): { spans: string[]; between: string[] } {
  const spans: string[] = []
  const between: string[] = []
  let rest = cell
  let text = ''
  for (;;) {
    const open = /`+/.exec(rest)
    if (!open) break
    const ticks = open[0]
    const after = rest.slice(open.index + ticks.length)
    const close = new RegExp(`(?<!\`)${ticks}(?!\`)`).exec(after)
    if (!close) break
    text += rest.slice(0, open.index)
    between.push(text)
    text = ''
    let content = after.slice(0, close.index)
    if (content.length > 1 && content.startsWith(' ') && content.endsWith(' ')) content = content.slice(1, -1)
    spans.push(content)
    rest = after.slice(close.index + ticks.length)
  }
  between.push(text + rest)
  return { spans, between }
}

/** The cells of a table line `| a | b |`, split on unescaped pipes, `\|` turned into `|`. */
function cells(line: string): string[] {
  const body = line.trim().replace(/^\|/, '').replace(/\|$/, '')
  return body.split(/(?<!\\)\|/).map((cell) => cell.replace(/\\\|/g, '|').trim())
}

/**
 * The tests of a Test cell: each `` `file` › `title` › `title` `` (segments joined by `›`); several are separated by
 * `<br>` or `;` outside code spans. Text that is not a reference (e.g. `none: …`) gives no reference.
 */
function testReferences(cell: string): TestReference[] {
  const { spans, between } = codeSpans(cell)
  const references: TestReference[] = []
  let current: TestReference | undefined
  for (let i = 0; i < spans.length; i++) {
    const joinedByArrow = i > 0 && /^\s*›\s*$/.test(between[i]!)
    if (joinedByArrow && current) current.titles.push(spans[i]!)
    else {
      current = { file: spans[i]!, titles: [] }
      references.push(current)
    }
  }
  return references.filter((reference) => reference.titles.length > 0)
}

/** The repository paths a Code cell names (its code spans that look like a path: a folder and an extension). */
function codePaths(cell: string): string[] {
  return codeSpans(cell).spans.filter((span) => /^[\w.-]+(?:\/[\w.@-]+)+\.\w+$/.test(span))
}

function parseStatus(text: string): { status: Status | undefined; reason: string } {
  const match = /^\**(conformant|deviation|not applicable|open)\**\s*(?::\s*([\s\S]*))?$/i.exec(text.trim())
  if (!match) return { status: undefined, reason: '' }
  return { status: match[1]!.toLowerCase() as Status, reason: (match[2] ?? '').trim() }
}

/**
 * Reads the conformance table: headings `## N. Title` / `### N.M Title` and, under them, Markdown table rows of four
 * columns `Rule | Status | Code | Test` (the header and the separator row are skipped).
 */
export function parseTable(markdown: string): Table {
  const sections: Section[] = []
  const rows: Row[] = []
  let section = ''
  markdown.split('\n').forEach((line, index) => {
    const heading = /^(#{2,3})\s+(\d+(?:\.\d+)?)\.?\s+(.+?)\s*$/.exec(line)
    if (heading) {
      section = heading[2]!
      sections.push({ number: section, title: heading[3]!, hasOwnRules: false })
      return
    }
    if (!line.trim().startsWith('|') || !section) return
    const row = cells(line)
    if (row.every((cell) => /^:?-+:?$/.test(cell)) || row[0]?.toLowerCase() === 'rule') return
    const [rule = '', statusText = '', code = '', test = ''] = row
    const { status, reason } = parseStatus(statusText)
    rows.push({ section, line: index + 1, rule, status, statusText, reason, code: codePaths(code), tests: testReferences(test) })
  })
  return { sections, rows }
}

/**
 * The sections of the spec's §2–§9: each `## N. Title`, and each `### Title` under it numbered `N.M` in order.
 * `hasOwnRules` says whether a `## N` has text (rules) before its first `###`.
 */
export function specSections(markdown: string): Section[] {
  const sections: Section[] = []
  let top: { number: number; sub: number; section: Section } | undefined
  for (const line of markdown.split('\n')) {
    const h2 = /^##\s+(\d+)\.\s+(.+?)\s*$/.exec(line)
    if (h2) {
      const number = Number(h2[1])
      top = number >= 2 && number <= 9 ? { number, sub: 0, section: { number: String(number), title: h2[2]!, hasOwnRules: false } } : undefined
      if (top) sections.push(top.section)
      continue
    }
    if (/^##\s/.test(line)) {
      top = undefined
      continue
    }
    if (!top) continue
    const h3 = /^###\s+(.+?)\s*$/.exec(line)
    if (h3) {
      top.sub += 1
      sections.push({ number: `${top.number}.${top.sub}`, title: h3[1]!, hasOwnRules: false })
    } else if (top.sub === 0 && line.trim()) top.section.hasOwnRules = true
  }
  return sections
}

/** The literal parts of a title segment that has placeholders (`${name}`, `%s`, `%d`, `%i`, `%o`, `$name`). */
function literalParts(title: string): string[] {
  return title
    .split(/\$\{[^}]*\}|%[sdifoj#%]|\$[A-Za-z_][\w.]*/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
}

/** Whether a title segment occurs in a test file's text (as written, with `'` escaped as `\'`, or by its literal parts). */
function titleFound(text: string, title: string): boolean {
  if (text.includes(title) || text.includes(title.replace(/'/g, "\\'"))) return true
  const parts = literalParts(title)
  const isTemplate = parts.length > 0 && parts.join('') !== title.trim()
  return isTemplate && parts.every((part) => text.includes(part) || text.includes(part.replace(/'/g, "\\'")))
}

/** What the checks need of the repository: whether a path exists, and a file's text. */
export type Repository = { exists: (path: string) => boolean; read: (path: string) => string }

/**
 * Every problem of the table against the spec and the repository, one sentence each (empty when the table is true).
 *
 * @param table the table's Markdown (`docs/spec-conformance.md`).
 * @param spec the spec's Markdown.
 * @param repository file access, relative to the repository root.
 */
export function checkTable(table: string, spec: string, repository: Repository): string[] {
  const problems: string[] = []
  const { sections, rows } = parseTable(table)
  for (const expected of specSections(spec)) {
    const heading = sections.find((s) => s.number === expected.number)
    const label = `§${expected.number} "${expected.title}"`
    if (!heading) {
      problems.push(`spec section ${label} has no heading in the table`)
      continue
    }
    if (heading.title !== expected.title) problems.push(`table heading §${expected.number} is "${heading.title}", the spec's is "${expected.title}"`)
    const hasSubsections = sections.some((s) => s.number.startsWith(`${expected.number}.`))
    const needsRows = !expected.number.includes('.') && hasSubsections ? expected.hasOwnRules : true
    if (needsRows && !rows.some((row) => row.section === expected.number)) problems.push(`spec section ${label} has no row`)
  }
  const checkedFiles = new Map<string, string | undefined>()
  const fileText = (path: string): string | undefined => {
    if (!checkedFiles.has(path)) checkedFiles.set(path, repository.exists(path) ? repository.read(path) : undefined)
    return checkedFiles.get(path)
  }
  for (const row of rows) {
    const where = `line ${row.line} (§${row.section} "${row.rule}")`
    if (!row.status) problems.push(`${where}: unknown status "${row.statusText}" (expected conformant, deviation: …, not applicable: …, open: …)`)
    else if (row.status !== 'conformant' && !row.reason) problems.push(`${where}: status "${row.status}" needs its reason after a colon`)
    if (row.status === 'conformant' && row.tests.length === 0) problems.push(`${where}: a conformant row names the test that asserts it`)
    for (const path of row.code) if (fileText(path) === undefined) problems.push(`${where}: code file ${path} does not exist`)
    for (const reference of row.tests) {
      const text = fileText(reference.file)
      if (text === undefined) {
        problems.push(`${where}: test file ${reference.file} does not exist`)
        continue
      }
      for (const title of reference.titles) if (!titleFound(text, title)) problems.push(`${where}: test title "${title}" is not in ${reference.file}`)
    }
  }
  return problems
}
