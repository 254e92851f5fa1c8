import { describe, expect, test } from 'vitest'
import { deadAnchors, fileOfPath, hrefsOf, idsOf } from './docsAnchors.ts'

/** A built page as VitePress writes one: headings with ids, links in the text. */
const page = (headings: string[], links: string[]) =>
  `<main>${headings.map((id) => `<h2 id="${id}" tabindex="-1">${id} <a class="header-anchor" href="#${id}">​</a></h2>`).join('')}${links.map((href) => `<p><a href="${href}">link</a></p>`).join('')}</main>`

describe('docs anchors', () => {
  test('behavior: a link to an existing heading of another page passes; one to a missing heading is reported', () => {
    const pages = [
      { file: 'guide/siwx.html', html: page(['sessions', 'cancel'], []) },
      { file: 'guide/pay.html', html: page(['amounts'], ['/guide/siwx#sessions', './siwx#cancel', '/guide/siwx#missing-heading']) },
    ]
    expect(deadAnchors(pages)).toEqual([{ file: 'guide/pay.html', href: '/guide/siwx#missing-heading', reason: 'missing-id' }])
  })

  test('behavior: same-page fragments are checked against the page itself', () => {
    const pages = [{ file: 'index.html', html: page(['install'], ['#install', '#nowhere']) }]
    expect(deadAnchors(pages)).toEqual([{ file: 'index.html', href: '#nowhere', reason: 'missing-id' }])
  })

  test('behavior: external links, links without a fragment, an empty fragment and asset links are ignored', () => {
    const links = ['https://example.org/guide/siwx#missing', 'http://x.test/#y', '//cdn.test/a#b', 'mailto:a@b.test#c', '/guide/siwx', '#', '/assets/app.js#x']
    expect(deadAnchors([{ file: 'index.html', html: page([], links) }])).toEqual([])
  })

  test('behavior: a fragment on a page that was not built is reported as a missing page', () => {
    expect(deadAnchors([{ file: 'index.html', html: page([], ['/guide/gone#intro']) }])).toEqual([{ file: 'index.html', href: '/guide/gone#intro', reason: 'missing-page' }])
  })

  test('behavior: relative links resolve from the linking page, .md and .html and index paths map to the built file', () => {
    const pages = [
      { file: 'getting-started/index.html', html: page(['install'], []) },
      { file: 'guide/networks.html', html: page(['solana'], ['../getting-started/#install', '../getting-started/index.md#install', 'networks.html#solana', '/guide/networks.md#solana']) },
    ]
    expect(deadAnchors(pages)).toEqual([])
  })

  test('behavior: percent-encoded fragments and entities in attributes are decoded before matching', () => {
    const pages = [{ file: 'a.html', html: `<h2 id="café">x</h2><h3 id="a&amp;b">y</h3><a href="#caf%C3%A9">1</a><a href="#a&amp;b">2</a><a href="#%E0%A4%A">3</a>` }]
    expect(deadAnchors(pages)).toEqual([{ file: 'a.html', href: '#%E0%A4%A', reason: 'missing-id' }])
  })

  test('behavior: a site under a base path strips it; links outside the base are ignored', () => {
    const pages = [
      { file: 'guide/siwx.html', html: page(['sessions'], []) },
      { file: 'index.html', html: page([], ['/docs/guide/siwx#sessions', '/docs/guide/siwx#gone', '/elsewhere/page#x']) },
    ]
    expect(deadAnchors(pages, '/docs/')).toEqual([{ file: 'index.html', href: '/docs/guide/siwx#gone', reason: 'missing-id' }])
  })

  test('behavior: the readers find ids and hrefs in either quote style, and the file of each path shape', () => {
    expect([...idsOf(`<div id='a'></div><p id="b">`)]).toEqual(['a', 'b'])
    expect(hrefsOf(`<a class="x" href='/p#a'>`)).toEqual(['/p#a'])
    expect(['/', '/guide/', '/guide/pay', '/guide/pay.html', '/guide/pay.md', '/logo.svg'].map(fileOfPath)).toEqual(['index.html', 'guide/index.html', 'guide/pay.html', 'guide/pay.html', 'guide/pay.html', undefined])
  })
})
