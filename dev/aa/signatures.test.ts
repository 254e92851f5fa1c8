import { beforeAll, describe, expect, inject, it } from 'vitest'
import { createWalletClient, hashMessage, http, isErc6492Signature, parseErc6492Signature, serializeErc6492Signature, encodeFunctionData, parseEther } from 'viem'
import type { Hex, PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { devAccounts } from '../accounts.ts'
import { devAaClient, SIMPLE_ACCOUNT_FACTORY_ADDRESS, replaySafeHash, simpleAccountAbi, simpleAccountFactoryAbi, toDevSimpleAccount } from './deploy.ts'

/**
 * Signatures of the dev smart account (`SimpleAccount1271`) as a verifier sees them: viem's `verifyMessage` /
 * `verifyTypedData` on a public client of the anvil, which run ERC-6492's deployless validator for an account without
 * code and ERC-1271's `isValidSignature` for a deployed one. Real accounts of fresh keys on the test anvils (the
 * global setup deploys the EntryPoint and the factory).
 */
const rpc1 = inject('anvilRpc1')
const rpc2 = inject('anvilRpc2')
let client: PublicClient
let client2: PublicClient

beforeAll(() => {
  client = devAaClient(rpc1, 31337)
  client2 = devAaClient(rpc2, 31338)
})

/** A fresh owner and its counterfactual account on `on` (31337 by default). */
async function fresh(on: PublicClient = client) {
  const owner = privateKeyToAccount(generatePrivateKey())
  return { owner, account: await toDevSimpleAccount({ client: on, owner }) }
}

const typedData = {
  domain: { name: 'Latchkey', version: '1', chainId: 31337 },
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  message: { contents: 'hello' },
} as const

describe('an undeployed smart account (ERC-6492)', () => {
  it('behavior: its signature is the factory call around an ERC-1271 signature, and verifies without deploying the account', async () => {
    const { account } = await fresh()
    const signature = await account.signMessage({ message: 'Sign in to Latchkey' })

    expect(isErc6492Signature(signature)).toBe(true)
    const { address: factory } = parseErc6492Signature(signature)
    expect(factory).toBe(SIMPLE_ACCOUNT_FACTORY_ADDRESS)
    expect(await client.verifyMessage({ address: account.address, message: 'Sign in to Latchkey', signature })).toBe(true)
    expect(await client.verifyTypedData({ address: account.address, ...typedData, signature: await account.signTypedData(typedData) })).toBe(true)
    expect(await client.getCode({ address: account.address })).toBeUndefined()
  })

  it('bad input: another message, another key inside the wrapper, the owner EOA signature, another owner’s factory call: refused', async () => {
    const { owner, account } = await fresh()
    const message = 'Sign in to Latchkey'
    const signature = await account.signMessage({ message })
    const { data: factoryData, signature: inner } = parseErc6492Signature(signature)

    // The right signature of another message.
    expect(await client.verifyMessage({ address: account.address, message: 'Sign in to something else', signature })).toBe(false)

    // A wrapper that deploys the real account, around a signature by someone else of the same replay-safe hash.
    const impostor = privateKeyToAccount(generatePrivateKey())
    const forgedInner = await impostor.signMessage({ message: { raw: replaySafeHash({ hash: hashMessage(message), account: account.address, chainId: 31337 }) } })
    const forged = serializeErc6492Signature({ address: SIMPLE_ACCOUNT_FACTORY_ADDRESS, data: factoryData!, signature: forgedInner })
    expect(await client.verifyMessage({ address: account.address, message, signature: forged })).toBe(false)

    // The owner's own EIP-191 signature of the message is not the account's (unwrapped and wrapped).
    const ownerSignature = await owner.signMessage({ message })
    expect(await client.verifyMessage({ address: account.address, message, signature: ownerSignature })).toBe(false)
    expect(await client.verifyMessage({ address: account.address, message, signature: serializeErc6492Signature({ address: SIMPLE_ACCOUNT_FACTORY_ADDRESS, data: factoryData!, signature: ownerSignature }) })).toBe(false)

    // The impostor's own valid account signature, wrapped with the impostor's factory call, claimed for the victim.
    const { account: theirs } = await fresh()
    expect(await client.verifyMessage({ address: account.address, message, signature: await theirs.signMessage({ message }) })).toBe(false)

    // The real inner signature with a factory call that deploys nothing at the address (a call to the account's own address).
    const noFactory = serializeErc6492Signature({ address: account.address, data: '0x', signature: inner })
    expect(await client.verifyMessage({ address: account.address, message, signature: noFactory })).toBe(false)
    expect(await client.getCode({ address: account.address })).toBeUndefined()
  })

  it('bad input: a signature made for chain 31337 does not verify for the same address on chain 31338', async () => {
    const { owner, account } = await fresh()
    const on31338 = await toDevSimpleAccount({ client: client2, owner })
    expect(on31338.address).toBe(account.address)
    const signature = await account.signMessage({ message: 'hello' })
    expect(await client.verifyMessage({ address: account.address, message: 'hello', signature })).toBe(true)
    expect(await client2.verifyMessage({ address: account.address, message: 'hello', signature })).toBe(false)
    expect(await client2.verifyMessage({ address: account.address, message: 'hello', signature: await on31338.signMessage({ message: 'hello' }) })).toBe(true)
  })
})

describe('a deployed smart account (ERC-1271)', () => {
  it('behavior: once deployed its signature is a plain ERC-1271 one that isValidSignature accepts; its earlier ERC-6492 signature still verifies', async () => {
    const { owner, account } = await fresh()
    const before = await account.signMessage({ message: 'before' })
    const funder = createWalletClient({ chain: client.chain!, transport: http(rpc1), account: devAccounts()[0]! })
    const hash = await funder.sendTransaction({ to: SIMPLE_ACCOUNT_FACTORY_ADDRESS, data: encodeFunctionData({ abi: simpleAccountFactoryAbi, functionName: 'createAccount', args: [owner.address, 0n] }), value: 0n })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await client.getCode({ address: account.address })).not.toBeUndefined()

    const deployed = await toDevSimpleAccount({ client, owner })
    const signature = await deployed.signMessage({ message: 'after' })
    expect(isErc6492Signature(signature)).toBe(false)
    expect(await client.readContract({ address: account.address, abi: simpleAccountAbi, functionName: 'isValidSignature', args: [hashMessage('after'), signature] })).toBe('0x1626ba7e')
    expect(await client.verifyMessage({ address: account.address, message: 'after', signature })).toBe(true)
    expect(await client.verifyMessage({ address: account.address, message: 'before', signature: before })).toBe(true)
    expect(await client.verifyTypedData({ address: account.address, ...typedData, signature: await deployed.signTypedData(typedData) })).toBe(true)
  })

  it('bad input: isValidSignature answers 0xffffffff for another key, a short signature or another hash, and verification is false', async () => {
    const { owner, account } = await fresh()
    const funder = createWalletClient({ chain: client.chain!, transport: http(rpc1), account: devAccounts()[0]! })
    await client.waitForTransactionReceipt({
      hash: await funder.sendTransaction({
        to: SIMPLE_ACCOUNT_FACTORY_ADDRESS,
        data: encodeFunctionData({ abi: simpleAccountFactoryAbi, functionName: 'createAccount', args: [owner.address, 0n] }),
        value: parseEther('0'),
      }),
    })
    const hash = hashMessage('hello')
    const isValid = (signature: Hex, of = hash) => client.readContract({ address: account.address, abi: simpleAccountAbi, functionName: 'isValidSignature', args: [of, signature] })
    const impostor = privateKeyToAccount(generatePrivateKey())
    const byImpostor = await impostor.signMessage({ message: { raw: replaySafeHash({ hash, account: account.address, chainId: 31337 }) } })
    expect(await isValid(byImpostor)).toBe('0xffffffff')
    expect(await isValid('0x1234')).toBe('0xffffffff')
    const signature = await account.signMessage({ message: 'hello' })
    expect(await isValid(signature)).toBe('0x1626ba7e')
    expect(await isValid(signature, hashMessage('other'))).toBe('0xffffffff')
    expect(await client.verifyMessage({ address: account.address, message: 'hello', signature: byImpostor })).toBe(false)
  })
})
