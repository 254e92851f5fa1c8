import { useCallback, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'

/**
 * Renders `children` into an open shadow root on a host element, with `css` in it, so the host page's CSS
 * cannot break the modal and the modal's CSS cannot leak out. Open mode keeps it reachable for assistive
 * technology, Playwright and axe.
 */
export function ShadowHost({
  children,
  css,
  inline = false,
  testId,
}: {
  children: ReactNode
  css: string
  inline?: boolean
  testId?: string
}) {
  const [root, setRoot] = useState<ShadowRoot | null>(null)
  const ref = useCallback((el: HTMLElement | null) => {
    if (el) setRoot(el.shadowRoot ?? el.attachShadow({ mode: 'open' }))
  }, [])
  const Host = inline ? 'span' : 'div'
  return (
    <Host ref={ref} data-testid={testId} style={inline ? { display: 'inline-block' } : undefined}>
      {root &&
        createPortal(
          <>
            <style>{css}</style>
            {children}
          </>,
          root,
        )}
    </Host>
  )
}

/** The focused element, looking through open shadow roots. */
export function deepActiveElement(doc: Document = document): HTMLElement | null {
  let el = doc.activeElement as HTMLElement | null
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement as HTMLElement
  return el
}
