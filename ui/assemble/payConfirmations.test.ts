import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createActor } from 'xstate'
import { createTestClient, createWalletClient, http, parseEther, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { DEV_MNEMONIC } from '../../dev/accounts.ts'
import { findFreePort, startAnvil, type AnvilInstance } from '../../dev/anvil.ts'
import { InvalidProviderResponseError } from '../../adapters/errors.ts'
import type { FeatureHost } from './host.ts'
import { waitForConfirmationsOn } from './payConfirmations.ts'

/*
 * The confirmations watcher on a real chain of its own (an anvil only this file uses: no other test mines on it), its
 * blocks mined by the test (`anvil_mine`), a reorganisation by `evm_revert`.
 */
let anvil: AnvilInstance
let rpc: string
beforeAll(async () => {
  anvil = await startAnvil({ port: await findFreePort(), chainId: 31337 })
  rpc = anvil.url
}, 60_000)
afterAll(async () => {
  await anvil?.stop()
})

const testClient = () => createTestClient({ mode: 'anvil', transport: http(rpc) })
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A host reading the test's anvil, counting the watcher's head reads (one per look that found the transfer in a block). */
function hostOnAnvil(fail = 0) {
  const looks = { head: 0, receipt: 0 }
  let failures = fail
  const host = {
    clock: undefined,
    nodeRequest: async ({ method, params }: { method: string; params: readonly unknown[] }) => {
      if (method === 'eth_getTransactionReceipt') looks.receipt++
      if (method === 'eth_blockNumber') looks.head++
      // A node that fails its first answers: a failed look says nothing, it is looked at again.
      if (failures > 0) {
        failures--
        throw new InvalidProviderResponseError(method, 'HTTP 503')
      }
      const response = await fetch(rpc, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
      return ((await response.json()) as { result: unknown }).result
    },
  } as unknown as FeatureHost
  return { host, looks }
}

async function sendTransfer(): Promise<Hex> {
  const wallet = createWalletClient({ account: mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 2 }), transport: http(rpc) })
  return wallet.sendTransaction({ to: BOB, value: parseEther('0.001'), chain: null })
}

describe('waitForConfirmationsOn (the pay chart’s confirmations, on anvil)', () => {
  test('behavior: three confirmations asked: no end while one or two blocks hold the transfer; confirmed once the third is mined', async () => {
    const hash = await sendTransfer()
    const { host, looks } = hostOnAnvil()
    const actor = createActor(waitForConfirmationsOn(host), { input: { caipNetworkId: 'eip155:31337', hash, confirmations: 3 } }).start()
    // One block holds it (automine): two looks, no end.
    await vi.waitFor(() => expect(looks.head).toBeGreaterThanOrEqual(2), { timeout: 10_000 })
    expect(actor.getSnapshot().status).toBe('active')
    await testClient().mine({ blocks: 1 })
    const seen = looks.head
    await vi.waitFor(() => expect(looks.head).toBeGreaterThanOrEqual(seen + 2), { timeout: 10_000 })
    expect(actor.getSnapshot().status).toBe('active')
    await testClient().mine({ blocks: 1 })
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'), { timeout: 10_000 })
    expect(actor.getSnapshot().output).toEqual({ status: 'confirmed', count: 3 })
  })

  test('behavior: a transfer a reorganisation took out is not counted, however many blocks follow; a failing node is asked again', async () => {
    const client = testClient()
    const snapshot = await client.snapshot()
    const hash = await sendTransfer()
    const { host, looks } = hostOnAnvil(2)
    const actor = createActor(waitForConfirmationsOn(host), { input: { caipNetworkId: 'eip155:31337', hash, confirmations: 2 } }).start()
    await vi.waitFor(() => expect(looks.head).toBeGreaterThanOrEqual(1), { timeout: 10_000 })
    // The chain goes back before the transfer, then grows past the count without it.
    await client.revert({ id: snapshot })
    await client.mine({ blocks: 3 })
    const seen = looks.receipt
    await vi.waitFor(() => expect(looks.receipt).toBeGreaterThanOrEqual(seen + 2), { timeout: 10_000 })
    expect(actor.getSnapshot().status).toBe('active')
    actor.stop()
  })
})
