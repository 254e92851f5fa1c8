import { describe, expect, inject, it } from 'vitest'
import { type BaseError, ContractFunctionExecutionError, ContractFunctionZeroDataError, createPublicClient, createWalletClient, erc20Abi, getContractAddress, http, parseEther, parseEventLogs, parseUnits } from 'viem'
import type { Abi, Address, Hash } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { DEV_ADDRESSES, DEV_MNEMONIC, devAccounts } from '../accounts.ts'
import { devPoolSeeds } from '../dex/exchange.ts'
import { findFreePort, startAnvil } from '../anvil.ts'
import { devTetherTokenAbi, devTetherTokenDeployedBytecode, devTokenAbi, devTokenBytecode, devTokenDeployedBytecode } from './artifacts.ts'
import { DEV_TETHER_ADDRESS, DEV_TOKEN_ADDRESS, DEV_TOKEN_DEPLOYER, DevTokenDeployError, deployDevTokens, devTetherToken, devToken, devTokenDeployer, devTokens } from './deploy.ts'
import { ForeignError, TestFailure } from '../../tests/harness/failures.ts'

const testChains = [
  { chainId: 31337, rpcUrl: inject('anvilRpc1') },
  { chainId: 31338, rpcUrl: inject('anvilRpc2') },
] as const
const rpc1 = testChains[0].rpcUrl
const publicClient = createPublicClient({ transport: http(rpc1), cacheTime: 0, pollingInterval: 50 })
const walletClient = createWalletClient({ transport: http(rpc1) })

const runtimeCode = { DevToken: devTokenDeployedBytecode, DevTetherToken: devTetherTokenDeployedBytecode } as const
const abiOf = { DevToken: devTokenAbi, DevTetherToken: devTetherTokenAbi } as const

/** How much of a token the exchange's deployer was minted to seed the pools of dev/dex (the sum of its seeds). */
function seededIntoPools(token: Address): bigint {
  return devPoolSeeds.reduce((sum, seed) => sum + (seed.tokenA === token ? seed.amountA : 0n) + (seed.tokenB === token ? seed.amountB : 0n), 0n)
}

function balanceOf(token: Address, owner: Address): Promise<bigint> {
  return publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
}

async function mined(hash: Hash): Promise<void> {
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
}

function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
    .then((response) => response.json() as Promise<{ result?: unknown; error?: unknown }>)
    .then((body) => {
      if (body.error) throw new ForeignError(JSON.stringify(body.error))
      return body.result
    })
}

describe('dev token addresses', () => {
  it('behavior: the deployer is anvil dev account 9, which anvil funds at genesis like the other nine', async () => {
    expect(mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 9 }).address).toBe(DEV_TOKEN_DEPLOYER)
    expect(devTokenDeployer().address).toBe(DEV_TOKEN_DEPLOYER)
    const accounts = (await rpc(rpc1, 'eth_accounts')) as string[]
    expect(accounts).toHaveLength(10)
    expect(accounts.map((a) => a.toLowerCase())).toContain(DEV_TOKEN_DEPLOYER.toLowerCase())
    expect(await publicClient.getBalance({ address: DEV_TOKEN_DEPLOYER, blockNumber: 0n })).toBe(parseEther('10000'))
  })

  it("behavior: the token addresses are the deployer's contracts at nonces 0 and 1", () => {
    expect(DEV_TOKEN_ADDRESS).toBe(getContractAddress({ from: DEV_TOKEN_DEPLOYER, nonce: 0n }))
    expect(DEV_TETHER_ADDRESS).toBe(getContractAddress({ from: DEV_TOKEN_DEPLOYER, nonce: 1n }))
    expect(devTokens.map((t) => [t.symbol, t.address])).toMatchInlineSnapshot(`
      [
        [
          "DEV",
          "0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35",
        ],
        [
          "dUSDT",
          "0xA15BB66138824a1c7167f5E85b957d04Dd34E468",
        ],
      ]
    `)
  })
})

describe('the tokens deployed by the global setup', () => {
  it('behavior: on both test anvils the constant addresses hold the compiled runtime code and the token metadata', async () => {
    for (const { chainId, rpcUrl } of testChains) {
      const client = createPublicClient({ transport: http(rpcUrl), cacheTime: 0 })
      for (const token of devTokens) {
        expect(await client.getCode({ address: token.address }), `${token.symbol} on ${chainId}`).toBe(runtimeCode[token.contract])
        const abi: Abi = abiOf[token.contract]
        const read = (functionName: string) => client.readContract({ address: token.address, abi, functionName })
        expect([await read('name'), await read('symbol'), await read('decimals'), await read('totalSupply')]).toEqual([
          token.name,
          token.symbol,
          token.decimals,
          // Dev accounts 0..4, plus what the exchange's deployer was given (anvil_setStorageAt) to seed the pools (dev/dex).
          token.mintedPerAccount * 5n + seededIntoPools(token.address),
        ])
      }
    }
    expect([devToken.name, devToken.symbol, devToken.decimals]).toEqual(['Dev Token', 'DEV', 18])
    expect([devTetherToken.name, devTetherToken.symbol, devTetherToken.decimals]).toEqual(['Dev Tether', 'dUSDT', 6])
  })

  it('behavior: each dev account 0..4 got 1 000 000 DEV and 1 000 000 dUSDT (chain 31338, where no test moves tokens)', async () => {
    const client = createPublicClient({ transport: http(testChains[1].rpcUrl), cacheTime: 0 })
    for (const token of devTokens) {
      const balances = await Promise.all(DEV_ADDRESSES.map((owner) => client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })))
      expect(balances).toEqual(DEV_ADDRESSES.map(() => parseUnits('1000000', token.decimals)))
    }
  })

  it('behavior: deploying again is a no-op (both existing, the deployer sends nothing)', async () => {
    const nonce = await publicClient.getTransactionCount({ address: DEV_TOKEN_DEPLOYER })
    const again = await deployDevTokens({ rpcUrl: rpc1, chainId: 31337 })
    expect(again.map((d) => [d.symbol, d.address, d.chainId, d.status])).toEqual([
      ['DEV', DEV_TOKEN_ADDRESS, 31337, 'existing'],
      ['dUSDT', DEV_TETHER_ADDRESS, 31337, 'existing'],
    ])
    expect(await publicClient.getTransactionCount({ address: DEV_TOKEN_DEPLOYER })).toBe(nonce)
    expect(nonce).toBe(2)
  })
})

describe('deployDevTokens on a fresh anvil', () => {
  it('behavior: lands at the constant addresses on any chain id; deploys only a missing token; refuses the wrong chain, foreign code and a moved nonce', async () => {
    const anvil = await startAnvil({ port: await findFreePort(), chainId: 4242 })
    try {
      let genesis = await rpc(anvil.url, 'evm_snapshot')
      const deployed = await deployDevTokens({ rpcUrl: anvil.url, chainId: 4242 })
      expect(deployed.map((d) => [d.address, d.status])).toEqual([
        [DEV_TOKEN_ADDRESS, 'deployed'],
        [DEV_TETHER_ADDRESS, 'deployed'],
      ])
      expect(deployed.every((d) => /^0x[0-9a-f]{64}$/.test(d.transactionHash ?? ''))).toBe(true)

      const wrongChain = await deployDevTokens({ rpcUrl: anvil.url, chainId: 31337 }).catch((e: unknown) => e)
      expect(wrongChain).toBeInstanceOf(DevTokenDeployError)
      expect((wrongChain as DevTokenDeployError).reason).toBe('wrong-chain')

      // Other code at the DEV address (an older build of the contract, say).
      await rpc(anvil.url, 'anvil_setCode', [DEV_TOKEN_ADDRESS, '0x00'])
      const foreign = await deployDevTokens({ rpcUrl: anvil.url, chainId: 4242 }).catch((e: unknown) => e)
      expect(foreign).toMatchObject({ reason: 'code-mismatch', token: 'DevToken' })

      // Back to genesis, with only DEV deployed (nonce 0): dUSDT alone is deployed, at its constant address.
      await rpc(anvil.url, 'evm_revert', [genesis])
      const deployer = createWalletClient({ transport: http(anvil.url), account: devTokenDeployer() })
      const fresh = createPublicClient({ transport: http(anvil.url), cacheTime: 0, pollingInterval: 50 })
      genesis = await rpc(anvil.url, 'evm_snapshot')
      const hash = await deployer.deployContract({ chain: null, abi: devTokenAbi, bytecode: devTokenBytecode, args: [[...DEV_ADDRESSES], devToken.mintedPerAccount] })
      await fresh.waitForTransactionReceipt({ hash })
      expect((await deployDevTokens({ rpcUrl: anvil.url, chainId: 4242 })).map((d) => d.status)).toEqual(['existing', 'deployed'])

      // Back to genesis, and the deployer sends something else first: the tokens would land elsewhere.
      await rpc(anvil.url, 'evm_revert', [genesis])
      await fresh.waitForTransactionReceipt({ hash: await deployer.sendTransaction({ chain: null, to: DEV_ADDRESSES[0], value: 1n }) })
      const moved = await deployDevTokens({ rpcUrl: anvil.url, chainId: 4242 }).catch((e: unknown) => e)
      expect(moved).toBeInstanceOf(DevTokenDeployError)
      expect(moved).toMatchObject({ reason: 'nonce-mismatch', token: 'DevToken' })
    } finally {
      await anvil.stop()
    }
  }, 30_000)
})

describe('transfers on chain 31337', () => {
  const [, , , account3, account4] = devAccounts()
  if (!account3 || !account4) throw new TestFailure('dev accounts 3 and 4 are missing')

  it('behavior: a DEV transfer from account 4 to account 3 moves the balances and returns true', async () => {
    const amount = parseUnits('12.5', 18) + BigInt(Math.floor(Math.random() * 1_000_000))
    const before = [await balanceOf(DEV_TOKEN_ADDRESS, account4.address), await balanceOf(DEV_TOKEN_ADDRESS, account3.address)]
    const { result, request } = await publicClient.simulateContract({
      account: account4,
      address: DEV_TOKEN_ADDRESS,
      abi: devTokenAbi,
      functionName: 'transfer',
      args: [account3.address, amount],
    })
    expect(result).toBe(true)
    await mined(await walletClient.writeContract({ ...request, chain: null }))
    expect([await balanceOf(DEV_TOKEN_ADDRESS, account4.address), await balanceOf(DEV_TOKEN_ADDRESS, account3.address)]).toEqual([(before[0] ?? 0n) - amount, (before[1] ?? 0n) + amount])
  })

  it('behavior: a dUSDT transfer sent with its own no-return ABI succeeds and emits Transfer', async () => {
    const amount = parseUnits('3.25', 6)
    const before = [await balanceOf(DEV_TETHER_ADDRESS, account4.address), await balanceOf(DEV_TETHER_ADDRESS, account3.address)]
    const hash = await walletClient.writeContract({
      account: account4,
      chain: null,
      address: DEV_TETHER_ADDRESS,
      abi: devTetherTokenAbi,
      functionName: 'transfer',
      args: [account3.address, amount],
    })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(parseEventLogs({ abi: devTetherTokenAbi, eventName: 'Transfer', logs: receipt.logs }).map((log) => log.args)).toEqual([{ from: account4.address, to: account3.address, value: amount }])
    expect([await balanceOf(DEV_TETHER_ADDRESS, account4.address), await balanceOf(DEV_TETHER_ADDRESS, account3.address)]).toEqual([(before[0] ?? 0n) - amount, (before[1] ?? 0n) + amount])
  })

  it('behavior (spec §9): simulating dUSDT transfer with the standard ERC-20 ABI fails to decode the missing bool', async () => {
    const standard = await publicClient.simulateContract({ account: account4, address: DEV_TETHER_ADDRESS, abi: erc20Abi, functionName: 'transfer', args: [account3.address, 1n] }).catch((e: unknown) => e)
    expect(standard).toBeInstanceOf(ContractFunctionExecutionError)
    const cause = (standard as BaseError).walk((e) => e instanceof ContractFunctionZeroDataError)
    expect(cause).toBeInstanceOf(ContractFunctionZeroDataError)
    expect((cause as BaseError).shortMessage).toMatchInlineSnapshot(`"The contract function "transfer" returned no data ("0x")."`)

    // The token's own ABI simulates fine (no result), and the same call on the standard token decodes `true`.
    const own = await publicClient.simulateContract({ account: account4, address: DEV_TETHER_ADDRESS, abi: devTetherTokenAbi, functionName: 'transfer', args: [account3.address, 1n] })
    expect(own.result).toBeUndefined()
    const dev = await publicClient.simulateContract({ account: account4, address: DEV_TOKEN_ADDRESS, abi: erc20Abi, functionName: 'transfer', args: [account3.address, 1n] })
    expect(dev.result).toBe(true)
  })

  it("behavior: writeContract with the standard ERC-20 ABI still sends a dUSDT transfer (a transaction's return is never decoded)", async () => {
    const before = await balanceOf(DEV_TETHER_ADDRESS, account3.address)
    await mined(await walletClient.writeContract({ account: account4, chain: null, address: DEV_TETHER_ADDRESS, abi: erc20Abi, functionName: 'transfer', args: [account3.address, 7n] }))
    expect(await balanceOf(DEV_TETHER_ADDRESS, account3.address)).toBe(before + 7n)
  })
})
