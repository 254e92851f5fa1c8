/**
 * The test Bitcoin wallet of `latchkey/testing/bitcoin`: the development Bitcoin wallet ({@link BitcoinDevWallet}:
 * Wallet Standard `bitcoin:` features, BIP-84 / BIP-86 keys, PSBTs signed and transfers broadcast for real through the
 * blockchain API it is given) with its prompts answered by the test instead of a person (approve, reject 4001, hang,
 * fail with a given error; see `../prompts.ts`). The wallet's own actions are the Wallet Standard `change` events:
 * `setAccount` (new accounts), `disconnect` (none).
 */
import { bitcoinChainsByReference, type BitcoinChain, type BitcoinMessageProtocol } from '../../adapters/bip122.standard.ts'
import { TestWalletOptionsError } from '../errors.ts'
import { StandardTestWallet } from '../standardTestWallet.ts'
import { preview } from '../wallet/keys.ts'
import { bitcoinAccountsFromOptions } from './keys.ts'
import { BITCOIN_CAIP_NETWORK_IDS, TEST_BITCOIN_WALLET_NAME, testBitcoinWalletStorageKey } from './names.ts'
import type { BitcoinDevWalletMisbehaviour } from './types.ts'
import type { BitcoinPrompt, BitcoinPromptKind, TestBitcoinWalletOptions } from './testWalletTypes.ts'
import { BitcoinDevWallet, BitcoinWalletError } from './wallet.ts'

export type { BitcoinPrompt, BitcoinPromptKind, TestBitcoinWalletOptions } from './testWalletTypes.ts'
export { BITCOIN_CAIP_NETWORK_IDS, TEST_BITCOIN_WALLET_NAME, testBitcoinWalletStorageKey } from './names.ts'

const DEFAULT_BITCOIN_API_URL = 'http://127.0.0.1:8600/blockchain'
const bitcoinPromptKinds: readonly BitcoinPromptKind[] = ['connect', 'signMessage', 'signTransaction', 'sendTransfer']
const httpUrl = /^https?:\/\/[^\s]+$/

/**
 * The Wallet Standard chain of a chain option: a CAIP-2 `bip122:` id of Bitcoin, its testnet or regtest, or one of
 * their Wallet Standard ids.
 * @throws TestWalletOptionsError for anything else.
 */
export function parseBitcoinChain(value: unknown): BitcoinChain {
  if (typeof value === 'string') {
    if (Object.hasOwn(BITCOIN_CAIP_NETWORK_IDS, value)) return value as BitcoinChain
    const reference = value.startsWith('bip122:') ? value.slice('bip122:'.length) : undefined
    if (reference !== undefined && Object.hasOwn(bitcoinChainsByReference, reference)) return bitcoinChainsByReference[reference] as BitcoinChain
  }
  throw new TestWalletOptionsError('Invalid test Bitcoin wallet chain', {
    details: `options.chain must be a CAIP-2 id of Bitcoin (${Object.values(BITCOIN_CAIP_NETWORK_IDS).join(', ')}) or 'bitcoin:mainnet', 'bitcoin:testnet', 'bitcoin:regtest', got ${preview(value)}`,
  })
}

function parseOptions(options: TestBitcoinWalletOptions): { chain: BitcoinChain; apiUrl: string; name: string; protocols?: readonly BitcoinMessageProtocol[]; feeRate?: number } {
  if (typeof options !== 'object' || options === null) throw new TestWalletOptionsError('Invalid test wallet options', { details: `options must be an object, got ${preview(options)}` })
  const chain = parseBitcoinChain(options.chain ?? 'bitcoin:regtest')
  const apiUrl = options.apiUrl ?? DEFAULT_BITCOIN_API_URL
  if (typeof apiUrl !== 'string' || !httpUrl.test(apiUrl)) throw new TestWalletOptionsError('Invalid test Bitcoin wallet API URL', { details: `options.apiUrl must be an http(s) URL, got ${preview(apiUrl)}` })
  for (const key of ['name', 'storageKey'] as const) {
    const value = options[key]
    if (value !== undefined && (typeof value !== 'string' || value.length === 0))
      throw new TestWalletOptionsError('Invalid test wallet option', { details: `options.${key} must be a non-empty string, got ${preview(value)}` })
  }
  const protocols = options.messageProtocols
  if (protocols !== undefined && (!Array.isArray(protocols) || protocols.length === 0 || !protocols.every((p) => p === 'bip322' || p === 'ecdsa'))) {
    throw new TestWalletOptionsError('Invalid test Bitcoin wallet message protocols', { details: `options.messageProtocols must be a non-empty list of 'bip322' and 'ecdsa', got ${preview(protocols)}` })
  }
  const feeRate = options.feeRate
  if (feeRate !== undefined && (typeof feeRate !== 'number' || !Number.isFinite(feeRate) || feeRate <= 0)) {
    throw new TestWalletOptionsError('Invalid test Bitcoin wallet fee rate', { details: `options.feeRate must be a positive number of sat/vB, got ${preview(feeRate)}` })
  }
  return { chain, apiUrl, name: options.name ?? TEST_BITCOIN_WALLET_NAME, ...(protocols ? { protocols } : {}), ...(feeRate === undefined ? {} : { feeRate }) }
}

/** A Bitcoin wallet a test controls. `wallet` is the Wallet Standard wallet (register it, or {@link TestBitcoinWallet.register}); the rest is the test's side. */
export class TestBitcoinWallet extends StandardTestWallet<BitcoinPromptKind, BitcoinPrompt, BitcoinDevWallet, BitcoinDevWalletMisbehaviour> {
  /** The wallet's network as a CAIP-2 id (the modal's network id for it), e.g. `bip122:0f9188f13cb7b2c71f2a335e3a4fc328`. */
  readonly caipNetworkId: string

  /** @throws TestWalletOptionsError for each malformed option (see {@link TestBitcoinWalletOptions}). */
  constructor(options: TestBitcoinWalletOptions = {}) {
    const { chain, apiUrl, name, protocols, feeRate } = parseOptions(options)
    const accounts = bitcoinAccountsFromOptions(options, chain)
    const wallet = new BitcoinDevWallet({
      apiUrl,
      chain,
      name,
      projectId: 'latchkey-test-wallet',
      ...(accounts ? { accounts } : {}),
      ...(protocols ? { messageProtocols: protocols } : {}),
      ...(feeRate === undefined ? {} : { feeRate }),
      ...(options.storage ? { storage: options.storage } : {}),
      storageKey: options.storageKey ?? testBitcoinWalletStorageKey(name),
      autoApprove: false,
    })
    super(wallet, bitcoinPromptKinds, options.answer, (answer) => new BitcoinWalletError(answer.code, answer.message, answer.data))
    this.caipNetworkId = BITCOIN_CAIP_NETWORK_IDS[chain]
  }

  /** The ordinals (P2TR) addresses of the accounts, index order. */
  get ordinalsAddresses(): readonly string[] {
    return this.wallet.ordinalsAddresses
  }

  /** Authorised or not, the selected account (index, payment and ordinals addresses). */
  get state(): { authorised: boolean; accountIndex: number; paymentAddress: string; ordinalsAddress: string } {
    const { authorised, accountIndex, paymentAddress, ordinalsAddress } = this.wallet.state
    return { authorised, accountIndex, paymentAddress, ordinalsAddress }
  }
}

/**
 * A test Bitcoin wallet (see {@link TestBitcoinWallet}), not registered yet.
 * @throws TestWalletOptionsError for each malformed option.
 * @example const btc = createTestBitcoinWallet({ apiUrl: 'http://127.0.0.1:8600/blockchain' }); btc.answerNext('reject', 'sendTransfer')
 */
export function createTestBitcoinWallet(options: TestBitcoinWalletOptions = {}): TestBitcoinWallet {
  return new TestBitcoinWallet(options)
}

/**
 * A test Bitcoin wallet registered with the Wallet Standard in `target` (default `window`): for Vitest with happy-dom
 * or jsdom, or any page script. Its state is kept in `localStorage` when there is one.
 * @returns the wallet and the function that unregisters it.
 * @throws TestWalletOptionsError for each malformed option.
 */
export function installTestBitcoinWallet(options: TestBitcoinWalletOptions = {}, target: EventTarget = window): { wallet: TestBitcoinWallet; uninstall: () => void } {
  const storage = options.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage)
  const wallet = new TestBitcoinWallet({ ...options, ...(storage ? { storage } : {}) })
  return { wallet, uninstall: wallet.register(target) }
}
