// @vitest-environment happy-dom
import { verifyMessage } from 'viem'
import { afterEach, describe, expect, inject, test, vi } from 'vitest'
import type { SiwxConfig, SiwxMessage, SiwxSession, SiwxSignMessageInput } from '../kernel/siwx.ts'
import { announceDevWallet, DevWallet } from '../dev/wallet/index.ts'
import { createEip155Adapter } from '../adapters/eip155.ts'
import { defineEvmNetwork, mainnet, solana } from '../adapters/networks.ts'
import { MemoryKeyValueStorage } from '../testing/walletConnect/storage.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { createModal, InvalidOptionsError } from './createModal.ts'
import { waitFor } from '../tests/harness/waitFor.ts'
import { ForeignError } from '../tests/harness/failures.ts'

const instances: Array<{ destroy(): void }> = []
afterEach(() => instances.splice(0).forEach((m) => m.destroy()))

function make(storage = createMemoryStorage()) {
  const modal = createModal({ projectId: 'p', networks: [mainnet], storage, adapter: createEip155Adapter({ window }) })
  instances.push(modal)
  return modal
}

describe('createModal', () => {
  test('behavior: no networks is a clear error', () => {
    expect(() => createModal({ projectId: 'p', networks: [] as never })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: At least one network is required
      Docs: https://latchkey.example/errors/InvalidOptionsError
      Details: options.networks is empty.]
    `)
    expect(() => createModal({ projectId: 'p', networks: [{ name: 'x' }] as never })).toThrow(InvalidOptionsError)
  })

  test("bad input: an `inspect` option that throws is logged once and the modal goes on (XState calls it inside the modal's updates)", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      let calls = 0
      const modal = createModal({
        projectId: 'p',
        networks: [mainnet],
        storage: createMemoryStorage(),
        adapter: createEip155Adapter({ window }),
        inspect: () => {
          calls++
          throw new TypeError('the visualiser is gone')
        },
      })
      instances.push(modal)
      await modal.open()
      expect(modal.getState().open).toBe(true)
      await modal.close()
      expect(modal.getState().open).toBe(false)
      expect(calls).toBeGreaterThan(1)
      const logged = modal.getLogs().filter((e) => e.message.includes('The inspect option threw'))
      expect(logged.map((e) => e.message)).toEqual(['[latchkey] The inspect option threw (TypeError: the visualiser is gone); the modal goes on, and its later throws are not logged.'])
    } finally {
      errors.mockRestore()
    }
  })

  test('behavior: opening an unknown view is refused and changes nothing', () => {
    const modal = make()
    expect(() => modal.open({ view: 'Nope' as never })).toThrow('Unknown view "Nope"')
    expect(modal.getState().open).toBe(false)
  })

  test('behavior: opens on Connect when disconnected; getState is stable until something changes', () => {
    const modal = make()
    const before = modal.getState()
    expect(modal.getState()).toBe(before)
    const seen: string[] = []
    modal.subscribe((s) => seen.push(`${s.open}:${s.view}`))
    modal.open()
    expect(modal.getState()).toMatchObject({ open: true, view: 'Connect', caipNetworkId: 'eip155:1' })
    expect(seen).toContain('true:Connect')
  })

  test('behavior: malformed storage is ignored: the modal starts disconnected on the default network', () => {
    const storage = createMemoryStorage({
      '@latchkey/eip155:connected_connector_id': '{"not":"a string"}',
      '@latchkey/active_caip_network_id': '"eip155:not-configured"',
      '@latchkey/recent_wallets': 'garbage',
      '@latchkey/connections': '[1,2,3]',
    })
    const modal = make(storage)
    expect(modal.getState()).toMatchObject({ open: false, caipNetworkId: 'eip155:1', account: { status: 'disconnected' } })
    modal.open()
    expect(modal.getState().view).toBe('Connect')
  })

  test('behavior: two instances share no state', () => {
    const a = make()
    const b = make()
    a.open()
    expect(a.getState().open).toBe(true)
    expect(b.getState().open).toBe(false)
  })
})

describe('createModal: the siwx option', () => {
  const siwx = {
    createMessage: async () => {
      throw new ForeignError('unused')
    },
    addSession: async () => {},
    getSessions: async () => [],
    revokeSession: async () => {},
  }

  test('behavior: siweConfig together with siwx is refused with the spec message', () => {
    expect(() => createModal({ projectId: 'p', networks: [mainnet], siwx, siweConfig: {} })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: Cannot set both \`siweConfig\` and \`siwx\` options
      Docs: https://latchkey.example/errors/InvalidOptionsError]
    `)
  })

  test('behavior: siweConfig alone points to siwx; a siwx without its methods names what is missing', () => {
    expect(() => createModal({ projectId: 'p', networks: [mainnet], siweConfig: {} })).toThrow('`siweConfig` is not supported')
    expect(() => createModal({ projectId: 'p', networks: [mainnet], siwx: { createMessage: siwx.createMessage } as never })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: Invalid \`siwx\` option
      Docs: https://latchkey.example/errors/InvalidOptionsError
      Details: Missing methods: addSession, getSessions, revokeSession.]
    `)
  })

  test("behavior: without siwx the state has no sign-in and getSiwxSession throws 'SIWX is not enabled'", () => {
    const modal = make()
    expect(modal.getState().siwx).toBeUndefined()
    expect(() => modal.getSiwxSession()).toThrow('SIWX is not enabled')
  })

  test('behavior: with siwx the state reports the sign-in phase and whether it is required', () => {
    const modal = createModal({ projectId: 'p', networks: [mainnet], storage: createMemoryStorage(), adapter: createEip155Adapter({ window }), siwx: { ...siwx, required: true } })
    instances.push(modal)
    expect(modal.getState().siwx).toEqual({ phase: 'idle', required: true, session: undefined })
    expect(modal.getSiwxSession()).toBeUndefined()
  })
})

describe('createModal: who signs the SIWX message', () => {
  const rpc = inject('anvilRpc1')
  const message = (accountAddress: string, chainId: string): SiwxMessage => ({
    accountAddress,
    chainId,
    domain: 'example.org',
    uri: 'https://example.org',
    version: '1',
    nonce: 'abcdefgh1',
    serializedMessage: `example.org wants you to sign in with ${accountAddress}`,
  })

  /** A modal with the real dev wallet (auto-approving), connected, at the sign-in prompt; then Sign. */
  async function signWith(signMessage?: SiwxConfig['signMessage']) {
    const wallet = new DevWallet({ chains: [{ chainId: 31337, name: 'Anvil Local', rpcUrl: rpc }], storage: createMemoryStorage(), autoApprove: true })
    const unannounce = announceDevWallet(wallet, { rdns: 'dev.latchkey.wallet' })
    const added: SiwxSession[] = []
    const siwx: SiwxConfig = {
      createMessage: async ({ accountAddress, chainId }) => message(accountAddress, chainId),
      addSession: async (session) => void added.push(session),
      getSessions: async () => [],
      revokeSession: async () => {},
      ...(signMessage ? { signMessage } : {}),
    }
    const network = defineEvmNetwork({ id: 31337, name: 'Anvil Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: rpc, testnet: true })
    const modal = createModal({ projectId: 'p', networks: [network], storage: createMemoryStorage(), adapter: createEip155Adapter({ window }), siwx })
    instances.push(modal, { destroy: unannounce })
    modal.open()
    modal.actor.send({ type: 'app.selectWallet', connectorId: 'dev.latchkey.wallet' })
    await waitFor(() => expect(modal.getState().siwx?.phase).toBe('prompting'), { timeout: 5_000 })
    modal.actor.send({ type: 'feature.deliver', feature: 'siwx', event: { type: 'siwx.sign' } })
    await waitFor(() => expect(modal.getState().siwx?.phase).toBe('signedIn'), { timeout: 5_000 })
    return { wallet, added }
  }

  test('behavior: by default the connected wallet signs (personal_sign); the signature verifies', async () => {
    const { wallet, added } = await signWith()
    const session = added[0]!
    expect(session.data.accountAddress).toBe(wallet.state.address)
    expect(await verifyMessage({ address: wallet.state.address as `0x${string}`, message: session.message, signature: session.signature as `0x${string}` })).toBe(true)
  })

  test("behavior: the config's own signMessage signs instead, with the message, address, CAIP-2 network and connector", async () => {
    const calls: SiwxSignMessageInput[] = []
    const { wallet, added } = await signWith(async (input) => {
      calls.push(input)
      return `0x${'11'.repeat(65)}`
    })
    expect(calls).toEqual([{ message: message(wallet.state.address, 'eip155:31337').serializedMessage, address: wallet.state.address, chainId: 'eip155:31337', connectorId: 'dev.latchkey.wallet' }])
    expect(added[0]!.signature).toBe(`0x${'11'.repeat(65)}`)
  })
})

describe('createModal: WalletConnect and namespaces', () => {
  const wc = () => ({ relayUrl: inject('relayUrl'), storage: new MemoryKeyValueStorage() as never, storagePrefix: `cm-${Math.random().toString(36).slice(2, 9)}` })

  test('behavior: universal-provider mode (adapter: null) opens ConnectingWalletConnectBasic on a desktop and starts a pairing', async () => {
    const modal = createModal({ projectId: 'p', networks: [mainnet], storage: createMemoryStorage(), adapter: null, walletConnect: wc(), platform: 'none' })
    instances.push(modal)
    modal.open()
    expect(modal.getState().view).toBe('ConnectingWalletConnectBasic')
    // The pairing machine arrives with its module, then starts at once with the queued pairing.start.
    expect(modal.actor.getSnapshot().context.loading).toContain('pairing')
    // The module is fetched by a dynamic import: seconds on a loaded machine (the wait ends as soon as it is in).
    await waitFor(() => expect(modal.actor.getSnapshot().context.features.pairing).toBeDefined(), { timeout: 10_000 })
    const pairing = modal.actor.getSnapshot().context.features.pairing!
    expect(pairing.getSnapshot().value).not.toBe('idle')
    await waitFor(() => expect(pairing.getSnapshot().value).toEqual({ proposing: 'showingUri' }), { timeout: 10_000 })
    expect(pairing.getSnapshot().context.uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  })

  test('behavior: the manual-WalletConnect option on a phone opens AllWallets; on Connect the WalletConnect row leads the list', () => {
    const modal = createModal({ projectId: 'p', networks: [mainnet], storage: createMemoryStorage(), walletConnect: wc(), manualWalletConnect: true, platform: 'mobile' })
    instances.push(modal)
    modal.open()
    expect(modal.getState().view).toBe('AllWallets')
    expect(modal.actor.getSnapshot().context.connectors[0]).toMatchObject({ id: 'walletConnect', type: 'WALLET_CONNECT' })
  })

  test('bad input: universal-provider mode with WalletConnect off has no way in; a network of a namespace without an adapter is refused', () => {
    expect(() => createModal({ projectId: 'p', networks: [mainnet], adapter: null, walletConnect: false })).toThrow('No way to connect')
    const polkadot = { ...mainnet, id: '91b171bb158e2d3848fa23a9f1c25182', chainNamespace: 'polkadot', caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182' } as const
    expect(() => createModal({ projectId: 'p', networks: [mainnet, polkadot as never] })).toThrow('The adapter for the polkadot namespace does not exist.')
    expect(() => createModal({ projectId: 'p', networks: [mainnet], walletConnect: { relayUrl: 'https://relay.example' } })).toThrow('Invalid relay URL')
  })

  test('bad input: signMessage with nothing connected and getAdapter of an unconfigured namespace throw clear errors', async () => {
    const modal = make()
    await expect(modal.signMessage({ message: 'hi' })).rejects.toThrow('The wallet is not connected to this site.')
    await expect(modal.getAdapter('solana')).rejects.toThrow('The adapter for the solana namespace does not exist.')
    expect(modal.getState().activeNamespace).toBe('eip155')
  })

  test('behavior: an EVM-only dapp has one connection actor; a dapp with a Solana network has one per namespace, and the stored active network picks the active namespace', () => {
    const evm = make()
    expect(Object.keys(evm.actor.getSnapshot().context.connections)).toEqual(['eip155'])
    const storage = createMemoryStorage()
    storage.setItem('@latchkey/active_caip_network_id', JSON.stringify('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))
    const multi = createModal({ projectId: 'p', networks: [mainnet, solana], storage, adapter: createEip155Adapter({ window }) })
    instances.push(multi)
    expect(Object.keys(multi.actor.getSnapshot().context.connections).sort()).toEqual(['eip155', 'solana'])
    expect(multi.getState().activeNamespace).toBe('solana')
    expect(multi.getState().caipNetworkId).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
  })
})
