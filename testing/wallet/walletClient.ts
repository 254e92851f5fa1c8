/**
 * The viem wallet clients the dev wallet signs and sends through (one per chain and RPC URL, made when first used), the
 * sending of one transaction at a time per dev key, signed again when another holder of the key took its nonce
 * (`sendOnSharedKey`), its EIP-7702 atomic batches and its EIP-2255 permissions.
 */
import { BaseError, createWalletClient, defineChain, http, NonceTooLowError } from 'viem'
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

/** How many times a transaction whose nonce another holder of the key took is signed, the first included. */
const signingsOnSharedKey = 5
/**
 * Whether a node error says another transaction holds the nonce: mined (`nonce too low`, viem's `NonceTooLowError`) or
 * still pending with the same fee (`replacement transaction underpriced`: a node's answer viem leaves unknown).
 */
const tookNonce = (error: unknown): boolean => error instanceof NonceTooLowError || (error instanceof BaseError && /replacement transaction underpriced/i.test(error.details ?? ''))
/** Each key's last send on each node (`<rpc URL> <address>`), so that the next one starts after it. */
const sendsInFlight = new Map<string, Promise<unknown>>()

/**
 * Runs `send` (the signing and sending of one transaction from `address`'s dev key through `client`, its nonce read
 * from the node's pending count) once the key's previous send in this page or process has reached the node, and signs
 * it again when the node answers that its nonce was already used (mined, or pending with the same fee), up to five signings.
 *
 * A wallet sends one approved transaction at a time, or two sends of one page would read the same count. And the dev
 * keys are shared by every wallet on the machine: other tabs, the demo's mobile wallet, a dapp's test workers running
 * side by side on one anvil. Another holder can send between the count being read and this transaction reaching the
 * node; signing again reads the count afresh, so the visitor's one approval still sends exactly one transaction.
 *
 * A nonce the site chose (`pinned`) is never changed: the node's error is thrown as it came.
 *
 * @throws whatever `send` throws otherwise, and the last `NonceTooLowError` after five signings.
 */
export function sendOnSharedKey<T>(client: Pick<WalletClient, 'chain' | 'transport' | 'uid'>, address: Address, send: () => Promise<T>, pinned: boolean): Promise<T> {
  // The node: the chain's RPC URL, else the HTTP transport's (a client made without a chain), else the client itself.
  const node = client.chain?.rpcUrls.default.http[0] ?? (client.transport as { url?: string }).url ?? client.uid
  const key = `${node} ${address.toLowerCase()}`
  const previous = sendsInFlight.get(key) ?? Promise.resolve()
  const sent = previous.then(async () => {
    for (let signing = 1; ; signing++) {
      try {
        return await send()
      } catch (error) {
        const nonceTaken = error instanceof BaseError && error.walk(tookNonce) !== null
        if (!nonceTaken || pinned || signing >= signingsOnSharedKey) throw error
      }
    }
  })
  const settled = sent.catch(() => undefined)
  sendsInFlight.set(key, settled)
  void settled.then(() => {
    if (sendsInFlight.get(key) === settled) sendsInFlight.delete(key)
  })
  return sent
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
    // The authorisation carries the nonce after the transaction's: both are signed again when the nonce was taken.
    return await sendOnSharedKey(
      client,
      account.address,
      async () => {
        const authorization = await client.signAuthorization({ account, contractAddress: delegate, executor: 'self' })
        return client.sendTransaction({ account, to: account.address, data, authorizationList: [authorization], gas: atomicBatchGas } as Parameters<typeof client.sendTransaction>[0])
      },
      false,
    )
  } catch (error) {
    throw toRpcError(error)
  }
}

/** The EIP-2255 permissions of a connected site: `eth_accounts`, restricted to `address`, granted to `origin`. */
export function eip2255Permissions(origin: string | undefined, address: Address): unknown[] {
  return [{ parentCapability: 'eth_accounts', invoker: origin ?? 'unknown', caveats: [{ type: 'restrictReturnedAccounts', value: [address] }] }]
}
