/**
 * The test Solana wallet of `latchkey/testing/solana`: the development Solana wallet ({@link DevSolanaWallet}: Wallet
 * Standard, web3.js keypairs, transactions signed and sent for real through the chain's RPC) with its prompts answered
 * by the test instead of a person (approve, reject 4001, hang, fail with a given error; see `../prompts.ts`). The
 * wallet's own actions are the Wallet Standard `change` events: `setAccount` (new accounts), `disconnect` (none).
 */
import type { IdentifierString } from '@wallet-standard/base'
import { TestWalletOptionsError } from '../errors.ts'
import { StandardTestWallet } from '../standardTestWallet.ts'
import { preview } from '../wallet/keys.ts'
import { solanaKeypairsFromOptions } from './keys.ts'
import { TEST_SOLANA_WALLET_NAME, testSolanaWalletStorageKey } from './names.ts'
import { SOLANA_LOCALNET_CAIP_NETWORK_ID, SOLANA_LOCALNET_STANDARD_CHAIN } from './localnet.ts'
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
export class TestSolanaWallet extends StandardTestWallet<SolanaPromptKind, SolanaPrompt, DevSolanaWallet, DevSolanaWalletMisbehaviour> {
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
    super(wallet, solanaPromptKinds, options.answer, (answer) => new DevSolanaWalletError(answer.code, answer.message, answer.data))
  }

  /** Authorised or not, the selected account (index and address). */
  get state(): { authorised: boolean; accountIndex: number; address: string } {
    const { authorised, accountIndex, address } = this.wallet.state
    return { authorised, accountIndex, address }
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
