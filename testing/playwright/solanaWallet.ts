/**
 * `installTestSolanaWallet(page, options)`: the test Solana wallet of `latchkey/testing/solana` in a Playwright page,
 * registered with the Wallet Standard before the page's own scripts, and the test's handle on it. Options are checked
 * in Node first (a malformed one throws here, typed; web3.js is loaded only by this call); the handle's calls run in the
 * page, on the wallet the page script (`test-solana-wallet.js`) made.
 */
import type { Page } from '@playwright/test'
import { UnknownAccountError } from '../errors.ts'
import { parseAnswer, type PromptAnswer } from '../prompts.ts'
import type { SolanaPrompt, SolanaPromptKind, TestSolanaWalletOptions } from '../solana/testWalletTypes.ts'
import type { DevSolanaWalletMisbehaviour } from '../solana/types.ts'
import { callInPage, pageScript } from './wallet.ts'

/** The options of a test Solana wallet in a page: {@link TestSolanaWalletOptions} without `storage` (the page's localStorage is used). */
export type PageTestSolanaWalletOptions = Omit<TestSolanaWalletOptions, 'storage'>

/** The test's handle on a test Solana wallet in a page. Its calls need the page loaded (after `page.goto`). */
export type TestSolanaWalletHandle = {
  readonly page: Page
  /** The wallet's name: shown in Connect, and the modal's connector id for it. */
  readonly name: string
  /** Base58 addresses, account 0 first. */
  readonly addresses: readonly string[]
  /** Its chain ids (`solana:<reference>`, cluster names). */
  readonly chains: readonly string[]
  /** The answer to every prompt with none queued. */
  setAnswer(answer: PromptAnswer): Promise<void>
  /** Queues the answer to the next prompt (of `kind`, when given). */
  answerNext(answer: PromptAnswer, kind?: SolanaPromptKind): Promise<void>
  /** The next prompt left hanging (of `kind`), once there is one (Playwright's timeout applies). */
  waitForPrompt(kind?: SolanaPromptKind, options?: { timeout?: number }): Promise<SolanaPrompt>
  /** Answers a hanging prompt (default the oldest). */
  settle(answer: PromptAnswer, id?: number): Promise<void>
  /** The prompts left hanging. */
  prompts(): Promise<SolanaPrompt[]>
  /** Authorised or not, the selected account. */
  state(): Promise<{ authorised: boolean; accountIndex: number; address: string }>
  /** Selects an account in the wallet: a `change` event. */
  setAccount(index: number): Promise<void>
  /** Disconnects the site from the wallet's side: a `change` event with no accounts. */
  disconnect(): Promise<void>
  /** Makes the wallet answer like a broken or malicious one. */
  misbehave(misbehaviour: DevSolanaWalletMisbehaviour): Promise<void>
}

/**
 * Adds a test Solana wallet to `page`: registered with the Wallet Standard before any script of each document the
 * page loads (top frame), its authorisation and account kept in the page's localStorage as an extension keeps them.
 *
 * @returns the handle; its `addresses`, `name` and `chains` are known at once, its calls need the page loaded.
 * @throws TestWalletOptionsError for each malformed option (see `TestSolanaWalletOptions`), before the page is touched.
 * @example
 * const solana = await installTestSolanaWallet(page, { rpcUrl: 'http://127.0.0.1:8899' })
 * await page.goto('/'); await solana.answerNext('reject', 'signMessage')
 */
export async function installTestSolanaWallet(page: Page, options: PageTestSolanaWalletOptions = {}): Promise<TestSolanaWalletHandle> {
  const { createTestSolanaWallet } = await import('../solana/testWallet.ts')
  const model = createTestSolanaWallet(options)
  // Byte keys cross into the page as arrays of numbers (JSON).
  const secretKeys = options.secretKeys?.map((key) => (typeof key === 'string' ? key : [...key]))
  const config = { ...options, ...(secretKeys ? { secretKeys } : {}), name: model.name }
  await page.addInitScript({ content: `${await pageScript('test-solana-wallet.js')}\nlatchkeyTestSolanaWallet.install(${JSON.stringify(config)});` })
  const name = model.name
  const call = <T>(method: string, ...args: unknown[]): Promise<T> => callInPage<T>(page, '__latchkeyTestSolanaWallets', name, method, args)

  return {
    page,
    name,
    addresses: model.addresses,
    chains: model.chains,
    setAnswer: (answer) => call('setAnswer', parseAnswer(answer)),
    answerNext: (answer, kind) => call('answerNext', parseAnswer(answer), kind),
    async waitForPrompt(kind, { timeout } = {}) {
      const handle = await page.waitForFunction(
        ([name, kind]) => globalThis.__latchkeyTestSolanaWallets?.[name]?.prompts.find((p) => kind === null || p.kind === kind),
        [name, kind ?? null] as const,
        timeout === undefined ? {} : { timeout },
      )
      return (await handle.jsonValue()) as SolanaPrompt
    },
    settle: (answer, id) => call('settle', parseAnswer(answer), id),
    prompts: () => call('prompts'),
    state: () => call('state'),
    async setAccount(index) {
      if (!Number.isInteger(index) || index < 0 || index >= model.addresses.length) throw new UnknownAccountError(index, model.addresses.length)
      await call('setAccount', index)
    },
    disconnect: () => call('disconnect'),
    misbehave: (misbehaviour) => call('misbehave', misbehaviour),
  }
}
