/**
 * The test Solana wallet of `latchkey/testing/solana`: the development Solana wallet ({@link DevSolanaWallet}: Wallet
 * Standard, web3.js keypairs, transactions signed and sent for real through the chain's RPC) with its prompts answered
 * by the test instead of a person (approve, reject 4001, hang, fail with a given error; see `../prompts.ts`). The
 * wallet's own actions are the Wallet Standard `change` events: `setAccount` (new accounts), `disconnect` (none).
 */
import type { IdentifierString } from '@wallet-standard/base'
import { TestWalletOptionsError, UnknownAccountError } from '../errors.ts'
import { type PromptAnswer, PromptDesk } from '../prompts.ts'
import { preview } from '../wallet/keys.ts'
import { solanaKeypairsFromOptions } from './keys.ts'
import { TEST_SOLANA_WALLET_NAME, testSolanaWalletStorageKey } from './names.ts'
import { SOLANA_LOCALNET_CAIP_NETWORK_ID, SOLANA_LOCALNET_STANDARD_CHAIN } from './localnet.ts'
import { registerStandardWallet } from '../register.ts'
import type { DevSolanaWalletMisbehaviour } from './types.ts'
import type { SolanaPrompt, SolanaPromptKind, TestSolanaWalletChain, TestSolanaWalletOptions } from './testWalletTypes.ts'
import { DevSolanaWallet, DevSolanaWalletError } from './wallet.ts'

export type { SolanaPrompt, SolanaPromptKind, TestSolanaWalletChain, TestSolanaWalletOptions } from './testWalletTypes.ts'

export { TEST_SOLANA_WALLET_NAME, testSolanaWalletStorageKey } from './names.ts'

const DEFAULT_SOLANA_RPC_URL = 'http://127.0.0.1:8899'
const solanaPromptKinds: readonly SolanaPromptKind[] = ['connect', 'signMessage', 'signTransaction', 'signAndSendTransaction']
const httpUrl = /^https?:\/\/[^\s]+$/
/** `solana:` and a cluster name or a CAIP-2 reference (base58, 32 characters at most). */
const solanaChainId = /^solana:[1-9A-HJ-NP-Za-km-z]{1,32}$|^solana:(mainnet|devnet|testnet|localnet)$/

function parseSolanaChains(chains: unknown, rpcUrl: unknown): Array<{ id: IdentifierString; rpcUrl: string }> {
  if (typeof rpcUrl !== 'string' || !httpUrl.test(rpcUrl)) throw new TestWalletOptionsError('Invalid test wallet RPC URL', { details: `options.rpcUrl must be an http(s) URL, got ${preview(rpcUrl)}` })
  if (!Array.isArray(chains) || chains.length === 0)
    throw new TestWalletOptionsError('Invalid test Solana wallet chains', { details: "options.chains must be a non-empty array of ids ('solana:<reference>') or { id, rpcUrl }" })
  return chains.map((entry: unknown, i) => {
    const chain = (typeof entry === 'string' ? { id: entry } : entry) as Partial<TestSolanaWalletChain> | null
    const id = chain?.id
    if (typeof id !== 'string' || !solanaChainId.test(id)) {
      throw new TestWalletOptionsError('Invalid test Solana wallet chain', {
        details: `options.chains[${i}] must be 'solana:' and a CAIP-2 reference or cluster name, got ${preview(typeof entry === 'string' ? entry : id)}`,
      })
    }
    const url = chain?.rpcUrl ?? rpcUrl
    if (typeof url !== 'string' || !httpUrl.test(url)) throw new TestWalletOptionsError('Invalid test Solana wallet chain', { details: `options.chains[${i}].rpcUrl must be an http(s) URL, got ${preview(url)}` })
    return { id: id as IdentifierString, rpcUrl: url }
  })
}

/** A Solana wallet a test controls. `wallet` is the Wallet Standard wallet (register it, or {@link TestSolanaWallet.register}); the rest is the test's side. */
export class TestSolanaWallet {
  /** The Wallet Standard wallet (the development Solana wallet). */
  readonly wallet: DevSolanaWallet
  readonly #desk: PromptDesk<SolanaPromptKind, SolanaPrompt>

  /** @throws TestWalletOptionsError for each malformed option (see {@link TestSolanaWalletOptions}). */
  constructor(options: TestSolanaWalletOptions = {}) {
    if (typeof options !== 'object' || options === null) throw new TestWalletOptionsError('Invalid test wallet options', { details: `options must be an object, got ${preview(options)}` })
    const keypairs = solanaKeypairsFromOptions(options)
    const chains = parseSolanaChains(options.chains ?? [SOLANA_LOCALNET_CAIP_NETWORK_ID, SOLANA_LOCALNET_STANDARD_CHAIN], options.rpcUrl ?? DEFAULT_SOLANA_RPC_URL)
    for (const key of ['name', 'storageKey'] as const) {
      const value = options[key]
      if (value !== undefined && (typeof value !== 'string' || value.length === 0))
        throw new TestWalletOptionsError('Invalid test wallet option', { details: `options.${key} must be a non-empty string, got ${preview(value)}` })
    }
    const name = options.name ?? TEST_SOLANA_WALLET_NAME
    const wallet = new DevSolanaWallet({
      rpcUrl: chains[0]!.rpcUrl,
      chains,
      name,
      ...(keypairs ? { keypairs } : {}),
      ...(options.storage ? { storage: options.storage } : {}),
      storageKey: options.storageKey ?? testSolanaWalletStorageKey(name),
      autoApprove: false,
    })
    this.wallet = wallet
    this.#desk = new PromptDesk<SolanaPromptKind, SolanaPrompt>(
      solanaPromptKinds,
      {
        pending: () => wallet.pending,
        apply: (prompt, answer) => {
          if (answer === 'approve') wallet.approve(prompt.id)
          else if (answer === 'reject') wallet.reject(prompt.id)
          else wallet.fail(prompt.id, new DevSolanaWalletError(answer.code, answer.message, answer.data))
        },
      },
      options.answer ?? 'approve',
    )
    wallet.subscribe(() => this.#desk.update())
  }

  /** The wallet's name (the modal's connector id for it). */
  get name(): string {
    return this.wallet.name
  }

  /** The base58 addresses of the accounts, index order. */
  get addresses(): readonly string[] {
    return this.wallet.addresses
  }

  /** The chain ids. */
  get chains(): readonly string[] {
    return this.wallet.chains
  }

  /** Authorised or not, the selected account (index and address). */
  get state(): { authorised: boolean; accountIndex: number; address: string } {
    const { authorised, accountIndex, address } = this.wallet.state
    return { authorised, accountIndex, address }
  }

  /** The prompts left hanging, oldest first. */
  get prompts(): SolanaPrompt[] {
    return this.#desk.prompts
  }

  /**
   * The answer to every prompt with none queued.
   * @throws TestWalletOptionsError for a malformed answer.
   */
  setAnswer(answer: PromptAnswer): void {
    this.#desk.setAnswer(answer)
  }

  /**
   * Queues the answer to the next prompt (of `kind`, when given). Queued answers are used in order.
   * @throws TestWalletOptionsError for a malformed answer or kind.
   */
  answerNext(answer: PromptAnswer, kind?: SolanaPromptKind): void {
    this.#desk.answerNext(answer, kind)
  }

  /**
   * Resolves with the next prompt left hanging (of `kind`), or the oldest one already hanging.
   * @throws TestWalletOptionsError for a malformed kind.
   */
  waitForPrompt(kind?: SolanaPromptKind): Promise<SolanaPrompt> {
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
   * Selects account `index` (as the user does in the wallet): a `change` event with the new account when connected.
   * @throws UnknownAccountError outside the wallet's accounts.
   */
  setAccount(index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.addresses.length) throw new UnknownAccountError(index, this.addresses.length)
    this.wallet.setAccount(index)
  }

  /** Disconnects the site from the wallet's side: a `change` event with no accounts. */
  disconnect(): void {
    this.wallet.disconnect()
  }

  /** Makes the wallet misbehave like a broken or malicious one (unsigned or altered transactions, bad signatures, thrown strings). */
  misbehave(misbehaviour: DevSolanaWalletMisbehaviour): void {
    this.wallet.misbehave = { ...misbehaviour }
  }

  /**
   * Registers the wallet with the page's Wallet Standard apps (the modal among them), now and for apps that start later.
   * @returns a function that unregisters it.
   */
  register(target: EventTarget = window): () => void {
    return registerStandardWallet(this.wallet, target)
  }
}

/**
 * A test Solana wallet (see {@link TestSolanaWallet}), not registered yet.
 * @throws TestWalletOptionsError for each malformed option.
 * @example const solana = createTestSolanaWallet({ rpcUrl: 'http://127.0.0.1:8899' }); solana.answerNext('reject', 'signMessage')
 */
export function createTestSolanaWallet(options: TestSolanaWalletOptions = {}): TestSolanaWallet {
  return new TestSolanaWallet(options)
}

/**
 * A test Solana wallet registered with the Wallet Standard in `target` (default `window`): for Vitest with happy-dom or
 * jsdom, or any page script. Its state is kept in `localStorage` when there is one.
 * @returns the wallet and the function that unregisters it.
 * @throws TestWalletOptionsError for each malformed option.
 */
export function installTestSolanaWallet(options: TestSolanaWalletOptions = {}, target: EventTarget = window): { wallet: TestSolanaWallet; uninstall: () => void } {
  const storage = options.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage)
  const wallet = new TestSolanaWallet({ ...options, ...(storage ? { storage } : {}) })
  return { wallet, uninstall: wallet.register(target) }
}
