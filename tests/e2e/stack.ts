/**
 * The ports and URLs of the e2e stack (the demo page and every dev service `dev/start.ts` starts), in one place.
 * Specs, fixtures and playwright.config.ts import them from here; no e2e file writes a literal port.
 *
 * Under `playwright test` every worker has a stack of its own on free ports (./global-setup.ts starts them and lists
 * their ports in `E2E_STACKS`); a worker reads its entry by `TEST_PARALLEL_INDEX`, which Playwright sets before it
 * loads the config and the specs. Elsewhere (no `E2E_STACKS`) each value comes from the environment
 * (`E2E_DEMO_PORT`, `E2E_DEV_DEMO_PORT`, `E2E_ANVIL_PORT_1`, `E2E_ANVIL_PORT_2`, `E2E_API_PORT`, `E2E_SOLANA_PORT`, `E2E_RELAY_PORT`,
 * `E2E_SECURE_SITE_PORT`, `E2E_SMTP_PORT`, `E2E_ONRAMP_PORT`, `E2E_OIDC_PORT`, `E2E_BUNDLER_PORT`), with the stack's
 * historical ports as defaults. All services listen on 127.0.0.1.
 */

/** The TCP ports of one e2e stack. */
export interface StackPorts {
  /** The demo pages (demo, visualiser, mobile wallet): the production build (./demo-build.ts). */
  demo: number
  /** The same pages from the Vite dev server, module by module (the specs that read per-module requests). */
  devDemo: number
  /** Anvil, chain 31337. */
  anvil1: number
  /** Anvil, chain 31338. */
  anvil2: number
  /** The reference API server (dev/api). */
  api: number
  /** The local Solana RPC over LiteSVM (dev/solana). */
  solana: number
  /** The loopback WalletConnect relay (dev/relay). */
  relay: number
  /** The embedded wallet's secure site (dev/secure-site): frame page, API, mailbox. */
  secureSite: number
  /** The secure site's loopback SMTP server. */
  smtp: number
  /** The development on-ramp provider's checkout (dev/onramp). */
  onramp: number
  /** The OpenID Connect provider of the social logins (dev/oidc). */
  oidc: number
  /** The development ERC-4337 bundler (dev/aa). */
  bundler: number
}

/** The ports the e2e stack used before they became configurable; the defaults. */
export const DEFAULT_STACK_PORTS: StackPorts = {
  demo: 5273,
  devDemo: 5274,
  anvil1: 28545,
  anvil2: 28546,
  api: 28600,
  solana: 28899,
  relay: 28700,
  secureSite: 28800,
  smtp: 22525,
  onramp: 28950,
  oidc: 28900,
  bundler: 28650,
}

/** The environment variable that overrides each port. */
export const STACK_PORT_ENV: Record<keyof StackPorts, string> = {
  demo: 'E2E_DEMO_PORT',
  devDemo: 'E2E_DEV_DEMO_PORT',
  anvil1: 'E2E_ANVIL_PORT_1',
  anvil2: 'E2E_ANVIL_PORT_2',
  api: 'E2E_API_PORT',
  solana: 'E2E_SOLANA_PORT',
  relay: 'E2E_RELAY_PORT',
  secureSite: 'E2E_SECURE_SITE_PORT',
  smtp: 'E2E_SMTP_PORT',
  onramp: 'E2E_ONRAMP_PORT',
  oidc: 'E2E_OIDC_PORT',
  bundler: 'E2E_BUNDLER_PORT',
}

function envPort(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new RangeError(`${name}=${raw} is not a TCP port (1-65535)`)
  return port
}

/**
 * `E2E_PORT_OFFSET` (default 0, a multiple of 1000) moves every default port by the same amount, so a second checkout
 * can run its own stack beside the first (`E2E_PORT_OFFSET=1000`: demo 6273, anvils 29545/29546, …). Multiples of 1000
 * only: the defaults lie within 1000 of each other, so a smaller offset could move one service onto another's default.
 * A port set by its own variable wins.
 */
export const STACK_PORT_OFFSET_ENV = 'E2E_PORT_OFFSET'

function portOffset(): number {
  const raw = process.env[STACK_PORT_OFFSET_ENV]
  if (raw === undefined || raw === '') return 0
  const offset = Number(raw)
  const highest = Math.max(...Object.values(DEFAULT_STACK_PORTS))
  const lowest = Math.min(...Object.values(DEFAULT_STACK_PORTS))
  if (!Number.isInteger(offset) || offset % 1000 !== 0 || lowest + offset < 1024 || highest + offset > 65_535) {
    throw new RangeError(`${STACK_PORT_OFFSET_ENV}=${raw} must be a multiple of 1000 that keeps every port within 1024-65535 (defaults ${lowest}-${highest})`)
  }
  return offset
}

/** The environment variable that lists the ports of every worker's stack (JSON `StackPorts[]`, by parallel index). */
export const STACKS_ENV = 'E2E_STACKS'

function workerStack(): StackPorts | undefined {
  const raw = process.env[STACKS_ENV]
  if (!raw) return undefined
  const stacks = JSON.parse(raw) as StackPorts[]
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0)
  const stack = stacks[index]
  if (!stack) throw new RangeError(`${STACKS_ENV} lists ${stacks.length} stacks; none for TEST_PARALLEL_INDEX=${index}`)
  return stack
}

/** This process's stack ports: its worker's stack, else each from its environment variable, else the default moved by `E2E_PORT_OFFSET`. */
export const STACK: StackPorts =
  workerStack() ?? (Object.fromEntries((Object.keys(DEFAULT_STACK_PORTS) as Array<keyof StackPorts>).map((key) => [key, envPort(STACK_PORT_ENV[key], DEFAULT_STACK_PORTS[key] + portOffset())])) as unknown as StackPorts)

const loopback = (port: number) => `http://127.0.0.1:${port}`

/** The demo page's origin (`http://127.0.0.1:<port>`, no trailing slash); Playwright's `baseURL`. */
export const DEMO_ORIGIN = loopback(STACK.demo)
/** The demo page's host (`127.0.0.1:<port>`), as `location.host` shows it. */
export const DEMO_HOST = `127.0.0.1:${STACK.demo}`
/** The two anvil chains, by chain id. */
export const RPC = { 31337: loopback(STACK.anvil1), 31338: loopback(STACK.anvil2) } as const
/** The reference API server. */
export const API_URL = loopback(STACK.api)
/** The local Solana RPC (LiteSVM). */
export const SOLANA_RPC_URL = loopback(STACK.solana)
/** The WalletConnect relay's websocket origin. */
export const RELAY_URL = `ws://127.0.0.1:${STACK.relay}`
/** The secure site of the embedded wallet: frame page, API, mailbox. */
export const SECURE_SITE_URL = loopback(STACK.secureSite)
/** The development on-ramp provider's checkout. */
export const ONRAMP_URL = loopback(STACK.onramp)
/** The OpenID Connect provider of the social logins. */
export const OIDC_URL = loopback(STACK.oidc)

/** `true` when `url` is on one of the two anvil chains (`:port/…` or `:port` at its end). */
export function isAnvilUrl(url: string): boolean {
  return [STACK.anvil1, STACK.anvil2].some((port) => url.includes(`:${port}/`) || url.endsWith(`:${port}`))
}

/** The environment `dev/start.ts` reads to start the stack on `ports` (its Vite dev server on `devDemo`, `demo` allowed as a page origin). */
export function startEnv(ports: StackPorts = STACK): Record<string, string> {
  return {
    PORT: String(ports.devDemo),
    EXTRA_PAGE_PORTS: String(ports.demo),
    ANVIL_PORT_1: String(ports.anvil1),
    ANVIL_PORT_2: String(ports.anvil2),
    API_PORT: String(ports.api),
    SOLANA_PORT: String(ports.solana),
    RELAY_PORT: String(ports.relay),
    SECURE_SITE_PORT: String(ports.secureSite),
    SMTP_PORT: String(ports.smtp),
    ONRAMP_PORT: String(ports.onramp),
    OIDC_PORT: String(ports.oidc),
    BUNDLER_PORT: String(ports.bundler),
  }
}
