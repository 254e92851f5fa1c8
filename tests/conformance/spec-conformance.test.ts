import { existsSync, readFileSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { checkTable, parseTable, specSections } from './table.ts'

/**
 * `docs/spec-conformance.md` cannot drift: every section of the spec's §2–§9 (`docs/product-spec.md`) has rows, every
 * row has a known status, every file it names exists and every test it names is in its file (tests/conformance/table.ts).
 */
const root = fileURLToPath(new URL('../..', import.meta.url))
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8')
const repository = {
  exists: (path: string) => existsSync(`${root}${path}`) && statSync(`${root}${path}`).isFile(),
  read,
}

const spec = `# Spec

## 1. Intro

- not checked

## 2. Screens

One modal.

### Views

- Connect

### Navigation rules

- Push ignores the current view.

## 3. Entities

- Token balance.

## 10. Later

- not checked
`

const table = (rows: { s2?: string; s21?: string; s22?: string; s3?: string } = {}) => `# Conformance

## 2. Screens

| Rule | Status | Code | Test |
|---|---|---|---|
${rows.s2 ?? '| One modal | conformant | `machines/router.ts` | `machines/router.test.ts` › `behavior: push ignores the current view` |'}

### 2.1 Views

| Rule | Status | Code | Test |
|---|---|---|---|
${rows.s21 ?? '| Connect | open: no test asserts it | `machines/views.ts` | none |'}

### 2.2 Navigation rules

| Rule | Status | Code | Test |
|---|---|---|---|
${rows.s22 ?? '| Push | not applicable: no routing here | | |'}

## 3. Entities

| Rule | Status | Code | Test |
|---|---|---|---|
${rows.s3 ?? '| Token balance | deviation: no fiat for testnets | | |'}
`

/** A repository of three files for the bad-input cases. */
const files: Record<string, string> = {
  'machines/router.ts': 'export {}',
  'machines/views.ts': 'export {}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template test title, written as its file has it (the escape under test)
  'machines/router.test.ts': "test('behavior: push ignores the current view', () => {})\ntest.each(cases)('opens $view on %s', () => {})\ntest(`closes ${name} after it`, () => {})",
}
const fake = { exists: (path: string) => path in files, read: (path: string) => files[path]! }

describe('the spec-conformance table', () => {
  test('every spec section of §2–§9 has rows, every row a known status, every named file and test exists', () => {
    expect(checkTable(read('docs/spec-conformance.md'), read('docs/product-spec.md'), repository)).toEqual([])
  })

  test('it names code and tests for its rows (the parser reads the real table)', () => {
    const { rows } = parseTable(read('docs/spec-conformance.md'))
    expect(rows.length).toBeGreaterThan(100)
    expect(rows.filter((row) => row.status === 'conformant').every((row) => row.tests.length > 0)).toBe(true)
  })
})

describe('the checks, on bad tables', () => {
  test('the spec sections are the ## 2–9 headings and their ### subsections numbered in order', () => {
    expect(specSections(spec).map((s) => `${s.number} ${s.title}${s.hasOwnRules ? ' (own rules)' : ''}`)).toEqual(['2 Screens (own rules)', '2.1 Views', '2.2 Navigation rules', '3 Entities (own rules)'])
  })

  test('a good table has no problem', () => {
    expect(checkTable(table(), spec, fake)).toEqual([])
  })

  test('a listed code file that no longer exists', () => {
    expect(checkTable(table({ s21: '| Connect | open: no test | `machines/gone.ts` | none |' }), spec, fake)).toMatchInlineSnapshot(`
      [
        "line 13 (§2.1 "Connect"): code file machines/gone.ts does not exist",
      ]
    `)
  })

  test('a listed test file that no longer exists', () => {
    expect(checkTable(table({ s2: '| One modal | conformant | `machines/router.ts` | `machines/gone.test.ts` › `push` |' }), spec, fake)).toMatchInlineSnapshot(`
      [
        "line 7 (§2 "One modal"): test file machines/gone.test.ts does not exist",
      ]
    `)
  })

  test('a listed test title that is not in the listed file', () => {
    expect(checkTable(table({ s2: '| One modal | conformant | `machines/router.ts` | `machines/router.test.ts` › `behavior: push replaces the view` |' }), spec, fake)).toMatchInlineSnapshot(`
      [
        "line 7 (§2 "One modal"): test title "behavior: push replaces the view" is not in machines/router.test.ts",
      ]
    `)
  })

  test('template titles match by their literal parts (the documented escape), and only then', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template test title, written as its file has it (the escape under test)
    const good = table({ s2: '| One modal | conformant | | `machines/router.test.ts` › `opens $view on %s`<br>`machines/router.test.ts` › `closes ${name} after it` |' })
    expect(checkTable(good, spec, fake)).toEqual([])
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template test title, written as its file has it (the escape under test)
    const bad = table({ s2: '| One modal | conformant | | `machines/router.test.ts` › `shuts ${name} after it` |' })
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template test title, written as its file has it (the escape under test)
    expect(checkTable(bad, spec, fake)).toEqual(['line 7 (§2 "One modal"): test title "shuts ${name} after it" is not in machines/router.test.ts'])
  })

  test('a spec section with no row, and one with no heading', () => {
    const noRow = table().replace('| Push | not applicable: no routing here | | |\n', '')
    expect(checkTable(noRow, spec, fake)).toEqual(['spec section §2.2 "Navigation rules" has no row'])
    const noHeading = table().replace('### 2.1 Views', '')
    expect(checkTable(noHeading, spec, fake)).toEqual(['spec section §2.1 "Views" has no heading in the table'])
  })

  test('a heading whose title is not the spec’s', () => {
    expect(checkTable(table().replace('### 2.2 Navigation rules', '### 2.2 Navigation'), spec, fake)).toEqual(['table heading §2.2 is "Navigation", the spec\'s is "Navigation rules"'])
  })

  test('an unknown status, a status without its reason, a conformant row without a test', () => {
    const problems = checkTable(table({ s21: '| Connect | done | | |', s22: '| Push | deviation | | |', s3: '| Token balance | conformant | `machines/views.ts` | none |' }), spec, fake)
    expect(problems).toEqual([
      'line 13 (§2.1 "Connect"): unknown status "done" (expected conformant, deviation: …, not applicable: …, open: …)',
      'line 19 (§2.2 "Push"): status "deviation" needs its reason after a colon',
      'line 25 (§3 "Token balance"): a conformant row names the test that asserts it',
    ])
  })

  test('a describe › test path: each segment must be in the file; pipes and backticks in titles', () => {
    files['ui/x.test.ts'] = "describe('the x', () => { test('a | b with `c`', () => {}) })"
    try {
      const good = table({ s2: '| One modal | conformant | | `ui/x.test.ts` › `the x` › `` a \\| b with `c` `` |' })
      expect(checkTable(good, spec, fake)).toEqual([])
      const bad = table({ s2: '| One modal | conformant | | `ui/x.test.ts` › `the y` › `` a \\| b with `c` `` |' })
      expect(checkTable(bad, spec, fake)).toEqual(['line 7 (§2 "One modal"): test title "the y" is not in ui/x.test.ts'])
    } finally {
      delete files['ui/x.test.ts']
    }
  })
})
