/**
 * The one function of dom-accessibility-api (Testing Library's own accessible-name computation) that ./byRole.ts
 * calls: the package ships its types, but its package.json "exports" keeps TypeScript's Bundler resolution from them.
 */
declare module 'dom-accessibility-api' {
  /** The accessible name of `root` (https://w3c.github.io/accname/), as Testing Library's role queries compute it. */
  export function computeAccessibleName(root: Element, options?: { computedStyleSupportsPseudoElements?: boolean; getComputedStyle?: typeof window.getComputedStyle }): string
}
