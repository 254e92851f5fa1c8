/**
 * The `walletConnect` fixture's page side: the page's WalletConnect relay socket pointed at the loopback pair's relay,
 * whatever relay URL the dapp configured (the hosted one by default); the SDK's other cloud calls answered in the test
 * (MOCKED, they cannot run without internet: the verify iframe, which the SDK waits 5 s for per proposal and request,
 * posts an unsigned attestation at once; telemetry gets an empty answer), so nothing leaves the machine; and what the
 * page copies to the clipboard kept for the test, so that the modal's "Copy link" hands the pairing URI over.
 * Installed before the page's own scripts (an init script and routes), for every document the page loads.
 */
import type { Page } from '@playwright/test'
import { TestWalletError } from '../errors.ts'

/** The relay hosts a dapp's modal talks to by default (`walletConnect.relayUrl` unset), pointed at the pair's relay. */
export const HOSTED_RELAY_HOSTS = ['relay.walletconnect.org', 'relay.walletconnect.com'] as const

/** The WalletConnect SDK's cloud hosts (verify, telemetry, push, RPC), answered in the test (see {@link routeWalletConnect}). */
const CLOUD = /^https:\/\/[a-z0-9.-]*\.walletconnect\.(?:org|com)\//

/**
 * The verify service's attestation page, stood in for: it posts the SDK the attestation it waits for (an unsigned JWT
 * whose payload carries the `id` the SDK asked about), so the dapp side goes on at once. The wallet side of the pair
 * never checks it (it runs with the SDK's test switch).
 */
const VERIFY_STAND_IN = `<!doctype html><script>
const id = new URLSearchParams(location.search).get('id')
const part = (value) => btoa(JSON.stringify(value)).replaceAll('=', '').replaceAll('+', '-').replaceAll('/', '_')
parent.postMessage(JSON.stringify({ type: 'verify_attestation', attestation: part({ alg: 'none', typ: 'JWT' }) + '.' + part({ id, isVerified: true }) + '.' + 'A'.repeat(86) }), '*')
</script>`

/** The name under which the page keeps the last text written to the clipboard (a property of `globalThis`). */
const COPIED = '__latchkeyTestCopiedText'

/**
 * In the page: a WebSocket to one of `hosts` (or to `relayUrl` itself) opens on `relayUrl` with the same query (the SDK's
 * `auth` token and project id); `process.env.IS_VITEST` makes an SDK that reads `process` at run time skip its verify
 * iframe (a bundler usually replaces `process.env`, hence the stand-in page too); `navigator.clipboard.writeText`
 * records its text (and resolves even where the browser refuses the clipboard). Runs before the page's scripts.
 */
function pageSide({ relayUrl, hosts, copied }: { relayUrl: string; hosts: readonly string[]; copied: string }): void {
  const target = new URL(relayUrl)
  const Native = globalThis.WebSocket
  class RoutedWebSocket extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      const asked = new URL(String(url), globalThis.location?.href)
      if (hosts.includes(asked.hostname) || asked.host === target.host) {
        const routed = new URL(target.href)
        routed.search = asked.search
        super(routed.href, protocols)
      } else {
        super(url, protocols)
      }
    }
  }
  globalThis.WebSocket = RoutedWebSocket
  const scope = globalThis as { process?: { env?: Record<string, string> } }
  scope.process ??= { env: {} }
  scope.process.env ??= {}
  scope.process.env.IS_VITEST = 'true'
  const clipboard = globalThis.navigator?.clipboard
  if (clipboard) {
    const write = clipboard.writeText.bind(clipboard)
    clipboard.writeText = (text: string) => {
      ;(globalThis as Record<string, unknown>)[copied] = text
      return write(text).catch(() => undefined)
    }
  }
}

/**
 * Points `page`'s WalletConnect relay socket at `relayUrl` (see {@link pageSide}); call before `page.goto`.
 * @param hosts the relay hosts to route; default {@link HOSTED_RELAY_HOSTS}.
 */
export async function routeWalletConnect(page: Page, relayUrl: string, hosts: readonly string[] = HOSTED_RELAY_HOSTS): Promise<void> {
  await page.addInitScript(pageSide, { relayUrl, hosts: [...hosts], copied: COPIED })
  await page.route(CLOUD, (route) => (new URL(route.request().url()).hostname.startsWith('verify.') ? route.fulfill({ status: 200, contentType: 'text/html', body: VERIFY_STAND_IN }) : route.fulfill({ status: 204 })))
}

/**
 * The pairing URI the modal's WalletConnect view shows: clicks its "Copy link" and reads what the page copied (kept by
 * {@link routeWalletConnect}; without it, the clipboard, which needs the clipboard-read permission).
 * @param timeoutMs how long to wait for the link, in milliseconds; default 10 000.
 * @throws TestWalletError when no `wc:` URI was copied in that time.
 */
export async function readPairingUri(page: Page, timeoutMs = 10_000): Promise<string> {
  const view = page.getByRole('dialog', { name: 'WalletConnect', exact: true })
  const copyLink = view.getByRole('button', { name: 'Copy link', exact: true })
  await copyLink.click({ timeout: timeoutMs })
  const handle = await page
    .waitForFunction(
      async (copied) => {
        const kept = (globalThis as Record<string, unknown>)[copied]
        const text = typeof kept === 'string' ? kept : await globalThis.navigator.clipboard.readText().catch(() => '')
        return text.startsWith('wc:') ? text : false
      },
      COPIED,
      { timeout: timeoutMs },
    )
    .catch((cause: unknown) => {
      throw new TestWalletError('The modal copied no WalletConnect URI', { details: `"Copy link" in the WalletConnect view gave no wc: link within ${timeoutMs} ms`, cause })
    })
  return (await handle.jsonValue()) as string
}
