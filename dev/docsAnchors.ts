/**
 * The documentation site's anchor check (`npm run test:docs`, after `vitepress build docs`; dev/docs-anchors.ts runs
 * it over docs/.vitepress/dist). VitePress fails the build on a link to a missing page but not on a link to a missing
 * heading (`guide/pay.md#no-such-heading`); this finds those. Pure: it takes the built pages' HTML and answers the dead
 * links, so it is tested without a build (dev/docsAnchors.test.ts).
 */

/** A built page: its path inside the output folder (`guide/pay.html`, `index.html`) and its HTML. */
export type BuiltPage = { file: string; html: string }

/** A link whose fragment names no element of its target page, or whose target page was not built. */
export type DeadAnchor = {
  /** The page the link is on (`guide/pay.html`). */
  file: string
  /** The link as written in the page's HTML (`/guide/siwx#missing`, `#missing`). */
  href: string
  /** Why it is dead: the target has no element with that id, or there is no such page. */
  reason: 'missing-id' | 'missing-page'
}

const anchorTag = /<a\s[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi
const idAttribute = /\sid\s*=\s*(?:"([^"]*)"|'([^']*)')/gi
/** `https:`, `mailto:`, `javascript:`, …: a link that leaves the site (or is no page), never checked. */
const scheme = /^[a-z][a-z0-9+.-]*:/i

/** The few entities an attribute value of the built HTML carries (`&amp;` in a query, `&quot;`). */
function decodeEntities(value: string): string {
  return value
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** Percent-decoded (`#caf%C3%A9` names `café`); left as written when its escapes are not valid UTF-8. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** Every `id` in a page's HTML. */
export function idsOf(html: string): Set<string> {
  return new Set(Array.from(html.matchAll(idAttribute), (m) => decodeEntities(m[1] ?? m[2] ?? '')))
}

/** Every `<a href>` in a page's HTML, entities decoded. */
export function hrefsOf(html: string): string[] {
  return Array.from(html.matchAll(anchorTag), (m) => decodeEntities(m[1] ?? m[2] ?? ''))
}

/**
 * The built file a site path is served from, as the site serves it with `cleanUrls`: `/guide/pay` and
 * `/guide/pay.html` → `guide/pay.html`, `/guide/` → `guide/index.html`, `/` → `index.html`. A path with another
 * extension (an asset) gives `undefined`.
 */
export function fileOfPath(path: string): string | undefined {
  const clean = path.replace(/^\/+/, '')
  if (clean === '' || clean.endsWith('/')) return `${clean}index.html`
  if (clean.endsWith('.html')) return clean
  if (/\.[a-z0-9]+$/i.test(clean.slice(clean.lastIndexOf('/') + 1))) return clean.endsWith('.md') ? `${clean.slice(0, -3)}.html` : undefined
  return `${clean}.html`
}

/**
 * The links among `pages` whose `#fragment` matches no `id` of their target page (or whose target page is missing).
 * Checked: links within the site (root-relative `/guide/pay#x`, relative `../guide/pay#x`, same-page `#x`, with the
 * site's `base` stripped). Ignored: links with a scheme (`https:`, `mailto:`), protocol-relative `//host` links, links
 * without a fragment or with an empty one (`#`), and links to assets (a file with an extension other than .html/.md).
 * @example deadAnchors([{ file: 'a.html', html: '<h2 id="x"></h2><a href="#y">' }]) // [{ file: 'a.html', href: '#y', reason: 'missing-id' }]
 */
export function deadAnchors(pages: readonly BuiltPage[], base = '/'): DeadAnchor[] {
  const ids = new Map(pages.map((page) => [page.file, idsOf(page.html)]))
  const dead: DeadAnchor[] = []
  for (const page of pages) {
    for (const href of hrefsOf(page.html)) {
      const hash = href.indexOf('#')
      if (hash < 0 || hash === href.length - 1 || scheme.test(href) || href.startsWith('//')) continue
      const fragment = decoded(href.slice(hash + 1))
      const target = hash === 0 ? page.file : targetFile(page.file, href.slice(0, hash), base)
      if (target === undefined) continue
      const targetIds = ids.get(target)
      if (!targetIds) dead.push({ file: page.file, href, reason: 'missing-page' })
      else if (!targetIds.has(fragment)) dead.push({ file: page.file, href, reason: 'missing-id' })
    }
  }
  return dead
}

/** The built file a link (without its fragment) on `from` points to; `undefined` for an asset or a path outside `base`. */
function targetFile(from: string, link: string, base: string): string | undefined {
  const path = new URL(link.split('?')[0] ?? '', new URL(from, `https://site${base}`)).pathname
  if (!path.startsWith(base)) return undefined
  return fileOfPath(decoded(path.slice(base.length - 1)))
}
