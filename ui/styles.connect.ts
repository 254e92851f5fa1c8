/**
 * The CSS of Connect's insides (spec §2 Connect: the wallet rows and their room, tags, the legal checkbox, the email field,
 * the social buttons, the foot's links) and of whatever else the shell and Connect's modules may show: every rule of
 * the views' CSS whose selector could match in Connect. Part of the first opening's group (`ui/firstOpen.ts`), so a cold
 * first tap fetches these rules, not every view's; the other views' rules (`styles.views.ts`) come with the first other
 * view's chunk, after Connect's first paint, and go after these (`ui/features.ts` `loadedViewCss`).
 * `tests/architecture/cold-path.test.ts` keeps it whole: a rule of `styles.views.ts` whose classes all appear in the first opening's
 * modules fails there. Colours, sizes and radii come only from the `--lk-` custom properties (theme.ts).
 * @example <ShadowStyle css={loadedViewCss()} rank={viewStyleRank} /> // ui/shadowStyles.tsx
 */
export const connectViewCss = `
.lk-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.lk-row { width: 100%; display: flex; align-items: center; gap: 12px; padding: 8px 12px; border: 1px solid transparent; border-radius: calc(var(--lk-border-radius-master) * 4); background: var(--lk-surface); color: var(--lk-foreground); font: inherit; cursor: pointer; text-align: start; }
.lk-row:hover { border-color: var(--lk-accent); }
/* A wallet row's room while it is awaited (RowPlaceholder): a row's box, pulsing; it folds to nothing (its track to 0fr,
   the list's 8px gap taken back) when its row will not come. */
.lk-row-room { display: grid; grid-template-rows: 1fr; transition: grid-template-rows 150ms ease, margin-top 150ms ease, opacity 150ms ease; }
.lk-row-room[data-collapsing="true"] { grid-template-rows: 0fr; margin-top: -8px; opacity: 0; }
.lk-row-room-clip { min-height: 0; overflow: hidden; }
.lk-row-placeholder { display: flex; align-items: center; gap: 12px; padding: 8px 12px; border: 1px solid transparent; border-radius: calc(var(--lk-border-radius-master) * 4); background: var(--lk-surface); animation: lk-pulse 1200ms ease-in-out infinite; }
.lk-row-placeholder .lk-wallet-icon { display: block; flex: none; }
.lk-row[aria-current="true"] { border-color: var(--lk-accent); }
.lk-row:disabled { cursor: progress; opacity: 0.7; }
.lk-row-name { flex: 1; min-width: 0; overflow-wrap: anywhere; font-weight: 500; }
.lk-tag { font-size: calc(var(--lk-font-size-master) * 1.1); padding: 2px 6px; border-radius: calc(var(--lk-border-radius-master) * 2); background: var(--lk-background); color: var(--lk-muted); border: 1px solid var(--lk-border); }
.lk-tag[data-variant="accent"] { color: var(--lk-foreground); border-color: var(--lk-accent); }
.lk-wallet-icon { width: 32px; height: 32px; border-radius: calc(var(--lk-border-radius-master) * 2); object-fit: cover; background: var(--lk-background); }
.lk-wallet-icon-lg { width: 72px; height: 72px; border-radius: calc(var(--lk-border-radius-master) * 4); }
.lk-muted { color: var(--lk-muted); margin: 0; }
.lk-error { color: var(--lk-danger); margin: 0; }
.lk-primary { padding: 10px 16px; border: none; border-radius: calc(var(--lk-border-radius-master) * 4); background: var(--lk-accent); color: var(--lk-accent-foreground); font: inherit; font-weight: 600; cursor: pointer; }
.lk-secondary { padding: 10px 16px; border: 1px solid var(--lk-border); border-radius: calc(var(--lk-border-radius-master) * 4); background: var(--lk-surface); color: var(--lk-foreground); font: inherit; cursor: pointer; width: 100%; }
.lk-input-row { display: flex; gap: 8px; align-items: stretch; }
.lk-social { display: flex; flex-direction: column; gap: 8px; width: 100%; margin-bottom: 12px; }
.lk-social-grid { display: flex; gap: 8px; }
.lk-social-button { flex: 1; display: inline-flex; align-items: center; justify-content: center; min-height: 44px; border: 1px solid transparent; border-radius: calc(var(--lk-border-radius-master) * 4); background: var(--lk-surface); cursor: pointer; }
.lk-social-button:hover { border-color: var(--lk-accent); }
.lk-social-status { display: flex; align-items: center; gap: 10px; margin: 0; }
.lk-email { display: flex; flex-direction: column; gap: 8px; width: 100%; margin-bottom: 12px; text-align: start; }
.lk-email .lk-search { margin-bottom: 0; flex: 1; min-width: 0; }
.lk-email .lk-primary { flex: none; }
.lk-otp { letter-spacing: 0.4em; font-variant-numeric: tabular-nums; text-align: center; }
.lk-divider { display: flex; align-items: center; gap: 8px; color: var(--lk-muted); margin: 4px 0 12px; }
.lk-divider::before, .lk-divider::after { content: ''; flex: 1; border-top: 1px solid var(--lk-border); }
.lk-actions { display: flex; gap: 8px; width: 100%; }
.lk-actions > button { flex: 1 1 0; }
.lk-primary:disabled, .lk-secondary:disabled { opacity: 0.5; cursor: not-allowed; }
.lk-search { width: 100%; padding: 8px 12px; margin-bottom: 12px; border: 1px solid var(--lk-border); border-radius: calc(var(--lk-border-radius-master) * 4); background: var(--lk-surface); color: var(--lk-foreground); font: inherit; }
.lk-sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0,0,0,0); white-space: nowrap; border: 0; }
.lk-row[aria-disabled="true"] { cursor: not-allowed; opacity: 0.55; }
.lk-row[aria-disabled="true"]:hover { border-color: transparent; }
/* Link-styled buttons take the text colour and an underline: the theme's accent on its background is below 4.5:1 (spec §9 defaults: 3.5:1 on white). */
.lk-link { padding: 2px 4px; border: none; background: none; color: var(--lk-foreground); font: inherit; font-weight: 600; cursor: pointer; text-decoration: underline; text-decoration-color: var(--lk-accent); text-decoration-thickness: 2px; text-underline-offset: 3px; }
.lk-link:hover { text-decoration-color: currentColor; }
.lk-foot { margin: 12px 0 0; text-align: center; color: var(--lk-muted); }
.lk-legal { margin: 0 0 12px; padding: 10px 12px; border: 1px solid var(--lk-border); border-radius: calc(var(--lk-border-radius-master) * 4); background: var(--lk-surface); text-align: start; }
.lk-legal-label { display: flex; gap: 10px; align-items: flex-start; cursor: pointer; line-height: 1.4; }
.lk-legal-label input { width: 18px; height: 18px; margin: 1px 0 0; flex: none; accent-color: var(--lk-accent); }
.lk-legal a, .lk-store-link { color: var(--lk-foreground); font-weight: 600; text-decoration: underline; text-decoration-color: var(--lk-accent); text-underline-offset: 2px; }
.lk-legal-note { margin-top: 6px; font-size: calc(var(--lk-font-size-master) * 1.2); }
.lk-input-row .lk-search { flex: 1; min-width: 0; }
.lk-store-link:focus-visible, .lk-legal a:focus-visible { outline: 2px solid var(--lk-accent); outline-offset: 2px; }
/* The email, social, smart-account and names views, visitor pass ("looks"): a field marked invalid shows it in its border; an empty live region (an
   error or status line waiting for words) takes no room in a column (it stays in the a11y tree, so its words are read
   when they come); a form's error sits under its field, on the left. */
.lk-search[aria-invalid="true"], .lk-name-input:has(> [aria-invalid="true"]) { border-color: var(--lk-danger); }
.lk-center > .lk-error:empty, .lk-center > .lk-muted[role="status"]:empty { margin-top: -12px; }
.lk-form > .lk-error, .lk-email > .lk-error { align-self: stretch; text-align: start; }
.lk-center > .lk-search { margin-bottom: 0; }
.lk-email > .lk-link, .lk-email-note .lk-link { align-self: flex-start; padding-inline: 0; }
.lk-email-heading { display: flex; align-items: center; gap: 8px; margin: 0; font-weight: 600; }
.lk-email-heading .lk-spinner { width: 16px; height: 16px; }
.lk-email .lk-muted, .lk-email > label { overflow-wrap: anywhere; line-height: 1.4; }
.lk-otp { font-size: calc(var(--lk-font-size-master) * 1.8); font-weight: 600; padding-block: 6px; }
.lk-otp::placeholder { color: var(--lk-muted); opacity: 0.6; }
/* Social: the marks are drawn in the text colour; the waiting line has its spinner on the right. */
.lk-social-glyph { flex: none; }
.lk-row > .lk-social-glyph { margin-inline: 4px; }
.lk-social-status > span:not(.lk-spinner) { flex: 1; min-width: 0; }
.lk-social-button { color: var(--lk-foreground); }
a.lk-primary { display: block; text-align: center; text-decoration: none; }
/* A spinner inside a line of text (ProfileWallets' loading, the email update's wait, a name being registered): inline
   it had no size (an empty inline box ignores width and height); the line centres it beside its words. */
.lk-spinner { display: inline-block; flex: none; vertical-align: middle; }
p:has(> .lk-spinner) { display: inline-flex; align-items: center; gap: 8px; }
/* Focus rings on every control a keyboard reaches in the views (the shell's rule covers buttons and inputs). */
select:focus-visible, a:focus-visible { outline: 2px solid var(--lk-accent); outline-offset: 2px; }
/* Centred lines (a view's hint, an empty state's words) never end on one orphan word. */
.lk-center > p, .lk-empty p { text-wrap: pretty; }
.lk-center > p.lk-muted, .lk-center > p.lk-error { text-wrap: balance; }
`
