import * as v from 'valibot'
import { callForeignSync, imageIcon, releaseForeign, safeParse } from './boundary.ts'
import { BaseError, InvalidProviderResponseError, toProviderError } from './errors.ts'
import type { Account, ChainAdapter, Connector, NativeBalance, WalletEvent, WalletSession } from './types.ts'
import type { WalletConnectClient } from './walletconnect.ts'

/** viem's address and hex utilities ({@link loadEncoding}). */
type Encoding = typeof import('./eip155.encoding.ts')
/** {@link loadEncoding}'s module once it is in: a cache of code shared by every adapter of the page, not state. */
let encoding: Encoding | undefined

/**
 * viem's address and hex utilities (`adapters/eip155.encoding.ts`: EIP-55 checksums, hex quantities), fetched on the
 * first use (the first accounts answer, chain switch or signature) rather than with the page; one fetch,
 * however often it is asked.
 * @returns the module; rejects only when its chunk cannot be fetched.
 * @example const { getAddress } = await loadEncoding()
 */
export function loadEncoding(): Promise<Encoding> {
  return encoding ? Promise.resolve(encoding) : import('./eip155.encoding.ts').then((m) => (encoding = m))
}

/** An EIP-1193 provider (defined in types.ts: WalletConnect's client uses it too, without importing this adapter). */
export type { Eip1193Provider } from './types.ts'
import type { Eip1193Provider } from './types.ts'

/** The id of the plain `window.ethereum` entry (spec §2 browser-wallet entry). */
export const injectedConnectorId = 'injected'
/** How long a reconnect waits for a stored wallet to announce itself (EIP-6963) before giving up. */
export const connectorDiscoveryTimeout = 1_500

/** Thrown when a connector id names no discovered wallet. */
export class ConnectorNotFoundError extends BaseError {
  static override docsPath = '/errors/ConnectorNotFoundError'
  override name = 'ConnectorNotFoundError'
  constructor(connectorId: string) {
    super('Connector not found', { details: `No wallet with id "${connectorId}" was discovered.` })
  }
}
/** Thrown by reconnect when the wallet no longer grants accounts to the site. */
export class NotConnectedError extends BaseError {
  static override docsPath = '/errors/NotConnectedError'
  override name = 'NotConnectedError'
  constructor() {
    super('The wallet is not connected to this site.')
  }
}

export type CreateEip155AdapterParameters = {
  /** The window whose EIP-6963 announcements and `window.ethereum` are used. Default: globalThis.window. */
  window?: (Window & { ethereum?: unknown }) | undefined
  /** Injected for tests (mipd's `Store` fits); default {@link createAnnouncementStore} on the window. */
  store?: AnnouncementStore
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
  /**
   * The embedded wallet: the `auth` connector's EIP-1193 provider (requests go through the secure site's
   * frame). Not listed among the wallets (Connect shows the email field); connected, restored and disconnected like
   * any other connector.
   */
  auth?: { connector: Connector; provider: Eip1193Provider } | undefined
}

/**
 * The EVM adapter (spec §3, §4): EIP-6963 discovery (announcements validated), a plain `window.ethereum` fallback
 * shown as the browser-wallet entry, requests through the EIP-1193 provider, viem for addresses
 * (checksummed) and chain ids. Every wallet answer is validated; every wallet error is mapped to a typed
 * error (errors.ts). One adapter per modal instance.
 *
 * @example
 * const adapter = createEip155Adapter()
 * const { accounts, chainId } = await adapter.connect({ connectorId: 'dev.latchkey.wallet' })
 */
export function createEip155Adapter({
  // biome-ignore lint/suspicious/noExplicitAny: absent outside a browser (server rendering); the adapter reads window only when asked
  window: win = globalThis.window as any,
  store,
  walletConnect,
  discover = true,
  auth,
}: CreateEip155AdapterParameters = {}): ChainAdapter & {
  getAccounts(parameters: { connectorId: string }): readonly Account[]
  getProvider(connectorId: string): Eip1193Provider | undefined
  destroy(): void
} {
  let announcements: AnnouncementStore | undefined = store
  let destroyed = false
  const ensureStore = () => (announcements ??= createAnnouncementStore())
  /** Pending waits for a wallet to announce itself (reconnect): ended by `destroy()`. */
  const waits = new Set<() => void>()

  function injected(): Eip1193Provider | undefined {
    let eth: unknown
    try {
      eth = win?.ethereum
    } catch {
      return undefined // a getter another script installed that throws
    }
    return isProvider(eth) ? eth : undefined
  }

  /** Each announcement the store holds, validated once (EIP-6963): the valid ones, in announcement order. */
  const checked = new WeakMap<object, Announcement | null>()
  function validAnnouncements(details: readonly unknown[]): Announcement[] {
    const valid: Announcement[] = []
    for (const detail of details) {
      if (typeof detail !== 'object' || detail === null) continue
      let parsed = checked.get(detail)
      if (parsed === undefined) {
        parsed = parseAnnouncement(detail)
        checked.set(detail, parsed)
      }
      // The first announcement of an rdns wins (a later one cannot take over its id).
      if (parsed && !valid.some((a) => a.info.rdns === parsed!.info.rdns)) valid.push(parsed)
    }
    return valid
  }

  function connectorsOf(details: readonly unknown[]): Connector[] {
    const relay: Connector[] = walletConnect ? [walletConnect.connector] : []
    if (!discover) return relay
    const valid = validAnnouncements(details)
    const announced: Connector[] = valid.map((d) => ({
      id: d.info.rdns,
      name: d.info.name,
      type: 'ANNOUNCED',
      chain: 'eip155',
      ...(d.info.icon ? { imageUrl: d.info.icon } : {}),
      info: { rdns: d.info.rdns },
    }))
    const eth = injected()
    // The plain injected entry is listed only when no announced wallet is that same provider (then it is relevant and
    // installed: spec §6, whose device rule is `isBrowserWalletEntryShown`).
    if (eth && !valid.some((d) => d.provider === eth)) {
      announced.push({ id: injectedConnectorId, name: 'Browser Wallet', type: 'INJECTED', chain: 'eip155', installed: true })
    }
    return [...relay, ...announced]
  }

  const isRelay = (connectorId: string) => walletConnect !== undefined && connectorId === walletConnect.connector.id

  function getProvider(connectorId: string): Eip1193Provider | undefined {
    if (auth && connectorId === auth.connector.id) return auth.provider
    if (isRelay(connectorId)) return walletConnect!.hasSession() ? walletConnect!.eip1193() : undefined
    if (!discover) return undefined
    if (connectorId === injectedConnectorId) return injected()
    if (destroyed) return undefined
    return validAnnouncements(ensureStore().getProviders()).find((d) => d.info.rdns === connectorId)?.provider
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
    if (destroyed) throw new ConnectorNotFoundError(connectorId)
    return new Promise((resolve, reject) => {
      const end = () => {
        clearTimeout(timer)
        unsubscribe()
        waits.delete(stop)
      }
      const stop = () => {
        end()
        reject(new ConnectorNotFoundError(connectorId))
      }
      const timer = setTimeout(stop, connectorDiscoveryTimeout)
      const unsubscribe = ensureStore().subscribe(() => {
        const p = getProvider(connectorId)
        if (p) {
          end()
          resolve(p)
        }
      })
      waits.add(stop)
    })
  }

  async function call(provider: Eip1193Provider, method: string, params?: unknown): Promise<unknown> {
    try {
      return await provider.request(params === undefined ? { method } : { method, params })
    } catch (error) {
      throw toProviderError(error)
    }
  }

  /** The accounts of each connected connector (spec §3 Account), as the last connect, restore or accountsChanged gave them. */
  const connectedAccounts = new Map<string, readonly string[]>()
  async function session(provider: Eip1193Provider, method: 'eth_requestAccounts' | 'eth_accounts', connectorId: string): Promise<WalletSession> {
    const accounts = await parseAccounts(method, await call(provider, method))
    if (accounts.length === 0) throw new NotConnectedError()
    const chainId = parseChainId('eth_chainId', await call(provider, 'eth_chainId'))
    connectedAccounts.set(connectorId, accounts)
    return { accounts, chainId }
  }

  return {
    namespace: 'eip155',
    getProvider,
    getConnectors: () => connectorsOf(discover && !destroyed ? ensureStore().getProviders() : []),
    watchConnectors(listener) {
      if (!discover || destroyed) {
        listener(connectorsOf([]))
        return () => {}
      }
      return ensureStore().subscribe((details) => listener(connectorsOf(details)), { emitImmediately: true })
    },
    async connect({ connectorId }) {
      // WalletConnect: the pairing machine had the wallet approve; the session's accounts are read locally.
      return session(requireProvider(connectorId), 'eth_requestAccounts', connectorId)
    },
    async reconnect({ connectorId }) {
      if (isRelay(connectorId)) {
        if (!(await walletConnect!.restore())) throw new NotConnectedError()
        return session(walletConnect!.eip1193(), 'eth_accounts', connectorId)
      }
      return session(await waitForProvider(connectorId), 'eth_accounts', connectorId)
    },
    /** The connector's accounts (spec §3 Account): type `eoa` (smart accounts are not built), no public key (an EVM wallet does not give it). */
    getAccounts({ connectorId }) {
      return (connectedAccounts.get(connectorId) ?? []).map((address) => ({ namespace: 'eip155' as const, address, type: 'eoa' as const }))
    },
    async disconnect({ connectorId }) {
      connectedAccounts.delete(connectorId)
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
      const { numberToHex } = await loadEncoding()
      await call(requireProvider(connectorId), 'wallet_switchEthereumChain', [{ chainId: numberToHex(Number(network.id)) }])
    },
    async addChain({ connectorId, network }) {
      const { numberToHex } = await loadEncoding()
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
      if (typeof provider?.on !== 'function') return () => {}
      let released = false
      const onParsed = (parsed: string[]) => {
        if (released) return
        if (parsed.length) connectedAccounts.set(connectorId, parsed)
        else connectedAccounts.delete(connectorId)
        listener({ type: 'accountsChanged', accounts: parsed })
      }
      const onAccounts = (accounts: unknown) => {
        try {
          // Synchronous once viem's utilities are in (a connection or restore fetched them): the event keeps its
          // place before a chainChanged that follows it. Before that, it waits for them.
          if (encoding) onParsed(parseAccountsWith(encoding, 'accountsChanged', accounts))
          else void parseAccounts('accountsChanged', accounts).then(onParsed, () => {})
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
      const handlers = [
        ['accountsChanged', onAccounts],
        ['chainChanged', onChain],
        ['disconnect', onDisconnect],
      ] as const
      // The provider is foreign code: its on() and removeListener() may throw. A throw while subscribing
      // undoes what was added and reaches the caller as a typed error; a throw while unsubscribing is dropped.
      const added: Array<(typeof handlers)[number]> = []
      const release = () => {
        released = true
        for (const [event, handler] of added.splice(0)) releaseForeign(`The wallet's removeListener('${event}')`, () => provider.removeListener?.(event, handler))
      }
      try {
        for (const entry of handlers) {
          callForeignSync(() => provider.on!(entry[0], entry[1]))
          added.push(entry)
        }
      } catch (error) {
        release()
        throw error
      }
      return release
    },
    async signMessage({ connectorId, address, message }) {
      // EIP-191 personal_sign takes the message as hex (UTF-8 bytes) and the signer second.
      const { stringToHex } = await loadEncoding()
      const raw = await call(requireProvider(connectorId), 'personal_sign', [stringToHex(message), address])
      return parseSignature('personal_sign', raw)
    },
    destroy() {
      destroyed = true
      for (const stop of [...waits]) stop()
      // The store listens on the window for announcements; a store passed in belongs to the caller.
      if (!store) announcements?.destroy()
    },
  }
}

/** What the adapter needs of an EIP-6963 store (mipd's `Store` fits): the announcements so far, a subscription, release. */
export type AnnouncementStore = {
  /** The announcements so far, in order (an injected store may hold invalid ones: the adapter validates them). */
  getProviders(): readonly unknown[]
  /** Calls `listener` with every announcement on each new one (and at once with `emitImmediately`). Returns unsubscribe. */
  subscribe(listener: (details: readonly unknown[]) => void, options?: { emitImmediately?: boolean }): () => void
  /** Stops listening on the window and forgets the announcements and subscribers. */
  destroy(): void
}

/**
 * The EIP-6963 discovery of one adapter: listens to `eip6963:announceProvider` on `target` (default the window) and
 * asks wallets to announce (`eip6963:requestProvider`). Each announcement is validated on arrival
 * ({@link parseAnnouncement}; an invalid one is ignored with a debug log) and kept once per `info.uuid`.
 * Nothing an extension dispatches makes its listener throw. `destroy()` removes the window listener.
 *
 * @example
 * const store = createAnnouncementStore()
 * const off = store.subscribe((details) => console.log(details.length), { emitImmediately: true })
 */
export function createAnnouncementStore(target: EventTarget | undefined = globalThis.window): AnnouncementStore {
  const listeners = new Set<(details: readonly unknown[]) => void>()
  let details: Announcement[] = []
  const notify = () => {
    for (const listener of [...listeners]) {
      try {
        listener(details)
      } catch (error) {
        console.debug('[latchkey] An EIP-6963 subscriber threw:', error)
      }
    }
  }
  const onAnnounce = (event: Event) => {
    let detail: unknown
    try {
      detail = (event as CustomEvent).detail
    } catch {
      return
    }
    const parsed = parseAnnouncement(detail)
    if (!parsed || details.some((d) => d.info.uuid === parsed.info.uuid)) return
    details = [...details, parsed]
    notify()
  }
  target?.addEventListener('eip6963:announceProvider', onAnnounce)
  target?.dispatchEvent(new CustomEvent('eip6963:requestProvider'))
  return {
    getProviders: () => details,
    subscribe(listener, options = {}) {
      listeners.add(listener)
      if (options.emitImmediately) listener(details)
      return () => void listeners.delete(listener)
    },
    destroy() {
      target?.removeEventListener('eip6963:announceProvider', onAnnounce)
      listeners.clear()
      details = []
    },
  }
}

/** An EIP-6963 announcement that passed validation; `icon` only when it is a data URI of an image. */
export type Announcement = { info: { uuid: string; name: string; rdns: string; icon?: string | undefined }; provider: Eip1193Provider }

/**
 * The EIP-6963 `detail` of an `eip6963:announceProvider` event: `info.uuid` a UUID, `info.name` and
 * `info.rdns` non-empty strings, `info.icon` a string, `provider` an EIP-1193 provider (an object with `request`).
 */
export const announcementSchema = v.object({
  info: v.object({
    uuid: v.pipe(v.string(), v.uuid()),
    name: v.pipe(v.string(), v.trim(), v.nonEmpty()),
    rdns: v.pipe(v.string(), v.trim(), v.nonEmpty()),
    icon: v.optional(v.unknown()),
  }),
  provider: v.custom<Eip1193Provider>(isProvider, 'An EIP-1193 provider has a request function.'),
})

/**
 * Validates an EIP-6963 announcement's `detail` (one extension's malformed announcement must not break
 * Connect for the others). Returns the announcement with its icon kept only when it is an image data URI, or `null`
 * for an invalid one, logged with `console.debug`. Never throws.
 *
 * @example parseAnnouncement({ info: { uuid, name: 'W', rdns: 'com.w', icon: 'https://x' }, provider }) // { info: { …, icon: undefined }, provider }
 */
export function parseAnnouncement(detail: unknown): Announcement | null {
  const result = safeParse(announcementSchema, detail)
  if (!result.success) {
    console.debug('[latchkey] Ignored an invalid EIP-6963 announcement:', result.issues)
    return null
  }
  const { info, provider } = result.output
  // EIP-6963: the icon MUST be a data URI (RFC 2397) of an image; anything else is dropped (the wallet stays).
  const icon = imageIcon(info.icon)
  return { info: { uuid: info.uuid, name: info.name, rdns: info.rdns, icon }, provider }
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

/** An object with a `request` function (EIP-1193). Never throws (a hostile getter counts as not a provider). */
function isProvider(value: unknown): value is Eip1193Provider {
  try {
    return typeof value === 'object' && value !== null && typeof (value as Eip1193Provider).request === 'function'
  } catch {
    return false
  }
}

/**
 * Validates an accounts answer: an array of 0x-addresses, returned checksummed (EIP-55, viem `getAddress`). viem's
 * utilities are fetched on the first call ({@link loadEncoding}).
 * @returns the addresses, checksummed, in the wallet's order.
 * @throws InvalidProviderResponseError (the promise rejects) for anything else.
 * @example await parseAccounts('eth_accounts', ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266']) // ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266']
 */
export async function parseAccounts(method: string, value: unknown): Promise<string[]> {
  return parseAccountsWith(await loadEncoding(), method, value)
}

function parseAccountsWith({ getAddress, isAddress }: Encoding, method: string, value: unknown): string[] {
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
