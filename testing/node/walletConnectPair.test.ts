import { describe, expect, test } from 'vitest'
import { TestWalletOptionsError } from '../errors.ts'
import { parsePairOptions, startWalletConnectPair, type WalletConnectPairOptions } from './walletConnectPair.ts'

const rpcUrl = 'http://127.0.0.1:8545'

describe('startWalletConnectPair options', () => {
  test('behavior: defaults: approve, a free port, the node’s chain id and anvil’s first account (no account given)', () => {
    expect(parsePairOptions({ rpcUrl })).toEqual({ rpcUrl, chainId: undefined, account: undefined, answer: 'approve', projectId: undefined, port: 0 })
  })

  test('behavior: the wallet holds the first account of a mnemonic or of the keys given', () => {
    expect(parsePairOptions({ rpcUrl, mnemonic: 'test test test test test test test test test test test junk' }).account?.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    const key = `0x${'11'.repeat(32)}`
    expect(parsePairOptions({ rpcUrl, accounts: [key], chainId: 10, answer: 'hang', port: 8701 })).toMatchObject({
      chainId: 10,
      answer: 'hang',
      port: 8701,
      account: { address: '0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A' },
    })
  })

  test.each<[string, unknown, RegExp]>([
    ['no options', undefined, /options must be an object/],
    ['an RPC URL that is not http(s)', { rpcUrl: 'ws://127.0.0.1:8545' }, /options\.rpcUrl must be an http\(s\) URL, got "ws:/],
    ['an RPC URL that is not a URL', { rpcUrl: 'anvil' }, /options\.rpcUrl/],
    ['a chain id that is not a positive integer', { rpcUrl, chainId: 0 }, /options\.chainId must be a positive integer, got 0/],
    ['a custom error as the answer', { rpcUrl, answer: { code: 4001, message: 'no' } }, /options\.answer must be 'approve', 'reject' or 'hang'/],
    ['an answer that is not one', { rpcUrl, answer: 'maybe' }, /options\.answer/],
    ['a project id that is not 32 hex characters', { rpcUrl, projectId: 'latchkey' }, /options\.projectId must be 32 hex characters/],
    ['a port outside 0–65535', { rpcUrl, port: 70_000 }, /options\.port must be an integer from 0 to 65535, got 70000/],
    ['a malformed mnemonic', { rpcUrl, mnemonic: 'not a mnemonic' }, /mnemonic/],
    ['both a mnemonic and accounts', { rpcUrl, mnemonic: 'test test test test test test test test test test test junk', accounts: [`0x${'11'.repeat(32)}`] }, /both set/],
  ])('bad input: %s is a TestWalletOptionsError naming the field, before anything starts', async (_, options, details) => {
    const error = await startWalletConnectPair(options as WalletConnectPairOptions).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TestWalletOptionsError)
    expect(`${(error as TestWalletOptionsError).shortMessage} ${(error as TestWalletOptionsError).details}`).toMatch(details)
  })
})
