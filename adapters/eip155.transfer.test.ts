import { concat, createPublicClient, createTestClient, encodeAbiParameters, encodeFunctionData, erc20Abi, http, keccak256, numberToHex, pad, parseEther, parseUnits } from 'viem'
import type { Address, Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeAll, describe, expect, inject, test, vi } from 'vitest'
import { DEV_TETHER_ADDRESS, DEV_TOKEN_ADDRESS } from '../dev/tokens/tokens.ts'
import { ROUTER_ADDRESS, WETH_ADDRESS, wethAbi } from '../dev/dex/exchange.ts'
import { DevWallet } from '../testing/wallet/provider.ts'
import type { PendingRequest } from '../testing/wallet/provider.ts'
import { ConnectorNotFoundError } from './eip155.ts'
import type { Eip1193Provider } from './eip155.ts'
import { ChainMismatchError, createEip155TransferAdapter, InvalidTransferError, TransferWouldFailError } from './eip155.transfer.ts'
import type { CreateEip155TransferAdapterParameters } from './eip155.transfer.ts'
import { InvalidProviderResponseError, UnauthorizedProviderError, UserRejectedRequestError } from './errors.ts'
import type { TransferRequest } from './types.ts'
import { TestFailure } from '../tests/harness/failures.ts'

/**
 * The transfer adapter against the real development wallet, which signs with a viem local account and sends to
 * the real anvil chains of the test global setup; the malformed-wallet cases use a small fake EIP-1193 provider.
 *
 * Other test files share the anvils and send from dev accounts 0..4 in parallel, so this file sends from an
 * account of its own: a fresh key, given ether with `anvil_setBalance` and tokens by writing its `balanceOf`
 * storage slot. Every transfer goes to a fresh receiver, whose balance is then exactly the amount.
 */
const rpc1 = inject('anvilRpc1')
const rpc2 = inject('anvilRpc2')
const chains = [
  { chainId: 31337, name: 'Anvil Local', rpcUrl: rpc1 },
  { chainId: 31338, name: 'Anvil Local 2', rpcUrl: rpc2 },
]
const CONNECTOR = 'dev.latchkey.wallet'
const client1 = createPublicClient({ transport: http(rpc1), cacheTime: 0 })

const sender = privateKeyToAccount(generatePrivateKey())
const senderTokens = { dev: parseUnits('1000', 18), tether: parseUnits('1000', 6) }

beforeAll(async () => {
  const anvil = createTestClient({ mode: 'anvil', transport: http(rpc1) })
  await anvil.setBalance({ address: sender.address, value: parseEther('100') })
  // Both dev tokens keep `balanceOf` in storage slot 1, after `totalSupply` (dev/tokens/contracts/*.sol).
  const balanceSlot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [sender.address, 1n]))
  for (const [token, amount] of [
    [DEV_TOKEN_ADDRESS, senderTokens.dev],
    [DEV_TETHER_ADDRESS, senderTokens.tether],
  ] as const) {
    await anvil.setStorageAt({ address: token, index: balanceSlot, value: pad(numberToHex(amount), { size: 32 }) })
    expect(await balanceOf(token, sender.address)).toBe(amount)
  }
})

afterEach(() => {
  vi.useRealTimers()
})

function balanceOf(token: Address, owner: Address): Promise<bigint> {
  return client1.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
}

const freshAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address

/** A dev wallet on chain 31337 with this file's sender, connected to the site. */
async function connectedWallet(options: { autoApprove?: boolean } = {}): Promise<DevWallet> {
  const wallet = new DevWallet({ chains, accounts: [sender], autoApprove: true })
  await wallet.request({ method: 'eth_requestAccounts' })
  if (options.autoApprove === false) wallet.setAutoApprove(false)
  return wallet
}

function adapterFor(provider: Eip1193Provider | undefined, options: Partial<CreateEip155TransferAdapterParameters> = {}) {
  return createEip155TransferAdapter({
    getProvider: (id) => (id === CONNECTOR ? provider : undefined),
    pollInterval: 20,
    ...options,
  })
}

function transferTo(to: Address, amount: bigint, extra: Partial<TransferRequest> = {}): TransferRequest {
  return { connectorId: CONNECTOR, from: sender.address, to, amount, caipNetworkId: 'eip155:31337', ...extra }
}

/** Resolves with the next request waiting for approval in the wallet. */
function nextPending(wallet: DevWallet): Promise<PendingRequest> {
  return new Promise((resolve) => {
    const check = (): boolean => {
      const [first] = wallet.pending
      if (first) resolve(first)
      return first !== undefined
    }
    if (check()) return
    const unsubscribe = wallet.subscribe(() => {
      if (check()) unsubscribe()
    })
  })
}

/** The rejection of `promise` (fails the test when it resolves). */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new TestFailure(`expected a rejection, got ${String(value)}`)
    },
    (error: unknown) => error,
  )
}

type FakeAnswer = unknown | ((params: unknown) => unknown)

/** A fake EIP-1193 provider: answers from `answers` (a value, or a function of the params), records every call. */
function fakeProvider(answers: Record<string, FakeAnswer>) {
  const calls: Array<{ method: string; params?: unknown }> = []
  const provider: Eip1193Provider = {
    async request({ method, params }) {
      calls.push({ method, params })
      if (!(method in answers)) throw { code: 4200, message: `fake: ${method} is not supported` }
      const answer = answers[method]
      return typeof answer === 'function' ? answer(params) : answer
    },
  }
  return { provider, calls }
}

const HASH = `0x${'ab'.repeat(32)}` as Hex
const RECEIVER = '0x1111111111111111111111111111111111111111'
const okAnswers = { eth_chainId: '0x7a69', eth_estimateGas: '0x5208', eth_gasPrice: '0x3b9aca00', eth_sendTransaction: HASH }

describe('eip155 transfer adapter: on anvil through the dev wallet', () => {
  test('behavior: a native transfer is estimated, sent and lands; the receiver gets exactly the amount', async () => {
    const wallet = await connectedWallet()
    const transfer = adapterFor(wallet)
    const receiver = freshAddress()
    const request = transferTo(receiver, parseEther('0.75'))

    const estimate = await transfer.estimateTransfer(request)
    expect(estimate.gas).toBe(21_000n)
    expect(estimate.gasPrice).toBeGreaterThan(0n)
    expect(estimate.fee).toBe(estimate.gas * estimate.gasPrice)

    const { hash } = await transfer.sendTransfer(request)
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await transfer.waitForTransfer({ connectorId: CONNECTOR, caipNetworkId: 'eip155:31337', hash })
    expect(receipt).toEqual({ hash, status: 'success', blockNumber: expect.any(BigInt) })
    expect(receipt.status !== 'unknown' && receipt.blockNumber).toBeGreaterThan(0n)
    expect(await client1.getBalance({ address: receiver })).toBe(parseEther('0.75'))
  })

  test('behavior: a DEV (ERC-20) transfer lands; the receiver gets the amount and the sender loses it', async () => {
    const wallet = await connectedWallet()
    const transfer = adapterFor(wallet)
    const receiver = freshAddress()
    const amount = parseUnits('12.5', 18)
    const request = transferTo(receiver, amount, { tokenAddress: DEV_TOKEN_ADDRESS })
    const before = await balanceOf(DEV_TOKEN_ADDRESS, sender.address)

    const estimate = await transfer.estimateTransfer(request)
    expect(estimate.gas).toBeGreaterThan(21_000n)
    expect(estimate.fee).toBe(estimate.gas * estimate.gasPrice)
    const { hash } = await transfer.sendTransfer(request)
    const receipt = await transfer.waitForTransfer({ connectorId: CONNECTOR, caipNetworkId: 'eip155:31337', hash })

    expect(receipt.status).toBe('success')
    expect(await balanceOf(DEV_TOKEN_ADDRESS, receiver)).toBe(amount)
    expect(await balanceOf(DEV_TOKEN_ADDRESS, sender.address)).toBe(before - amount)
    expect(await client1.getBalance({ address: receiver })).toBe(0n)
  })

  test('behavior: a dUSDT transfer lands although its transfer returns no bool (the return is never decoded)', async () => {
    const wallet = await connectedWallet()
    const transfer = adapterFor(wallet)
    const receiver = freshAddress()
    const amount = parseUnits('3.25', 6)
    const request = transferTo(receiver, amount, { tokenAddress: DEV_TETHER_ADDRESS })

    expect((await transfer.estimateTransfer(request)).gas).toBeGreaterThan(21_000n)
    const { hash } = await transfer.sendTransfer(request)
    const receipt = await transfer.waitForTransfer({ connectorId: CONNECTOR, caipNetworkId: 'eip155:31337', hash })

    expect(receipt.status).toBe('success')
    expect(await balanceOf(DEV_TETHER_ADDRESS, receiver)).toBe(amount)
  })

  test('behavior: the wallet is asked to approve exactly the token call (value 0, transfer(to, amount)), with no gas', async () => {
    const wallet = await connectedWallet({ autoApprove: false })
    const transfer = adapterFor(wallet)
    const receiver = freshAddress()
    const amount = parseUnits('1', 6)

    const sending = transfer.sendTransfer(transferTo(receiver, amount, { tokenAddress: DEV_TETHER_ADDRESS.toLowerCase() }))
    const pending = await nextPending(wallet)
    expect(pending).toMatchObject({
      kind: 'sendTransaction',
      method: 'eth_sendTransaction',
      params: [
        {
          from: sender.address,
          to: DEV_TETHER_ADDRESS,
          value: '0x0',
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [receiver, amount] }),
        },
      ],
    })
    expect(Object.keys((pending.params as object[])[0]!).sort()).toEqual(['data', 'from', 'to', 'value'])
    wallet.approve(pending.id)
    const { hash } = await sending
    expect((await transfer.waitForTransfer({ connectorId: CONNECTOR, caipNetworkId: 'eip155:31337', hash })).status).toBe('success')
    expect(await balanceOf(DEV_TETHER_ADDRESS, receiver)).toBe(amount)
  })

  test("behavior: more tokens than the balance fail in the estimate (and in the send) with the node's reason", async () => {
    const wallet = await connectedWallet()
    const transfer = adapterFor(wallet)
    const receiver = freshAddress()

    for (const [token, balance, reason] of [
      [DEV_TOKEN_ADDRESS, senderTokens.dev, 'DEV: insufficient balance'],
      [DEV_TETHER_ADDRESS, senderTokens.tether, 'dUSDT: insufficient balance'],
    ] as const) {
      const request = transferTo(receiver, balance * 2n, { tokenAddress: token })
      const estimateError = await rejectionOf(transfer.estimateTransfer(request))
      expect(estimateError).toBeInstanceOf(TransferWouldFailError)
      expect((estimateError as TransferWouldFailError).shortMessage).toBe('The transfer would fail')
      expect((estimateError as TransferWouldFailError).details).toContain(reason)

      const sendError = await rejectionOf(transfer.sendTransfer(request))
      expect(sendError).toBeInstanceOf(TransferWouldFailError)
      expect((sendError as TransferWouldFailError).details).toContain(reason)
    }
    const tooMuch = transferTo(receiver, senderTokens.dev * 2n, { tokenAddress: DEV_TOKEN_ADDRESS })
    expect(await rejectionOf(transfer.estimateTransfer(tooMuch))).toMatchInlineSnapshot(`
      [TransferWouldFailError: The transfer would fail
      Docs: https://latchkey.example/errors/TransferWouldFailError
      Details: execution reverted: DEV: insufficient balance]
    `)
    expect(await balanceOf(DEV_TOKEN_ADDRESS, receiver)).toBe(0n)
    expect(await balanceOf(DEV_TETHER_ADDRESS, receiver)).toBe(0n)
  })

  test('behavior: rejecting the send in the wallet is a UserRejectedRequestError (4001), and nothing is sent', async () => {
    const wallet = await connectedWallet({ autoApprove: false })
    const transfer = adapterFor(wallet)
    const receiver = freshAddress()

    const sending = transfer.sendTransfer(transferTo(receiver, parseEther('1')))
    wallet.reject((await nextPending(wallet)).id)
    const error = await rejectionOf(sending)

    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect((error as UserRejectedRequestError).code).toBe(4001)
    expect(await client1.getBalance({ address: receiver })).toBe(0n)
  })

  test("behavior: a transfer on another chain than the wallet's is a ChainMismatchError, before anything is asked", async () => {
    const wallet = await connectedWallet({ autoApprove: false })
    const transfer = adapterFor(wallet)
    const request = transferTo(freshAddress(), parseEther('1'), { caipNetworkId: 'eip155:31338' })

    const estimateError = await rejectionOf(transfer.estimateTransfer(request))
    const sendError = await rejectionOf(transfer.sendTransfer(request))

    for (const error of [estimateError, sendError]) {
      expect(error).toBeInstanceOf(ChainMismatchError)
      expect(error).toMatchObject({ expectedChainId: 31338, actualChainId: 31337 })
    }
    expect(sendError).toMatchInlineSnapshot(`
      [ChainMismatchError: Switch the wallet to eip155:31338 to send
      Docs: https://latchkey.example/errors/ChainMismatchError
      Details: The wallet is on eip155:31337.]
    `)
    expect(wallet.pending).toEqual([])

    wallet.setChain(31338)
    await expect(transfer.estimateTransfer(transferTo(freshAddress(), parseEther('1')))).rejects.toMatchObject({
      name: 'ChainMismatchError',
      expectedChainId: 31337,
      actualChainId: 31338,
    })
  })

  test('behavior: an unknown connector is a ConnectorNotFoundError', async () => {
    const transfer = adapterFor(await connectedWallet())
    const request = { ...transferTo(freshAddress(), 1n), connectorId: 'io.unknown.wallet' }

    await expect(transfer.estimateTransfer(request)).rejects.toBeInstanceOf(ConnectorNotFoundError)
    await expect(transfer.sendTransfer(request)).rejects.toBeInstanceOf(ConnectorNotFoundError)
    await expect(transfer.waitForTransfer({ connectorId: 'io.unknown.wallet', caipNetworkId: 'eip155:31337', hash: HASH })).rejects.toBeInstanceOf(ConnectorNotFoundError)
  })
})

describe('eip155 transfer adapter: request validation', () => {
  const valid = transferTo(RECEIVER, 1n)

  test.each([
    ['a receiver that is not an address', { to: '0x1234' }, 'to', 'Invalid receiver address'],
    ['a receiver with a wrong checksum', { to: '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }, 'to', 'Invalid receiver address'],
    ['an empty receiver', { to: '' }, 'to', 'An amount and receiver address are required'],
    ['a sender that is not an address', { from: 'alice.eth' }, 'from', 'Invalid sender address'],
    ['a token that is not an address', { tokenAddress: '0xnope' }, 'tokenAddress', 'Invalid token address'],
    ['a zero amount', { amount: 0n }, 'amount', 'An amount and receiver address are required'],
    ['a negative amount', { amount: -5n }, 'amount', 'An amount and receiver address are required'],
    ['an amount of 2^256', { amount: 2n ** 256n }, 'amount', 'An amount and receiver address are required'],
    ['an amount that is a number', { amount: 1 as unknown as bigint }, 'amount', 'An amount and receiver address are required'],
    ['a chain id of 0', { caipNetworkId: 'eip155:0' }, 'caipNetworkId', 'Invalid CAIP-2 network id'],
    ['a chain id that is not decimal', { caipNetworkId: 'eip155:0x7a69' }, 'caipNetworkId', 'Invalid CAIP-2 network id'],
    ['a bare chain id', { caipNetworkId: '31337' }, 'caipNetworkId', 'Invalid CAIP-2 network id'],
    ['a negative chain id', { caipNetworkId: 'eip155:-1' }, 'caipNetworkId', 'Invalid CAIP-2 network id'],
    ['another namespace', { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }, 'caipNetworkId', 'Unsupported chain'],
  ] as const)('behavior: %s is an InvalidTransferError, and the wallet is never asked', async (_, change, field, message) => {
    const { provider, calls } = fakeProvider(okAnswers)
    const getProvider = vi.fn(() => provider)
    const transfer = createEip155TransferAdapter({ getProvider })
    const request = { ...valid, ...change } as TransferRequest

    for (const attempt of [transfer.estimateTransfer(request), transfer.sendTransfer(request)]) {
      const error = await rejectionOf(attempt)
      expect(error).toBeInstanceOf(InvalidTransferError)
      expect(error).toMatchObject({ field, shortMessage: message })
    }
    expect(calls).toEqual([])
    expect(getProvider).not.toHaveBeenCalled()
  })

  test('behavior: lower-case addresses are accepted and sent checksummed', async () => {
    const { provider, calls } = fakeProvider(okAnswers)
    const transfer = adapterFor(provider)

    await transfer.sendTransfer(transferTo(RECEIVER, 10n, { from: sender.address.toLowerCase(), tokenAddress: DEV_TOKEN_ADDRESS.toLowerCase() }))

    expect(calls.at(-1)).toEqual({
      method: 'eth_sendTransaction',
      params: [
        {
          from: sender.address,
          to: DEV_TOKEN_ADDRESS,
          value: '0x0',
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECEIVER, 10n] }),
        },
      ],
    })
  })

  test('behavior: waiting for a hash that is not 32 bytes, or on a bad network id, is an InvalidTransferError', async () => {
    const { provider, calls } = fakeProvider({})
    const transfer = adapterFor(provider)

    await expect(transfer.waitForTransfer({ connectorId: CONNECTOR, caipNetworkId: 'eip155:31337', hash: '0x1234' })).rejects.toMatchObject({
      name: 'InvalidTransferError',
      field: 'hash',
      shortMessage: 'Invalid transaction hash',
    })
    await expect(transfer.waitForTransfer({ connectorId: CONNECTOR, caipNetworkId: 'eip155:', hash: HASH })).rejects.toMatchObject({
      name: 'InvalidTransferError',
      field: 'caipNetworkId',
    })
    expect(calls).toEqual([])
  })

  test('behavior: the error messages', async () => {
    const transfer = adapterFor(fakeProvider(okAnswers).provider)
    expect(await rejectionOf(transfer.sendTransfer({ ...valid, amount: 0n }))).toMatchInlineSnapshot(`
      [InvalidTransferError: An amount and receiver address are required
      Docs: https://latchkey.example/errors/InvalidTransferError
      Details: The amount must be a positive integer of the smallest unit below 2^256, got 0.]
    `)
    expect(await rejectionOf(transfer.sendTransfer({ ...valid, to: '0x12' }))).toMatchInlineSnapshot(`
      [InvalidTransferError: Invalid receiver address
      Docs: https://latchkey.example/errors/InvalidTransferError
      Details: Expected a 0x-prefixed EVM address, got "0x12".]
    `)
    expect(await rejectionOf(transfer.sendTransfer({ ...valid, caipNetworkId: 'bip122:000000000019d6689c085ae165831e93' }))).toMatchInlineSnapshot(`
      [InvalidTransferError: Unsupported chain
      Docs: https://latchkey.example/errors/InvalidTransferError
      Details: bip122:000000000019d6689c085ae165831e93 is not an EVM network.]
    `)
  })
})

describe('eip155 transfer adapter: wallet answers (fake EIP-1193 provider)', () => {
  test('behavior: a native estimate asks eth_chainId, eth_estimateGas [tx] and eth_gasPrice, and multiplies', async () => {
    const { provider, calls } = fakeProvider(okAnswers)

    const estimate = await adapterFor(provider).estimateTransfer(transferTo(RECEIVER, 1000n))

    expect(estimate).toEqual({ gas: 21_000n, gasPrice: 1_000_000_000n, fee: 21_000_000_000_000n })
    expect(calls).toEqual([
      { method: 'eth_chainId', params: undefined },
      { method: 'eth_estimateGas', params: [{ from: sender.address, to: RECEIVER, value: '0x3e8' }] },
      { method: 'eth_gasPrice', params: undefined },
    ])
  })

  test.each([
    ['eth_estimateGas', '21000'],
    ['eth_estimateGas', 21_000],
    ['eth_estimateGas', '0x'],
    ['eth_estimateGas', '0x0'],
    ['eth_estimateGas', null],
    ['eth_gasPrice', '1 gwei'],
    ['eth_gasPrice', undefined],
    ['eth_chainId', '31337'],
    ['eth_chainId', null],
  ])('behavior: %s answering %j is an InvalidProviderResponseError', async (method, answer) => {
    const { provider } = fakeProvider({ ...okAnswers, [method]: answer })

    const error = await rejectionOf(adapterFor(provider).estimateTransfer(transferTo(RECEIVER, 1n)))

    expect(error).toBeInstanceOf(InvalidProviderResponseError)
    expect((error as InvalidProviderResponseError).shortMessage).toBe(`The wallet answered ${method} with an invalid value.`)
  })

  test.each([['0x1234'], [HASH.slice(0, -1)], [`${HASH}00`], [42], [null], [{ hash: HASH }]])('behavior: eth_sendTransaction answering %j is an InvalidProviderResponseError', async (answer) => {
    const { provider } = fakeProvider({ ...okAnswers, eth_sendTransaction: answer })
    await expect(adapterFor(provider).sendTransfer(transferTo(RECEIVER, 1n))).rejects.toBeInstanceOf(InvalidProviderResponseError)
  })

  test('behavior: wallet errors are typed: 4001 is a rejection, 4100 stays 4100, a -32000 "execution reverted" would fail', async () => {
    const throwing = (error: unknown) => () => {
      throw error
    }
    const rejected = fakeProvider({ ...okAnswers, eth_sendTransaction: throwing({ code: 4001, message: 'User denied' }) })
    await expect(adapterFor(rejected.provider).sendTransfer(transferTo(RECEIVER, 1n))).rejects.toBeInstanceOf(UserRejectedRequestError)

    const unauthorised = fakeProvider({ ...okAnswers, eth_sendTransaction: throwing({ code: 4100, message: 'Unauthorized' }) })
    await expect(adapterFor(unauthorised.provider).sendTransfer(transferTo(RECEIVER, 1n))).rejects.toBeInstanceOf(UnauthorizedProviderError)

    const reverting = fakeProvider({
      ...okAnswers,
      eth_estimateGas: throwing({
        code: -32000,
        message: 'execution reverted',
        // Error('Pausable: paused'), the way Solidity encodes a revert reason.
        data: concat(['0x08c379a0', encodeAbiParameters([{ type: 'string' }], ['Pausable: paused'])]),
      }),
    })
    const error = await rejectionOf(adapterFor(reverting.provider).estimateTransfer(transferTo(RECEIVER, 1n, { tokenAddress: DEV_TOKEN_ADDRESS })))
    expect(error).toBeInstanceOf(TransferWouldFailError)
    expect((error as TransferWouldFailError).details).toBe('execution reverted: Pausable: paused')
  })

  test('behavior: waiting polls right away, then every pollInterval until a receipt; a reverted one is a result', async () => {
    let polls = 0
    const { provider, calls } = fakeProvider({
      eth_getTransactionReceipt: () => (++polls < 3 ? null : { transactionHash: HASH, status: '0x0', blockNumber: '0x1b4' }),
    })

    const receipt = await adapterFor(provider, { pollInterval: 5 }).waitForTransfer({ connectorId: CONNECTOR, caipNetworkId: 'eip155:31337', hash: HASH })

    expect(receipt).toEqual({ hash: HASH, status: 'reverted', blockNumber: 436n })
    expect(calls.filter((c) => c.method === 'eth_getTransactionReceipt')).toEqual(Array.from({ length: 3 }, () => ({ method: 'eth_getTransactionReceipt', params: [HASH] })))
  })

  test.each([
    ['a status that is not 0x0/0x1', { status: '0x2', blockNumber: '0x1' }],
    ['a boolean status', { status: true, blockNumber: '0x1' }],
    ['a missing status (pre-Byzantium)', { root: HASH, blockNumber: '0x1' }],
    ['a numeric block number', { status: '0x1', blockNumber: 1 }],
    ['a missing block number', { status: '0x1' }],
    ["another transaction's receipt", { status: '0x1', blockNumber: '0x1', transactionHash: `0x${'cd'.repeat(32)}` }],
    ['a string', 'mined'],
    ['an array', [{ status: '0x1', blockNumber: '0x1' }]],
    ['undefined', undefined],
  ])('behavior: a receipt with %s is a failed look, never a failed transaction: retried until the end is unknown', async (_, receipt) => {
    vi.useFakeTimers()
    const { provider, calls } = fakeProvider({ eth_getTransactionReceipt: receipt })

    const waiting = adapterFor(provider).waitForTransfer({ connectorId: CONNECTOR, caipNetworkId: 'eip155:31337', hash: HASH })
    await vi.advanceTimersByTimeAsync(120_000)

    expect(await waiting).toEqual({ hash: HASH, status: 'unknown', reason: 'timeout', details: 'No end after 120000 ms.' })
    expect(calls.filter((c) => c.method === 'eth_getTransactionReceipt').length).toBeGreaterThan(10)
    expect(vi.getTimerCount()).toBe(0)
  })

  test('behavior: a disconnected wallet (4900) while polling is retried; a wallet without the method (4200) ends it unknown at once', async () => {
    vi.useFakeTimers()
    let polls = 0
    const { provider } = fakeProvider({
      eth_getTransactionReceipt: () => {
        if (++polls < 3) throw { code: 4900, message: 'Disconnected' }
        return { transactionHash: HASH, status: '0x1', blockNumber: '0x2' }
      },
    })
    const waiting = adapterFor(provider).waitForTransfer({ connectorId: CONNECTOR, caipNetworkId: 'eip155:31337', hash: HASH })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(await waiting).toEqual({ hash: HASH, status: 'success', blockNumber: 2n })

    const { provider: lacking } = fakeProvider({})
    expect(await adapterFor(lacking).waitForTransfer({ connectorId: CONNECTOR, caipNetworkId: 'eip155:31337', hash: HASH })).toMatchObject({
      hash: HASH,
      status: 'unknown',
      reason: 'unavailable',
    })
  })

  test('behavior: by default it looks every second and after two minutes the end is unknown (sent, status not known)', async () => {
    vi.useFakeTimers()
    const { provider, calls } = fakeProvider({ eth_getTransactionReceipt: null })
    const transfer = createEip155TransferAdapter({ getProvider: () => provider })
    let settled = false

    const waiting = transfer.waitForTransfer({ connectorId: CONNECTOR, caipNetworkId: 'eip155:31337', hash: HASH }).finally(() => (settled = true))
    await vi.advanceTimersByTimeAsync(119_999)
    expect(settled).toBe(false)
    expect(calls.filter((c) => c.method === 'eth_getTransactionReceipt')).toHaveLength(120)
    await vi.advanceTimersByTimeAsync(1)

    expect(await waiting).toEqual({ hash: HASH, status: 'unknown', reason: 'timeout', details: 'No end after 120000 ms.' })
    expect(vi.getTimerCount()).toBe(0)
  })
})

/**
 * `sendContractCall`: the swap's approval and swap, built by the convert API, reach the wallet as they
 * are: `to`, `data`, `value` (and `gas` when the API estimated it), from the connected account; nothing is decoded.
 */
describe('eip155 transfer adapter: contract calls (sendContractCall)', () => {
  const call = (extra: Record<string, unknown> = {}) => ({ connectorId: CONNECTOR, caipNetworkId: 'eip155:31337', from: sender.address, to: WETH_ADDRESS, data: '0xd0e30db0', value: '0', ...extra }) as never

  test('behavior: on anvil, WETH deposit() with a value and a DEV approve() land as called', async () => {
    const adapter = adapterFor(await connectedWallet())
    const wethBefore = await client1.readContract({ address: WETH_ADDRESS, abi: wethAbi, functionName: 'balanceOf', args: [sender.address] })
    const deposit = await adapter.sendContractCall!(call({ data: encodeFunctionData({ abi: wethAbi, functionName: 'deposit' }), value: parseEther('0.25').toString() }))
    expect((await adapter.waitForTransfer({ connectorId: CONNECTOR, caipNetworkId: 'eip155:31337', hash: deposit.hash })).status).toBe('success')
    expect(await client1.readContract({ address: WETH_ADDRESS, abi: wethAbi, functionName: 'balanceOf', args: [sender.address] })).toBe(wethBefore + parseEther('0.25'))

    const amount = parseUnits('12.5', 18)
    const approve = await adapter.sendContractCall!(call({ to: DEV_TOKEN_ADDRESS, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER_ADDRESS, amount] }) }))
    await adapter.waitForTransfer({ connectorId: CONNECTOR, caipNetworkId: 'eip155:31337', hash: approve.hash })
    expect(await client1.readContract({ address: DEV_TOKEN_ADDRESS, abi: erc20Abi, functionName: 'allowance', args: [sender.address, ROUTER_ADDRESS] })).toBe(amount)
  })

  test('behavior: the wallet gets exactly from, to, data, value and gas in hex; no gas when the API gave none', async () => {
    const { provider, calls } = fakeProvider({ ...okAnswers })
    const adapter = adapterFor(provider)
    await adapter.sendContractCall!(call({ value: '1000', gas: '21000' }))
    await adapter.sendContractCall!(call())
    const sent = calls.filter((c) => c.method === 'eth_sendTransaction').map((c) => (c.params as unknown[])[0])
    expect(sent).toEqual([
      { from: sender.address, to: WETH_ADDRESS, data: '0xd0e30db0', value: '0x3e8', gas: '0x5208' },
      { from: sender.address, to: WETH_ADDRESS, data: '0xd0e30db0', value: '0x0' },
    ])
  })

  test.each([
    ['data without 0x', { data: 'd0e30db0' }],
    ['data of odd length', { data: '0xd0e30db' }],
    ['data that is not hex', { data: '0xzz' }],
    ['a value with decimals', { value: '1.5' }],
    ['a negative value', { value: '-1' }],
    ['a gas that is not a number', { gas: 'lots' }],
    ['a malformed to', { to: '0x1234' }],
  ])('bad input: %s is an InvalidTransferError, and the wallet is never asked', async (_what, extra) => {
    const { provider, calls } = fakeProvider({ ...okAnswers })
    const error = await rejectionOf(adapterFor(provider).sendContractCall!(call(extra)))
    expect(error).toBeInstanceOf(InvalidTransferError)
    expect(calls.filter((c) => c.method === 'eth_sendTransaction')).toEqual([])
  })

  test('bad input: a wallet answering something else than a hash is an InvalidProviderResponseError; a 4001 is a rejection', async () => {
    expect(await rejectionOf(adapterFor(fakeProvider({ ...okAnswers, eth_sendTransaction: '0x1234' }).provider).sendContractCall!(call()))).toBeInstanceOf(InvalidProviderResponseError)
    const rejecting = fakeProvider({
      ...okAnswers,
      eth_sendTransaction: () => {
        throw { code: 4001, message: 'User rejected the request.' }
      },
    })
    expect(await rejectionOf(adapterFor(rejecting.provider).sendContractCall!(call()))).toBeInstanceOf(UserRejectedRequestError)
  })
})
