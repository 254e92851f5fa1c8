/**
 * Deploys the Uniswap v2 exchange (WETH9, UniswapV2Factory, UniswapV2Router02) on a local anvil chain at the
 * constant addresses of `dev/dex/exchange.ts`, and seeds its three pools. Used by `npm start` and the Vitest global
 * setup, after `deployDevTokens`. The bytecode comes from the published npm packages' build artifacts
 * (`@uniswap/v2-core@1.0.1`, `@uniswap/v2-periphery@1.1.0-beta.0`, GPL-3.0-or-later): dev-only, never bundled.
 */
import { createRequire } from 'node:module'
import { createPublicClient, createWalletClient, defineChain, encodeAbiParameters, erc20Abi, http, keccak256, maxUint256, numberToHex, zeroAddress } from 'viem'
import type { Abi, Address, Chain, Hash, Hex, PublicClient } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import type { HDAccount } from 'viem/accounts'
import { BaseError } from '../../adapters/errors.ts'
import { DEV_MNEMONIC } from '../accounts.ts'
import { devNativeCurrency } from '../chains.ts'
import { devTokens } from '../tokens/tokens.ts'
import { DEX_DEPLOYER, DEX_DEPLOYER_INDEX, FACTORY_ADDRESS, PAIR_INIT_CODE_HASH, ROUTER_ADDRESS, WETH_ADDRESS, devPoolSeeds, factoryAbi, pairAbi, routerAbi } from './exchange.ts'

export * from './exchange.ts'

type Artifact = { abi: Abi; bytecode: string }

const require = createRequire(import.meta.url)

/** The build artifacts of the npm packages (ABI and creation bytecode, hex without `0x`). */
function artifacts(): { weth: Artifact; factory: Artifact; router: Artifact; pair: Artifact } {
  return {
    weth: require('@uniswap/v2-periphery/build/WETH9.json') as Artifact,
    factory: require('@uniswap/v2-core/build/UniswapV2Factory.json') as Artifact,
    router: require('@uniswap/v2-periphery/build/UniswapV2Router02.json') as Artifact,
    pair: require('@uniswap/v2-core/build/UniswapV2Pair.json') as Artifact,
  }
}

const hex = (bytecode: string): Hex => (bytecode.startsWith('0x') ? bytecode : `0x${bytecode}`) as Hex

/**
 * Checks that the pair contract the factory deploys hashes to the init code hash the router has hard-coded
 * (`UniswapV2Library.pairFor`): otherwise the router would look for pools where none is.
 *
 * @returns the hash of the core artifact's UniswapV2Pair creation code.
 * @throws DevExchangeDeployError `'init-code-mismatch'` when the artifacts disagree.
 */
export function checkPairInitCodeHash(): Hex {
  const { pair, router } = artifacts()
  const hash = keccak256(hex(pair.bytecode))
  if (hash !== PAIR_INIT_CODE_HASH || !router.bytecode.toLowerCase().includes(PAIR_INIT_CODE_HASH.slice(2))) {
    throw new DevExchangeDeployError('init-code-mismatch', `UniswapV2Pair's init code hash is ${hash}; the router expects ${PAIR_INIT_CODE_HASH}.`)
  }
  return hash
}

/** Parameters of {@link deployDevExchange}. */
export type DeployDevExchangeParameters = {
  /** HTTP JSON-RPC URL of an anvil node, e.g. `http://127.0.0.1:8545`. */
  rpcUrl: string
  /** The chain id the node must report, e.g. 31337. */
  chainId: number
}

/** One contract of the exchange after {@link deployDevExchange}. */
export type DevExchangeContract = { name: 'WETH9' | 'UniswapV2Factory' | 'UniswapV2Router02'; address: Address; status: 'deployed' | 'existing'; transactionHash?: Hash }

/** One pool after {@link deployDevExchange}: its address and reserves as read back (token order of the seed). */
export type DevExchangePool = { label: string; address: Address; tokenA: Address; tokenB: Address; reserveA: bigint; reserveB: bigint; status: 'seeded' | 'existing' }

/** What {@link deployDevExchange} resolves to. */
export type DeployDevExchangeReturnType = { chainId: number; contracts: DevExchangeContract[]; pools: DevExchangePool[] }

/** Why {@link deployDevExchange} failed. */
export type DevExchangeDeployFailure = 'wrong-chain' | 'nonce-mismatch' | 'code-mismatch' | 'init-code-mismatch' | 'tokens-missing' | 'reverted'

/** Thrown by {@link deployDevExchange}: `reason` says what went wrong. RPC failures surface as viem errors instead. */
export class DevExchangeDeployError extends BaseError {
  override name = 'DevExchangeDeployError'
  reason: DevExchangeDeployFailure
  constructor(reason: DevExchangeDeployFailure, shortMessage: string) {
    super(shortMessage)
    this.reason = reason
  }
}

let deployer: HDAccount | undefined

/**
 * The exchange's deployer as a viem local account (anvil dev account 8), derived on first call and memoised.
 *
 * @returns the account; its address is `DEX_DEPLOYER`.
 */
export function devExchangeDeployer(): HDAccount {
  deployer ??= mnemonicToAccount(DEV_MNEMONIC, { addressIndex: DEX_DEPLOYER_INDEX })
  return deployer
}

/** Storage slots of the dev tokens (dev/tokens/contracts/*.sol): `totalSupply` at 0, `balanceOf` mapping at 1. */
const totalSupplySlot = numberToHex(0, { size: 32 })
const balanceSlot = (holder: Address): Hex => keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder, 1n]))

/**
 * Gives `holder` (default the deployer) `amount` more of a dev token with anvil's `anvil_setStorageAt` (balance and
 * total supply both raised, no `Transfer` event): the dev tokens mint only to dev accounts 0..4 in their constructor,
 * whose balances the tests count on.
 */
export async function mintWithAnvil(client: PublicClient, token: Address, amount: bigint, holder: Address = DEX_DEPLOYER): Promise<void> {
  const read = (slot: Hex) => client.getStorageAt({ address: token, slot }).then((value) => BigInt(value ?? '0x0'))
  const [balance, supply] = await Promise.all([read(balanceSlot(holder)), read(totalSupplySlot)])
  const set = (slot: Hex, value: bigint) => client.request({ method: 'anvil_setStorageAt' as 'eth_chainId', params: [token, slot, numberToHex(value, { size: 32 })] as never })
  await set(balanceSlot(holder), balance + amount)
  await set(totalSupplySlot, supply + amount)
}

/**
 * Deploys WETH9, UniswapV2Factory (fee setter: the deployer) and UniswapV2Router02 from anvil dev account 8 at its
 * nonces 0, 1 and 2, so they land at `WETH_ADDRESS`, `FACTORY_ADDRESS` and `ROUTER_ADDRESS` on every fresh chain;
 * then seeds the pools of `devPoolSeeds` (WETH/dUSDT, WETH/DEV, DEV/dUSDT) through the router, the deployer
 * providing the liquidity (its dev tokens minted with `anvil_setStorageAt`, ETH from its genesis balance).
 *
 * Idempotent: a contract whose code is there is skipped, and so is a pool that already has reserves (whatever they
 * are after swaps). The dev tokens must be deployed first (`deployDevTokens`).
 *
 * @param parameters see {@link DeployDevExchangeParameters}.
 * @returns the contracts and the pools with their reserves read back, see {@link DeployDevExchangeReturnType}.
 * @throws DevExchangeDeployError with `reason`: `'wrong-chain'` (the node reports another chain id),
 *   `'init-code-mismatch'` (the pair artifact does not hash to what the router expects), `'tokens-missing'` (no dev
 *   tokens on the chain), `'nonce-mismatch'` (a contract is missing but the deployer already sent other
 *   transactions: start from a fresh anvil), `'code-mismatch'` (a router at the address on another factory or
 *   WETH), `'reverted'`.
 * @throws viem errors when the node does not answer.
 *
 * @example
 * const { pools } = await deployDevExchange({ rpcUrl: 'http://127.0.0.1:8545', chainId: 31337 })
 * pools[0]?.reserveB // 300000000000n (300 000 dUSDT against 100 WETH)
 */
export async function deployDevExchange(parameters: DeployDevExchangeParameters): Promise<DeployDevExchangeReturnType> {
  const { rpcUrl, chainId } = parameters
  const chain: Chain = defineChain({ id: chainId, name: `Anvil ${chainId}`, nativeCurrency: devNativeCurrency, rpcUrls: { default: { http: [rpcUrl] } }, testnet: true })
  const transport = http(rpcUrl, { retryCount: 0, timeout: 60_000 })
  const client = createPublicClient({ chain, transport, cacheTime: 0, pollingInterval: 50 }) as PublicClient
  const wallet = createWalletClient({ chain, transport, account: devExchangeDeployer() })

  const reported = await client.getChainId()
  if (reported !== chainId) throw new DevExchangeDeployError('wrong-chain', `The node at ${rpcUrl} reports chain ${reported}, not ${chainId}.`)
  checkPairInitCodeHash()
  for (const token of devTokens) {
    const code = await client.getCode({ address: token.address })
    if (code === undefined || code === '0x') throw new DevExchangeDeployError('tokens-missing', `${token.symbol} is not deployed on chain ${chainId}: run deployDevTokens first.`)
  }

  const { weth, factory, router } = artifacts()
  const plan = [
    { name: 'WETH9', address: WETH_ADDRESS, nonce: 0, artifact: weth, args: [] as readonly unknown[] },
    { name: 'UniswapV2Factory', address: FACTORY_ADDRESS, nonce: 1, artifact: factory, args: [DEX_DEPLOYER] },
    { name: 'UniswapV2Router02', address: ROUTER_ADDRESS, nonce: 2, artifact: router, args: [FACTORY_ADDRESS, WETH_ADDRESS] },
  ] as const
  const send = async (hash: Hash, what: string) => {
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new DevExchangeDeployError('reverted', `${what} on chain ${chainId} reverted (transaction ${hash}).`)
    return receipt
  }

  const contracts: DevExchangeContract[] = []
  for (const step of plan) {
    const code = await client.getCode({ address: step.address })
    if (code !== undefined && code !== '0x') {
      contracts.push({ name: step.name, address: step.address, status: 'existing' })
      continue
    }
    const nonce = await client.getTransactionCount({ address: DEX_DEPLOYER, blockTag: 'pending' })
    if (nonce !== step.nonce) {
      throw new DevExchangeDeployError('nonce-mismatch', `${step.name} is missing on chain ${chainId}, but the deployer ${DEX_DEPLOYER} has nonce ${nonce}, not ${step.nonce}: start from a fresh anvil.`)
    }
    const transactionHash = await wallet.deployContract({ abi: step.artifact.abi, bytecode: hex(step.artifact.bytecode), args: step.args as never, nonce })
    const receipt = await send(transactionHash, `Deploying ${step.name}`)
    if (receipt.contractAddress?.toLowerCase() !== step.address.toLowerCase()) throw new DevExchangeDeployError('reverted', `${step.name} landed at ${receipt.contractAddress}, not ${step.address}.`)
    contracts.push({ name: step.name, address: step.address, status: 'deployed', transactionHash })
  }
  const [routerFactory, routerWeth] = await Promise.all([
    client.readContract({ address: ROUTER_ADDRESS, abi: routerAbi, functionName: 'factory' }),
    client.readContract({ address: ROUTER_ADDRESS, abi: routerAbi, functionName: 'WETH' }),
  ])
  if (routerFactory.toLowerCase() !== FACTORY_ADDRESS.toLowerCase() || routerWeth.toLowerCase() !== WETH_ADDRESS.toLowerCase()) {
    throw new DevExchangeDeployError('code-mismatch', `The router at ${ROUTER_ADDRESS} on chain ${chainId} uses factory ${routerFactory} and WETH ${routerWeth}: restart the anvil.`)
  }

  const pools: DevExchangePool[] = []
  for (const seed of devPoolSeeds) {
    let pair = await client.readContract({ address: FACTORY_ADDRESS, abi: factoryAbi, functionName: 'getPair', args: [seed.tokenA, seed.tokenB] })
    let status: DevExchangePool['status'] = 'existing'
    if (pair === zeroAddress || (await readReserves(client, pair, seed.tokenA)).reserveA === 0n) {
      status = 'seeded'
      const block = await client.getBlock()
      const deadline = block.timestamp + 3600n
      const erc20s =
        seed.tokenA === WETH_ADDRESS
          ? [{ token: seed.tokenB, amount: seed.amountB }]
          : [
              { token: seed.tokenA, amount: seed.amountA },
              { token: seed.tokenB, amount: seed.amountB },
            ]
      for (const { token, amount } of erc20s) {
        await mintWithAnvil(client, token, amount)
        const allowance = await client.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [DEX_DEPLOYER, ROUTER_ADDRESS] })
        if (allowance < amount) await send(await wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'approve', args: [ROUTER_ADDRESS, maxUint256] }), `Approving ${seed.label}`)
      }
      const hash =
        seed.tokenA === WETH_ADDRESS
          ? await wallet.writeContract({
              address: ROUTER_ADDRESS,
              abi: routerAbi,
              functionName: 'addLiquidityETH',
              args: [seed.tokenB, seed.amountB, seed.amountB, seed.amountA, DEX_DEPLOYER, deadline],
              value: seed.amountA,
            })
          : await wallet.writeContract({
              address: ROUTER_ADDRESS,
              abi: routerAbi,
              functionName: 'addLiquidity',
              args: [seed.tokenA, seed.tokenB, seed.amountA, seed.amountB, seed.amountA, seed.amountB, DEX_DEPLOYER, deadline],
            })
      await send(hash, `Seeding ${seed.label}`)
      pair = await client.readContract({ address: FACTORY_ADDRESS, abi: factoryAbi, functionName: 'getPair', args: [seed.tokenA, seed.tokenB] })
    }
    const { reserveA, reserveB } = await readReserves(client, pair, seed.tokenA)
    pools.push({ label: seed.label, address: pair, tokenA: seed.tokenA, tokenB: seed.tokenB, reserveA, reserveB, status })
  }
  return { chainId, contracts, pools }
}

/**
 * The reserves of a pool in the order of `tokenA` first (a pair stores them in `token0`/`token1` order).
 *
 * @returns both reserves, in each token's smallest unit.
 * @throws viem errors when the node does not answer or `pair` is not a pair.
 */
export async function readReserves(client: PublicClient, pair: Address, tokenA: Address): Promise<{ reserveA: bigint; reserveB: bigint }> {
  const [token0, [reserve0, reserve1]] = await Promise.all([
    client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }),
    client.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' }),
  ])
  return token0.toLowerCase() === tokenA.toLowerCase() ? { reserveA: reserve0, reserveB: reserve1 } : { reserveA: reserve1, reserveB: reserve0 }
}
