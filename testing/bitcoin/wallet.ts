/**
 * The development Bitcoin wallet (Wallet Standard), shared by the dev stack (`dev/bitcoin-wallet`) and the test Bitcoin
 * wallet of `latchkey/testing/bitcoin`, which answers its prompts for the test.
 */
import * as bitcoin from 'bitcoinjs-lib'
import type { IdentifierArray, Wallet, WalletAccount } from '@wallet-standard/base'
import {
  BitcoinConnect,
  BitcoinSendTransfer,
  BitcoinSignMessage,
  BitcoinSignTransaction,
  type BitcoinChain,
  type BitcoinConnectInput,
  type BitcoinConnectOutput,
  type BitcoinMessageProtocol,
  type BitcoinSendTransferInput,
  type BitcoinSendTransferOutput,
  type BitcoinSignMessageInput,
  type BitcoinSignMessageOutput,
  type BitcoinSignTransactionInput,
  type BitcoinSignTransactionOutput,
  type BitcoinWalletAccount,
  type BitcoinWalletFeatures,
} from '../../adapters/bip122.standard.ts'
import { BaseError } from '../../kernel/errors.ts'
import { DevWalletOptionsError } from '../errors.ts'
import { WalletSide } from '../walletSide.ts'
import { devBitcoinAccounts } from './accounts.ts'
import { BITCOIN_DEV_WALLET_NAME, BITCOIN_DEV_WALLET_STORAGE_KEY, bitcoinDevWalletIcon, devWalletChain } from './identity.ts'
import type { DevBitcoinAccount, DevBitcoinKey } from './accounts.ts'
import { bitcoinjsNetworks, buildTransferPsbt, InsufficientFundsError, signBip322, signEcdsaMessage, signPsbtInputs } from './signing.ts'
import { BitcoinWalletError, type BitcoinDevWalletMisbehaviour, type BitcoinDevWalletOptions, type BitcoinDevWalletState, type BitcoinPendingRequest, type BitcoinPendingRequestKind } from './types.ts'

export { BitcoinWalletError } from './types.ts'
export type { BitcoinDevWalletMisbehaviour, BitcoinDevWalletOptions, BitcoinDevWalletState, BitcoinPendingRequest, BitcoinPendingRequestKind, BitcoinWalletStorage } from './types.ts'

const rejected = () => new BitcoinWalletError(4001, 'User rejected the request.')
const unauthorised = (detail = 'Connect first.') => new BitcoinWalletError(4100, `The requested method and/or account has not been authorized by the user. ${detail}`)
const invalid = (detail: string) => new BitcoinWalletError(-32602, `Invalid params: ${detail}`)

export { bitcoinDevWalletIcon, devWalletChain } from './identity.ts'

const networkNames: Record<BitcoinChain, string> = { 'bitcoin:mainnet': 'Bitcoin', 'bitcoin:testnet': 'Bitcoin Testnet', 'bitcoin:regtest': 'Bitcoin Regtest' }

const featureNames = [BitcoinConnect, BitcoinSignMessage, BitcoinSignTransaction, BitcoinSendTransfer] as const

/**
 * A development Bitcoin wallet on the Wallet Standard (`bitcoin:connect`, `bitcoin:signMessage`,
 * `bitcoin:signTransaction`, `bitcoin:sendTransfer`, `standard:disconnect`, `standard:events`; features and errors in
 * `adapters/bip122.standard.ts`), on one network (default regtest, with the dev keys of `./accounts.ts`). Register it
 * with `registerStandardWallet` (`../register.ts`). Dev and test use only; never part of the library bundle.
 *
 * Like the EVM dev wallet: requests that need the user wait in {@link BitcoinDevWallet.pending} until
 * {@link BitcoinDevWallet.approve} / {@link BitcoinDevWallet.reject} (4001), unless auto-approve is on. The site gets
 * the selected account's payment (P2WPKH) and ordinals (P2TR) addresses for the purposes it asked for.
 * `sendTransfer` reads the payment address's UTXOs from the blockchain API, builds, signs and broadcasts the
 * transaction there (`POST /v1/bitcoin/tx`).
 *
 * @example
 * const wallet = new BitcoinDevWallet({ apiUrl: `${api.url}/blockchain`, autoApprove: true })
 * const unregister = registerStandardWallet(wallet)
 */
export class BitcoinDevWallet implements Wallet {
  readonly version = '1.0.0' as const
  readonly name: string
  readonly icon = bitcoinDevWalletIcon
  readonly chains: IdentifierArray
  /** The wallet's network. */
  readonly chain: BitcoinChain
  /** Test hooks; mutable. */
  misbehave: BitcoinDevWalletMisbehaviour

  readonly #apiUrl: string
  readonly #projectId: string
  readonly #accounts: readonly DevBitcoinAccount[]
  readonly #origin: string | undefined
  readonly #feeRate: number
  readonly #protocols: readonly BitcoinMessageProtocol[]
  readonly #fetch: typeof globalThis.fetch
  readonly #network: bitcoin.Network
  readonly #side: WalletSide<BitcoinPendingRequest>
  /** The purposes the site asked for at its last connect. */
  #purposes: readonly ('payment' | 'ordinals')[] = ['payment', 'ordinals']
  readonly #walletAccounts = new Map<string, BitcoinWalletAccount>()
  readonly features: BitcoinWalletFeatures

  /** @throws DevWalletOptionsError when `accounts` is empty, `chain` is not a Bitcoin chain or `feeRate` is not positive. */
  constructor(options: BitcoinDevWalletOptions) {
    this.#apiUrl = options.apiUrl.replace(/\/+$/, '')
    this.#projectId = options.projectId ?? 'latchkey-dev-wallet'
    this.#accounts = options.accounts ?? devBitcoinAccounts()
    if (this.#accounts.length === 0) throw new DevWalletOptionsError('BitcoinDevWallet needs at least one account.')
    this.chain = options.chain ?? devWalletChain
    if (!Object.hasOwn(bitcoinjsNetworks, this.chain)) throw new DevWalletOptionsError(`BitcoinDevWallet cannot use chain ${String(this.chain)}.`)
    this.chains = [this.chain]
    this.#network = bitcoinjsNetworks[this.chain]
    this.name = options.name ?? BITCOIN_DEV_WALLET_NAME
    this.#origin = options.origin ?? (globalThis as { location?: { origin?: string } }).location?.origin
    this.#feeRate = options.feeRate ?? 2
    if (!(this.#feeRate > 0)) throw new DevWalletOptionsError('BitcoinDevWallet: feeRate must be a positive number of sat/vB.')
    this.#protocols = options.messageProtocols ?? ['bip322', 'ecdsa']
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
    this.misbehave = options.misbehave ?? {}
    this.#side = new WalletSide({
      label: 'BitcoinDevWallet',
      storage: options.storage,
      storageKey: options.storageKey ?? BITCOIN_DEV_WALLET_STORAGE_KEY,
      accountCount: this.#accounts.length,
      autoApprove: options.autoApprove,
      rejected,
      grantedAccounts: () => this.accounts,
    })
    this.features = {
      [BitcoinConnect]: { version: '1.0.0', connect: (input) => this.#connect(input) },
      [BitcoinSignMessage]: { version: '1.0.0', protocols: this.#protocols, signMessage: (input) => this.#signMessage(input) },
      [BitcoinSignTransaction]: { version: '1.0.0', signTransaction: (input) => this.#signTransaction(input) },
      [BitcoinSendTransfer]: { version: '1.0.0', sendTransfer: (input) => this.#sendTransfer(input) },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => this.disconnect() },
      'standard:events': { version: '1.0.0', on: (event, listener) => this.#side.on(event, listener) },
    }
  }

  /** The accounts granted to the site (the selected account's, for the purposes asked), or none. */
  get accounts(): readonly BitcoinWalletAccount[] {
    if (!this.#side.state.authorised) return []
    const account = this.#selected()
    return this.#purposes.map((purpose) => this.#walletAccount(account[purpose]))
  }

  // ---------------------------------------------------------------- wallet UI side

  /** Requests waiting for approval, oldest first. */
  get pending(): BitcoinPendingRequest[] {
    return this.#side.pending
  }

  /** A snapshot of the user-visible state. */
  get state(): BitcoinDevWalletState {
    const account = this.#selected()
    return {
      authorised: this.#side.state.authorised,
      accountIndex: this.#side.state.accountIndex,
      paymentAddress: account.payment.address,
      ordinalsAddress: account.ordinals.address,
      autoApprove: this.#side.state.autoApprove,
    }
  }

  /** The payment addresses of the wallet's accounts, in index order. */
  get addresses(): readonly string[] {
    return this.#accounts.map((a) => a.payment.address)
  }

  /** The ordinals addresses of the wallet's accounts, in index order. */
  get ordinalsAddresses(): readonly string[] {
    return this.#accounts.map((a) => a.ordinals.address)
  }

  /**
   * Approves a pending request: it proceeds.
   * @returns false when no pending request has this id.
   */
  approve(id: number): boolean {
    return this.#side.approve(id)
  }

  /**
   * Rejects a pending request: the site's call rejects with a 4001 {@link BitcoinWalletError}.
   * @returns false when no pending request has this id.
   */
  reject(id: number): boolean {
    return this.#side.reject(id)
  }

  /**
   * Fails a pending request with `error` (a {@link BitcoinWalletError} with the code the test chose, say).
   * @returns false when no pending request has this id.
   */
  fail(id: number, error: unknown): boolean {
    return this.#side.fail(id, error)
  }

  /** Reads its state from storage again (a test seeded the page's storage after the wallet was made). No events. */
  reload(): void {
    this.#side.reload()
  }

  /** Calls `listener` after any change (pending list, account, authorisation, auto-approve). @returns unsubscribe. */
  subscribe(listener: () => void): () => void {
    return this.#side.subscribe(listener)
  }

  /**
   * Selects account `index` (user action). Emits a `standard:events` change with the new accounts when connected.
   * @throws UnknownAccountError when there is no such account.
   */
  setAccount(index: number): void {
    this.#side.selectAccount(index)
  }

  /** Turns auto-approve on or off (persisted); turning it on approves everything pending. */
  setAutoApprove(value: boolean): void {
    this.#side.setAutoApprove(value)
  }

  /** Disconnects the site (user action, or `standard:disconnect`): no accounts, a change event with `[]`. */
  disconnect(): void {
    this.#side.disconnect()
  }

  // ---------------------------------------------------------------- features

  async #connect(input: BitcoinConnectInput): Promise<BitcoinConnectOutput> {
    const purposes = Array.isArray(input?.purposes) ? input.purposes : undefined
    if (!purposes || purposes.length === 0 || !purposes.every((p) => p === 'payment' || p === 'ordinals')) {
      throw invalid("purposes must be a non-empty list of 'payment' and 'ordinals'.")
    }
    if (input.silent) return { accounts: this.#side.state.authorised ? this.#accountsFor(purposes) : [] }
    let changed = false
    if (!this.#side.state.authorised) {
      await this.#ask('connect', `Purposes: ${purposes.join(', ')}`)
      this.#side.state.authorised = true
      this.#side.save()
      changed = true
    }
    const asked = [...new Set(purposes)]
    if (asked.join() !== this.#purposes.join()) changed = true
    this.#purposes = asked
    if (changed) this.#side.emit({ accounts: this.accounts })
    this.#side.notify()
    return { accounts: this.accounts }
  }

  async #signMessage(input: BitcoinSignMessageInput): Promise<BitcoinSignMessageOutput> {
    const key = this.#keyFor(input?.account)
    if (!(input.message instanceof Uint8Array)) throw invalid('message must be a Uint8Array.')
    if (!this.#protocols.includes(input.protocol)) throw new BitcoinWalletError(4200, `The wallet does not sign ${String(input.protocol)} messages.`)
    const text = new TextDecoder().decode(input.message)
    await this.#ask('signMessage', `${input.protocol === 'bip322' ? 'BIP-322' : 'ECDSA'} by ${key.address}: ${text}`)
    const signature = input.protocol === 'bip322' ? signBip322(key, input.message) : signEcdsaMessage(key, input.message)
    return { signature, protocol: input.protocol }
  }

  async #signTransaction(input: BitcoinSignTransactionInput): Promise<BitcoinSignTransactionOutput> {
    let psbt: bitcoin.Psbt
    try {
      psbt = bitcoin.Psbt.fromBase64(String(input?.psbt), { network: this.#network })
    } catch (error) {
      throw invalid(`psbt is not a base64 PSBT (${error instanceof Error ? error.message : String(error)}).`)
    }
    if (!Array.isArray(input.inputsToSign) || input.inputsToSign.length === 0) throw invalid('inputsToSign must list at least one account and its input indexes.')
    const plan = input.inputsToSign.map((entry) => {
      const key = this.#keyFor(entry.account)
      const indexes = entry.signingIndexes
      if (!Array.isArray(indexes) || indexes.length === 0 || !indexes.every((i) => Number.isInteger(i) && i >= 0 && i < psbt.inputCount)) {
        throw invalid(`signingIndexes of ${key.address} must be input indexes of the PSBT (0..${psbt.inputCount - 1}).`)
      }
      return { key, indexes, sigHash: entry.sigHash }
    })
    const outputs = psbt.txOutputs.map((o) => `${o.address ?? 'script'} ${o.value} sat`).join(', ')
    await this.#ask('signTransaction', `Sign inputs ${plan.map((p) => `${p.indexes.join(', ')} (${p.key.address})`).join('; ')} · outputs: ${outputs}`)

    const mode = this.misbehave.psbt
    if (mode === 'unsigned') return { psbt: psbt.toBase64() }
    if (mode === 'alteredOutputs') {
      const tx = (psbt.data.globalMap.unsignedTx as unknown as { tx: bitcoin.Transaction }).tx
      tx.outs[0]!.value -= 1_000n
    }
    if (mode === 'alteredInputs') psbt.setInputSequence(0, 0xfffffff0)
    try {
      for (const { key, indexes, sigHash } of plan) signPsbtInputs(psbt, key, indexes, sigHash)
    } catch (error) {
      // The wallet's own words for the refusal: a library error's short message, without its Docs and Details lines.
      throw invalid(error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error))
    }
    if (mode === 'badSignature') {
      for (const data of psbt.data.inputs) {
        for (const partial of data.partialSig ?? []) flipByte(partial.signature, 10)
        if (data.tapKeySig) flipByte(data.tapKeySig, 10)
      }
    }
    return { psbt: psbt.toBase64() }
  }

  async #sendTransfer(input: BitcoinSendTransferInput): Promise<BitcoinSendTransferOutput> {
    const key = this.#keyFor(input?.account)
    if (key.purpose !== 'payment') throw invalid('transfers are paid from the payment account.')
    if (typeof input.amount !== 'string' || !/^[1-9]\d*$/.test(input.amount)) throw invalid('amount must be a positive integer of satoshis, as a decimal string.')
    const amount = BigInt(input.amount)
    let recipientScript: Uint8Array
    try {
      recipientScript = bitcoin.address.toOutputScript(String(input.recipient), this.#network)
    } catch {
      throw invalid(`recipient '${String(input.recipient)}' is not a ${networkNames[this.chain]} address.`)
    }
    await this.#ask('sendTransfer', `Send ${amount} sat to ${input.recipient} from ${key.address}`)
    const utxos = await this.#api<Array<{ txid: string; vout: number; value: number }>>('GET', `/v1/bitcoin/address/${key.address}/utxo`)
    let psbt: bitcoin.Psbt
    try {
      ;({ psbt } = buildTransferPsbt({ from: key, utxos: utxos.map((u) => ({ txid: u.txid, vout: u.vout, value: BigInt(u.value) })), recipientScript, amount, feeRate: this.#feeRate }))
    } catch (error) {
      if (error instanceof InsufficientFundsError) throw new BitcoinWalletError(-32603, error.message)
      throw error
    }
    signPsbtInputs(
      psbt,
      key,
      psbt.data.inputs.map((_, i) => i),
    )
    psbt.finalizeAllInputs()
    const { txid } = await this.#api<{ txid: string }>('POST', '/v1/bitcoin/tx', { hex: psbt.extractTransaction().toHex() })
    return { txid }
  }

  // ---------------------------------------------------------------- helpers

  async #api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const url = new URL(`${this.#apiUrl}${path}`)
    if (method === 'GET') for (const [k, v] of Object.entries({ st: 'dev-wallet', sv: '1', projectId: this.#projectId })) url.searchParams.set(k, v)
    let response: Response
    try {
      response = await this.#fetch(url, method === 'GET' ? undefined : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    } catch (error) {
      throw new BitcoinWalletError(-32603, `Could not reach ${this.#apiUrl}: ${error instanceof Error ? error.message : String(error)}`)
    }
    const answer = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined
    if (!response.ok) throw new BitcoinWalletError(-32603, typeof answer?.message === 'string' ? answer.message : `HTTP ${response.status} from ${url.pathname}`)
    return answer as T
  }

  #ask(kind: BitcoinPendingRequestKind, detail: string): Promise<void> {
    if (this.misbehave.rejectAll) return Promise.reject(rejected())
    return this.#side.ask((id) => ({ id, kind, detail, ...(this.#origin ? { origin: this.#origin } : {}) }))
  }

  #selected(): DevBitcoinAccount {
    return this.#accounts[this.#side.state.accountIndex] ?? (this.#accounts[0] as DevBitcoinAccount)
  }

  #accountsFor(purposes: readonly ('payment' | 'ordinals')[]): BitcoinWalletAccount[] {
    const account = this.#selected()
    return [...new Set(purposes)].map((purpose) => this.#walletAccount(account[purpose]))
  }

  /** The key of an account granted to the site; 4100 for anything else. */
  #keyFor(account: WalletAccount | undefined): DevBitcoinKey {
    if (!this.#side.state.authorised) throw unauthorised()
    const selected = this.#selected()
    const key = [selected.payment, selected.ordinals].find((k) => k.address === account?.address)
    if (!key) throw unauthorised(`${String(account?.address)} is not an account of this site.`)
    return key
  }

  #walletAccount(key: DevBitcoinKey): BitcoinWalletAccount {
    let account = this.#walletAccounts.get(key.address)
    if (!account) {
      account = Object.freeze({
        address: key.address,
        publicKey: key.purpose === 'payment' ? key.publicKey : key.publicKey.slice(1, 33),
        chains: [this.chain],
        features: [...featureNames],
        label: `${key.purpose === 'payment' ? 'Payment' : 'Ordinals'} ${key.path}`,
        purpose: key.purpose,
        addressType: key.purpose === 'payment' ? 'p2wpkh' : 'p2tr',
        path: key.path,
      })
      this.#walletAccounts.set(key.address, account)
    }
    return account
  }
}

/** Flips every bit of byte `at` (a signature that no longer verifies). */
function flipByte(bytes: Uint8Array, at: number): void {
  bytes[at] = (bytes[at] ?? 0) ^ 0xff
}
