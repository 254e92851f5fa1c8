/**
 * Deploys the dev ERC-20 tokens (Dev Token and the USDT-style Dev Tether) on a local anvil chain, at the
 * constant addresses of `dev/tokens/tokens.ts`. Used by `npm start` and the Vitest global setup. Dev-only.
 */
import { createPublicClient, createWalletClient, defineChain, http } from 'viem'
import type { Address, Chain, Hash, Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import type { HDAccount } from 'viem/accounts'
import { BaseError } from '../../adapters/errors.ts'
import { DEV_ADDRESSES, DEV_MNEMONIC } from '../accounts.ts'
import { devNativeCurrency } from '../chains.ts'
import { devTetherTokenAbi, devTetherTokenBytecode, devTetherTokenDeployedBytecode, devTokenAbi, devTokenBytecode, devTokenDeployedBytecode } from './artifacts.ts'
import { DEV_TOKEN_DEPLOYER, DEV_TOKEN_DEPLOYER_INDEX, devTokens } from './tokens.ts'
import type { DevTokenContract, DevTokenInfo } from './tokens.ts'

export { DEV_TETHER_ADDRESS, DEV_TOKEN_ADDRESS, DEV_TOKEN_DEPLOYER, devTetherToken, devToken, devTokens } from './tokens.ts'
export type { DevTokenContract, DevTokenInfo } from './tokens.ts'

/** ABI and bytecode of each dev token contract (from `artifacts.ts`). */
const artifacts = {
  DevToken: { abi: devTokenAbi, bytecode: devTokenBytecode, deployedBytecode: devTokenDeployedBytecode },
  DevTetherToken: { abi: devTetherTokenAbi, bytecode: devTetherTokenBytecode, deployedBytecode: devTetherTokenDeployedBytecode },
} as const satisfies Record<DevTokenContract, { abi: readonly unknown[]; bytecode: Hex; deployedBytecode: Hex }>

/** Parameters of {@link deployDevTokens}. */
export type DeployDevTokensParameters = {
  /** HTTP JSON-RPC URL of an anvil node, e.g. `http://127.0.0.1:8545`. */
  rpcUrl: string
  /** The chain id the node must report, e.g. 31337. */
  chainId: number
}

/** One dev token on one chain after {@link deployDevTokens}. */
export type DevTokenDeployment = DevTokenInfo & {
  chainId: number
  /** `deployed`: this call deployed it; `existing`: its code was already at the address (nothing sent). */
  status: 'deployed' | 'existing'
  /** The deployment transaction, when this call sent it. */
  transactionHash?: Hash
}

/** What {@link deployDevTokens} resolves to: both tokens, in deployment order. */
export type DeployDevTokensReturnType = DevTokenDeployment[]

/** Why {@link deployDevTokens} failed. */
export type DevTokenDeployFailure = 'wrong-chain' | 'nonce-mismatch' | 'code-mismatch' | 'reverted'

/**
 * Thrown by {@link deployDevTokens}: `reason` says what went wrong, `token` which token it was about (absent for
 * `'wrong-chain'`). RPC failures surface as viem errors instead.
 */
export class DevTokenDeployError extends BaseError {
  override name = 'DevTokenDeployError'
  reason: DevTokenDeployFailure
  token: DevTokenContract | undefined
  constructor(reason: DevTokenDeployFailure, shortMessage: string, token?: DevTokenContract) {
    super(shortMessage)
    this.reason = reason
    this.token = token
  }
}

/** Errors {@link deployDevTokens} may throw. */
export type DeployDevTokensErrorType = DevTokenDeployError | Error

let deployer: HDAccount | undefined

/**
 * The deployer as a viem local account: `mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 9 })`, derived on
 * first call (about 150 ms) and memoised.
 *
 * @returns the account; its address is `DEV_TOKEN_DEPLOYER`.
 */
export function devTokenDeployer(): HDAccount {
  deployer ??= mnemonicToAccount(DEV_MNEMONIC, { addressIndex: DEV_TOKEN_DEPLOYER_INDEX })
  return deployer
}

/**
 * Deploys Dev Token (DEV, 18 decimals) and Dev Tether (dUSDT, 6 decimals, `transfer` without a `bool`
 * return, spec §9) from anvil dev account 9, minting 1 000 000 of each to dev accounts 0..4. They are the
 * deployer's transactions at nonces 0 and 1, so they land at `DEV_TOKEN_ADDRESS` and `DEV_TETHER_ADDRESS`
 * on every fresh chain.
 *
 * Idempotent: a token whose code is already at its address is skipped (`status: 'existing'`), so calling it
 * twice, or on a chain where only the first token exists, is fine. Waits for each receipt.
 *
 * @param parameters see {@link DeployDevTokensParameters}.
 * @returns both tokens with `chainId` and `status`, see {@link DevTokenDeployment}.
 * @throws DevTokenDeployError with `reason`:
 *   - `'wrong-chain'` when the node reports another chain id;
 *   - `'nonce-mismatch'` when a token is missing but the deployer's nonce is not the token's (account 9 sent
 *     something else first, so the token would land elsewhere): start from a fresh anvil;
 *   - `'code-mismatch'` when other code sits at a token's address (a chain left over from an older build of
 *     the contracts): restart the anvil;
 *   - `'reverted'` when a deployment reverts.
 * @throws viem errors when the node does not answer.
 *
 * @example
 * const [dev, dusdt] = await deployDevTokens({ rpcUrl: 'http://127.0.0.1:8545', chainId: 31337 })
 * dev?.address // '0x…' (= DEV_TOKEN_ADDRESS)
 */
export async function deployDevTokens(parameters: DeployDevTokensParameters): Promise<DeployDevTokensReturnType> {
  const { rpcUrl, chainId } = parameters
  const chain: Chain = defineChain({
    id: chainId,
    name: `Anvil ${chainId}`,
    nativeCurrency: devNativeCurrency,
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  })
  const transport = http(rpcUrl, { retryCount: 0, timeout: 60_000 })
  const publicClient = createPublicClient({ chain, transport, cacheTime: 0, pollingInterval: 50 })
  const walletClient = createWalletClient({ chain, transport, account: devTokenDeployer() })

  const reported = await publicClient.getChainId()
  if (reported !== chainId) throw new DevTokenDeployError('wrong-chain', `The node at ${rpcUrl} reports chain ${reported}, not ${chainId}.`)

  const deployments: DevTokenDeployment[] = []
  for (const token of devTokens) {
    const artifact = artifacts[token.contract]
    const code = await publicClient.getCode({ address: token.address })
    if (code !== undefined && code !== '0x') {
      if (code.toLowerCase() !== artifact.deployedBytecode.toLowerCase()) {
        throw new DevTokenDeployError('code-mismatch', `Chain ${chainId} has other code than ${token.contract} at ${token.address}: restart the anvil.`, token.contract)
      }
      deployments.push({ ...token, chainId, status: 'existing' })
      continue
    }
    const nonce = await publicClient.getTransactionCount({ address: DEV_TOKEN_DEPLOYER, blockTag: 'pending' })
    if (nonce !== token.nonce) {
      throw new DevTokenDeployError(
        'nonce-mismatch',
        `${token.contract} is missing on chain ${chainId}, but the deployer ${DEV_TOKEN_DEPLOYER} has nonce ${nonce}, not ${token.nonce}: it would land elsewhere. Start from a fresh anvil.`,
        token.contract,
      )
    }
    const holders: Address[] = [...DEV_ADDRESSES]
    const transactionHash = await walletClient.deployContract({
      abi: artifact.abi,
      bytecode: artifact.bytecode,
      args: [holders, token.mintedPerAccount],
      nonce,
    })
    const receipt = await publicClient.waitForTransactionReceipt({ hash: transactionHash })
    if (receipt.status !== 'success' || receipt.contractAddress?.toLowerCase() !== token.address.toLowerCase()) {
      throw new DevTokenDeployError('reverted', `Deploying ${token.contract} on chain ${chainId} failed (transaction ${transactionHash}).`, token.contract)
    }
    deployments.push({ ...token, chainId, status: 'deployed', transactionHash })
  }
  return deployments
}
