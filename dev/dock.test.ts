// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { within } from '@testing-library/react'
import { DevWallet } from '../testing/wallet/provider.ts'
import { mountWalletPanel } from './wallet/panel.ts'
import { mountWalletDock, type DockWallet, type WalletDock } from './dock.ts'

const chains = [{ chainId: 31337, name: 'Anvil Local', rpcUrl: 'http://127.0.0.1:1' }]
const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

/** A stand-in wallet whose pending list the test sets. */
function fakeWallet(): DockWallet & { setPending(n: number): void } {
  const listeners = new Set<() => void>()
  let pending: unknown[] = []
  return {
    get pending() {
      return pending
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    setPending(n) {
      pending = Array.from({ length: n }, (_, i) => ({ id: i }))
      listeners.forEach((l) => l())
    },
  }
}
function panel(label: string) {
  return (container: HTMLElement) => {
    const node = document.createElement('section')
    node.dataset.testid = `panel-${label}`
    container.append(node)
    return () => node.remove()
  }
}

const docks: WalletDock[] = []
afterEach(() => {
  for (const dock of docks.splice(0)) dock.unmount()
})
function mountThree() {
  const dock = mountWalletDock()
  docks.push(dock)
  const wallets = { evm: fakeWallet(), solana: fakeWallet(), bitcoin: fakeWallet() }
  dock.add({ id: 'evm', label: 'EVM', wallet: wallets.evm, mount: panel('evm') })
  dock.add({ id: 'solana', label: 'Solana', wallet: wallets.solana, mount: panel('solana') })
  dock.add({ id: 'bitcoin', label: 'Bitcoin', wallet: wallets.bitcoin, mount: panel('bitcoin') })
  return { dock, wallets, ui: within(dock.content as unknown as HTMLElement) }
}

describe('mountWalletDock', () => {
  it('behavior: one dock holds every wallet, collapsed, the first tab selected, usable while the modal is open', () => {
    const { dock, ui } = mountThree()
    expect(document.querySelectorAll('[data-testid="dev-wallet-dock"]')).toHaveLength(1)
    expect(dock.element.hasAttribute('data-latchkey-interactive')).toBe(true)
    expect(dock.element.tagName).toBe('ASIDE') // the page's one complementary landmark
    expect(dock.element.getAttribute('aria-label')).toBe('Development wallets')
    // Its content is in an open shadow root (out of the page's CSS), its panels too.
    expect(dock.element.shadowRoot).toBe(dock.content)
    expect(dock.element.children).toHaveLength(0)
    expect(dock.expanded).toBe(false)
    expect(ui.getByRole('button', { name: 'Dev wallets' }).getAttribute('aria-expanded')).toBe('false')
    expect(ui.getAllByRole('tab', { hidden: true }).map((t) => t.textContent)).toEqual(['EVM', 'Solana', 'Bitcoin'])
    expect(ui.getByRole('tab', { name: 'EVM', hidden: true }).getAttribute('aria-selected')).toBe('true')
    for (const id of ['evm', 'solana', 'bitcoin']) expect(ui.getByTestId(`panel-${id}`).closest('[role="tabpanel"]')).not.toBeNull()
  })

  it('behavior: the toggle expands and collapses; a tab selects its wallet', () => {
    const { dock, ui } = mountThree()
    const toggle = ui.getByRole('button', { name: 'Dev wallets' })
    toggle.click()
    expect(dock.expanded).toBe(true)
    expect(dock.element.hasAttribute('data-expanded')).toBe(true)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    ui.getByRole('tab', { name: 'Bitcoin' }).click()
    expect(dock.selected).toBe('bitcoin')
    expect(dock.content.querySelector('[data-wallet="bitcoin"]')!.hasAttribute('data-selected')).toBe(true)
    expect(dock.content.querySelector('[data-wallet="evm"]')!.hasAttribute('data-selected')).toBe(false)
    toggle.click()
    expect(dock.expanded).toBe(false)
  })

  it('behavior: a pending request expands the dock on its wallet’s tab, and it collapses again once answered', () => {
    const { dock, wallets, ui } = mountThree()
    wallets.solana.setPending(1)
    expect(dock.expanded).toBe(true)
    expect(dock.selected).toBe('solana')
    expect(ui.getByRole('tab', { name: /^Solana/ }).textContent).toBe('Solana1')
    expect(ui.getByTestId('dev-wallet-dock-pending').textContent).toBe('1 waiting')
    wallets.bitcoin.setPending(1)
    expect(dock.selected).toBe('bitcoin')
    wallets.solana.setPending(0)
    expect(dock.expanded).toBe(true) // Bitcoin's request is still waiting
    wallets.bitcoin.setPending(0)
    expect(dock.expanded).toBe(false)
    expect(ui.getByTestId('dev-wallet-dock-pending').textContent).toBe('')
  })

  it('behavior: a dock the visitor opened stays open after the request is answered', () => {
    const { dock, wallets } = mountThree()
    dock.expand()
    wallets.evm.setPending(1)
    wallets.evm.setPending(0)
    expect(dock.expanded).toBe(true)
  })

  it('behavior: while the modal is open it is marked for the top edge, and no taller than the room above the dialog', () => {
    const dialog = document.createElement('div')
    document.body.append(dialog)
    dialog.getBoundingClientRect = () => ({ top: 500, bottom: 844, left: 0, right: 390, width: 390, height: 344, x: 0, y: 500, toJSON: () => ({}) })
    const dock = mountWalletDock({ avoid: () => dialog })
    docks.push(dock)
    dock.setModalOpen(true)
    expect(dock.element.hasAttribute('data-modal-open')).toBe(true)
    expect(Number.parseInt(dock.element.style.getPropertyValue('--dd-room'))).toBeGreaterThanOrEqual(120)
    expect(Number.parseInt(dock.element.style.getPropertyValue('--dd-room'))).toBeLessThanOrEqual(500)
    dock.setModalOpen(false)
    expect(dock.element.hasAttribute('data-modal-open')).toBe(false)
    expect(dock.element.style.getPropertyValue('--dd-room')).toBe('')
    dialog.remove()
  })

  it('behavior: with the real EVM dev wallet, a connect request brings its Approve button into the expanded dock', async () => {
    const dock = mountWalletDock()
    docks.push(dock)
    const wallet = new DevWallet({ chains })
    dock.add({ id: 'evm', label: 'EVM', wallet, mount: (el) => mountWalletPanel(wallet, el) })
    // The panel is a labelled region inside the dock's complementary landmark, not a second one nested in it.
    expect(within(dock.content as unknown as HTMLElement).queryAllByRole('complementary', { hidden: true })).toHaveLength(0)
    expect(within(dock.content as unknown as HTMLElement).getByRole('region', { name: 'Dev Wallet', hidden: true })).toBeTruthy()
    const connecting = wallet.request({ method: 'eth_requestAccounts' })
    await flush()
    expect(dock.expanded).toBe(true)
    const region = within(dock.content as unknown as HTMLElement).getByRole('region', { name: 'Wallet request' })
    within(region).getByRole('button', { name: 'Approve' }).click()
    await connecting
    expect(dock.expanded).toBe(false)
  })

  it('behavior: when the dialog grows under a pending request (a view change), the smaller dock scrolls its buttons back into sight', async () => {
    const dialog = document.createElement('div')
    document.body.append(dialog)
    let top = 500
    dialog.getBoundingClientRect = () => ({ top, bottom: 640, left: 0, right: 320, width: 320, height: 640 - top, x: 0, y: top, toJSON: () => ({}) })
    const revealed: Element[] = []
    const spy = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      revealed.push(this)
    })
    try {
      const dock = mountWalletDock({ avoid: () => dialog })
      docks.push(dock)
      const wallet = new DevWallet({ chains })
      dock.add({ id: 'evm', label: 'EVM', wallet, mount: (el) => mountWalletPanel(wallet, el) })
      dock.setModalOpen(true)
      const connecting = wallet.request({ method: 'eth_requestAccounts' })
      await flush()
      const region = within(dock.content as unknown as HTMLElement).getByRole('region', { name: 'Wallet request' })
      const buttons = within(region).getAllByRole('button')
      expect(revealed.at(-1)).toBe(buttons.at(-1))
      const room = dock.element.style.getPropertyValue('--dd-room')
      revealed.length = 0
      // The same room: nothing to scroll. A taller dialog: a smaller room, and the buttons are revealed again.
      window.dispatchEvent(new Event('resize'))
      expect(revealed).toEqual([])
      top = 300
      window.dispatchEvent(new Event('resize'))
      expect(dock.element.style.getPropertyValue('--dd-room')).not.toBe(room)
      expect(revealed.at(-1)).toBe(buttons.at(-1))
      within(region).getByRole('button', { name: 'Approve' }).click()
      await connecting
    } finally {
      spy.mockRestore()
      dialog.remove()
    }
  })

  it('behavior: tabs keep the given order whatever order the wallets load in', () => {
    const dock = mountWalletDock({ order: ['evm', 'solana', 'bitcoin'] })
    docks.push(dock)
    for (const [id, label] of [
      ['bitcoin', 'Bitcoin'],
      ['evm', 'EVM'],
      ['solana', 'Solana'],
    ] as const)
      dock.add({ id, label, wallet: fakeWallet(), mount: panel(id) })
    expect(
      within(dock.content as unknown as HTMLElement)
        .getAllByRole('tab', { hidden: true })
        .map((t) => t.textContent),
    ).toEqual(['EVM', 'Solana', 'Bitcoin'])
    expect([...dock.content.querySelectorAll('[role="tabpanel"]')].map((p) => p.getAttribute('data-wallet'))).toEqual(['evm', 'solana', 'bitcoin'])
    expect(dock.selected).toBe('bitcoin') // the first one added
  })

  it('unmounts every panel and itself (idempotent)', () => {
    const { dock } = mountThree()
    dock.unmount()
    dock.unmount()
    expect(document.querySelector('[data-testid="dev-wallet-dock"]')).toBeNull()
    expect(document.querySelector('[data-testid^="panel-"]')).toBeNull()
  })
})
