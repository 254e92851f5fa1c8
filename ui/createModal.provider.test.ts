// @vitest-environment happy-dom
import { createPublicClient, http } from 'viem'
import { afterEach, describe, expect, inject, test, vi } from 'vitest'
import { createEip155Adapter } from '../adapters/eip155.ts'
import { bitcoinRegtest, defineEvmNetwork, solanaDevnet } from '../adapters/networks.ts'
import { announceDevWallet, DevWallet } from '../dev/wallet/index.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { createModal } from './createModal.ts'

const rpc = inject('anvilRpc1')
const anvil = defineEvmNetwork({ id: 31337, name: 'Anvil Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: rpc, testnet: true })

const cleanups: Array<() => void> = []
afterEach(() => cleanups.splice(0).forEach((c) => c()))

/** A modal with the real dev wallet (auto-approving, on anvil) announced over EIP-6963. */
function setup(networks: Parameters<typeof createModal>[0]['networks'] = [anvil]) {
  const wallet = new DevWallet({ chains: [{ chainId: 31337, name: 'Anvil Local', rpcUrl: rpc }], storage: createMemoryStorage(), autoApprove: true })
  const unannounce = announceDevWallet(wallet, { rdns: 'dev.latchkey.wallet' })
  const modal = createModal({ projectId: 'p', networks, storage: createMemoryStorage(), adapter: createEip155Adapter({ window }), walletConnect: false })
  cleanups.push(() => modal.destroy(), unannounce)
  return { wallet, modal }
}

async function connect(modal: ReturnType<typeof createModal>) {
  modal.open()
  modal.actor.send({ type: 'app.selectWallet', connectorId: 'dev.latchkey.wallet' })
  await vi.waitFor(() => expect(modal.getState().account.status).toBe('connected'))
}

describe('modal.getProvider', () => {
  test('behavior: undefined while no wallet is connected', () => {
    const { modal } = setup()
    expect(modal.getProvider('eip155')).toBeUndefined()
  })

  test("behavior: eip155 gives the connected wallet's EIP-1193 provider; its answers are the chain's", async () => {
    const { wallet, modal } = setup()
    await connect(modal)
    const provider = modal.getProvider('eip155')
    expect(provider).toBe(wallet)
    expect(await provider!.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await provider!.request({ method: 'eth_accounts' })).toEqual([wallet.state.address])
    const onChain = await createPublicClient({ transport: http(rpc) }).getBalance({ address: wallet.state.address })
    expect(BigInt((await provider!.request({ method: 'eth_getBalance', params: [wallet.state.address, 'latest'] })) as string)).toBe(onChain)
  })

  test('behavior: undefined again once disconnected', async () => {
    const { modal } = setup()
    await connect(modal)
    modal.disconnect()
    await vi.waitFor(() => expect(modal.getState().account.status).toBe('disconnected'))
    expect(modal.getProvider('eip155')).toBeUndefined()
  })

  test('behavior: a namespace that is not configured, or configured with no wallet connected there, gives undefined', async () => {
    const evmOnly = setup().modal
    expect(evmOnly.getProvider('solana')).toBeUndefined()
    expect(evmOnly.getProvider('bip122')).toBeUndefined()
    const { modal } = setup([anvil, solanaDevnet, bitcoinRegtest])
    await connect(modal)
    // Both adapters loaded (lazily, as the modal does): still nothing connected there.
    await Promise.all([modal.getAdapter('solana'), modal.getAdapter('bip122')])
    expect(modal.getProvider('eip155')).toBeDefined()
    expect(modal.getProvider('solana')).toBeUndefined()
    expect(modal.getProvider('bip122')).toBeUndefined()
  })
})
