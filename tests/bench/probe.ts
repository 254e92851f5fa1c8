/**
 * The in-page click-to-paint probe. The bench's Vite config inlines it as a classic `<script>` in the
 * head of every fixture page, so it runs before the page's own modules and adds nothing to the JS files
 * the bench weighs.
 *
 * On the first click whose composed path holds a button reading "Connect Wallet" (the latchkey button
 * sits in a shadow root, RainbowKit's in the light DOM), it marks `bench:click`, then polls
 * `requestAnimationFrame` until an element with `role=dialog` exists, in the light DOM or in the shadow
 * root of `[data-testid=latchkey-modal]`. The frame that finds it paints it, so one more frame later it
 * marks `bench:painted` and stores the milliseconds between the two marks in `window.__benchClickToPaint`.
 *
 * The function must stay self-contained: the plugin inlines its compiled source, without its module.
 */
export function installClickToPaintProbe(): void {
  const target = window as unknown as { __benchClickToPaint?: number }
  const isConnectButton = (node: EventTarget): boolean =>
    node instanceof HTMLButtonElement && (node.textContent ?? '').trim().toLowerCase() === 'connect wallet'
  const findDialog = (): Element | null =>
    document.querySelector('[role=dialog]') ??
    document.querySelector('[data-testid=latchkey-modal]')?.shadowRoot?.querySelector('[role=dialog]') ??
    null
  let armed = true
  document.addEventListener(
    'click',
    (event) => {
      if (!armed || !event.composedPath().some(isConnectButton)) return
      armed = false
      performance.mark('bench:click')
      const poll = (): void => {
        if (!findDialog()) {
          requestAnimationFrame(poll)
          return
        }
        requestAnimationFrame(() => {
          performance.mark('bench:painted')
          target.__benchClickToPaint = performance.measure('bench:click-to-paint', 'bench:click', 'bench:painted').duration
        })
      }
      requestAnimationFrame(poll)
    },
    { capture: true },
  )
}
