import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, getContractAddress, http, parseEther } from 'viem'
import type { PublicClient } from 'viem'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { DEV_ADDRESSES, DEV_MNEMONIC } from '../accounts.ts'
import { findFreePort, startAnvil } from '../anvil.ts'
import type { AnvilInstance } from '../anvil.ts'
import { compileRegistry, registryArtifactsPath, renderRegistryArtifacts } from './compile.ts'
import { FID_REGISTRY_ADDRESS, FID_REGISTRY_DEPLOYER, DevFidRegistryDeployError, custodyOf, deployDevFidRegistry, devFidRegistryAbi, devFids, fidOf } from './registry.ts'

describe('dev/farcaster/artifacts.ts', () => {
  it('behavior: the checked-in artifacts are what a fresh compile of DevFidRegistry.sol gives (run `npm run farcaster:compile` when this fails)', () => {
    const result = compileRegistry()
    expect(result.warnings).toEqual([])
    expect(readFileSync(registryArtifactsPath, 'utf8')).toBe(renderRegistryArtifacts(result))
  }, 120_000)
})

describe('DevFidRegistry on anvil', () => {
  let anvil: AnvilInstance
  let client: PublicClient
  beforeAll(async () => {
    anvil = await startAnvil({ port: await findFreePort(), chainId: 31337 })
    client = createPublicClient({ transport: http(anvil.url), cacheTime: 0 }) as PublicClient
  }, 60_000)
  afterAll(async () => {
    await anvil?.stop()
  })

  it('behavior: the deployer is dev mnemonic account 10 and the registry its nonce-0 contract', () => {
    expect(mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 10 }).address).toBe(FID_REGISTRY_DEPLOYER)
    expect(getContractAddress({ from: FID_REGISTRY_DEPLOYER, nonce: 0n })).toBe(FID_REGISTRY_ADDRESS)
  })

  it('behavior: deploys at the constant address with fids 1..5 held by dev accounts 0..4; a second deploy sends nothing', async () => {
    const first = await deployDevFidRegistry({ rpcUrl: anvil.url, chainId: 31337 })
    expect(first).toMatchObject({ address: FID_REGISTRY_ADDRESS, status: 'deployed' })
    expect(devFids.map((f) => f.fid)).toEqual([1, 2, 3, 4, 5])
    for (const [i, custody] of DEV_ADDRESSES.entries()) {
      expect(await custodyOf(client, BigInt(i + 1))).toBe(custody)
      expect(await fidOf(client, custody)).toBe(BigInt(i + 1))
    }
    expect(await custodyOf(client, 6n)).toBeUndefined()
    const blockBefore = await client.getBlockNumber()
    expect(await deployDevFidRegistry({ rpcUrl: anvil.url, chainId: 31337 })).toMatchObject({ status: 'existing' })
    expect(await client.getBlockNumber()).toBe(blockBefore)
  }, 60_000)

  it('behavior: a custody address registers a free fid for itself; a taken fid, a second fid and fid 0 revert', async () => {
    await deployDevFidRegistry({ rpcUrl: anvil.url, chainId: 31337 })
    const account = privateKeyToAccount(generatePrivateKey())
    await client.request({ method: 'anvil_setBalance' as 'eth_chainId', params: [account.address, `0x${parseEther('1').toString(16)}`] as never })
    const wallet = createWalletClient({ transport: http(anvil.url), account })
    const write = (fid: bigint) => wallet.writeContract({ address: FID_REGISTRY_ADDRESS, abi: devFidRegistryAbi, functionName: 'register', args: [fid], chain: null })
    const simulate = (fid: bigint) => client.simulateContract({ address: FID_REGISTRY_ADDRESS, abi: devFidRegistryAbi, functionName: 'register', args: [fid], account })
    await expect(simulate(1n)).rejects.toThrow(/FidTaken/)
    await expect(simulate(0n)).rejects.toThrow(/InvalidFid/)
    await client.waitForTransactionReceipt({ hash: await write(4242n) })
    expect(await custodyOf(client, 4242n)).toBe(account.address)
    expect(await fidOf(client, account.address)).toBe(4242n)
    await expect(simulate(4243n)).rejects.toThrow(/HasId/)
  }, 60_000)

  it('bad input: a node of another chain id is refused before anything is sent', async () => {
    await expect(deployDevFidRegistry({ rpcUrl: anvil.url, chainId: 31338 })).rejects.toSatisfy((error: unknown) => error instanceof DevFidRegistryDeployError && error.reason === 'wrong-chain')
  })
})
