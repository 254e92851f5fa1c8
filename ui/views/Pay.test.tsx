// @vitest-environment happy-dom
import { fireEvent, within } from '@testing-library/react'
import { createPublicClient, getAddress, http, parseEther } from 'viem'
import { afterEach, describe, expect, inject, test } from 'vitest'
import { Keypair } from '@solana/web3.js'
import { SOLANA_LOCALNET_CAIP_NETWORK_ID, SOLANA_LOCALNET_REFERENCE } from '../../dev/solana/network.ts'
import { renderApp, RDNS, WALLET_NAME, type App } from '../../tests/model/app.tsx'
import { waitFor } from '../../tests/harness/waitFor.ts'
import { en } from '../locales/en.ts'

/*
 * The Pay view on the real modal (happy-dom), the dev wallets on anvil (spec §1 Pay): painted whole before the
 * balances are read (the reads that may refuse a payment come first, the balances and the fee after, in place), and
 * among several connected wallets (multi-wallet) the choice of the one that pays, those that cannot pay saying why.
 *
 * The node's answers are the real anvil's; `nodeCalls` only holds a read back until the test lets it through, or answers
 * one read of one address with what a broken node could send (no network can be made to answer garbage on demand).
 */

const rpc = inject('anvilRpc1')
const solanaRpc = inject('solanaRpc')
const chain = createPublicClient({ transport: http(rpc) })
/** A fresh recipient per test, so that its balance starts at zero. */
const recipient = () => `0x${Array.from({ length: 40 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}` as `0x${string}`
const t = en.pay

type NodeCall = { id?: unknown; method: string; params?: unknown[] }
/** What a rule makes of one JSON-RPC call to the node: let it through (undefined), hold it, or answer it. */
type Verdict = undefined | 'hold' | { result: unknown } | { error: { code: number; message: string } }

let restore: (() => void) | undefined
let app: App | undefined
afterEach(async () => {
  restore?.()
  restore = undefined
  await app?.dispose()
  app = undefined
})

/** Routes the page's `fetch` of JSON-RPC calls through `rule` (held calls go on once released, none is held after); `restore` undoes it. */
function nodeCalls(rule: (call: NodeCall) => Verdict) {
  const real = globalThis.fetch
  const held: Array<() => void> = []
  let opened = false
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    let call: NodeCall | undefined
    try {
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
      call = body && typeof body === 'object' && !Array.isArray(body) && typeof (body as NodeCall).method === 'string' ? (body as NodeCall) : undefined
    } catch {
      call = undefined
    }
    const verdict = call ? rule(call) : undefined
    if (verdict === 'hold') {
      if (!opened) await new Promise<void>((resolve) => held.push(resolve))
    } else if (verdict) return new Response(JSON.stringify({ jsonrpc: '2.0', id: call!.id, ...verdict }), { headers: { 'content-type': 'application/json' } })
    return real(input, init)
  }) as typeof fetch
  restore = () => {
    globalThis.fetch = real
    for (const release of held.splice(0)) release()
  }
  return {
    held: () => held.length,
    /** Lets every held call through, and the calls after it. */
    release: () => {
      opened = true
      for (const release of held.splice(0)) release()
    },
  }
}

const addressOf = (call: NodeCall) => (typeof call.params?.[0] === 'string' ? call.params[0].toLowerCase() : undefined)
const deliver = (app: App, event: { type: string }) => app.modal.actor.send({ type: 'feature.deliver', feature: 'pay', event })
const labels = (dialog: HTMLElement) => Array.from(dialog.querySelectorAll('dt')).map((dt) => dt.textContent)

describe('the Pay view', () => {
  test('behavior: it shows the whole request at once (amount, recipient, network, note, the wallet and fee rows loading in place) before the balances are read; they fill in the same rows', async () => {
    app = await renderApp({ stored: true, authorised: true, features: { pay: true } })
    await waitFor(() => expect(app!.modal.getState().account.isConnected).toBe(true))
    const node = nodeCalls((call) => (call.method === 'eth_getBalance' || call.method === 'eth_estimateGas' ? 'hold' : undefined))
    const to = recipient()
    const result = app.modal.pay({ recipient: to, amount: '0.0125', asset: 'native', chainId: 31337, memo: 'Order 42' })
    const dialog = await app.get('dialog', en.titles.Pay)
    const view = within(dialog)
    await view.findByTestId('pay-asked')
    await waitFor(() => expect(node.held()).toBeGreaterThan(0))
    // The request, whole, while the balances are held at the node.
    expect(view.getByTestId('pay-asked').textContent).toBe('0.0125 ETH')
    const checksummed = getAddress(to)
    expect(view.getByTestId('pay-recipient').textContent).toContain(`${checksummed.slice(0, 6)}…${checksummed.slice(-4)}`)
    expect(view.getByTestId('pay-memo').textContent).toBe('Order 42')
    expect(dialog.textContent).toContain('Anvil Local')
    const rows = labels(dialog)
    expect(rows).toEqual([t.recipient, t.network, t.memo, t.payWith, t.networkFee])
    expect(view.getByTestId('pay-review').getAttribute('aria-busy')).toBe('true')
    expect(view.getByTestId('pay-balance').getAttribute('aria-busy')).toBe('true')
    expect(view.getByTestId('pay-fee').getAttribute('aria-busy')).toBe('true')
    expect(view.getByRole('status').textContent).toBe(t.loading)
    expect(view.getByRole('button', { name: t.payButton('0.0125', 'ETH') }).hasAttribute('disabled')).toBe(true)
    // The balances arrive: the same rows, filled; Pay enabled.
    node.release()
    await waitFor(() => expect(view.getByTestId('pay-balance').textContent).toMatch(/^Wallet 0xf39F…2266 · balance [\d,.]+ ETH$/))
    expect(view.getByTestId('pay-balance').hasAttribute('aria-busy')).toBe(false)
    expect(view.getByTestId('pay-fee').textContent).toMatch(/ETH$/)
    expect(labels(dialog)).toEqual(rows)
    expect(view.getByRole('button', { name: t.payButton('0.0125', 'ETH') }).hasAttribute('disabled')).toBe(false)
    deliver(app, { type: 'pay.cancel' })
    await expect(result).resolves.toMatchObject({ status: 'cancelled' })
  }, 30_000)

  test('bad input: a node answering no amount for the active wallet: its row says its balance could not be read and is not selectable; the held wallet pays, the site keeps its active wallet', async () => {
    app = await renderApp({ stored: true, authorised: true, secondWallet: true, features: { pay: true, multiWallet: true } })
    await waitFor(() => expect(app!.modal.getState().account.isConnected).toBe(true))
    const active = app.wallet.state.address
    const second = app.second!.state.address
    // The active wallet's balance: garbage, then (a second payment) a node error.
    let broken: Verdict = { result: 'not a quantity' }
    nodeCalls((call) => (call.method === 'eth_getBalance' && addressOf(call) === active.toLowerCase() ? broken : undefined))
    const to = recipient()
    const first = app.modal.pay({ recipient: to, amount: '0.004', asset: 'native', chainId: 31337 })
    let dialog = await app.get('dialog', en.titles.Pay)
    let view = within(dialog)
    const radio = (address: string) => view.getByRole('radio', { name: new RegExp(`${address.slice(0, 6)}…${address.slice(-4)}`) }) as HTMLInputElement
    await waitFor(() => expect(view.getAllByRole('radio')).toHaveLength(2))
    await waitFor(() => expect(radio(second).checked).toBe(true))
    expect(radio(active).disabled).toBe(true)
    expect(view.getByRole('group', { name: t.payWith }).textContent).toContain(t.walletUnreadable)
    expect(view.getByTestId('pay-held-wallet').textContent).toBe(t.heldWalletPays(`${second.slice(0, 6)}…${second.slice(-4)}`))
    deliver(app, { type: 'pay.cancel' })
    await expect(first).resolves.toMatchObject({ status: 'cancelled' })

    broken = { error: { code: -32000, message: 'header not found' } }
    const paid = app.modal.pay({ recipient: to, amount: '0.004', asset: 'native', chainId: 31337 })
    dialog = await app.get('dialog', en.titles.Pay)
    view = within(dialog)
    await waitFor(() => expect(radio(second).checked).toBe(true))
    expect(radio(active).disabled).toBe(true)
    fireEvent.click(view.getByRole('button', { name: t.payButton('0.004', 'ETH') }))
    // The held wallet is asked (its chain switched first when its wallet was elsewhere), never the active one.
    let settled = false
    void paid.then(() => (settled = true))
    await waitFor(
      () => {
        for (const request of app!.second!.pending) app!.second!.approve(request.id)
        expect(settled).toBe(true)
      },
      { timeout: 30_000 },
    )
    await expect(paid).resolves.toMatchObject({ status: 'success', paidAmount: '0.004' })
    expect(await chain.getBalance({ address: to })).toBe(parseEther('0.004'))
    expect(app.wallet.pending).toEqual([])
    expect(app.modal.getState().account).toMatchObject({ connectorId: RDNS, address: active })
  }, 60_000)

  test('behavior: a SOL payment while the site is on EVM: Connect a wallet makes Solana the active namespace and Connect lists the Solana wallets; the one connected brings Pay back with its balance and pays on the local Solana chain; the EVM wallet stays connected; back on EVM, the next SOL payment lists the connected Solana wallet at once and pays from it, the site staying on EVM', async () => {
    app = await renderApp({ stored: true, authorised: true, namespaces: true, features: { pay: true } })
    await waitFor(() => expect(app!.modal.getState().account.isConnected).toBe(true))
    expect(app.modal.getState().activeNamespace).toBe('eip155')
    const evm = app.modal.getState().account.address
    const to = Keypair.generate().publicKey.toBase58()
    const result = app.modal.pay({ recipient: to, amount: '0.0175', asset: `${SOLANA_LOCALNET_CAIP_NETWORK_ID}/slip44:501` })
    let dialog = await app.get('dialog', en.titles.Pay)
    let view = within(dialog)
    await waitFor(() => expect(view.getByTestId('pay-no-wallet').textContent).toBe(t.noWalletHint(false, 'Solana')))
    fireEvent.click(view.getByRole('button', { name: en.switchActiveChainConfirm }))
    // Connect over Pay, on the payment's namespace: the Solana wallets, not the EVM one.
    dialog = await app.get('dialog', en.titles.Connect)
    expect(app.modal.getState().activeNamespace).toBe('solana')
    expect(app.modal.getState().caipNetworkId).toBe(SOLANA_LOCALNET_CAIP_NETWORK_ID)
    const solanaWallet = await within(dialog).findByRole('button', { name: /^Latchkey Dev Solana Wallet/ }, { timeout: 10_000 })
    expect(within(dialog).queryByRole('button', { name: new RegExp(`^${WALLET_NAME}`) })).toBeNull()
    fireEvent.click(solanaWallet)
    await app.settle()
    const approve = async () => {
      const request = await waitFor(() => app!.solanaPanel().getAllByRole('region', { name: 'Solana wallet request' })[0]!, { timeout: 10_000 })
      fireEvent.click(within(request).getByRole('button', { name: 'Approve' }))
      await app!.settle()
    }
    await approve()
    // Pay again, with the Solana wallet's balance; the promise still pending.
    dialog = await app.get('dialog', en.titles.Pay)
    view = within(dialog)
    const solanaAddress = app.solana!.state.address
    await waitFor(() => expect(view.getByTestId('pay-balance').textContent).toMatch(new RegExp(`^Wallet ${solanaAddress.slice(0, 6)}…${solanaAddress.slice(-4)} · balance [\\d,.]+ SOL$`)), { timeout: 15_000 })
    let settled = false
    void result.then(() => (settled = true))
    expect(settled).toBe(false)
    fireEvent.click(view.getByRole('button', { name: t.payButton('0.0175', 'SOL') }))
    await app.settle()
    await approve()
    await expect(result).resolves.toMatchObject({ status: 'success', chainId: SOLANA_LOCALNET_REFERENCE, paidAmount: '0.0175' })
    const answer = await fetch(solanaRpc, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [to] }) })
    expect(((await answer.json()) as { result: { value: number } }).result.value).toBe(17_500_000)
    // The Solana wallet is the site's account now; the EVM wallet still connected in its own namespace.
    expect(app.modal.getState().account.address).toBe(solanaAddress)
    expect(app.modal.actor.getSnapshot().context.wallets.eip155).toMatchObject({ status: 'connected', address: evm })
    expect(app.wallet.pending).toEqual([])

    // Done closes the modal. Back on EVM: the Solana wallet is still connected in its own namespace, so Pay lists it
    // with no Connect.
    fireEvent.click(within(await app.get('dialog', en.titles.Pay)).getByRole('button', { name: t.done }))
    await waitFor(() => expect(app!.modal.getState().open).toBe(false))
    app.modal.switchNetwork('eip155:31337')
    await waitFor(() => expect(app!.modal.getState()).toMatchObject({ activeNamespace: 'eip155', account: { address: evm } }))
    const second = app.modal.pay({ recipient: to, amount: '0.0025', asset: `${SOLANA_LOCALNET_CAIP_NETWORK_ID}/slip44:501` })
    dialog = await app.get('dialog', en.titles.Pay)
    view = within(dialog)
    await waitFor(() => expect(view.getByTestId('pay-balance').textContent).toMatch(new RegExp(`^Wallet ${solanaAddress.slice(0, 6)}…${solanaAddress.slice(-4)} · balance [\\d,.]+ SOL$`)), { timeout: 15_000 })
    expect(view.queryByTestId('pay-no-wallet')).toBeNull()
    fireEvent.click(view.getByRole('button', { name: t.payButton('0.0025', 'SOL') }))
    await app.settle()
    await approve()
    await expect(second).resolves.toMatchObject({ status: 'success', chainId: SOLANA_LOCALNET_REFERENCE, paidAmount: '0.0025' })
    const after = await fetch(solanaRpc, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'getBalance', params: [to] }) })
    expect(((await after.json()) as { result: { value: number } }).result.value).toBe(20_000_000)
    expect(app.modal.getState()).toMatchObject({ activeNamespace: 'eip155', account: { address: evm } })
    expect(app.wallet.pending).toEqual([])
  }, 90_000)
})
