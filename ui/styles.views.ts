/**
 * The CSS of the other views' insides (Account's tabs, forms, the virtual list, swap, names, the on-ramp, …): the views'
 * rules that cannot match in Connect (`styles.connect.ts` has those, in the first opening's group). A chunk of its own:
 * `ui/features.ts` fetches it with the first view other than Connect (the next views' prefetch, after Connect's first
 * paint) and a view renders only once its CSS is in, so nothing shows unstyled; the modal adopts Connect's and these, in that
 * order, as one sheet (`ui/features.ts` `loadedViewCss`). The shell's and the page buttons' CSS is `styles.ts`, in the page's first JS.
 * Colours, sizes and radii come only from the `--lk-` custom properties (theme.ts).
 * @example <ShadowStyle css={loadedViewCss()} rank={viewStyleRank} /> // ui/shadowStyles.tsx
 */
export const viewCss = `
/* A picker button (a token, a provider): the chevron says it opens a list. */
.lk-chevron { flex: none; margin-inline-start: auto; color: var(--lk-muted); }
.lk-fiat { margin-inline-start: auto; flex-shrink: 0; color: var(--lk-muted); font-variant-numeric: tabular-nums; white-space: nowrap; }
.lk-form { gap: 12px; width: 100%; }
.lk-field { display: flex; flex-direction: column; gap: 4px; width: 100%; text-align: start; }
.lk-field > label { font-weight: 600; }
.lk-field .lk-search { margin-bottom: 0; }
.lk-max { width: auto; padding: 6px 12px; }
.lk-token-button { display: flex; align-items: center; gap: 10px; text-align: start; }
.lk-receiver { min-height: 1.4em; display: inline-flex; align-items: center; gap: 6px; word-break: break-all; }
.lk-avatar-sm { width: 20px; height: 20px; border-radius: 50%; }
.lk-wide { width: 100%; }
.lk-summary { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; width: 100%; margin: 0; text-align: start; }
.lk-summary dt { color: var(--lk-muted); }
.lk-summary dd { margin: 0; text-align: end; word-break: break-all; }
/* CallsStatus: one row per call of a batch (what and to whom; below, its state coloured, landed: success, not landed:
   danger, and its explorer link). */
.lk-call { display: grid; grid-template-columns: 1fr auto; align-items: center; gap: 4px 12px; padding: 8px 12px; border-radius: calc(var(--lk-border-radius-master) * 4); background: var(--lk-surface); text-align: start; }
.lk-call-name { grid-column: 1 / -1; min-width: 0; }
.lk-call-state { color: var(--lk-muted); white-space: nowrap; }
.lk-call[data-state="landed"] .lk-call-state { color: var(--lk-success); }
.lk-call[data-state="notLanded"] .lk-call-state { color: var(--lk-danger); }
.lk-call-link { justify-self: end; color: var(--lk-foreground); text-decoration: underline; }
/* Account's Buy, Swap, Receive and Send: one row down to a 320 px screen (equal widths, so the padding only sets how
   narrow they may get); a row that still cannot fit (a longer translation) wraps instead of overflowing sideways. */
.lk-account-actions { flex-wrap: wrap; }
.lk-account-actions > button { padding-inline: 8px; }
.lk-avatar { width: 64px; height: 64px; border-radius: 50%; }
.lk-address { font-size: calc(var(--lk-font-size-master) * 1.8); font-weight: 600; display: inline-flex; align-items: center; gap: 6px; }
.lk-balance { font-size: calc(var(--lk-font-size-master) * 1.4); color: var(--lk-muted); }
.lk-tabs { display: flex; gap: 4px; padding: 4px; margin: 8px 0; border-radius: calc(var(--lk-border-radius-master) * 4); background: var(--lk-surface); }
.lk-tab { flex: 1; padding: 6px 8px; border: none; border-radius: calc(var(--lk-border-radius-master) * 3); background: transparent; color: var(--lk-muted); font: inherit; cursor: pointer; }
.lk-tab[aria-selected="true"] { background: var(--lk-background); color: var(--lk-foreground); font-weight: 600; }
.lk-tabpanel { height: 260px; overflow-y: auto; text-align: start; }
.lk-tabpanel:focus-visible { outline: 2px solid var(--lk-accent); outline-offset: 2px; }
/* On a short window the tab panel gives up height first (it scrolls its own rows), down to about two rows. */
@media (max-height: 860px) { .lk-tabpanel { height: clamp(120px, calc(100dvh - 600px), 260px); } }
/* A view's last action, stuck to the scrolling part's bottom edge while the view scrolls under it; a frame of the
   background hides the rows passing beneath (in place, it covers only the gap around it). */
.lk-sticky-action { position: sticky; bottom: 12px; z-index: 1; box-shadow: 0 0 0 12px var(--lk-background); }
.lk-static { cursor: default; }
.lk-static:hover { border-color: transparent; }
.lk-group { font-size: calc(var(--lk-font-size-master) * 1.2); color: var(--lk-muted); margin: 8px 0 4px; font-weight: 600; }
.lk-virtual { overflow-y: auto; overscroll-behavior: contain; margin: 0 -4px; padding: 0 4px; }
.lk-virtual .lk-row { height: 48px; }
.lk-name-glyph { display: inline-flex; color: var(--lk-accent); }
.lk-name-ok { color: var(--lk-success); margin: 0; }
.lk-name-input { display: flex; align-items: center; border: 1px solid var(--lk-border); border-radius: calc(var(--lk-border-radius-master) * 4); background: var(--lk-background); }
.lk-name-input:focus-within { border-color: var(--lk-accent); }
.lk-name-input .lk-search { border: none; margin: 0; flex: 1; min-width: 0; background: transparent; }
.lk-name-input .lk-search:focus { outline: none; box-shadow: none; }
.lk-name-suffix { padding: 0 12px 0 0; color: var(--lk-muted); white-space: nowrap; }
.lk-name-suggestions { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 6px; }
.lk-name-chip { width: auto; padding: 4px 10px; }
/* Multi-wallet: Account's wallet switcher (many wallets scroll inside it). */
.lk-wallet-switcher { width: 100%; }
.lk-wallet-switcher-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; max-height: 200px; overflow-y: auto; overscroll-behavior: contain; }
.lk-wallet-switcher-row { display: flex; align-items: center; gap: 8px; padding: 6px 8px; border: 1px solid var(--lk-border); border-radius: calc(var(--lk-border-radius-master) * 3); background: var(--lk-background); }
.lk-wallet-switcher-row[aria-current] { border-color: var(--lk-accent); background: var(--lk-surface); }
.lk-wallet-switcher-name { flex: 1; min-width: 0; display: flex; flex-direction: column; text-align: start; font-weight: 600; color: var(--lk-foreground); }
.lk-wallet-switcher-add { display: block; margin: 6px auto 0; }
.lk-wallet-switcher-address { font-weight: 400; color: var(--lk-muted); font-size: calc(var(--lk-font-size-master) * 1.2); }
.lk-wallet-switcher-balance { font-weight: 400; color: var(--lk-foreground); font-size: calc(var(--lk-font-size-master) * 1.2); font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.lk-wallet-switcher-balance[data-status='loading'], .lk-wallet-switcher-balance[data-status='unavailable'], .lk-wallet-switcher-balance[data-status='stale'] { color: var(--lk-muted); }
.lk-onboarding { display: flex; flex-direction: column; gap: 16px; text-align: start; }
.lk-points { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 16px; }
.lk-point { display: flex; gap: 14px; align-items: flex-start; }
.lk-point-icon { flex: none; width: 44px; height: 44px; display: inline-flex; align-items: center; justify-content: center; border-radius: calc(var(--lk-border-radius-master) * 4); background: var(--lk-surface); color: var(--lk-accent); }
.lk-point-heading { display: block; margin-bottom: 2px; }
.lk-point-body { display: block; line-height: 1.4; }
.lk-get-wallet { display: flex; gap: 12px; align-items: center; padding: 8px 12px; border-radius: calc(var(--lk-border-radius-master) * 4); background: var(--lk-surface); }
.lk-get-wallet-body { display: flex; flex-direction: column; gap: 4px; min-width: 0; }
.lk-select { padding: 8px 12px; border: 1px solid var(--lk-border); border-radius: calc(var(--lk-border-radius-master) * 4); background: var(--lk-surface); color: var(--lk-foreground); font: inherit; }
.lk-input-row .lk-select { flex: none; }
.lk-input-icon { display: inline-flex; align-items: center; flex: none; }
.lk-notice { margin: 0 0 8px; padding: 8px 12px; width: 100%; border: 1px dashed var(--lk-border); border-radius: calc(var(--lk-border-radius-master) * 4); color: var(--lk-foreground); text-align: start; }
.lk-summary dd.lk-strong, .lk-summary dt.lk-strong { font-weight: 700; color: var(--lk-foreground); }
.lk-store-links { display: flex; flex-wrap: wrap; gap: 0 12px; font-size: calc(var(--lk-font-size-master) * 1.2); }
/* Each store link is a 24 px target (WCAG 2.5.8), also when the links wrap to a second line. */
.lk-store-links .lk-store-link { display: inline-flex; align-items: center; min-height: 24px; }
.lk-store-link:hover { text-decoration-color: currentColor; }
.lk-empty { display: flex; flex-direction: column; align-items: center; gap: 8px; padding: 20px 8px; text-align: center; }
.lk-empty .lk-muted { line-height: 1.4; }
.lk-empty-title { margin: 0; font-weight: 600; word-break: break-word; }
.lk-fit { width: auto; }
.lk-profile-wallets { list-style: none; margin: 0; padding: 0; width: 100%; display: flex; flex-direction: column; gap: 8px; text-align: start; }
.lk-profile-wallet { display: flex; align-items: center; gap: 12px; padding: 10px 12px; border: 1px solid var(--lk-border); border-radius: calc(var(--lk-border-radius-master) * 4); background: var(--lk-surface); }
.lk-profile-wallet[aria-current="true"] { border-color: var(--lk-accent); }
.lk-profile-wallet-text { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 2px; overflow-wrap: anywhere; }
.lk-profile-wallet-type { font-weight: 600; }
.lk-session > .lk-secondary { flex: none; width: auto; align-self: center; padding: 6px 12px; }
.lk-small { font-size: calc(var(--lk-font-size-master) * 1.2); line-height: 1.4; }
.lk-badge { flex: none; padding: 2px 8px; border-radius: 999px; background: var(--lk-accent); color: var(--lk-accent-foreground); font-size: calc(var(--lk-font-size-master) * 1.2); font-weight: 600; }
.lk-email-row { display: inline-flex; align-items: center; gap: 4px; max-width: 100%; }
.lk-label { font-weight: 600; }
.lk-section-title { margin: 12px 0 8px; font-size: inherit; font-weight: 600; color: var(--lk-muted); text-align: start; }
.lk-swap-side { gap: 8px; padding: 12px; border: 1px solid var(--lk-border); border-radius: calc(var(--lk-border-radius-master) * 4); background: var(--lk-surface); }
.lk-swap-side .lk-search { background: var(--lk-background); }
.lk-swap-amount { font-size: calc(var(--lk-font-size-master) * 2); font-weight: 600; font-variant-numeric: tabular-nums; }
.lk-swap-out { display: block; min-height: 1.5em; padding: 6px 12px; border: 1px solid var(--lk-border); border-radius: calc(var(--lk-border-radius-master) * 4); background: var(--lk-background); font-size: calc(var(--lk-font-size-master) * 1.8); font-weight: 600; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.lk-swap-token { width: 100%; }
.lk-swap-token .lk-row-name { line-height: 1.3; flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.lk-swap-flip { width: 40px; height: 40px; padding: 0; margin: -22px auto; position: relative; z-index: 1; display: inline-flex; align-items: center; justify-content: center; flex: none; border-radius: 50%; background: var(--lk-background); }
.lk-swap-flip:hover, .lk-swap-flip:focus-visible { border-color: var(--lk-accent); }
.lk-swap-summary dd { word-break: normal; overflow-wrap: anywhere; font-variant-numeric: tabular-nums; }
.lk-field > label { overflow-wrap: anywhere; }
.lk-field > .lk-field-sentence { font-weight: 400; }
/* Account's email: one line, cut with an ellipsis when it does not fit (the full address in its title). */
.lk-email-row > [data-testid="account-email"] { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.lk-email-row > .lk-icon-button { flex: none; }
/* A button with a glyph and words: the glyph on the words' centre line. */
.lk-with-glyph { display: inline-flex; align-items: center; justify-content: center; gap: 8px; }
.lk-done-glyph { display: inline-flex; color: var(--lk-success); }
.lk-done-heading { margin: 0; font-size: calc(var(--lk-font-size-master) * 1.6); font-weight: 600; }
.lk-name-chip { max-width: 100%; overflow-wrap: anywhere; text-align: start; }
/* The active network: a dot and a quiet word beside the row's accent border, not a second outlined pill. */
.lk-active-mark { flex: none; display: inline-flex; align-items: center; gap: 6px; color: var(--lk-muted); font-size: calc(var(--lk-font-size-master) * 1.2); }
.lk-active-mark::before { content: ''; width: 8px; height: 8px; border-radius: 50%; background: var(--lk-success); }
/* Swap's amount received before a quote: a placeholder, drawn as the amount field's placeholder is. */
.lk-swap-out[data-placeholder="true"] { color: var(--lk-muted); }
/* A failure's icon (ToneIcon): a ring in the danger colour and a cross in a disc on its corner, colour not the only sign. */
.lk-tone-icon { position: relative; display: inline-flex; padding: 4px; border-radius: calc(var(--lk-border-radius-master) * 5); }
.lk-tone-icon[data-tone="error"] { box-shadow: 0 0 0 2px var(--lk-danger); }
.lk-tone-mark { position: absolute; inset-inline-end: -8px; bottom: -8px; width: 24px; height: 24px; display: inline-flex; align-items: center; justify-content: center; border-radius: 50%; border: 2px solid var(--lk-background); background: var(--lk-danger); color: var(--lk-background); }
`
