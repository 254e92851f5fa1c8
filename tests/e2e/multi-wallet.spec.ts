/**
 * Multi-wallet end to end (spec §6 "Multi-wallet methods", §8 'Multi-Wallet Not Enabled', §3 connections kept per
 * namespace), in Chromium against the demo: two browser wallets, the development wallet (dev account 0, with its panel)
 * and a second one announced under its own EIP-6963 identity (`?secondWallet=1`: dev account 1, approving by itself).
 * The flag comes from the project's remote config (`POST /__control/features`, a project of this spec's own:
 * `?project=`), which the modal fetches at its first opening: the page starts with multi-wallet off and it turns on
 * while the first wallet is connected. The journeys start connected (tests/e2e/connected-start.ts): adding the second
 * wallet is their subject, not connecting the first.
 *
 * Every send is checked on the chain: the receiver got the amount and the transaction left from the wallet that was
 * active (its sender's receipts), so a send from the wrong wallet fails the test.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { parseEther } from 'viem'
import {
  ACCOUNT_0,
  ACCOUNT_1,
  API_URL,
  accountButton,
  anvilBalanceWei,
  anvilBlockNumber,
  anvilTransactionsFrom,
  approveWalletRequest,
  dialog,
  expect,
  freshAddress,
  liveState,
  openConnected,
  setAnvilBalance,
  test,
  truncated,
  walletPanel,
} from './fixtures.ts'
import { reviewSend, scanQr } from './steps.ts'

/** This spec's project on the reference server: its remote config turns multi-wallet on (no other spec reads it). */
const PROJECT = 'latchkey-e2e-multi-wallet'
const PATH = `/?secondWallet=1&project=${PROJECT}`
type Wallet = { name: string; id: string; address: `0x${string}` }
const FIRST: Wallet = { name: 'Latchkey Dev Wallet', id: 'eip155:dev.latchkey.wallet', address: ACCOUNT_0 }
const SECOND: Wallet = { name: 'Second Dev Wallet', id: 'eip155:dev.latchkey.wallet.second', address: ACCOUNT_1 }

async function multiWalletProject(request: APIRequestContext) {
  const response = await request.post(`${API_URL}/__control/features`, { data: { projectId: PROJECT, features: { multiWallet: true } } })
  expect(response.ok(), await response.text()).toBe(true)
}

/** The Account view's wallet switcher (a region named 'Connected wallets') and its rows. */
function switcher(page: Page) {
  const region = dialog(page, 'Account').getByRole('region', { name: 'Connected wallets' })
  const row = (wallet: { name: string }) => region.getByRole('listitem').filter({ hasText: wallet.name })
  return { region, rows: region.getByRole('listitem'), row }
}

/** The connections as the public API tells them: `[connectorId, address, active]`, the active one first. */
function held(page: Page): Promise<Array<[string, string, boolean]> | undefined> {
  return page.evaluate(() => {
    const modal = (window as unknown as { latchkey: { getConnections(ns?: string): Array<{ id: string; address: string; active: boolean }> | undefined } }).latchkey
    return modal.getConnections('eip155')?.map((c) => [c.id, c.address, c.active] as [string, string, boolean])
  })
}

/** Connected with the first wallet; Account open, the remote config (multi-wallet on) arrived with the first opening. */
async function connectedWithFirst(page: Page) {
  await setAnvilBalance(FIRST.address, '100')
  await setAnvilBalance(SECOND.address, '100')
  await openConnected(page, { path: PATH })
  await accountButton(page).address.click()
  await expect(dialog(page, 'Account').getByRole('button', { name: 'Add wallet', exact: true })).toBeVisible()
}

/** Account → Add wallet → the second wallet in Connect: it is added, made active, and the switcher lists both. */
async function addSecond(page: Page) {
  await dialog(page, 'Account').getByRole('button', { name: 'Add wallet', exact: true }).click()
  await dialog(page, 'Connect Wallet').getByRole('button', { name: SECOND.name }).click()
  await expect(liveState(page).address).toHaveText(SECOND.address)
  await expect
    .poll(() => held(page))
    .toEqual([
      [SECOND.id, SECOND.address, true],
      [FIRST.id, FIRST.address, false],
    ])
}

/**
 * Sends 0.01 ETH through the modal's Send (Account open) to a fresh address, approving in the first wallet's panel when
 * it is the active one, and checks the chain: the receiver got it, and the one transaction left from `from`.
 */
async function sendFrom(page: Page, from: Wallet) {
  // The previous send's 'Transaction sent' toast lives 2.5 s (timing.toastTtl): this send's toast is awaited only once
  // that one is gone, or the chain would be read before this transfer reached it.
  const sent = page.getByRole('status').getByText('Transaction sent', { exact: true })
  await expect(sent).toHaveCount(0)
  const receiver = freshAddress()
  const marks = { 31337: await anvilBlockNumber(31337), 31338: await anvilBlockNumber(31338) }
  const before = await held(page)
  await dialog(page, 'Account').getByRole('button', { name: 'Send', exact: true }).click()
  const preview = await reviewSend(dialog(page, 'Send'), { amount: '0.01', to: receiver })
  await expect(preview.getByTestId('send-preview-fee')).toHaveText(/^\d+(\.\d+)? ETH$/)
  await preview.getByRole('button', { name: 'Send', exact: true }).click()
  if (from === FIRST) await approveWalletRequest(page, 'Send transaction?')
  await expect(sent).toBeVisible()
  // Everything the chains and the modal say, in one comparison: a failure shows where the transfer went and which
  // wallet was active before and after, not only that the receiver got nothing.
  const other = from === FIRST ? SECOND : FIRST
  const transfers = async (sender: Wallet, chainId: 31337 | 31338) => (await anvilTransactionsFrom(sender.address, marks[chainId], chainId)).map((r) => [chainId, sender.name, r.to?.toLowerCase(), r.status])
  const seen = {
    receiverWei: { 31337: await anvilBalanceWei(receiver, 31337), 31338: await anvilBalanceWei(receiver, 31338) },
    transfers: [...(await transfers(from, 31337)), ...(await transfers(from, 31338)), ...(await transfers(other, 31337)), ...(await transfers(other, 31338))],
    activeBefore: before?.find(([, , active]) => active)?.[0],
    activeAfter: (await held(page))?.find(([, , active]) => active)?.[0],
  }
  expect(seen).toEqual({
    receiverWei: { 31337: parseEther('0.01'), 31338: 0n },
    transfers: [[31337, from.name, receiver.toLowerCase(), 'success']],
    activeBefore: from.id,
    activeAfter: from.id,
  })
  await expect(dialog(page, 'Account')).toBeVisible()
}

test.beforeEach(async ({ request }) => multiWalletProject(request))

test('two wallets: add the second while the first stays connected, send from each after a switch (asserted on the chain), a reload keeps both and the same active one, removing the active one makes the other active', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await connectedWithFirst(page)
  // One wallet: Add wallet only, no list yet.
  await expect(switcher(page).region).toHaveCount(0)
  await addSecond(page)
  await accountButton(page).address.click()
  const { rows, row } = switcher(page)
  await expect(rows).toHaveCount(2)
  await expect(row(SECOND)).toContainText('Active')
  await expect(row(SECOND)).toContainText(truncated(SECOND.address))
  await expect(row(FIRST)).not.toContainText('Active')

  await sendFrom(page, SECOND)

  // Switch: one press; the page, the button and the next send follow the first wallet, without a prompt.
  await switcher(page)
    .row(FIRST)
    .getByRole('button', { name: `Switch to ${FIRST.name}` })
    .click()
  await expect(liveState(page).address).toHaveText(FIRST.address)
  await expect(switcher(page).row(FIRST)).toContainText('Active')
  await sendFrom(page, FIRST)

  // A reload restores the same active one; the flag is the remote config's, fetched at the first opening (spec §6): with
  // it the other held wallet comes back too (it still holds the site), listed in Account.
  await page.reload()
  await expect(liveState(page).status).toHaveText('connected', { timeout: 30_000 })
  await expect(liveState(page).address).toHaveText(FIRST.address)
  await accountButton(page).address.click()
  await expect
    .poll(() => held(page))
    .toEqual([
      [FIRST.id, FIRST.address, true],
      [SECOND.id, SECOND.address, false],
    ])
  await expect(switcher(page).rows).toHaveCount(2)

  // Removing the active one: the other (the most recently used) becomes active; the removed wallet is revoked.
  await switcher(page)
    .row(FIRST)
    .getByRole('button', { name: `Remove ${FIRST.name}` })
    .click()
  await expect(liveState(page).address).toHaveText(SECOND.address)
  await expect.poll(() => held(page)).toEqual([[SECOND.id, SECOND.address, true]])
  // The modal stays on Account, on the wallet that followed.
  await expect(dialog(page, 'Account')).toContainText(truncated(SECOND.address))
  await expect(walletPanel(page).getByText(/^Not connected/)).toBeVisible()
})

test("an account change inside the wallet that is not the active one updates that wallet's row only", async ({ page }) => {
  await connectedWithFirst(page)
  await addSecond(page)
  // The first wallet, not active now, changes its account in its own panel (accountsChanged).
  await walletPanel(page).getByLabel('Account').selectOption('2')
  await expect.poll(async () => (await held(page))?.find(([id]) => id === FIRST.id)?.[1]).not.toBe(FIRST.address)
  const [active, other] = (await held(page))!
  expect(active).toEqual([SECOND.id, SECOND.address, true])
  expect(other![1]).not.toBe(FIRST.address)
  await expect(liveState(page).address).toHaveText(SECOND.address)
  await accountButton(page).address.click()
  await expect(switcher(page).row(FIRST)).toContainText(truncated(other![1]))
  await expect(switcher(page).row(SECOND)).toContainText('Active')
})

/** Each held connection's wallet chain as the public API tells it: `[connectorId, caipNetworkId]`, the active one first. */
function chains(page: Page): Promise<Array<[string, string | undefined]> | undefined> {
  return page.evaluate(() => {
    const modal = (window as unknown as { latchkey: { getConnections(ns?: string): Array<{ id: string; caipNetworkId?: string }> | undefined } }).latchkey
    return modal.getConnections('eip155')?.map((c) => [c.id, c.caipNetworkId] as [string, string | undefined])
  })
}

test("a chain change inside the wallet that is not the active one moves that wallet's row only (its chain named, its balance read there, on anvil); its own disconnect removes it only", async ({ page }) => {
  await connectedWithFirst(page)
  // The first wallet's account holds another amount on the second chain: its row says which chain it read.
  await setAnvilBalance(FIRST.address, '42', 31338)
  await addSecond(page)
  await accountButton(page).address.click()
  const first = switcher(page).row(FIRST)
  await expect(first.getByTestId('wallet-switcher-balance')).toHaveText('100 ETH')
  await page.keyboard.press('Escape')
  await expect(dialog(page, 'Account')).toHaveCount(0)

  // The first wallet, held, moves to chain 31338 in its own panel (its chainChanged).
  await walletPanel(page).getByLabel('Wallet chain').selectOption('31338')
  await expect
    .poll(() => chains(page))
    .toEqual([
      [SECOND.id, 'eip155:31337'],
      [FIRST.id, 'eip155:31338'],
    ])
  // The active wallet, its chain and the page stay.
  await expect(liveState(page).address).toHaveText(SECOND.address)
  await expect(liveState(page).network).toHaveText('eip155:31337')
  await accountButton(page).address.click()
  await expect(first.getByTestId('wallet-switcher-balance')).toHaveText('42 ETH · Anvil Local 2')
  await expect(switcher(page).row(SECOND)).toContainText('Active')
  await expect(switcher(page).row(SECOND).getByTestId('wallet-switcher-network')).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(dialog(page, 'Account')).toHaveCount(0)

  // The first wallet ends the site's connection itself (its disconnect): that connection only goes.
  await walletPanel(page).getByRole('button', { name: 'Disconnect site' }).click()
  await expect.poll(() => held(page)).toEqual([[SECOND.id, SECOND.address, true]])
  await expect(liveState(page).address).toHaveText(SECOND.address)
  await expect(liveState(page).status).toHaveText('connected')
  await accountButton(page).address.click()
  await expect(switcher(page).region).toHaveCount(0)
})

test('hostile: switching to an unknown id throws ConnectionNotFoundError and changes nothing; deleting twice throws the second time', async ({ page }) => {
  await connectedWithFirst(page)
  await addSecond(page)
  const before = await held(page)
  const outcome = await page.evaluate(
    ({ first }) => {
      const modal = (window as unknown as { latchkey: { switchConnection(a: { connectionId: string }): void; deleteConnection(a: { connectionId: string }): void } }).latchkey
      const attempt = (run: () => void) => {
        try {
          run()
          return 'ok'
        } catch (error) {
          return (error as Error).name
        }
      }
      return {
        unknown: attempt(() => modal.switchConnection({ connectionId: 'eip155:no.such.wallet' })),
        firstDelete: attempt(() => modal.deleteConnection({ connectionId: first })),
        secondDelete: attempt(() => modal.deleteConnection({ connectionId: first })),
      }
    },
    { first: FIRST.id },
  )
  expect(outcome).toEqual({ unknown: 'ConnectionNotFoundError', firstDelete: 'ok', secondDelete: 'ConnectionNotFoundError' })
  expect(before).toEqual([
    [SECOND.id, SECOND.address, true],
    [FIRST.id, FIRST.address, false],
  ])
  await expect.poll(() => held(page)).toEqual([[SECOND.id, SECOND.address, true]])
  await expect(liveState(page).address).toHaveText(SECOND.address)
})

/** How many more EIP-6963 identities the 20-wallet test announces for the second dev wallet (2 + 18 = 20 held). */
const ALIASES = 18
const aliasName = (i: number) => `Alias Wallet ${i + 1}`

test('hostile: twenty wallets held: the switcher lists every one in a list that scrolls inside the dialog, and a switch to the last is painted in the first frame after the click', async ({ page }) => {
  test.setTimeout(120_000)
  // The second dev wallet announced again under eighteen more EIP-6963 identities (the same extension seen twenty
  // times): each a wallet of its own to the modal, all on dev account 1, all holding the site once it approved it.
  await page.addInitScript(
    ({ count }) => {
      const aliases = Array.from({ length: count }, (_, i) => ({
        uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        name: `Alias Wallet ${i + 1}`,
        rdns: `dev.latchkey.wallet.alias${i + 1}`,
      }))
      window.addEventListener('eip6963:announceProvider', (event) => {
        const detail = (event as CustomEvent<{ info: { rdns: string; icon: string }; provider: unknown }>).detail
        if (detail.info.rdns !== 'dev.latchkey.wallet.second') return
        for (const info of aliases) window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: Object.freeze({ ...info, icon: detail.info.icon }), provider: detail.provider }) }))
      })
    },
    { count: ALIASES },
  )
  await connectedWithFirst(page)
  await addSecond(page)
  // The page's stored connections (spec §3) with the eighteen aliases added: a reload restores all twenty.
  await page.evaluate(
    ({ count, address }) => {
      const key = '@latchkey/connections'
      const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as { eip155?: unknown[] }
      const aliases = Array.from({ length: count }, (_, i) => ({ connectorId: `dev.latchkey.wallet.alias${i + 1}`, accounts: [{ address }], lastUsed: i + 1 }))
      localStorage.setItem(key, JSON.stringify({ ...stored, eip155: [...aliases, ...(stored.eip155 ?? [])] }))
    },
    { count: ALIASES, address: SECOND.address },
  )
  await page.reload()
  await expect(liveState(page).status).toHaveText('connected', { timeout: 30_000 })
  // The flag is the remote config's, fetched at the first opening: Account opened, every held wallet comes back.
  await accountButton(page).address.click()
  await expect.poll(() => held(page).then((h) => h?.length)).toBe(ALIASES + 2)
  const { region, rows } = switcher(page)
  await expect(rows).toHaveCount(ALIASES + 2)

  // The list scrolls inside the dialog: taller than its box, the dialog stays within the window, the last row is out
  // of view until the list is scrolled to it.
  // The last row: the alias used least recently (active first, then newest first).
  const last = rows.last()
  await expect(last.getByRole('button', { name: `Switch to ${aliasName(0)}`, exact: true })).toHaveCount(1)
  const list = region.getByRole('list')
  const box = await list.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight, overflow: getComputedStyle(el).overflowY }))
  expect(box.overflow).toBe('auto')
  expect(box.scroll).toBeGreaterThan(box.client)
  const viewport = page.viewportSize()!
  const dialogBox = (await dialog(page, 'Account').boundingBox())!
  expect(dialogBox.y + dialogBox.height).toBeLessThanOrEqual(viewport.height + 1)
  await expect(last).not.toBeInViewport()
  await last.scrollIntoViewIfNeeded()
  await expect(last).toBeInViewport()

  // One press on the last row: counted in the page, the frame in which its row is first marked active (1: the first
  // animation frame after the click paints it; the wallet's restore follows without a prompt).
  await page.evaluate((name) => {
    const w = window as unknown as { __switchFrame?: number }
    const host = document.querySelector('[data-testid=latchkey-modal]')?.shadowRoot
    document.addEventListener(
      'click',
      () => {
        let frames = 0
        const frame = () => {
          frames += 1
          const active = host?.querySelector('[data-testid=wallet-switcher] li[aria-current]')?.textContent ?? ''
          if (active.includes(name)) w.__switchFrame = frames
          else if (frames < 120) requestAnimationFrame(frame)
        }
        requestAnimationFrame(frame)
      },
      { capture: true, once: true },
    )
  }, aliasName(0))
  await last.getByRole('button', { name: `Switch to ${aliasName(0)}`, exact: true }).click()
  await expect.poll(() => page.evaluate(() => (window as unknown as { __switchFrame?: number }).__switchFrame)).toBe(1)
  await expect.poll(() => held(page).then((h) => h?.find(([, , active]) => active)?.[0])).toBe('eip155:dev.latchkey.wallet.alias1')
  await expect(liveState(page).status).toHaveText('connected')
  await expect(rows).toHaveCount(ALIASES + 2)
})

test('Disconnect with two wallets held disconnects both (spec §4: disconnected means disconnected); a reload restores neither', async ({ page }) => {
  await connectedWithFirst(page)
  await addSecond(page)
  await accountButton(page).address.click()
  await dialog(page, 'Account').getByRole('button', { name: 'Disconnect', exact: true }).click()
  await expect(liveState(page).status).toHaveText('disconnected')
  await expect.poll(() => held(page)).toEqual([])
  await page.reload()
  await expect(page.getByRole('button', { name: 'Connect Wallet' }).first()).toBeVisible({ timeout: 30_000 })
  await expect(liveState(page).status).toHaveText('disconnected')
})

test('a WalletConnect session of the mobile wallet held beside the browser wallet: added from Account through the QR code, then deleted from the phone: that connection only goes, the browser wallet is active again', async ({
  page,
}) => {
  await connectedWithFirst(page)
  await dialog(page, 'Account').getByRole('button', { name: 'Add wallet', exact: true }).click()
  await dialog(page, 'Connect Wallet').getByRole('button', { name: 'WalletConnect', exact: true }).click()
  const uri = await scanQr(dialog(page, 'WalletConnect').getByTestId('pairing-qr'))
  const phone = await page.context().newPage()
  await phone.goto('/mobile-wallet.html')
  await expect(phone.getByTestId('mw-relay')).toBeVisible()
  await phone.getByRole('textbox', { name: 'WalletConnect URI' }).fill(uri)
  await phone.getByRole('button', { name: 'Pair' }).click()
  await phone.getByRole('region', { name: 'Session proposal' }).first().getByRole('button', { name: 'Approve' }).click()
  await expect
    .poll(() => held(page))
    .toEqual([
      ['eip155:walletConnect', FIRST.address, true],
      [FIRST.id, FIRST.address, false],
    ])
  // The phone's user deletes the session: the browser wallet, still holding the site, is active again without a prompt.
  await phone.getByRole('button', { name: 'Disconnect' }).click()
  await expect.poll(() => held(page)).toEqual([[FIRST.id, FIRST.address, true]])
  await expect(liveState(page).status).toHaveText('connected')
  await expect(page.getByRole('region', { name: 'Wallet request' })).toHaveCount(0)
})
