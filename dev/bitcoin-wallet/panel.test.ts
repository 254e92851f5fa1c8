// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
// Testing Library's role queries check the accessible names the Playwright tests will rely on.
import { within } from '@testing-library/react'
import { DEV_BITCOIN_PAYMENT_ADDRESSES } from '../bitcoin/accounts.ts'
import { mountBitcoinWalletPanel } from './panel.ts'
import { BitcoinDevWallet, BitcoinWalletError } from './wallet.ts'

const unmounts: Array<() => void> = []
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount()
})

function mount(wallet = new BitcoinDevWallet({ apiUrl: 'http://127.0.0.1:1/blockchain', origin: 'http://dapp.test' })) {
  const container = document.createElement('div')
  document.body.append(container)
  unmounts.push(mountBitcoinWalletPanel(wallet, container), () => container.remove())
  return { wallet, container, ui: within(container) }
}

const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

describe('mountBitcoinWalletPanel', () => {
  it('behavior: takes its container’s place (the dock places it), never a fixed layer over the page, and stays usable while the modal is open', () => {
    const { container } = mount()
    const panel = container.querySelector<HTMLElement>('[data-testid="bitcoin-dev-wallet"]')!
    expect(panel.style.position).not.toBe('fixed')
    expect(panel.style.zIndex).toBe('')
    expect(panel.style.width).toBe('100%')
    expect(panel.hasAttribute('data-latchkey-interactive')).toBe(true)
  })

  it('shows the wallet with accessible controls', () => {
    const { ui, container } = mount()
    expect(container.querySelector('[data-testid="bitcoin-dev-wallet"]')).not.toBeNull()
    expect(ui.getByRole('heading', { name: 'Bitcoin Dev Wallet' })).toBeTruthy()
    const account = ui.getByRole('combobox', { name: 'Bitcoin account' }) as HTMLSelectElement
    // Short enough to fit beside the chevron; the full address is the option's title.
    expect([...account.options].map((o) => o.textContent)).toEqual(DEV_BITCOIN_PAYMENT_ADDRESSES.map((a, i) => `${i}: ${a.slice(0, 6)}…${a.slice(-4)}`))
    expect([...account.options].map((o) => o.title)).toEqual([...DEV_BITCOIN_PAYMENT_ADDRESSES])
    expect((ui.getByRole('checkbox', { name: 'Auto-approve Bitcoin' }) as HTMLInputElement).checked).toBe(false)
    expect((ui.getByRole('button', { name: 'Disconnect Bitcoin site' }) as HTMLButtonElement).disabled).toBe(true)
    expect(ui.getByTestId('bitcoin-dev-wallet-status').textContent).toBe(`Not connected · regtest · ${DEV_BITCOIN_PAYMENT_ADDRESSES[0]}`)
  })

  it('approves and rejects requests with their question and detail; the region goes away', async () => {
    const { ui, wallet } = mount()
    const connect = wallet.features['bitcoin:connect'].connect({ purposes: ['payment'] })
    await flush()
    const region = ui.getByRole('region', { name: 'Bitcoin wallet request' })
    expect(region.textContent).toContain('Connect to this site?')
    expect(region.textContent).toContain('From http://dapp.test')
    within(region).getByRole('button', { name: 'Approve' }).click()
    const { accounts } = await connect
    expect(ui.queryAllByRole('region', { name: 'Bitcoin wallet request' })).toHaveLength(0)
    expect(ui.getByTestId('bitcoin-dev-wallet-status').textContent).toMatch(/^Connected to site/)

    const sign = wallet.features['bitcoin:signMessage'].signMessage({ account: accounts[0]!, message: new TextEncoder().encode('hello'), protocol: 'bip322' })
    await flush()
    const signRegion = ui.getByRole('region', { name: 'Bitcoin wallet request' })
    expect(signRegion.textContent).toContain('Sign message?')
    expect(signRegion.textContent).toContain(`BIP-322 by ${DEV_BITCOIN_PAYMENT_ADDRESSES[0]}: hello`)
    within(signRegion).getByRole('button', { name: 'Reject' }).click()
    const error = await sign.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BitcoinWalletError)
    expect((error as BitcoinWalletError).code).toBe(4001)
  })

  it('drives the wallet: account, auto-approve, disconnect', async () => {
    const { ui, wallet } = mount()
    const account = ui.getByRole('combobox', { name: 'Bitcoin account' }) as HTMLSelectElement
    account.value = '2'
    account.dispatchEvent(new Event('change'))
    expect(wallet.state.accountIndex).toBe(2)
    const auto = ui.getByRole('checkbox', { name: 'Auto-approve Bitcoin' }) as HTMLInputElement
    auto.click()
    expect(wallet.state.autoApprove).toBe(true)
    await wallet.features['bitcoin:connect'].connect({ purposes: ['payment'] })
    const disconnect = ui.getByRole('button', { name: 'Disconnect Bitcoin site' }) as HTMLButtonElement
    expect(disconnect.disabled).toBe(false)
    disconnect.click()
    expect(wallet.state.authorised).toBe(false)
  })
})
