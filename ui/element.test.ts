// @vitest-environment happy-dom
import { afterEach, describe, expect, inject, test, vi } from 'vitest'
import { anvilNetwork } from '../dev/chains.ts'
import { announceDevWallet, DevWallet } from '../dev/wallet/index.ts'
import { createEip155Adapter } from '../adapters/eip155.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { devWalletConnectorId } from './bridge.fixtures.ts'
import * as element from './element.ts'
import { defineLatchkeyElements, InvalidElementAttributeError, modalOptionsFromAttributes, type LatchkeyModalElement } from './element.ts'
import { waitFor } from '../tests/harness/waitFor.ts'

const rpc = inject('anvilRpc1')
const anvil = anvilNetwork(31337, 'Anvil Local', rpc)

afterEach(() => {
  document.body.replaceChildren()
})

/** The options an attribute map gives (the attributes a page would write). */
const parse = (attributes: Record<string, string>) => modalOptionsFromAttributes((name) => attributes[name] ?? null, { networks: { anvil } })

/** An element inside `root` (light DOM or any open shadow root below it) matching `selector`. */
function deepQuery(root: ParentNode, selector: string): HTMLElement | null {
  const found = root.querySelector<HTMLElement>(selector)
  if (found) return found
  for (const el of root.querySelectorAll('*')) {
    const inner = el.shadowRoot && deepQuery(el.shadowRoot, selector)
    if (inner) return inner
  }
  return null
}

/** A `<latchkey-modal>` on anvil with the given extra attributes, its own memory storage and the window's wallets. */
function addModal(attributes: Record<string, string> = {}): LatchkeyModalElement {
  const el = document.createElement('latchkey-modal') as LatchkeyModalElement
  el.options = { storage: createMemoryStorage(), adapter: createEip155Adapter({ window }), walletConnect: false }
  for (const [name, value] of Object.entries({ id: 'wallet', 'project-id': 'p', networks: 'anvil', ...attributes })) el.setAttribute(name, value)
  document.body.append(el)
  return el
}

describe('latchkey/element: registration', () => {
  test('behavior: importing defines nothing; defineLatchkeyElements defines the three elements once', () => {
    expect(Object.keys(element)).toContain('defineLatchkeyElements')
    expect(customElements.get('latchkey-modal')).toBeUndefined()
    const first = defineLatchkeyElements({ networks: { anvil } })
    expect(customElements.get('latchkey-modal')).toBe(first!.ModalElement)
    expect(customElements.get('latchkey-button')).toBe(first!.ButtonElement)
    expect(customElements.get('latchkey-network-button')).toBe(first!.NetworkButtonElement)
    expect(defineLatchkeyElements()).toBe(first)
  })
})

describe('latchkey/element: attributes', () => {
  test('behavior: names and CAIP-2 ids of networks, default network, theme, URLs and flags become modal options', () => {
    const options = parse({
      'project-id': 'p',
      networks: 'anvil, mainnet,eip155:42161',
      'default-network': 'arbitrum',
      'theme-mode': 'dark',
      'theme-variables': '{"accent":"#7b61ff"}',
      'blockchain-url': 'http://127.0.0.1:8600/blockchain',
      'relay-url': 'ws://127.0.0.1:8700',
      'enable-reconnect': 'false',
      'ignore-switch-confirmation': '',
    })
    expect(options.networks.map((n) => n.caipNetworkId)).toEqual(['eip155:31337', 'eip155:1', 'eip155:42161'])
    expect(options).toMatchObject({
      projectId: 'p',
      defaultNetwork: { caipNetworkId: 'eip155:42161' },
      themeMode: 'dark',
      themeVariables: { accent: '#7b61ff' },
      api: { blockchainUrl: 'http://127.0.0.1:8600/blockchain' },
      walletConnect: { relayUrl: 'ws://127.0.0.1:8700' },
      enableReconnect: false,
      ignoreSwitchConfirmation: true,
    })
    expect(parse({ 'project-id': 'p', networks: 'solana,bitcoin', 'wallet-connect': 'off' })).toMatchObject({
      networks: [{ caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }, { chainNamespace: 'bip122' }],
      walletConnect: false,
    })
  })

  test('behavior: a bad attribute value is a clear InvalidElementAttributeError naming the attribute', () => {
    expect(() => parse({ 'project-id': 'p', networks: 'mainnet,sepolia' })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidElementAttributeError: <latchkey-modal> networks: Unknown network "sepolia"
      Docs: https://latchkey.example/errors/InvalidElementAttributeError
      Details: Known: mainnet, ethereum, arbitrum, bsc, solana, solanaDevnet, solanaTestnet, bitcoin, bitcoinTestnet, bitcoinRegtest, anvil, or their CAIP-2 ids; register others with defineLatchkeyElements({ networks: { name: network } }).]
    `)
    expect(() => parse({ 'project-id': 'p', networks: 'eip155:' })).toThrow('<latchkey-modal> networks: Invalid CAIP-2 network id "eip155:"')
    expect(() => parse({ 'project-id': 'p', networks: ' , ' })).toThrow('<latchkey-modal> networks: At least one network is required')
    expect(() => parse({ networks: 'mainnet' })).toThrow('<latchkey-modal> project-id: A project id is required')
    expect(() => parse({ 'project-id': 'p', networks: 'mainnet', 'default-network': 'arbitrum' })).toThrow('<latchkey-modal> default-network: "arbitrum" is not one of networks')
    expect(() => parse({ 'project-id': 'p', networks: 'mainnet', 'theme-mode': 'blue' })).toThrow('<latchkey-modal> theme-mode: Expected "light" or "dark", got "blue"')
    expect(() => parse({ 'project-id': 'p', networks: 'mainnet', 'theme-variables': '{accent' })).toThrow('<latchkey-modal> theme-variables: Expected a JSON object')
    expect(() => parse({ 'project-id': 'p', networks: 'mainnet', debug: 'yes' })).toThrow('<latchkey-modal> debug: Expected "true" or "false", got "yes"')
    expect(() => parse({ 'project-id': 'p', networks: 'nope' })).toThrow(InvalidElementAttributeError)
  })

  test('behavior: in the page, a bad attribute shows as an alert, rejects ready and fires latchkey-error; nothing is thrown', async () => {
    defineLatchkeyElements({ networks: { anvil } })
    const errors: unknown[] = []
    document.addEventListener('latchkey-error', (e) => errors.push((e as CustomEvent).detail.error), { once: true })
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const el = addModal({ networks: 'anvil,nowhere' })
    await expect(el.ready).rejects.toThrow('Unknown network "nowhere"')
    expect(el.modal).toBeUndefined()
    expect(el.querySelector('[role="alert"]')?.textContent).toBe('latchkey: <latchkey-modal> networks: Unknown network "nowhere"')
    expect(errors).toEqual([el.error])
    expect(consoleError).toHaveBeenCalledWith(el.error)
    // Fixed: the modal is created.
    el.setAttribute('networks', 'anvil')
    await expect(el.ready).resolves.toBe(el.modal)
    expect(el.querySelector('[role="alert"]')).toBeNull()
    consoleError.mockRestore()
  })

  test("behavior: the modal's own option errors (a WalletConnect relay that is not ws) are shown the same way", async () => {
    defineLatchkeyElements({ networks: { anvil } })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const el = addModal({ 'relay-url': 'http://relay.example' })
    el.options = { storage: createMemoryStorage() }
    await expect(el.ready).rejects.toBeInstanceOf(InvalidElementAttributeError)
    expect(el.error?.message).toContain('relay')
    vi.mocked(console.error).mockRestore()
  })
})

describe('latchkey/element: in the page', () => {
  test('behavior: <latchkey-button> shows Connect Wallet; clicking it opens the modal on Connect', async () => {
    defineLatchkeyElements({ networks: { anvil } })
    const el = addModal()
    const button = document.createElement('latchkey-button')
    document.body.append(button)
    const modal = await el.ready
    await waitFor(() => expect(deepQuery(button, 'button')?.textContent).toBe('Connect Wallet'))
    deepQuery(button, 'button')!.click()
    expect(modal.getState()).toMatchObject({ open: true, view: 'Connect' })
    await waitFor(() => expect(deepQuery(el, '[role="dialog"]')).not.toBeNull())
    el.close()
    expect(modal.getState().open).toBe(false)
  })

  test('behavior: a button placed before its modal element renders once the modal is ready; modal="id" picks the modal', async () => {
    defineLatchkeyElements({ networks: { anvil } })
    const button = document.createElement('latchkey-button')
    button.setAttribute('modal', 'second')
    document.body.append(button)
    addModal({ id: 'first' })
    const second = addModal({ id: 'second' })
    await second.ready
    await waitFor(() => expect(deepQuery(button, 'button')).not.toBeNull())
    deepQuery(button, 'button')!.click()
    expect(second.modal!.getState().open).toBe(true)
    expect((document.getElementById('first') as LatchkeyModalElement).modal!.getState().open).toBe(false)
  })

  test('behavior: connected with the dev wallet, the button shows the account and its balance; the network button the network', async () => {
    defineLatchkeyElements({ networks: { anvil } })
    const wallet = new DevWallet({ chains: [{ chainId: 31337, name: 'Anvil Local', rpcUrl: rpc }], storage: createMemoryStorage(), autoApprove: true })
    wallet.setAccount(4)
    const unannounce = announceDevWallet(wallet, { rdns: devWalletConnectorId })
    try {
      const el = addModal()
      const button = document.createElement('latchkey-button')
      const network = document.createElement('latchkey-network-button')
      document.body.append(button, network)
      const modal = await el.ready
      el.open()
      modal.actor.send({ type: 'app.selectWallet', connectorId: devWalletConnectorId })
      await waitFor(() => expect(deepQuery(button, '[data-testid="account-button-address"]')?.textContent).toBe(modal.getState().account.displayAddress), { timeout: 10_000 })
      expect(modal.getState().account.address).toBe(wallet.state.address)
      await waitFor(() => expect(deepQuery(button, '[data-testid="account-button-balance"]')?.textContent).toMatch(/^\d[\d,]*\.?\d* ETH$/), { timeout: 10_000 })
      expect(deepQuery(network, 'button')?.textContent).toBe('Anvil Local')
    } finally {
      unannounce()
    }
  })

  test('behavior: a button follows its modal element when the modal is created again, and lets go when it is removed', async () => {
    defineLatchkeyElements({ networks: { anvil } })
    const el = addModal()
    const button = document.createElement('latchkey-button')
    document.body.append(button)
    const first = await el.ready
    await waitFor(() => expect(deepQuery(button, 'button')).not.toBeNull())
    el.setAttribute('theme-mode', 'dark')
    const second = await el.ready
    expect(second).not.toBe(first)
    expect(second.options.themeMode).toBe('dark')
    await waitFor(() => expect(deepQuery(button, 'button')).not.toBeNull())
    deepQuery(button, 'button')!.click()
    expect(second.getState().open).toBe(true)
    el.remove()
    await waitFor(() => expect(deepQuery(button, 'button')).toBeNull())
  })

  test('behavior: the locale attribute picks the language; changing it changes the words in place (the same modal), and a malformed one is refused', async () => {
    defineLatchkeyElements({ networks: { anvil } })
    const el = addModal({ locale: 'en-XA' })
    const modal = await el.ready
    expect(modal.options.locale).toBe('en-XA')
    const button = document.createElement('latchkey-button')
    document.body.append(button)
    await waitFor(() => expect(deepQuery(button, 'button')).not.toBeNull())
    deepQuery(button, 'button')!.click()
    await waitFor(() => expect(deepQuery(button, 'button')?.textContent).toMatch(/^\[Çöññéçţ Ŵåļļéţ ·+\]$/))
    el.setAttribute('locale', 'ar-XB')
    await waitFor(() => expect(modal.getLocale()).toMatchObject({ locale: 'ar-XB', direction: 'rtl' }))
    expect(el.modal).toBe(modal)
    await waitFor(() => expect(deepQuery(document.body, '[data-testid="latchkey-modal"]')?.getAttribute('dir')).toBe('rtl'))
    el.setAttribute('locale', 'not a tag!')
    await expect(el.ready).rejects.toThrow(/locale/)
  })

  test('behavior: removing the modal element destroys its modal', async () => {
    defineLatchkeyElements({ networks: { anvil } })
    const el = addModal()
    const modal = await el.ready
    const destroy = vi.spyOn(modal, 'destroy')
    el.remove()
    await Promise.resolve()
    expect(destroy).toHaveBeenCalled()
    expect(el.modal).toBeUndefined()
  })
})
