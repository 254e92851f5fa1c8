// @vitest-environment happy-dom
import { createPublicClient, http } from 'viem'
import { afterEach, describe, expect, inject, test } from 'vitest'
import { createEip155Adapter } from '../adapters/eip155.ts'
import { bitcoinRegtest, defineEvmNetwork, solanaDevnet } from '../adapters/networks.ts'
import { announceDevWallet, DevWallet } from '../dev/wallet/index.ts'
import { DevSolanaWallet, registerDevSolanaWallet } from '../dev/solana-wallet/index.ts'
import { solanaLocalnetAt } from '../dev/solana/network.ts'
import { BitcoinDevWallet, registerBitcoinWallet } from '../dev/bitcoin-wallet/index.ts'
import { bitcoinRegtestNetwork } from '../dev/bitcoin/index.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { createModal } from './createModal.ts'
import { waitFor } from '../tests/harness/waitFor.ts'

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
  await waitFor(() => expect(modal.getState().account.status).toBe('connected'))
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
    await waitFor(() => expect(modal.getState().account.status).toBe('disconnected'))
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

  test("behavior: solana gives the connected wallet's Wallet Standard wallet (its solana:* features)", async () => {
    const localnet = solanaLocalnetAt(inject('solanaRpc'))
    const solanaWallet = new DevSolanaWallet({ rpcUrl: inject('solanaRpc'), name: 'Provider Test Solana Wallet', autoApprove: true })
    cleanups.push(registerDevSolanaWallet(solanaWallet, window))
    // The Solana network first: the modal starts in the solana namespace.
    const { modal } = setup([localnet, anvil])
    expect(modal.getState().activeNamespace).toBe('solana')
    modal.open()
    modal.actor.send({ type: 'app.selectWallet', connectorId: 'Provider Test Solana Wallet' })
    await waitFor(() => expect(modal.getState().account.status).toBe('connected'))
    const wallet = modal.getProvider('solana')
    expect(wallet).toBe(solanaWallet)
    expect(Object.keys(wallet!.features)).toEqual(expect.arrayContaining(['standard:connect', 'solana:signMessage']))
    expect(wallet!.accounts[0]?.address).toBe(modal.getState().account.address)
    expect(modal.getProvider('eip155')).toBeUndefined()
  })

  test("behavior: bip122 gives the connected wallet's Wallet Standard wallet (its bitcoin:* features)", async () => {
    const api = inject('apiUrl')
    const bitcoinWallet = new BitcoinDevWallet({ apiUrl: `${api}/blockchain`, name: 'Provider Test Bitcoin Wallet', autoApprove: true })
    cleanups.push(registerBitcoinWallet(bitcoinWallet, window))
    const regtest = bitcoinRegtestNetwork(api)
    const { modal } = setup([regtest, anvil])
    expect(modal.getState().activeNamespace).toBe('bip122')
    modal.open()
    modal.actor.send({ type: 'app.selectWallet', connectorId: 'Provider Test Bitcoin Wallet' })
    await waitFor(() => expect(modal.getState().account.status).toBe('connected'))
    const wallet = modal.getProvider('bip122')
    expect(wallet).toBe(bitcoinWallet)
    expect(Object.keys(wallet!.features)).toEqual(expect.arrayContaining(['bitcoin:connect']))
    expect(modal.getProvider('solana')).toBeUndefined()
  })
})
