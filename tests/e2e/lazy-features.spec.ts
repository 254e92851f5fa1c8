/**
 * Features load on intent, in Chromium against the demo's production build: the network log, each chunk read as the
 * source modules it holds (tests/e2e/modules.ts: `/machines/send.ts`, …), says which feature machine arrived when. Before the
 * click (with Save-Data on, so without the idle prefetch of the first open) the page holds no feature machine; opening brings the remote config and (on Connect) the catalogue; the
 * account data arrive when Account opens; the send machine with the first Send. A feature module that cannot be
 * fetched says so in a toast and loses nothing. Pay's code arrives with the dapp's first payment, not with the page.
 */
import { accountButton, connectDevWallet, dialog, expect, freshAddress, openCleanDemo, openConnectDialog, test } from './fixtures.ts'
import { chunkOf, recordRequests } from './modules.ts'
import { PAY_ON, requestPayment } from './paySteps.ts'

/** The feature machines of the registry (their source modules). */
const featureMachines = ['send', 'siwx', 'pairing', 'catalogue', 'account', 'remoteConfig', 'onramp', 'swap', 'names'] as const
type FeatureMachine = (typeof featureMachines)[number]

/** The feature machines whose module the page fetched, in the order of `featureMachines`. */
function fetchedMachines(requests: readonly string[]): FeatureMachine[] {
  const paths = requests.map((url) => new URL(url).pathname)
  return featureMachines.filter((m) => paths.some((p) => p.endsWith(`/machines/${m}.ts`)))
}

test('before the click the page holds no feature machine; each arrives with its first use', async ({ page }) => {
  // Save-Data on: no idle prefetch of the first open (loading.spec.ts follows that one), so every module here comes
  // with a gesture.
  await (await page.context().newCDPSession(page)).send('Emulation.setDataSaverOverride', { dataSaverEnabled: true })
  const requests = recordRequests(page)
  await openCleanDemo(page)
  await page.waitForLoadState('networkidle')
  expect(fetchedMachines(requests)).toEqual([])

  // Opening: the project's remote config, and Connect's catalogue (recommended wallets).
  await openConnectDialog(page)
  await expect.poll(() => fetchedMachines(requests)).toEqual(['catalogue', 'remoteConfig'])

  // Connecting (no siwx option in the demo by default): no sign-in machine, no pairing (a browser wallet). The
  // account data's module may come now: focus returns to the page's Account button, an intent to open Account.
  await page.keyboard.press('Escape')
  await connectDevWallet(page)
  expect(fetchedMachines(requests).filter((m) => m !== 'account')).toEqual(['catalogue', 'remoteConfig'])

  // Account opens: its data machine; Send: the send machine.
  await accountButton(page).address.click()
  const account = dialog(page, 'Account')
  await expect(account.getByRole('tab', { name: 'Tokens' })).toHaveAttribute('aria-selected', 'true')
  await expect.poll(() => fetchedMachines(requests)).toEqual(['catalogue', 'account', 'remoteConfig'])
  await account.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog(page, 'Send')).toBeVisible()
  await expect.poll(() => fetchedMachines(requests)).toEqual(['send', 'catalogue', 'account', 'remoteConfig'])
  expect(fetchedMachines(requests)).not.toContain('pairing')
  expect(fetchedMachines(requests)).not.toContain('siwx')

  // Buy: the on-ramp machine, its view model and its views arrive with the first Buy, not before (its
  // registration, machines/onramp.feature.ts, is a plain object the root reads, like every feature's).
  const paths = () => requests.map((url) => new URL(url).pathname)
  expect(paths().filter((p) => /\/(machines\/onramp(\.connect)?\.ts|ui\/views\/OnRamp|ui\/assemble\/onramp|ui\/hooks\/onramp)/.test(p))).toEqual([])
  await dialog(page, 'Send').getByRole('button', { name: 'Back', exact: true }).click()
  await dialog(page, 'Account').getByRole('button', { name: 'Buy', exact: true }).click()
  await expect(dialog(page, 'Buy crypto').getByRole('combobox', { name: 'You buy' })).toBeVisible({ timeout: 20_000 })
  await expect.poll(() => fetchedMachines(requests)).toEqual(['send', 'catalogue', 'account', 'remoteConfig', 'onramp'])
  expect(paths().some((p) => p.endsWith('/ui/views/OnRamp.tsx'))).toBe(true)

  // Swap and names: neither machine nor its assembly before its first use; swap with its
  // first click. (Swap's view and view model may come ahead, prefetched as a next view of Account.)
  const swapCode = () => paths().filter((p) => /\/(machines\/swap(\.setup)?\.ts|ui\/assemble\/swap)/.test(p))
  const namesCode = () => paths().filter((p) => /\/(machines\/names(\.outcomes)?\.ts|ui\/assemble\/names)/.test(p))
  expect(swapCode()).toEqual([])
  expect(namesCode()).toEqual([])
  await dialog(page, 'Buy crypto').getByRole('button', { name: 'Back', exact: true }).click()
  await dialog(page, 'Account').getByRole('button', { name: 'Swap', exact: true }).click()
  await expect(dialog(page, 'Swap')).toBeVisible({ timeout: 20_000 })
  await expect.poll(() => fetchedMachines(requests), { timeout: 20_000 }).toEqual(['send', 'catalogue', 'account', 'remoteConfig', 'onramp', 'swap'])
  expect(paths().some((p) => p.endsWith('/ui/views/Swap.tsx'))).toBe(true)
  expect(namesCode()).toEqual([])
  // (Dev account 0 already has a name, alice.reown.id, so Account offers it no registration: names.spec.ts follows the
  // names code to its first click with account 4.)
})

test("pay's code is not in the page, nor fetched at idle: its chart, boundary check and view arrive with the dapp's first payment", async ({ page }) => {
  const requests = recordRequests(page)
  await openCleanDemo(page, PAY_ON)
  await page.waitForLoadState('networkidle')
  const payCode = () =>
    requests
      .map((url) => new URL(url).pathname)
      .filter((p) => /\/(machines\/pay(\.(setup|input|exchange|stored|connect))?\.ts|ui\/assemble\/pay\w*\.ts|ui\/views\/Pay\.tsx)$/.test(p))
      .map((p) => p.replace(/^.*\/(machines|ui)\//, '$1/'))
  expect(payCode()).toEqual([])
  await requestPayment(page, { to: freshAddress(), amount: '0.001', asset: 'ETH' })
  await expect(dialog(page, 'Pay').getByTestId('pay-asked')).toContainText('0.001')
  expect(payCode()).toEqual(expect.arrayContaining(['machines/pay.input.ts', 'machines/pay.ts', 'ui/assemble/pay.ts', 'ui/views/Pay.tsx']))
})

test('a feature module that cannot be fetched: a toast says so, the visitor stays where they were, nothing is lost, and the next try loads it', async ({ page }) => {
  await openCleanDemo(page)
  await connectDevWallet(page)
  // The send machine's module fails (offline, or a deploy replaced the files).
  await page.route(chunkOf('machines/send.ts'), (route) => route.abort('internetdisconnected'))
  await accountButton(page).address.click()
  const account = dialog(page, 'Account')
  await account.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByRole('status').getByText('Could not load this part of the modal. Check your connection and try again.', { exact: true })).toBeVisible()
  // Send's view is pushed once its machine is in: without it the visitor is still on Account, not on an empty form.
  await expect(dialog(page, 'Account')).toBeVisible()
  await expect(dialog(page, 'Send')).toHaveCount(0)
  // The connection is untouched.
  await expect(accountButton(page).address).toBeVisible()
  // Back online: the next Send fetches the module again and the form works.
  await page.unroute(chunkOf('machines/send.ts'))
  await dialog(page, 'Account').getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog(page, 'Send').getByRole('textbox').first()).toBeEditable()
})
