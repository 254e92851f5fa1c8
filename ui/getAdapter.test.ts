// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from 'vitest'
import { mainnet } from '../adapters/networks.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { ChainAdapterNotFoundError } from './core/walletCommands.ts'
import { createModal, InvalidOptionsError } from './createModal.ts'

const instances: Array<{ destroy(): void }> = []
afterEach(() => instances.splice(0).forEach((m) => m.destroy()))

describe("modal.getAdapter (spec §8 'Chain adapter not found')", () => {
  test("bad input: a namespace with no configured network is 'Chain adapter not found', an InvalidOptionsError naming the namespace", async () => {
    const modal = createModal({ projectId: 'p', networks: [mainnet], storage: createMemoryStorage() })
    instances.push(modal)
    const error = await modal.getAdapter('solana').then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ChainAdapterNotFoundError)
    expect(error).toBeInstanceOf(InvalidOptionsError)
    expect(error).toMatchObject({ shortMessage: 'Chain adapter not found', namespace: 'solana', details: 'The adapter for the solana namespace does not exist.' })
  })

  test('behavior: a configured namespace gives its adapter', async () => {
    const modal = createModal({ projectId: 'p', networks: [mainnet], storage: createMemoryStorage() })
    instances.push(modal)
    const adapter = await modal.getAdapter('eip155')
    expect(typeof adapter.connect).toBe('function')
  })
})
