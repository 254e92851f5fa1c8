import { useCallback, useMemo, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { ShadowStyle, ShadowStyleContext, shellStyleRank } from './shadowStyles.tsx'

/**
 * Renders `children` into an open shadow root on a host element, with `css` in it, so the host page's CSS
 * cannot break the modal and the modal's CSS cannot leak out. Open mode keeps it reachable for assistive
 * technology, Playwright and axe. The CSS is a constructable stylesheet adopted by the root where the browser has them,
 * else a `<style>` element carrying `nonce` (`ui/shadowStyles.tsx`): no inline style a strict CSP would refuse. What
 * renders inside adds its own CSS with `<ShadowStyle>`, which reads the root and `nonce` from this host.
 *
 * `fallback` is rendered in the host's light DOM until the shadow root exists: on the server (SSR, prerendering: there
 * is no shadow root there) and in the first client render, which hydrates it, so the server's HTML holds the control and
 * hydration sees the same markup. Attaching the shadow root hides it at once (it has no slot); the next
 * render drops it for the shadow content. Keep it static: it must not depend on state the server does not have.
 */
export function ShadowHost({
  children,
  css,
  nonce,
  inline = false,
  testId,
  fallback,
  lang,
  dir,
}: {
  children: ReactNode
  css: string
  nonce?: string | undefined
  inline?: boolean
  testId?: string
  fallback?: ReactNode
  /** The language of what it shows (`lang` on the host: the shadow tree inherits it), e.g. `'ar'`. */
  lang?: string | undefined
  /** The writing direction (`dir` on the host: the shadow tree inherits it, so `:dir()` and logical properties follow). */
  dir?: 'ltr' | 'rtl' | undefined
}) {
  const [root, setRoot] = useState<ShadowRoot | null>(null)
  const ref = useCallback((el: HTMLElement | null) => {
    if (el) setRoot(el.shadowRoot ?? el.attachShadow({ mode: 'open' }))
  }, [])
  const scope = useMemo(() => (root ? { root, nonce } : null), [root, nonce])
  const Host = inline ? 'span' : 'div'
  // The host's own inline-block is set through React's `style` prop: the CSS object model, which CSP does not govern.
  return (
    <Host ref={ref} data-testid={testId} lang={lang} dir={dir} style={inline ? { display: 'inline-block', maxWidth: '100%' } : undefined}>
      {root && scope
        ? createPortal(
            <ShadowStyleContext.Provider value={scope}>
              <ShadowStyle css={css} rank={shellStyleRank} />
              {children}
            </ShadowStyleContext.Provider>,
            root,
          )
        : fallback}
    </Host>
  )
}

/** The focused element, looking through open shadow roots. */
export function deepActiveElement(doc: Document = document): HTMLElement | null {
  let el = doc.activeElement as HTMLElement | null
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement as HTMLElement
  return el
}
