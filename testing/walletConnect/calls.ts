import type { Chain, Hex, LocalAccount, Transport, WalletClient } from 'viem'
import type { WalletChains } from './chains.ts'
import { DevWalletCalls } from '../wallet/calls.ts'
import { DevWalletRpcError, invalidParams } from '../wallet/rpcParams.ts'
import { sendOnSharedKey } from '../wallet/walletClient.ts'

/** What the mobile wallet's batched calls need of it on one chain. */
export type MobileCallsHost = {
  chainId: number
  /** The chain's wallet client (signs locally, sends to the chain's anvil). */
  client: WalletClient<Transport, Chain>
  /** The account `address` names; throws -32602 for a malformed address, 4100 for one the wallet does not hold. */
  accountNamed(method: string, address: unknown): LocalAccount
  /** Every chain the wallet knows. */
  chainIds(): number[]
}

/**
 * The development mobile wallet's EIP-5792 methods on one chain (`wallet_getCapabilities`, `wallet_sendCalls` v2,
 * `wallet_getCallsStatus`, `wallet_showCallsStatus`), answered over WalletConnect: the dev browser wallet's
 * {@link DevWalletCalls} in its one-by-one mode (`atomic` unsupported: each call its own transaction, signed locally
 * and sent to the chain's anvil). The visitor approves the batch once, in the wallet's own prompt, before `request`.
 */
export function mobileWalletCalls(host: MobileCallsHost): DevWalletCalls {
  const { client } = host
  return new DevWalletCalls({
    send: async (tx) => {
      const { from, value, gas, ...rest } = tx as { from: Hex; to?: Hex; data?: Hex; value?: Hex; gas?: Hex }
      const account = host.accountNamed('eth_sendTransaction', from)
      const request = { ...rest, account, chain: client.chain, ...(value ? { value: BigInt(value) } : {}), ...(gas ? { gas: BigInt(gas) } : {}) }
      return sendOnSharedKey(client, account.address, () => client.sendTransaction(request as Parameters<typeof client.sendTransaction>[0]), 'nonce' in rest && rest.nonce !== undefined)
    },
    // Approved already: the wallet's prompt for `wallet_sendCalls` came before the batch runs.
    ask: async () => {},
    read: (method, params) => client.request({ method, params } as never),
    chainId: () => host.chainId,
    account: (method, address) => ({ address: host.accountNamed(method, address).address }),
    chainIds: () => host.chainIds(),
    error: (code, message) => new DevWalletRpcError(code, message),
    sendDelegated: () => Promise.reject(new DevWalletRpcError(4200, 'The mobile wallet runs batched calls one by one.')),
  })
}

/**
 * The batched calls of each chain the wallet knows, made on first use (their ids are the chain's).
 * @returns a lookup that throws -32602 for a chain the wallet does not know.
 */
export function callsByChain(chains: WalletChains, accountNamed: MobileCallsHost['accountNamed']): (chainId: number) => DevWalletCalls {
  const batches = new Map<number, DevWalletCalls>()
  return (chainId) => {
    const chain = chains.find(chainId)
    if (!chain) throw invalidParams('wallet_sendCalls', `the wallet has no RPC for chain ${chainId}.`)
    let calls = batches.get(chainId)
    if (!calls) {
      calls = mobileWalletCalls({ chainId, client: chains.client(chain), accountNamed, chainIds: () => chains.list().map((c) => c.chainId) })
      batches.set(chainId, calls)
    }
    return calls
  }
}
