/**
 * `installTestWallet(page, options)`: the test wallet of `latchkey/testing` in a Playwright page, before the page's own
 * scripts, and the test's handle on it. Options are checked in Node first (a malformed one throws here, typed); the
 * handle's calls run in the page, on the wallet the page script made.
 */
import type { Page } from '@playwright/test'
import { TestWalletError, UnknownAccountError, UnknownChainError } from '../errors.ts'
import { createTestWallet, parseAnswer, type Prompt, type PromptAnswer, type PromptKind, type TestWalletOptions } from '../wallet/testWallet.ts'
import type { DevWalletMisbehaviour } from '../wallet/provider.ts'

/** The options of a test wallet in a page: {@link TestWalletOptions} without `storage` (the page's localStorage is used). */
export type PageTestWalletOptions = Omit<TestWalletOptions, 'storage'>

/** The test's handle on a test wallet in a page. Its calls need the page loaded (after `page.goto`). */
export type TestWalletHandle = {
  readonly page: Page
  /** rdns (the modal's connector id), name and icon. */
  readonly info: { rdns: string; name: string; icon: string }
  /** Checksummed addresses, account 0 first. */
  readonly addresses: readonly `0x${string}`[]
  /** The chain ids it was given, the first current at start. */
  readonly chainIds: readonly number[]
  /** The answer to every prompt with none queued. */
  setAnswer(answer: PromptAnswer): Promise<void>
  /** Queues the answer to the next prompt (of `kind`, when given). */
  answerNext(answer: PromptAnswer, kind?: PromptKind): Promise<void>
  /** The next prompt left hanging (of `kind`), once there is one (Playwright's timeout applies). */
  waitForPrompt(kind?: PromptKind, options?: { timeout?: number }): Promise<Prompt>
  /** Answers a hanging prompt (default the oldest). */
  settle(answer: PromptAnswer, id?: number): Promise<void>
  /** The prompts left hanging. */
  prompts(): Promise<Prompt[]>
  /** Authorised or not, the selected account, the current chain. */
  state(): Promise<{ authorised: boolean; accountIndex: number; address: `0x${string}`; chainId: number }>
  /** Selects an account in the wallet: `accountsChanged`. */
  setAccount(index: number): Promise<void>
  /** Switches the wallet's chain: `chainChanged`. */
  setChain(chainId: number): Promise<void>
  /** Disconnects the site from the wallet's side: `accountsChanged` [] and `disconnect`. */
  disconnect(): Promise<void>
  /** Makes the wallet answer like a broken one (garbage accounts or chain id, thrown strings…). */
  misbehave(misbehaviour: DevWalletMisbehaviour): Promise<void>
  /**
   * Signs `message` (EIP-191, as `personal_sign` answers) with account `account`'s key (default 0), in Node, with no
   * prompt and no page: a signature made earlier, such as the sign-in a connected start seeds. Rejects with
   * UnknownAccountError outside the wallet's accounts.
   */
  signMessage(message: string, account?: number): Promise<`0x${string}`>
}

/** The page scripts: set by the `latchkey/testing/playwright` entry (beside the built files), read once each. */
const scriptUrls = new Map<string, URL>()
const scriptTexts = new Map<string, string>()

/** Sets where a test wallet's page script (`test-wallet.js`, `test-solana-wallet.js`, `test-bitcoin-wallet.js`) is read from (the entry does, from its own location). */
export function setWalletScriptUrl(url: URL, file = 'test-wallet.js'): void {
  scriptUrls.set(file, url)
}

/**
 * The text of a page script: from LATCHKEY_TEST_WALLET_SCRIPT (the EVM one), LATCHKEY_TEST_SOLANA_WALLET_SCRIPT or
 * LATCHKEY_TEST_BITCOIN_WALLET_SCRIPT when set (the repository's own tests, without a build), else beside the entry.
 * @throws TestWalletError when the file is missing.
 */
export async function pageScript(file = 'test-wallet.js'): Promise<string> {
  const cached = scriptTexts.get(file)
  if (cached !== undefined) return cached
  const { readFile } = await import('node:fs/promises')
  const fromEnv = {
    'test-wallet.js': process.env.LATCHKEY_TEST_WALLET_SCRIPT,
    'test-solana-wallet.js': process.env.LATCHKEY_TEST_SOLANA_WALLET_SCRIPT,
    'test-bitcoin-wallet.js': process.env.LATCHKEY_TEST_BITCOIN_WALLET_SCRIPT,
  }[file]
  const path = fromEnv ?? scriptUrls.get(file)
  try {
    if (path === undefined) throw new TestWalletError('No page script location')
    const text = await readFile(path, 'utf8')
    scriptTexts.set(file, text)
    return text
  } catch (cause) {
    throw new TestWalletError(`A test wallet's page script is missing (${file} beside latchkey/testing/playwright): reinstall latchkey`, { cause })
  }
}

/**
 * Calls `method` (or reads the property) of the page's wallet `globalThis[registry][key]`, with
 * JSON-able `args`; answers its JSON value.
 * @throws TestWalletError when the wallet is not in the page (before `page.goto`).
 */
export async function callInPage<T>(page: Page, registry: '__latchkeyTestWallets' | '__latchkeyTestSolanaWallets' | '__latchkeyTestBitcoinWallets', key: string, method: string, args: unknown[]): Promise<T> {
  const answer = await page.evaluate(
    ([registry, key, method, args]) => {
      const wallet = (globalThis as unknown as Record<string, Record<string, Record<string, unknown>> | undefined>)[registry]?.[key]
      if (!wallet) return { missing: true as const }
      const member = wallet[method]
      const value = typeof member === 'function' ? (member as (...a: unknown[]) => unknown).apply(wallet, args) : member
      return { value: JSON.parse(JSON.stringify(value ?? null)) as unknown }
    },
    [registry, key, method, args] as const,
  )
  if ('missing' in answer) throw new TestWalletError(`The test wallet ${key} is not in the page: call its methods after page.goto`)
  return answer.value as T
}

/**
 * Adds a test wallet to `page`: announced over EIP-6963 before any script of each document the page loads (top frame),
 * its authorisation, account and chain kept in the page's localStorage as an extension keeps them.
 *
 * @returns the handle; its `addresses`, `info` and `chainIds` are known at once, its calls need the page loaded.
 * @throws TestWalletOptionsError for each malformed option (see `TestWalletOptions`), before the page is touched.
 * @example
 * const wallet = await installTestWallet(page, { mnemonic, chains: [31337], rpcUrl: 'http://127.0.0.1:8545' })
 * await page.goto('/'); await wallet.answerNext('reject', 'sign')
 */
export async function installTestWallet(page: Page, options: PageTestWalletOptions = {}): Promise<TestWalletHandle> {
  const model = createTestWallet(options)
  const config = { ...options, rdns: model.info.rdns }
  await page.addInitScript({ content: `${await pageScript()}\nlatchkeyTestWallet.install(${JSON.stringify(config)});` })
  const rdns = model.info.rdns
  const chainIds = model.chainIds

  const call = <T>(method: string, ...args: unknown[]): Promise<T> => callInPage<T>(page, '__latchkeyTestWallets', rdns, method, args)

  return {
    page,
    info: { ...model.info },
    addresses: model.addresses,
    chainIds,
    setAnswer: (answer) => call('setAnswer', parseAnswer(answer)),
    answerNext: (answer, kind) => call('answerNext', parseAnswer(answer), kind),
    async waitForPrompt(kind, { timeout } = {}) {
      const handle = await page.waitForFunction(
        ([rdns, kind]) => globalThis.__latchkeyTestWallets?.[rdns]?.prompts.find((p) => kind === null || p.kind === kind),
        [rdns, kind ?? null] as const,
        timeout === undefined ? {} : { timeout },
      )
      return (await handle.jsonValue()) as Prompt
    },
    settle: (answer, id) => call('settle', parseAnswer(answer), id),
    prompts: () => call('prompts'),
    state: () => call('state'),
    async setAccount(index) {
      if (!Number.isInteger(index) || index < 0 || index >= model.addresses.length) throw new UnknownAccountError(index, model.addresses.length)
      await call('setAccount', index)
    },
    async setChain(chainId) {
      const known = await call<number[]>('chainIds')
      if (!known.includes(chainId)) throw new UnknownChainError(chainId, known)
      await call('setChain', chainId)
    },
    disconnect: () => call('disconnect'),
    misbehave: (misbehaviour) => call('misbehave', misbehaviour),
    signMessage: (message, account) => model.signMessage(message, account),
  }
}
