// @vitest-environment happy-dom
import { createPublicClient, createTestClient, http, parseEther } from 'viem'
import { afterEach, describe, expect, inject, test, vi } from 'vitest'
import { createEip155Adapter } from '../adapters/eip155.ts'
import { defineEvmNetwork } from '../adapters/networks.ts'
import { announceDevWallet, DevWallet } from '../dev/wallet/index.ts'
import { AtomicCallsUnsupportedError, CallsChainNotConfiguredError, CallsStatusUnknownError, InvalidCallsError } from './index.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { createModal } from './createModal.ts'
import { waitFor } from '../tests/harness/waitFor.ts'

const rpc = inject('anvilRpc1')
const anvil = defineEvmNetwork({ id: 31337, name: 'Anvil Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: rpc, testnet: true })
const chain = createPublicClient({ transport: http(rpc) })
const anvilControl = createTestClient({ mode: 'anvil', transport: http(rpc) })
/** A fresh receiver per test run, so that balances start at zero. */
const receiver = () => `0x${Array.from({ length: 40 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}` as `0x${string}`

const cleanups: Array<() => void> = []
afterEach(() => cleanups.splice(0).forEach((c) => c()))
/** Accounts an atomic batch delegated (EIP-7702): plain accounts again after the test, for the other files on this anvil. */
const delegated: `0x${string}`[] = []
afterEach(async () => {
  for (const address of delegated.splice(0)) await anvilControl.setCode({ address, bytecode: '0x' })
})

/** A modal with the real dev wallet (auto-approving, on anvil), connected; `asked` lists the methods the wallet was asked. */
async function connected(reuse: { wallet?: DevWallet; storage?: ReturnType<typeof createMemoryStorage> } = {}) {
  const wallet = reuse.wallet ?? new DevWallet({ chains: [{ chainId: 31337, name: 'Anvil Local', rpcUrl: rpc }], storage: createMemoryStorage(), autoApprove: true })
  const asked: string[] = []
  const request = wallet.request.bind(wallet)
  /** Answers the wallet gives instead of its own, by method and the call's rank (1-based); undefined: its own. */
  const overrides = new Map<string, (nth: number) => Promise<unknown> | undefined>()
  vi.spyOn(wallet, 'request').mockImplementation((args) => {
    asked.push(args.method)
    return overrides.get(args.method)?.(asked.filter((m) => m === args.method).length) ?? request(args)
  })
  const unannounce = announceDevWallet(wallet, { rdns: 'dev.latchkey.wallet' })
  const storage = reuse.storage ?? createMemoryStorage()
  const modal = createModal({ projectId: 'p', networks: [anvil], storage, adapter: createEip155Adapter({ window }), walletConnect: false })
  cleanups.push(() => modal.destroy(), unannounce)
  modal.open()
  modal.actor.send({ type: 'app.selectWallet', connectorId: 'dev.latchkey.wallet' })
  await waitFor(() => expect(modal.getState().account.status).toBe('connected'))
  asked.length = 0
  return { wallet, modal, asked, storage, overrides, from: wallet.state.address as `0x${string}` }
}

/**
 * Both receipts are distinct transactions sent by `from`. (Other files send from the same dev key on this anvil, so its
 * nonce count is not this test's to read.)
 */
async function expectTwoTransactionsOf(from: `0x${string}`, receipts: ReadonlyArray<{ transactionHash: string }>) {
  const hashes = receipts.map((r) => r.transactionHash as `0x${string}`)
  expect(new Set(hashes).size).toBe(2)
  for (const hash of hashes) expect((await chain.getTransaction({ hash })).from).toBe(from.toLowerCase())
}

describe('modal.sendCalls', () => {
  test('bad input: a call without 0x data is refused with InvalidCallsError and the wallet is asked nothing', async () => {
    const { modal, asked } = await connected()
    await expect(modal.sendCalls({ calls: [{ to: receiver(), data: 'a9059cbb' }] })).rejects.toThrow(InvalidCallsError)
    await expect(modal.sendCalls({ calls: [{ to: receiver() }], chainId: 1 })).rejects.toThrow(CallsChainNotConfiguredError)
    expect(asked).toEqual([])
  })

  test('behavior: the dev wallet runs the batch on one approval; both transfers land as two transactions of the account, status 200', async () => {
    const { modal, from, asked } = await connected()
    const to = receiver()
    const { id } = await modal.sendCalls({
      calls: [
        { to, value: parseEther('0.001') },
        { to, value: parseEther('0.002') },
      ],
    })
    await waitFor(async () => expect((await modal.getCallsStatus(id)).status).toBe(200), { timeout: 15_000 })
    expect(asked.filter((m) => m === 'wallet_sendCalls' || m === 'eth_sendTransaction')).toEqual(['wallet_sendCalls'])
    const { receipts } = await modal.getCallsStatus(id)
    expect(receipts.map((r) => r.status)).toEqual(['success', 'success'])
    expect(await chain.getBalance({ address: to })).toBe(parseEther('0.003'))
    await expectTwoTransactionsOf(from, receipts)
  })

  test.each([
    ['partial', 600, ['success', 'reverted'], parseEther('0.001')],
    ['revert', 500, ['reverted', 'reverted'], 0n],
  ] as const)('behavior: a wallet whose batch ends %s reports %i; only the landed transfer moved the balance', async (mode, code, statuses, balance) => {
    const { modal, wallet } = await connected()
    wallet.calls.mode = mode
    const to = receiver()
    const { id } = await modal.sendCalls({
      calls: [
        { to, value: parseEther('0.001') },
        { to, value: parseEther('0.002') },
      ],
    })
    await waitFor(async () => expect((await modal.getCallsStatus(id)).status).toBe(code), { timeout: 15_000 })
    expect((await modal.getCallsStatus(id)).receipts.map((r) => r.status)).toEqual(statuses)
    expect(await chain.getBalance({ address: to })).toBe(balance)
  })

  test('behavior: a wallet without wallet_sendCalls (4200) runs the calls one by one; both land on chain and the status says 200', async () => {
    const { modal, from, wallet } = await connected()
    wallet.calls.mode = 'unsupported'
    const to = receiver()
    const { id } = await modal.sendCalls({
      calls: [
        { to, value: parseEther('0.001') },
        { to, value: `0x${parseEther('0.002').toString(16)}` },
      ],
    })
    await waitFor(async () => expect((await modal.getCallsStatus(id)).status).toBe(200), { timeout: 15_000 })
    const status = await modal.getCallsStatus(id)
    expect(status.receipts).toHaveLength(2)
    expect(await chain.getBalance({ address: to })).toBe(parseEther('0.003'))
    await expectTwoTransactionsOf(from, status.receipts)
  })

  test.each(['unsupported', 'sequential'] as const)('behavior: atomicRequired with a wallet that cannot (%s): "This wallet cannot run these calls together", nothing sent', async (mode) => {
    const { modal, asked, wallet } = await connected()
    wallet.calls.mode = mode
    const refusal = modal.sendCalls({
      calls: [
        { to: receiver(), value: 1n },
        { to: receiver(), value: 1n },
      ],
      atomicRequired: true,
    })
    await expect(refusal).rejects.toThrow(AtomicCallsUnsupportedError)
    await expect(refusal).rejects.toThrow('This wallet cannot run these calls together')
    expect(asked).not.toContain('eth_sendTransaction')
    expect(asked).not.toContain('wallet_sendCalls')
  })

  test('behavior: a wallet running calls atomically (EIP-7702, its atomic mode) lands both transfers in one transaction: one receipt, status 200, atomic', async () => {
    const { modal, from, wallet, asked } = await connected()
    delegated.push(from)
    wallet.calls.mode = 'atomic'
    expect(await modal.getCapabilities({ chainId: 31337 })).toEqual({ atomic: { status: 'supported' } })
    const to = receiver()
    const { id } = await modal.sendCalls({
      calls: [
        { to, value: parseEther('0.001') },
        { to, value: parseEther('0.002') },
      ],
      atomicRequired: true,
    })
    await waitFor(async () => expect((await modal.getCallsStatus(id)).status).toBe(200), { timeout: 15_000 })
    const status = await modal.getCallsStatus(id)
    expect(status).toMatchObject({ atomic: true, receipts: [{ status: 'success' }] })
    expect(asked.filter((m) => m === 'wallet_sendCalls' || m === 'eth_sendTransaction')).toEqual(['wallet_sendCalls'])
    expect(await chain.getBalance({ address: to })).toBe(parseEther('0.003'))
    // The account is delegated to the dev batch executor (EIP-7702: 0xef0100 and its address).
    expect(await chain.getCode({ address: from })).toMatch(/^0xef0100[0-9a-f]{40}$/)
    // The transaction went from the account to itself.
    const tx = await chain.getTransaction({ hash: status.receipts[0]!.transactionHash as `0x${string}` })
    expect(tx.to?.toLowerCase()).toBe(from.toLowerCase())
  })

  test('behavior: an atomic batch whose second call reverts takes nothing: status 500, the first transfer undone', async () => {
    const { modal, from, wallet } = await connected()
    delegated.push(from)
    wallet.calls.mode = 'atomic'
    const to = receiver()
    // The account, delegated to the executor, has no function 0xdeadbeef: that call reverts.
    const { id } = await modal.sendCalls({
      calls: [
        { to, value: parseEther('0.001') },
        { to: from, data: '0xdeadbeef' },
      ],
    })
    await waitFor(async () => expect((await modal.getCallsStatus(id)).status).toBe(500), { timeout: 15_000 })
    expect((await modal.getCallsStatus(id)).receipts.map((r) => r.status)).toEqual(['reverted'])
    expect(await chain.getBalance({ address: to })).toBe(0n)
  })

  test("behavior: getCapabilities answers the wallet's (atomic unsupported: it runs the calls one by one), {} without the method", async () => {
    const { modal, wallet } = await connected()
    expect(await modal.getCapabilities({ chainId: 31337 })).toEqual({ atomic: { status: 'unsupported' } })
    expect(await modal.getCapabilities()).toMatchObject({ '0x7a69': { atomic: { status: 'unsupported' } } })
    wallet.calls.mode = 'unsupported'
    expect(await modal.getCapabilities({ chainId: 31337 })).toEqual({})
  })

  test('behavior: a batch still pending at a reload is picked up again from storage: no new prompt, its status followed to 200', async () => {
    const first = await connected()
    first.wallet.hang = new Set(['wallet_getCallsStatus'])
    const to = receiver()
    const { id } = await first.modal.sendCalls({ calls: [{ to, value: 5n }] })
    await waitFor(() => expect(first.storage.dump()['@latchkey/pending_batches']).toContain(id))
    first.modal.destroy()
    first.wallet.hang = new Set()
    // The reload: a new modal on the same storage restores the connection, and the calls feature wakes for the batch.
    const modal = createModal({ projectId: 'p', networks: [anvil], storage: first.storage, adapter: createEip155Adapter({ window }), walletConnect: false })
    cleanups.push(() => modal.destroy())
    await waitFor(() => expect(modal.getState().account.status).toBe('connected'))
    await waitFor(() => expect(first.storage.dump()['@latchkey/pending_batches']).toBeUndefined(), { timeout: 10_000 })
    expect((await modal.getCallsStatus(id)).status).toBe(200)
    expect(first.asked.filter((m) => m === 'wallet_sendCalls')).toEqual(['wallet_sendCalls'])
    expect(await chain.getBalance({ address: to })).toBe(5n)
  })

  test('behavior: an ordinary reload fetches nothing of batched calls', async () => {
    const first = await connected()
    first.modal.destroy()
    const modal = createModal({ projectId: 'p', networks: [anvil], storage: first.storage, adapter: createEip155Adapter({ window }), walletConnect: false })
    cleanups.push(() => modal.destroy())
    await waitFor(() => expect(modal.getState().account.status).toBe('connected'))
    expect(modal.actor.getSnapshot().context.features['calls']).toBeUndefined()
  })

  test('hostile: a batch whose status cannot be read ends "status unknown": getCallsStatus says so instead of 100 forever, with its toast', async () => {
    const { modal, overrides } = await connected()
    overrides.set('wallet_getCallsStatus', () => Promise.resolve('all good'))
    const { id } = await modal.sendCalls({ calls: [{ to: receiver(), value: 1n }] })
    await waitFor(() => expect(modal.actor.getSnapshot().context.toast.getSnapshot().context.current).toMatchObject({ variant: 'error', message: { key: 'batchUnknown' } }))
    const answer = modal.getCallsStatus(id)
    await expect(answer).rejects.toThrow(CallsStatusUnknownError)
    await expect(answer).rejects.toMatchObject({ shortMessage: 'The calls were sent; their status is not known yet', details: expect.stringContaining(id) })
  })

  test('behavior: a one-by-one batch at a reload is picked up from storage: no new prompt, the call never sent is not sent, status 600', async () => {
    const first = await connected()
    first.wallet.calls.mode = 'unsupported'
    // The second call's prompt stays open in the wallet when the page reloads.
    first.overrides.set('eth_sendTransaction', (nth) => (nth === 2 ? new Promise<never>(() => {}) : undefined))
    const to = receiver()
    const { id } = await first.modal.sendCalls({
      calls: [
        { to, value: 5n },
        { to, value: 7n },
      ],
    })
    await waitFor(() => expect(first.storage.dump()['@latchkey/pending_batches']).toContain('"landed":[0]'), { timeout: 10_000 })
    await waitFor(() => expect(first.asked.filter((m) => m === 'eth_sendTransaction')).toHaveLength(2))
    first.modal.destroy()
    const modal = createModal({ projectId: 'p', networks: [anvil], storage: first.storage, adapter: createEip155Adapter({ window }), walletConnect: false })
    cleanups.push(() => modal.destroy())
    await waitFor(() => expect(modal.getState().account.status).toBe('connected'))
    await waitFor(() => expect(first.storage.dump()['@latchkey/pending_batches']).toBeUndefined(), { timeout: 10_000 })
    const status = await modal.getCallsStatus(id)
    expect(status).toMatchObject({ id, status: 600 })
    expect(status.receipts).toHaveLength(1)
    expect(first.asked.filter((m) => m === 'eth_sendTransaction')).toHaveLength(2)
    expect(await chain.getBalance({ address: to })).toBe(5n)
  })
})
