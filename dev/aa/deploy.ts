/**
 * Deploys the ERC-4337 v0.7 EntryPoint and SimpleAccount1271Factory (compiled in `artifacts.ts`) on a local anvil chain at
 * the constant addresses of `account.ts`, from anvil dev account 5. Used by `npm start`, the Vitest global setup and
 * the Playwright stack, like the dev tokens and the exchange. Dev-only.
 */
import { createPublicClient, createWalletClient, defineChain, http } from 'viem'
import type { Address, Chain, Hash, PublicClient } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import type { HDAccount } from 'viem/accounts'
import { BaseError } from '../../adapters/errors.ts'
import { DEV_MNEMONIC } from '../accounts.ts'
import { devNativeCurrency } from '../chains.ts'
import { AA_DEPLOYER, AA_DEPLOYER_INDEX, ENTRY_POINT_ADDRESS, SIMPLE_ACCOUNT_FACTORY_ADDRESS } from './account.ts'
import { entryPointAbi, entryPointBytecode, simpleAccount1271FactoryAbi, simpleAccount1271FactoryBytecode } from './artifacts.ts'

export * from './account.ts'

/** Parameters of {@link deployDevAa}. */
export type DeployDevAaParameters = {
  /** HTTP JSON-RPC URL of an anvil node, e.g. `http://127.0.0.1:8545`. */
  rpcUrl: string
  /** The chain id the node must report, e.g. 31337. */
  chainId: number
}

/** One contract after {@link deployDevAa}. */
export type DevAaContract = { name: 'EntryPoint' | 'SimpleAccount1271Factory'; address: Address; status: 'deployed' | 'existing'; transactionHash?: Hash }

/** Why {@link deployDevAa} failed. */
export type DevAaDeployFailure = 'wrong-chain' | 'nonce-mismatch' | 'code-mismatch' | 'reverted'

/** Thrown by {@link deployDevAa}: `reason` says what went wrong. RPC failures surface as viem errors instead. */
export class DevAaDeployError extends BaseError {
  override name = 'DevAaDeployError'
  reason: DevAaDeployFailure
  constructor(reason: DevAaDeployFailure, shortMessage: string) {
    super(shortMessage)
    this.reason = reason
  }
}

let deployer: HDAccount | undefined

/**
 * The deployer (and the dev bundler's signer) as a viem local account: anvil dev account 5, derived on first call
 * and memoised.
 *
 * @returns the account; its address is `AA_DEPLOYER`.
 */
export function devAaDeployer(): HDAccount {
  deployer ??= mnemonicToAccount(DEV_MNEMONIC, { addressIndex: AA_DEPLOYER_INDEX })
  return deployer
}

/**
 * A public client of a dev chain for the AA code (no cache, 50 ms polling).
 *
 * @param rpcUrl the node's HTTP JSON-RPC URL.
 * @param chainId its chain id.
 * @returns a viem public client.
 */
export function devAaClient(rpcUrl: string, chainId: number): PublicClient {
  const chain: Chain = defineChain({ id: chainId, name: `Anvil ${chainId}`, nativeCurrency: devNativeCurrency, rpcUrls: { default: { http: [rpcUrl] } }, testnet: true })
  return createPublicClient({ chain, transport: http(rpcUrl, { retryCount: 0, timeout: 60_000 }), cacheTime: 0, pollingInterval: 50 }) as PublicClient
}

/**
 * Deploys EntryPoint (nonce 0) and SimpleAccount1271Factory(entryPoint) (nonce 1) from anvil dev account 5, so they land
 * at `ENTRY_POINT_ADDRESS` and `SIMPLE_ACCOUNT_FACTORY_ADDRESS` on every fresh chain. Idempotent: a contract whose code
 * is there is skipped (the factory's `entryPoint` is checked).
 *
 * @param parameters see {@link DeployDevAaParameters}.
 * @returns both contracts with their status.
 * @throws DevAaDeployError with `reason`: `'wrong-chain'`, `'nonce-mismatch'` (a contract is missing but the deployer
 *   already sent other transactions: start from a fresh anvil), `'code-mismatch'` (a factory of another EntryPoint),
 *   `'reverted'`.
 * @throws viem errors when the node does not answer.
 *
 * @example
 * await deployDevAa({ rpcUrl: 'http://127.0.0.1:8545', chainId: 31337 })
 */
export async function deployDevAa(parameters: DeployDevAaParameters): Promise<DevAaContract[]> {
  const { rpcUrl, chainId } = parameters
  const chain: Chain = defineChain({ id: chainId, name: `Anvil ${chainId}`, nativeCurrency: devNativeCurrency, rpcUrls: { default: { http: [rpcUrl] } }, testnet: true })
  const client = devAaClient(rpcUrl, chainId)
  const wallet = createWalletClient({ chain, transport: http(rpcUrl, { retryCount: 0, timeout: 60_000 }), account: devAaDeployer() })
  const reported = await client.getChainId()
  if (reported !== chainId) throw new DevAaDeployError('wrong-chain', `The node at ${rpcUrl} reports chain ${reported}, not ${chainId}.`)
  const plan = [
    { name: 'EntryPoint', address: ENTRY_POINT_ADDRESS, nonce: 0, deploy: () => wallet.deployContract({ abi: entryPointAbi, bytecode: entryPointBytecode, nonce: 0 }) },
    {
      name: 'SimpleAccount1271Factory',
      address: SIMPLE_ACCOUNT_FACTORY_ADDRESS,
      nonce: 1,
      deploy: () => wallet.deployContract({ abi: simpleAccount1271FactoryAbi, bytecode: simpleAccount1271FactoryBytecode, args: [ENTRY_POINT_ADDRESS], nonce: 1 }),
    },
  ] as const
  const contracts: DevAaContract[] = []
  for (const step of plan) {
    const code = await client.getCode({ address: step.address })
    if (code !== undefined && code !== '0x') {
      contracts.push({ name: step.name, address: step.address, status: 'existing' })
      continue
    }
    const nonce = await client.getTransactionCount({ address: AA_DEPLOYER, blockTag: 'pending' })
    if (nonce !== step.nonce) throw new DevAaDeployError('nonce-mismatch', `${step.name} is missing on chain ${chainId}, but ${AA_DEPLOYER} has nonce ${nonce}, not ${step.nonce}: start from a fresh anvil.`)
    const transactionHash = await step.deploy()
    const receipt = await client.waitForTransactionReceipt({ hash: transactionHash })
    if (receipt.status !== 'success' || receipt.contractAddress?.toLowerCase() !== step.address.toLowerCase()) {
      throw new DevAaDeployError('reverted', `Deploying ${step.name} on chain ${chainId} failed (transaction ${transactionHash}).`)
    }
    contracts.push({ name: step.name, address: step.address, status: 'deployed', transactionHash })
  }
  const factoryEntryPoint = await client
    .readContract({ address: SIMPLE_ACCOUNT_FACTORY_ADDRESS, abi: simpleAccount1271FactoryAbi, functionName: 'accountImplementation' })
    .then((implementation) =>
      client.readContract({ address: implementation, abi: [{ type: 'function', name: 'entryPoint', inputs: [], outputs: [{ type: 'address' }], stateMutability: 'view' }] as const, functionName: 'entryPoint' }),
    )
  if (factoryEntryPoint.toLowerCase() !== ENTRY_POINT_ADDRESS.toLowerCase()) {
    throw new DevAaDeployError('code-mismatch', `The factory at ${SIMPLE_ACCOUNT_FACTORY_ADDRESS} on chain ${chainId} serves EntryPoint ${factoryEntryPoint}: restart the anvil.`)
  }
  return contracts
}
