import { createContext, useContext, useLayoutEffect } from 'react'

/**
 * The modal's CSS in its shadow roots without inline `<style>` elements where the browser can help, so it runs on a page
 * whose Content-Security-Policy has no `style-src 'unsafe-inline'` (README "Content-Security-Policy").
 *
 * - Where constructable stylesheets exist (`new CSSStyleSheet()`, `replaceSync`, `ShadowRoot.adoptedStyleSheets`), each
 *   CSS text becomes one sheet adopted by the shadow roots that use it. CSP does not govern constructed sheets, so no
 *   directive is needed. A sheet is shared by every root of its document that shows the same text (the modal and the
 *   page buttons share the theme's), counted, and dropped when its last user goes.
 * - Elsewhere a `<style>` element carries the modal's `nonce` option, which a page's `style-src 'nonce-…'` admits.
 *
 * The sheets of one root keep a stable cascade order whatever order they arrive in: by `rank` (the shell's CSS before
 * the views'), then by arrival. Sheets that are not the modal's (a page's own, adopted into the root) stay first.
 */

/** The shadow root a part of the modal renders into, and the `nonce` of its `<style>` fallback. */
export type ShadowStyleScope = { root: ShadowRoot; nonce: string | undefined }

/** Provided by `ShadowHost` to what it renders into its shadow root. */
export const ShadowStyleContext = createContext<ShadowStyleScope | null>(null)

/** The cascade rank of the shell's and page buttons' CSS (theme variables and `styles.ts`). */
export const shellStyleRank = 0
/** The cascade rank of the views' CSS (`styles.views.ts`): after the shell's, as its `<style>` came after. */
export const viewStyleRank = 1

type Shared = { sheet: CSSStyleSheet; users: number }
/** A sheet a root adopted at a rank; `users`: the `adoptCss` calls holding it there (one entry, however many ask). */
type Adopted = { sheet: CSSStyleSheet; rank: number; order: number; users: number }

/** Whether each window's `CSSStyleSheet` is constructible (Safari before 16.4 has the class but not the constructor). */
const constructible = new WeakMap<object, boolean>()
/** The shared sheets of each document, by CSS text. */
const sheetsByDocument = new WeakMap<Document, Map<string, Shared>>()
/** What each root has adopted from this module, in no particular order ({@link applyTo} sorts). */
const adoptedByRoot = new WeakMap<ShadowRoot, Adopted[]>()
/** Every sheet this module made: told apart from a page's own sheets in a root. */
const ownSheets = new WeakSet<CSSStyleSheet>()
let arrivals = 0

type WindowWithSheets = Window & { CSSStyleSheet?: typeof CSSStyleSheet }

function windowOf(root: ShadowRoot): WindowWithSheets | null {
  return (root.ownerDocument?.defaultView as WindowWithSheets | null | undefined) ?? null
}

/**
 * Whether `root` can take constructable stylesheets: `adoptedStyleSheets` on shadow roots and a constructible
 * `CSSStyleSheet` with `replaceSync`, in the root's own window (a sheet is adopted only within the document whose
 * window made it). Measured once per window.
 * @example supportsAdoptedStyleSheets(host.attachShadow({ mode: 'open' })) // true in current Chromium, Firefox, Safari
 */
export function supportsAdoptedStyleSheets(root: ShadowRoot): boolean {
  const win = windowOf(root)
  if (!win || !('adoptedStyleSheets' in root)) return false
  let known = constructible.get(win)
  if (known === undefined) {
    try {
      const Sheet = win.CSSStyleSheet
      known = typeof Sheet === 'function' && typeof new Sheet().replaceSync === 'function'
    } catch {
      known = false
    }
    constructible.set(win, known)
  }
  return known
}

function applyTo(root: ShadowRoot): void {
  const ours = [...(adoptedByRoot.get(root) ?? [])].sort((a, b) => a.rank - b.rank || a.order - b.order).map((a) => a.sheet)
  root.adoptedStyleSheets = [...root.adoptedStyleSheets.filter((sheet) => !ownSheets.has(sheet)), ...ours]
}

/**
 * Adopts `css` into `root` as a constructable stylesheet (shared with the document's other roots showing the same text)
 * at cascade `rank`, and returns the function that takes it out again (the sheet is dropped with its last user). The
 * same text adopted again into the same root at the same rank is counted, not added twice: the root's sheets change only
 * when the first adopts it and the last releases it.
 * Call only when {@link supportsAdoptedStyleSheets} says so.
 * @param css CSS text; `@import` rules are ignored by `replaceSync`, and none is used.
 * @param rank cascade order among the modal's sheets of this root: lower first ({@link shellStyleRank}, {@link viewStyleRank}).
 * @example const release = adoptCss(root, modalCss, shellStyleRank); … release()
 */
export function adoptCss(root: ShadowRoot, css: string, rank: number): () => void {
  const doc = root.ownerDocument
  let shared = sheetsByDocument.get(doc)
  if (!shared) sheetsByDocument.set(doc, (shared = new Map()))
  let entry = shared.get(css)
  if (!entry) {
    const Sheet = windowOf(root)!.CSSStyleSheet!
    const sheet = new Sheet()
    sheet.replaceSync(css)
    ownSheets.add(sheet)
    entry = { sheet, users: 0 }
    shared.set(css, entry)
  }
  entry.users++
  const list = adoptedByRoot.get(root) ?? []
  // The root already shows this sheet at this rank (the shell adopts the views' CSS ahead of the first view): counted,
  // and the root's sheets are left as they are, so the browser has no style to work out again.
  let adopted = list.find((a) => a.sheet === entry.sheet && a.rank === rank)
  if (adopted) adopted.users++
  else {
    adopted = { sheet: entry.sheet, rank, order: arrivals++, users: 1 }
    adoptedByRoot.set(root, [...list, adopted])
    applyTo(root)
  }
  const held = adopted
  let released = false
  return () => {
    if (released) return
    released = true
    if (--held.users === 0) {
      adoptedByRoot.set(
        root,
        (adoptedByRoot.get(root) ?? []).filter((a) => a !== held),
      )
      applyTo(root)
    }
    const current = shared.get(css)
    if (current && --current.users === 0) shared.delete(css)
  }
}

/**
 * The modal's CSS for the shadow root it renders in (from `ShadowHost`'s {@link ShadowStyleContext}): adopted as a
 * constructable stylesheet where the browser has them (renders nothing), else a `<style>` element with the modal's
 * `nonce`. Adopted in a layout effect, so the first paint is styled. Nothing while `css` is undefined.
 * `ahead`: CSS adopted before anything that uses it renders (the views' CSS while the modal is closed), so the browser
 * has parsed it and built its rules by the first opening; nothing where constructable stylesheets are missing (the
 * `<style>` of the part that uses it comes with that part).
 * @example <ShadowStyle css={loadedViewCss()} rank={viewStyleRank} />
 */
export function ShadowStyle({ css, rank, ahead = false }: { css: string | undefined; rank: number; ahead?: boolean }) {
  const scope = useContext(ShadowStyleContext)
  const root = scope?.root ?? null
  const adopt = root !== null && supportsAdoptedStyleSheets(root)
  useLayoutEffect(() => {
    if (!adopt || !root || css === undefined) return
    return adoptCss(root, css, rank)
  }, [adopt, root, css, rank])
  if (adopt || ahead || css === undefined) return null
  return <style nonce={scope?.nonce}>{css}</style>
}
