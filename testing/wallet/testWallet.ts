/**
 * The test wallet of `latchkey/testing`: the development EVM wallet ({@link DevWallet}: EIP-1193 over viem local
 * accounts, reads forwarded to the chain's RPC, transactions signed and sent for real) with its prompts answered by
 * the test instead of a person. Every request that needs the user (connect, switch or add a chain, sign, send) is a
 * prompt; the test decides each one — approve, reject (4001), hang (never answered until the test says so), or fail
 * with a given EIP-1193 error — in advance (`answerNext`, `setAnswer`) or while it waits (`waitForPrompt`, `settle`).
 * The wallet's own actions emit the EIP-1193 events: `setAccount` (accountsChanged), `setChain` (chainChanged),
 * `disconnect` (accountsChanged [] and disconnect).
 */
import type { Hex, LocalAccount } from 'viem'
import { TestWalletError, TestWalletOptionsError, UnknownAccountError } from '../errors.ts'
import { type PromptAnswer, PromptDesk } from '../prompts.ts'

export { parseAnswer } from '../prompts.ts'
export type { PromptAnswer } from '../prompts.ts'
import { announceDevWallet, devWalletIcon, type DevWalletInfo } from './announce.ts'
import { devAccount } from './accounts.ts'
import { accountsFromOptions, preview } from './keys.ts'
import { DevWallet, DevWalletRpcError, type DevWalletChain, type DevWalletMisbehaviour, type PendingRequest, type PendingRequestKind, type WalletStorage } from './provider.ts'

/** What a prompt asks: 'connect', 'switchChain', 'addChain', 'sign' (personal_sign, typed data) or 'sendTransaction'. */
export type PromptKind = PendingRequestKind
/** A prompt the wallet shows: its id (for `settle`), kind, EIP-1193 method and params. */
export type Prompt = PendingRequest

/** A chain of the test wallet: its id, and the RPC it reads from and sends through (default the wallet's `rpcUrl`). */
export type TestWalletChain = { chainId: number; rpcUrl?: string; name?: string; nativeCurrency?: { name: string; symbol: string; decimals: number } }

/** What {@link createTestWallet} takes. Every field is optional; each malformed one is a {@link TestWalletOptionsError}. */
export type TestWalletOptions = {
  /** Private keys (0x + 64 hex digits), account 0 first. Default: anvil's five development accounts. */
  accounts?: readonly Hex[]
  /** A BIP-39 English mnemonic instead of `accounts`: its first `accountCount` accounts (default 5) at m/44'/60'/0'/0/i. */
  mnemonic?: string
  /** How many accounts `mnemonic` gives (1–20). */
  accountCount?: number
  /**
   * How many accounts a site is given once it connects (a visitor who connected several accounts of the wallet): the
   * selected account first, then the lowest-indexed others; each of them may sign and send. 1 to the number of
   * accounts; default 1.
   */
  exposedAccounts?: number
  /** The chains, the first current: chain ids (on `rpcUrl`) or {@link TestWalletChain}s. Default `[31337]`. */
  chains?: readonly (number | TestWalletChain)[]
  /** The RPC URL of the chains given without one (anvil's default `http://127.0.0.1:8545`). */
  rpcUrl?: string
  /** EIP-6963 identity: reverse-DNS id (the modal's connector id), default 'org.latchkey.test-wallet'. */
  rdns?: string
  /** EIP-6963 name, shown in Connect; default 'Test Wallet'. */
  name?: string
  /** EIP-6963 icon, a data URI; default the development wallet's key. */
  icon?: string
  /** How prompts are answered when no `answerNext` is queued. Default 'approve'. */
  answer?: PromptAnswer
  /** Where the wallet keeps its authorisation, account and chain (as an extension does); default memory only. */
  storage?: WalletStorage
  /** The storage key; default `latchkey-test-wallet:<rdns>`. */
  storageKey?: string
}

/** The default EIP-6963 identity of a test wallet. */
export const TEST_WALLET_RDNS = 'org.latchkey.test-wallet'
export const TEST_WALLET_NAME = 'Test Wallet'
const DEFAULT_RPC_URL = 'http://127.0.0.1:8545'

/** The storage key a test wallet with this rdns keeps its state under (its authorisation of the site, account, chain). */
export function testWalletStorageKey(rdns: string = TEST_WALLET_RDNS): string {
  return `latchkey-test-wallet:${rdns}`
}

const promptKinds: readonly PromptKind[] = ['connect', 'switchChain', 'addChain', 'sign', 'sendTransaction']

function parseChains(chains: unknown, rpcUrl: unknown): DevWalletChain[] {
  if (typeof rpcUrl !== 'string' || !/^https?:\/\/[^\s]+$/.test(rpcUrl)) throw new TestWalletOptionsError('Invalid test wallet RPC URL', { details: `options.rpcUrl must be an http(s) URL, got ${preview(rpcUrl)}` })
  if (!Array.isArray(chains) || chains.length === 0) throw new TestWalletOptionsError('Invalid test wallet chains', { details: 'options.chains must be a non-empty array of chain ids or { chainId, rpcUrl }' })
  return chains.map((entry: unknown, i) => {
    const chain = (typeof entry === 'number' ? { chainId: entry } : entry) as Partial<TestWalletChain> | null
    const chainId = chain?.chainId
    if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId < 1) {
      throw new TestWalletOptionsError('Invalid test wallet chain', { details: `options.chains[${i}] must be a positive integer chain id, got ${preview(typeof entry === 'number' ? entry : chainId)}` })
    }
    const url = chain?.rpcUrl ?? rpcUrl
    if (typeof url !== 'string' || !/^https?:\/\/[^\s]+$/.test(url)) throw new TestWalletOptionsError('Invalid test wallet chain', { details: `options.chains[${i}].rpcUrl must be an http(s) URL, got ${preview(url)}` })
    return { chainId, name: chain?.name ?? `Chain ${chainId}`, rpcUrl: url, ...(chain?.nativeCurrency ? { nativeCurrency: chain.nativeCurrency } : {}) }
  })
}

/**
 * A wallet a test controls. `provider` is its EIP-1193 provider (give it to the page, or announce it with
 * {@link TestWallet.announce}); the rest is the test's side.
 */
export class TestWallet {
  /** The EIP-1193 provider (the development wallet). */
  readonly provider: DevWallet
  /** The EIP-6963 identity it is announced with. */
  readonly info: Omit<DevWalletInfo, 'uuid'>
  readonly #desk: PromptDesk<PromptKind, Prompt>
  /** The accounts given in the options; none for anvil's development accounts. */
  readonly #given: readonly LocalAccount[] | undefined

  /** @throws TestWalletOptionsError for each malformed option (see {@link TestWalletOptions}). */
  constructor(options: TestWalletOptions = {}) {
    if (typeof options !== 'object' || options === null) throw new TestWalletOptionsError('Invalid test wallet options', { details: `options must be an object, got ${preview(options)}` })
    const accounts = accountsFromOptions(options)
    this.#given = accounts
    const chains = parseChains(options.chains ?? [31337], options.rpcUrl ?? DEFAULT_RPC_URL)
    for (const key of ['rdns', 'name', 'icon', 'storageKey'] as const) {
      const value = options[key]
      if (value !== undefined && (typeof value !== 'string' || value.length === 0))
        throw new TestWalletOptionsError('Invalid test wallet option', { details: `options.${key} must be a non-empty string, got ${preview(value)}` })
    }
    const exposed = options.exposedAccounts
    if (exposed !== undefined && (typeof exposed !== 'number' || !Number.isInteger(exposed) || exposed < 1 || exposed > (accounts?.length ?? 5)))
      throw new TestWalletOptionsError('Invalid test wallet option', { details: `options.exposedAccounts must be an integer from 1 to the number of accounts, got ${preview(exposed)}` })
    const rdns = options.rdns ?? TEST_WALLET_RDNS
    this.info = { rdns, name: options.name ?? TEST_WALLET_NAME, icon: options.icon ?? devWalletIcon }
    this.provider = new DevWallet({
      chains,
      ...(accounts ? { accounts } : {}),
      ...(exposed ? { exposedAccounts: exposed } : {}),
      ...(options.storage ? { storage: options.storage } : {}),
      storageKey: options.storageKey ?? testWalletStorageKey(rdns),
      autoApprove: false,
    })
    const provider = this.provider
    this.#desk = new PromptDesk<PromptKind, Prompt>(
      promptKinds,
      {
        pending: () => provider.pending,
        apply: (prompt, answer) => {
          if (answer === 'approve') provider.approve(prompt.id)
          else if (answer === 'reject') provider.reject(prompt.id)
          else provider.fail(prompt.id, new DevWalletRpcError(answer.code, answer.message, answer.data))
        },
      },
      options.answer ?? 'approve',
    )
    this.provider.subscribe(() => this.#desk.update())
  }

  /** The checksummed addresses of the accounts, index order. */
  get addresses(): readonly Hex[] {
    return this.provider.addresses
  }

  /** The wallet's chain ids: its own, then those a site added. */
  get chainIds(): readonly number[] {
    return this.provider.chains.map((c) => c.chainId)
  }

  /** Authorised or not, the selected account (index and address), the current chain id. */
  get state(): { authorised: boolean; accountIndex: number; address: Hex; chainId: number } {
    const { authorised, accountIndex, address, chainId } = this.provider.state
    return { authorised, accountIndex, address, chainId }
  }

  /** The prompts left hanging, oldest first. */
  get prompts(): Prompt[] {
    return this.provider.pending
  }

  /**
   * The answer to every prompt with none queued (`answerNext`). 'hang' leaves them pending until {@link TestWallet.settle}.
   * @throws TestWalletOptionsError for a malformed answer.
   */
  setAnswer(answer: PromptAnswer): void {
    this.#desk.setAnswer(answer)
  }

  /**
   * Queues the answer to the next prompt (of `kind`, when given; any kind otherwise). Queued answers are used in order.
   * @throws TestWalletOptionsError for a malformed answer or kind.
   */
  answerNext(answer: PromptAnswer, kind?: PromptKind): void {
    this.#desk.answerNext(answer, kind)
  }

  /**
   * Resolves with the next prompt left hanging (of `kind`, when given), or the oldest one already hanging.
   * @throws TestWalletOptionsError for a malformed kind.
   */
  waitForPrompt(kind?: PromptKind): Promise<Prompt> {
    return this.#desk.waitForPrompt(kind)
  }

  /**
   * Answers a hanging prompt (default: the oldest).
   * @throws TestWalletError when no prompt hangs (or none with this id); TestWalletOptionsError for a malformed answer.
   */
  settle(answer: PromptAnswer, id?: number): void {
    this.#desk.settle(answer, id)
  }

  /**
   * Selects account `index` (as the user does in the wallet): emits `accountsChanged` when the site is connected.
   * @throws UnknownAccountError outside the wallet's accounts.
   */
  setAccount(index: number): void {
    this.provider.setAccount(index)
  }

  /**
   * Switches the wallet's chain (as the user does in the wallet): emits `chainChanged`.
   * @throws UnknownChainError for a chain the wallet does not have.
   */
  setChain(chainId: number): void {
    this.provider.setChain(chainId)
  }

  /** Disconnects the site from the wallet's side: emits `accountsChanged` ([]) and `disconnect` (4900). */
  disconnect(): void {
    this.provider.disconnect()
  }

  /**
   * Signs `message` as account `index` would answer `personal_sign` (EIP-191), at once and with no prompt: the test's
   * own use of the wallet's keys (a signature made earlier, such as the sign-in a connected start seeds). The site never
   * sees it; the wallet's state does not change.
   * @param message the text to sign (UTF-8; a 0x string is signed as text too, unlike `personal_sign`).
   * @param index the account (default 0).
   * @returns the 65-byte signature, hex.
   * @throws UnknownAccountError outside the wallet's accounts (the promise rejects); TestWalletError for a message that
   *   is not a string.
   * @example await wallet.signMessage('example.org wants you to sign in…', 1)
   */
  signMessage(message: string, index = 0): Promise<Hex> {
    if (typeof message !== 'string') return Promise.reject(new TestWalletError('The test wallet signs text only', { details: `message must be a string, got ${preview(message)}` }))
    const count = this.provider.addresses.length
    if (!Number.isInteger(index) || index < 0 || index >= count) return Promise.reject(new UnknownAccountError(index, count))
    const account = this.#given ? (this.#given[index] as LocalAccount) : devAccount(index)
    return account.signMessage({ message })
  }

  /** Makes the wallet misbehave like a broken real one (answers garbage accounts or chain ids, throws strings…). */
  misbehave(misbehaviour: DevWalletMisbehaviour): void {
    this.provider.misbehave = { ...misbehaviour }
  }

  /**
   * Announces the wallet over EIP-6963 on `target` (default `window`), now and on every `eip6963:requestProvider`.
   * @returns a function that withdraws it.
   */
  announce(target: EventTarget = window): () => void {
    return announceDevWallet(this.provider, { ...this.info }, target)
  }
}

/**
 * A test wallet (see {@link TestWallet}), not announced yet.
 * @throws TestWalletOptionsError for each malformed option.
 * @example const wallet = createTestWallet({ mnemonic, chains: [31337], rpcUrl: anvil.url }); wallet.answerNext('reject', 'sign')
 */
export function createTestWallet(options: TestWalletOptions = {}): TestWallet {
  return new TestWallet(options)
}

/**
 * A test wallet announced over EIP-6963 in `target` (default `window`): for Vitest with happy-dom or jsdom, or any page
 * script. The modal finds it as it finds a browser extension. Its state is kept in `localStorage` when there is one.
 * @returns the wallet and the function that withdraws it.
 * @throws TestWalletOptionsError for each malformed option.
 */
export function installTestWallet(options: TestWalletOptions = {}, target: EventTarget = window): { wallet: TestWallet; uninstall: () => void } {
  const storage = options.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage)
  const wallet = new TestWallet({ ...options, ...(storage ? { storage } : {}) })
  return { wallet, uninstall: wallet.announce(target) }
}
