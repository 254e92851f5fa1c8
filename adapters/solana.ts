import { getWallets } from '@wallet-standard/app'
import type { Wallets } from '@wallet-standard/app'
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base'
import type { Connection } from '@solana/web3.js'
import { callForeignSync, imageIcon, isListableStandardWallet, releaseForeign } from './boundary.ts'
import { ConnectorNotFoundError, NotConnectedError, connectorDiscoveryTimeout } from './eip155.ts'
import { BaseError, InvalidProviderResponseError, UnauthorizedProviderError, UnsupportedProviderMethodError } from './errors.ts'
import { solana as solanaMainnet, solanaDevnet, solanaTestnet } from './networks.ts'
import type { CaipNetwork } from './networks.ts'
import { base58Decode, base58Encode, isSolanaAddress } from './solana.base58.ts'
import { toSolanaWalletError } from './solana.errors.ts'
import type { Account, ChainAdapter, Connector, NativeBalance, SignMessageParameters, SignMessageReturnType, WalletEvent, WalletSession } from './types.ts'
import { loadPeer, MissingPeerDependencyError } from './peers.ts'
import { authSolanaConnectorId, createAuthSolanaWallet } from './solana.auth.ts'
import type { EmbeddedSolanaBackend } from './solana.auth.ts'
import { createRpcTransport, rpcNodeUrl, type CreateRpcTransportParameters } from './rpc.ts'

/**
 * The Solana adapter (spec §3, §4, §5): wallets discovered through the Wallet Standard, balances read
 * with `@solana/web3.js`. The lazy rule: web3.js is loaded (dynamic `import()`) by the first method that needs it
 * (a balance), never when this module is imported, so an EVM-only dapp ships none of it.
 */

/** Feature names of the Wallet Standard this adapter uses. */
export const solanaFeatures = {
  connect: 'standard:connect',
  disconnect: 'standard:disconnect',
  events: 'standard:events',
  signMessage: 'solana:signMessage',
  signTransaction: 'solana:signTransaction',
  signAndSendTransaction: 'solana:signAndSendTransaction',
} as const

/** The Wallet Standard's cluster names and the CAIP-2 references of the public clusters they stand for. */
export const solanaClusterAliases: Readonly<Record<string, string>> = {
  'solana:mainnet': String(solanaMainnet.id),
  'solana:devnet': String(solanaDevnet.id),
  'solana:testnet': String(solanaTestnet.id),
}

/** Loads `@solana/web3.js` once, on first use (the lazy rule). */
let web3Module: Promise<typeof import('@solana/web3.js')> | undefined
export function loadSolanaWeb3(): Promise<typeof import('@solana/web3.js')> {
  // An optional peer: a missing package is a MissingPeerDependencyError naming it.
  // In a try block: webpack and Turbopack treat the import as optional, a dapp without the package still builds.
  web3Module ??= loadPeer(
    'solana',
    async () => {
      try {
        return await import('@solana/web3.js')
      } catch (cause) {
        throw new MissingPeerDependencyError('solana', { cause })
      }
    },
    (m) => typeof m.Connection === 'function',
  )
  return web3Module
}

/** The wallet does not support the network asked for (Solana wallets cannot switch to or add a cluster). */
export class SolanaChainNotSupportedError extends BaseError {
  static override docsPath = '/errors/SolanaChainNotSupportedError'
  override name = 'SolanaChainNotSupportedError'
  /** The CAIP-2 id asked for. */
  caipNetworkId: string
  constructor(walletName: string, network: Pick<CaipNetwork, 'name' | 'caipNetworkId'>, walletChains: readonly string[]) {
    super(`${walletName} does not support ${network.name}`, {
      details: `The wallet's chains are ${walletChains.join(', ') || 'none'}; ${network.caipNetworkId} is not one of them.`,
    })
    this.caipNetworkId = network.caipNetworkId
  }
}

/** An address (or a wallet's answer) that is not a Solana address: 32–44 base58 characters decoding to 32 bytes. */
export class InvalidSolanaAddressError extends BaseError {
  static override docsPath = '/errors/InvalidSolanaAddressError'
  override name = 'InvalidSolanaAddressError'
  constructor(value: unknown) {
    super('Invalid Solana address', { details: `Expected 32–44 base58 characters decoding to 32 bytes, got ${JSON.stringify(value)}.` })
  }
}

/** The balance could not be read from the network's RPC. */
export class SolanaRpcRequestError extends BaseError {
  static override docsPath = '/errors/SolanaRpcRequestError'
  override name = 'SolanaRpcRequestError'
  constructor(rpcUrl: string, cause: unknown) {
    super('The Solana network did not answer', { cause, details: `${rpcUrl}: ${cause instanceof Error ? cause.message : String(cause)}` })
  }
}

/** Options of {@link createSolanaAdapter}. */
export type CreateSolanaAdapterParameters = {
  /**
   * The dapp's Solana networks. `connect` reports the first of them the wallet supports as the chain; a wallet that
   * supports none reports its own first Solana chain (the machine then shows it as unsupported).
   */
  networks?: readonly CaipNetwork[]
  /** The Wallet Standard registry; default `getWallets()` of `@wallet-standard/app` (listens on `window`). */
  wallets?: Pick<Wallets, 'get' | 'on'>
  /**
   * The embedded wallet (spec §6: the auth connector on eip155 and solana): served as the connector `auth`
   * (not listed among the connectors, like on eip155: the email and social logins connect it). `load` fetches its
   * Solana side on first use.
   */
  auth?: { load(): Promise<EmbeddedSolanaBackend> } | undefined
  /**
   * The JSON-RPC node of the reads and sends (spec §7.4, adapters/rpc.ts): `host` (`{rpc host}`) and `projectId` pick
   * each network's node URL ({@link rpcNodeUrl}); `fetch`, `clock` and the timing set the transport web3.js posts
   * through (spec §9: 10 s timeout, 3 retries, 1 s apart). Without it, each network's own `rpcUrls` and the defaults.
   */
  rpc?: ({ host?: string | undefined; projectId?: string | undefined } & Omit<CreateRpcTransportParameters, 'url'>) | undefined
}

/** What {@link createSolanaAdapter} returns: the contract plus what the transfer adapter needs. */
export type SolanaAdapter = ChainAdapter & {
  /** The wallet's Solana accounts (spec §3 Account); empty when not connected. */
  getAccounts(parameters: { connectorId: string }): readonly Account[]
  /** The registered wallet of a connector id, if any. */
  getWallet(connectorId: string): Wallet | undefined
  /** The wallet's account for `address` (the connected one), if the site may use it. */
  getAccount(connectorId: string, address: string): WalletAccount | undefined
  /** The wallet's chain id (`solana:<reference>` or a cluster alias) for a network, if the wallet supports it. */
  walletChainFor(connectorId: string, network: Pick<CaipNetwork, 'id' | 'caipNetworkId'>): IdentifierString | undefined
  /**
   * A web3.js `Connection` for an RPC URL (one per URL, commitment 'confirmed'), posting through the JSON-RPC transport
   * (adapters/rpc.ts: timeout and retries of spec §9; web3.js's own retry on 429 off); loads web3.js.
   */
  connection(rpcUrl: string): Promise<Connection>
  /** The node URL of a network's reads and sends (spec §7.4, {@link rpcNodeUrl}); '' when it has none. */
  nodeUrl(network: CaipNetwork): string
  /** Forgets the RPC connections (listeners are removed by the unsubscribe functions the watchers return). */
  destroy(): void
}

/**
 * Creates the Solana adapter (namespace 'solana'). Connectors are the Wallet Standard wallets with
 * `standard:connect`, `solana:signMessage` and a `solana:` chain, named by `wallet.name` (the connector id).
 *
 * - `connect`: `standard:connect` (prompts); `reconnect`: `standard:connect` with `{ silent: true }`, waiting up to
 *   {@link connectorDiscoveryTimeout} ms for the wallet to register; no accounts → `NotConnectedError`.
 * - `getBalance`: web3.js `Connection(nodeUrl(network)).getBalance` → lamports, 9 decimals (the node URL of spec §7.4:
 *   the project's node for a built-in network, else the network's own `rpcUrls`; see `rpc`).
 * - `switchChain` resolves when the wallet supports the network, else {@link SolanaChainNotSupportedError};
 *   `addChain` always throws `UnsupportedProviderMethodError` (4200): Solana wallets add no networks.
 * - `watchWallet`: `standard:events` `change` with accounts → `accountsChanged` (none left → `disconnect`); the
 *   wallet leaving the registry → `disconnect`.
 * - `signMessage`: `solana:signMessage` of the UTF-8 text; the answer must be a 64-byte ed25519 signature of exactly
 *   those bytes by the account's key (checked with WebCrypto where the browser has Ed25519); returns it in base58.
 *
 * Errors: `ConnectorNotFoundError`, `NotConnectedError`, `UserRejectedRequestError` (4001, also for wallets that
 * only say "User rejected"), `UnauthorizedProviderError` (4100: the address is not the wallet's connected account),
 * `InvalidProviderResponseError` (a malformed wallet answer), {@link InvalidSolanaAddressError},
 * {@link SolanaRpcRequestError}, and the wallet's other errors mapped by `toSolanaWalletError`.
 *
 * @example
 * const solana = createSolanaAdapter({ networks: [solanaLocalnet] })
 * const { accounts } = await solana.connect({ connectorId: 'Latchkey Dev Solana Wallet' })
 * const { value } = await solana.getBalance({ connectorId, address: accounts[0], network: solanaLocalnet }) // lamports
 */
export function createSolanaAdapter({ networks = [], wallets: registry, auth, rpc: rpcOptions = {} }: CreateSolanaAdapterParameters = {}): SolanaAdapter {
  const authWallet = auth ? createAuthSolanaWallet({ chains: networks.filter((n) => n.chainNamespace === 'solana').map((n) => n.caipNetworkId), load: auth.load }) : undefined
  let walletsApi = registry
  const ensureWallets = (): Pick<Wallets, 'get' | 'on'> => (walletsApi ??= getWallets())
  const connections = new Map<string, Promise<Connection>>()
  const connection = (rpcUrl: string): Promise<Connection> => {
    let found = connections.get(rpcUrl)
    if (!found) {
      const { host, projectId, ...transport } = rpcOptions
      const { fetch } = createRpcTransport({ url: rpcUrl, ...transport })
      found = loadSolanaWeb3().then(({ Connection }) => new Connection(rpcUrl, { commitment: 'confirmed', fetch, disableRetryOnRateLimit: true }))
      connections.set(rpcUrl, found)
    }
    return found
  }

  const solanaWallets = (): Wallet[] => {
    let registered: readonly Wallet[]
    try {
      registered = ensureWallets().get()
    } catch {
      return []
    }
    return registered.filter(isSolanaWallet)
  }
  const getWallet = (connectorId: string): Wallet | undefined => (authWallet && connectorId === authSolanaConnectorId ? authWallet : solanaWallets().find((w) => w.name === connectorId))
  const requireWallet = (connectorId: string): Wallet => {
    const wallet = getWallet(connectorId)
    if (!wallet) throw new ConnectorNotFoundError(connectorId)
    return wallet
  }

  async function waitForWallet(connectorId: string): Promise<Wallet> {
    const found = getWallet(connectorId)
    if (found) return found
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        off()
        reject(new ConnectorNotFoundError(connectorId))
      }, connectorDiscoveryTimeout)
      const off = ensureWallets().on('register', () => {
        const wallet = getWallet(connectorId)
        if (!wallet) return
        clearTimeout(timer)
        off()
        resolve(wallet)
      })
    })
  }

  async function session(wallet: Wallet, silent: boolean): Promise<WalletSession> {
    const connect = feature<{ connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }> }>(wallet, solanaFeatures.connect)
    let output: unknown
    try {
      output = await connect.connect(silent ? { silent: true } : undefined)
    } catch (error) {
      throw toSolanaWalletError(error)
    }
    const accounts = parseAccounts(solanaFeatures.connect, (output as { accounts?: unknown } | undefined)?.accounts)
    const first = accounts[0]
    if (!first) {
      if (silent) throw new NotConnectedError()
      throw new InvalidProviderResponseError(solanaFeatures.connect, output)
    }
    return { accounts: accounts.map((a) => a.address), chainId: chainReferenceFor(wallet) }
  }

  /** The reference of the first configured network the wallet supports, else of the wallet's first Solana chain. */
  function chainReferenceFor(wallet: Wallet): string {
    for (const network of networks) if (network.chainNamespace === 'solana' && walletChain(wallet, network)) return String(network.id)
    const first = wallet.chains.find((c) => c.startsWith('solana:')) ?? 'solana:unknown'
    return solanaClusterAliases[first] ?? first.slice('solana:'.length)
  }

  function accountFor(connectorId: string, address: string): WalletAccount | undefined {
    const wallet = getWallet(connectorId)
    if (!wallet) return undefined
    // The wallet's own list is the truth (the user may have switched or disconnected in the wallet).
    return wallet.accounts.find((a) => a.address === address && a.chains.some((c) => c.startsWith('solana:')))
  }

  return {
    namespace: 'solana',
    getWallet,
    getAccount: accountFor,
    walletChainFor(connectorId, network) {
      const wallet = getWallet(connectorId)
      return wallet ? walletChain(wallet, network) : undefined
    },
    connection,
    nodeUrl: (network) => rpcNodeUrl({ network, rpcHost: rpcOptions.host, projectId: rpcOptions.projectId }),
    getConnectors: () => solanaWallets().map(toConnector),
    watchConnectors(listener) {
      const emit = (): void => listener(solanaWallets().map(toConnector))
      const offRegister = ensureWallets().on('register', emit)
      const offUnregister = ensureWallets().on('unregister', emit)
      emit()
      return () => {
        offRegister()
        offUnregister()
      }
    },
    async connect({ connectorId }) {
      return session(requireWallet(connectorId), false)
    },
    /**
     * The wallet's Solana accounts (spec §3 Account), as the wallet lists them now: type `eoa`, `publicKey` the 32-byte
     * ed25519 key in hex; empty when the wallet is gone or grants none.
     */
    getAccounts({ connectorId }) {
      const wallet = getWallet(connectorId)
      if (!wallet) return []
      let accounts: WalletAccount[]
      try {
        accounts = parseAccounts('accounts', wallet.accounts)
      } catch {
        return []
      }
      return accounts.map((a) => ({
        namespace: 'solana' as const,
        address: a.address,
        type: 'eoa' as const,
        ...(a.publicKey instanceof Uint8Array && a.publicKey.length === 32 ? { publicKey: toHex(a.publicKey) } : {}),
      }))
    },
    async reconnect({ connectorId }) {
      return session(await waitForWallet(connectorId), true)
    },
    async disconnect({ connectorId }) {
      const wallet = getWallet(connectorId)
      const disconnect = wallet?.features[solanaFeatures.disconnect] as { disconnect?: () => Promise<void> } | undefined
      if (typeof disconnect?.disconnect !== 'function') return
      // Best effort: the modal forgets the connection whatever the wallet says.
      try {
        await disconnect.disconnect()
      } catch {
        // ignored on purpose
      }
    },
    async getBalance({ address, network }): Promise<NativeBalance> {
      if (!isSolanaAddress(address)) throw new InvalidSolanaAddressError(address)
      const rpcUrl = rpcNodeUrl({ network, rpcHost: rpcOptions.host, projectId: rpcOptions.projectId })
      if (!rpcUrl) throw new SolanaRpcRequestError('(none)', `${network.caipNetworkId} has no RPC URL`)
      const [{ PublicKey }, rpc] = await Promise.all([loadSolanaWeb3(), connection(rpcUrl)])
      let lamports: number
      try {
        lamports = await rpc.getBalance(new PublicKey(address), 'confirmed')
      } catch (error) {
        throw new SolanaRpcRequestError(rpcUrl, error)
      }
      if (!Number.isSafeInteger(lamports) || lamports < 0) throw new SolanaRpcRequestError(rpcUrl, `getBalance answered ${String(lamports)}`)
      return { value: BigInt(lamports), decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
    },
    async switchChain({ connectorId, network }) {
      const wallet = requireWallet(connectorId)
      if (!walletChain(wallet, network))
        throw new SolanaChainNotSupportedError(
          wallet.name,
          network,
          wallet.chains.filter((c) => c.startsWith('solana:')),
        )
    },
    async addChain({ network }) {
      throw new UnsupportedProviderMethodError({ details: `Solana wallets cannot add networks; ${network.caipNetworkId} must be one the wallet knows.` })
    },
    watchWallet({ connectorId }, listener: (event: WalletEvent) => void) {
      const wallet = getWallet(connectorId)
      if (!wallet) return () => {}
      const events = callForeignSync(() => wallet.features[solanaFeatures.events]) as { on?: (event: 'change', listener: (properties: { accounts?: unknown }) => void) => () => void } | undefined
      const onChange = (properties: { accounts?: unknown }) => {
        let accounts: WalletAccount[]
        try {
          if (!properties || !('accounts' in properties)) return
          accounts = parseAccounts('change', properties.accounts)
        } catch {
          return // A malformed event is ignored: the current account stays.
        }
        const first = accounts[0]
        if (!first) {
          listener({ type: 'disconnect' })
          return
        }
        listener({ type: 'accountsChanged', accounts: accounts.map((a) => a.address) })
      }
      // The wallet's events.on() is foreign code: a throw reaches the caller as a typed error.
      const offChange = typeof events?.on === 'function' ? callForeignSync(() => events.on!('change', onChange)) : undefined
      const offUnregister = ensureWallets().on('unregister', (...gone) => {
        if (gone.includes(wallet)) listener({ type: 'disconnect' })
      })
      return () => {
        releaseForeign(`${connectorId}'s standard:events off()`, offChange)
        offUnregister()
      }
    },
    async signMessage({ connectorId, address, message }: SignMessageParameters): Promise<SignMessageReturnType> {
      const wallet = requireWallet(connectorId)
      const account = accountFor(connectorId, address)
      if (!account) throw new UnauthorizedProviderError({ details: `${address} is not an account ${wallet.name} connected to this site.` })
      const bytes = new TextEncoder().encode(message)
      const signMessage = feature<{ signMessage(...inputs: Array<{ account: WalletAccount; message: Uint8Array }>): Promise<readonly unknown[]> }>(wallet, solanaFeatures.signMessage)
      let outputs: readonly unknown[]
      try {
        outputs = await signMessage.signMessage({ account, message: bytes })
      } catch (error) {
        throw toSolanaWalletError(error)
      }
      const output = Array.isArray(outputs) ? (outputs[0] as { signature?: unknown; signedMessage?: unknown } | undefined) : undefined
      const signature = output?.signature
      if (!(signature instanceof Uint8Array) || signature.length !== 64) throw new InvalidProviderResponseError(solanaFeatures.signMessage, describeBytes(signature))
      // The standard lets a wallet sign other bytes (a prefix); a SIWX verifier needs exactly the message's.
      if (output?.signedMessage !== undefined && !equalBytes(output.signedMessage, bytes)) {
        throw new InvalidProviderResponseError(solanaFeatures.signMessage, 'a signature of other bytes than the message')
      }
      if ((await verifyEd25519(base58Decode(address), bytes, signature)) === false) {
        throw new InvalidProviderResponseError(solanaFeatures.signMessage, 'a signature that does not verify with the account key')
      }
      return base58Encode(signature)
    },
    destroy() {
      connections.clear()
    },
  }
}

/**
 * Whether a registered wallet can be a Solana connector: a well-formed Wallet Standard wallet (a name, chains, accounts
 * and features: a malformed one is ignored, never breaks the list) with standard:connect,
 * solana:signMessage and a solana: chain. Never throws.
 */
export function isSolanaWallet(wallet: Wallet): boolean {
  try {
    return isListableStandardWallet(wallet) && wallet.chains.some((c) => typeof c === 'string' && c.startsWith('solana:')) && hasFeature(wallet, solanaFeatures.connect) && hasFeature(wallet, solanaFeatures.signMessage)
  } catch {
    return false
  }
}

/** The wallet's chain id for a network: its exact CAIP-2 id, or the cluster alias of a public cluster. */
function walletChain(wallet: Wallet, network: Pick<CaipNetwork, 'id' | 'caipNetworkId'>): IdentifierString | undefined {
  return wallet.chains.find((c) => c === network.caipNetworkId || solanaClusterAliases[c] === String(network.id))
}

/** The wallet as a connector; its icon only when it is an image data URI (the Wallet Standard's rule). */
function toConnector(wallet: Wallet): Connector {
  let icon: string | undefined
  try {
    icon = imageIcon(wallet.icon)
  } catch {
    icon = undefined // a getter that throws: no icon
  }
  return { id: wallet.name, name: wallet.name, type: 'ANNOUNCED', chain: 'solana', ...(icon ? { imageUrl: icon } : {}) }
}

function hasFeature(wallet: Wallet, name: string): boolean {
  return typeof wallet.features === 'object' && wallet.features !== null && name in wallet.features
}

/** A feature object of the wallet; `UnsupportedProviderMethodError` (4200) when the wallet lacks it. */
export function feature<T>(wallet: Wallet, name: string): T {
  const value = wallet.features[name as IdentifierString]
  if (typeof value !== 'object' || value === null) {
    throw new UnsupportedProviderMethodError({ details: `${wallet.name} has no ${name} feature.` })
  }
  return value as T
}

/**
 * Validates a wallet's accounts: objects with a Solana address (32 bytes in base58) and a `solana:` chain;
 * accounts of other chains (a multi-chain wallet's) are left out.
 * @throws InvalidProviderResponseError for anything that is not a list of accounts, or a Solana account without a valid address.
 */
export function parseAccounts(method: string, value: unknown): WalletAccount[] {
  if (!Array.isArray(value)) throw new InvalidProviderResponseError(method, value)
  const accounts: WalletAccount[] = []
  for (const account of value as unknown[]) {
    if (typeof account !== 'object' || account === null) throw new InvalidProviderResponseError(method, value)
    const { address, chains } = account as { address?: unknown; chains?: unknown }
    const onSolana = !Array.isArray(chains) || chains.length === 0 || chains.some((c) => typeof c === 'string' && c.startsWith('solana:'))
    if (!onSolana) continue
    if (!isSolanaAddress(address)) throw new InvalidProviderResponseError(method, address)
    accounts.push(account as WalletAccount)
  }
  return accounts
}

/**
 * Verifies an ed25519 signature with WebCrypto. Resolves true or false; `undefined` when this runtime's WebCrypto
 * has no Ed25519 (then the caller can only check the shape).
 */
export async function verifyEd25519(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): Promise<boolean | undefined> {
  const subtle = globalThis.crypto?.subtle
  if (!subtle) return undefined
  let key: CryptoKey
  try {
    key = await subtle.importKey('raw', publicKey as Uint8Array<ArrayBuffer>, { name: 'Ed25519' }, false, ['verify'])
  } catch (error) {
    if ((error as { name?: string })?.name === 'NotSupportedError') return undefined
    return false // not a valid public key
  }
  return subtle.verify('Ed25519', key, signature as Uint8Array<ArrayBuffer>, message as Uint8Array<ArrayBuffer>)
}

function equalBytes(a: unknown, b: Uint8Array): boolean {
  return a instanceof Uint8Array && a.length === b.length && a.every((byte, i) => byte === b[i])
}

function describeBytes(value: unknown): unknown {
  return value instanceof Uint8Array ? `${value.length} bytes` : value
}

/** Lower-case hex of bytes, no prefix. */
function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
