import { describe, expect, test } from 'vitest'
import { TestWalletOptionsError } from '../errors.ts'
import { parsePairOptions, startWalletConnectPair, type WalletConnectPairOptions } from './walletConnectPair.ts'

const rpcUrl = 'http://127.0.0.1:8545'

describe('startWalletConnectPair options', () => {
  test('behavior: defaults: approve, a free port, the node’s chain id and anvil’s first account (no account given)', () => {
    expect(parsePairOptions({ rpcUrl })).toEqual({ rpcUrl, chainId: undefined, accounts: undefined, answer: 'approve', projectId: undefined, port: 0 })
  })

  test('behavior: the wallet holds the accounts of a mnemonic (accountCount, default 5) or the keys given, as the EIP-1193 test wallet', () => {
    const mnemonic = 'test test test test test test test test test test test junk'
    const fromMnemonic = parsePairOptions({ rpcUrl, mnemonic }).accounts?.map((a) => a.address)
    expect(fromMnemonic).toHaveLength(5)
    expect(fromMnemonic?.slice(0, 2)).toEqual(['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'])
    expect(parsePairOptions({ rpcUrl, mnemonic, accountCount: 2 }).accounts).toHaveLength(2)
    const key = `0x${'11'.repeat(32)}`
    const parsed = parsePairOptions({ rpcUrl, accounts: [key, `0x${'22'.repeat(32)}`], chainId: 10, answer: 'hang', port: 8701 })
    expect(parsed).toMatchObject({ chainId: 10, answer: 'hang', port: 8701 })
    expect(parsed.accounts?.map((a) => a.address)).toEqual(['0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A', '0x1563915e194D8CfBA1943570603F7606A3115508'])
  })

  test('behavior: a custom error is an answer, as for the other test wallets', () => {
    expect(parsePairOptions({ rpcUrl, answer: { code: 4100, message: 'Not this account', data: 1 } }).answer).toEqual({ code: 4100, message: 'Not this account', data: 1 })
  })

  test.each<[string, unknown, RegExp]>([
    ['no options', undefined, /options must be an object/],
    ['an RPC URL that is not http(s)', { rpcUrl: 'ws://127.0.0.1:8545' }, /options\.rpcUrl must be an http\(s\) URL, got "ws:/],
    ['an RPC URL that is not a URL', { rpcUrl: 'anvil' }, /options\.rpcUrl/],
    ['a chain id that is not a positive integer', { rpcUrl, chainId: 0 }, /options\.chainId must be a positive integer, got 0/],
    ['a custom error without a message', { rpcUrl, answer: { code: 4001 } }, /options\.answer must be 'approve', 'reject', 'hang' or \{ code, message \}/],
    ['an account count outside 1–20', { rpcUrl, mnemonic: 'test test test test test test test test test test test junk', accountCount: 0 }, /options\.accountCount/],
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
