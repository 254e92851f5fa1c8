import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createPublicClient, http, isErc6492Signature, parseEther, verifyMessage } from 'viem'
import type { Address, Hash, Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { ENTRY_POINT_ADDRESS, SIMPLE_ACCOUNT_FACTORY_ADDRESS, simpleAccountFactoryAbi } from '../aa/account.ts'
import { startDevBundler } from '../aa/bundler.ts'
import type { DevBundlerServer } from '../aa/bundler.ts'
import { startApiServer } from '../api/server.ts'
import type { ApiServer } from '../api/server.ts'
import { startMailServer } from './mail.ts'
import type { MailServer } from './mail.ts'
import { startSecureSite } from './server.ts'
import type { SecureSite } from './server.ts'
import { siteClient } from './testing.ts'

/**
 * The embedded wallet's smart account over HTTP with its real parts: PGlite, the loopback SMTP server, the
 * Vitest anvils (EntryPoint and factory deployed by the global setup) and a dev bundler of this file's own.
 * Chain 31337 has the bundler; chain 31338 is configured without one (no smart accounts there).
 */
const anvil1 = inject('anvilRpc1')
const anvil2 = inject('anvilRpc2')
const chain = createPublicClient({ transport: http(anvil1), cacheTime: 0 })
let mail: MailServer
let site: SecureSite
let bundler: DevBundlerServer
let api: ApiServer
const fundWei = parseEther('10')

beforeAll(async () => {
  mail = await startMailServer({ port: 0 })
  bundler = await startDevBundler({ port: 0, chains: [{ chainId: 31337, rpcUrl: anvil1 }] })
  api = await startApiServer({ port: 0, chains: [{ chainId: 31337, rpcUrl: anvil1 }] })
  site = await startSecureSite({
    sessionsApiUrl: `${api.url}/blockchain`,
    port: 0,
    mail,
    chains: [
      { chainId: 31337, rpcUrl: anvil1, name: 'Anvil Local', bundlerUrl: bundler.rpcUrl(31337) },
      { chainId: 31338, rpcUrl: anvil2, name: 'Anvil Local 2' },
    ],
    fundWei,
    allowedAncestors: ['http://127.0.0.1:5273'],
  })
}, 90_000)
afterAll(async () => {
  await site?.stop()
  await api?.stop()
  await bundler?.stop()
  await mail?.stop()
})

const { call, signUp: signUpByLink } = siteClient(() => site.url)
const signUp = () => signUpByLink('aa')

const rpc = (token: string, method: string, params: unknown, chainId: unknown = 31337) => call('POST', '/api/rpc', { token, body: { method, params, chainId } })
const state = (token: string, chainId: number | string = 31337) => call('GET', `/api/account-state?chainId=${chainId}`, { token })
const prefer = (token: string, type: unknown, chainId: unknown = 31337) => call('POST', '/api/preferred-account', { token, body: { type, chainId } })

describe('secure site: smart accounts', () => {
  it('behavior: a new user has a counterfactual SimpleAccount of its EOA, funded, not deployed, on the chains with a bundler', async () => {
    const { token, address } = await signUp()
    const expected = await chain.readContract({ address: SIMPLE_ACCOUNT_FACTORY_ADDRESS, abi: simpleAccountFactoryAbi, functionName: 'getAddress', args: [address, 0n] })
    const { status, json } = await state(token)
    expect(status).toBe(200)
    expect(json).toEqual({ preferredAccountType: 'eoa', smartAccountAddress: expected, smartAccountDeployed: false, smartAccountEnabledNetworks: [31337] })
    expect(await chain.getBalance({ address: expected })).toBe(fundWei)
    expect(await chain.getCode({ address: expected })).toBeUndefined()
    expect((await rpc(token, 'eth_accounts', [])).json.result).toEqual([address])
  }, 60_000)

  it('behavior: with the smart account preferred, eth_sendTransaction is a user operation: mined, ETH moves from the smart account, the account deployed; back to eoa the EOA sends', async () => {
    const { token, address } = await signUp()
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const switched = await prefer(token, 'smartAccount')
    expect(switched.json).toMatchObject({ preferredAccountType: 'smartAccount', smartAccountDeployed: false })
    const smart = switched.json.smartAccountAddress as Address
    expect((await rpc(token, 'eth_accounts', [])).json.result).toEqual([smart])
    // Kept in the database per user and chain (not in the server's memory): a restart or a reload keeps it.
    const { rows } = await site.db.query<{ chain_id: number; type: string }>('select p.chain_id, p.type from preferred_accounts p join wallets w on w.user_id = p.user_id where w.address = $1', [address])
    expect(rows).toEqual([{ chain_id: 31337, type: 'smartAccount' }])

    const sent = await rpc(token, 'eth_sendTransaction', [{ from: smart, to: recipient, value: `0x${parseEther('1').toString(16)}` }])
    expect(sent.status).toBe(200)
    // The wallet answers with the hash once the node has it; the receipt is waited for, not assumed already mined.
    const receipt = await chain.waitForTransactionReceipt({ hash: sent.json.result as Hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(receipt.to?.toLowerCase()).toBe(ENTRY_POINT_ADDRESS.toLowerCase())
    expect(await chain.getBalance({ address: recipient })).toBe(parseEther('1'))
    expect(await chain.getBalance({ address })).toBe(fundWei)
    expect(await chain.getBalance({ address: smart })).toBeLessThan(fundWei - parseEther('1'))
    expect((await state(token)).json).toMatchObject({ preferredAccountType: 'smartAccount', smartAccountDeployed: true })

    expect((await prefer(token, 'eoa')).json).toMatchObject({ preferredAccountType: 'eoa', smartAccountDeployed: true })
    expect((await rpc(token, 'eth_accounts', [])).json.result).toEqual([address])
    const direct = await rpc(token, 'eth_sendTransaction', [{ from: address, to: recipient, value: '0x1' }])
    expect((await chain.waitForTransactionReceipt({ hash: direct.json.result as Hash, pollingInterval: 50 })).from.toLowerCase()).toBe(address.toLowerCase())
    expect(await chain.getBalance({ address: recipient })).toBe(parseEther('1') + 1n)
  }, 90_000)

  it('behavior: personal_sign and eth_signTypedData_v4 as the smart account verify on chain: ERC-6492 before deployment, ERC-1271 after; as the EOA an EIP-191 signature', async () => {
    const { token, address } = await signUp()
    const smart = (await prefer(token, 'smartAccount')).json.smartAccountAddress as Address
    const message = 'Sign in as the smart account'
    const signed = (await rpc(token, 'personal_sign', [message, smart])).json.result as Hex
    expect(isErc6492Signature(signed)).toBe(true)
    expect(await chain.verifyMessage({ address: smart, message, signature: signed })).toBe(true)
    expect(await chain.verifyMessage({ address: address, message, signature: signed })).toBe(false)
    const typed = { domain: { name: 'Latchkey', chainId: 31337 }, types: { Mail: [{ name: 'contents', type: 'string' }] }, primaryType: 'Mail', message: { contents: 'hello' } }
    const typedSignature = (await rpc(token, 'eth_signTypedData_v4', [smart, JSON.stringify(typed)])).json.result as Hex
    expect(await chain.verifyTypedData({ address: smart, ...typed, signature: typedSignature } as Parameters<typeof chain.verifyTypedData>[0])).toBe(true)
    // The owner EOA still signs as itself.
    const asEoa = (await rpc(token, 'personal_sign', [message, address])).json.result as Hex
    expect(await verifyMessage({ address, message, signature: asEoa })).toBe(true)

    // Deployed by its first user operation: a plain ERC-1271 signature from then on.
    const sent = await rpc(token, 'eth_sendTransaction', [{ from: smart, to: address, value: '0x1' }])
    await chain.waitForTransactionReceipt({ hash: sent.json.result as Hash, pollingInterval: 50 })
    const after = (await rpc(token, 'personal_sign', [message, smart])).json.result as Hex
    expect(isErc6492Signature(after)).toBe(false)
    expect(await chain.verifyMessage({ address: smart, message, signature: after })).toBe(true)
  }, 90_000)

  it('behavior: wallet_grantPermissions as the smart account (not deployed) keeps a session in the API, listed for the account; malformed grants and the EOA are refused', async () => {
    const { token } = await signUp()
    const sessionKey = privateKeyToAccount(generatePrivateKey()).address
    const request = {
      expiry: Math.floor(Date.now() / 1000) + 3600,
      signer: { type: 'key', data: { type: 'secp256k1', id: sessionKey } },
      permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x1' } }],
    }
    // The EOA does not grant smart sessions.
    expect(await rpc(token, 'wallet_grantPermissions', [request])).toMatchObject({ status: 400, json: { code: 4200 } })
    const smart = (await prefer(token, 'smartAccount')).json.smartAccountAddress as Address
    const granted = await rpc(token, 'wallet_grantPermissions', [request])
    expect(granted.status).toBe(200)
    const result = granted.json.result as { context: string; address: string; chainId: string }
    expect(result).toMatchObject({ address: smart, chainId: '0x7a69', expiry: request.expiry, permissions: request.permissions })
    const listed = await (await fetch(`${api.url}/blockchain/v1/sessions/${smart}?st=appkit&sv=t&projectId=p`)).json()
    expect(listed).toEqual({ pcis: [expect.objectContaining({ pci: result.context, signer: sessionKey, chainId: 'eip155:31337' })] })
    expect(await chain.getCode({ address: smart })).toBeUndefined()

    expect(await rpc(token, 'wallet_grantPermissions', [{ ...request, expiry: 1 }])).toMatchObject({ status: 400, json: { code: -32602 } })
    expect(await rpc(token, 'wallet_grantPermissions', [{ ...request, signer: { type: 'key', data: { id: 'nobody' } } }])).toMatchObject({ status: 400, json: { code: -32602 } })
    expect(await rpc(token, 'wallet_grantPermissions', [{ ...request, permissions: [] }])).toMatchObject({ status: 400, json: { code: -32602 } })
    expect(await rpc(token, 'wallet_grantPermissions', [])).toMatchObject({ status: 400, json: { code: -32602 } })
  }, 90_000)

  it('bad input: an unknown type, a smart account where no bundler is, a send from the EOA while the smart account is preferred, no session', async () => {
    const { token, address } = await signUp()
    expect(await prefer(token, 'banana')).toMatchObject({ status: 400 })
    expect(await prefer(token, 'smartAccount', 31338)).toMatchObject({ status: 400, json: { message: 'Smart accounts are not enabled on this network' } })
    expect(await prefer(token, 'smartAccount', 999)).toMatchObject({ status: 400 })
    expect((await state(token)).json.preferredAccountType).toBe('eoa')
    expect((await prefer(token, 'smartAccount')).status).toBe(200)
    // On the chain without smart accounts the EOA stays the wallet's account.
    expect((await state(token, 31338)).json).toMatchObject({ preferredAccountType: 'eoa', smartAccountDeployed: false })
    expect((await rpc(token, 'eth_accounts', [], 31338)).json.result).toEqual([address])
    const refused = await rpc(token, 'eth_sendTransaction', [{ from: address, to: address, value: '0x1' }])
    expect(refused).toMatchObject({ status: 400, json: { code: 4100 } })
    expect((await call('GET', '/api/account-state?chainId=31337')).status).toBe(401)
    expect((await call('POST', '/api/preferred-account', { body: { type: 'eoa', chainId: 31337 } })).status).toBe(401)
  }, 60_000)
})
