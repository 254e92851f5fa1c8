/**
 * The modal's CSS, injected into its shadow root so the host page's CSS cannot reach it. Colours, sizes
 * and radii come only from the `--lk-` custom properties (theme.ts).
 */
export const modalCss = `
:host { all: initial; }
* { box-sizing: border-box; }
.lk-overlay { position: fixed; inset: 0; z-index: var(--lk-z-index); background: var(--lk-overlay); display: flex; align-items: center; justify-content: center; font-family: var(--lk-font-family); font-size: calc(var(--lk-font-size-master) * 1.4); color: var(--lk-foreground); animation: lk-fade 150ms ease-out; }
.lk-overlay[data-presence="unmountSuspended"] { animation: lk-fade-out 150ms ease-in forwards; }
.lk-dialog { width: var(--lk-modal-width); max-width: calc(100vw - 16px); max-height: calc(100vh - 32px); overflow: auto; background: var(--lk-background); color: var(--lk-foreground); border: 1px solid var(--lk-border); border-radius: calc(var(--lk-border-radius-master) * 8); box-shadow: 0 8px 32px rgba(0,0,0,0.2); outline: none; }
.lk-dialog[data-shaking="true"] { animation: lk-shake 500ms; }
.lk-header { display: grid; grid-template-columns: 40px 1fr 40px; align-items: center; padding: 12px 12px 8px; }
.lk-title { margin: 0; text-align: center; font-size: calc(var(--lk-font-size-master) * 1.6); font-weight: 600; animation: lk-fade 120ms; }
.lk-icon-button { width: 32px; height: 32px; border: none; border-radius: calc(var(--lk-border-radius-master) * 2); background: transparent; color: var(--lk-foreground); cursor: pointer; display: inline-flex; align-items: center; justify-content: center; font-size: 18px; }
.lk-icon-button:hover { background: var(--lk-surface); }
.lk-body { padding: 4px 16px 16px; animation: lk-slide-next 150ms ease-out; }
.lk-body[data-direction="prev"] { animation-name: lk-slide-prev; }
.lk-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.lk-row { width: 100%; display: flex; align-items: center; gap: 12px; padding: 8px 12px; border: 1px solid transparent; border-radius: calc(var(--lk-border-radius-master) * 4); background: var(--lk-surface); color: var(--lk-foreground); font: inherit; cursor: pointer; text-align: left; }
.lk-row:hover { border-color: var(--lk-accent); }
.lk-row[aria-current="true"] { border-color: var(--lk-accent); }
.lk-row:disabled { cursor: progress; opacity: 0.7; }
.lk-row-name { flex: 1; font-weight: 500; }
.lk-tag { font-size: calc(var(--lk-font-size-master) * 1.1); padding: 2px 6px; border-radius: calc(var(--lk-border-radius-master) * 2); background: var(--lk-background); color: var(--lk-muted); border: 1px solid var(--lk-border); }
.lk-tag[data-variant="accent"] { color: var(--lk-foreground); border-color: var(--lk-accent); }
.lk-wallet-icon { width: 32px; height: 32px; border-radius: calc(var(--lk-border-radius-master) * 2); object-fit: cover; background: var(--lk-background); }
.lk-wallet-icon-lg { width: 72px; height: 72px; border-radius: calc(var(--lk-border-radius-master) * 4); }
.lk-center { display: flex; flex-direction: column; align-items: center; text-align: center; gap: 12px; padding: 12px 0; }
.lk-muted { color: var(--lk-muted); margin: 0; }
.lk-error { color: var(--lk-danger); margin: 0; }
.lk-primary { padding: 10px 16px; border: none; border-radius: calc(var(--lk-border-radius-master) * 4); background: var(--lk-accent); color: var(--lk-accent-foreground); font: inherit; font-weight: 600; cursor: pointer; }
.lk-secondary { padding: 10px 16px; border: 1px solid var(--lk-border); border-radius: calc(var(--lk-border-radius-master) * 4); background: var(--lk-surface); color: var(--lk-foreground); font: inherit; cursor: pointer; width: 100%; }
.lk-form { gap: 12px; width: 100%; }
.lk-field { display: flex; flex-direction: column; gap: 4px; width: 100%; text-align: left; }
.lk-field > label { font-weight: 600; }
.lk-field .lk-search { margin-bottom: 0; }
.lk-input-row { display: flex; gap: 8px; align-items: stretch; }
.lk-max { width: auto; padding: 6px 12px; }
.lk-token-button { display: flex; align-items: center; gap: 10px; text-align: left; }
.lk-receiver { min-height: 1.4em; display: inline-flex; align-items: center; gap: 6px; word-break: break-all; }
.lk-avatar-sm { width: 20px; height: 20px; border-radius: 50%; }
.lk-wide { width: 100%; }
.lk-summary { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; width: 100%; margin: 0; text-align: left; }
.lk-summary dt { color: var(--lk-muted); }
.lk-summary dd { margin: 0; text-align: right; word-break: break-all; }
.lk-actions { display: flex; gap: 8px; width: 100%; }
.lk-actions > button { flex: 1 1 0; }
.lk-primary:disabled, .lk-secondary:disabled { opacity: 0.5; cursor: not-allowed; }
.lk-avatar { width: 64px; height: 64px; border-radius: 50%; }
.lk-address { font-size: calc(var(--lk-font-size-master) * 1.8); font-weight: 600; display: inline-flex; align-items: center; gap: 6px; }
.lk-balance { font-size: calc(var(--lk-font-size-master) * 1.4); color: var(--lk-muted); }
.lk-skeleton { display: flex; flex-direction: column; gap: 8px; }
.lk-skeleton-row { display: block; height: 48px; border-radius: calc(var(--lk-border-radius-master) * 4); background: var(--lk-surface); animation: lk-pulse 1200ms ease-in-out infinite; }
.lk-spinner { width: 20px; height: 20px; border: 2px solid var(--lk-border); border-top-color: var(--lk-accent); border-radius: 50%; animation: lk-spin 800ms linear infinite; }
.lk-tabs { display: flex; gap: 4px; padding: 4px; margin: 8px 0; border-radius: calc(var(--lk-border-radius-master) * 4); background: var(--lk-surface); }
.lk-tab { flex: 1; padding: 6px 8px; border: none; border-radius: calc(var(--lk-border-radius-master) * 3); background: transparent; color: var(--lk-muted); font: inherit; cursor: pointer; }
.lk-tab[aria-selected="true"] { background: var(--lk-background); color: var(--lk-foreground); font-weight: 600; }
.lk-tabpanel { max-height: 260px; overflow-y: auto; text-align: left; }
.lk-static { cursor: default; }
.lk-static:hover { border-color: transparent; }
.lk-group { font-size: calc(var(--lk-font-size-master) * 1.2); color: var(--lk-muted); margin: 8px 0 4px; font-weight: 600; }
.lk-virtual { overflow-y: auto; overscroll-behavior: contain; margin: 0 -4px; padding: 0 4px; }
.lk-virtual .lk-row { height: 48px; }
.lk-search { width: 100%; padding: 8px 12px; margin-bottom: 12px; border: 1px solid var(--lk-border); border-radius: calc(var(--lk-border-radius-master) * 4); background: var(--lk-surface); color: var(--lk-foreground); font: inherit; }
.lk-toast { position: fixed; top: 16px; left: 50%; transform: translateX(-50%); z-index: calc(var(--lk-z-index) + 1); padding: 8px 14px; border-radius: calc(var(--lk-border-radius-master) * 6); background: var(--lk-background); color: var(--lk-foreground); border: 1px solid var(--lk-border); box-shadow: 0 4px 16px rgba(0,0,0,0.15); font-family: var(--lk-font-family); font-size: calc(var(--lk-font-size-master) * 1.4); display: flex; gap: 8px; align-items: center; animation: lk-fade 150ms; }
.lk-toast[data-variant="error"] { border-color: var(--lk-danger); }
.lk-toast[data-variant="success"] { border-color: var(--lk-success); }
.lk-branding { margin: 0; padding: 10px 16px 12px; border-top: 1px solid var(--lk-border); text-align: center; font-size: calc(var(--lk-font-size-master) * 1.2); letter-spacing: 0.02em; color: var(--lk-muted); }
.lk-branding-name { font-weight: 600; color: var(--lk-foreground); }
.lk-sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0,0,0,0); white-space: nowrap; border: 0; }
button:focus-visible, input:focus-visible, .lk-dialog:focus-visible { outline: 2px solid var(--lk-accent); outline-offset: 2px; }
.lk-page-button { display: inline-flex; align-items: center; gap: 8px; padding: 8px 14px; border: 1px solid var(--lk-border); border-radius: calc(var(--lk-border-radius-master) * 25); background: var(--lk-accent); color: var(--lk-accent-foreground); font-family: var(--lk-font-family); font-size: calc(var(--lk-font-size-master) * 1.4); font-weight: 600; cursor: pointer; }
.lk-page-button[data-variant="neutral"] { background: var(--lk-background); color: var(--lk-foreground); }
.lk-page-button[data-variant="warning"] { background: var(--lk-background); color: var(--lk-danger); border-color: var(--lk-danger); }
@keyframes lk-fade { from { opacity: 0 } to { opacity: 1 } }
@keyframes lk-fade-out { from { opacity: 1 } to { opacity: 0 } }
@keyframes lk-slide-next { from { opacity: 0; transform: translateX(8px) } to { opacity: 1; transform: none } }
@keyframes lk-slide-prev { from { opacity: 0; transform: translateX(-8px) } to { opacity: 1; transform: none } }
@keyframes lk-pulse { 50% { opacity: 0.5 } }
@keyframes lk-spin { to { transform: rotate(360deg) } }
@keyframes lk-shake { 10%, 90% { transform: translateX(-2px) } 20%, 80% { transform: translateX(4px) } 30%, 50%, 70% { transform: translateX(-6px) } 40%, 60% { transform: translateX(6px) } }
@media (prefers-reduced-motion: reduce) { * { animation: none !important; } }
`
