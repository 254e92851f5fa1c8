import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BaseError, createWalletClient, encodeFunctionData, getContractAddress, http, parseEther, RpcRequestError } from 'viem'
import type { Address, PublicClient } from 'viem'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { createBundlerClient, entryPoint07Abi } from 'viem/account-abstraction'
import type { BundlerClient } from 'viem/account-abstraction'
import { DEV_MNEMONIC, devAccounts } from '../accounts.ts'
import { findFreePort, startAnvil } from '../anvil.ts'
import type { AnvilInstance } from '../anvil.ts'
import { AA_DEPLOYER, DevAaDeployError, ENTRY_POINT_ADDRESS, SIMPLE_ACCOUNT_FACTORY_ADDRESS, deployDevAa, devAaClient, toDevSimpleAccount } from './deploy.ts'
import { bundlerErrorCodes, startDevBundler } from './bundler.ts'
import type { DevBundlerServer } from './bundler.ts'
import { TestFailure } from '../../tests/harness/failures.ts'

// A fresh anvil of its own: the deployment is tested from an empty chain, and the balances are this file's alone.
const chainId = 31337
let anvil: AnvilInstance
let bundler: DevBundlerServer
let client: PublicClient
let bundlerClient: BundlerClient

beforeAll(async () => {
  anvil = await startAnvil({ port: await findFreePort(), chainId })
  client = devAaClient(anvil.url, chainId)
  bundler = await startDevBundler({ port: 0, chains: [{ chainId, rpcUrl: anvil.url }] })
  bundlerClient = createBundlerClient({ client, transport: http(bundler.rpcUrl(chainId), { retryCount: 0 }), pollingInterval: 50 })
}, 60_000)

afterAll(async () => {
  await bundler?.stop()
  await anvil?.stop()
})

/** A fresh owner and its counterfactual SimpleAccount, given `fund` ETH by dev account 0. */
async function newAccount(fund = parseEther('1')) {
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = await toDevSimpleAccount({ client, owner })
  if (fund > 0n) {
    const wallet = createWalletClient({ chain: client.chain!, transport: http(anvil.url), account: devAccounts()[0]! })
    await client.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: account.address, value: fund }) })
  }
  return { owner, account }
}

/** The JSON-RPC error code a viem call failed with. */
async function codeOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise
  } catch (error) {
    const rpc = error instanceof BaseError ? error.walk((e) => e instanceof RpcRequestError) : undefined
    return rpc instanceof RpcRequestError ? rpc.code : undefined
  }
  throw new TestFailure('expected a refusal')
}

/** A raw JSON-RPC call to the bundler. */
async function raw(method: string, params: unknown[]): Promise<{ result?: unknown; error?: { code: number; message: string } }> {
  const response = await fetch(bundler.rpcUrl(chainId), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
}

describe('deployDevAa', () => {
  it('behavior: anvil dev account 5 deploys EntryPoint and SimpleAccount1271Factory at its nonces 0 and 1; a second run finds them', async () => {
    expect(mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 5 }).address).toBe(AA_DEPLOYER)
    expect([ENTRY_POINT_ADDRESS, SIMPLE_ACCOUNT_FACTORY_ADDRESS]).toEqual([0n, 1n].map((nonce) => getContractAddress({ from: AA_DEPLOYER, nonce })))
    const first = await deployDevAa({ rpcUrl: anvil.url, chainId })
    expect(first.map((c) => [c.name, c.status])).toEqual([
      ['EntryPoint', 'deployed'],
      ['SimpleAccount1271Factory', 'deployed'],
    ])
    expect((await client.getCode({ address: ENTRY_POINT_ADDRESS }))?.length).toBeGreaterThan(20_000)
    const again = await deployDevAa({ rpcUrl: anvil.url, chainId })
    expect(again.map((c) => c.status)).toEqual(['existing', 'existing'])
  }, 60_000)

  it('bad input: a node of another chain is refused before anything is sent', async () => {
    await expect(deployDevAa({ rpcUrl: anvil.url, chainId: 999 })).rejects.toSatisfy((e) => e instanceof DevAaDeployError && e.reason === 'wrong-chain')
  })
})

describe('dev bundler', () => {
  beforeAll(() => deployDevAa({ rpcUrl: anvil.url, chainId }), 60_000)

  it('behavior: a user operation deploys the counterfactual account and sends ETH; receipt, lookup and balances agree', async () => {
    const { owner, account } = await newAccount()
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    expect(await client.getCode({ address: account.address })).toBeUndefined()
    expect(await bundlerClient.getSupportedEntryPoints()).toEqual([ENTRY_POINT_ADDRESS])
    const before = await client.getBalance({ address: account.address })

    const hash = await bundlerClient.sendUserOperation({ account, calls: [{ to: recipient, value: parseEther('0.25') }] })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 20_000 })

    expect(receipt.success).toBe(true)
    expect(receipt.sender).toBe(account.address)
    expect(receipt.receipt.from.toLowerCase()).toBe(AA_DEPLOYER.toLowerCase())
    expect(await client.getBalance({ address: recipient })).toBe(parseEther('0.25'))
    // The account paid the prefund; the EntryPoint keeps what was not used as the account's deposit.
    const deposit = await client.readContract({ address: ENTRY_POINT_ADDRESS, abi: entryPoint07Abi, functionName: 'balanceOf', args: [account.address] })
    expect(deposit).toBeGreaterThan(0n)
    expect((await client.getBalance({ address: account.address })) + deposit).toBe(before - parseEther('0.25') - receipt.actualGasCost)
    expect(await client.getCode({ address: account.address })).not.toBeUndefined()
    expect(await client.readContract({ address: account.address, abi: [{ type: 'function', name: 'owner', inputs: [], outputs: [{ type: 'address' }], stateMutability: 'view' }], functionName: 'owner' })).toBe(
      owner.address,
    )
    const found = await bundlerClient.getUserOperation({ hash })
    expect(found.transactionHash).toBe(receipt.receipt.transactionHash)
    expect(found.userOperation.sender).toBe(account.address)

    // A second operation from the deployed account: no factory this time.
    const second = await bundlerClient.sendUserOperation({
      account,
      calls: [
        { to: recipient, value: 1n },
        { to: recipient, value: 2n },
      ],
    })
    const secondReceipt = await bundlerClient.waitForUserOperationReceipt({ hash: second, timeout: 20_000 })
    expect(secondReceipt.success).toBe(true)
    expect(await client.getBalance({ address: recipient })).toBe(parseEther('0.25') + 3n)
    expect((await bundlerClient.getUserOperation({ hash: second })).userOperation.factory ?? null).toBeNull()
  }, 60_000)

  it('bad input: an operation signed by another key is refused with -32507 and nothing moves', async () => {
    const { account } = await newAccount()
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const op = await bundlerClient.prepareUserOperation({ account, calls: [{ to: recipient, value: parseEther('0.1') }] })
    const impostor = privateKeyToAccount(generatePrivateKey())
    const forged = await (await toDevSimpleAccount({ client, owner: impostor, address: account.address })).signUserOperation(op)
    const before = await client.getBalance({ address: account.address })
    expect(await codeOf(bundlerClient.sendUserOperation({ ...op, signature: forged } as never))).toBe(bundlerErrorCodes.invalidSignature)
    expect(await client.getBalance({ address: recipient })).toBe(0n)
    expect(await client.getBalance({ address: account.address })).toBe(before)
    expect(await client.getCode({ address: account.address })).toBeUndefined()
  }, 60_000)

  it('bad input: an account without funds for the prefund is refused with -32500 (AA21)', async () => {
    const { account } = await newAccount(0n)
    const op = await bundlerClient.prepareUserOperation({ account, calls: [{ to: AA_DEPLOYER, value: 0n }] })
    const signature = await account.signUserOperation(op)
    const answer = await raw('eth_sendUserOperation', [rpcOf({ ...op, signature }), ENTRY_POINT_ADDRESS])
    expect(answer.error?.code).toBe(bundlerErrorCodes.validationRejected)
    expect(answer.error?.message).toMatch(/^AA21/)
  }, 60_000)

  it('bad input: another entry point, no signature, too little preVerificationGas, an unknown method, a bad hash', async () => {
    const { account } = await newAccount()
    const op = await bundlerClient.prepareUserOperation({ account, calls: [{ to: AA_DEPLOYER, value: 1n }] })
    const signed = rpcOf({ ...op, signature: await account.signUserOperation(op) })
    expect((await raw('eth_sendUserOperation', [signed, SIMPLE_ACCOUNT_FACTORY_ADDRESS])).error?.code).toBe(bundlerErrorCodes.invalidParams)
    expect((await raw('eth_sendUserOperation', [{ ...signed, signature: '0x' }, ENTRY_POINT_ADDRESS])).error?.code).toBe(bundlerErrorCodes.invalidParams)
    expect((await raw('eth_sendUserOperation', [{ ...signed, sender: 'nobody' }, ENTRY_POINT_ADDRESS])).error?.code).toBe(bundlerErrorCodes.invalidParams)
    const cheap = { ...op, preVerificationGas: 21_000n }
    expect((await raw('eth_sendUserOperation', [rpcOf({ ...cheap, signature: await account.signUserOperation(cheap) }), ENTRY_POINT_ADDRESS])).error).toMatchObject({
      code: bundlerErrorCodes.invalidParams,
      message: expect.stringMatching(/preVerificationGas/),
    })
    expect((await raw('eth_sendTransaction', [])).error?.code).toBe(bundlerErrorCodes.methodNotFound)
    expect((await raw('eth_getUserOperationReceipt', ['0x1234'])).error?.code).toBe(bundlerErrorCodes.invalidParams)
    expect((await raw('eth_getUserOperationReceipt', [`0x${'ab'.repeat(32)}`])).result).toBeNull()
    expect((await raw('eth_getUserOperationByHash', [`0x${'ab'.repeat(32)}`])).result).toBeNull()
    // The valid one still goes through afterwards.
    expect((await raw('eth_sendUserOperation', [signed, ENTRY_POINT_ADDRESS])).result).toMatch(/^0x[0-9a-f]{64}$/)
  }, 60_000)

  it('bad input: estimating a call that reverts answers -32521', async () => {
    const { account } = await newAccount()
    await bundlerClient.waitForUserOperationReceipt({ hash: await bundlerClient.sendUserOperation({ account, calls: [{ to: AA_DEPLOYER, value: 1n }] }), timeout: 20_000 })
    // The factory has no function with this selector and no fallback: the call reverts.
    const data = encodeFunctionData({ abi: [{ type: 'function', name: 'nothingHere', inputs: [], outputs: [], stateMutability: 'nonpayable' }], functionName: 'nothingHere' })
    expect(await codeOf(bundlerClient.estimateUserOperationGas({ account, calls: [{ to: SIMPLE_ACCOUNT_FACTORY_ADDRESS as Address, data }] }))).toBe(bundlerErrorCodes.executionReverted)
  }, 60_000)
})

/** A typed user operation in the RPC's hex form. */
function rpcOf(op: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(op)
      .filter(([key]) => key !== 'account' && key !== 'authorization')
      .map(([key, value]) => [key, typeof value === 'bigint' ? `0x${value.toString(16)}` : value]),
  )
}
