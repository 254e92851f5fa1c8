/**
 * The embedded wallet's smart accounts: each user's EOA owns a `SimpleAccount1271` (dev/aa), the same
 * counterfactual address on every chain that has a bundler. With the smart account preferred, `eth_sendTransaction`
 * becomes a user operation built with viem's account-abstraction module, signed by the EOA's key (server-side, like
 * every signature of the secure site) and sent to the chain's bundler; a message or typed data signed as the smart
 * account is an ERC-1271 signature, wrapped for ERC-6492 while the account is not deployed. Dev-only.
 */
import { createPublicClient, defineChain, http } from 'viem'
import type { Address, Hash, Hex, PublicClient, SignableMessage, TypedDataDefinition } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createBundlerClient, UserOperationReceiptNotFoundError } from 'viem/account-abstraction'
import type { UserOperationReceipt } from 'viem/account-abstraction'
import { SIMPLE_ACCOUNT_FACTORY_ADDRESS, simpleAccountFactoryAbi, toDevSimpleAccount } from '../aa/account.ts'
import { ProviderRpcError } from '../../adapters/errors.ts'

/** A chain with its bundler (what {@link createSmartAccounts} needs of a `SecureChain`). */
export type SmartAccountChain = { chainId: number; rpcUrl: string; name?: string; bundlerUrl?: string }

/** One call of the smart account. */
export type SmartAccountCall = { to: Address; value: bigint; data?: Hex }

/** Thrown by {@link SmartAccounts.send} when the bundler refuses or the operation fails on chain; `code` is the bundler's. */
export class SmartAccountSendError extends ProviderRpcError {
  override name = 'SmartAccountSendError'
  constructor(shortMessage: string, code: number) {
    super(code, shortMessage)
  }
}

/** What {@link createSmartAccounts} returns. */
export type SmartAccounts = ReturnType<typeof createSmartAccounts>

/**
 * The smart accounts over `chains`; those with a `bundlerUrl` are the smart-account-enabled networks.
 *
 * @param chains the secure site's EVM chains.
 * @returns `enabledNetworks`, `isEnabled(chainId)`, `addressOf(owner)`, `isDeployed(address, chainId)`, `send(…)`.
 */
export function createSmartAccounts(chains: readonly SmartAccountChain[]) {
  const enabled = chains.filter((chain) => chain.bundlerUrl)
  const clients = new Map<number, PublicClient>()
  const clientOf = (chain: SmartAccountChain): PublicClient => {
    let client = clients.get(chain.chainId)
    if (!client) {
      const definition = defineChain({ id: chain.chainId, name: chain.name ?? `Chain ${chain.chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain.rpcUrl] } } })
      client = createPublicClient({ chain: definition, transport: http(chain.rpcUrl, { retryCount: 0 }), cacheTime: 0, pollingInterval: 100 }) as PublicClient
      clients.set(chain.chainId, client)
    }
    return client
  }
  const chainOf = (chainId: number): SmartAccountChain | undefined => enabled.find((chain) => chain.chainId === chainId)
  const addresses = new Map<string, Address>()

  return {
    /** The chain ids with a bundler (spec §3 `smartAccountEnabledNetworks`). */
    enabledNetworks: enabled.map((chain) => chain.chainId),
    isEnabled: (chainId: number): boolean => chainOf(chainId) !== undefined,
    /** The owner's SimpleAccount address (the factory's `getAddress(owner, 0)`, read once); undefined without enabled chains. */
    async addressOf(owner: Address): Promise<Address | undefined> {
      const first = enabled[0]
      if (!first) return undefined
      const known = addresses.get(owner.toLowerCase())
      if (known) return known
      const address = await clientOf(first).readContract({ address: SIMPLE_ACCOUNT_FACTORY_ADDRESS, abi: simpleAccountFactoryAbi, functionName: 'getAddress', args: [owner, 0n] })
      addresses.set(owner.toLowerCase(), address)
      return address
    },
    /** Whether the account has code on the chain (its first user operation deployed it). */
    async isDeployed(address: Address, chainId: number): Promise<boolean> {
      const chain = chainOf(chainId)
      if (!chain) return false
      const code = await clientOf(chain).getCode({ address })
      return code !== undefined && code !== '0x'
    },
    /**
     * Signs `message` (EIP-191) as the owner's smart account on `chainId`: ERC-1271 once deployed, ERC-6492 (the
     * factory's `createAccount` call around it) before, so `verifyHash`/`verifySiweMessage` accept it either way.
     *
     * @throws SmartAccountSendError 4901 on a chain without smart accounts.
     */
    async signMessage(ownerKey: Hex, chainId: number, message: SignableMessage): Promise<Hex> {
      return (await this.accountOf(ownerKey, chainId)).signMessage({ message })
    },
    /** Signs EIP-712 `typedData` as the owner's smart account on `chainId` (as {@link signMessage}). */
    async signTypedData(ownerKey: Hex, chainId: number, typedData: TypedDataDefinition): Promise<Hex> {
      return (await this.accountOf(ownerKey, chainId)).signTypedData(typedData)
    },
    /** The viem smart account of the owner's key on `chainId`. @throws SmartAccountSendError 4901 on a chain without smart accounts. */
    async accountOf(ownerKey: Hex, chainId: number) {
      const chain = chainOf(chainId)
      if (!chain) throw new SmartAccountSendError('Smart accounts are not enabled on this network', 4901)
      const owner = privateKeyToAccount(ownerKey)
      return toDevSimpleAccount({ client: clientOf(chain), owner, address: await this.addressOf(owner.address) })
    },
    /**
     * Sends `calls` as one user operation of the owner's smart account through the chain's bundler and waits until it
     * is mined.
     *
     * @returns the hash of the `handleOps` transaction that carried it (what a dapp reads a receipt of) and the
     *   user operation hash.
     * @throws SmartAccountSendError with the bundler's code and words, or `-32000` when the operation reverted on chain.
     */
    async send(ownerKey: Hex, chainId: number, calls: readonly SmartAccountCall[]): Promise<{ transactionHash: Hash; userOpHash: Hash }> {
      const userOpHash = await this.submit(ownerKey, chainId, calls)
      try {
        const receipt = await bundlerOf(chainId).waitForUserOperationReceipt({ hash: userOpHash, timeout: 30_000 })
        if (!receipt.success) throw new SmartAccountSendError('The user operation reverted', -32000)
        return { transactionHash: receipt.receipt.transactionHash, userOpHash }
      } catch (error) {
        throw sendErrorOf(error)
      }
    },
    /**
     * Submits `calls` as one user operation of the owner's smart account (`execute` for one call, `executeBatch` for
     * several: all or nothing, a call that reverts reverts them all) to the chain's bundler, without waiting for it
     * to be mined.
     *
     * @returns the user operation hash (its receipt: {@link operationReceipt}).
     * @throws SmartAccountSendError with the bundler's code and words (a call that reverts in the estimate of a deployed
     *   account: `-32521`), 4901 on a chain without smart accounts.
     */
    async submit(ownerKey: Hex, chainId: number, calls: readonly SmartAccountCall[]): Promise<Hash> {
      const account = await this.accountOf(ownerKey, chainId)
      try {
        return await bundlerOf(chainId).sendUserOperation({ account, calls: calls.map((call) => ({ to: call.to, value: call.value, ...(call.data ? { data: call.data } : {}) })) })
      } catch (error) {
        throw sendErrorOf(error)
      }
    },
    /**
     * The receipt of user operation `userOpHash` on `chainId` as the bundler reports it (`success` false: its calls
     * reverted), or undefined while the bundler has none.
     *
     * @throws SmartAccountSendError 4901 on a chain without smart accounts; the bundler's error when it cannot answer.
     */
    async operationReceipt(chainId: number, userOpHash: Hash): Promise<UserOperationReceipt | undefined> {
      try {
        return await bundlerOf(chainId).getUserOperationReceipt({ hash: userOpHash })
      } catch (error) {
        if (error instanceof UserOperationReceiptNotFoundError) return undefined
        throw sendErrorOf(error)
      }
    },
  }

  /** The bundler client of `chainId`. @throws SmartAccountSendError 4901 on a chain without smart accounts. */
  function bundlerOf(chainId: number) {
    const chain = chainOf(chainId)
    if (!chain?.bundlerUrl) throw new SmartAccountSendError('Smart accounts are not enabled on this network', 4901)
    return createBundlerClient({ client: clientOf(chain), transport: http(chain.bundlerUrl, { retryCount: 0, timeout: 30_000 }), pollingInterval: 100 })
  }
}

/** A failure of the bundler as a {@link SmartAccountSendError}: its code and words, or `-32000`. */
function sendErrorOf(error: unknown): SmartAccountSendError {
  if (error instanceof SmartAccountSendError) return error
  const rpc = findRpcError(error)
  return new SmartAccountSendError(rpc?.details ?? (error as { shortMessage?: string }).shortMessage ?? 'The user operation failed', rpc?.code ?? -32000)
}

/** The bundler's JSON-RPC error inside a viem error chain (its `code` and `details`). */
function findRpcError(error: unknown): { code: number; details: string } | undefined {
  let current = error as { code?: unknown; details?: unknown; cause?: unknown } | undefined
  for (let depth = 0; current && depth < 10; depth++) {
    if (typeof current.code === 'number' && typeof current.details === 'string') return { code: current.code, details: current.details }
    current = current.cause as typeof current
  }
  return undefined
}
