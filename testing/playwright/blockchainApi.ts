/**
 * The `blockchainApi` fixture's page side: the modal of the page under test reads its balances from the kit's
 * blockchain API (`startBlockchainApi` of latchkey/testing/node, on the test's nodes). Before the page's scripts, an init
 * script defines `globalThis.latchkeyTestBlockchainUrl` (the dapp passes it as `api.blockchainUrl`; undefined for a
 * visitor); with `route`, the page's requests to the dapp's own blockchain API (its production `api.blockchainUrl`)
 * are sent to the kit's instead, so the dapp's options stay as they are.
 */
import type { Page } from '@playwright/test'
import { TestWalletError } from '../errors.ts'

/**
 * Points `page` at the kit's blockchain API `blockchainUrl` (see the module's comment).
 * @param route the dapp's own `api.blockchainUrl` (an http(s) URL whose requests go to the kit's), or none.
 * @throws TestWalletError when the page has opened already (the modal read its options then): set the fixture up
 *   before `page.goto` (list `blockchainApi` before `connected` in the test's fixtures).
 */
export async function pointAtBlockchainApi(page: Page, blockchainUrl: string, route?: string): Promise<void> {
  if (page.url() !== 'about:blank') {
    throw new TestWalletError('The blockchain API must be set up before the page opens', { details: `the page is at ${page.url()}: list blockchainApi before connected, or use it before page.goto` })
  }
  await page.addInitScript((url) => void ((globalThis as { latchkeyTestBlockchainUrl?: string }).latchkeyTestBlockchainUrl = url), blockchainUrl)
  if (!route) return
  const prefix = route.replace(/\/+$/, '')
  await page.route(
    (url) => url.href.startsWith(`${prefix}/`),
    async (routed) => {
      const target = `${blockchainUrl}${routed.request().url().slice(prefix.length)}`
      const response = await routed.fetch({ url: target })
      await routed.fulfill({ response })
    },
  )
}
