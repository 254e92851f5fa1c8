/**
 * The browser every Playwright run here drives (e2e, the example apps, the bench): the Debian package
 * `chromium-headless-shell`, Chromium's headless-only build (the one Playwright itself uses for headless runs), or
 * the executable in CHROMIUM_PATH. The full `chromium` package's new headless mode also renders the browser's own
 * interface in a renderer of its own: on two cores that costs the tests about a third of their time.
 * `tests/e2e/ensure-chromium.ts` installs the package when it is missing; never `npx playwright install`.
 */

/** The executable: CHROMIUM_PATH, else the headless shell of the Debian package. */
export const chromiumExecutable = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell'

/** The Debian packages that provide {@link chromiumExecutable} (the default one). */
export const chromiumPackages = ['chromium-headless-shell'] as const

/** Chromium flags: no sandbox (the tests run as root), no GPU, and no traffic of the browser's own on a closed network. */
export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
