// @vitest-environment happy-dom
/**
 * The mobile wallet page (dev/mobile-wallet/page.ts) with a real wallet, a real sign-client dapp and the loopback
 * relay: controls found by role and accessible name as the Playwright specs will, driven by clicks.
 */
import { within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest'
import { WebSocket as NodeWebSocket } from 'ws'
import { DEV_ADDRESSES } from '../accounts.ts'
import { startRelay } from '../../testing/node/relay/server.ts'
import type { Relay } from '../../testing/node/relay/server.ts'
import { startTestDapp, stopSignClient } from '../relay/testing.ts'
import type { SignClientInstance } from '../relay/testing.ts'
import { defaultRelayUrl, mountMobileWalletPage, pageConfig } from './page.ts'
import { DevMobileWallet } from '../../testing/walletConnect/wallet.ts'

// The SDKs skip their cloud verify and telemetry calls when they see this (vitest sets VITEST, not IS_VITEST).
process.env.IS_VITEST = 'true'

// The SDK takes the global WebSocket when there is one; in Node 20 that is happy-dom's, which cannot reach a
// loopback socket server the way a browser does. Use the `ws` client, as the SDK does in Node.
const originalWebSocket = globalThis.WebSocket
beforeAll(() => {
  globalThis.WebSocket = NodeWebSocket as unknown as typeof WebSocket
})
afterAll(() => {
  globalThis.WebSocket = originalWebSocket
})

describe('pageConfig', () => {
  test('behavior: ?relay= wins over VITE_RELAY_URL, which wins over the default; chains from the anvil env; ?autoApprove=1', () => {
    const env = { VITE_RELAY_URL: 'ws://127.0.0.1:28700', VITE_ANVIL_RPC_1: 'http://127.0.0.1:28545' }
    expect(pageConfig('?relay=ws://127.0.0.1:1', env).relayUrl).toBe('ws://127.0.0.1:1')
    expect(pageConfig('?autoApprove=1', {}).autoApprove).toBe(true)
    expect(pageConfig('', env)).toEqual({
      relayUrl: 'ws://127.0.0.1:28700',
      autoApprove: false,
      chains: [
        { chainId: 31337, name: 'Anvil Local', rpcUrl: 'http://127.0.0.1:28545' },
        { chainId: 31338, name: 'Anvil Local 2', rpcUrl: 'http://127.0.0.1:8546' },
      ],
    })
    expect(pageConfig('', {}).relayUrl).toBe(defaultRelayUrl)
  })
})

describe('mountMobileWalletPage', () => {
  let relay: Relay
  const cleanups: Array<() => unknown> = []
  beforeAll(async () => {
    relay = await startRelay()
  })
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })
  afterAll(() => relay.stop())

  const setup = async () => {
    const wallet = await DevMobileWallet.create({
      relayUrl: relay.url,
      chains: [
        { chainId: 31337, name: 'Anvil Local', rpcUrl: inject('anvilRpc1') },
        { chainId: 31338, name: 'Anvil Local 2', rpcUrl: inject('anvilRpc2') },
      ],
    })
    const dapp: SignClientInstance = await startTestDapp(relay.url)
    const container = document.createElement('div')
    document.body.append(container)
    const unmount = mountMobileWalletPage(wallet, container, { relayUrl: relay.url })
    cleanups.push(
      () => wallet.close(),
      () => stopSignClient(dapp),
      unmount,
      () => container.remove(),
    )
    return { wallet, dapp, ui: within(container), user: userEvent.setup() }
  }

  test('behavior: shows the account, the relay and accessible controls before pairing', async () => {
    const { ui } = await setup()
    expect(ui.getByRole('heading', { name: 'Latchkey Dev Mobile Wallet' })).toBeTruthy()
    expect(ui.getByTestId('mw-status').textContent).toBe('Not paired · chain 31337')
    expect(ui.getByTestId('mw-address').textContent).toBe(DEV_ADDRESSES[0])
    expect(ui.getByTestId('mw-chain').textContent).toBe('Anvil Local (31337)')
    expect(ui.getByTestId('mw-relay').textContent).toBe(relay.url)
    expect(ui.getByRole('textbox', { name: 'WalletConnect URI' })).toBeTruthy()
    expect(ui.getByRole('button', { name: 'Pair' })).toBeTruthy()
    expect(ui.getByRole('combobox', { name: 'Wallet chain' })).toBeTruthy()
    expect((ui.getByRole('checkbox', { name: 'Auto-approve' }) as HTMLInputElement).checked).toBe(false)
    expect((ui.getByRole('button', { name: 'Disconnect' }) as HTMLButtonElement).disabled).toBe(true)
    expect(ui.queryAllByTestId('mw-pending')).toEqual([])
    expect(ui.getByText('Nothing to approve.')).toBeTruthy()
  })

  test('error: a malformed URI shows in the alert', async () => {
    const { ui, user } = await setup()
    await user.type(ui.getByRole('textbox', { name: 'WalletConnect URI' }), 'wc:nope')
    await user.click(ui.getByRole('button', { name: 'Pair' }))
    await expect.poll(() => ui.getByRole('alert').textContent).toBe('Invalid WalletConnect URI: expected wc:<topic>@2?relay-protocol=irn&symKey=<key>.')
  })

  test('behavior: pair, approve the proposal, approve a signature, switch chain and disconnect by clicks', async () => {
    const { ui, user, dapp, wallet } = await setup()
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { eip155: { chains: ['eip155:31337', 'eip155:31338'], methods: ['personal_sign', 'wallet_switchEthereumChain'], events: ['chainChanged'] } },
    })
    await user.type(ui.getByRole('textbox', { name: 'WalletConnect URI' }), uri as string)
    await user.click(ui.getByRole('button', { name: 'Pair' }))

    const proposal = await ui.findByRole('region', { name: 'Session proposal' }, { timeout: 5_000 })
    expect(proposal.textContent).toContain('Connect to Latchkey test dapp?')
    expect(proposal.textContent).toContain('Chains eip155:31337, eip155:31338')
    expect(ui.getByTestId('mw-status').textContent).toBe('A site asks to connect · chain 31337')
    await user.click(within(proposal).getByRole('button', { name: 'Approve' }))
    const session = await approval()
    // The SDK replaces the dapp's metadata URL by the page's origin (happy-dom's) when it runs with a window.
    await expect.poll(() => ui.queryAllByTestId('mw-session').map((li) => li.textContent)).toEqual([`Latchkey test dapp (${location.origin}) · eip155:31337, eip155:31338`])
    expect(ui.getByTestId('mw-status').textContent).toBe('Connected to Latchkey test dapp · chain 31337')
    expect(ui.queryByRole('region', { name: 'Session proposal' })).toBeNull()

    const signature = dapp.request({ topic: session.topic, chainId: 'eip155:31337', request: { method: 'personal_sign', params: ['from the page', wallet.address] } })
    const request = await ui.findByRole('region', { name: 'Wallet request' }, { timeout: 5_000 })
    expect(request.dataset.method).toBe('personal_sign')
    expect(request.textContent).toContain('Sign message?')
    expect(request.textContent).toContain('from the page')
    await user.click(within(request).getByRole('button', { name: 'Approve' }))
    expect(await signature).toMatch(/^0x[0-9a-f]{130}$/)
    await expect.poll(() => ui.queryAllByTestId('mw-pending')).toEqual([])

    const chainChanged = new Promise((resolve) => dapp.once('session_event', ({ params }) => resolve(params.event)))
    await user.selectOptions(ui.getByRole('combobox', { name: 'Wallet chain' }), '31338')
    expect(await chainChanged).toEqual({ name: 'chainChanged', data: 31338 })
    await expect.poll(() => ui.getByTestId('mw-chain').textContent).toBe('Anvil Local 2 (31338)')

    const deleted = new Promise((resolve) => dapp.once('session_delete', ({ topic }) => resolve(topic)))
    await user.click(ui.getByRole('button', { name: 'Disconnect' }))
    expect(await deleted).toBe(session.topic)
    await expect.poll(() => ui.getByTestId('mw-status').textContent).toBe('Paired, no session · chain 31338')
  })

  test("behavior: rejecting from the page rejects the dapp's request; the auto-approve box approves what comes next", async () => {
    const { ui, user, dapp, wallet } = await setup()
    const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: [] } } })
    await wallet.pair(uri as string)
    await user.click(within(await ui.findByRole('region', { name: 'Session proposal' })).getByRole('button', { name: 'Approve' }))
    const session = await approval()
    const rejected = dapp.request({ topic: session.topic, chainId: 'eip155:31337', request: { method: 'personal_sign', params: ['no', wallet.address] } }).catch((error: { code: number }) => error.code)
    await user.click(within(await ui.findByRole('region', { name: 'Wallet request' })).getByRole('button', { name: 'Reject' }))
    expect(await rejected).toBe(4001)
    await user.click(ui.getByRole('checkbox', { name: 'Auto-approve' }))
    expect(wallet.state.autoApprove).toBe(true)
    const signed = await dapp.request({ topic: session.topic, chainId: 'eip155:31337', request: { method: 'personal_sign', params: ['yes', wallet.address] } })
    expect(signed).toMatch(/^0x/)
  })
})
