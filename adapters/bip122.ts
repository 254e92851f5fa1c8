import { getWallets, type Wallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import {
  BitcoinBroadcastError,
  BitcoinConnect,
  BitcoinSendTransfer,
  BitcoinSignMessage,
  BitcoinSignTransaction,
  chainOfNetwork,
  InvalidBitcoinAddressError,
  InvalidBitcoinRequestError,
  looksLikeAddressOf,
  referenceOfChain,
  UnsupportedBitcoinChainError,
  type BitcoinAddressPurpose,
  type BitcoinChain,
  type BitcoinMessageProtocol,
  type BitcoinWallet,
  type BitcoinWalletAccount,
  type InvalidSignedPsbtError,
} from './bip122.standard.ts'
import { callForeignSync, imageIcon, isListableStandardWallet, releaseForeign } from './boundary.ts'
import { ConnectorNotFoundError, NotConnectedError } from './eip155.ts'
import { type BaseError, InvalidProviderResponseError, toProviderError, UnsupportedProviderMethodError, type UserRejectedRequestError } from './errors.ts'
import type { CaipNetwork } from './networks.ts'
import type { ChainAdapter, Connector, NativeBalance, WalletEvent, WalletSession } from './types.ts'
import { loadPeer } from './peers.ts'

export * from './bip122.standard.ts'

/** How long a reconnect waits for a stored Bitcoin wallet to register itself (Wallet Standard) before giving up. */
export const bitcoinWalletDiscoveryTimeout = 1_500

/** The purposes asked at connect: payment first (the default account type of spec §4), then ordinals. */
export const defaultBitcoinPurposes: readonly BitcoinAddressPurpose[] = ['payment', 'ordinals']

/** A connected Bitcoin account (spec §3 "Account (from a connection)": namespace, address, type, publicKey, path). */
export type Bip122Account = {
  namespace: 'bip122'
  address: string
  /** The account type: `payment` (default, spec §4) or `ordinals`. */
  type: BitcoinAddressPurpose
  /** Hex: 33-byte compressed key (P2WPKH) or 32-byte x-only key (P2TR). */
  publicKey: string
  path?: string
}

export type CreateBip122AdapterParameters = {
  /**
   * The UTXO source (spec §7 blockchain API's Bitcoin routes): balances and broadcasts. The assembly hands in
   * `services/bitcoin.ts`'s client; the adapter imports no service.
   */
  source: BitcoinUtxoSource
  /** The Wallet Standard registry; default `getWallets()` of `@wallet-standard/app` (called on first use). */
  wallets?: Wallets
  /** Purposes asked at connect; default {@link defaultBitcoinPurposes}. */
  purposes?: readonly BitcoinAddressPurpose[]
}

/** What {@link Bip122Adapter.signPSBT} takes. */
export type SignPsbtParameters = {
  connectorId: string
  /** The network the PSBT is for; its RPC URL is the blockchain API used when `broadcast` is set. */
  network: CaipNetwork
  /** The PSBT (BIP-174), base64. Each input to sign needs its `witnessUtxo`. */
  psbt: string
  /** The inputs to sign, each by the connected account whose address the spent output pays. */
  signInputs: ReadonlyArray<{ address: string; index: number; sighashTypes?: readonly number[] }>
  /** Finalise and broadcast through the blockchain API (`POST /v1/bitcoin/tx`) once signed. */
  broadcast?: boolean
}
/** The signed PSBT (base64; finalised only when broadcast), and the txid when broadcast. */
export type SignPsbtReturnType = { psbt: string; txid?: string }
/** What {@link Bip122Adapter.signPSBT} rejects with. */
export type SignPsbtErrorType = UserRejectedRequestError | InvalidBitcoinRequestError | InvalidBitcoinAddressError | InvalidSignedPsbtError | BitcoinBroadcastError | ConnectorNotFoundError | BaseError

/** What {@link Bip122Adapter.sendTransfer} takes: the receiver on `network` and the amount in satoshis. */
export type SendTransferParameters = { connectorId: string; network: CaipNetwork; recipient: string; amount: bigint }
/** The broadcast transaction's id. */
export type SendTransferReturnType = { txid: string }
/** What {@link Bip122Adapter.sendTransfer} rejects with. */
export type SendTransferErrorType = UserRejectedRequestError | InvalidBitcoinRequestError | InvalidBitcoinAddressError | UnsupportedBitcoinChainError | ConnectorNotFoundError | BaseError

/** The Bitcoin adapter: the {@link ChainAdapter} contract plus the Bitcoin-only calls the UI needs. */
export type Bip122Adapter = Omit<ChainAdapter, 'getAccounts'> & {
  readonly namespace: 'bip122'
  /** The connected accounts of a connector (payment first), with type, public key and path; empty when not connected. */
  getAccounts(parameters: { connectorId: string }): readonly Bip122Account[]
  /** The registered Wallet Standard wallet of a connector id (its `bitcoin:*` features), if any (`modal.getProvider('bip122')`). */
  getWallet(connectorId: string): BitcoinWallet | undefined
  /**
   * Has the wallet sign inputs of a PSBT (`bitcoin:signTransaction`), checks what it returns, optionally broadcasts.
   * Nothing reaches the wallet before the PSBT and the inputs are checked (addresses of `network`, inputs that exist
   * and spend the signer's outputs). The answer is refused when the wallet returns it unsigned, altered (other inputs
   * or outputs than asked) or with a signature that does not verify.
   *
   * @throws see {@link SignPsbtErrorType}; a rejection in the wallet is `UserRejectedRequestError` (4001).
   */
  signPSBT(parameters: SignPsbtParameters): Promise<SignPsbtReturnType>
  /**
   * Sends `amount` satoshis to `recipient` through the wallet's `bitcoin:sendTransfer` (the wallet builds, signs and
   * broadcasts; spec §6 keeps Bitcoin out of the modal's own send). The recipient must be an address of `network`
   * (a `bc1…` or `tb1…` address on regtest is refused before the wallet is asked).
   *
   * @throws see {@link SendTransferErrorType}.
   */
  sendTransfer(parameters: SendTransferParameters): Promise<SendTransferReturnType>
  /** Stops listening to the wallet registry. */
  destroy(): void
}

type Session = { accounts: BitcoinWalletAccount[]; chain: BitcoinChain }

/** The lazily loaded PSBT half (bitcoinjs-lib); one import per page. */
let psbtModule: Promise<typeof import('./bip122.psbt.ts')> | undefined
// bitcoinjs-lib and @bitcoinerlab/secp256k1 are optional peers: missing, the import fails (or, with Vite's
// empty stand-in, the module's eccLib set-up fails: its `ready` rejects) and the call rejects with MissingPeerDependencyError naming them.
const loadPsbt = () =>
  (psbtModule ??= loadPeer(
    'bip122',
    () =>
      import('./bip122.psbt.ts').then(async (m) => {
        await m.ready
        return m
      }),
    (m) => typeof m.finalizeTransaction === 'function',
  ))

/** An address's sums in satoshis, as the blockchain API's Bitcoin routes answer them. */
type BitcoinAddressStats = { funded_txo_sum: number; spent_txo_sum: number }

/**
 * Where the Bitcoin adapter reads balances and broadcasts transactions (spec §7 blockchain API's Bitcoin routes), given
 * a network's first RPC URL as the base URL: `services/bitcoin.ts` (`createBitcoinApi`) in the modal, any object of
 * this shape in tests.
 */
export type BitcoinUtxoSource = {
  /** The address's confirmed (`chain_stats`) and mempool (`mempool_stats`) sums. */
  getAddressStats(baseUrl: string, address: string): Promise<{ chain_stats: BitcoinAddressStats; mempool_stats: BitcoinAddressStats }>
  /** Broadcasts a signed transaction (hex): its id, or the API's refusal (message, refusal code). */
  broadcast(baseUrl: string, hex: string): Promise<{ txid: string } | { refused: { message: string; code: string | undefined }; cause: unknown }>
}

/**
 * The Bitcoin (bip122) adapter (spec §3, §4, §6): wallets discovered through the Wallet Standard
 * (`getWallets()` of `@wallet-standard/app`; those with `bitcoin:connect`, see `bip122.standard.ts`), accounts with the
 * payment and ordinals purposes (payment first: the default account type of spec §4), balances from the blockchain
 * API's UTXO routes (`GET {rpcUrl}/v1/bitcoin/address/{address}`: funded − spent, in satoshis, 8 decimals), message
 * signing with BIP-322 and a legacy ECDSA fallback, and {@link Bip122Adapter.signPSBT} / {@link Bip122Adapter.sendTransfer}.
 *
 * bitcoinjs-lib loads only when a call needs it (`import('./bip122.psbt.ts')`: PSBT checks, full address decoding);
 * discovery, connect and balances never load it. Connector ids are the wallets' names. One adapter per modal instance.
 *
 * @example
 * const adapter = createBip122Adapter({ source: createBitcoinApi({ projectId: 'p' }) })
 * const { accounts } = await adapter.connect({ connectorId: 'Latchkey Bitcoin Dev Wallet' })
 * const balance = await adapter.getBalance({ connectorId, address: accounts[0], network: bitcoinRegtest }) // { value: 100000000n, decimals: 8, symbol: 'BTC' }
 * const { txid } = await adapter.sendTransfer({ connectorId, network: bitcoinRegtest, recipient: 'bcrt1q…', amount: 25_000n })
 */
export function createBip122Adapter(parameters: CreateBip122AdapterParameters): Bip122Adapter {
  const purposes = parameters.purposes ?? defaultBitcoinPurposes
  let registry: Wallets | undefined = parameters.wallets
  const ensureRegistry = () => (registry ??= getWallets())
  const sessions = new Map<string, Session>()
  const chainListeners = new Map<string, Set<(event: WalletEvent) => void>>()
  const offs: Array<() => void> = []

  const bitcoinWallets = (): BitcoinWallet[] => {
    let registered: readonly Wallet[]
    try {
      registered = ensureRegistry().get()
    } catch {
      return []
    }
    return registered.filter(isBitcoinWallet)
  }
  const findWallet = (connectorId: string): BitcoinWallet | undefined => bitcoinWallets().find((w) => w.name === connectorId)
  const requireWallet = (connectorId: string): BitcoinWallet => {
    const wallet = findWallet(connectorId)
    if (!wallet) throw new ConnectorNotFoundError(connectorId)
    return wallet
  }
  const connectorsOf = (wallets: readonly BitcoinWallet[]): Connector[] =>
    wallets.map((w) => {
      let icon: string | undefined
      try {
        icon = imageIcon(w.icon) // the Wallet Standard's rule: an image data URI, else no icon
      } catch {
        icon = undefined
      }
      return { id: w.name, name: w.name, type: 'ANNOUNCED', chain: 'bip122', ...(icon ? { imageUrl: icon } : {}) }
    })

  /** The base URL of a network's blockchain API calls: its first RPC URL. */
  const baseUrlOf = (network: CaipNetwork) => {
    const baseUrl = network.rpcUrls.default.http[0]
    if (!baseUrl) throw new InvalidBitcoinRequestError(`${network.name} has no RPC URL to read balances from.`)
    return baseUrl
  }

  async function walletCall<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      throw toProviderError(error)
    }
  }

  /** Validates a connect answer and keeps the session: payment accounts first, every address of the session's chain. */
  function openSession(connectorId: string, wallet: BitcoinWallet, answer: unknown): Session {
    const accounts = (answer as { accounts?: unknown } | undefined)?.accounts
    if (!Array.isArray(accounts) || !accounts.every(isBitcoinAccount)) throw new InvalidProviderResponseError(BitcoinConnect, answer)
    const previous = sessions.get(connectorId)?.chain
    const chains = accounts.flatMap((a) => a.chains).filter((c): c is BitcoinChain => referenceOfChain(c) !== undefined)
    const chain = previous && chains.includes(previous) ? previous : (chains[0] ?? (wallet.chains.find((c) => referenceOfChain(c)) as BitcoinChain | undefined))
    if (!chain) throw new InvalidProviderResponseError(BitcoinConnect, answer)
    const onChain = accounts.filter((a) => a.chains.includes(chain))
    if (!onChain.every((a) => looksLikeAddressOf(chain, a.address))) throw new InvalidProviderResponseError(BitcoinConnect, answer)
    const ordered = [...onChain].sort((a, b) => purposeRank(a.purpose) - purposeRank(b.purpose))
    const session = { accounts: ordered, chain }
    sessions.set(connectorId, session)
    return session
  }

  const toWalletSession = (session: Session): WalletSession => ({ accounts: session.accounts.map((a) => a.address), chainId: referenceOfChain(session.chain)! })

  function requireAccount(connectorId: string, address: string): BitcoinWalletAccount {
    const account = sessions.get(connectorId)?.accounts.find((a) => a.address === address)
    if (!account) throw new InvalidBitcoinRequestError(`${address} is not a connected account of ${connectorId}.`)
    return account
  }

  function requireSessionOn(connectorId: string, network: CaipNetwork): Session {
    const session = sessions.get(connectorId)
    if (!session) throw new NotConnectedError()
    if (session.chain !== chainOfNetwork(network)) throw new UnsupportedBitcoinChainError(network.name)
    return session
  }

  async function waitForWallet(connectorId: string): Promise<BitcoinWallet> {
    const found = findWallet(connectorId)
    if (found) return found
    return new Promise((resolve, reject) => {
      const off = ensureRegistry().on('register', () => {
        const wallet = findWallet(connectorId)
        if (!wallet) return
        clearTimeout(timer)
        off()
        resolve(wallet)
      })
      const timer = setTimeout(() => {
        off()
        reject(new ConnectorNotFoundError(connectorId))
      }, bitcoinWalletDiscoveryTimeout)
    })
  }

  async function broadcast(network: CaipNetwork, hex: string): Promise<string> {
    const answer = await parameters.source.broadcast(baseUrlOf(network), hex)
    if ('refused' in answer) throw new BitcoinBroadcastError(answer.refused.message, answer.refused.code, answer.cause)
    return answer.txid
  }

  return {
    getWallet: findWallet,
    namespace: 'bip122',
    getConnectors: () => connectorsOf(bitcoinWallets()),
    watchConnectors(listener) {
      const emit = () => listener(connectorsOf(bitcoinWallets()))
      const offRegister = ensureRegistry().on('register', emit)
      const offUnregister = ensureRegistry().on('unregister', emit)
      emit()
      const off = () => {
        offRegister()
        offUnregister()
      }
      offs.push(off)
      return off
    },
    async connect({ connectorId }) {
      const wallet = requireWallet(connectorId)
      const answer = await walletCall(() => wallet.features[BitcoinConnect].connect({ purposes }))
      return toWalletSession(openSession(connectorId, wallet, answer))
    },
    async reconnect({ connectorId }) {
      const wallet = await waitForWallet(connectorId)
      const answer = await walletCall(() => wallet.features[BitcoinConnect].connect({ purposes, silent: true }))
      if (Array.isArray((answer as { accounts?: unknown })?.accounts) && (answer as { accounts: unknown[] }).accounts.length === 0) throw new NotConnectedError()
      return toWalletSession(openSession(connectorId, wallet, answer))
    },
    async disconnect({ connectorId }) {
      sessions.delete(connectorId)
      const wallet = findWallet(connectorId)
      try {
        await wallet?.features['standard:disconnect']?.disconnect()
      } catch {
        // Best effort: the modal forgets the connection anyway.
      }
    },
    getAccounts({ connectorId }) {
      return (sessions.get(connectorId)?.accounts ?? []).map((a) => ({
        namespace: 'bip122' as const,
        address: a.address,
        type: a.purpose,
        publicKey: toHex(a.publicKey),
        ...(a.path ? { path: a.path } : {}),
      }))
    },
    async getBalance({ address, network }): Promise<NativeBalance> {
      const chain = chainOfNetwork(network)
      if (!looksLikeAddressOf(chain, address)) throw new InvalidBitcoinAddressError(address, network.name)
      const body = await parameters.source.getAddressStats(baseUrlOf(network), address)
      const stats = [body.chain_stats, body.mempool_stats]
      const value = stats.reduce((sum, s) => sum + BigInt(s.funded_txo_sum) - BigInt(s.spent_txo_sum), 0n)
      return { value, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
    },
    async switchChain({ connectorId, network }) {
      const chain = chainOfNetwork(network)
      const wallet = requireWallet(connectorId)
      if (!wallet.chains.includes(chain)) throw new UnsupportedBitcoinChainError(network.name)
      const session = sessions.get(connectorId)
      if (!session || session.chain === chain) return
      session.chain = chain
      for (const listener of chainListeners.get(connectorId) ?? []) listener({ type: 'chainChanged', chainId: referenceOfChain(chain)! })
    },
    async addChain({ network }) {
      // Bitcoin wallets have no "add network" request: the networks are fixed.
      throw new UnsupportedBitcoinChainError(network.name)
    },
    watchWallet({ connectorId }, listener) {
      const wallet = findWallet(connectorId)
      let set = chainListeners.get(connectorId)
      if (!set) chainListeners.set(connectorId, (set = new Set()))
      set.add(listener)
      const onChange = (properties: { accounts?: readonly unknown[] }) => {
        let accounts: readonly unknown[] | undefined
        try {
          accounts = properties?.accounts
          if (!accounts) return
          if (!Array.isArray(accounts)) return
        } catch {
          return // a malformed event is ignored
        }
        if (accounts.length === 0) {
          sessions.delete(connectorId)
          listener({ type: 'disconnect' })
          return
        }
        let session: Session
        try {
          session = openSession(connectorId, wallet!, { accounts })
        } catch {
          return // A malformed event is ignored: the current accounts stay.
        }
        listener({ type: 'accountsChanged', accounts: session.accounts.map((a) => a.address) })
      }
      let offEvents: (() => void) | undefined
      try {
        // The wallet's events.on() is foreign code: a throw reaches the caller as a typed error.
        const events = wallet ? callForeignSync(() => wallet.features['standard:events']) : undefined
        offEvents = typeof events?.on === 'function' ? callForeignSync(() => events.on('change', onChange as never)) : undefined
      } catch (error) {
        set.delete(listener)
        throw error
      }
      return () => {
        set.delete(listener)
        releaseForeign(`${connectorId}'s standard:events off()`, offEvents)
      }
    },
    async signMessage({ connectorId, address, message }) {
      const wallet = requireWallet(connectorId)
      const feature = wallet.features[BitcoinSignMessage]
      if (!feature) throw new UnsupportedProviderMethodError({ details: `${connectorId} has no ${BitcoinSignMessage} feature.` })
      const account = requireAccount(connectorId, address)
      const bytes = new TextEncoder().encode(message)
      const protocols = feature.protocols?.length ? feature.protocols : (['bip322', 'ecdsa'] as const)
      const sign = (protocol: BitcoinMessageProtocol) => walletCall(() => feature.signMessage({ account, message: bytes, protocol }))
      let answer: unknown
      const first = protocols.includes('bip322') ? 'bip322' : 'ecdsa'
      try {
        answer = await sign(first)
      } catch (error) {
        // BIP-322 first; a wallet that says it cannot (4200) signs the legacy way.
        if (!(error instanceof UnsupportedProviderMethodError) || first !== 'bip322' || !protocols.includes('ecdsa')) throw error
        answer = await sign('ecdsa')
      }
      const signature = (answer as { signature?: unknown } | undefined)?.signature
      if (typeof signature !== 'string' || !/^[A-Za-z0-9+/]{40,}={0,2}$/.test(signature)) throw new InvalidProviderResponseError(BitcoinSignMessage, answer)
      return signature
    },
    async signPSBT({ connectorId, network, psbt, signInputs, broadcast: shouldBroadcast }) {
      const wallet = requireWallet(connectorId)
      const feature = wallet.features[BitcoinSignTransaction]
      if (!feature) throw new UnsupportedProviderMethodError({ details: `${connectorId} has no ${BitcoinSignTransaction} feature.` })
      requireSessionOn(connectorId, network)
      const lazy = await loadPsbt()
      const requested = lazy.parseRequestedPsbt(psbt, network, signInputs)
      const byAccount = new Map<string, { account: BitcoinWalletAccount; signingIndexes: number[]; sigHash?: number }>()
      for (const input of signInputs) {
        const account = requireAccount(connectorId, input.address)
        const entry = byAccount.get(account.address) ?? { account, signingIndexes: [], ...(input.sighashTypes?.[0] !== undefined ? { sigHash: input.sighashTypes[0] } : {}) }
        entry.signingIndexes.push(input.index)
        byAccount.set(account.address, entry)
      }
      const answer = await walletCall(() => feature.signTransaction({ psbt, inputsToSign: [...byAccount.values()] }))
      const signed = lazy.checkSignedPsbt(requested, (answer as { psbt?: unknown } | undefined)?.psbt, signInputs, network)
      if (!shouldBroadcast) return { psbt: signed.toBase64() }
      const { hex } = lazy.finalizeTransaction(signed)
      const txid = await broadcast(network, hex)
      return { psbt: signed.toBase64(), txid }
    },
    async sendTransfer({ connectorId, network, recipient, amount }) {
      if (typeof amount !== 'bigint' || amount <= 0n) throw new InvalidBitcoinRequestError('The amount must be a positive number of satoshis.', { details: `Received: ${String(amount)}` })
      const wallet = requireWallet(connectorId)
      const feature = wallet.features[BitcoinSendTransfer]
      if (!feature) throw new UnsupportedProviderMethodError({ details: `${connectorId} has no ${BitcoinSendTransfer} feature.` })
      const session = requireSessionOn(connectorId, network)
      const lazy = await loadPsbt()
      lazy.outputScriptOf(recipient, network)
      const account = session.accounts.find((a) => a.purpose === 'payment')
      if (!account) throw new InvalidBitcoinRequestError(`${connectorId} gave no payment account to pay from.`)
      const answer = await walletCall(() => feature.sendTransfer({ account, recipient, amount: amount.toString() }))
      const txid = (answer as { txid?: unknown } | undefined)?.txid
      if (typeof txid !== 'string' || !/^[0-9a-fA-F]{64}$/.test(txid)) throw new InvalidProviderResponseError(BitcoinSendTransfer, answer)
      return { txid: txid.toLowerCase() }
    },
    destroy() {
      for (const off of offs.splice(0)) off()
      sessions.clear()
      chainListeners.clear()
    },
  }
}

/**
 * Has the connected wallet sign a PSBT and checks the answer; see {@link Bip122Adapter.signPSBT}.
 * @example const { psbt, txid } = await signPSBT(adapter, { connectorId, network: bitcoinRegtest, psbt: base64, signInputs: [{ address, index: 0 }], broadcast: true })
 */
export function signPSBT(adapter: Bip122Adapter, parameters: SignPsbtParameters): Promise<SignPsbtReturnType> {
  return adapter.signPSBT(parameters)
}

/**
 * Sends satoshis through the connected wallet's `bitcoin:sendTransfer`; see {@link Bip122Adapter.sendTransfer}.
 * @example const { txid } = await sendTransfer(adapter, { connectorId, network: bitcoinRegtest, recipient: 'bcrt1q…', amount: 10_000n })
 */
export function sendTransfer(adapter: Bip122Adapter, parameters: SendTransferParameters): Promise<SendTransferReturnType> {
  return adapter.sendTransfer(parameters)
}

/**
 * A registered wallet the Bitcoin adapter lists: a well-formed Wallet Standard wallet (a malformed one is
 * ignored, never breaks the list) with a `bitcoin:connect` feature. Never throws.
 */
function isBitcoinWallet(wallet: Wallet): wallet is BitcoinWallet {
  try {
    if (!isListableStandardWallet(wallet)) return false
    const feature = (wallet.features as Record<string, unknown>)[BitcoinConnect] as { connect?: unknown } | undefined
    return typeof feature?.connect === 'function'
  } catch {
    return false
  }
}

function isBitcoinAccount(value: unknown): value is BitcoinWalletAccount {
  if (typeof value !== 'object' || value === null) return false
  const a = value as Partial<BitcoinWalletAccount>
  return typeof a.address === 'string' && a.address.length > 0 && (a.purpose === 'payment' || a.purpose === 'ordinals') && Array.isArray(a.chains) && ArrayBuffer.isView(a.publicKey)
}

function purposeRank(purpose: BitcoinAddressPurpose): number {
  return purpose === 'payment' ? 0 : 1
}

function toHex(bytes: ArrayLike<number>): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
