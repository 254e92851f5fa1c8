/**
 * A loopback WalletConnect pair for a dapp's tests: the loopback relay (./relay/server.ts) and the WalletConnect test
 * wallet (../walletConnect/wallet.ts) started together on 127.0.0.1, so that a WalletConnect pairing runs with no
 * internet. The dapp's modal talks to the relay (`walletConnect: { relayUrl: pair.relayUrl }`, or the `walletConnect`
 * fixture of `latchkey/testing/playwright`, which routes the page's relay socket to it); the test reads the pairing URI
 * the modal shows and hands it to {@link WalletConnectPair.pair}; the wallet answers each proposal and request as the
 * test says (approve, reject, hang, or fail with a given error), signs with keys from a mnemonic (several accounts, one
 * active) and sends to the chain's RPC. Node only.
 *
 * Needs `ws` and `@walletconnect/sign-client` (optional peers of latchkey); they load on the first start.
 */
import { TestWalletOptionsError } from '../errors.ts'
import { withPeers } from '../playwright/peers.ts'
import { parseAnswer, type PromptAnswer } from '../prompts.ts'
import { accountsFromOptions, preview } from '../wallet/keys.ts'
import type { LocalAccount } from 'viem'
import type { DevMobilePending, DevMobilePendingKind, DevMobileWalletMisbehaviour, DevMobileWalletState } from '../walletConnect/types.ts'

/** The packages a pair needs (optional peer dependencies of latchkey). */
export const WALLETCONNECT_PAIR_PEERS = ['ws', '@walletconnect/sign-client'] as const

/** Options of {@link startWalletConnectPair}. */
export type WalletConnectPairOptions = {
  /** The chain's JSON-RPC URL (http or https; anvil's, or the `chain` fixture's `rpcUrl`): the wallet sends there. */
  rpcUrl: string
  /** The chain's id; default the id the node reports (`eth_chainId`). */
  chainId?: number
  /**
   * The wallet's keys, as the EIP-1193 test wallet's: the first `accountCount` accounts (default 5) of `mnemonic`
   * (BIP-39, English), or `accounts` (private keys). Default anvil's five dev accounts. The first is active; every
   * session carries them all on each of its chains, the active one first.
   */
  mnemonic?: string
  accounts?: readonly string[]
  /** How many accounts `mnemonic` gives (1–20). */
  accountCount?: number
  /**
   * How the wallet answers each proposal and request unless told otherwise: 'approve' (default), 'reject' (5000 for a
   * proposal, 4001 for a request), 'hang', or `{ code, message, data? }` (the request's JSON-RPC error; a proposal's
   * rejection reason).
   */
  answer?: WalletConnectAnswer
  /** The 32-hex project id the wallet gives the SDK; a loopback relay never checks it. Default one that spells "latchkey". */
  projectId?: string
  /** The relay's TCP port on 127.0.0.1; default 0 (a free one). */
  port?: number
}

/**
 * How the WalletConnect test wallet answers a prompt: approved, rejected (5000 for a proposal, 4001 for a request), left
 * hanging, or failed with `{ code, message, data? }` — the same answers as the other test wallets'.
 */
export type WalletConnectAnswer = PromptAnswer

/** What a WalletConnect test wallet's prompt asks: a session 'proposal', or a request's kind ('sign', 'sendTransaction', 'switchChain', 'addChain'). */
export type WalletConnectPromptKind = DevMobilePendingKind

/** The test's handle on the WalletConnect test wallet of a pair. */
export type WalletConnectTestWallet = {
  /** The active account (checksummed): it signs what names no other account. */
  readonly address: `0x${string}`
  /** Every account the wallet holds (checksummed), index order. */
  readonly addresses: readonly `0x${string}`[]
  /** A snapshot: status, sessions, chain, pending prompts. */
  state(): DevMobileWalletState
  /** The prompts left hanging, oldest first. */
  readonly prompts: DevMobilePending[]
  /** How every prompt is answered from now on, unless {@link WalletConnectTestWallet.answerNext} says otherwise. @throws TestWalletOptionsError for another answer. */
  setAnswer(answer: WalletConnectAnswer): void
  /** How the next prompt (of `kind`, when given) is answered. @throws TestWalletOptionsError for a malformed answer or kind. */
  answerNext(answer: WalletConnectAnswer, kind?: WalletConnectPromptKind): void
  /** Resolves with the first prompt (of `kind`) left hanging. */
  waitForPrompt(kind?: WalletConnectPromptKind): Promise<DevMobilePending>
  /** Answers a hanging prompt (the oldest, or `id`). @throws TestWalletError when none hangs. */
  settle(answer: Exclude<WalletConnectAnswer, 'hang'>, id?: number): void
  /** Resolves once the wallet's state satisfies `predicate` (e.g. a session the dapp acknowledged). @throws DevMobileWalletError after `timeoutMs` (default 10 000). */
  waitFor(predicate: (state: DevMobileWalletState) => boolean, timeoutMs?: number): Promise<DevMobileWalletState>
  /** Switches the wallet's chain (one of its chains) and tells every session (`chainChanged`). @throws DevMobileWalletError for a chain it does not have. */
  switchChain(chainId: number): Promise<void>
  /**
   * Makes account `index` the active one (as the user does in the wallet): every session's accounts are updated with
   * it first, then `accountsChanged` is emitted. @throws DevMobileWalletError outside the wallet's accounts.
   */
  setAccount(index: number): Promise<void>
  /**
   * Makes the wallet misbehave like a broken real one: `results` (answers sent instead of the real ones, by method —
   * garbage such as `{ personal_sign: { not: 'a signature' } }`), `address` (a non-address in the session's accounts),
   * `neverAnswer` (methods never answered). Replaces the previous misbehaviour; `{}` ends it.
   */
  misbehave(misbehaviour: DevMobileWalletMisbehaviour): void
  /** Ends the sessions from the wallet's side (the dapp gets `session_delete`). */
  disconnect(): Promise<void>
}

/** A running pair: the relay's URL, the wallet, and the pairing step. */
export type WalletConnectPair = {
  /** `ws://127.0.0.1:<port>`: the `walletConnect.relayUrl` for the dapp's modal. */
  readonly relayUrl: string
  readonly wallet: WalletConnectTestWallet
  /**
   * Pairs the wallet with the dapp's `wc:` URI (the modal's QR code or its copied link); the proposal then arrives and
   * is answered as the wallet was told.
   * @throws DevMobileWalletError for a malformed or expired URI.
   */
  pair(uri: string): Promise<void>
  /** Closes the wallet's socket and the relay, and frees the port. Idempotent. */
  close(): Promise<void>
}

/** The options checked, what the start needs. */
export type ParsedPairOptions = { rpcUrl: string; chainId: number | undefined; accounts: LocalAccount[] | undefined; answer: WalletConnectAnswer; projectId: string | undefined; port: number }

/**
 * Checks the options of a pair without starting anything.
 * @throws TestWalletOptionsError naming the field: `rpcUrl` not an http(s) URL, `chainId` not a positive integer, a
 *   malformed `mnemonic`, `accountCount` or `accounts` (or both), an answer other than 'approve', 'reject', 'hang' or
 *   `{ code, message }`, a `projectId`
 *   not 32 hex characters, a `port` outside 0–65535.
 */
export function parsePairOptions(options: WalletConnectPairOptions): ParsedPairOptions {
  if (typeof options !== 'object' || options === null) throw invalid('options must be an object with rpcUrl', options)
  const { rpcUrl, chainId, answer = 'approve', projectId, port = 0 } = options
  let url: URL | undefined
  try {
    url = typeof rpcUrl === 'string' ? new URL(rpcUrl) : undefined
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw invalid('options.rpcUrl must be an http(s) URL', rpcUrl)
  if (chainId !== undefined && (!Number.isSafeInteger(chainId) || chainId <= 0)) throw invalid('options.chainId must be a positive integer', chainId)
  const parsedAnswer = parseAnswer(answer, 'options.answer')
  if (projectId !== undefined && (typeof projectId !== 'string' || !/^[0-9a-f]{32}$/i.test(projectId))) throw invalid('options.projectId must be 32 hex characters', projectId)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw invalid('options.port must be an integer from 0 to 65535', port)
  const accounts = accountsFromOptions({ accounts: options.accounts, mnemonic: options.mnemonic, accountCount: options.accountCount })
  return { rpcUrl, chainId, accounts, answer: parsedAnswer, projectId, port }
}

function invalid(details: string, value: unknown): TestWalletOptionsError {
  return new TestWalletOptionsError('Invalid WalletConnect pair options', { details: `${details}, got ${preview(value)}` })
}

/**
 * Starts a loopback WalletConnect pair: the relay on 127.0.0.1 and the WalletConnect test wallet on it, holding the
 * accounts of the options (the first active), on the chain of `rpcUrl`.
 *
 * @throws TestWalletOptionsError for malformed options (see {@link parsePairOptions}), before anything starts;
 *   TestWalletError when `ws` or `@walletconnect/sign-client` (optional peers of latchkey) is not installed, naming
 *   them; ChainRequestError when `chainId` is not given and the node does not answer `eth_chainId`.
 * @example
 * const pair = await startWalletConnectPair({ rpcUrl: 'http://127.0.0.1:8545' })
 * // the dapp's modal on pair.relayUrl shows a wc: URI
 * await pair.pair(uri)
 * await pair.close()
 */
export async function startWalletConnectPair(options: WalletConnectPairOptions): Promise<WalletConnectPair> {
  const parsed = parsePairOptions(options)
  const { startPair } = await withPeers('The WalletConnect test pair', WALLETCONNECT_PAIR_PEERS, () => import('./walletConnectPair.run.ts'))
  return startPair(parsed)
}
