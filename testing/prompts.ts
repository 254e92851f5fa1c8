/**
 * The prompts of a test wallet (EVM, Solana, Bitcoin): every request that needs the user waits in the wallet's pending
 * list, and the test decides each — approve, reject (4001), hang (pending until the test settles it), or fail with a
 * given error — in advance (`answerNext`, `setAnswer`) or while it waits (`waitForPrompt`, `settle`). One desk per
 * wallet; the wallet says how an answer is applied to its own pending request.
 */
import { TestWalletError, TestWalletOptionsError } from './errors.ts'
import { preview } from './wallet/keys.ts'

/** How a prompt is answered: approved, rejected by the user (4001), left hanging, or failed with this error. */
export type PromptAnswer = 'approve' | 'reject' | 'hang' | { code: number; message: string; data?: unknown }

/**
 * Checks an answer given by a test.
 * @throws TestWalletOptionsError when it is not 'approve', 'reject', 'hang' or `{ code: integer, message: string }`.
 */
export function parseAnswer(value: unknown, field = 'answer'): PromptAnswer {
  if (value === 'approve' || value === 'reject' || value === 'hang') return value
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const { code, message, data } = value as Record<string, unknown>
    if (Number.isInteger(code) && typeof message === 'string') return { code: code as number, message, ...(data !== undefined ? { data } : {}) }
  }
  throw new TestWalletOptionsError('Invalid prompt answer', { details: `${field} must be 'approve', 'reject', 'hang' or { code, message }, got ${preview(value)}` })
}

/** What the desk needs of a wallet: its pending requests, and how to approve, reject or fail one. */
export type PromptSource<P extends { id: number; kind: string }> = {
  pending(): P[]
  /** Applies a final answer to the pending request `prompt`. */
  apply(prompt: P, answer: Exclude<PromptAnswer, 'hang'>): void
}

/** Answers a wallet's prompts as the test said. Call {@link PromptDesk.update} whenever the wallet's pending list changes. */
export class PromptDesk<K extends string, P extends { id: number; kind: K }> {
  #answer: PromptAnswer
  readonly #kinds: readonly K[]
  readonly #source: PromptSource<P>
  readonly #queued: Array<{ answer: PromptAnswer; kind: K | undefined }> = []
  readonly #hung = new Set<number>()
  #answering = false
  readonly #waiters = new Set<{ kind: K | undefined; resolve: (prompt: P) => void }>()

  /** @throws TestWalletOptionsError for a malformed default answer. */
  constructor(kinds: readonly K[], source: PromptSource<P>, answer: unknown = 'approve') {
    this.#kinds = kinds
    this.#source = source
    this.#answer = parseAnswer(answer, 'options.answer')
  }

  /** The prompts left hanging, oldest first. */
  get prompts(): P[] {
    return this.#source.pending()
  }

  /** @throws TestWalletOptionsError for a kind the wallet does not have. */
  parseKind(value: unknown): K | undefined {
    if (value === undefined) return undefined
    if (this.#kinds.includes(value as K)) return value as K
    throw new TestWalletOptionsError('Invalid prompt kind', { details: `kind must be one of ${this.#kinds.join(', ')}, got ${preview(value)}` })
  }

  /** @throws TestWalletOptionsError for a malformed answer. */
  setAnswer(answer: PromptAnswer): void {
    this.#answer = parseAnswer(answer)
  }

  /** @throws TestWalletOptionsError for a malformed answer or kind. */
  answerNext(answer: PromptAnswer, kind?: K): void {
    this.#queued.push({ answer: parseAnswer(answer), kind: this.parseKind(kind) })
  }

  /** @throws TestWalletOptionsError for a malformed kind. */
  waitForPrompt(kind?: K): Promise<P> {
    const wanted = this.parseKind(kind)
    const already = this.prompts.find((p) => wanted === undefined || p.kind === wanted)
    if (already) return Promise.resolve(already)
    return new Promise((resolve) => {
      const waiter = {
        kind: wanted,
        resolve: (prompt: P) => {
          this.#waiters.delete(waiter)
          resolve(prompt)
        },
      }
      this.#waiters.add(waiter)
    })
  }

  /** @throws TestWalletError when no prompt hangs (or none with this id); TestWalletOptionsError for a malformed answer. */
  settle(answer: PromptAnswer, id?: number): void {
    const parsed = parseAnswer(answer)
    const prompt = id === undefined ? this.prompts[0] : this.prompts.find((p) => p.id === id)
    if (!prompt) throw new TestWalletError(id === undefined ? 'No prompt is pending in the test wallet' : `No pending prompt ${id} in the test wallet`)
    this.#apply(prompt, parsed)
  }

  /** Answers each new prompt in turn; an answer settles a prompt and notifies again, which is not re-entered. */
  update(): void {
    if (this.#answering) return
    this.#answering = true
    try {
      for (let prompt = this.#unanswered(); prompt; prompt = this.#unanswered()) {
        const index = this.#queued.findIndex((q) => q.kind === undefined || q.kind === prompt.kind)
        this.#apply(prompt, index >= 0 ? this.#queued.splice(index, 1)[0]!.answer : this.#answer)
      }
    } finally {
      this.#answering = false
    }
  }

  #unanswered(): P | undefined {
    return this.#source.pending().find((p) => !this.#hung.has(p.id))
  }

  #apply(prompt: P, answer: PromptAnswer): void {
    if (answer === 'hang') {
      this.#hung.add(prompt.id)
      for (const waiter of [...this.#waiters]) if (waiter.kind === undefined || waiter.kind === prompt.kind) waiter.resolve(prompt)
      return
    }
    this.#hung.delete(prompt.id)
    this.#source.apply(prompt, answer)
  }
}
