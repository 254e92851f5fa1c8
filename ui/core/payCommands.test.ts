import { describe, expect, test, vi } from 'vitest'
import { mainnet } from '../../adapters/networks.ts'
import type { RootActor } from '../../machines/root.ts'
import { createMemoryStorage, createStorage } from '../../services/storage.ts'
import { createPayCommands } from './payCommands.ts'
import { waitFor } from '../../tests/harness/waitFor.ts'

/*
 * `modal.pay`'s command on a stand-in root (only what the command reads: the pay flag, the configured networks, and
 * what it sends), so that what reaches the root, and when, is seen directly.
 */
function standInRoot() {
  const sent: Array<{ type: string; event?: { type: string } }> = []
  const snapshot = { status: 'active', context: { flags: { pay: true }, network: { getSnapshot: () => ({ context: { networks: [mainnet] } }) } } }
  const actor = {
    getSnapshot: () => snapshot,
    send: (event: { type: string; event?: { type: string } }) => void sent.push(event),
    subscribe: () => ({ unsubscribe: () => {} }),
  } as unknown as RootActor
  return { actor, sent }
}

const asked = { recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '0.01', asset: 'eip155:1/slip44:60' } as const

describe('createPayCommands', () => {
  test('behavior: the boundary check is fetched with the first payment only; a later payment reaches the root within the same turn of microtasks, no task later (the Pay view painted in the frame after the click)', async () => {
    const { actor, sent } = standInRoot()
    const load = vi.fn(() => import('../../machines/pay.input.ts'))
    const { pay } = createPayCommands({ actor, faced: () => [], storage: createStorage({ storage: createMemoryStorage() }), load })
    void pay(asked)
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({ type: 'feature.deliver', feature: 'pay', event: { type: 'pay.request' } })

    let taskRan = false
    setTimeout(() => (taskRan = true), 0)
    void pay(asked)
    for (let turn = 0; turn < 5 && sent.length < 2; turn++) await Promise.resolve()
    expect(sent).toHaveLength(2)
    expect(taskRan).toBe(false)
    expect(load).toHaveBeenCalledTimes(1)
  })

  test('bad input: a refused payment after the check is in still rejects with the typed error, and sends nothing', async () => {
    const { actor, sent } = standInRoot()
    const { pay } = createPayCommands({ actor, faced: () => [], storage: createStorage({ storage: createMemoryStorage() }), load: () => import('../../machines/pay.input.ts') })
    void pay(asked)
    await waitFor(() => expect(sent).toHaveLength(1))
    await expect(pay({ ...asked, amount: '0.1.2' })).rejects.toMatchObject({ name: 'InvalidPayParametersError' })
    expect(sent).toHaveLength(1)
  })
})
