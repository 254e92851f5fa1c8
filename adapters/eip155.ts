import { createStore, type EIP6963ProviderDetail, type Store } from 'mipd'
import { getAddress, isAddress, numberToHex, stringToHex } from 'viem'
import {
  BaseError,
  InvalidProviderResponseError,
  toProviderError,
} from './errors.ts'
import type { CaipNetwork } from './networks.ts'
import type { ChainAdapter, Connector, NativeBalance, WalletEvent, WalletSession } from './types.ts'
import type { WalletConnectClient } from './walletconnect.ts'

/** A minimal EIP-1193 provider: what every browser wallet exposes. */
export type Eip1193Provider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: any[]) => void): void
  removeListener?(event: string, listener: (...args: any[]) => void): void
}

/** The id of the plain `window.ethereum` entry (spec §2 browser-wallet entry). */
export const injectedConnectorId = 'injected'
/** How long a reconnect waits for a stored wallet to announce itself (EIP-6963) before giving up. */
export const connectorDiscoveryTimeout = 1_500

/** Thrown when a connector id names no discovered wallet. */
export class ConnectorNotFoundError extends BaseError {
  override name = 'ConnectorNotFoundError'
  constructor(connectorId: string) {
    super('Connector not found', { details: `No wallet with id "${connectorId}" was discovered.` })
  }
}
/** Thrown by reconnect when the wallet no longer grants accounts to the site. */
export class NotConnectedError extends BaseError {
  override name = 'NotConnectedError'
  constructor() {
    super('The wallet is not connected to this site.')
  }
}

export type CreateEip155AdapterParameters = {
  /** The window whose EIP-6963 announcements and `window.ethereum` are used. Default: globalThis.window. */
  window?: (Window & { ethereum?: unknown }) | undefined
  /** Injected for tests; default mipd's store. */
  store?: Store
  /**
   * WalletConnect (`adapters/walletconnect.ts`): listed first as the `walletConnect` connector (spec §9
   * connectorTypeOrder), its session served as one more EIP-1193 provider. Without it, no relay code exists.
   */
  walletConnect?: WalletConnectClient | undefined
  /**
   * Discover browser wallets (EIP-6963 and `window.ethereum`). Default true; false is the universal-provider mode
   * of spec §2/§6 where WalletConnect is the only way in.
   */
  discover?: boolean | undefined
}

/**
 * The EVM adapter (spec §3, §4): EIP-6963 discovery through mipd, a plain `window.ethereum` fallback
 * shown as the browser-wallet entry, requests through the EIP-1193 provider, viem for addresses
 * (checksummed) and chain ids. Every wallet answer is validated; every wallet error is mapped to a typed
 * error (errors.ts). One adapter per modal instance.
 *
 * @example
 * const adapter = createEip155Adapter()
 * const { accounts, chainId } = await adapter.connect({ connectorId: 'dev.latchkey.wallet' })
 */
export function createEip155Adapter({
  window: win = globalThis.window as any,
  store,
  walletConnect,
  discover = true,
}: CreateEip155AdapterParameters = {}): ChainAdapter & {
  getProvider(connectorId: string): Eip1193Provider | undefined
  destroy(): void
} {
  let mipd: Store | undefined = store
  const ensureStore = () => (mipd ??= createStore())

  function injected(): Eip1193Provider | undefined {
    const eth = win?.ethereum
    return isProvider(eth) ? eth : undefined
  }

  function connectorsOf(details: readonly EIP6963ProviderDetail[]): Connector[] {
    const relay: Connector[] = walletConnect ? [walletConnect.connector] : []
    if (!discover) return relay
    const announced: Connector[] = details.map((d) => ({
      id: d.info.rdns,
      name: d.info.name,
      type: 'ANNOUNCED',
      chain: 'eip155',
      imageUrl: d.info.icon,
      info: { rdns: d.info.rdns },
    }))
    const eth = injected()
    // The plain injected entry is shown only when no announced wallet is that same provider.
    if (eth && !details.some((d) => d.provider === eth)) {
      announced.push({ id: injectedConnectorId, name: 'Browser Wallet', type: 'INJECTED', chain: 'eip155' })
    }
    return [...relay, ...announced]
  }

  const isRelay = (connectorId: string) => walletConnect !== undefined && connectorId === walletConnect.connector.id

  function getProvider(connectorId: string): Eip1193Provider | undefined {
    if (isRelay(connectorId)) return walletConnect!.hasSession() ? walletConnect!.eip1193() : undefined
    if (!discover) return undefined
    if (connectorId === injectedConnectorId) return injected()
    const detail = ensureStore().findProvider({ rdns: connectorId as any })
    return detail?.provider as Eip1193Provider | undefined
  }

  function requireProvider(connectorId: string): Eip1193Provider {
    const p = getProvider(connectorId)
    // WalletConnect without a session: never paired, or the wallet ended it.
    if (!p && isRelay(connectorId)) throw new NotConnectedError()
    if (!p) throw new ConnectorNotFoundError(connectorId)
    return p
  }

  async function waitForProvider(connectorId: string): Promise<Eip1193Provider> {
    const found = getProvider(connectorId)
    if (found) return found
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        unsubscribe()
        reject(new ConnectorNotFoundError(connectorId))
      }, connectorDiscoveryTimeout)
      const unsubscribe = ensureStore().subscribe(() => {
        const p = getProvider(connectorId)
        if (p) {
          clearTimeout(timer)
          unsubscribe()
          resolve(p)
        }
      })
    })
  }

  async function call(provider: Eip1193Provider, method: string, params?: unknown): Promise<unknown> {
    try {
      return await provider.request(params === undefined ? { method } : { method, params })
    } catch (error) {
      throw toProviderError(error)
    }
  }

  async function session(provider: Eip1193Provider, method: 'eth_requestAccounts' | 'eth_accounts'): Promise<WalletSession> {
    const accounts = parseAccounts(method, await call(provider, method))
    if (accounts.length === 0) throw new NotConnectedError()
    const chainId = parseChainId('eth_chainId', await call(provider, 'eth_chainId'))
    return { accounts, chainId }
  }

  return {
    namespace: 'eip155',
    getProvider,
    getConnectors: () => connectorsOf(discover ? ensureStore().getProviders() : []),
    watchConnectors(listener) {
      if (!discover) {
        listener(connectorsOf([]))
        return () => {}
      }
      return ensureStore().subscribe((details) => listener(connectorsOf(details)), { emitImmediately: true })
    },
    async connect({ connectorId }) {
      // WalletConnect: the pairing machine had the wallet approve; the session's accounts are read locally.
      return session(requireProvider(connectorId), 'eth_requestAccounts')
    },
    async reconnect({ connectorId }) {
      if (isRelay(connectorId)) {
        if (!(await walletConnect!.restore())) throw new NotConnectedError()
        return session(walletConnect!.eip1193(), 'eth_accounts')
      }
      return session(await waitForProvider(connectorId), 'eth_accounts')
    },
    async disconnect({ connectorId }) {
      if (isRelay(connectorId)) return walletConnect!.disconnect()
      const provider = getProvider(connectorId)
      if (!provider) return
      // Best effort (EIP-2255): many wallets do not support revoking; the modal forgets the connection anyway.
      try {
        await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
      } catch {
        // ignored on purpose
      }
    },
    async getBalance({ connectorId, address, network }): Promise<NativeBalance> {
      const provider = requireProvider(connectorId)
      const raw = await call(provider, 'eth_getBalance', [address, 'latest'])
      if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]+$/.test(raw)) throw new InvalidProviderResponseError('eth_getBalance', raw)
      return { value: BigInt(raw), decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
    },
    async switchChain({ connectorId, network }) {
      await call(requireProvider(connectorId), 'wallet_switchEthereumChain', [{ chainId: numberToHex(Number(network.id)) }])
    },
    async addChain({ connectorId, network }) {
      await call(requireProvider(connectorId), 'wallet_addEthereumChain', [
        {
          chainId: numberToHex(Number(network.id)),
          chainName: network.name,
          nativeCurrency: network.nativeCurrency,
          rpcUrls: network.rpcUrls.default.http,
          ...(network.blockExplorers ? { blockExplorerUrls: [network.blockExplorers.default.url] } : {}),
        },
      ])
    },
    watchWallet({ connectorId }, listener: (event: WalletEvent) => void) {
      const provider = getProvider(connectorId)
      if (!provider?.on) return () => {}
      const onAccounts = (accounts: unknown) => {
        try {
          listener({ type: 'accountsChanged', accounts: parseAccounts('accountsChanged', accounts) })
        } catch {
          // A malformed event is ignored: the current account stays.
        }
      }
      const onChain = (chainId: unknown) => {
        try {
          listener({ type: 'chainChanged', chainId: parseChainId('chainChanged', chainId) })
        } catch {
          // ignored, see above
        }
      }
      const onDisconnect = () => listener({ type: 'disconnect' })
      provider.on('accountsChanged', onAccounts)
      provider.on('chainChanged', onChain)
      provider.on('disconnect', onDisconnect)
      return () => {
        provider.removeListener?.('accountsChanged', onAccounts)
        provider.removeListener?.('chainChanged', onChain)
        provider.removeListener?.('disconnect', onDisconnect)
      }
    },
    async signMessage({ connectorId, address, message }) {
      // EIP-191 personal_sign takes the message as hex (UTF-8 bytes) and the signer second.
      const raw = await call(requireProvider(connectorId), 'personal_sign', [stringToHex(message), address])
      return parseSignature('personal_sign', raw)
    },
    destroy() {
      mipd?.destroy()
    },
  }
}

/**
 * Validates a signature answer: `0x` and whole bytes, at least 65 (an EOA's r, s, v; smart accounts'
 * ERC-1271 and ERC-6492 signatures are longer).
 * @throws InvalidProviderResponseError for anything else (a non-string, a short, odd-length or non-hex reply).
 */
export function parseSignature(method: string, value: unknown): `0x${string}` {
  if (typeof value !== 'string' || !/^0x(?:[0-9a-fA-F]{2}){65,}$/.test(value)) throw new InvalidProviderResponseError(method, value)
  return value as `0x${string}`
}

function isProvider(value: unknown): value is Eip1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as Eip1193Provider).request === 'function'
}

/**
 * Validates an accounts answer: an array of 0x-addresses, returned checksummed (viem `getAddress`).
 * @throws InvalidProviderResponseError for anything else.
 */
export function parseAccounts(method: string, value: unknown): string[] {
  if (!Array.isArray(value)) throw new InvalidProviderResponseError(method, value)
  return value.map((a) => {
    if (typeof a !== 'string' || !isAddress(a, { strict: false })) throw new InvalidProviderResponseError(method, value)
    return getAddress(a)
  })
}

/**
 * Validates a chain id answer: a 0x-hex quantity (EIP-1193), or a safe integer some wallets send.
 * @throws InvalidProviderResponseError for anything else (decimal strings included).
 */
export function parseChainId(method: string, value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,15}$/.test(value)) {
    const n = Number.parseInt(value, 16)
    if (n > 0) return n
  }
  throw new InvalidProviderResponseError(method, value)
}
