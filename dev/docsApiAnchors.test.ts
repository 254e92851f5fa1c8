import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, test } from 'vitest'
import { alignAnchors, type HeadingIds, takeCustomAnchors, vitepressHeadingIds } from './docsApiAnchors.ts'

const docs = fileURLToPath(new URL('../docs', import.meta.url))

/** The site's own parser: what `vitepress build` makes of the headings. */
let headingIds: HeadingIds
beforeAll(async () => {
  headingIds = await vitepressHeadingIds(docs)
})

describe('API reference anchors', () => {
  test('behavior: a custom id comes off its heading and is kept by the heading line; fenced lines stay as written', () => {
    const markdown = ['# latchkey/testing', '', '### MODAL_TEST_IDS {#modal_test_ids}', '', '```md', '### Not a heading {#x}', '```'].join('\n')
    const { markdown: bare, anchors } = takeCustomAnchors(markdown)
    expect(bare).toBe(['# latchkey/testing', '', '### MODAL_TEST_IDS', '', '```md', '### Not a heading {#x}', '```'].join('\n'))
    expect([...anchors]).toEqual([[2, 'modal_test_ids']])
  })

  test("behavior: a link to TypeDoc's slug of a name with underscores points at VitePress's slug of the heading", () => {
    const pages = alignAnchors([{ file: 'latchkey/testing.md', markdown: '### MODAL_TEST_IDS {#modal_test_ids}\n\nSee [`MODAL_TEST_IDS`](#modal_test_ids).' }], headingIds).pages
    expect(pages[0]!.markdown).toBe('### MODAL_TEST_IDS\n\nSee [`MODAL_TEST_IDS`](#modal-test-ids).')
  })

  test('behavior: a second heading of the same text is linked by the suffix VitePress counts, not the one TypeDoc counted', () => {
    // TypeDoc counted a declaration the page does not draw (`accounttype` taken) and an earlier parameter heading of the
    // same text took VitePress's plain `namespace`.
    const markdown = ['###### namespace', '', '##### namespace {#namespace}', '', '> [`AccountType`](#accounttype-1) in [`namespace`](#namespace)', '', '### AccountType {#accounttype-1}'].join('\n')
    const { pages, unaligned } = alignAnchors([{ file: 'latchkey.md', markdown }], headingIds)
    expect(pages[0]!.markdown).toContain('> [`AccountType`](#accounttype) in [`namespace`](#namespace-1)')
    expect(unaligned).toEqual([])
  })

  test('behavior: links to another generated page are aligned with that page’s headings, relative paths resolved', () => {
    const pages = [
      { file: 'latchkey/testing.md', markdown: '### ANVIL_MNEMONIC {#anvil_mnemonic}' },
      { file: 'latchkey/testing/playwright.md', markdown: 'Uses [`ANVIL_MNEMONIC`](../testing.md#anvil_mnemonic) and [the guide](../../../guide/testing.md#setup).' },
    ]
    expect(alignAnchors(pages, headingIds).pages[1]!.markdown).toBe('Uses [`ANVIL_MNEMONIC`](../testing.md#anvil-mnemonic) and [the guide](../../../guide/testing.md#setup).')
  })

  test('behavior: a link to an anchor no heading carries is left as written and reported', () => {
    const { pages, unaligned } = alignAnchors([{ file: 'latchkey.md', markdown: '### BaseError {#baseerror}\n\n[`constructor`](#constructor-3)' }], headingIds)
    expect(pages[0]!.markdown).toBe('### BaseError\n\n[`constructor`](#constructor-3)')
    expect(unaligned).toEqual([{ file: 'latchkey.md', href: '#constructor-3' }])
  })
})
