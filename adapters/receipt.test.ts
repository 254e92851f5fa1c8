import { createTestClient, createWalletClient, http, parseEther, parseGwei } from 'viem'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, inject, test, vi } from 'vitest'
import { findFreePort, startAnvil, type AnvilInstance } from '../dev/anvil.ts'
import { foundry } from 'viem/chains'
import { isPersistentLookError, pollForTransactionEnd, receiptTiming, waitForEip155Transaction } from './receipt.ts'
import type { Eip1193Provider } from './types.ts'

/**
 * The rule for a transaction's end (adapters/receipt.ts, spec §4 Send, §9) against real anvil chains, read through an
 * EIP-1193 provider that forwards JSON-RPC to the node over HTTP, as a wallet does, and fails the calls a test picks:
 * the failures are the network's (an HTTP 500 as the dev wallet reports it, -32603; a request never answered; a
 * malformed receipt), the chain and its transactions are real.
 */

type Fault = (method: string, call: number) => 'http500' | 'hang' | { answer: unknown } | undefined

/** An EIP-1193 provider over anvil's HTTP JSON-RPC; `fault` picks calls to fail (by method and its call count). */
function rpcProvider(url: string, fault: Fault = () => undefined) {
  const calls: Array<{ method: string; outcome: 'answered' | 'failed' | 'hung'; result?: unknown }> = []
  const counts = new Map<string, number>()
  const provider: Eip1193Provider = {
    async request({ method, params }) {
      const n = (counts.get(method) ?? 0) + 1
      counts.set(method, n)
      const f = fault(method, n)
      if (f === 'hang') {
        calls.push({ method, outcome: 'hung' })
        return new Promise(() => {})
      }
      if (f === 'http500') {
        calls.push({ method, outcome: 'failed' })
        // What the dev wallet (testing/wallet/provider.ts) throws for an HTTP 500 without a JSON-RPC body.
        throw { code: -32603, message: `Invalid JSON-RPC response from ${url} (HTTP 500).` }
      }
      if (f) {
        calls.push({ method, outcome: 'answered', result: f.answer })
        return f.answer
      }
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: n, method, params: params ?? [] }) })
      const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
      if (body.error) throw body.error
      calls.push({ method, outcome: 'answered', result: body.result })
      return body.result ?? null
    },
  }
  return { provider, calls }
}

/** Short real-time looks for the tests on a live chain (the rule's own defaults are tested on a fake clock). */
const quick = { pollInterval: 20, backoffMax: 40, requestTimeout: 2_000, receiptTimeout: 20_000 }

afterEach(() => {
  vi.useRealTimers()
})

describe('receipt rule on the shared anvil (automine)', () => {
  const rpc = inject('anvilRpc1')
  const account = privateKeyToAccount(generatePrivateKey())
  const wallet = createWalletClient({ account, chain: foundry, transport: http(rpc) })

  beforeAll(async () => {
    await createTestClient({ mode: 'anvil', transport: http(rpc) }).setBalance({ address: account.address, value: parseEther('10') })
  })

  const sendOne = () => wallet.sendTransaction({ to: privateKeyToAccount(generatePrivateKey()).address, value: 1n })

  test('behavior: the first eth_getTransactionReceipt answered HTTP 500 is looked at again: the end is still mined', async () => {
    const hash = await sendOne()
    const { provider, calls } = rpcProvider(rpc, (method, n) => (method === 'eth_getTransactionReceipt' && n === 1 ? 'http500' : undefined))

    const end = await waitForEip155Transaction({ provider, hash, timing: quick })

    expect(end).toEqual({ hash, status: 'success', blockNumber: expect.any(BigInt) })
    const receipts = calls.filter((c) => c.method === 'eth_getTransactionReceipt').map((c) => c.outcome)
    expect(receipts).toEqual(['failed', 'answered'])
  })

  test('behavior: a malformed receipt is a failed look, not a failed transaction: the next look decides', async () => {
    const hash = await sendOne()
    const malformed = { transactionHash: hash, status: '0x7', blockNumber: 'soon' }
    const { provider, calls } = rpcProvider(rpc, (method, n) => (method === 'eth_getTransactionReceipt' && n === 1 ? { answer: malformed } : undefined))

    const end = await waitForEip155Transaction({ provider, hash, timing: quick })

    expect(end).toMatchObject({ hash, status: 'success' })
    expect(calls.filter((c) => c.method === 'eth_getTransactionReceipt')).toHaveLength(2)
  })

  test('behavior: a wallet that never answers ends "unknown" after the receipt timeout, on a controlled clock', async () => {
    const hash = await sendOne()
    vi.useFakeTimers()
    const { provider, calls } = rpcProvider(rpc, () => 'hang')
    let settled = false

    const waiting = waitForEip155Transaction({ provider, hash }).finally(() => (settled = true))
    await vi.advanceTimersByTimeAsync(receiptTiming.receiptTimeout - 1)
    expect(settled).toBe(false)
    // Each look that hung was given up after the request timeout and tried again, with back-off.
    expect(calls.length).toBeGreaterThan(5)
    await vi.advanceTimersByTimeAsync(1)

    expect(await waiting).toEqual({ hash, status: 'unknown', reason: 'timeout', details: `No end after ${receiptTiming.receiptTimeout} ms.` })
    expect(vi.getTimerCount()).toBe(0)
  })

  test('behavior: an abort signal stops the wait at once ("unknown", aborted) and no timer is left', async () => {
    vi.useFakeTimers()
    const { provider } = rpcProvider(rpc, () => 'hang')
    const controller = new AbortController()
    const waiting = waitForEip155Transaction({ provider, hash: `0x${'12'.repeat(32)}`, signal: controller.signal })
    controller.abort()
    expect(await waiting).toMatchObject({ status: 'unknown', reason: 'aborted' })
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('receipt rule: a replaced transaction (own anvil, mining on demand)', () => {
  // Its own node: mining off would stall the other test files on the shared anvils.
  let anvil: AnvilInstance
  const account = privateKeyToAccount(generatePrivateKey())
  const receiver = privateKeyToAccount(generatePrivateKey()).address

  beforeAll(async () => {
    anvil = await startAnvil({ port: await findFreePort(), chainId: 31337, extraArgs: ['--no-mining'] })
    await createTestClient({ mode: 'anvil', transport: http(anvil.url) }).setBalance({ address: account.address, value: parseEther('10') })
  }, 30_000)
  afterAll(() => anvil?.stop())

  /** Sends tx (nonce n) and waits for its end; once the rule has seen it pending, the wallet sends `replacement` and a block is mined. */
  async function replace(nonce: number, replacement: { to: `0x${string}`; value: bigint }) {
    const wallet = createWalletClient({ account, chain: foundry, transport: http(anvil.url) })
    const first = await wallet.sendTransaction({ to: receiver, value: 1_000n, nonce, maxFeePerGas: parseGwei('3'), maxPriorityFeePerGas: parseGwei('1') })
    const { provider, calls } = rpcProvider(anvil.url)
    const waiting = waitForEip155Transaction({ provider, hash: first, timing: quick })
    // The rule has read the pending transaction (its sender and nonce): only then is it replaced, as a wallet's speed-up is.
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'eth_getTransactionByHash' && c.result !== null)).toBe(true), { timeout: 5_000 })
    const second = await wallet.sendTransaction({ ...replacement, nonce, maxFeePerGas: parseGwei('6'), maxPriorityFeePerGas: parseGwei('2') })
    await createTestClient({ mode: 'anvil', transport: http(anvil.url) }).mine({ blocks: 1 })
    return { first, second, end: await waiting }
  }

  test('behavior: a sped-up transaction (same nonce, higher fee) is followed to the replacement: mined, its hash, "repriced"', async () => {
    const { first, second, end } = await replace(0, { to: receiver, value: 1_000n })
    expect(second).not.toBe(first)
    expect(end).toEqual({ hash: second, status: 'success', blockNumber: expect.any(BigInt), replaced: { hash: first, reason: 'repriced' } })
  })

  test('behavior: a transaction cancelled in the wallet (0 to itself, same nonce) ends with the cancel, "cancelled"', async () => {
    const { first, second, end } = await replace(1, { to: account.address, value: 0n })
    expect(end).toEqual({ hash: second, status: 'success', blockNumber: expect.any(BigInt), replaced: { hash: first, reason: 'cancelled' } })
  })
})

describe('receipt rule: the loop (no chain)', () => {
  test('behavior: failed looks back off 2 s, 4 s, 8 s, 8 s; a null look waits the poll interval', async () => {
    vi.useFakeTimers()
    const at: number[] = []
    const look = async () => {
      at.push(Date.now())
      if (at.length <= 4) throw { code: -32603, message: 'Internal error' }
      if (at.length === 5) return null
      return { hash: '0x1', status: 'reverted' as const, blockNumber: 9n }
    }
    const waiting = pollForTransactionEnd({ hash: '0x1', look })
    await vi.advanceTimersByTimeAsync(30_000)
    expect(await waiting).toEqual({ hash: '0x1', status: 'reverted', blockNumber: 9n })
    expect(at.slice(1).map((t, i) => t - at[i]!)).toEqual([2_000, 4_000, 8_000, 8_000, 1_000])
  })

  test.each([
    [{ code: 4200, message: 'Unsupported method' }, true],
    [{ code: -32601, message: 'Method not found' }, true],
    [{ code: 4100, message: 'Unauthorized' }, true],
    [{ code: -32603, message: 'Internal error' }, false],
    [{ code: -32000, message: 'header not found' }, false],
    [{ code: -32005, message: 'rate limited (429)' }, false],
    [{ code: 4900, message: 'Disconnected' }, false],
    [new TypeError('Failed to fetch'), false],
  ])('behavior: %j is persistent: %s', (error, persistent) => {
    expect(isPersistentLookError(error)).toBe(persistent)
  })

  test('behavior: a persistent error ends the wait "unknown" (unavailable) at once, never "failed"', async () => {
    const end = await pollForTransactionEnd({
      hash: '0x2' as Hex,
      look: async () => {
        throw { code: -32601, message: 'Method not found' }
      },
    })
    expect(end).toMatchObject({ hash: '0x2', status: 'unknown', reason: 'unavailable' })
  })
})
