/**
 * The in-page click-to-paint probe. The bench's Vite config inlines it as a classic `<script>` in the
 * page's head, so it listens before the page's modules run and is not one of the JS files the bench weighs.
 *
 * On the first click whose composed path holds a button reading "Connect Wallet" (or `window.__benchConnectLabel`, the
 * words of a page in another language; latchkey's button sits in
 * a shadow root, RainbowKit's in the light DOM), a capture listener on `document` marks `bench:click`:
 * - `window.__benchClickToDom`: milliseconds until an element with `role=dialog` exists, in the light DOM
 *   or in the shadow root of `[data-testid=latchkey-modal]`. A bubbling listener on `window` looks right
 *   after the page's own click handlers ran (both libraries render the dialog synchronously there); if it
 *   is not there yet, the first animation frame that finds it counts.
 * - `window.__benchClickToPaint`: milliseconds until the animation frame after the one in which the dialog
 *   was first seen; that frame painted it. Steps of a frame, then.
 *
 * The function must stay self-contained: the plugin inlines its compiled source, without its module.
 */
export function installClickToPaintProbe(): void {
  const target = window as unknown as { __benchClickToDom?: number; __benchClickToPaint?: number; __benchConnectLabel?: string }
  // The button's words: English's, or those of the page's language (`openClickToPaint`'s init script sets them).
  const isConnectButton = (node: EventTarget): boolean => node instanceof HTMLButtonElement && (node.textContent ?? '').trim().toLowerCase() === (target.__benchConnectLabel ?? 'connect wallet').toLowerCase()
  const findDialog = (): Element | null => document.querySelector('[role=dialog]') ?? document.querySelector('[data-testid=latchkey-modal]')?.shadowRoot?.querySelector('[role=dialog]') ?? null
  let state: 'armed' | 'clicked' | 'in-dom' = 'armed'
  const inDom = (): void => {
    state = 'in-dom'
    performance.mark('bench:dialog-in-dom')
    target.__benchClickToDom = performance.measure('bench:click-to-dom', 'bench:click', 'bench:dialog-in-dom').duration
  }
  const poll = (): void => {
    if (state === 'clicked' && findDialog()) inDom()
    if (state !== 'in-dom') {
      requestAnimationFrame(poll)
      return
    }
    requestAnimationFrame(() => {
      performance.mark('bench:painted')
      target.__benchClickToPaint = performance.measure('bench:click-to-paint', 'bench:click', 'bench:painted').duration
    })
  }
  document.addEventListener(
    'click',
    (event) => {
      if (state !== 'armed' || !event.composedPath().some(isConnectButton)) return
      state = 'clicked'
      performance.mark('bench:click')
      requestAnimationFrame(poll)
    },
    { capture: true },
  )
  window.addEventListener('click', () => {
    if (state === 'clicked' && findDialog()) inDom()
  })
}
