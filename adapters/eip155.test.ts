// @vitest-environment happy-dom
import { createPublicClient, http, verifyMessage } from 'viem'
import { afterEach, describe, expect, inject, test, vi } from 'vitest'
import { announceDevWallet, DevWallet } from '../dev/wallet/index.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { ConnectorNotFoundError, createAnnouncementStore, createEip155Adapter, NotConnectedError, parseAccounts, parseAnnouncement, parseChainId, parseSignature, type Eip1193Provider } from './eip155.ts'
import { BaseError, InvalidProviderResponseError, UnrecognizedChainError, UserRejectedRequestError } from './errors.ts'
import { defineEvmNetwork, mainnet } from './networks.ts'
import { ForeignError } from '../tests/harness/failures.ts'

/**
 * The adapter against the real development wallet, whose reads and transactions go to the real anvil
 * chains of the test global setup. No mocks.
 */
const rpc1 = inject('anvilRpc1')
const rpc2 = inject('anvilRpc2')
const eth = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const anvil1 = defineEvmNetwork({ id: 31337, name: 'Anvil Local', nativeCurrency: eth, rpcUrl: rpc1 })
const anvil2 = defineEvmNetwork({ id: 31338, name: 'Anvil Local 2', nativeCurrency: eth, rpcUrl: rpc2 })
const RDNS = 'dev.latchkey.wallet'

const cleanups: Array<() => void> = []
afterEach(() => {
  while (cleanups.length) cleanups.pop()!()
  delete (window as { ethereum?: unknown }).ethereum
})

function setup(options: { autoApprove?: boolean; announce?: boolean } = {}) {
  const wallet = new DevWallet({
    chains: [
      { chainId: 31337, name: 'Anvil Local', rpcUrl: rpc1 },
      { chainId: 31338, name: 'Anvil Local 2', rpcUrl: rpc2 },
    ],
    storage: createMemoryStorage(),
    autoApprove: options.autoApprove ?? true,
  })
  if (options.announce !== false) cleanups.push(announceDevWallet(wallet, { rdns: RDNS }))
  const adapter = createEip155Adapter({ window })
  cleanups.push(() => adapter.destroy())
  return { wallet, adapter }
}

describe('eip155 adapter: discovery', () => {
  test('behavior: an EIP-6963 wallet is a connector named by its announcement, with its rdns as id', () => {
    const { adapter } = setup()
    expect(adapter.getConnectors()).toMatchObject([{ id: RDNS, name: 'Latchkey Dev Wallet', type: 'ANNOUNCED', chain: 'eip155', info: { rdns: RDNS } }])
    expect(adapter.getConnectors()[0]!.imageUrl).toMatch(/^data:image\/svg\+xml/)
  })

  test('behavior: a plain window.ethereum is the browser-wallet entry, unless an announced wallet is that provider', () => {
    const other = new DevWallet({ chains: [{ chainId: 31337, name: 'A', rpcUrl: rpc1 }], autoApprove: true })
    ;(window as { ethereum?: unknown }).ethereum = other
    const { adapter, wallet } = setup()
    expect(adapter.getConnectors().map((c) => [c.id, c.type])).toEqual([
      [RDNS, 'ANNOUNCED'],
      ['injected', 'INJECTED'],
    ])
    // Spec §6: its provider is in the page and no announced wallet stands for it: installed (and relevant on a desktop).
    expect(adapter.getConnectors().find((c) => c.id === 'injected')).toEqual({ id: 'injected', name: 'Browser Wallet', type: 'INJECTED', chain: 'eip155', installed: true })
    ;(window as { ethereum?: unknown }).ethereum = wallet
    expect(adapter.getConnectors().map((c) => c.id)).toEqual([RDNS])
  })

  test('behavior: watchConnectors reports wallets announced later', () => {
    const wallet = new DevWallet({ chains: [{ chainId: 31337, name: 'A', rpcUrl: rpc1 }] })
    const adapter = createEip155Adapter({ window })
    cleanups.push(() => adapter.destroy())
    const seen: string[][] = []
    cleanups.push(adapter.watchConnectors((list) => seen.push(list.map((c) => c.id))))
    cleanups.push(announceDevWallet(wallet, { rdns: 'late.wallet', name: 'Late' }))
    expect(seen.at(-1)).toEqual(['late.wallet'])
  })
})

describe('eip155 adapter: against anvil', () => {
  test('behavior: connect returns checksummed accounts and the chain id', async () => {
    const { adapter } = setup()
    const session = await adapter.connect({ connectorId: RDNS })
    expect(session).toEqual({ accounts: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'], chainId: 31337 })
  })

  test('behavior: the user rejecting is a UserRejectedRequestError (4001)', async () => {
    const { adapter, wallet } = setup({ autoApprove: false })
    const pending = adapter.connect({ connectorId: RDNS })
    await new Promise((r) => setTimeout(r, 0))
    wallet.reject(wallet.pending[0]!.id)
    await expect(pending).rejects.toBeInstanceOf(UserRejectedRequestError)
  })

  test('behavior: the balance is the real anvil balance on the wallet chain, in wei', async () => {
    const { adapter } = setup()
    const [address] = (await adapter.connect({ connectorId: RDNS })).accounts
    const expected = await createPublicClient({ transport: http(rpc1) }).getBalance({ address: address as `0x${string}` })
    const balance = await adapter.getBalance({ connectorId: RDNS, address: address!, network: anvil1 })
    expect(balance).toEqual({ value: expected, decimals: 18, symbol: 'ETH' })
    expect(balance.value > 0n).toBe(true)
  })

  test('behavior: switching chain changes the wallet chain and emits chainChanged as a number', async () => {
    const { adapter } = setup()
    await adapter.connect({ connectorId: RDNS })
    const events: unknown[] = []
    cleanups.push(adapter.watchWallet({ connectorId: RDNS }, (e) => events.push(e)))
    await adapter.switchChain({ connectorId: RDNS, network: anvil2 })
    expect(events).toContainEqual({ type: 'chainChanged', chainId: 31338 })
    expect((await adapter.reconnect({ connectorId: RDNS })).chainId).toBe(31338)
  })

  test('behavior: a chain the wallet does not know is UnrecognizedChainError (4902); adding it works', async () => {
    const { adapter } = setup()
    await adapter.connect({ connectorId: RDNS })
    await expect(adapter.switchChain({ connectorId: RDNS, network: mainnet })).rejects.toBeInstanceOf(UnrecognizedChainError)
    await adapter.addChain({ connectorId: RDNS, network: mainnet })
    expect((await adapter.reconnect({ connectorId: RDNS })).chainId).toBe(1)
  })

  test('behavior: reconnect does not prompt and fails with NotConnectedError when the site is not authorised', async () => {
    const { adapter, wallet } = setup({ autoApprove: false })
    await expect(adapter.reconnect({ connectorId: RDNS })).rejects.toBeInstanceOf(NotConnectedError)
    expect(wallet.pending).toHaveLength(0)
  })

  test('spec §3: Account entity: a connection gives eip155 accounts (namespace, address, type eoa), following account changes; none after disconnect', async () => {
    const { adapter, wallet } = setup()
    expect(adapter.getAccounts({ connectorId: RDNS })).toEqual([])
    await adapter.connect({ connectorId: RDNS })
    expect(adapter.getAccounts({ connectorId: RDNS })).toEqual([{ namespace: 'eip155', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', type: 'eoa' }])
    cleanups.push(adapter.watchWallet({ connectorId: RDNS }, () => {}))
    wallet.setAccount(1)
    expect(adapter.getAccounts({ connectorId: RDNS })).toEqual([{ namespace: 'eip155', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', type: 'eoa' }])
    await adapter.disconnect({ connectorId: RDNS })
    expect(adapter.getAccounts({ connectorId: RDNS })).toEqual([])
  })

  test('behavior: account changes reach the watcher checksummed; the wallet disconnecting is reported', async () => {
    const { adapter, wallet } = setup()
    await adapter.connect({ connectorId: RDNS })
    const events: unknown[] = []
    cleanups.push(adapter.watchWallet({ connectorId: RDNS }, (e) => events.push(e)))
    wallet.setAccount(1)
    expect(events).toContainEqual({ type: 'accountsChanged', accounts: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] })
    wallet.disconnect()
    expect(events).toContainEqual({ type: 'disconnect' })
  })

  test('behavior: reconnect waits for a wallet that announces itself late', async () => {
    const wallet = new DevWallet({ chains: [{ chainId: 31337, name: 'A', rpcUrl: rpc1 }], autoApprove: true, storage: createMemoryStorage() })
    const adapter = createEip155Adapter({ window })
    cleanups.push(() => adapter.destroy())
    await wallet.request({ method: 'eth_requestAccounts' })
    const restoring = adapter.reconnect({ connectorId: 'late.dev' })
    setTimeout(() => cleanups.push(announceDevWallet(wallet, { rdns: 'late.dev' })), 50)
    await expect(restoring).resolves.toMatchObject({ chainId: 31337 })
  })

  test('behavior: reconnect to a wallet that never appears fails with a clear error', async () => {
    const adapter = createEip155Adapter({ window })
    cleanups.push(() => adapter.destroy())
    await expect(adapter.reconnect({ connectorId: 'missing.wallet' })).rejects.toThrowErrorMatchingInlineSnapshot(`
      [ConnectorNotFoundError: Connector not found
      Docs: https://latchkey.example/errors/ConnectorNotFoundError
      Details: No wallet with id "missing.wallet" was discovered.]
    `)
  })
})

describe('eip155 adapter: signing (SIWX)', () => {
  test('behavior: signMessage is personal_sign of the UTF-8 text; the signature verifies for the account', async () => {
    const { adapter } = setup()
    const [address] = (await adapter.connect({ connectorId: RDNS })).accounts
    const message = 'example.org wants you to sign in with your Ethereum account:\n… ünïcode ✓'
    const signature = await adapter.signMessage({ connectorId: RDNS, address: address!, message })
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(await verifyMessage({ address: address as `0x${string}`, message, signature: signature as `0x${string}` })).toBe(true)
  })

  test('behavior: the user declining is a UserRejectedRequestError (4001)', async () => {
    const { adapter, wallet } = setup()
    const [address] = (await adapter.connect({ connectorId: RDNS })).accounts
    wallet.setAutoApprove(false)
    const pending = adapter.signMessage({ connectorId: RDNS, address: address!, message: 'hello' })
    await new Promise((r) => setTimeout(r, 0))
    wallet.reject(wallet.pending[0]!.id)
    await expect(pending).rejects.toBeInstanceOf(UserRejectedRequestError)
  })

  test('behavior: a reply that is not a signature is refused with a clear error', async () => {
    const { adapter, wallet } = setup()
    const [address] = (await adapter.connect({ connectorId: RDNS })).accounts
    const real = wallet.request.bind(wallet)
    for (const reply of ['0x1234', 'signed!', 42, null, `0x${'zz'.repeat(65)}`]) {
      wallet.request = ((args: { method: string }) => (args.method === 'personal_sign' ? Promise.resolve(reply) : real(args as never))) as typeof wallet.request
      const error = await adapter.signMessage({ connectorId: RDNS, address: address!, message: 'hello' }).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(InvalidProviderResponseError)
    }
    expect(parseSignature('personal_sign', `0x${'ab'.repeat(65)}`)).toBe(`0x${'ab'.repeat(65)}`)
    // Smart-account (ERC-1271 / ERC-6492) signatures are longer than 65 bytes.
    expect(parseSignature('personal_sign', `0x${'ab'.repeat(200)}`)).toHaveLength(402)
  })
})

describe('eip155 adapter: bad wallet answers', () => {
  test('behavior: a provider that returns a non-address is refused with a clear error', async () => {
    const { adapter, wallet } = setup()
    wallet.misbehave = { accounts: ['not-an-address'] }
    await expect(adapter.connect({ connectorId: RDNS })).rejects.toThrowErrorMatchingInlineSnapshot(`
      [InvalidProviderResponseError: The wallet answered eth_requestAccounts with an invalid value.
      Docs: https://latchkey.example/errors/InvalidProviderResponseError
      Details: Received: ["not-an-address"]]
    `)
    wallet.misbehave = { accounts: 'oops' }
    await expect(adapter.connect({ connectorId: RDNS })).rejects.toBeInstanceOf(InvalidProviderResponseError)
  })

  test('behavior: a non-hex chain id is refused', async () => {
    const { adapter, wallet } = setup()
    wallet.misbehave = { chainId: '31337' }
    await expect(adapter.connect({ connectorId: RDNS })).rejects.toThrowErrorMatchingInlineSnapshot(`
      [InvalidProviderResponseError: The wallet answered eth_chainId with an invalid value.
      Docs: https://latchkey.example/errors/InvalidProviderResponseError
      Details: Received: "31337"]
    `)
  })

  test('behavior: a provider that throws a plain string becomes a BaseError carrying that string', async () => {
    const { adapter, wallet } = setup()
    wallet.misbehave = { throwString: 'boom' }
    const error = await adapter.connect({ connectorId: RDNS }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BaseError)
    expect((error as BaseError).shortMessage).toBe('boom')
  })

  test('behavior: malformed events are ignored, the current account stays', async () => {
    const { adapter, wallet } = setup()
    await adapter.connect({ connectorId: RDNS })
    const events: unknown[] = []
    cleanups.push(adapter.watchWallet({ connectorId: RDNS }, (e) => events.push(e)))
    wallet.misbehave = { accounts: [42], chainId: 'mainnet' }
    wallet.setAccount(2)
    wallet.setChain(31338)
    expect(events).toEqual([])
  })

  test('behavior: the parsers accept only what EIP-1193 allows', async () => {
    expect(await parseAccounts('x', ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'])).toEqual(['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'])
    expect(await parseAccounts('x', [])).toEqual([])
    await expect(parseAccounts('x', [null])).rejects.toThrow(InvalidProviderResponseError)
    expect(parseChainId('x', '0x7a69')).toBe(31337)
    expect(parseChainId('x', 1)).toBe(1)
    for (const bad of ['0x', '0x0', '7a69', -1, 1.5, null, '0xzz', `0x${'f'.repeat(20)}`]) {
      expect(() => parseChainId('x', bad)).toThrow(InvalidProviderResponseError)
    }
  })
})

describe('eip155 adapter: hostile announcements and providers', () => {
  const provider: Eip1193Provider = { request: async () => [] }
  const info = (overrides: Record<string, unknown> = {}) => ({ uuid: crypto.randomUUID(), name: 'W', rdns: 'com.w', icon: 'data:image/svg+xml,%3Csvg%3E', ...overrides })
  const announce = (detail: unknown) => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))

  test('behavior: parseAnnouncement keeps a valid announcement, drops an icon that is not an image data URI, refuses the rest with a debug log', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {})
    const valid = info()
    expect(parseAnnouncement({ info: valid, provider })).toEqual({ info: valid, provider })
    expect(parseAnnouncement({ info: info({ icon: 'https://x.example/i.png' }), provider })?.info.icon).toBeUndefined()
    expect(parseAnnouncement({ info: info({ icon: undefined }), provider })?.info.icon).toBeUndefined()
    expect(parseAnnouncement({ info: info({ name: '  Padded  ' }), provider })?.info.name).toBe('Padded')
    const invalid = [
      null,
      'detail',
      { provider },
      { info: info(), provider: null },
      { info: info(), provider: {} },
      { info: info({ name: undefined }), provider },
      { info: info({ name: 42 }), provider },
      { info: info({ name: '   ' }), provider },
      { info: info({ rdns: '' }), provider },
      { info: info({ uuid: 'not-a-uuid' }), provider },
      {
        info: {
          ...info(),
          get rdns(): string {
            throw new ForeignError('getter')
          },
        },
        provider,
      },
    ]
    for (const detail of invalid) expect(parseAnnouncement(detail)).toBeNull()
    expect(debug).toHaveBeenCalledTimes(invalid.length)
    debug.mockRestore()
  })

  test('behavior: the store ignores what an extension dispatches wrongly without throwing, keeps one announcement per uuid, and stops listening when destroyed', () => {
    vi.spyOn(console, 'debug').mockImplementation(() => {})
    const store = createAnnouncementStore(window)
    const seen: number[] = []
    const off = store.subscribe((details) => seen.push(details.length))
    expect(() => announce(null)).not.toThrow()
    expect(() => announce({ info: null, provider })).not.toThrow()
    expect(() => window.dispatchEvent(new Event('eip6963:announceProvider'))).not.toThrow()
    const once = info({ rdns: 'com.once' })
    announce({ info: once, provider })
    announce({ info: once, provider })
    expect(store.getProviders()).toHaveLength(1)
    expect(seen).toEqual([1])
    // A subscriber that throws does not stop the others.
    store.subscribe(() => {
      throw new ForeignError('subscriber exploded')
    })
    announce({ info: info({ rdns: 'com.second' }), provider })
    expect(seen).toEqual([1, 2])
    off()
    store.destroy()
    announce({ info: info({ rdns: 'com.after' }), provider })
    expect(store.getProviders()).toEqual([])
    vi.restoreAllMocks()
  })

  test('behavior: a malformed announcement beside the dev wallet: the dev wallet alone is listed and connects; an impostor of its rdns is ignored', async () => {
    vi.spyOn(console, 'debug').mockImplementation(() => {})
    const { adapter } = setup()
    announce({ info: info({ name: 42, rdns: 'evil.name' }), provider })
    announce({ info: info({ name: 'Impostor', rdns: RDNS }), provider })
    expect(adapter.getConnectors().map((c) => [c.id, c.name])).toEqual([[RDNS, 'Latchkey Dev Wallet']])
    await expect(adapter.connect({ connectorId: RDNS })).resolves.toMatchObject({ chainId: 31337 })
    vi.restoreAllMocks()
  })

  test("behavior: the provider's on() throwing: watchWallet throws a typed error and leaves nothing subscribed", () => {
    const added: string[] = []
    const removed: string[] = []
    const hostile = {
      request: async () => [],
      on: (event: string) => {
        if (event === 'chainChanged') throw 'chainChanged is not supported'
        added.push(event)
      },
      removeListener: (event: string) => void removed.push(event),
    }
    const target = new EventTarget()
    const store = createAnnouncementStore(target)
    const adapter = createEip155Adapter({ window, store })
    cleanups.push(
      () => adapter.destroy(),
      () => store.destroy(),
    )
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: info({ rdns: 'com.hostile' }), provider: hostile } }))
    const error = (() => {
      try {
        adapter.watchWallet({ connectorId: 'com.hostile' }, () => {})
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(BaseError)
    expect((error as BaseError).shortMessage).toBe('chainChanged is not supported')
    expect(added).toEqual(['accountsChanged'])
    expect(removed).toEqual(['accountsChanged'])
  })

  test("behavior: the provider's removeListener() throwing: unwatching does not throw, and tries every listener", async () => {
    vi.spyOn(console, 'debug').mockImplementation(() => {})
    const { adapter, wallet } = setup()
    await adapter.connect({ connectorId: RDNS })
    const off = adapter.watchWallet({ connectorId: RDNS }, () => {})
    wallet.misbehave = { removeListenerThrows: new ForeignError('removeListener exploded') }
    expect(off).not.toThrow()
    expect(console.debug).toHaveBeenCalledTimes(3)
    vi.restoreAllMocks()
  })

  test('behavior: destroy ends a reconnect still waiting for its wallet to announce itself (no timer left), and stops discovery', async () => {
    const adapter = createEip155Adapter({ window })
    const restoring = adapter.reconnect({ connectorId: 'never.announced' })
    adapter.destroy()
    await expect(restoring).rejects.toBeInstanceOf(ConnectorNotFoundError)
    expect(adapter.getConnectors()).toEqual([])
    await expect(adapter.reconnect({ connectorId: RDNS })).rejects.toBeInstanceOf(ConnectorNotFoundError)
  })
})
