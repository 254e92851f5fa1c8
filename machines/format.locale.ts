/**
 * The locale used when none is given (and on the server, where there is no visitor): numbers and fiat values are
 * written in it (`machines/format.ts`). A leaf of its own, so the page's first JS, which needs only this name
 * (`ui/locale.ts`), does not carry the formatting code (it comes with the views that show amounts).
 */
export const defaultLocale = 'en-US'
