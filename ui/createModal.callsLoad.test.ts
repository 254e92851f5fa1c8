// @vitest-environment happy-dom
import { afterEach, describe, expect, inject, test, vi } from 'vitest'
import { createEip155Adapter } from '../adapters/eip155.ts'
import { defineEvmNetwork } from '../adapters/networks.ts'
import { announceDevWallet, DevWallet } from '../dev/wallet/index.ts'
import { CallsUnavailableError } from '../machines/batch.errors.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { waitFor } from '../tests/harness/waitFor.ts'
import { createModal } from './createModal.ts'

/*
 * The calls feature's chunk cannot be fetched (offline, a deploy replaced the chunks): its assembly module fails as a
 * browser's failed `import()` does.
 */
vi.mock('./assemble/calls.ts', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/calls.js')
})

const rpc = inject('anvilRpc1')
const anvil = defineEvmNetwork({ id: 31337, name: 'Anvil Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: rpc, testnet: true })

const cleanups: Array<() => void> = []
afterEach(() => cleanups.splice(0).forEach((c) => c()))

/** A modal with the real dev wallet (auto-approving, on anvil), connected; `asked` lists the methods the wallet was asked. */
async function connected() {
  const wallet = new DevWallet({ chains: [{ chainId: 31337, name: 'Anvil Local', rpcUrl: rpc }], storage: createMemoryStorage(), autoApprove: true })
  const asked: string[] = []
  const request = wallet.request.bind(wallet)
  vi.spyOn(wallet, 'request').mockImplementation((args) => {
    asked.push(args.method)
    return request(args)
  })
  const unannounce = announceDevWallet(wallet, { rdns: 'dev.latchkey.wallet' })
  const modal = createModal({ projectId: 'p', networks: [anvil], storage: createMemoryStorage(), adapter: createEip155Adapter({ window }), walletConnect: false })
  cleanups.push(() => modal.destroy(), unannounce)
  modal.open()
  modal.actor.send({ type: 'app.selectWallet', connectorId: 'dev.latchkey.wallet' })
  await waitFor(() => expect(modal.getState().account.status).toBe('connected'))
  asked.length = 0
  return { modal, asked }
}

/** What the toast shows now (the modal's own words for a feature it could not fetch). */
const toastOf = (modal: ReturnType<typeof createModal>) => modal.actor.getSnapshot().context.toast.getSnapshot().context.current

describe('modal.sendCalls when the calls feature cannot be fetched', () => {
  test('behavior: it rejects with CallsUnavailableError instead of waiting forever; the toast says so and nothing is sent', async () => {
    const { modal, asked } = await connected()
    const answer = modal.sendCalls({ calls: [{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 1n }] })
    await expect(answer).rejects.toThrow(CallsUnavailableError)
    await expect(answer).rejects.toMatchObject({ shortMessage: 'Batched calls could not be loaded' })
    expect(toastOf(modal)).toMatchObject({ variant: 'error', message: { key: 'featureLoadFailed' } })
    expect(asked).toEqual([])
  })

  test('behavior: getCallsStatus and getCapabilities need no feature: they ask the wallet and answer', async () => {
    const { modal } = await connected()
    expect(await modal.getCapabilities({ chainId: 31337 })).toEqual({ atomic: { status: 'unsupported' } })
    await expect(modal.getCallsStatus(`0x${'ab'.repeat(32)}`)).rejects.toMatchObject({ name: 'UnknownBatchError' })
  })
})
