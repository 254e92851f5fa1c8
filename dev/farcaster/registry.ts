/**
 * The dev Farcaster id registry: `DevFidRegistry` (fid → custody address, the read shape of Farcaster's
 * IdRegistry) deployed on both local anvil chains at a constant address by `npm start` (after the dev tokens and the
 * exchange), seeded with one fid per anvil dev account 0..4. The secure site reads `custodyOf(fid)` to verify a
 * Sign In With Farcaster message. Dev-only.
 */
import { createPublicClient, createWalletClient, defineChain, http, parseEther } from 'viem'
import type { Address, Chain, Hash, PublicClient } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import type { HDAccount } from 'viem/accounts'
import { BaseError } from '../../adapters/errors.ts'
import { DEV_ADDRESSES, DEV_MNEMONIC } from '../accounts.ts'
import { devNativeCurrency } from '../chains.ts'
import { devFidRegistryAbi, devFidRegistryBytecode, devFidRegistryDeployedBytecode } from './artifacts.ts'

export { devFidRegistryAbi } from './artifacts.ts'

/**
 * The deployer's index in the dev mnemonic: 10, the first one anvil does not fund (0–4 are the dev wallet's, 5 the
 * smart-account deployer, 6 the bridge fixture's, 7 the on-ramp treasury, 8 the exchange's, 9 the tokens'). The
 * deploy gives it 1 ETH with `anvil_setBalance` first.
 */
export const FID_REGISTRY_DEPLOYER_INDEX = 10

/** Address of dev mnemonic account 10 (what `mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 10 })` derives). */
export const FID_REGISTRY_DEPLOYER: Address = '0xBcd4042DE499D14e55001CcbB24a551F3b954096'

/** Where the registry lives on every dev chain: the deployer's first contract (nonce 0). */
export const FID_REGISTRY_ADDRESS: Address = '0xfbfbfDdd6e35dA57b7B0F9a2C10E34Be70B3A4E9'

/** The seeded fids: fid `i + 1` is held by anvil dev account `i` (0..4), e.g. fid 1 → `0xf39F…2266`. */
export const devFids: readonly { fid: number; custody: Address }[] = DEV_ADDRESSES.map((custody, i) => ({ fid: i + 1, custody }))

/** Why {@link deployDevFidRegistry} failed. */
export type DevFidRegistryDeployFailure = 'wrong-chain' | 'nonce-mismatch' | 'code-mismatch' | 'reverted'

/** Thrown by {@link deployDevFidRegistry}; `reason` says what went wrong. */
export class DevFidRegistryDeployError extends BaseError {
  override name = 'DevFidRegistryDeployError'
  reason: DevFidRegistryDeployFailure
  constructor(reason: DevFidRegistryDeployFailure, shortMessage: string) {
    super(shortMessage)
    this.reason = reason
  }
}

let deployer: HDAccount | undefined

/** The registry's deployer (dev mnemonic account 10) as a viem local account, derived once. */
export function devFidRegistryDeployer(): HDAccount {
  deployer ??= mnemonicToAccount(DEV_MNEMONIC, { addressIndex: FID_REGISTRY_DEPLOYER_INDEX })
  return deployer
}

/** What {@link deployDevFidRegistry} resolves to. */
export type DeployDevFidRegistryReturnType = { chainId: number; address: Address; status: 'deployed' | 'existing'; transactionHash?: Hash }

/**
 * Deploys `DevFidRegistry` from dev account 10 at its nonce 0 (so at {@link FID_REGISTRY_ADDRESS} on every fresh
 * chain), its constructor registering {@link devFids}. Idempotent: when the registry's code is there, nothing is sent.
 *
 * @param parameters the node's HTTP URL and the chain id it must report.
 * @returns where it is and whether it was deployed now.
 * @throws DevFidRegistryDeployError `'wrong-chain'`, `'nonce-mismatch'` (missing but the deployer already sent
 *   transactions: start from a fresh anvil), `'code-mismatch'` (other code at the address), `'reverted'`.
 * @example
 * await deployDevFidRegistry({ rpcUrl: 'http://127.0.0.1:8545', chainId: 31337 })
 */
export async function deployDevFidRegistry(parameters: { rpcUrl: string; chainId: number }): Promise<DeployDevFidRegistryReturnType> {
  const { rpcUrl, chainId } = parameters
  const chain: Chain = defineChain({ id: chainId, name: `Anvil ${chainId}`, nativeCurrency: devNativeCurrency, rpcUrls: { default: { http: [rpcUrl] } }, testnet: true })
  const transport = http(rpcUrl, { retryCount: 0, timeout: 60_000 })
  const client = createPublicClient({ chain, transport, cacheTime: 0, pollingInterval: 50 }) as PublicClient
  const reported = await client.getChainId()
  if (reported !== chainId) throw new DevFidRegistryDeployError('wrong-chain', `The node at ${rpcUrl} reports chain ${reported}, not ${chainId}.`)
  const code = await client.getCode({ address: FID_REGISTRY_ADDRESS })
  if (code !== undefined && code !== '0x') {
    if (code.toLowerCase() !== devFidRegistryDeployedBytecode.toLowerCase()) {
      throw new DevFidRegistryDeployError('code-mismatch', `Other code is at ${FID_REGISTRY_ADDRESS} on chain ${chainId}: restart the anvil.`)
    }
    return { chainId, address: FID_REGISTRY_ADDRESS, status: 'existing' }
  }
  const nonce = await client.getTransactionCount({ address: FID_REGISTRY_DEPLOYER, blockTag: 'pending' })
  if (nonce !== 0) throw new DevFidRegistryDeployError('nonce-mismatch', `The registry is missing on chain ${chainId}, but ${FID_REGISTRY_DEPLOYER} has nonce ${nonce}: start from a fresh anvil.`)
  const balance = await client.getBalance({ address: FID_REGISTRY_DEPLOYER })
  if (balance < parseEther('1')) {
    await client.request({ method: 'anvil_setBalance' as 'eth_chainId', params: [FID_REGISTRY_DEPLOYER, `0x${parseEther('1').toString(16)}`] as never })
  }
  const wallet = createWalletClient({ chain, transport, account: devFidRegistryDeployer() })
  const transactionHash = await wallet.deployContract({
    abi: devFidRegistryAbi,
    bytecode: devFidRegistryBytecode,
    args: [devFids.map((f) => BigInt(f.fid)), devFids.map((f) => f.custody)],
    nonce: 0,
  })
  const receipt = await client.waitForTransactionReceipt({ hash: transactionHash })
  if (receipt.status !== 'success' || receipt.contractAddress?.toLowerCase() !== FID_REGISTRY_ADDRESS.toLowerCase()) {
    throw new DevFidRegistryDeployError('reverted', `Deploying DevFidRegistry on chain ${chainId} failed (transaction ${transactionHash}).`)
  }
  return { chainId, address: FID_REGISTRY_ADDRESS, status: 'deployed', transactionHash }
}

/**
 * The custody address of `fid` in the registry, read through `client` (undefined when the fid is not registered).
 *
 * @throws viem errors when the node does not answer or the registry is not deployed.
 */
export async function custodyOf(client: Pick<PublicClient, 'readContract'>, fid: bigint, registry: Address = FID_REGISTRY_ADDRESS): Promise<Address | undefined> {
  const custody = await client.readContract({ address: registry, abi: devFidRegistryAbi, functionName: 'custodyOf', args: [fid] })
  return /^0x0{40}$/.test(custody) ? undefined : custody
}

/** The fid of a custody address in the registry (undefined: none). */
export async function fidOf(client: Pick<PublicClient, 'readContract'>, custody: Address, registry: Address = FID_REGISTRY_ADDRESS): Promise<bigint | undefined> {
  const fid = await client.readContract({ address: registry, abi: devFidRegistryAbi, functionName: 'idOf', args: [custody] })
  return fid === 0n ? undefined : fid
}
