// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { Window } from 'happy-dom'
import { afterEach, describe, expect, test } from 'vitest'
import { createEip155Adapter } from '../adapters/eip155.ts'
import { mainnet } from '../adapters/networks.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { createModal, type ModalOptions } from './createModal.ts'
import { ModalProvider } from './react.tsx'
import { ShadowHost } from './ShadowHost.tsx'
import { adoptCss, ShadowStyle, shellStyleRank, supportsAdoptedStyleSheets, viewStyleRank } from './shadowStyles.tsx'
import { modalCss } from './styles.ts'
import { connectViewCss } from './styles.connect.ts'
import { viewCode } from './features.ts'

/**
 * The modal's CSS reaches its shadow roots without inline `<style>` where the browser has constructable stylesheets
 * (a strict CSP's `style-src 'self'` refuses inline styles but does not govern constructed sheets), and as `<style>`
 * elements carrying the `nonce` option elsewhere. happy-dom has constructable stylesheets; a second happy-dom window
 * whose `CSSStyleSheet` cannot be constructed stands for a browser without them (Safari before 16.4).
 */
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
const mounted: Array<{ root: Root; host: Element }> = []
const instances: Array<{ destroy(): void }> = []
afterEach(async () => {
  for (const { root, host } of mounted.splice(0)) {
    await act(async () => root.unmount())
    host.remove()
  }
  instances.splice(0).forEach((m) => m.destroy())
})

async function render(ui: React.ReactNode, doc: Document = document): Promise<HTMLElement> {
  const host = doc.createElement('div')
  doc.body.append(host)
  const root = createRoot(host)
  mounted.push({ root, host })
  await act(async () => root.render(ui))
  return host
}

/** Each shadow root under `host` that the modal's `ShadowHost`s made, in document order. */
function shadowRoots(host: Element): ShadowRoot[] {
  return [...host.querySelectorAll('*')].flatMap((el) => (el.shadowRoot ? [el.shadowRoot] : []))
}

/** A second document whose window has no constructible CSSStyleSheet (the class exists, its constructor throws). */
function windowWithoutConstructableSheets(): Document {
  const win = new Window({ url: 'http://127.0.0.1/' })
  ;(win as unknown as { CSSStyleSheet: unknown }).CSSStyleSheet = class {
    constructor() {
      throw new TypeError('Illegal constructor')
    }
  }
  return win.document as unknown as Document
}

const textOf = (sheet: CSSStyleSheet) => [...sheet.cssRules].map((rule) => rule.cssText).join('\n')

describe('constructable stylesheets where the browser has them', () => {
  test('behavior: a ShadowHost adopts its CSS as a constructed sheet and renders no <style> element; the view CSS comes after the shell CSS', async () => {
    const shell = '.shell-rule { color: red; }'
    const views = '.view-rule { color: blue; }'
    const host = await render(
      <ShadowHost css={shell} nonce="unused">
        <ShadowStyle css={views} rank={viewStyleRank} />
        <p>inside</p>
      </ShadowHost>,
    )
    const [root] = shadowRoots(host)
    expect(supportsAdoptedStyleSheets(root!)).toBe(true)
    expect(root!.querySelectorAll('style')).toHaveLength(0)
    expect(root!.adoptedStyleSheets.map(textOf)).toEqual([expect.stringContaining('.shell-rule'), expect.stringContaining('.view-rule')])
  })

  test('behavior: the modal and its page buttons share one sheet for the same CSS; it stays while one user is left and goes with the last', async () => {
    const host = await render(
      <>
        <ShadowHost css={modalCss}>a</ShadowHost>
        <ShadowHost css={modalCss} inline>
          b
        </ShadowHost>
      </>,
    )
    const [first, second] = shadowRoots(host)
    expect(first!.adoptedStyleSheets).toHaveLength(1)
    expect(second!.adoptedStyleSheets[0]).toBe(first!.adoptedStyleSheets[0])
    const sheet = first!.adoptedStyleSheets[0]!
    const releaseA = adoptCss(first!, modalCss, shellStyleRank)
    // Counted, not adopted twice: the root's sheets are left as they are.
    expect(first!.adoptedStyleSheets).toEqual([sheet])
    releaseA()
    releaseA() // idempotent
    expect(first!.adoptedStyleSheets).toEqual([sheet])
  })

  test('behavior: the same CSS adopted again into a root at the same rank is counted: it stays until its last user releases it', () => {
    const host = document.createElement('div')
    document.body.append(host)
    const root = host.attachShadow({ mode: 'open' })
    const css = '.ahead { color: blue; }'
    const releaseAhead = adoptCss(root, css, viewStyleRank)
    const sheets = root.adoptedStyleSheets
    const releaseView = adoptCss(root, css, viewStyleRank)
    expect(root.adoptedStyleSheets).toHaveLength(1)
    expect(root.adoptedStyleSheets[0]).toBe(sheets[0])
    releaseAhead()
    releaseAhead() // idempotent: the view's hold is not released by it
    expect(root.adoptedStyleSheets).toHaveLength(1)
    releaseView()
    expect(root.adoptedStyleSheets).toEqual([])
    // At another rank the same text is a second place in the cascade.
    const releaseShell = adoptCss(root, css, shellStyleRank)
    const releaseLater = adoptCss(root, css, viewStyleRank)
    expect(root.adoptedStyleSheets).toHaveLength(2)
    releaseShell()
    releaseLater()
    host.remove()
  })

  test("behavior: an 'ahead' ShadowStyle adopts its CSS where constructable stylesheets exist and renders no <style> where they do not", async () => {
    const host = await render(
      <ShadowHost css=".s{}">
        <ShadowStyle css=".ahead{}" rank={viewStyleRank} ahead />
      </ShadowHost>,
    )
    const [root] = shadowRoots(host)
    expect(root!.adoptedStyleSheets.map(textOf)).toEqual([expect.stringContaining('.s'), expect.stringContaining('.ahead')])
    const doc = windowWithoutConstructableSheets()
    const fallback = await render(
      <ShadowHost css=".s{}">
        <ShadowStyle css=".ahead{}" rank={viewStyleRank} ahead />
      </ShadowHost>,
      doc,
    )
    expect([...shadowRoots(fallback)[0]!.querySelectorAll('style')].map((s) => s.textContent)).toEqual(['.s{}'])
  })

  test("behavior: the modal's sheets keep their rank order whatever order they arrive in; a page's own sheet in the root stays first and is kept", async () => {
    const host = document.createElement('div')
    document.body.append(host)
    const root = host.attachShadow({ mode: 'open' })
    const page = new CSSStyleSheet()
    page.replaceSync('.page { color: green; }')
    root.adoptedStyleSheets = [page]
    const releaseView = adoptCss(root, '.v { color: blue; }', viewStyleRank)
    const releaseShell = adoptCss(root, '.s { color: red; }', shellStyleRank)
    expect(root.adoptedStyleSheets.map(textOf)).toEqual([expect.stringContaining('.page'), expect.stringContaining('.s'), expect.stringContaining('.v')])
    releaseShell()
    releaseView()
    expect(root.adoptedStyleSheets).toEqual([page])
    host.remove()
  })

  test("behavior: the closed modal adopts the views' CSS once it is in, so the first opening adds no stylesheet", async () => {
    const modal = createModal({ projectId: 'p', networks: [mainnet], storage: createMemoryStorage(), adapter: createEip155Adapter({ window }) } as ModalOptions)
    instances.push(modal)
    const host = await render(<ModalProvider modal={modal} />)
    const [root] = shadowRoots(host)
    await act(async () => {
      await viewCode('Connect')!.preload()
    })
    expect(root!.querySelector('[role=dialog]')).toBeNull()
    expect(root!.adoptedStyleSheets.map(textOf)).toEqual([expect.stringContaining('.lk-overlay'), expect.stringContaining(connectViewCss.slice(0, 40).trim().split('{')[0]!.trim())])
    const before = [...root!.adoptedStyleSheets]
    await act(async () => modal.open())
    expect(root!.querySelector('[role=dialog]')).not.toBeNull()
    expect(root!.adoptedStyleSheets).toEqual(before)
  })

  test('behavior: a theme change swaps the shell sheet in place (same cascade position), no <style> appears', async () => {
    const modal = createModal({ projectId: 'p', networks: [mainnet], storage: createMemoryStorage(), adapter: createEip155Adapter({ window }), themeMode: 'light' } as ModalOptions)
    instances.push(modal)
    const host = await render(<ModalProvider modal={modal} />)
    const [root] = shadowRoots(host)
    const before = root!.adoptedStyleSheets[0]!
    // The views' CSS too, when an earlier test fetched it: the closed shell adopts it after the shell's.
    const count = root!.adoptedStyleSheets.length
    await act(async () => modal.setThemeVariables({ accent: '#abcdef' }))
    expect(root!.adoptedStyleSheets).toHaveLength(count)
    expect(root!.adoptedStyleSheets[0]).not.toBe(before)
    expect(textOf(root!.adoptedStyleSheets[0]!)).toContain('#abcdef')
    expect(root!.querySelectorAll('style')).toHaveLength(0)
  })
})

describe('the <style nonce> fallback where constructable stylesheets are missing', () => {
  test("behavior: each shadow root gets <style> elements carrying the modal's nonce option: the shell's CSS and the views'", async () => {
    const doc = windowWithoutConstructableSheets()
    const modal = createModal({ projectId: 'p', networks: [mainnet], storage: createMemoryStorage(), adapter: createEip155Adapter({ window }), nonce: 'cmFuZG9t' } as ModalOptions)
    instances.push(modal)
    const host = await render(<ModalProvider modal={modal} />, doc)
    const [root] = shadowRoots(host)
    expect(supportsAdoptedStyleSheets(root!)).toBe(false)
    const styles = [...root!.querySelectorAll('style')]
    expect(styles).toHaveLength(1)
    expect(styles[0]!.getAttribute('nonce')).toBe('cmFuZG9t')
    expect(styles[0]!.textContent).toContain('.lk-overlay')
    expect(root!.adoptedStyleSheets).toHaveLength(0)

    const views = await render(
      <ShadowHost css=".s{}" nonce="bm9uY2U">
        <ShadowStyle css=".v{}" rank={viewStyleRank} />
      </ShadowHost>,
      doc,
    )
    const [viewRoot] = shadowRoots(views)
    expect([...viewRoot!.querySelectorAll('style')].map((s) => [s.getAttribute('nonce'), s.textContent])).toEqual([
      ['bm9uY2U', '.s{}'],
      ['bm9uY2U', '.v{}'],
    ])
  })

  test('behavior: without a nonce option the fallback <style> has no nonce attribute', async () => {
    const doc = windowWithoutConstructableSheets()
    const host = await render(<ShadowHost css=".s{}">x</ShadowHost>, doc)
    const [root] = shadowRoots(host)
    const style = root!.querySelector('style')!
    expect(style.hasAttribute('nonce')).toBe(false)
    expect(style.textContent).toBe('.s{}')
  })
})
