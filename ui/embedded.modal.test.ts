// @vitest-environment happy-dom
import { afterEach, expect, test } from 'vitest'
import { defineEvmNetwork, mainnet } from '../adapters/networks.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { frameFixture } from '../tests/model/frameFixture.ts'
import { createModal, type ModalOptions } from './createModal.ts'
import { waitFor } from '../tests/harness/waitFor.ts'

/** Spec §7: the frame URL carries the active EVM network's RPC URL (`rpcUrl`), which the frame uses for its chain reads. */
const instances: Array<{ destroy(): void }> = []
afterEach(() => instances.splice(0).forEach((m) => m.destroy()))

test('behavior: the frame URL carries chainId and the rpcUrl of the active EVM network', async () => {
  const local = defineEvmNetwork({ id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'http://127.0.0.1:18545' })
  const urls: string[] = []
  const f = frameFixture()
  const modal = createModal({
    projectId: 'p',
    networks: [local, mainnet],
    storage: createMemoryStorage(),
    embeddedWallet: { secureSiteUrl: 'https://secure.test', createTransport: (url: string) => (urls.push(url), f.transport) },
  } as ModalOptions)
  instances.push(modal)
  const embedded = await modal.embedded!()
  void embedded.provider.request({ method: 'eth_accounts' }).catch(() => {})
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(urls).toHaveLength(1)
  const url = new URL(urls[0]!)
  expect(url.searchParams.get('chainId')).toBe('31337')
  expect(url.searchParams.get('rpcUrl')).toBe('http://127.0.0.1:18545')
})

test("behavior: the frame URL carries the modal's locale (spec §4: the frame pages speak it), the one set at run time too", async () => {
  const urls: string[] = []
  const f = frameFixture()
  const modal = createModal({
    projectId: 'p',
    networks: [mainnet],
    storage: createMemoryStorage(),
    locale: 'de',
    embeddedWallet: { secureSiteUrl: 'https://secure.test', createTransport: (url: string) => (urls.push(url), f.transport) },
  } as ModalOptions)
  instances.push(modal)
  await modal.setLocale('ar-XB')
  const embedded = await modal.embedded!()
  void embedded.provider.request({ method: 'eth_accounts' }).catch(() => {})
  await waitFor(() => expect(urls).toHaveLength(1))
  expect(new URL(urls[0]!).searchParams.get('locale')).toBe('ar-XB')
})
