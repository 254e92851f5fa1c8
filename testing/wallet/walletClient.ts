/** The viem wallet clients the dev wallet signs and sends through: one per chain and RPC URL, made when first used. */
import { createWalletClient, defineChain, http } from 'viem'
import type { Chain, Transport, WalletClient } from 'viem'
import type { DevWalletChain } from './types.ts'

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const clients = new Map<string, WalletClient<Transport, Chain>>()

/**
 * The wallet client of `chain` (its native currency, Ether by default; HTTP to its `rpcUrl` with no retry: a node
 * error reaches the site as it came). Clients hold no account or state, so every dev wallet of the page shares them.
 */
export function walletClientFor(chain: DevWalletChain): WalletClient<Transport, Chain> {
  const key = `${chain.chainId} ${chain.rpcUrl}`
  let client = clients.get(key)
  if (!client) {
    const viemChain = defineChain({ id: chain.chainId, name: chain.name, nativeCurrency: chain.nativeCurrency ?? ether, rpcUrls: { default: { http: [chain.rpcUrl] } } })
    client = createWalletClient({ chain: viemChain, transport: http(chain.rpcUrl, { retryCount: 0 }) })
    clients.set(key, client)
  }
  return client
}
