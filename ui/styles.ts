import { timing } from '../machines/timing.ts'

/**
 * The modal shell's and the page buttons' CSS, injected into their shadow roots so the host page's CSS cannot reach
 * them. Colours, sizes and radii come only from the `--lk-` custom properties (theme.ts). What the views' insides use
 * (rows, forms, tabs, lists) is in `styles.views.ts`, fetched with the first view's chunk.
 *
 * The dialog rendered ahead while closed (`[data-ahead="true"]`, ui/ConnectAhead.tsx) is laid out, so the tap that
 * reveals it pays no first layout, but invisible (no paint, no hit testing, out of the accessibility tree; inert and
 * aria-hidden besides), its animations and transitions held: they start from the reveal, as a new dialog's would.
 */
export const modalCss = `
:host { all: initial; }
* { box-sizing: border-box; }
/* The dialog's top stays put (a third of the way down, at most 300 px above the centre) while its height follows the view: rows above a change never move under the pointer. */
.lk-overlay { position: fixed; inset: 0; z-index: var(--lk-z-index); background: var(--lk-overlay); display: flex; align-items: flex-start; padding-top: max(16px, calc(50vh - 300px)); justify-content: center; font-family: var(--lk-font-family); font-size: calc(var(--lk-font-size-master) * 1.4); color: var(--lk-foreground); animation: lk-fade ${timing.viewTransition}ms ease-out; }
.lk-overlay[data-presence="unmountSuspended"] { animation: lk-fade-out ${timing.viewTransition}ms ease-in forwards; }
.lk-overlay[data-ahead="true"] { visibility: hidden; pointer-events: none; }
.lk-overlay[data-ahead="true"], .lk-overlay[data-ahead="true"] * { animation: none !important; transition: none !important; }
.lk-continued { display: contents; }
.lk-continued .lk-overlay:not([data-presence="unmountSuspended"]), .lk-continued .lk-dialog:not([data-shaking="true"]) { animation: none; }
/* The dialog is as high as its view, up to the viewport less its top offset and a margin: past that only the view's
   part scrolls (.lk-scroll), so the header and the branding footer stay in sight. */
.lk-dialog { display: flex; flex-direction: column; width: var(--lk-modal-width); max-width: calc(100vw - 16px); max-height: calc(100vh - max(16px, calc(50vh - 300px)) - 16px); max-height: calc(100dvh - max(16px, calc(50dvh - 300px)) - 16px); overflow: hidden; background: var(--lk-background); color: var(--lk-foreground); border: 1px solid var(--lk-border); border-radius: calc(var(--lk-border-radius-master) * 8); box-shadow: 0 8px 32px rgba(0,0,0,0.2); outline: none; }
.lk-dialog[data-shaking="true"] { animation: lk-shake 500ms; }
.lk-sheet-handle { display: none; }
.lk-header { display: grid; grid-template-columns: 40px 1fr 40px; align-items: center; padding: 12px 12px 8px; }
.lk-title { margin: 0; text-align: center; font-size: calc(var(--lk-font-size-master) * 1.6); font-weight: 600; animation: lk-fade ${timing.headerTextTransition}ms ease-out; }
.lk-icon-button { width: 32px; height: 32px; border: none; border-radius: calc(var(--lk-border-radius-master) * 2); background: transparent; color: var(--lk-foreground); cursor: pointer; display: inline-flex; align-items: center; justify-content: center; font-size: 18px; }
.lk-icon-button:hover { background: var(--lk-surface); }
.lk-header, .lk-branding { flex: none; }
.lk-scroll { flex: 0 1 auto; min-height: 0; overflow-x: hidden; overflow-y: auto; overscroll-behavior: contain; }
/* The hint that more of the view is below: a fade over the scroll area's last 16px, held at its bottom edge while the
   view is scrolled above its end (sticky); at the end it sits on the body's own 16px bottom padding, over nothing. Under
   a sticky action (z-index 1), not hit-testable, no layout of its own (its height is taken back by its margin). */
.lk-scroll::after { content: ''; display: block; position: sticky; bottom: 0; height: 16px; margin-top: -16px; background: linear-gradient(to bottom, transparent, var(--lk-background)); pointer-events: none; }
/* Clipped, not a scroll container: a view's sticky action (Account's Disconnect) sticks to .lk-scroll. */
.lk-sizer { overflow: hidden; overflow: clip; }
.lk-sizer[data-animate="true"] { transition: height ${timing.viewTransition}ms ease-out; }
.lk-body { padding: 4px 16px 16px; animation: lk-slide-next ${timing.viewTransition}ms ease-out; }
.lk-body[data-direction="prev"] { animation-name: lk-slide-prev; }
.lk-center { display: flex; flex-direction: column; align-items: center; text-align: center; gap: 12px; padding: 12px 0; }
.lk-skeleton { display: flex; flex-direction: column; gap: 8px; }
.lk-skeleton-row { display: block; height: 48px; border-radius: calc(var(--lk-border-radius-master) * 4); background: var(--lk-surface); animation: lk-pulse 1200ms ease-in-out infinite; }
.lk-spinner { width: 20px; height: 20px; border: 2px solid var(--lk-border); border-top-color: var(--lk-accent); border-radius: 50%; animation: lk-spin 800ms linear infinite; }
.lk-toast { position: fixed; top: 16px; left: 50%; transform: translateX(-50%); z-index: calc(var(--lk-z-index) + 1); padding: 8px 14px; border-radius: calc(var(--lk-border-radius-master) * 6); background: var(--lk-background); color: var(--lk-foreground); border: 1px solid var(--lk-border); box-shadow: 0 4px 16px rgba(0,0,0,0.15); font-family: var(--lk-font-family); font-size: calc(var(--lk-font-size-master) * 1.4); display: flex; gap: 8px; align-items: center; animation: lk-fade 150ms; }
.lk-toast-action { padding: 2px 8px; border: 1px solid var(--lk-border); border-radius: calc(var(--lk-border-radius-master) * 4); background: var(--lk-surface); color: var(--lk-foreground); font: inherit; cursor: pointer; }
.lk-toast[data-variant="error"] { border-color: var(--lk-danger); }
.lk-toast[data-variant="success"] { border-color: var(--lk-success); }
.lk-branding { margin: 0; padding: 10px 16px 12px; border-top: 1px solid var(--lk-border); text-align: center; font-size: calc(var(--lk-font-size-master) * 1.2); letter-spacing: 0.02em; color: var(--lk-muted); }
.lk-branding-name { font-weight: 600; color: var(--lk-foreground); }
button:focus-visible, input:focus-visible { outline: 2px solid var(--lk-accent); outline-offset: 2px; }
.lk-page-button { display: inline-flex; align-items: center; gap: 8px; padding: 8px 14px; border: 1px solid var(--lk-border); border-radius: calc(var(--lk-border-radius-master) * 25); background: var(--lk-accent); color: var(--lk-accent-foreground); font-family: var(--lk-font-family); font-size: calc(var(--lk-font-size-master) * 1.4); font-weight: 600; cursor: pointer; }
.lk-page-button { max-width: 100%; white-space: nowrap; }
.lk-page-button > svg, .lk-page-button > img { flex-shrink: 0; }
/* On a narrow screen the account button stays one line: the balance gives way (ellipsis), the address keeps its width. */
.lk-page-button-balance { display: inline-flex; gap: 0.3em; min-width: 0; }
.lk-page-button-amount { min-width: 0; overflow: hidden; text-overflow: ellipsis; }
.lk-page-button-address { flex-shrink: 0; }
/* A phone (as a wallet button usually is there): the network button shows its icon alone (its name stays its accessible
   name) and the account button its avatar and address, so both fit one row beside a page's title at 390 px. */
@media (max-width: 480px) {
  .lk-page-button-label, .lk-page-button-balance { display: none; }
  .lk-page-button:has(> .lk-network-icon) { padding-inline: 10px; }
}
.lk-page-button[data-variant="neutral"] { background: var(--lk-background); color: var(--lk-foreground); }
.lk-page-button[data-variant="warning"] { background: var(--lk-background); color: var(--lk-danger); border-color: var(--lk-danger); }
.lk-network-icon { border-radius: 50%; object-fit: cover; background: var(--lk-surface); flex-shrink: 0; }
@keyframes lk-fade { from { opacity: 0 } to { opacity: 1 } }
@keyframes lk-fade-out { from { opacity: 1 } to { opacity: 0 } }
@keyframes lk-slide-next { from { opacity: 0; transform: translateX(8px) } to { opacity: 1; transform: none } }
@keyframes lk-slide-prev { from { opacity: 0; transform: translateX(-8px) } to { opacity: 1; transform: none } }
/* Right to left (ar, fa, he: dir="rtl" on the host): a view further on comes from the left, Back's chevron and the
   pickers' chevrons point the other way, and values (addresses, amounts, balances) read left to right in their own
   isolates, their direction taken from their first letter ("1.5 ETH" never becomes "ETH 1.5"). */
:host([dir="rtl"]) .lk-body { animation-name: lk-slide-prev; }
:host([dir="rtl"]) .lk-body[data-direction="prev"] { animation-name: lk-slide-next; }
:host([dir="rtl"]) .lk-directional { transform: scaleX(-1); }
.lk-address, .lk-balance, .lk-fiat, .lk-name-chip, .lk-page-button-address, .lk-page-button-amount, .lk-page-button-balance, .lk-swap-amount, .lk-wallet-switcher-address, .lk-wallet-switcher-balance { unicode-bidi: plaintext; }
@keyframes lk-pulse { 50% { opacity: 0.5 } }
@keyframes lk-spin { to { transform: rotate(360deg) } }
@keyframes lk-shake { 10%, 90% { transform: translateX(-2px) } 20%, 80% { transform: translateX(4px) } 30%, 50%, 70% { transform: translateX(-6px) } 40%, 60% { transform: translateX(6px) } }
/* Phones: below 600 px the dialog is a bottom sheet: full width, on the bottom edge, top corners rounded,
   clear of the home indicator (safe-area inset), at most 90 % of the viewport high with its own scroll, sliding up as it
   enters (not under prefers-reduced-motion, below). Its handle (.lk-sheet-handle, hidden from assistive technology)
   takes a downward drag (ui/SheetHandle.tsx) over a larger area than it draws (its ::before); touch-action: none
   keeps the browser from scrolling instead. */
@media (max-width: 600px) {
  .lk-overlay { align-items: flex-end; padding-top: 0; }
  .lk-dialog { width: 100%; max-width: 100%; max-height: 90vh; max-height: 90dvh; border-width: 1px 0 0; border-radius: calc(var(--lk-border-radius-master) * 8) calc(var(--lk-border-radius-master) * 8) 0 0; padding-bottom: env(safe-area-inset-bottom); animation: lk-sheet-up 150ms ease-out; }
  .lk-sheet-handle { display: block; position: relative; flex: none; width: 36px; height: 4px; margin: 8px auto 0; border-radius: 2px; background: var(--lk-border); touch-action: none; cursor: grab; }
  .lk-sheet-handle::before { content: ''; position: absolute; inset: -8px -28px -10px; }
  .lk-dialog[data-shaking="true"] { animation: lk-shake 500ms; }
  .lk-toast { width: max-content; max-width: calc(100vw - 24px); }
}
@keyframes lk-sheet-up { from { transform: translateY(100%) } to { transform: none } }
@media (prefers-reduced-motion: reduce) { * { animation: none !important; transition: none !important; } }
`
