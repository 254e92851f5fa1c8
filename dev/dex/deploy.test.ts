import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createPublicClient, createWalletClient, getContractAddress, http, keccak256, parseEther } from 'viem'
import type { PublicClient } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { createRequire } from 'node:module'
import { DEV_MNEMONIC } from '../accounts.ts'
import { findFreePort, startAnvil } from '../anvil.ts'
import type { AnvilInstance } from '../anvil.ts'
import { deployDevTokens } from '../tokens/deploy.ts'
import { DEV_TETHER_ADDRESS, DEV_TOKEN_ADDRESS } from '../tokens/tokens.ts'
import {
  DEX_DEPLOYER,
  DevExchangeDeployError,
  FACTORY_ADDRESS,
  PAIR_INIT_CODE_HASH,
  ROUTER_ADDRESS,
  WETH_ADDRESS,
  checkPairInitCodeHash,
  deployDevExchange,
  devExchangeDeployer,
  devPoolSeeds,
  factoryAbi,
  getAmountOut,
  pairAbi,
  pairAddress,
  readReserves,
} from './deploy.ts'

const rpc1 = inject('anvilRpc1')
const shared = createPublicClient({ transport: http(rpc1), cacheTime: 0 }) as PublicClient

describe('exchange addresses', () => {
  it('behavior: the deployer is anvil dev account 8, funded at genesis, and the contracts are its nonces 0, 1, 2', async () => {
    expect(mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 8 }).address).toBe(DEX_DEPLOYER)
    expect(devExchangeDeployer().address).toBe(DEX_DEPLOYER)
    expect(await shared.getBalance({ address: DEX_DEPLOYER, blockNumber: 0n })).toBe(parseEther('10000'))
    expect([WETH_ADDRESS, FACTORY_ADDRESS, ROUTER_ADDRESS]).toEqual([0n, 1n, 2n].map((nonce) => getContractAddress({ from: DEX_DEPLOYER, nonce })))
  })

  it("behavior: the core artifact's pair hashes to the init code hash the router has hard-coded", () => {
    const pair = createRequire(import.meta.url)('@uniswap/v2-core/build/UniswapV2Pair.json') as { bytecode: string }
    expect(keccak256(`0x${pair.bytecode}`)).toBe(PAIR_INIT_CODE_HASH)
    expect(checkPairInitCodeHash()).toBe(PAIR_INIT_CODE_HASH)
  })

  it('behavior: every pool of the setup sits where pairAddress computes it (as the router finds it), seeded at its prices', async () => {
    for (const seed of devPoolSeeds) {
      const pair = await shared.readContract({ address: FACTORY_ADDRESS, abi: factoryAbi, functionName: 'getPair', args: [seed.tokenA, seed.tokenB] })
      expect(pair, seed.label).toBe(pairAddress(seed.tokenA, seed.tokenB))
      expect(pairAddress(seed.tokenB, seed.tokenA)).toBe(pair)
      const { reserveA, reserveB } = await readReserves(shared, pair, seed.tokenA)
      expect(reserveA, seed.label).toBeGreaterThan(0n)
      expect(reserveB, seed.label).toBeGreaterThan(0n)
    }
  })

  it("behavior: getAmountOut is the pair contract's x·y = k after the 0.3 % fee, rounded down", () => {
    // 1 ETH into 100 ETH / 300 000 dUSDT: 300 000e6 × 997 / (100 000 + 997) = 2961.474103…e6, rounded down.
    expect(getAmountOut(10n ** 18n, 100n * 10n ** 18n, 300_000n * 10n ** 6n)).toBe(2_961_474_103n)
    expect(getAmountOut(0n, 1n, 1n)).toBe(0n)
  })
})

describe('deployDevExchange on a fresh anvil', () => {
  let anvil: AnvilInstance
  let client: PublicClient
  beforeAll(async () => {
    anvil = await startAnvil({ port: await findFreePort(), chainId: 31337 })
    client = createPublicClient({ transport: http(anvil.url), cacheTime: 0 }) as PublicClient
  }, 30_000)
  afterAll(async () => {
    await anvil?.stop()
  })

  it('refuses a chain without the dev tokens, and a node of another chain id', async () => {
    await expect(deployDevExchange({ rpcUrl: anvil.url, chainId: 31337 })).rejects.toMatchObject({ name: 'DevExchangeDeployError', reason: 'tokens-missing' })
    await expect(deployDevExchange({ rpcUrl: anvil.url, chainId: 1 })).rejects.toMatchObject({ reason: 'wrong-chain' })
    expect(await client.getTransactionCount({ address: DEX_DEPLOYER })).toBe(0)
  })

  it('deploys the three contracts at their addresses and seeds the three pools with exactly the seed amounts; a second run sends nothing', async () => {
    await deployDevTokens({ rpcUrl: anvil.url, chainId: 31337 })
    const first = await deployDevExchange({ rpcUrl: anvil.url, chainId: 31337 })
    expect(first.contracts.map((c) => [c.name, c.address, c.status])).toEqual([
      ['WETH9', WETH_ADDRESS, 'deployed'],
      ['UniswapV2Factory', FACTORY_ADDRESS, 'deployed'],
      ['UniswapV2Router02', ROUTER_ADDRESS, 'deployed'],
    ])
    expect(first.pools.map((p) => [p.label, p.address, p.reserveA, p.reserveB, p.status])).toEqual(devPoolSeeds.map((seed) => [seed.label, pairAddress(seed.tokenA, seed.tokenB), seed.amountA, seed.amountB, 'seeded']))
    // The deployer holds the LP tokens (all but the pair's locked minimum liquidity).
    for (const pool of first.pools) {
      const [supply, held] = await Promise.all([
        client.readContract({ address: pool.address, abi: pairAbi, functionName: 'totalSupply' }),
        client.readContract({ address: pool.address, abi: pairAbi, functionName: 'balanceOf', args: [DEX_DEPLOYER] }),
      ])
      expect(supply - held).toBe(1000n)
    }
    const nonce = await client.getTransactionCount({ address: DEX_DEPLOYER })
    const second = await deployDevExchange({ rpcUrl: anvil.url, chainId: 31337 })
    expect(second.contracts.map((c) => c.status)).toEqual(['existing', 'existing', 'existing'])
    expect(second.pools.map((p) => p.status)).toEqual(['existing', 'existing', 'existing'])
    expect(second.pools.map((p) => [p.reserveA, p.reserveB])).toEqual(first.pools.map((p) => [p.reserveA, p.reserveB]))
    expect(await client.getTransactionCount({ address: DEX_DEPLOYER })).toBe(nonce)
    // The pools' prices: 1 ETH = 3000 dUSDT, 1 ETH = 2000 DEV, 1 DEV = 1.5 dUSDT.
    const [wethUsdt, wethDev, devUsdt] = second.pools
    expect((wethUsdt!.reserveB * 10n ** 12n) / wethUsdt!.reserveA).toBe(3000n)
    expect(wethDev!.reserveB / wethDev!.reserveA).toBe(2000n)
    expect((devUsdt!.reserveB * 10n ** 12n * 10n) / devUsdt!.reserveA).toBe(15n)
    expect([wethDev!.tokenB, devUsdt!.tokenA, devUsdt!.tokenB]).toEqual([DEV_TOKEN_ADDRESS, DEV_TOKEN_ADDRESS, DEV_TETHER_ADDRESS])
  })

  it('refuses to deploy a missing contract once the deployer has sent other transactions (it would land elsewhere)', async () => {
    const other = await startAnvil({ port: await findFreePort(), chainId: 31338 })
    try {
      await deployDevTokens({ rpcUrl: other.url, chainId: 31338 })
      const wallet = createWalletClient({ transport: http(other.url), account: devExchangeDeployer() })
      const otherClient = createPublicClient({ transport: http(other.url), cacheTime: 0, pollingInterval: 50 })
      await otherClient.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ chain: null, to: DEX_DEPLOYER, value: 1n }) })
      const error = await deployDevExchange({ rpcUrl: other.url, chainId: 31338 }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(DevExchangeDeployError)
      expect(error).toMatchObject({ reason: 'nonce-mismatch' })
    } finally {
      await other.stop()
    }
  }, 30_000)
})
