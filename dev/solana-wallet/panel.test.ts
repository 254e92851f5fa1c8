// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
// Testing Library's role queries check the accessible names the Playwright tests will rely on.
import { within } from '@testing-library/react'
import { DEV_SOLANA_ADDRESSES } from '../solana/accounts.ts'
import { describeSolanaRequest, mountSolanaWalletPanel } from './panel.ts'
import { DevSolanaWallet } from './wallet.ts'

/** The panel only drives the wallet's UI side: no RPC is reached, so the URL points nowhere. */
const rpcUrl = 'http://127.0.0.1:1'
const unmounts: Array<() => void> = []
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount()
})

function mount(wallet = new DevSolanaWallet({ rpcUrl })) {
  const container = document.createElement('div')
  document.body.append(container)
  unmounts.push(mountSolanaWalletPanel(wallet, container), () => container.remove())
  return { wallet, container, ui: within(container) }
}

const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

describe('mountSolanaWalletPanel', () => {
  it('behavior: takes its container’s place (the dock places it), never a fixed layer over the page, and stays usable while the modal is open', () => {
    const { container } = mount()
    const panel = container.querySelector<HTMLElement>('[data-testid="dev-solana-wallet"]')!
    expect(panel.style.position).not.toBe('fixed')
    expect(panel.style.zIndex).toBe('')
    expect(panel.style.width).toBe('100%')
    expect(panel.hasAttribute('data-latchkey-interactive')).toBe(true)
  })

  it('behavior: shows the wallet with accessible controls', () => {
    const { ui, container } = mount()
    expect(container.querySelector('[data-testid="dev-solana-wallet"]')).not.toBeNull()
    expect(ui.getByRole('heading', { name: 'Dev Solana Wallet' })).toBeTruthy()
    const account = ui.getByRole('combobox', { name: 'Account' }) as HTMLSelectElement
    // Short enough to fit beside the chevron; the full address is the option's title.
    expect([...account.options].map((o) => o.textContent)).toEqual(DEV_SOLANA_ADDRESSES.map((a, i) => `${i}: ${a.slice(0, 6)}…${a.slice(-4)}`))
    expect([...account.options].map((o) => o.title)).toEqual([...DEV_SOLANA_ADDRESSES])
    expect((ui.getByRole('checkbox', { name: 'Auto-approve' }) as HTMLInputElement).checked).toBe(false)
    expect((ui.getByRole('button', { name: 'Disconnect site' }) as HTMLButtonElement).disabled).toBe(true)
    expect(container.querySelector('[data-testid="dev-solana-wallet-status"]')?.textContent).toBe(`Not connected · ${DEV_SOLANA_ADDRESSES[0]}`)
  })

  it('behavior: a connect request gets a region with Approve and Reject that settle it', async () => {
    const { ui, wallet, container } = mount()
    const connecting = wallet.features['standard:connect'].connect()
    const region = ui.getByRole('region', { name: 'Solana wallet request' })
    expect(within(region).getByText('Connect to this site?')).toBeTruthy()
    within(region).getByRole('button', { name: 'Approve' }).click()
    expect((await connecting).accounts).toHaveLength(1)
    await flush()
    expect(ui.queryAllByRole('region', { name: 'Solana wallet request' })).toHaveLength(0)
    expect(container.querySelector('[data-testid="dev-solana-wallet-status"]')?.textContent).toBe(`Connected to site · ${DEV_SOLANA_ADDRESSES[0]}`)
    const signing = wallet.features['solana:signMessage'].signMessage({ account: wallet.accounts[0]!, message: new TextEncoder().encode('Hello') })
    const sign = ui.getByRole('region', { name: 'Solana wallet request' })
    expect(sign.textContent).toContain('Sign message?')
    expect(sign.textContent).toContain('Hello')
    within(sign).getByRole('button', { name: 'Reject' }).click()
    await expect(signing).rejects.toMatchObject({ code: 4001 })
  })

  it('behavior: drives the wallet: account, auto-approve, disconnect; unmount removes the panel', () => {
    const { ui, wallet, container } = mount()
    const account = ui.getByRole('combobox', { name: 'Account' }) as HTMLSelectElement
    account.value = '2'
    account.dispatchEvent(new Event('change'))
    expect(wallet.state.accountIndex).toBe(2)
    ;(ui.getByRole('checkbox', { name: 'Auto-approve' }) as HTMLInputElement).click()
    expect(wallet.state.autoApprove).toBe(true)
    wallet.setAccount(4)
    expect(account.value).toBe('4')
    unmounts.splice(0).forEach((unmount) => unmount())
    expect(container.querySelector('[data-testid="dev-solana-wallet"]')).toBeNull()
  })

  it('behavior: questions name the count of messages and transactions', () => {
    const base = { id: 1, feature: 'x' }
    expect(describeSolanaRequest({ ...base, kind: 'signMessage', details: ['a', 'b'] })).toEqual({ question: 'Sign 2 messages?', detail: 'a\n\nb' })
    expect(describeSolanaRequest({ ...base, kind: 'signTransaction', details: ['t'] }).question).toBe('Sign transaction?')
    expect(describeSolanaRequest({ ...base, kind: 'signTransaction', details: ['t', 'u', 'v'] }).question).toBe('Sign 3 transactions?')
    expect(describeSolanaRequest({ ...base, kind: 'signAndSendTransaction', details: ['t'] }).question).toBe('Send transaction?')
  })
})
