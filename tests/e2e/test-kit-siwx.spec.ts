/**
 * The test kit's signed-in start (`connectedStart(page, { wallet, siwx })` of `latchkey/testing/playwright`) in
 * Chromium on the demo with "Require sign-in" (`?siwx=required`): the test EVM wallet (its page script built here from
 * testing/inPage.ts, as the package build does) signs a real EIP-4361 message in Node, the reference server verifies it
 * on anvil and issues the session, and the page opens with it stored as `createSiwx` keeps it. The modal's own restore
 * asks the server about the token and finds the session: connected and signed in, no prompt, no Sign In view.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { ConnectedStartError } from '../../testing/errors.ts'
import { test as kit } from '../../testing/playwright.ts'
import { connectedStart } from '../../testing/playwright/connectedStart.ts'
import { installTestWallet, type TestWalletHandle } from '../../testing/playwright/wallet.ts'
import { pageScriptConfig } from '../../vite.testing.config.ts'
import { anyDialog, API_URL, dialog, expect, liveState, siwxServerSession, storedSiwxSessions, test } from './fixtures.ts'
import { DEMO_ORIGIN, RPC } from './stack.ts'

test.beforeAll(async () => {
  test.setTimeout(180_000)
  const outDir = mkdtempSync(join(tmpdir(), 'latchkey-test-wallet-'))
  const config = pageScriptConfig('testing/inPage.ts', 'latchkeyTestWallet', 'test-wallet.js')
  await build({ ...config, configFile: false, logLevel: 'warn', build: { ...config.build, outDir } })
  process.env.LATCHKEY_TEST_WALLET_SCRIPT = join(outDir, 'test-wallet.js')
})

const install = (page: Parameters<typeof installTestWallet>[0]): Promise<TestWalletHandle> => installTestWallet(page, { rpcUrl: RPC[31337], chains: [31337], rdns: 'org.latchkey.kit-siwx', name: 'Kit SIWX Wallet' })
/** The demo's own `createSiwx` options (demo/main.tsx); the page's origin is the demo's. */
const siwx = { url: `${API_URL}/siwx`, projectId: 'latchkey-demo', origin: DEMO_ORIGIN }
const signIn = (page: Parameters<typeof dialog>[0]) => dialog(page, 'Sign In')

test('connectedStart with siwx: required sign-in restored through the server, no Sign In view and no wallet prompt; a reload keeps it', async ({ page, request }) => {
  const wallet = await install(page)
  const session = await connectedStart(page, { wallet, account: 1, path: '/?siwx=required', siwx })
  expect(session.siwx?.data).toMatchObject({ accountAddress: wallet.addresses[1], chainId: 'eip155:31337', domain: new URL(DEMO_ORIGIN).host })

  await expect(liveState(page).address).toHaveText(wallet.addresses[1]!)
  await expect(page.getByTestId('siwx-phase')).toHaveText('signedIn')
  await expect(page.getByTestId('siwx-session-address')).toHaveText(wallet.addresses[1]!)
  await expect(anyDialog(page)).toHaveCount(0)
  expect(await wallet.prompts()).toEqual([])
  expect((await storedSiwxSessions(page))?.map((s) => s.token)).toEqual([session.siwx?.token])
  expect((await siwxServerSession(request, session.siwx!.token)).status).toBe(200)

  await page.reload()
  await expect(page.getByTestId('siwx-phase')).toHaveText('signedIn')
  await expect(signIn(page)).toHaveCount(0)
})

test('without siwx the same start is connected but asked to sign in (what the seeded session spares)', async ({ page }) => {
  const wallet = await install(page)
  await connectedStart(page, { wallet, path: '/?siwx=required' })
  await expect(liveState(page).address).toHaveText(wallet.addresses[0]!)
  await expect(signIn(page)).toBeVisible()
  expect(await storedSiwxSessions(page)).toBeNull()
})

test('bad input: siwx without the page origin, or with a wallet that is not the EVM test wallet, is a ConnectedStartError before the page opens', async ({ page }) => {
  const wallet = await install(page)
  const noOrigin = await connectedStart(page, { wallet, path: '/?siwx=required', siwx: { url: siwx.url } }).catch((e: unknown) => e)
  expect(noOrigin).toBeInstanceOf(ConnectedStartError)
  expect((noOrigin as ConnectedStartError).shortMessage).toBe('A signed-in start needs the page’s origin')
  const stored = { namespace: 'eip155' as const, connectorId: 'io.other', name: 'Other', caipNetworkId: 'eip155:31337', address: wallet.addresses[0] }
  const notTheKit = await connectedStart(page, { wallet: stored, siwx }).catch((e: unknown) => e)
  expect(notTheKit).toBeInstanceOf(ConnectedStartError)
  expect((notTheKit as ConnectedStartError).shortMessage).toBe('A signed-in start needs the EVM test wallet')
  expect(page.url()).toBe('about:blank')
})

// The kit's fixtures on this worker's stack: its anvil (no new one; a worker option, so set for the whole file), the
// demo as baseURL, the demo's SIWX server.
kit.use({ rpcUrl: RPC[31337] })

kit.describe("the kit's connected fixture with startSignedIn", () => {
  kit.use({ startPath: '/?siwx=required', startSignedIn: { url: `${API_URL}/siwx`, projectId: 'latchkey-demo' } })

  kit('starts connected and signed in, the origin taken from baseURL', async ({ page, wallet, connected }) => {
    expect(connected.siwx?.data).toMatchObject({ accountAddress: wallet.addresses[0], domain: new URL(DEMO_ORIGIN).host, uri: DEMO_ORIGIN })
    await expect(page.getByTestId('siwx-phase')).toHaveText('signedIn')
    await expect(page.getByTestId('siwx-session-address')).toHaveText(wallet.addresses[0]!)
    await expect(signIn(page)).toHaveCount(0)
  })
})
