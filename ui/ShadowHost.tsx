import { useCallback, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'

/**
 * Renders `children` into an open shadow root on a host element, with `css` in it, so the host page's CSS
 * cannot break the modal and the modal's CSS cannot leak out. Open mode keeps it reachable for assistive
 * technology, Playwright and axe.
 *
 * `fallback` is rendered in the host's light DOM until the shadow root exists: on the server (SSR, prerendering: there
 * is no shadow root there) and in the first client render, which hydrates it, so the server's HTML holds the control and
 * hydration sees the same markup. Attaching the shadow root hides it at once (it has no slot); the next
 * render drops it for the shadow content. Keep it static: it must not depend on state the server does not have.
 */
export function ShadowHost({ children, css, inline = false, testId, fallback }: { children: ReactNode; css: string; inline?: boolean; testId?: string; fallback?: ReactNode }) {
  const [root, setRoot] = useState<ShadowRoot | null>(null)
  const ref = useCallback((el: HTMLElement | null) => {
    if (el) setRoot(el.shadowRoot ?? el.attachShadow({ mode: 'open' }))
  }, [])
  const Host = inline ? 'span' : 'div'
  return (
    <Host ref={ref} data-testid={testId} style={inline ? { display: 'inline-block', maxWidth: '100%' } : undefined}>
      {root
        ? createPortal(
            <>
              <style>{css}</style>
              {children}
            </>,
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
