// @vitest-environment happy-dom
import { createPublicClient, createTestClient, erc20Abi, http, parseEther } from 'viem'
import { afterEach, describe, expect, inject, test } from 'vitest'
import { createEip155Adapter } from '../adapters/eip155.ts'
import { defineEvmNetwork } from '../adapters/networks.ts'
import { announceDevWallet, DevWallet } from '../dev/wallet/index.ts'
import { DEV_TETHER_ADDRESS } from '../dev/tokens/tokens.ts'
import { InvalidPayParametersError, PayChainNotConfiguredError } from '../machines/pay.input.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { waitFor } from '../tests/harness/waitFor.ts'
import { createModal } from './createModal.ts'

const rpc = inject('anvilRpc1')
const anvil = defineEvmNetwork({ id: 31337, name: 'Anvil Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: rpc, testnet: true })
const chain = createPublicClient({ transport: http(rpc) })
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** A fresh recipient per test, so that balances start at zero. */
const recipient = () => `0x${Array.from({ length: 40 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}` as `0x${string}`

const cleanups: Array<() => void> = []
afterEach(() => cleanups.splice(0).forEach((c) => c()))

function modalWith(pay: boolean | undefined) {
  const modal = createModal({ projectId: 'p', networks: [anvil], storage: createMemoryStorage(), walletConnect: false, debug: true, log: { level: 'warn' }, ...(pay === undefined ? {} : { features: { pay } }) })
  cleanups.push(() => modal.destroy())
  return modal
}

/** A modal with pay on and the real dev wallet (on anvil) connected; `asked` lists the methods the wallet was asked since. */
async function connected({ autoApprove = true, api = undefined as { blockchainUrl: string } | undefined } = {}) {
  const wallet = new DevWallet({ chains: [{ chainId: 31337, name: 'Anvil Local', rpcUrl: rpc }], storage: createMemoryStorage(), autoApprove: true })
  const unannounce = announceDevWallet(wallet, { rdns: 'dev.latchkey.wallet' })
  const modal = createModal({ projectId: 'p', networks: [anvil], storage: createMemoryStorage(), adapter: createEip155Adapter({ window }), walletConnect: false, features: { pay: true }, ...(api ? { api } : {}) })
  cleanups.push(() => modal.destroy(), unannounce)
  modal.open()
  modal.actor.send({ type: 'app.selectWallet', connectorId: 'dev.latchkey.wallet' })
  await waitFor(() => expect(modal.getState().account.status).toBe('connected'))
  await waitFor(() => expect(modal.getState().open).toBe(false))
  wallet.setAutoApprove(autoApprove)
  const sends = () => wallet.pending.filter((p) => p.method === 'eth_sendTransaction')
  return { wallet, modal, sends, from: wallet.state.address as `0x${string}` }
}

/** The Pay view's state as the modal holds it (the feature's actor). */
const payState = (modal: ReturnType<typeof createModal>) => (modal.actor.getSnapshot().context.features as Record<string, { getSnapshot(): { value: unknown } } | undefined>)['pay']?.getSnapshot().value

describe('modal.pay', () => {
  test('spec §8: pay is off by default: the Pay Not Enabled alert (debug mode) and a failed result with its reason, nothing opened', async () => {
    const modal = modalWith(undefined)
    await modal.ready()
    await expect(modal.pay({ recipient: BOB, amount: '1', asset: 'eip155:31337/slip44:60' })).resolves.toEqual({ status: 'failed', reason: 'Payments are not enabled on this site.' })
    expect(modal.getState().open).toBe(false)
    expect(modal.getLogs().filter((e) => e.message.includes('Pay Not Enabled'))).toHaveLength(1)
  })

  test('bad input: with pay on, a float amount, a bad checksum or an unconfigured chain is refused with a typed error and nothing opens', async () => {
    const modal = modalWith(true)
    await modal.ready()
    await expect(modal.pay({ recipient: BOB, amount: 0.5 as unknown as string, asset: 'eip155:31337/slip44:60' })).rejects.toThrow(InvalidPayParametersError)
    await expect(modal.pay({ recipient: BOB.replace('C8', 'c8'), amount: '1', asset: 'eip155:31337/slip44:60' })).rejects.toMatchObject({ path: 'recipient' })
    await expect(modal.pay({ recipient: 'bob', amount: '1', asset: 'eip155:31337/slip44:60' })).rejects.toMatchObject({ path: 'recipient' })
    await expect(modal.pay({ recipient: BOB, amount: '1', asset: 'eip155:1/slip44:60' })).rejects.toThrow(PayChainNotConfiguredError)
    expect(modal.getState().open).toBe(false)
    expect(modal.getLogs().filter((e) => e.message.includes('Pay Not Enabled'))).toHaveLength(0)
  })

  test('bad input: an amount finer than the token contract’s decimals (dUSDT: 6) is refused before anything opens, the wallet asked nothing', async () => {
    // The wallet prompts for everything: a request it was sent would wait in its queue.
    const { modal, wallet } = await connected({ autoApprove: false })
    await expect(modal.pay({ recipient: BOB, amount: '1.1234567', asset: { chainId: 31337, address: DEV_TETHER_ADDRESS } })).rejects.toMatchObject({ name: 'InvalidPayParametersError', path: 'amount' })
    expect(modal.getState().open).toBe(false)
    expect(wallet.pending).toEqual([])
  })

  test('behavior: ETH from the dev wallet: the Pay view opens, Pay pressed twice sends one transfer, success after the receipt with the recipient paid', async () => {
    const { modal, wallet, sends, from } = await connected({ autoApprove: false })
    const to = recipient()
    const result = modal.pay({ recipient: to, amount: '0.0125', asset: 'native', chainId: 31337, memo: 'Order 42' })
    await waitFor(() => expect(modal.getState().open && payState(modal)).toEqual({ reviewing: 'ready' }))
    const confirm = () => modal.actor.send({ type: 'feature.deliver', feature: 'pay', event: { type: 'pay.confirm' } })
    confirm()
    confirm()
    await waitFor(() => expect(sends()).toHaveLength(1))
    confirm()
    wallet.approve(sends()[0]!.id)
    const ended = await result
    expect(ended).toMatchObject({ status: 'success', chainId: 31337, paidAmount: '0.0125' })
    expect(await chain.getBalance({ address: to })).toBe(parseEther('0.0125'))
    const receipt = await chain.getTransactionReceipt({ hash: (ended as { txHash: `0x${string}` }).txHash })
    expect(receipt).toMatchObject({ status: 'success', from: from.toLowerCase(), to })
    expect(payState(modal)).toBe('succeeded')
  })

  test('behavior: confirmations: 5: after the receipt the Pay view is still confirming and nothing is resolved; four blocks mined on anvil, then success', async () => {
    const { modal, wallet, sends } = await connected({ autoApprove: false })
    let settled = false
    const result = modal.pay({ recipient: recipient(), amount: '0.003', asset: 'native', chainId: 31337, confirmations: 5 })
    void result.then(() => (settled = true))
    await waitFor(() => expect(payState(modal)).toEqual({ reviewing: 'ready' }))
    modal.actor.send({ type: 'feature.deliver', feature: 'pay', event: { type: 'pay.confirm' } })
    await waitFor(() => expect(sends()).toHaveLength(1))
    wallet.approve(sends()[0]!.id)
    await waitFor(() => expect(payState(modal)).toBe('awaitingConfirmations'))
    expect(settled).toBe(false)
    // Five asked (other tests' blocks on this shared anvil may count too: never four before this check).
    await createTestClient({ mode: 'anvil', transport: http(rpc) }).mine({ blocks: 4 })
    const ended = await result
    expect(ended).toMatchObject({ status: 'success', paidAmount: '0.003' })
    const receipt = await chain.getTransactionReceipt({ hash: (ended as { txHash: `0x${string}` }).txHash })
    expect(await chain.getBlockNumber()).toBeGreaterThanOrEqual(receipt.blockNumber + 4n)
  })

  test('behavior: an ERC-20 (dUSDT, 6 decimals read from its contract) from the dev wallet: the recipient holds the amount', async () => {
    const { modal } = await connected()
    const to = recipient()
    const result = modal.pay({ recipient: to, amount: '2.5', asset: `eip155:31337/erc20:${DEV_TETHER_ADDRESS}` })
    await waitFor(() => expect(payState(modal)).toEqual({ reviewing: 'ready' }))
    modal.actor.send({ type: 'feature.deliver', feature: 'pay', event: { type: 'pay.confirm' } })
    await expect(result).resolves.toMatchObject({ status: 'success', paidAmount: '2.5' })
    expect(await chain.readContract({ address: DEV_TETHER_ADDRESS, abi: erc20Abi, functionName: 'balanceOf', args: [to] })).toBe(2_500_000n)
  })

  test('behavior: more than the balance is said before any prompt (short); closing the modal resolves cancelled, nothing sent', async () => {
    const { modal, sends } = await connected({ autoApprove: false })
    const result = modal.pay({ recipient: recipient(), amount: '100000000', asset: 'native', chainId: 31337 })
    await waitFor(() => expect(payState(modal)).toEqual({ reviewing: 'short' }))
    modal.actor.send({ type: 'feature.deliver', feature: 'pay', event: { type: 'pay.confirm' } })
    modal.close()
    await expect(result).resolves.toEqual({ status: 'cancelled', reason: 'The payment was cancelled.' })
    expect(sends()).toEqual([])
  })

  test('behavior: pay, close, pay at once: the first resolves cancelled, the second opens the Pay view again and pays (never "another payment under way")', async () => {
    const { modal, wallet, sends } = await connected({ autoApprove: false })
    const to = recipient()
    const first = modal.pay({ recipient: to, amount: '0.001', asset: 'native', chainId: 31337 })
    await waitFor(() => expect(modal.getState().open && payState(modal)).toEqual({ reviewing: 'ready' }))
    modal.close()
    const second = modal.pay({ recipient: to, amount: '0.002', asset: 'native', chainId: 31337 })
    await expect(first).resolves.toEqual({ status: 'cancelled', reason: 'The payment was cancelled.' })
    await waitFor(() => expect(modal.getState().open && payState(modal)).toEqual({ reviewing: 'ready' }))
    expect(modal.getState().view).toBe('Pay')
    modal.actor.send({ type: 'feature.deliver', feature: 'pay', event: { type: 'pay.confirm' } })
    await waitFor(() => expect(sends()).toHaveLength(1))
    wallet.approve(sends()[0]!.id)
    await expect(second).resolves.toMatchObject({ status: 'success', paidAmount: '0.002' })
    expect(await chain.getBalance({ address: to })).toBe(parseEther('0.002'))
  })

  test('behavior: a rejection in the wallet returns to the review; destroying the modal then resolves cancelled, never pending', async () => {
    const { modal, wallet, sends } = await connected({ autoApprove: false })
    const result = modal.pay({ recipient: recipient(), amount: '0.001', asset: 'native', chainId: 31337 })
    await waitFor(() => expect(payState(modal)).toEqual({ reviewing: 'ready' }))
    modal.actor.send({ type: 'feature.deliver', feature: 'pay', event: { type: 'pay.confirm' } })
    await waitFor(() => expect(sends()).toHaveLength(1))
    wallet.reject(sends()[0]!.id)
    await waitFor(() => expect(payState(modal)).toEqual({ reviewing: 'ready' }))
    modal.destroy()
    await expect(result).resolves.toEqual({ status: 'cancelled', reason: 'The payment was cancelled.' })
  })

  test('behavior: a recipient named as Send names one (bob.reown.id, the reference API) is paid at the address it resolves to', async () => {
    const { modal, wallet, sends } = await connected({ autoApprove: false, api: { blockchainUrl: `${inject('apiUrl')}/blockchain` } })
    const result = modal.pay({ recipient: 'Bob.Reown.ID', amount: '0.0042', asset: 'native', chainId: 31337 })
    await waitFor(() => expect(payState(modal)).toEqual({ reviewing: 'ready' }))
    modal.actor.send({ type: 'feature.deliver', feature: 'pay', event: { type: 'pay.confirm' } })
    await waitFor(() => expect(sends()).toHaveLength(1))
    expect((sends()[0]!.params as [{ to: string }])[0].to.toLowerCase()).toBe(BOB.toLowerCase())
    wallet.approve(sends()[0]!.id)
    const ended = await result
    expect(ended).toMatchObject({ status: 'success', paidAmount: '0.0042' })
    const tx = await chain.getTransaction({ hash: (ended as { txHash: `0x${string}` }).txHash })
    expect({ to: tx.to, value: tx.value }).toEqual({ to: BOB.toLowerCase(), value: parseEther('0.0042') })
  })

  test('bad input: a name that does not resolve is a typed error before anything opens; the wallet is asked nothing', async () => {
    const { modal, sends } = await connected({ autoApprove: false, api: { blockchainUrl: `${inject('apiUrl')}/blockchain` } })
    await expect(modal.pay({ recipient: 'nobody-here.reown.id', amount: '1', asset: 'native', chainId: 31337 })).rejects.toMatchObject({
      name: 'PayRecipientNotResolvedError',
      recipientName: 'nobody-here.reown.id',
      shortMessage: "The recipient's name does not resolve to an address",
    })
    expect(modal.getState().open).toBe(false)
    expect(sends()).toEqual([])
  })
})
