/**
 * The API reference's anchors made VitePress's (`npm run docs:api`, dev/docs-api.ts, after TypeDoc writes docs/api).
 * TypeDoc's Markdown plugin links a symbol by a slug of its own (`#modal_test_ids`, `#accounttype-1` counted over
 * declarations the page does not render as headings), while VitePress gives each heading the id of its own slugger
 * (`modal-test-ids`, the n-th heading of one text `-n`): many links named no heading, and others named a heading of the
 * same text earlier on the page (a parameter `namespace` for the property `namespace`). TypeDoc writes each heading's
 * anchor as a custom id (`### MODAL_TEST_IDS {#modal_test_ids}`, typedoc.json `useCustomAnchors`); here each custom id
 * is taken off its heading, VitePress's own parser says which id that heading gets, and every link to the custom id is
 * rewritten to it. A link whose anchor no heading carries is left as written: the site's anchor check
 * (dev/docs-anchors.ts) then fails on it.
 */
import { posix } from 'node:path'
import { createMarkdownRenderer, resolveConfig } from 'vitepress'

/** A generated page: its path inside the API folder (`latchkey/testing.md`) and its Markdown. */
export type GeneratedPage = { file: string; markdown: string }

/** The id VitePress gives each heading of a Markdown source, by the heading's first line (0-based). */
export type HeadingIds = (markdown: string) => Map<number, string>

/** A link into a generated page whose anchor is no heading's custom id there, left as written. */
export type UnalignedLink = { file: string; href: string }

const customAnchor = /^(#{1,6}\s.*?)\s*\{#([^{}\s]+)\}\s*$/
const fence = /^\s*(```|~~~)/
/** `](path#anchor)` of a Markdown link; the path may be empty (same page). */
const linkTarget = /\]\(([^()\s#]*)#([^()\s]+)\)/g

/** The Markdown without its headings' custom ids, and each id by the line of its heading. */
export function takeCustomAnchors(markdown: string): { markdown: string; anchors: Map<number, string> } {
  const anchors = new Map<number, string>()
  let inFence = false
  const lines = markdown.split('\n').map((line, index) => {
    if (fence.test(line)) inFence = !inFence
    const match = inFence ? null : customAnchor.exec(line)
    if (!match) return line
    anchors.set(index, match[2]!)
    return match[1]!
  })
  return { markdown: lines.join('\n'), anchors }
}

/**
 * The pages with their headings' custom ids taken off and every link to one (on the same page, `#x`, or another
 * generated page, `../testing.md#x`) pointing at the id `headingIds` says its heading gets.
 * @returns The rewritten pages, in the same order, and the links into generated pages left unaligned.
 * @example
 * alignAnchors([{ file: 'a.md', markdown: '### A_B {#a_b}\n[x](#a_b)' }], vitepressIds).pages[0].markdown // '### A_B\n[x](#a-b)'
 */
export function alignAnchors(pages: readonly GeneratedPage[], headingIds: HeadingIds): { pages: GeneratedPage[]; unaligned: UnalignedLink[] } {
  const taken = pages.map((page) => ({ file: page.file, ...takeCustomAnchors(page.markdown) }))
  const idOf = new Map<string, Map<string, string>>()
  for (const page of taken) {
    const ids = headingIds(page.markdown)
    const byAnchor = new Map<string, string>()
    for (const [line, anchor] of page.anchors) {
      const id = ids.get(line)
      if (id !== undefined) byAnchor.set(anchor, id)
    }
    idOf.set(page.file, byAnchor)
  }
  const unaligned: UnalignedLink[] = []
  const rewritten = taken.map((page) => ({
    file: page.file,
    markdown: page.markdown.replace(linkTarget, (whole, path: string, anchor: string) => {
      const target = path === '' ? page.file : posix.normalize(posix.join(posix.dirname(page.file), decodeURI(path)))
      const ids = idOf.get(target)
      if (!ids) return whole
      const id = ids.get(anchor)
      if (id === undefined) {
        unaligned.push({ file: page.file, href: `${path}#${anchor}` })
        return whole
      }
      return `](${path}#${id})`
    }),
  }))
  return { pages: rewritten, unaligned }
}

/**
 * The heading ids of the site at `docsRoot` (its .vitepress/config.ts: the same Markdown options, slugger and unique
 * counter as `vitepress build`), from VitePress's own Markdown parser.
 */
export async function vitepressHeadingIds(docsRoot: string): Promise<HeadingIds> {
  const config = await resolveConfig(docsRoot, 'build', 'production')
  const md = await createMarkdownRenderer(config.srcDir, config.markdown, config.site.base, config.logger)
  return (markdown) => {
    const ids = new Map<number, string>()
    for (const token of md.parse(markdown, {})) {
      const id = token.type === 'heading_open' ? token.attrGet('id') : null
      if (id !== null && token.map) ids.set(token.map[0], id)
    }
    return ids
  }
}
