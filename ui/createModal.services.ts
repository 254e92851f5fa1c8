import type { CaipNetwork, ChainNamespace } from '../adapters/networks.ts'
import type { SolanaAdapter } from '../adapters/solana.ts'
import type { ChainAdapter, TransferAdapter } from '../adapters/types.ts'
import { timing } from '../machines/timing.ts'
import type { Analytics } from '../services/analytics.ts'
import type { BlockchainApi } from '../services/blockchain.ts'
import type { DirectoryApi, GetWalletsParameters, GetWalletsReturnType } from '../services/directory.ts'
import type { ExchangeApi } from '../services/exchange.ts'
import type { Wallet } from '../services/schemas.ts'
import type { ModalStorage } from '../services/storage.ts'
import type { FeatureHost } from './assemble/index.ts'
import type { ModalOptions } from './types.ts'
import { InvalidOptionsError } from './options.ts'
import { ApiNotConfiguredError } from './errors.ts'

/*
 * One modal instance's service clients and transfer adapters (spec §7): the blockchain API, the wallet
 * directory, analytics, the transfer adapter of each namespace. Nothing before the click needs them, so `createModal`
 * imports this module with the first feature the visitor uses (or the first analytics event, when `api.analyticsUrl`
 * is set), not with the page; each client inside still loads with its own first call.
 */

export type CreateInstanceServicesParameters = {
  options: ModalOptions
  /** The instance's storage: the blockchain API keeps its caches there (spec §3, §9). */
  storage: ModalStorage
  /** The eip155 chain adapter: the EVM transfer adapter sends through its EIP-1193 providers. */
  adapter: ChainAdapter
  solanaNetworks: readonly CaipNetwork[]
  /** The instance's Solana adapter (the one behind its lazy adapter): the Solana transfer adapter needs its wallets. */
  solanaAdapterFor: (m: typeof import('../adapters/solana.ts')) => SolanaAdapter
  /** False while the wallet is on a chain that is not configured (the blockchain API answers nothing then). */
  isNetworkSupported: () => boolean
  /** The resolved `analytics` flag now (spec §6). */
  isAnalyticsEnabled: () => boolean
  /** The analytics API refused the project (spec §8 'Invalid App Configuration'). */
  onInvalidAppConfiguration: () => void
}

export type InstanceServices = Pick<FeatureHost, 'blockchain' | 'directory' | 'exchange' | 'fetchWallets' | 'transfer'> & {
  /** Tracks an event (spec §7 analytics); nothing without `api.analyticsUrl`. */
  track(event: string, properties: Record<string, unknown>): void
  /** Reports a wallet failure (not the user's rejection) as an SDK error of category WALLET_ERROR. */
  reportWalletError(error: { name: string; message: string }): void
  /** Reports a failure of the SDK itself (a wallet provider that cannot start) as an SDK error of category INTERNAL_SDK_ERROR (spec §8). */
  reportInternalError(error: { name: string; message: string }): void
}

/** Loads images so the first rows paint with their icons; gives up after `imagePreloadTimeout` (spec §9). Browser only. */
function preloadImages(urls: readonly string[]): Promise<void> {
  const ImageCtor = (globalThis as { Image?: typeof Image }).Image
  if (!ImageCtor || urls.length === 0) return Promise.resolve()
  const one = (url: string) =>
    new Promise<void>((resolve) => {
      const img = new ImageCtor()
      const done = () => resolve()
      img.onload = done
      img.onerror = done
      img.src = url
    })
  return Promise.race([Promise.all(urls.map(one)).then(() => undefined), new Promise<void>((r) => setTimeout(r, timing.imagePreloadTimeout))])
}

/**
 * The service clients of one instance, each loaded with its first call (openapi-fetch and the schemas are not in this
 * module either).
 * @example const services = createInstanceServices({ options, storage, adapter, … }); await services.fetchWallets({ page: 1, entries: 40 }, 20)
 */
export function createInstanceServices({
  options,
  storage,
  adapter,
  solanaNetworks,
  solanaAdapterFor,
  isNetworkSupported,
  isAnalyticsEnabled,
  onInvalidAppConfiguration,
}: CreateInstanceServicesParameters): InstanceServices {
  const apiCommon = {
    projectId: options.projectId,
    ...(options.clientId ? { clientId: options.clientId } : {}),
    ...(options.api?.fetch ? { fetch: options.api.fetch } : {}),
  }
  let directoryPromise: Promise<DirectoryApi> | undefined
  const getDirectory = (): Promise<DirectoryApi> | undefined =>
    options.api?.directoryUrl ? (directoryPromise ??= import('../services/directory.ts').then((m) => m.createDirectoryApi({ baseUrl: options.api!.directoryUrl!, ...apiCommon }))) : undefined
  /** A page of the wallet directory, its first `imagesPreloaded` images loaded before it shows (spec §9). */
  async function fetchWallets(p: GetWalletsParameters, imagesPreloaded: number): Promise<GetWalletsReturnType> {
    const pending = getDirectory()
    if (!pending) return { data: [], count: 0 }
    const directory = await pending
    const fetched = await directory.getWallets(p)
    const page = { count: fetched.count, data: fetched.data.map((w) => ({ ...w, imageUrl: directory.walletImageUrl(w.image_id) })) }
    // Spec §9: images are fetched for the first 20 of a page; the rest load as rows scroll into view.
    await preloadImages(page.data.slice(0, imagesPreloaded).flatMap((w: Wallet & { imageUrl?: string }) => (w.imageUrl ? [w.imageUrl] : [])))
    return page
  }
  let blockchainPromise: Promise<BlockchainApi> | undefined
  /** The blockchain-API client, loaded with its first use; undefined without `api.blockchainUrl`. */
  const getBlockchain = (): Promise<BlockchainApi> | undefined =>
    options.api?.blockchainUrl
      ? (blockchainPromise ??= import('../services/blockchain.ts').then((m) =>
          m.createBlockchainApi({
            baseUrl: options.api!.blockchainUrl!,
            ...apiCommon,
            isNetworkSupported,
            // Spec §3, §9: the identity, portfolio and name-service caches, kept in storage with their lifetimes.
            storage,
            cacheTtl: { identity: timing.identityTtl, balances: timing.portfolioTtl, names: timing.nameCacheTtl },
          }),
        ))
      : undefined
  const notConfigured = () => Promise.reject(new ApiNotConfiguredError())
  let exchangePromise: Promise<ExchangeApi> | undefined
  const exchangeUrl = options.api?.exchangeUrl ?? defaultExchangeUrl(options.api?.blockchainUrl)
  /** The exchange deposit client, loaded with its first use; undefined without an exchange API. */
  const getExchange = (): Promise<ExchangeApi> | undefined => (exchangeUrl ? (exchangePromise ??= import('../services/exchange.ts').then((m) => m.createExchangeApi({ baseUrl: exchangeUrl, ...apiCommon }))) : undefined)

  const transferPromises = new Map<ChainNamespace, Promise<TransferAdapter>>()
  /**
   * The transfer adapter of a namespace, loaded with the first send there (spec §2: the send section loads on demand;
   * §6: send on eip155 and solana).
   */
  const getTransfer = (caipNetworkId: string): Promise<TransferAdapter> => {
    const ns = caipNetworkId.split(':')[0] as ChainNamespace
    let pending = transferPromises.get(ns)
    if (!pending) {
      pending =
        options.transferAdapter && ns === 'eip155'
          ? Promise.resolve(options.transferAdapter)
          : ns === 'solana'
            ? Promise.all([import('../adapters/solana.ts'), import('../adapters/solana.transfer.ts')]).then(([solanaModule, m]) =>
                m.createSolanaTransferAdapter({ adapter: solanaAdapterFor(solanaModule), networks: solanaNetworks, ...(options.clock ? { clock: options.clock } : {}) }),
              )
            : ns === 'eip155'
              ? import('../adapters/eip155.transfer.ts').then((m) => {
                  const getProvider = (adapter as Partial<{ getProvider: (id: string) => never }>).getProvider
                  if (!getProvider) throw new InvalidOptionsError('This chain adapter cannot send: pass options.transferAdapter.')
                  // The receipt wait runs on the modal's clock (tests move it; spec §9 timings).
                  return m.createEip155TransferAdapter({ getProvider: (id) => getProvider(id), ...(options.clock ? { clock: options.clock } : {}) })
                })
              : Promise.reject(new InvalidOptionsError('Unsupported chain'))
      transferPromises.set(ns, pending)
    }
    return pending
  }
  let analyticsPromise: Promise<Analytics> | undefined
  /** The analytics client, loaded with its first use; undefined without `api.analyticsUrl`. */
  const getAnalytics = (): Promise<Analytics> | undefined =>
    options.api?.analyticsUrl
      ? (analyticsPromise ??= import('../services/analytics.ts').then((m) =>
          m.createAnalytics({
            baseUrl: options.api!.analyticsUrl!,
            ...apiCommon,
            isEnabled: isAnalyticsEnabled,
            onInvalidAppConfiguration,
          }),
        ))
      : undefined

  return {
    blockchain: () => getBlockchain() ?? notConfigured(),
    directory: getDirectory,
    exchange: getExchange,
    fetchWallets,
    transfer: getTransfer,
    track: (event, properties) => void getAnalytics()?.then((a) => a.track(event, properties)),
    // The report carries the failure's message and its category (spec §8); analytics wraps the text in its SdkError.
    reportWalletError: (error) => void getAnalytics()?.then((a) => a.reportError(error.message || error.name, 'WALLET_ERROR')),
    reportInternalError: (error) => void getAnalytics()?.then((a) => a.reportError(error.message || error.name, 'INTERNAL_SDK_ERROR')),
  }
}

/**
 * The exchange API's default (`api.exchangeUrl`): `exchange` beside the blockchain API's mount (`…/blockchain` →
 * `…/exchange`), as the reference server mounts them; undefined for a blockchain URL of another shape or none.
 * @example defaultExchangeUrl('http://127.0.0.1:8600/blockchain') // 'http://127.0.0.1:8600/exchange'
 */
export function defaultExchangeUrl(blockchainUrl: string | undefined): string | undefined {
  const match = blockchainUrl ? /^(.*)\/blockchain\/?$/.exec(blockchainUrl) : null
  return match ? `${match[1]}/exchange` : undefined
}
