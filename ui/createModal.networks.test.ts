// @vitest-environment happy-dom
import { afterEach, describe, expect, inject, test } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { AdapterNotFoundError } from '../adapters/actors.ts'
import { createEip155Adapter } from '../adapters/eip155.ts'
import { UnrecognizedChainError } from '../adapters/errors.ts'
import { defineEvmNetwork, solanaDevnet, type CaipNetwork } from '../adapters/networks.ts'
import { announceDevWallet, DevWallet } from '../dev/wallet/index.ts'
import { chainNotSupportedMessage, networkMachine } from '../machines/network.ts'
import { createMemoryStorage, createStorage, type StorageLike } from '../services/storage.ts'
import { createModal, InvalidOptionsError, type ModalOptions } from './createModal.ts'
import { waitFor } from '../tests/harness/waitFor.ts'
import { ForeignError } from '../tests/harness/failures.ts'

/**
 * Networks at run time (spec §4 "Network switch", §5): `modal.addNetwork` and `modal.removeNetwork`
 * through the public API. The network actor owns the list: the modal's state, `switchNetwork`, the stored active
 * network and the wallet's chain reports all read it there.
 */
const rpc1 = inject('anvilRpc1')
const rpc2 = inject('anvilRpc2')
const eth = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const anvil1 = defineEvmNetwork({ id: 31337, name: 'Anvil Local', nativeCurrency: eth, rpcUrl: rpc1, testnet: true })
const anvil2 = defineEvmNetwork({ id: 31338, name: 'Anvil Local 2', nativeCurrency: eth, rpcUrl: rpc2, testnet: true })
const anvil3 = defineEvmNetwork({ id: 31339, name: 'Anvil Local 3', nativeCurrency: eth, rpcUrl: rpc1, testnet: true })
const RDNS = 'dev.latchkey.wallet'

const cleanups: Array<() => void> = []
afterEach(() => {
  while (cleanups.length) cleanups.pop()!()
})

function modalWith(options: Partial<ModalOptions> & { storage?: StorageLike } = {}) {
  const modal = createModal({ projectId: 'p', networks: [anvil1, anvil2], storage: createMemoryStorage(), adapter: createEip155Adapter({ window }), walletConnect: false, ...options })
  cleanups.push(() => modal.destroy())
  return modal
}

const listOf = (modal: ReturnType<typeof createModal>) =>
  modal.actor
    .getSnapshot()
    .context.network.getSnapshot()
    .context.networks.map((n) => n.caipNetworkId)

/** The dev wallet announced through EIP-6963 (auto-approving), connected through the modal. */
async function connectedModal(networks: ModalOptions['networks']) {
  const wallet = new DevWallet({
    chains: [
      { chainId: 31337, name: 'Anvil Local', rpcUrl: rpc1 },
      { chainId: 31338, name: 'Anvil Local 2', rpcUrl: rpc2 },
    ],
    storage: createMemoryStorage(),
    autoApprove: true,
  })
  cleanups.push(announceDevWallet(wallet, { rdns: RDNS, name: 'Latchkey Dev Wallet' }))
  const modal = modalWith({ networks })
  modal.open()
  modal.actor.send({ type: 'app.selectWallet', connectorId: RDNS })
  await waitFor(() => expect(modal.getState().account.status).toBe('connected'))
  return { modal, wallet }
}

describe('networks at run time: addNetwork', () => {
  test('rule: an added network is configured: switchNetwork reaches it and it is stored as the active network', () => {
    const storage = createMemoryStorage()
    const modal = modalWith({ storage })
    modal.addNetwork(anvil3)
    expect(listOf(modal)).toEqual(['eip155:31337', 'eip155:31338', 'eip155:31339'])
    modal.switchNetwork('eip155:31339')
    expect(modal.getState().caipNetworkId).toBe('eip155:31339')
    expect(modal.getState().network.name).toBe('Anvil Local 3')
    expect(createStorage({ storage }).getActiveNetworkId()).toBe('eip155:31339')
  })

  test('rule: adding a network whose CAIP-2 id is already configured does nothing (the first one stays)', () => {
    const modal = modalWith()
    modal.addNetwork({ ...anvil2, name: 'Renamed' })
    expect(listOf(modal)).toEqual(['eip155:31337', 'eip155:31338'])
    modal.switchNetwork('eip155:31338')
    expect(modal.getState().network.name).toBe('Anvil Local 2')
  })

  test('rule: adding needs an adapter for the namespace, else "The adapter for the … namespace does not exist."', () => {
    const modal = modalWith()
    // Solana has an adapter only when options.networks had a Solana network at creation.
    expect(() => modal.addNetwork(solanaDevnet)).toThrowErrorMatchingInlineSnapshot(`
      [AdapterNotFoundError: Adapter not found
      Docs: https://latchkey.example/errors/AdapterNotFoundError
      Details: The adapter for the solana namespace does not exist.]
    `)
    expect(() => modal.addNetwork(solanaDevnet)).toThrow(AdapterNotFoundError)
    expect(listOf(modal)).toEqual(['eip155:31337', 'eip155:31338'])
  })

  test('bad input: a malformed network throws InvalidOptionsError naming addNetwork and the field', () => {
    const modal = modalWith()
    expect(() => modal.addNetwork({ ...anvil3, caipNetworkId: 'eip155' } as unknown as CaipNetwork)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: addNetwork(network).caipNetworkId: Invalid CAIP-2 network id
      Docs: https://latchkey.example/errors/InvalidOptionsError
      Details: Expected namespace:reference, two non-empty parts with a known namespace (eip155, solana, polkadot, bip122, cosmos). Received: "eip155"]
    `)
    expect(() => modal.addNetwork({ ...anvil3, rpcUrls: { default: { http: ['ftp://x'] } } })).toThrow(InvalidOptionsError)
    expect(() => modal.addNetwork('eip155:1' as unknown as CaipNetwork)).toThrow(/addNetwork\(network\): Expected a network/)
    expect(listOf(modal)).toEqual(['eip155:31337', 'eip155:31338'])
  })

  test('bad input: a network of a namespace the modal has no adapter kind for throws the adapter message', () => {
    const modal = modalWith()
    const cosmos = { ...anvil3, id: 'cosmoshub-4', chainNamespace: 'cosmos', caipNetworkId: 'cosmos:cosmoshub-4' } as unknown as CaipNetwork
    expect(() => modal.addNetwork(cosmos)).toThrow('The adapter for the cosmos namespace does not exist.')
  })
})

describe('networks at run time: removeNetwork', () => {
  test('rule: removing the active network selects the first remaining one of its namespace', () => {
    const storage = createMemoryStorage()
    const modal = modalWith({ networks: [anvil1, solanaDevnet, anvil2], storage })
    expect(modal.getState().caipNetworkId).toBe('eip155:31337')
    modal.removeNetwork('eip155:31337')
    expect(listOf(modal)).toEqual([solanaDevnet.caipNetworkId, 'eip155:31338'])
    expect(modal.getState().caipNetworkId).toBe('eip155:31338')
    // Stored as a switch is (spec §4: the active network id).
    expect(createStorage({ storage }).getActiveNetworkId()).toBe('eip155:31338')
  })

  test('rule: removing the active network, the last of its namespace, selects the first remaining one overall', () => {
    const modal = modalWith({ networks: [anvil1, solanaDevnet] })
    modal.removeNetwork('eip155:31337')
    expect(modal.getState().caipNetworkId).toBe(solanaDevnet.caipNetworkId)
  })

  test('rule: removing another network keeps the active one', () => {
    const modal = modalWith()
    modal.removeNetwork('eip155:31338')
    expect(listOf(modal)).toEqual(['eip155:31337'])
    expect(modal.getState().caipNetworkId).toBe('eip155:31337')
  })

  test('rule: removing needs an adapter for the namespace, else "The adapter for the … namespace does not exist."', () => {
    const modal = modalWith()
    expect(() => modal.removeNetwork(solanaDevnet.caipNetworkId)).toThrowErrorMatchingInlineSnapshot(`
      [AdapterNotFoundError: Adapter not found
      Docs: https://latchkey.example/errors/AdapterNotFoundError
      Details: The adapter for the solana namespace does not exist.]
    `)
  })

  test('bad input: removing an id that is not configured throws "Network not found"', () => {
    const modal = modalWith()
    expect(() => modal.removeNetwork('eip155:1')).toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: Network not found
      Docs: https://latchkey.example/errors/InvalidOptionsError
      Details: eip155:1 is not configured (eip155:31337, eip155:31338).]
    `)
  })

  test('bad input: removing the last network of all throws (the modal always has an active network)', () => {
    const modal = modalWith({ networks: [anvil1] })
    expect(() => modal.removeNetwork('eip155:31337')).toThrow('At least one network is required')
    expect(listOf(modal)).toEqual(['eip155:31337'])
  })

  test('bad input: removing the last network of a namespace is allowed; the namespace is then unfiltered', () => {
    const modal = modalWith({ networks: [anvil1, solanaDevnet] })
    modal.removeNetwork(solanaDevnet.caipNetworkId)
    expect(listOf(modal)).toEqual(['eip155:31337'])
    // The Solana adapter stays: a Solana network can be added again.
    modal.addNetwork(solanaDevnet)
    expect(listOf(modal)).toEqual(['eip155:31337', solanaDevnet.caipNetworkId])
  })
})

describe('networks at run time: a namespace with no networks is unfiltered', () => {
  test('rule: a namespace with no networks is unfiltered: the wallet on any chain of it is not marked unsupported', async () => {
    const { modal, wallet } = await connectedModal([anvil1, solanaDevnet])
    // While eip155 has networks, a chain outside them is unsupported (the filter).
    wallet.setChain(31338)
    await waitFor(() => expect(modal.getState().isUnsupportedChain).toBe(true))
    wallet.setChain(31337)
    await waitFor(() => expect(modal.getState().isUnsupportedChain).toBe(false))
    // No eip155 network left: the namespace is unfiltered.
    modal.removeNetwork('eip155:31337')
    expect(modal.getState().caipNetworkId).toBe(solanaDevnet.caipNetworkId)
    wallet.setChain(31338)
    await waitFor(() => expect(modal.getState().account.caipAddress ?? '').toContain('eip155:31338'))
    expect(modal.getState().isUnsupportedChain).toBe(false)
    expect(modal.actor.getSnapshot().context.network.getSnapshot().hasTag('unsupported')).toBe(false)
  })
})

describe('networks at run time: Chain is not supported', () => {
  test("rule: 'Chain is not supported' when adding a chain fails (a network added at run time the wallet cannot add)", async () => {
    const actor = createActor(
      networkMachine.provide({
        actors: {
          switchChain: fromPromise<void, { connectorId: string; network: CaipNetwork }>(async () => {
            throw new UnrecognizedChainError()
          }),
          addChain: fromPromise<void, { connectorId: string; network: CaipNetwork }>(async () => {
            throw new ForeignError('The wallet refused the RPC URL.')
          }),
        },
      }),
      { input: { networks: [anvil1] } },
    )
    const failed: unknown[] = []
    actor.on('network.switchFailed', (e) => failed.push(e))
    actor.start()
    actor.send({ type: 'network.add', network: anvil3 })
    actor.send({ type: 'network.switch', caipNetworkId: 'eip155:31339', connectorId: RDNS })
    await waitFor(() => expect(failed).toHaveLength(1))
    expect(actor.getSnapshot().context.error?.message).toBe(chainNotSupportedMessage)
    expect(failed[0]).toMatchObject({ caipNetworkId: 'eip155:31339', error: { message: 'Chain is not supported' } })
    expect(actor.getSnapshot().context.activeCaipNetworkId).toBe('eip155:31337')
    actor.stop()
  })
})
