// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
// Testing Library's role queries check the accessible names the Playwright tests rely on.
import { within } from '@testing-library/react'
import { encodeFunctionData, erc20Abi } from 'viem'
import { DEV_ADDRESSES } from '../accounts.ts'
import { DevWallet } from '../../testing/wallet/provider.ts'
import { describeRequest, mountWalletPanel } from './panel.ts'

const chains = [
  { chainId: 31337, name: 'Anvil Local', rpcUrl: 'http://127.0.0.1:1' },
  { chainId: 31338, name: 'Anvil Local 2', rpcUrl: 'http://127.0.0.1:2' },
]
const unmounts: Array<() => void> = []
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount()
})

function mount(wallet = new DevWallet({ chains })) {
  const container = document.createElement('div')
  document.body.append(container)
  unmounts.push(mountWalletPanel(wallet, container), () => container.remove())
  return { wallet, container, ui: within(container) }
}

const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

describe('mountWalletPanel', () => {
  it('behavior: takes its container’s place (the dock places it), never a fixed layer over the page, and stays usable while the modal is open', () => {
    const { container } = mount()
    const panel = container.querySelector<HTMLElement>('[data-testid="dev-wallet"]')!
    expect(panel.style.position).not.toBe('fixed')
    expect(panel.style.zIndex).toBe('')
    expect(panel.style.width).toBe('100%')
    expect(panel.hasAttribute('data-latchkey-interactive')).toBe(true)
  })

  it('shows the wallet with accessible controls', () => {
    const { ui, container } = mount()
    const panel = container.querySelector('[data-testid="dev-wallet"]')
    expect(panel).not.toBeNull()
    expect(ui.getByRole('heading', { name: 'Dev Wallet' })).toBeTruthy()
    const account = ui.getByRole('combobox', { name: 'Account' }) as HTMLSelectElement
    // Short enough to fit beside the chevron; the full address is the option's title.
    expect([...account.options].map((o) => o.textContent)).toEqual(DEV_ADDRESSES.map((a, i) => `${i}: ${a.slice(0, 6)}…${a.slice(-4)}`))
    expect([...account.options].map((o) => o.title)).toEqual([...DEV_ADDRESSES])
    const chain = ui.getByRole('combobox', { name: 'Wallet chain' }) as HTMLSelectElement
    expect(chain.value).toBe('31337')
    expect((ui.getByRole('checkbox', { name: 'Auto-approve' }) as HTMLInputElement).checked).toBe(false)
    expect((ui.getByRole('button', { name: 'Disconnect site' }) as HTMLButtonElement).disabled).toBe(true)
    expect(ui.queryAllByRole('region', { name: 'Wallet request' })).toHaveLength(0)
  })

  it('drives the wallet: account, chain, auto-approve', () => {
    const { ui, wallet } = mount()
    const account = ui.getByRole('combobox', { name: 'Account' }) as HTMLSelectElement
    account.value = '3'
    account.dispatchEvent(new Event('change'))
    expect(wallet.state.accountIndex).toBe(3)
    const chain = ui.getByRole('combobox', { name: 'Wallet chain' }) as HTMLSelectElement
    chain.value = '31338'
    chain.dispatchEvent(new Event('change'))
    expect(wallet.state.chainId).toBe(31338)
    const auto = ui.getByRole('checkbox', { name: 'Auto-approve' }) as HTMLInputElement
    auto.click()
    expect(wallet.state.autoApprove).toBe(true)

    wallet.setAccount(1)
    expect(account.value).toBe('1')
    wallet.setChain(31337)
    expect(chain.value).toBe('31337')
  })

  it('shows pending requests with Approve / Reject, and Disconnect site once connected', async () => {
    const { ui, wallet } = mount()
    const connect = wallet.request({ method: 'eth_requestAccounts' })
    await flush()
    const region = ui.getByRole('region', { name: 'Wallet request' })
    expect(within(region).getByText('Connect to this site?')).toBeTruthy()
    within(region).getByRole('button', { name: 'Approve' }).click()
    expect(await connect).toEqual([DEV_ADDRESSES[0]])
    expect(ui.queryAllByRole('region', { name: 'Wallet request' })).toHaveLength(0)
    expect(ui.getByTestId('dev-wallet-status').textContent).toContain('Connected to site')

    const switching = wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    const signing = wallet.request({ method: 'personal_sign', params: ['hello', DEV_ADDRESSES[0]] })
    await flush()
    const regions = ui.getAllByRole('region', { name: 'Wallet request' })
    expect(regions.map((r) => r.querySelector('p')?.textContent)).toEqual(['Switch to chain 31338?', 'Sign message?'])
    within(regions[0] as HTMLElement)
      .getByRole('button', { name: 'Reject' })
      .click()
    await expect(switching).rejects.toMatchObject({ code: 4001 })
    within(regions[1] as HTMLElement)
      .getByRole('button', { name: 'Approve' })
      .click()
    expect(await signing).toMatch(/^0x[0-9a-f]{130}$/)

    const disconnect = ui.getByRole('button', { name: 'Disconnect site' }) as HTMLButtonElement
    expect(disconnect.disabled).toBe(false)
    disconnect.click()
    expect(wallet.state.authorised).toBe(false)
  })

  it('unmounts cleanly (idempotent)', () => {
    const wallet = new DevWallet({ chains })
    const unmount = mountWalletPanel(wallet, document.body)
    expect(document.body.querySelectorAll('[data-testid="dev-wallet"]')).toHaveLength(1)
    unmount()
    unmount()
    expect(document.body.querySelectorAll('[data-testid="dev-wallet"]')).toHaveLength(0)
    wallet.setAccount(2) // no longer rendering: must not throw
  })
})

describe('describeRequest', () => {
  const base = { id: 1, method: 'x' }
  it('words each kind of request', () => {
    expect(describeRequest({ ...base, kind: 'connect', params: undefined }).question).toBe('Connect to this site?')
    expect(describeRequest({ ...base, kind: 'switchChain', params: [{ chainId: '0x7a6a' }] }).question).toBe('Switch to chain 31338?')
    expect(describeRequest({ ...base, kind: 'addChain', params: [{ chainId: '0x7a6b', chainName: 'Extra', rpcUrls: ['http://x'] }] })).toEqual({
      question: 'Add chain 31339 (Extra) and switch to it?',
      detail: 'RPC http://x',
    })
    expect(describeRequest({ ...base, method: 'personal_sign', kind: 'sign', params: ['0x6869', '0x'] })).toEqual({
      question: 'Sign message?',
      detail: 'hi',
    })
    expect(describeRequest({ ...base, method: 'eth_signTypedData_v4', kind: 'sign', params: ['0x', '{"primaryType":"Login"}'] })).toEqual({ question: 'Sign typed data?', detail: 'Type Login' })
    expect(describeRequest({ ...base, kind: 'sendTransaction', params: [{ to: DEV_ADDRESSES[3], value: '0xde0b6b3a7640000' }] })).toEqual({ question: 'Send transaction?', detail: `To ${DEV_ADDRESSES[3]}\nValue 1 ETH` })
  })

  it('shows the receiver and amount of an ERC-20 transfer, and the selector of other calldata', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [DEV_ADDRESSES[1], 1_500_000n] })
    expect(describeRequest({ ...base, kind: 'sendTransaction', params: [{ to: DEV_ADDRESSES[3], value: '0x0', data }] })).toEqual({
      question: 'Send transaction?',
      detail: `To ${DEV_ADDRESSES[3]}\nValue 0 ETH\nCalls transfer(${DEV_ADDRESSES[1]}, 1500000)`,
    })
    expect(describeRequest({ ...base, kind: 'sendTransaction', params: [{ to: DEV_ADDRESSES[3], input: '0xdeadbeef0001' }] }).detail).toBe(`To ${DEV_ADDRESSES[3]}\nValue 0 ETH\nCalls 0xdeadbeef (6 bytes of data)`)
  })
})
