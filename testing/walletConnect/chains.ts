/**
 * The WalletConnect test wallet's chains (./wallet.ts): those of its options, then those dapps added
 * (`wallet_addEthereumChain`); the current one, saved with the added ones beside the SDK's data so a reload keeps them;
 * and a viem wallet client per chain (signs locally, sends to the chain's node). Browser-safe.
 */
import { createWalletClient, defineChain, http } from 'viem'
import type { Chain, Transport, WalletClient } from 'viem'
import type { DevWalletChain } from '../wallet/provider.ts'
import { isCurrency } from './requests.ts'
import type { KeyValueStorage } from './storage.ts'

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/** The storage key of the wallet's own state (current chain, added chains), beside the SDK's keys. */
export function walletStateKey(storagePrefix: string): string {
  return `latchkey-mobile-wallet//${storagePrefix}//state`
}

/** The chains a wallet knows and the one it is on. */
export class WalletChains {
  readonly #chains: DevWalletChain[]
  /** How many of {@link WalletChains.#chains} came from the options (the rest were added by dapps). */
  readonly #ownChains: number
  readonly #clients = new Map<string, WalletClient<Transport, Chain>>()
  readonly #storage: KeyValueStorage
  readonly #key: string
  #current: number

  /**
   * @param chains the options' chains, at least one (checked by the wallet); the first is current.
   * @param saved what {@link WalletChains.setCurrent} saved earlier under `walletStateKey(storagePrefix)`; anything malformed is ignored.
   */
  constructor(chains: readonly DevWalletChain[], storage: KeyValueStorage, storagePrefix: string, saved: unknown) {
    this.#chains = chains.map((c) => ({ ...c }))
    this.#ownChains = this.#chains.length
    this.#current = (this.#chains[0] as DevWalletChain).chainId
    this.#storage = storage
    this.#key = walletStateKey(storagePrefix)
    this.#restore(saved)
  }

  /** The current chain's id. */
  get current(): number {
    return this.#current
  }

  /** Every chain, copies: the options', then those added. */
  list(): DevWalletChain[] {
    return this.#chains.map((c) => ({ ...c }))
  }

  find(chainId: number): DevWalletChain | undefined {
    return this.#chains.find((c) => c.chainId === chainId)
  }

  /** Adds a chain a dapp asked for, unless the wallet knows its id already. */
  add(chain: DevWalletChain): void {
    if (!this.find(chain.chainId)) this.#chains.push(chain)
  }

  /** Makes `chainId` current and saves it (with the chains dapps added) next to the SDK's data. */
  setCurrent(chainId: number): void {
    this.#current = chainId
    const state = { chainId, addedChains: this.#chains.slice(this.#ownChains) }
    this.#storage.setItem(this.#key, state).catch(() => {
      // A storage that refuses: the wallet keeps working in memory.
    })
  }

  /** The chain's wallet client, made once per chain id and RPC URL. */
  client(chain: DevWalletChain): WalletClient<Transport, Chain> {
    const key = `${chain.chainId} ${chain.rpcUrl}`
    let client = this.#clients.get(key)
    if (!client) {
      const viemChain = defineChain({
        id: chain.chainId,
        name: chain.name,
        nativeCurrency: chain.nativeCurrency ?? ether,
        rpcUrls: { default: { http: [chain.rpcUrl] } },
      })
      client = createWalletClient({ chain: viemChain, transport: http(chain.rpcUrl, { retryCount: 0 }) })
      this.#clients.set(key, client)
    }
    return client
  }

  /** Reads what {@link WalletChains.setCurrent} saved; ignores anything malformed. */
  #restore(saved: unknown): void {
    if (typeof saved !== 'object' || saved === null) return
    const { chainId, addedChains } = saved as { chainId?: unknown; addedChains?: unknown }
    if (Array.isArray(addedChains)) {
      for (const chain of addedChains as Array<Partial<DevWalletChain> | null>) {
        if (!chain || !Number.isSafeInteger(chain.chainId) || typeof chain.name !== 'string' || typeof chain.rpcUrl !== 'string') continue
        if (this.find(chain.chainId as number)) continue
        this.#chains.push({
          chainId: chain.chainId as number,
          name: chain.name,
          rpcUrl: chain.rpcUrl,
          ...(isCurrency(chain.nativeCurrency) ? { nativeCurrency: chain.nativeCurrency as DevWalletChain['nativeCurrency'] } : {}),
        })
      }
    }
    if (typeof chainId === 'number' && this.find(chainId)) this.#current = chainId
  }
}
