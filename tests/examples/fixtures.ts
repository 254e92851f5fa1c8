/**
 * The shared Playwright fixture of the example apps (tests/examples/README.md): every example spec opens its app with
 * the development wallet injected, connects it through the modal, and checks the real balance read from anvil.
 *
 * run.ts passes what it started through the environment: LATCHKEY_EXAMPLES (JSON `{ [example]: url }` of the served
 * builds), LATCHKEY_EXAMPLES_RPC (the anvil), LATCHKEY_EXAMPLES_WALLET (the built init script).
 */
import { readFileSync } from 'node:fs'
import { expect, test as base, type Page } from '@playwright/test'
import { createPublicClient, createTestClient, http, parseEther, type Address } from 'viem'
import { TestFailure } from '../harness/failures.ts'

/** Anvil's first development account: the dev wallet's default account. */
export const ACCOUNT_0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** Anvil's dev account 2: the first wallet's third account (its account picker, {@link setFirstWalletAccount}). */
export const ACCOUNT_2: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
/** Anvil's dev account 1: the second wallet's (`openExample(…, { secondWallet: true })`). */
export const ACCOUNT_1: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const urls = JSON.parse(process.env.LATCHKEY_EXAMPLES ?? '{}') as Record<string, string>
const rpcUrl = process.env.LATCHKEY_EXAMPLES_RPC ?? 'http://127.0.0.1:8545'
const walletScript = process.env.LATCHKEY_EXAMPLES_WALLET

/** The URL of an example's served build, undefined when run.ts did not build it (a filtered run). */
export function exampleUrl(name: string): string | undefined {
  return urls[name]
}

/** The real balance as the modal shows it: ether floored to 3 decimals ('1234.567'), computed in integers. */
export async function expectedBalance(address: Address = ACCOUNT_0): Promise<string> {
  const wei = await createPublicClient({ transport: http(rpcUrl), cacheTime: 0 }).getBalance({ address })
  const milli = wei / 10n ** 15n
  return `${milli / 1000n}.${String(milli % 1000n).padStart(3, '0')}`
}

/**
 * A plain balance ('1616.161') as the page's account button shows it in the browser's en-US locale: grouped, the
 * fraction's trailing zeros trimmed ('1,616.161'; '707.070' → '707.07'). The modal's state (`balance`, which the
 * examples print) stays plain.
 */
export function grouped(plain: string): string {
  const [whole = '', fraction = ''] = plain.split('.')
  const text = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const kept = fraction.replace(/0+$/, '')
  return kept ? `${text}.${kept}` : text
}

/** Sets a native balance on the anvil (`anvil_setBalance`), so the balance shown is one no default would give. */
export async function setBalance(ether: string, address: Address = ACCOUNT_0): Promise<void> {
  await createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).setBalance({ address, value: parseEther(ether) })
}

/**
 * `test` with `openExample(name)`: skips when the example was not built in this run, injects the dev wallet (on the
 * run's anvil, chain 31337; with `{ secondWallet: true }` a second one, 'Second Dev Wallet' on {@link ACCOUNT_1}) before
 * the page's scripts, collects page errors, and opens the example's page.
 */
export const test = base.extend<{ openExample: (name: string, path?: string, wallets?: { secondWallet?: boolean }) => Promise<Page>; pageErrors: string[] }>({
  pageErrors: async ({ page }, use) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      // React reports hydration mismatches as console errors.
      if (message.type() === 'error') errors.push(message.text())
    })
    await use(errors)
  },
  openExample: async ({ page }, use) => {
    await use(async (name, path = '/', wallets = {}) => {
      const url = exampleUrl(name)
      test.skip(!url, `${name} was not built in this run`)
      if (!walletScript) throw new TestFailure('LATCHKEY_EXAMPLES_WALLET is not set: run the examples through tests/examples/run.ts')
      const config = JSON.stringify({ rpcUrl, chainId: 31337, ...(wallets.secondWallet ? { secondWallet: true } : {}) })
      await page.addInitScript({ content: `globalThis.__latchkeyExampleWallet = ${config};\n${readFileSync(walletScript, 'utf8')}` })
      await page.goto(new URL(path, url).href)
      return page
    })
  },
})
export { expect }

/**
 * Connects the dev wallet through the modal as a visitor does: the page's Connect Wallet button, the wallet's row in
 * the Connect dialog (announced over EIP-6963), approved by the auto-approving wallet; the dialog shows the account.
 */
export async function connectDevWallet(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click()
  const connect = page.getByRole('dialog', { name: 'Connect Wallet', exact: true })
  await expect(connect).toBeVisible()
  await connect.getByRole('button', { name: 'Latchkey Dev Wallet', exact: true }).click()
  await expect(page.getByTestId('account-button-address')).toHaveText(`${ACCOUNT_0.slice(0, 6)}…${ACCOUNT_0.slice(-4)}`)
}

/**
 * The visitor picks dev account `index` inside the first (dev) wallet, as in its own account picker: the wallet tells
 * the page `accountsChanged` (EIP-1193), the modal and wagmi hear it as from any wallet.
 */
export async function setFirstWalletAccount(page: Page, index: number): Promise<void> {
  await page.evaluate((i) => globalThis.__latchkeyExampleWallets?.first.setAccount(i), index)
}

/**
 * The first (dev) wallet's auto-approve, as its panel's switch: off, each request that needs the visitor waits in the
 * wallet until {@link answerFirstWalletPrompt} answers it.
 */
export async function setFirstWalletAutoApprove(page: Page, on: boolean): Promise<void> {
  await page.evaluate((value) => globalThis.__latchkeyExampleWallets?.first.setAutoApprove(value), on)
}

/**
 * Waits until the first wallet shows a prompt for `method` (auto-approve off) and answers it as its visitor would:
 * approve, or reject (the wallet answers the page 4001).
 *
 * @returns the params the page sent with the request, as the wallet received them.
 */
export async function answerFirstWalletPrompt(page: Page, method: string, answer: 'approve' | 'reject'): Promise<unknown> {
  let prompt: { id: number; params: unknown } | undefined
  await expect
    .poll(
      async () => {
        prompt = await page.evaluate((m) => {
          const found = globalThis.__latchkeyExampleWallets?.first.pending.find((request) => request.method === m)
          return found ? { id: found.id, params: found.params } : undefined
        }, method)
        return prompt?.id
      },
      { message: `the wallet shows a ${method} prompt` },
    )
    .toBeDefined()
  const answered = await page.evaluate(({ id, approve }) => (approve ? globalThis.__latchkeyExampleWallets?.first.approve(id) : globalThis.__latchkeyExampleWallets?.first.reject(id)), {
    id: prompt!.id,
    approve: answer === 'approve',
  })
  expect(answered, `the wallet's ${method} prompt was still pending when answered`).toBe(true)
  return prompt!.params
}

/** The page's account button (and the example's own `useAccount()` read-out) show the balance anvil holds. */
export async function expectRealBalance(page: Page): Promise<void> {
  const balance = await expectedBalance()
  await expect(page.getByTestId('account-button-balance')).toHaveText(`${grouped(balance)} ETH`)
  await expect(page.getByTestId('example-balance')).toHaveText(`${balance} ETH`)
}

/**
 * Focus returns to the page's buttons when the modal closes (WAI-ARIA dialog): to the account button that replaced the
 * connect button, then, after Disconnect, to the connect button again. The page buttons register themselves with a ref
 * callback: this checks it on the React the example runs (React 18 calls a ref with null, React 19 runs its cleanup).
 */
export async function expectFocusReturns(page: Page): Promise<void> {
  const accountButton = page.getByRole('button').filter({ has: page.getByTestId('account-button-address') })
  if (await page.getByRole('dialog').count()) await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(accountButton).toBeFocused()
  await accountButton.click()
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect', exact: true }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Connect Wallet', exact: true })).toBeFocused()
}
