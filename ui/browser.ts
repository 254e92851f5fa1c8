/** What {@link canInstallChromeExtensions} reads of `navigator`. */
export type BrowserNavigator = {
  userAgent?: string
  /** User-Agent Client Hints (Chromium browsers): the brands and whether the device is a phone. */
  userAgentData?: { brands?: ReadonlyArray<{ brand: string }>; mobile?: boolean }
}

/**
 * Whether this browser installs Chrome Web Store extensions: a desktop Chromium browser (Chrome, Edge, Brave, Opera…),
 * so Get a wallet offers a wallet's extension page there. Read from User-Agent Client Hints when the
 * browser has them (a `Chromium` brand, not mobile), else from the user agent (`Chrome/` or `Chromium/`, no `Mobile`
 * or `Android`). No navigator (a server render): false.
 *
 * @example canInstallChromeExtensions({ userAgentData: { brands: [{ brand: 'Chromium' }], mobile: false } }) // true
 */
export function canInstallChromeExtensions(nav: BrowserNavigator | undefined = globalThis.navigator): boolean {
  if (!nav) return false
  const hints = nav.userAgentData
  if (hints?.brands && hints.brands.length > 0) return hints.mobile !== true && hints.brands.some((b) => b.brand === 'Chromium')
  const ua = nav.userAgent ?? ''
  return /\b(?:Chrome|Chromium)\//.test(ua) && !/\b(?:Mobile|Android)\b/.test(ua)
}
