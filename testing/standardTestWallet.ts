/**
 * The test's side of the Wallet Standard test wallets (Solana, Bitcoin), shared by both: the development wallet behind
 * it, its prompts answered through one {@link PromptDesk} (approve, reject 4001, hang, fail with the test's error), the
 * wallet's own actions (`setAccount`, `disconnect`: Wallet Standard `change` events), its misbehaviour switches, and its
 * registration with the page's Wallet Standard apps.
 */
import type { Wallet } from '@wallet-standard/base'
import { UnknownAccountError } from './errors.ts'
import { type PromptAnswer, PromptDesk } from './prompts.ts'
import { registerStandardWallet } from './register.ts'

/** What a development wallet offers its test side: its pending requests and how to answer them, its accounts, its switches. */
export type DeskWallet<P, M> = Wallet & {
  readonly pending: P[]
  readonly addresses: readonly string[]
  approve(id: number): boolean
  reject(id: number): boolean
  fail(id: number, error: unknown): boolean
  subscribe(listener: () => void): () => void
  setAccount(index: number): void
  disconnect(): void
  misbehave: M
}

/** A Wallet Standard wallet a test controls: `wallet` is the development wallet (register it, or {@link StandardTestWallet.register}); the rest is the test's side. */
export abstract class StandardTestWallet<K extends string, P extends { id: number; kind: K }, W extends DeskWallet<P, M>, M> {
  /** The Wallet Standard wallet (the development wallet). */
  readonly wallet: W
  readonly #desk: PromptDesk<K, P>

  /**
   * @param failure the wallet's error for a `{ code, message, data }` answer.
   * @throws TestWalletOptionsError for a malformed default answer.
   */
  protected constructor(wallet: W, kinds: readonly K[], answer: unknown, failure: (answer: { code: number; message: string; data?: unknown }) => unknown) {
    this.wallet = wallet
    this.#desk = new PromptDesk<K, P>(
      kinds,
      {
        pending: () => wallet.pending,
        apply: (prompt, given) => {
          if (given === 'approve') wallet.approve(prompt.id)
          else if (given === 'reject') wallet.reject(prompt.id)
          else wallet.fail(prompt.id, failure(given))
        },
      },
      answer ?? 'approve',
    )
    wallet.subscribe(() => this.#desk.update())
  }

  /** The wallet's name (the modal's connector id for it). */
  get name(): string {
    return this.wallet.name
  }

  /** The accounts' addresses, index order (Bitcoin: the payment addresses). */
  get addresses(): readonly string[] {
    return this.wallet.addresses
  }

  /** The Wallet Standard chain ids. */
  get chains(): readonly string[] {
    return this.wallet.chains
  }

  /** The prompts left hanging, oldest first. */
  get prompts(): P[] {
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
  answerNext(answer: PromptAnswer, kind?: K): void {
    this.#desk.answerNext(answer, kind)
  }

  /**
   * Resolves with the next prompt left hanging (of `kind`), or the oldest one already hanging.
   * @throws TestWalletOptionsError for a malformed kind.
   */
  waitForPrompt(kind?: K): Promise<P> {
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

  /** Makes the wallet misbehave like a broken or malicious one (see the wallet's misbehaviour type). */
  misbehave(misbehaviour: M): void {
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
