/**
 * The viem wallet clients the dev wallet signs and sends through (one per chain and RPC URL, made when first used),
 * its EIP-7702 atomic batches and its EIP-2255 permissions.
 */
import { createWalletClient, defineChain, http } from 'viem'
import type { Address, Chain, Hex, LocalAccount, Transport, WalletClient } from 'viem'
import { toRpcError } from './rpcParams.ts'
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

/** The gas limit of an atomic batch's transaction (up to ten calls; unused gas is refunded). */
const atomicBatchGas = 3_000_000n

/**
 * Sends an atomic batch (`testing/wallet/calls.ts`): `account` calls itself with `data`, its code delegated to
 * `delegate` by an EIP-7702 authorisation it signs (executor self), with a fixed gas limit, not an estimate, so that a
 * batch with a reverting call is sent and reverts on chain as a whole (500).
 *
 * @returns the transaction's hash.
 * @throws DevWalletRpcError with the node's code when signing or sending fails.
 */
export async function sendDelegated(client: WalletClient<Transport, Chain>, account: LocalAccount, { delegate, data }: { delegate: Hex; data: Hex }): Promise<Hex> {
  try {
    const authorization = await client.signAuthorization({ account, contractAddress: delegate, executor: 'self' })
    return await client.sendTransaction({ account, to: account.address, data, authorizationList: [authorization], gas: atomicBatchGas } as Parameters<typeof client.sendTransaction>[0])
  } catch (error) {
    throw toRpcError(error)
  }
}

/** The EIP-2255 permissions of a connected site: `eth_accounts`, restricted to `address`, granted to `origin`. */
export function eip2255Permissions(origin: string | undefined, address: Address): unknown[] {
  return [{ parentCapability: 'eth_accounts', invoker: origin ?? 'unknown', caveats: [{ type: 'restrictReturnedAccounts', value: [address] }] }]
}
