/**
 * The frame's words for the locale its page was asked in: English here; the secure site's bundler replaces this module
 * with `words/<locale>.ts` (`bundleFrameScript`), so one locale's words ship in the page's script.
 */
export { default } from './en.ts'
