// @vitest-environment happy-dom
import { waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { renderApp, SECOND_RDNS, SECOND_WALLET_NAME, WALLET_NAME } from '../../tests/model/app.tsx'

/**
 * Account's wallet switcher (spec §6 multi-wallet) in the real modal: two development wallets held after a reload, the
 * first active. Found by role and name; the active one is said in words, each row switches or removes in one press.
 */
describe('the wallet switcher', () => {
  test('behavior: lists both held wallets with the active one said in words; Switch makes the other the account; Remove takes a wallet out', async () => {
    const app = await renderApp({ stored: true, authorised: true, secondWallet: true, features: { multiWallet: true }, api: true })
    try {
      await waitFor(() => expect(app.modal.getState().account.isConnected).toBe(true))
      await app.ensureOpen()
      // Queried afresh each time: Account renders again as the account changes.
      const switcher = () => within(app.dialog()!).getByRole('region', { name: 'Connected wallets' })
      const rows = () => within(switcher()).getAllByRole('listitem')
      await waitFor(() => expect(rows()).toHaveLength(2))
      expect(rows()[0]!.textContent).toContain(WALLET_NAME)
      expect(rows()[0]!.getAttribute('aria-current')).toBe('true')
      expect(within(rows()[0]!).getByText('Active')).toBeTruthy()
      expect(rows()[1]!.textContent).toContain(SECOND_WALLET_NAME)

      within(switcher())
        .getByRole('button', { name: `Switch to ${SECOND_WALLET_NAME}` })
        .click()
      // Painted at once: the second is the active row before its wallet answers.
      await waitFor(() => expect(rows()[0]!.textContent).toContain(SECOND_WALLET_NAME))
      await waitFor(() => expect(app.modal.getState().account).toMatchObject({ isConnected: true, connectorId: SECOND_RDNS, address: app.second!.state.address }))

      await waitFor(() => within(switcher()).getByRole('button', { name: `Remove ${WALLET_NAME}` }))
      within(switcher())
        .getByRole('button', { name: `Remove ${WALLET_NAME}` })
        .click()
      // One wallet left: the switcher goes, the second stays the account.
      await waitFor(() => expect(app.dialog()!.querySelector('[data-testid="wallet-switcher"]')).toBeNull())
      expect(app.modal.getState().account.connectorId).toBe(SECOND_RDNS)
      expect(app.modal.getConnections('eip155')?.map((c) => c.connectorId)).toEqual([SECOND_RDNS])
    } finally {
      await app.dispose()
    }
  })

  test('behavior: a switch is painted before the wallet answers: while its restore waits, Account shows the chosen wallet active with its address, not a loading view', async () => {
    const app = await renderApp({ stored: true, authorised: true, secondWallet: true, features: { multiWallet: true }, api: true })
    try {
      await waitFor(() => expect(app.modal.getState().account.isConnected).toBe(true))
      await app.ensureOpen()
      const switcher = () => within(app.dialog()!).getByRole('region', { name: 'Connected wallets' })
      const rows = () => within(switcher()).getAllByRole('listitem')
      await waitFor(() => expect(rows()).toHaveLength(2))
      // The second wallet's account request is held: its restore cannot end while the test looks.
      app.gates.close('second:eth_accounts')
      within(switcher())
        .getByRole('button', { name: `Switch to ${SECOND_WALLET_NAME}` })
        .click()
      await waitFor(() => expect(app.gates.waiting('second:eth_accounts')).toBeGreaterThan(0))
      expect(app.modal.getState().connections?.isSwitching).toBe(true)
      expect(rows()[0]!.textContent).toContain(SECOND_WALLET_NAME)
      expect(rows()[0]!.getAttribute('aria-current')).toBe('true')
      expect(within(app.dialog()!).getByTestId('account-address').getAttribute('title')).toBe(app.second!.state.address)
      app.gates.open('second:eth_accounts')
      await app.gates.release('second:eth_accounts')
      await waitFor(() => expect(app.modal.getState().account).toMatchObject({ isConnected: true, connectorId: SECOND_RDNS, address: app.second!.state.address }))
      expect(rows()[0]!.textContent).toContain(SECOND_WALLET_NAME)
    } finally {
      await app.dispose()
    }
  })

  test("behavior: each row shows its wallet's native balance like the Account view's; the active row's is the Account view's own", async () => {
    const app = await renderApp({ stored: true, authorised: true, secondWallet: true, features: { multiWallet: true }, api: true })
    try {
      await waitFor(() => expect(app.modal.getState().account.isConnected).toBe(true))
      await app.ensureOpen()
      const switcher = () => within(app.dialog()!).getByRole('region', { name: 'Connected wallets' })
      const balances = () => within(switcher()).getAllByTestId('wallet-switcher-balance')
      const amount = /^\d{1,3}(,\d{3})*(\.\d{1,3})? ETH$/
      await waitFor(() => expect(balances().map((b) => b.getAttribute('data-status'))).toEqual(['ready', 'ready']))
      const header = within(app.dialog()!).getByTestId('account-balance').textContent
      expect(balances()[0]!.textContent).toBe(header)
      expect(balances()[1]!.textContent).toMatch(amount)
      // After a switch the rows trade places: the new active one shows the Account view's balance, the other is read.
      within(switcher())
        .getByRole('button', { name: `Switch to ${SECOND_WALLET_NAME}` })
        .click()
      await waitFor(() => expect(app.modal.getState().account).toMatchObject({ connectorId: SECOND_RDNS }))
      await waitFor(() => expect(balances().map((b) => b.getAttribute('data-status'))).toEqual(['ready', 'ready']))
      await waitFor(() => expect(balances()[0]!.textContent).toBe(within(app.dialog()!).getByTestId('account-balance').textContent))
      expect(balances()[1]!.textContent).toMatch(amount)
    } finally {
      await app.dispose()
    }
  })

  test("behavior: a held wallet's own chain change shows in its row only: its chain named beside its balance (a chain not configured said 'Unsupported network'), read on that chain; the active row and the network stay", async () => {
    const app = await renderApp({ stored: true, authorised: true, secondWallet: true, features: { multiWallet: true }, api: true })
    try {
      await waitFor(() => expect(app.modal.getState().account.isConnected).toBe(true))
      await app.ensureOpen()
      const switcher = () => within(app.dialog()!).getByRole('region', { name: 'Connected wallets' })
      const rows = () => within(switcher()).getAllByRole('listitem')
      await waitFor(() =>
        expect(
          within(switcher())
            .getAllByTestId('wallet-switcher-balance')
            .map((b) => b.getAttribute('data-status')),
        ).toEqual(['ready', 'ready']),
      )
      // On the active network: no chain said.
      expect(within(switcher()).queryAllByTestId('wallet-switcher-network')).toHaveLength(0)
      app.second!.setChain(31338)
      await waitFor(() => expect(within(rows()[1]!).getByTestId('wallet-switcher-network').textContent).toBe(' · Anvil Local 2'))
      await waitFor(() => expect(within(rows()[1]!).getByTestId('wallet-switcher-balance').getAttribute('data-status')).toBe('ready'))
      expect(within(rows()[0]!).queryByTestId('wallet-switcher-network')).toBeNull()
      expect(rows()[0]!.getAttribute('aria-current')).toBe('true')
      expect(app.modal.getState()).toMatchObject({ caipNetworkId: 'eip155:31337', account: { connectorId: app.modal.getState().account.connectorId } })
      expect(app.modal.getState().account.caipAddress).toMatch(/^eip155:31337:/)
      const row = app.modal.getConnections('eip155')?.find((c) => !c.active)
      expect(row?.caipNetworkId).toBe('eip155:31338')
      // On a chain the app does not configure: said in words, not by its id; its balance cannot be read there.
      app.second!.misbehave = { chainId: '0x1' }
      app.second!.reannounce()
      await waitFor(() => expect(within(rows()[1]!).getByTestId('wallet-switcher-network').textContent).toBe(' · Unsupported network'))
      expect(app.modal.getConnections('eip155')?.find((c) => !c.active)?.caipNetworkId).toBe('eip155:1')
      await waitFor(() => expect(within(rows()[1]!).getByTestId('wallet-switcher-balance').getAttribute('data-status')).toBe('unavailable'))
      expect(switcher().textContent).not.toContain('eip155:1')
      app.second!.misbehave = {}
      // Back on the active network: the row says no chain again.
      app.second!.setChain(31337)
      await waitFor(() => expect(within(rows()[1]!).queryByTestId('wallet-switcher-network')).toBeNull())
      // Its read on the active network again ends before the page goes (nothing left in flight).
      await waitFor(() => expect(within(rows()[1]!).getByTestId('wallet-switcher-balance').getAttribute('data-status')).toBe('ready'))
    } finally {
      await app.dispose()
    }
  })

  test("behavior: each row shows its account's name in place of the address, found as the Account view finds its own (eip155 mainnet), the full address in its title", async () => {
    const app = await renderApp({ stored: true, authorised: true, secondWallet: true, features: { multiWallet: true }, api: true, mainnets: true })
    try {
      await waitFor(() => expect(app.modal.getState().account.isConnected).toBe(true))
      await app.ensureOpen()
      const switcher = () => within(app.dialog()!).getByRole('region', { name: 'Connected wallets' })
      const addresses = () => within(switcher()).getAllByTestId('wallet-switcher-address')
      // The reference API's names of dev accounts 0 and 1: the active row's is the Account view's own.
      await waitFor(() => expect(addresses().map((a) => a.textContent)).toEqual(['alice.reown.id', 'bob.reown.id']))
      expect(within(app.dialog()!).getByTestId('account-address').textContent).toBe('alice.reown.id')
      expect(addresses()[1]!.getAttribute('title')).toBe(app.second!.state.address)
      // After a switch the rows trade places, each keeping its name.
      within(switcher())
        .getByRole('button', { name: `Switch to ${SECOND_WALLET_NAME}` })
        .click()
      await waitFor(() => expect(app.modal.getState().account).toMatchObject({ connectorId: SECOND_RDNS }))
      await waitFor(() => expect(addresses().map((a) => a.textContent)).toEqual(['bob.reown.id', 'alice.reown.id']))
    } finally {
      await app.dispose()
    }
  })

  test('behavior: without a name (a testnet, as the Account view) a row shows the shortened address, the full one in its title', async () => {
    const app = await renderApp({ stored: true, authorised: true, secondWallet: true, features: { multiWallet: true }, api: true })
    try {
      await waitFor(() => expect(app.modal.getState().account.isConnected).toBe(true))
      await app.ensureOpen()
      const switcher = () => within(app.dialog()!).getByRole('region', { name: 'Connected wallets' })
      const addresses = () => within(switcher()).getAllByTestId('wallet-switcher-address')
      await waitFor(() => expect(addresses()).toHaveLength(2))
      const second = app.second!.state.address
      await waitFor(() => expect(addresses()[1]!.textContent).toBe(`${second.slice(0, 6)}…${second.slice(-4)}`))
      expect(addresses()[1]!.getAttribute('title')).toBe(second)
      expect(switcher().textContent).not.toContain('reown.id')
    } finally {
      await app.dispose()
    }
  })
})
