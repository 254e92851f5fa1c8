/**
 * `llms.txt` and `llms-full.txt` (the llmstxt.org format) written beside the built pages: the first lists every page of
 * the sidebar with its address (the API reference included), the second holds every page's Markdown in sidebar order, the `<<< @/snippets/…` samples
 * (and their `#region`s) written in, so that a language model reads the same samples the pages show.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

/** A sidebar entry of the site's config: a page (`link`) or a group of them (`items`). */
export type SidebarItem = { text?: string; link?: string; items?: SidebarItem[] }

/** The pages in sidebar order, as `{ title, link }`; generated pages (the API reference) are left out of the full text. */
function pagesOf(items: readonly SidebarItem[]): { title: string; link: string }[] {
  return items.flatMap((item) => [...(item.link ? [{ title: item.text ?? item.link, link: item.link }] : []), ...pagesOf(item.items ?? [])])
}

/** The Markdown source of a page link (`/guide/pay` → guide/pay.md, `/getting-started/` → getting-started/index.md). */
function sourceOf(srcDir: string, link: string): string {
  return join(srcDir, link.endsWith('/') ? `${link}index.md` : `${link}.md`)
}

/** A `<<< path#region` line replaced by the fenced code it includes (the region only, its markers left out), at its indent. */
function inlineSnippets(markdown: string, file: string, srcDir: string): string {
  return markdown.replace(/^([ \t]*)<<< (\S+?)(?:#(\S+))?[ \t]*$/gm, (_line, margin: string, path: string, region: string | undefined) => {
    const target = path.startsWith('@/') ? join(srcDir, path.slice(2)) : resolve(dirname(file), path)
    let code = readFileSync(target, 'utf8')
    if (region) {
      const start = code.indexOf(`// #region ${region}\n`)
      const end = code.indexOf(`// #endregion ${region}`)
      if (start >= 0 && end > start) code = code.slice(code.indexOf('\n', start) + 1, end).replace(/[ \t]+$/, '')
      const indent = Math.min(
        ...code
          .split('\n')
          .filter((line) => line.trim())
          .map((line) => line.match(/^ */)![0].length),
      )
      code = code
        .split('\n')
        .map((line) => line.slice(indent))
        .join('\n')
    }
    const fenced = `\`\`\`${target.split('.').pop()}\n${code.trimEnd()}\n\`\`\``
    return fenced
      .split('\n')
      .map((line) => (line ? margin + line : line))
      .join('\n')
  })
}

/**
 * Writes `llms.txt` and `llms-full.txt` into `outDir`.
 * @param site the site's title, description, source and output folders, and its sidebar.
 */
export function writeLlmsFiles(site: { title: string; description: string; srcDir: string; outDir: string; sidebar: readonly SidebarItem[] }): void {
  const pages = pagesOf(site.sidebar)
  const index = [`# ${site.title}`, '', `> ${site.description}`, '', ...pages.map(({ title, link }) => `- [${title}](${link})`), ''].join('\n')
  writeFileSync(join(site.outDir, 'llms.txt'), index)
  const full = pages
    .filter(({ link }) => !link.startsWith('/api/'))
    .map(({ link }) => {
      const file = sourceOf(site.srcDir, link)
      return inlineSnippets(readFileSync(file, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, ''), file, site.srcDir).trim()
    })
  writeFileSync(join(site.outDir, 'llms-full.txt'), `${[`# ${site.title}`, `> ${site.description}`, ...full].join('\n\n')}\n`)
}
