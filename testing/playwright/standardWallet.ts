/**
 * The page bridge of the Wallet Standard test wallets (Solana, Bitcoin) in Playwright: the page script added before the
 * page's own scripts, and the test's handle whose calls run in the page on the wallet that script made (kept in
 * `globalThis[registry][name]`).
 */
import type { Page } from '@playwright/test'
import { UnknownAccountError } from '../errors.ts'
import { parseAnswer, type PromptAnswer } from '../prompts.ts'
import { callInPage, pageScript } from './wallet.ts'

/** The test's handle on a Wallet Standard test wallet in a page. Its calls need the page loaded (after `page.goto`). */
export type StandardWalletHandle<K extends string, P, S, M> = {
  readonly page: Page
  /** The wallet's name: shown in Connect, and the modal's connector id for it. */
  readonly name: string
  /** The accounts' addresses, account 0 first (Bitcoin: the payment addresses). */
  readonly addresses: readonly string[]
  /** Its Wallet Standard chain ids. */
  readonly chains: readonly string[]
  /** The answer to every prompt with none queued. */
  setAnswer(answer: PromptAnswer): Promise<void>
  /** Queues the answer to the next prompt (of `kind`, when given). */
  answerNext(answer: PromptAnswer, kind?: K): Promise<void>
  /** The next prompt left hanging (of `kind`), once there is one (Playwright's timeout applies). */
  waitForPrompt(kind?: K, options?: { timeout?: number }): Promise<P>
  /** Answers a hanging prompt (default the oldest). */
  settle(answer: PromptAnswer, id?: number): Promise<void>
  /** The prompts left hanging. */
  prompts(): Promise<P[]>
  /** Authorised or not, the selected account. */
  state(): Promise<S>
  /** Selects an account in the wallet: a `change` event. */
  setAccount(index: number): Promise<void>
  /** Disconnects the site from the wallet's side: a `change` event with no accounts. */
  disconnect(): Promise<void>
  /** Makes the wallet answer like a broken or malicious one. */
  misbehave(misbehaviour: M): Promise<void>
}

/** What {@link installStandardWallet} needs: the page script, its global and registry, the wallet as Node made it, and the options the page gets. */
export type StandardWalletBridge = {
  /** The page script's file beside the Playwright entry, e.g. 'test-bitcoin-wallet.js'. */
  script: string
  /** The page script's global name, e.g. 'latchkeyTestBitcoinWallet'. */
  globalName: string
  /** Where the page script keeps its wallets by name. */
  registry: '__latchkeyTestSolanaWallets' | '__latchkeyTestBitcoinWallets'
  /** The wallet made in Node from the same options (checked there, typed errors): its name, addresses, chains. */
  model: { name: string; addresses: readonly string[]; chains: readonly string[] }
  /** The options as JSON for the page's `install(config)`. */
  config: Record<string, unknown>
}

/**
 * Adds the page script and the install call to `page` (before any script of each document it loads, top frame), and
 * answers the handle.
 */
export async function installStandardWallet<K extends string, P, S, M>(page: Page, bridge: StandardWalletBridge): Promise<StandardWalletHandle<K, P, S, M>> {
  const { script, globalName, registry, model, config } = bridge
  await page.addInitScript({ content: `${await pageScript(script)}\n${globalName}.install(${JSON.stringify({ ...config, name: model.name })});` })
  const name = model.name
  const call = <T>(method: string, ...args: unknown[]): Promise<T> => callInPage<T>(page, registry, name, method, args)
  return {
    page,
    name,
    addresses: model.addresses,
    chains: model.chains,
    setAnswer: (answer) => call('setAnswer', parseAnswer(answer)),
    answerNext: (answer, kind) => call('answerNext', parseAnswer(answer), kind),
    async waitForPrompt(kind, { timeout } = {}) {
      const handle = await page.waitForFunction(
        ([registry, name, kind]) => (globalThis as unknown as Record<string, Record<string, { prompts: Array<{ kind: string }> }> | undefined>)[registry]?.[name]?.prompts.find((p) => kind === null || p.kind === kind),
        [registry, name, kind ?? null] as const,
        timeout === undefined ? {} : { timeout },
      )
      return (await handle.jsonValue()) as P
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
