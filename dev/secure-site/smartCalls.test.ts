import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createPublicClient, decodeFunctionData, getAddress, http, parseEther } from 'viem'
import type { Address, Hash, Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { ENTRY_POINT_ADDRESS, SIMPLE_ACCOUNT_FACTORY_ADDRESS, simpleAccountAbi } from '../aa/account.ts'
import { entryPointAbi } from '../aa/artifacts.ts'
import { startDevBundler } from '../aa/bundler.ts'
import type { DevBundlerServer } from '../aa/bundler.ts'
import { startMailServer } from './mail.ts'
import type { MailServer } from './mail.ts'
import { startSecureSite } from './server.ts'
import type { SecureSite } from './server.ts'
import { siteClient } from './testing.ts'

/**
 * Batched calls (EIP-5792) of the embedded wallet over HTTP with its real parts: PGlite, the loopback SMTP server, the
 * Vitest anvils (EntryPoint and factory deployed by the global setup) and a dev bundler of this file's own. Chain 31337
 * has the bundler; chain 31338 is configured without one. The chain is read with viem: balances, the EntryPoint's
 * UserOperationEvent, and the user operation inside the `handleOps` transaction.
 */
const anvil1 = inject('anvilRpc1')
const anvil2 = inject('anvilRpc2')
const chain = createPublicClient({ transport: http(anvil1), cacheTime: 0 })
let mail: MailServer
let site: SecureSite
let bundler: DevBundlerServer

beforeAll(async () => {
  mail = await startMailServer({ port: 0 })
  bundler = await startDevBundler({ port: 0, chains: [{ chainId: 31337, rpcUrl: anvil1 }] })
  site = await startSecureSite({
    port: 0,
    mail,
    chains: [
      { chainId: 31337, rpcUrl: anvil1, name: 'Anvil Local', bundlerUrl: bundler.rpcUrl(31337) },
      { chainId: 31338, rpcUrl: anvil2, name: 'Anvil Local 2' },
    ],
    fundWei: parseEther('10'),
    allowedAncestors: ['http://127.0.0.1:5273'],
  })
}, 90_000)
afterAll(async () => {
  await site?.stop()
  await bundler?.stop()
  await mail?.stop()
})

const { call, signUp: signUpByLink } = siteClient(() => site.url)

/** A fresh email user signed in; with `smart`, its smart account preferred on 31337 (counterfactual: not deployed). */
async function signUp(smart = true): Promise<{ token: string; owner: Address; account: Address }> {
  const { token, address: owner } = await signUpByLink('calls')
  if (!smart) return { token, owner, account: owner }
  const switched = await call('POST', '/api/preferred-account', { token, body: { type: 'smartAccount', chainId: 31337 } })
  return { token, owner, account: switched.json.smartAccountAddress as Address }
}

const rpc = (token: string, method: string, params: unknown, chainId: unknown = 31337) => call('POST', '/api/rpc', { token, body: { method, params, chainId } })
const fresh = (): Address => privateKeyToAccount(generatePrivateKey()).address
const batch = (from: Address, calls: unknown[], extra: Record<string, unknown> = {}) => [{ version: '2.0.0', chainId: '0x7a69', from, atomicRequired: true, calls, ...extra }]
/**
 * How many user operations of `account` the EntryPoint has run (its UserOperationEvent logs, whatever their success):
 * the anvil is shared with other files, so its block number moves on its own and cannot show that nothing was sent.
 */
const operationsOf = async (account: Address) => (await chain.getContractEvents({ address: ENTRY_POINT_ADDRESS, abi: entryPointAbi, eventName: 'UserOperationEvent', args: { sender: account }, fromBlock: 0n })).length
/** A call that reverts: the factory has no function of that selector and no fallback. */
const reverting = { to: SIMPLE_ACCOUNT_FACTORY_ADDRESS, data: '0xdeadbeef' }

/** The user operation inside the `handleOps` transaction `hash`: its sender and its call data decoded as the account's. */
async function operationIn(hash: Hash) {
  const tx = await chain.getTransaction({ hash })
  expect(getAddress(tx.to!)).toBe(ENTRY_POINT_ADDRESS)
  const { functionName, args } = decodeFunctionData({ abi: entryPointAbi, data: tx.input })
  expect(functionName).toBe('handleOps')
  const ops = (args as unknown as [Array<{ sender: Address; callData: Hex }>])[0]
  expect(ops).toHaveLength(1)
  return { sender: getAddress(ops[0]!.sender), call: decodeFunctionData({ abi: simpleAccountAbi, data: ops[0]!.callData }) }
}

describe('secure site: batched calls of the smart account', () => {
  it('behavior: the EOA keeps the answers of a wallet without batched calls (4200), for capabilities, sends and statuses', async () => {
    const { token, owner } = await signUp(false)
    expect(await rpc(token, 'wallet_getCapabilities', [owner, ['0x7a69']])).toMatchObject({ status: 400, json: { code: 4200 } })
    expect(await rpc(token, 'wallet_sendCalls', batch(owner, [{ to: fresh(), value: '0x1' }]))).toMatchObject({ status: 400, json: { code: 4200 } })
    expect(await rpc(token, 'wallet_getCallsStatus', [`0x${'ab'.repeat(32)}`])).toMatchObject({ status: 400, json: { code: 4200 } })
  }, 60_000)

  it('behavior: capabilities say atomic supported where the smart account is the wallet’s, unsupported on the chain without smart accounts', async () => {
    const { token, account } = await signUp()
    expect((await rpc(token, 'wallet_getCapabilities', [account])).json.result).toEqual({ '0x7a69': { atomic: { status: 'supported' } }, '0x7a6a': { atomic: { status: 'unsupported' } } })
    expect((await rpc(token, 'wallet_getCapabilities', [account, ['0x7a69', '0x1']])).json.result).toEqual({ '0x7a69': { atomic: { status: 'supported' } } })
    expect(await rpc(token, 'wallet_getCapabilities', [fresh()])).toMatchObject({ status: 400, json: { code: 4100 } })
    expect(await rpc(token, 'wallet_getCapabilities', [account, 'all'])).toMatchObject({ status: 400, json: { code: -32602 } })
  }, 60_000)

  it('behavior: two calls are one user operation (executeBatch) mined through the bundler; the status is 200 with its transaction, and the account is deployed', async () => {
    const { token, account, owner } = await signUp()
    const [first, second] = [fresh(), fresh()]
    const sent = await rpc(
      token,
      'wallet_sendCalls',
      batch(account, [
        { to: first, value: `0x${parseEther('0.5').toString(16)}` },
        { to: second, value: '0x2a', data: '0x' },
      ]),
    )
    expect(sent.status).toBe(200)
    const { id } = sent.json.result as { id: Hash }
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)
    const status = (await rpc(token, 'wallet_getCallsStatus', [id])).json.result as { status: number; receipts: Array<{ transactionHash: Hash; status: string }> }
    expect(status).toMatchObject({ version: '2.0.0', id, chainId: '0x7a69', status: 200, atomic: true, receipts: [{ status: '0x1' }] })
    expect(status.receipts).toHaveLength(1)
    // The one transaction carries the one operation of this account, whose call is executeBatch of both calls.
    const op = await operationIn(status.receipts[0]!.transactionHash)
    expect(op.sender).toBe(account)
    expect(op.call.functionName).toBe('executeBatch')
    expect(op.call.args).toEqual([
      [first, second],
      [parseEther('0.5'), 42n],
      ['0x', '0x'],
    ])
    expect(await chain.getBalance({ address: first })).toBe(parseEther('0.5'))
    expect(await chain.getBalance({ address: second })).toBe(42n)
    expect(await chain.getBalance({ address: owner })).toBe(parseEther('10'))
    expect(await chain.getCode({ address: account })).not.toBeUndefined()
    expect((await call('GET', '/api/account-state?chainId=31337', { token })).json).toMatchObject({ smartAccountDeployed: true })
  }, 90_000)

  it('behavior: a call that reverts reverts them all (status 500, nothing moved); once deployed, the bundler refuses such a batch before sending (its code)', async () => {
    const { token, account } = await signUp()
    const receiver = fresh()
    const sent = await rpc(token, 'wallet_sendCalls', batch(account, [{ to: receiver, value: '0x64' }, reverting]))
    expect(sent.status).toBe(200)
    const { id } = sent.json.result as { id: Hash }
    const status = (await rpc(token, 'wallet_getCallsStatus', [id])).json.result as { status: number; receipts: Array<{ transactionHash: Hash; status: string }> }
    expect(status).toMatchObject({ status: 500, atomic: true, receipts: [{ status: '0x0' }] })
    expect((await chain.getTransactionReceipt({ hash: status.receipts[0]!.transactionHash })).status).toBe('success')
    expect(await chain.getBalance({ address: receiver })).toBe(0n)
    // The first operation deployed the account (the deployment is validation, not the reverted call).
    expect(await chain.getCode({ address: account })).not.toBeUndefined()
    expect(await operationsOf(account)).toBe(1)
    expect(await rpc(token, 'wallet_sendCalls', batch(account, [{ to: receiver, value: '0x64' }, reverting]))).toMatchObject({ status: 400, json: { code: -32521 } })
    expect(await operationsOf(account)).toBe(1)
    expect(await chain.getBalance({ address: receiver })).toBe(0n)
  }, 90_000)

  it('behavior: a dapp’s own batch id is the id; used twice it is refused (5720); a batch is its user’s only (5730 for another, or an unknown id)', async () => {
    const { token, account } = await signUp()
    const receiver = fresh()
    const sent = await rpc(token, 'wallet_sendCalls', batch(account, [{ to: receiver, value: '0x7' }], { id: 'order-7' }))
    expect(sent.json.result).toEqual({ id: 'order-7' })
    expect((await rpc(token, 'wallet_getCallsStatus', ['order-7'])).json.result).toMatchObject({ id: 'order-7', status: 200 })
    expect(await rpc(token, 'wallet_sendCalls', batch(account, [{ to: receiver, value: '0x7' }], { id: 'order-7' }))).toMatchObject({ status: 400, json: { code: 5720 } })
    expect(await chain.getBalance({ address: receiver })).toBe(7n)
    const other = await signUp()
    expect(await rpc(other.token, 'wallet_getCallsStatus', ['order-7'])).toMatchObject({ status: 400, json: { code: 5730 } })
    expect(await rpc(token, 'wallet_getCallsStatus', [`0x${'cd'.repeat(32)}`])).toMatchObject({ status: 400, json: { code: 5730 } })
    expect(await rpc(token, 'wallet_getCallsStatus', [])).toMatchObject({ status: 400, json: { code: -32602 } })
  }, 90_000)

  it('behavior: the check before the frame approval (POST /api/rpc/check) refuses a batch as the send would, takes a good one, and sends nothing', async () => {
    const { token, account } = await signUp()
    const eoa = await signUp(false)
    const to = fresh()
    const check = (t: string | undefined, method: string, params: unknown) => call('POST', '/api/rpc/check', { ...(t ? { token: t } : {}), body: { method, params, chainId: 31337 } })
    // The anvil is shared with other files: the account's operations and the EOA's nonce show that nothing was sent.
    const nonces = async () => [await operationsOf(account), await chain.getTransactionCount({ address: eoa.owner, blockTag: 'pending' })]
    const before = await nonces()
    expect(
      await check(
        token,
        'wallet_sendCalls',
        batch(
          account,
          Array.from({ length: 11 }, () => ({ to, value: '0x1' })),
        ),
      ),
    ).toMatchObject({ status: 400, json: { code: 5740 } })
    expect(await check(token, 'wallet_sendCalls', batch(account, [{ to, data: '0xabc' }]))).toMatchObject({
      status: 400,
      json: { code: -32602, message: 'Invalid params for wallet_sendCalls: calls[0].data must be 0x and whole bytes of hex' },
    })
    expect(await check(eoa.token, 'wallet_sendCalls', batch(eoa.owner, [{ to, value: '0x1' }]))).toMatchObject({ status: 400, json: { code: 4200 } })
    expect(await check(token, 'wallet_sendCalls', batch(account, [{ to, value: '0x1' }]))).toMatchObject({ status: 200, json: {} })
    expect(await check(token, 'personal_sign', ['0x00', account])).toMatchObject({ status: 200, json: {} })
    expect((await check(undefined, 'wallet_sendCalls', batch(account, [{ to, value: '0x1' }]))).status).toBe(401)
    expect(await nonces()).toEqual(before)
    expect(await chain.getBalance({ address: to })).toBe(0n)
  }, 60_000)

  it('bad input: each malformed request is refused with its code and nothing is sent', async () => {
    const { token, account } = await signUp()
    const to = fresh()
    expect(await operationsOf(account)).toBe(0)
    const refusals: Array<[unknown, number]> = [
      ['not a request', -32602],
      [batch(account, [])[0], -32602],
      [batch(account, [{ to: 'dEaD', value: '0x1' }])[0], -32602],
      [batch(account, [{ to, data: 'abcd' }])[0], -32602],
      [batch(account, [{ to, data: '0xabc' }])[0], -32602],
      [batch(account, [{ to, value: '10' }])[0], -32602],
      [batch(account, [{ to, value: '0x01' }])[0], -32602],
      [batch(fresh(), [{ to, value: '0x1' }])[0], 4100],
      [batch(account, [{ to, value: '0x1' }], { chainId: '0x7a6a' })[0], 5710],
      [
        batch(
          account,
          Array.from({ length: 11 }, () => ({ to, value: '0x1' })),
        )[0],
        5740,
      ],
      [batch(account, [{ to, value: '0x1' }], { capabilities: { paymasterService: { url: 'http://127.0.0.1:1' } } })[0], 5700],
      [batch(account, [{ to, value: '0x1', capabilities: { paymasterService: {} } }])[0], 5700],
      [batch(account, [{ to, value: '0x1' }], { id: '' })[0], -32602],
    ]
    for (const [request, code] of refusals) expect(await rpc(token, 'wallet_sendCalls', [request]), JSON.stringify(request)).toMatchObject({ status: 400, json: { code } })
    // A capability marked optional is not a reason to refuse.
    expect((await rpc(token, 'wallet_sendCalls', batch(account, [{ to, value: '0x1' }], { capabilities: { paymasterService: { optional: true } } }))).status).toBe(200)
    expect(await chain.getBalance({ address: to })).toBe(1n)
    // One user operation landed: the one whose capability is optional.
    expect(await operationsOf(account)).toBe(1)
  }, 90_000)
})
