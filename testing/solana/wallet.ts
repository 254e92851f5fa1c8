/**
 * The development Solana wallet (Wallet Standard), shared by the dev stack (`dev/solana-wallet`) and the test Solana
 * wallet of `latchkey/testing/solana`, which answers its prompts for the test.
 */
import { Keypair, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignAndSendTransactionInput,
  SolanaSignAndSendTransactionOutput,
  SolanaSignMessageFeature,
  SolanaSignMessageInput,
  SolanaSignMessageOutput,
  SolanaSignTransactionFeature,
  SolanaSignTransactionInput,
  SolanaSignTransactionOutput,
} from './features.ts'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import { StandardConnect, StandardDisconnect, StandardEvents } from '@wallet-standard/features'
import type { StandardConnectFeature, StandardConnectInput, StandardConnectOutput, StandardDisconnectFeature, StandardEventsFeature, StandardEventsListeners, StandardEventsNames } from '@wallet-standard/features'
export { devSolanaWalletIcon } from './identity.ts'
export { DevSolanaWalletError } from './walletRpc.ts'
export { describeTransaction, messageText } from './describe.ts'
export type { DevSolanaPendingRequest, DevSolanaRequestKind, DevSolanaWalletChain, DevSolanaWalletMisbehaviour, DevSolanaWalletState, DevSolanaWalletStorage } from './types.ts'
export type { DevSolanaWalletOptions } from './options.ts'
import { DEV_SOLANA_ADDRESSES, devSolanaSeed } from './accounts.ts'
import { DevWalletOptionsError } from '../errors.ts'
import { WalletSide } from '../walletSide.ts'
import { base64, DevSolanaWalletError, ed25519Sign, rpc, waitForStatus } from './walletRpc.ts'
import { describeTransaction, messageText } from './describe.ts'
import type { DevSolanaPendingRequest, DevSolanaRequestKind, DevSolanaWalletChain, DevSolanaWalletMisbehaviour, DevSolanaWalletState } from './types.ts'
import type { DevSolanaWalletOptions } from './options.ts'
import { DEV_SOLANA_WALLET_NAME, DEV_SOLANA_WALLET_STORAGE_KEY, devSolanaWalletIcon } from './identity.ts'
import { SOLANA_LOCALNET_CAIP_NETWORK_ID, SOLANA_LOCALNET_STANDARD_CHAIN } from './localnet.ts'

/** Where {@link DevSolanaWalletMisbehaviour.alterTransaction} sends lamports: base58 of 32 bytes of 0x7e. */
export const DEV_SOLANA_THIEF_ADDRESS = new PublicKey(new Uint8Array(32).fill(0x7e)).toBase58()

// The Solana feature names (as @solana/wallet-standard-features names them; its types are copied in ./features.ts).
const SolanaSignMessage = 'solana:signMessage'
const SolanaSignTransaction = 'solana:signTransaction'
const SolanaSignAndSendTransaction = 'solana:signAndSendTransaction'

/** Every feature of the wallet, by name. */
export type DevSolanaWalletFeatures = StandardConnectFeature & StandardDisconnectFeature & StandardEventsFeature & SolanaSignMessageFeature & SolanaSignTransactionFeature & SolanaSignAndSendTransactionFeature

/** The features every account of the wallet supports. */
const accountFeatures = [SolanaSignMessage, SolanaSignTransaction, SolanaSignAndSendTransaction] as const

const userRejected = (): DevSolanaWalletError => new DevSolanaWalletError(4001, 'User rejected the request.')
const notConnected = (): DevSolanaWalletError => new DevSolanaWalletError(4100, 'The requested account has not been authorized by the user.')
const invalidInput = (feature: string, detail: string): DevSolanaWalletError => new DevSolanaWalletError(-32602, `Invalid input for ${feature}: ${detail}`)

/**
 * A development Solana wallet for the Wallet Standard: a web3.js `Keypair` per account (dev account 0 selected),
 * features `standard:connect` (with `silent`), `standard:disconnect`, `standard:events`, `solana:signMessage`,
 * `solana:signTransaction` (several inputs = sign-all, one approval) and `solana:signAndSendTransaction`
 * (options skipPreflight, preflightCommitment, maxRetries, minContextSlot go to the RPC's `sendTransaction`;
 * `commitment` waits for that status). Legacy and v0 transactions. Dev and test use only.
 *
 * Like the EVM dev wallet, requests that need the user wait in {@link DevSolanaWallet.pending} until
 * {@link DevSolanaWallet.approve} or {@link DevSolanaWallet.reject}, unless auto-approve is on; see
 * {@link DevSolanaWalletMisbehaviour} for the broken-wallet switches. Errors are {@link DevSolanaWalletError}s.
 *
 * @example
 * const wallet = new DevSolanaWallet({ rpcUrl: 'http://127.0.0.1:8899', autoApprove: true })
 * registerStandardWallet(wallet) // window events of the Wallet Standard (../register.ts)
 */
export class DevSolanaWallet implements Wallet {
  readonly version = '1.0.0' as const
  readonly name: string
  readonly icon: WalletIcon = devSolanaWalletIcon
  /** Test hook: features whose methods never settle. Mutable. */
  hang: ReadonlySet<string>
  /** Test hook, see {@link DevSolanaWalletMisbehaviour}. Mutable. */
  misbehave: DevSolanaWalletMisbehaviour

  readonly #chains: readonly DevSolanaWalletChain[]
  /**
   * The keypairs: the given ones, or the dev accounts', each made from its seed when first used (signing): announcing
   * the wallet needs only the public keys, which for the dev accounts are the literal addresses.
   */
  readonly #keypairs: (Keypair | undefined)[]
  readonly #accounts: readonly WalletAccount[]
  readonly #origin: string | undefined
  readonly #side: WalletSide<DevSolanaPendingRequest>
  #connecting: Promise<void> | undefined
  readonly #features: DevSolanaWalletFeatures

  /** @throws DevWalletOptionsError when `keypairs` or `chains` is empty. */
  constructor(options: DevSolanaWalletOptions) {
    this.#chains = options.chains ?? [
      { id: SOLANA_LOCALNET_STANDARD_CHAIN, rpcUrl: options.rpcUrl },
      { id: SOLANA_LOCALNET_CAIP_NETWORK_ID, rpcUrl: options.rpcUrl },
    ]
    if (this.#chains.length === 0) throw new DevWalletOptionsError('DevSolanaWallet needs at least one chain.')
    const publicKeys = options.keypairs ? options.keypairs.map((keypair) => keypair.publicKey) : DEV_SOLANA_ADDRESSES.map((address) => new PublicKey(address))
    if (publicKeys.length === 0) throw new DevWalletOptionsError('DevSolanaWallet needs at least one keypair.')
    this.#keypairs = options.keypairs ? [...options.keypairs] : Array.from({ length: publicKeys.length }, () => undefined)
    const chainIds = this.#chains.map((c) => c.id)
    this.#accounts = publicKeys.map((publicKey, i) =>
      Object.freeze({
        address: publicKey.toBase58(),
        publicKey: publicKey.toBytes(),
        chains: chainIds,
        features: accountFeatures,
        label: `Dev account ${i}`,
      }),
    )
    this.name = options.name ?? DEV_SOLANA_WALLET_NAME
    this.#origin = options.origin ?? (globalThis as { location?: { origin?: string } }).location?.origin
    this.hang = options.hang ?? new Set()
    this.misbehave = options.misbehave ?? {}
    this.#side = new WalletSide({
      label: 'DevSolanaWallet',
      storage: options.storage,
      storageKey: options.storageKey ?? DEV_SOLANA_WALLET_STORAGE_KEY,
      accountCount: this.#keypairs.length,
      autoApprove: options.autoApprove,
      rejected: userRejected,
      grantedAccounts: () => this.accounts,
    })
    const guard =
      <A extends readonly unknown[], R>(feature: string, method: (...args: A) => Promise<R>) =>
      (...args: A): Promise<R> => {
        if (this.misbehave.throwString !== undefined) return Promise.reject(this.misbehave.throwString)
        if (this.hang.has(feature)) return new Promise<never>(() => {})
        return method(...args)
      }
    this.#features = Object.freeze({
      [StandardConnect]: { version: '1.0.0', connect: guard(StandardConnect, (input?: StandardConnectInput) => this.#connect(input)) },
      [StandardDisconnect]: { version: '1.0.0', disconnect: guard(StandardDisconnect, async () => this.disconnect()) },
      [StandardEvents]: { version: '1.0.0', on: <E extends StandardEventsNames>(event: E, listener: StandardEventsListeners[E]) => this.#side.on(event, listener as StandardEventsListeners['change']) },
      [SolanaSignMessage]: { version: '1.1.0', signMessage: guard(SolanaSignMessage, (...inputs: readonly SolanaSignMessageInput[]) => this.#signMessage(inputs)) },
      [SolanaSignTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: guard(SolanaSignTransaction, (...inputs: readonly SolanaSignTransactionInput[]) => this.#signTransaction(inputs)),
      },
      [SolanaSignAndSendTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: guard(SolanaSignAndSendTransaction, (...inputs: readonly SolanaSignAndSendTransactionInput[]) => this.#signAndSend(inputs)),
      },
    } as const)
  }

  // ---------------------------------------------------------------- Wallet Standard

  /** Chain ids the wallet supports. */
  get chains(): IdentifierString[] {
    return this.#chains.map((c) => c.id)
  }

  /** The features (standard:connect, standard:disconnect, standard:events and the three solana: ones). */
  get features(): DevSolanaWalletFeatures {
    return this.#features
  }

  /** The accounts the site may use: the selected one while authorised, else none. Stable objects. */
  get accounts(): readonly WalletAccount[] {
    return this.#side.state.authorised ? [this.#accounts[this.#side.state.accountIndex] as WalletAccount] : []
  }

  // ---------------------------------------------------------------- wallet UI side

  /** Requests waiting for approval, oldest first. */
  get pending(): DevSolanaPendingRequest[] {
    return this.#side.pending
  }

  /** A snapshot of the user-visible state. */
  get state(): DevSolanaWalletState {
    return {
      authorised: this.#side.state.authorised,
      accountIndex: this.#side.state.accountIndex,
      address: (this.#accounts[this.#side.state.accountIndex] as WalletAccount).address,
      autoApprove: this.#side.state.autoApprove,
    }
  }

  /** Base58 addresses of every account, in index order. */
  get addresses(): readonly string[] {
    return this.#accounts.map((a) => a.address)
  }

  /**
   * Approves a pending request: it proceeds.
   * @returns false when no pending request has this id.
   */
  approve(id: number): boolean {
    return this.#side.approve(id)
  }

  /**
   * Rejects a pending request: its method rejects with a 4001 {@link DevSolanaWalletError}.
   * @returns false when no pending request has this id.
   */
  reject(id: number): boolean {
    return this.#side.reject(id)
  }

  /** Reads its state from storage again (a test seeded the page's storage after the wallet was made). No events. */
  reload(): void {
    this.#side.reload()
  }

  /**
   * Fails a pending request with `error` (a {@link DevSolanaWalletError} with the code the test chose, say).
   * @returns false when no pending request has this id.
   */
  fail(id: number, error: unknown): boolean {
    return this.#side.fail(id, error)
  }

  /** Calls `listener` after any change (pending list, account, authorisation, auto-approve). @returns unsubscribe. */
  subscribe(listener: () => void): () => void {
    return this.#side.subscribe(listener)
  }

  /**
   * Selects account `index` (user action). Emits `change` with the new accounts when the site is connected.
   * @throws UnknownAccountError when `index` is not an account index.
   */
  setAccount(index: number): void {
    this.#side.selectAccount(index)
  }

  /** Turns auto-approve on or off (persisted). Turning it on approves everything pending. */
  setAutoApprove(value: boolean): void {
    this.#side.setAutoApprove(value)
  }

  /**
   * Disconnects the site (the user in the wallet, or `standard:disconnect`): de-authorises and emits `change` with
   * no accounts. No-op when not connected.
   */
  disconnect(): void {
    this.#side.disconnect()
  }

  /** The keypair of the selected account (tests verify signatures with it). */
  get keypair(): Keypair {
    const index = this.#side.state.accountIndex
    this.#keypairs[index] ??= Keypair.fromSeed(devSolanaSeed(index))
    return this.#keypairs[index]
  }

  // ---------------------------------------------------------------- features

  async #connect(input: StandardConnectInput | undefined): Promise<StandardConnectOutput> {
    if (this.#side.state.authorised) return { accounts: this.accounts }
    if (input?.silent) return { accounts: [] }
    this.#connecting ??= this.#ask('connect', StandardConnect, []).finally(() => {
      this.#connecting = undefined
    })
    await this.#connecting
    if (!this.#side.state.authorised) {
      this.#side.state.authorised = true
      this.#side.save()
      this.#side.emit({ accounts: this.accounts })
      this.#side.notify()
    }
    return { accounts: this.accounts }
  }

  async #signMessage(inputs: readonly SolanaSignMessageInput[]): Promise<readonly SolanaSignMessageOutput[]> {
    if (inputs.length === 0) throw invalidInput(SolanaSignMessage, 'no input.')
    const checked = inputs.map((input) => {
      const keypair = this.#keypairFor(SolanaSignMessage, input?.account)
      if (!(input.message instanceof Uint8Array)) throw invalidInput(SolanaSignMessage, 'message must be a Uint8Array.')
      return { keypair, message: input.message }
    })
    await this.#ask(
      'signMessage',
      SolanaSignMessage,
      checked.map(({ message }) => messageText(message)),
    )
    const outputs: SolanaSignMessageOutput[] = []
    for (const { keypair, message } of checked) {
      const signed = this.misbehave.wrongSignature ? new Uint8Array([...message, 0x21]) : message
      let signature = await ed25519Sign(keypair, signed)
      if (this.misbehave.shortSignature) signature = signature.slice(0, 63)
      outputs.push({ signedMessage: message, signature, signatureType: 'ed25519' })
    }
    return outputs
  }

  async #signTransaction(inputs: readonly SolanaSignTransactionInput[]): Promise<readonly SolanaSignTransactionOutput[]> {
    const prepared = this.#prepare(SolanaSignTransaction, inputs, false)
    await this.#ask(
      'signTransaction',
      SolanaSignTransaction,
      prepared.map(({ transaction }) => describeTransaction(transaction)),
    )
    return prepared.map(({ keypair, transaction, original }) => ({ signedTransaction: this.#sign(keypair, transaction, original) }))
  }

  async #signAndSend(inputs: readonly SolanaSignAndSendTransactionInput[]): Promise<readonly SolanaSignAndSendTransactionOutput[]> {
    const prepared = this.#prepare(SolanaSignAndSendTransaction, inputs, true)
    await this.#ask(
      'signAndSendTransaction',
      SolanaSignAndSendTransaction,
      prepared.map(({ transaction }) => describeTransaction(transaction)),
    )
    const outputs: SolanaSignAndSendTransactionOutput[] = []
    for (const { keypair, transaction, original, chain, options } of prepared) {
      const wire = this.#sign(keypair, transaction, original)
      const config = {
        encoding: 'base64',
        ...(options?.skipPreflight !== undefined ? { skipPreflight: options.skipPreflight } : {}),
        ...(options?.preflightCommitment !== undefined ? { preflightCommitment: options.preflightCommitment } : {}),
        ...(options?.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
        ...(options?.minContextSlot !== undefined ? { minContextSlot: options.minContextSlot } : {}),
      }
      const rpcUrl = (chain as DevSolanaWalletChain).rpcUrl
      const signature = await rpc<string>(rpcUrl, 'sendTransaction', [base64(wire), config])
      if (options?.commitment) await waitForStatus(rpcUrl, signature, options.commitment)
      outputs.push({ signature: VersionedTransaction.deserialize(wire).signatures[0] as Uint8Array })
    }
    return outputs
  }

  /** Checks every input before anything is asked: the connected account, a supported chain, a transaction it must sign. */
  #prepare(
    feature: string,
    inputs: readonly (SolanaSignTransactionInput | SolanaSignAndSendTransactionInput)[],
    needsChain: boolean,
  ): Array<{ keypair: Keypair; transaction: VersionedTransaction; original: Uint8Array; chain: DevSolanaWalletChain | undefined; options: SolanaSignAndSendTransactionInput['options'] }> {
    if (inputs.length === 0) throw invalidInput(feature, 'no input.')
    return inputs.map((input) => {
      const keypair = this.#keypairFor(feature, input?.account)
      if (needsChain && input.chain === undefined) throw invalidInput(feature, 'chain is required.')
      const chain = input.chain === undefined ? undefined : this.#chains.find((c) => c.id === input.chain)
      if (input.chain !== undefined && !chain) throw invalidInput(feature, `unsupported chain ${input.chain}.`)
      if (!(input.transaction instanceof Uint8Array)) throw invalidInput(feature, 'transaction must be a Uint8Array.')
      let transaction: VersionedTransaction
      try {
        transaction = VersionedTransaction.deserialize(input.transaction)
      } catch (error) {
        throw invalidInput(feature, `the transaction does not deserialize (${error instanceof Error ? error.message : String(error)}).`)
      }
      const signers = transaction.message.staticAccountKeys.slice(0, transaction.message.header.numRequiredSignatures)
      if (!signers.some((key) => key.equals(keypair.publicKey))) throw invalidInput(feature, `${keypair.publicKey.toBase58()} is not a signer of the transaction.`)
      return { keypair, transaction, original: input.transaction, chain: chain ?? this.#chains[0], options: (input as SolanaSignAndSendTransactionInput).options }
    })
  }

  /** Signs (or, misbehaving, alters then signs, or leaves unsigned) and returns the wire bytes. */
  #sign(keypair: Keypair, transaction: VersionedTransaction, original: Uint8Array): Uint8Array {
    if (this.misbehave.unsignedTransaction) return original
    let tx = transaction
    if (this.misbehave.alterTransaction) {
      const message = TransactionMessage.decompile(tx.message)
      message.instructions.push(SystemProgram.transfer({ fromPubkey: keypair.publicKey, toPubkey: new PublicKey(DEV_SOLANA_THIEF_ADDRESS), lamports: this.misbehave.alterLamports ?? 1_000_000 }))
      tx = new VersionedTransaction(tx.message.version === 'legacy' ? message.compileToLegacyMessage() : message.compileToV0Message())
    }
    tx.sign([keypair])
    return tx.serialize()
  }

  // ---------------------------------------------------------------- helpers

  /** The keypair of `account` if it is the connected account; 4100 otherwise. */
  #keypairFor(feature: string, account: WalletAccount | undefined): Keypair {
    if (!this.#side.state.authorised) throw notConnected()
    if (typeof account?.address !== 'string') throw invalidInput(feature, 'account is required.')
    if (account.address !== this.state.address) throw notConnected()
    return this.keypair
  }

  #ask(kind: DevSolanaRequestKind, feature: string, details: readonly string[]): Promise<void> {
    return this.#side.ask((id) => ({ id, kind, feature, details, ...(this.#origin ? { origin: this.#origin } : {}) }))
  }
}
