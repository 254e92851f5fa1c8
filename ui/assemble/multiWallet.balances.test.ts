import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor } from 'xstate'
import type { ChainAdapter, WalletEvent } from '../../adapters/types.ts'
import { balanceRowOf, connectMultiWallet } from '../../machines/multiWallet.connect.ts'
import { timing } from '../../machines/timing.ts'
import { connectWalletBalance } from '../../machines/walletBalance.connect.ts'
import type { FeatureHost } from './host.ts'
import { assemble } from './multiWallet.ts'
import { BaseError } from '../../kernel/errors.ts'

/** The node refusing a balance read, as the tests play it. */
class NodeDownError extends BaseError {
  override name = 'NodeDownError'
}

/**
 * The wallet switcher's balances on the multi-wallet assembly (spec §6 multi-wallet, §5 floored to 3 decimals): each
 * held, non-active wallet's native balance read through `host.nativeBalance` on its wallet's own chain (else the
 * namespace's active network), following that wallet's own chainChanged. A read
 * that fails, answers what is no balance, or never answers leaves that row 'unavailable' and the list switching.
 */
const [A, B, C] = ['0x' + 'a1'.repeat(20), '0x' + 'b2'.repeat(20), '0x' + 'c3'.repeat(20)]
const account = { address: A, caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'a', supported: true, testnet: true }

/** A wallet that still holds the site (on `chainId`); its events are the test's to send (`tell`). */
function heldAdapter(chainId: unknown = 31337) {
  const listeners = new Map<string, (event: WalletEvent) => void>()
  const adapter = {
    namespace: 'eip155',
    reconnect: async () => ({ accounts: [B], chainId }),
    disconnect: async () => {},
    watchWallet: ({ connectorId }: { connectorId: string }, listener: (event: WalletEvent) => void) => {
      listeners.set(connectorId, listener)
      return () => listeners.delete(connectorId)
    },
  } as unknown as ChainAdapter
  /** The held wallet `connectorId` tells its own event (as its provider's `on` would). */
  const tell = (connectorId: string, event: WalletEvent) => listeners.get(connectorId)?.(event)
  return { adapter, tell }
}

function start(nativeBalance: FeatureHost['nativeBalance'], held = [{ connectorId: 'b', accounts: [B] }], wallet = heldAdapter()) {
  const host = { adapterOf: () => wallet.adapter, storage: { setConnections: () => {} }, nativeBalance } as unknown as FeatureHost
  const actor = createActor(assemble(host), { input: { stored: { eip155: { connections: held, activeConnectorId: 'b' } }, account } }).start()
  const row = (id: string) => connectWalletBalance(balanceRowOf(actor.getSnapshot(), id)?.getSnapshot(), 'en-US')
  return { actor, row }
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
afterEach(() => vi.useRealTimers())

describe('the switcher balances on the assembly', () => {
  test('behavior: a held wallet shows the native balance on the active network, floored to 3 decimals', async () => {
    const asked: unknown[] = []
    const { actor, row } = start(async (parameters) => {
      asked.push(parameters)
      return { value: 1_234_567_890_000_000_000_000n, decimals: 18, symbol: 'ETH', name: 'Ether' }
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(asked).toEqual([{ caipNetworkId: 'eip155:31337', address: B }])
    expect(row('eip155:b')).toEqual({ status: 'ready', text: '1,234.567 ETH' })
    // The active one has no row of its own: the Account view's balance stands for it.
    expect(balanceRowOf(actor.getSnapshot(), 'eip155:a')).toBeUndefined()
    actor.stop()
  })

  test("behavior: a held wallet's own chainChanged moves its row only: its chain is told, its balance read on that chain; the active one stays", async () => {
    const asked: Array<{ caipNetworkId: string; address: string }> = []
    const wallet = heldAdapter()
    const { actor, row } = start(
      async (parameters) => {
        asked.push(parameters)
        return { value: (parameters.caipNetworkId === 'eip155:31338' ? 7n : 1n) * 10n ** 18n, decimals: 18, symbol: 'ETH', name: 'Ether' }
      },
      undefined,
      wallet,
    )
    await vi.advanceTimersByTimeAsync(0)
    expect(row('eip155:b')).toEqual({ status: 'ready', text: '1 ETH' })
    wallet.tell('b', { type: 'chainChanged', chainId: 31338 })
    await vi.advanceTimersByTimeAsync(0)
    expect(asked.at(-1)).toEqual({ caipNetworkId: 'eip155:31338', address: B })
    expect(row('eip155:b')).toEqual({ status: 'ready', text: '7 ETH' })
    const view = connectMultiWallet(actor.getSnapshot(), 'eip155')
    expect(view.connections.map((c) => [c.id, c.active, c.caipNetworkId])).toEqual([
      ['eip155:a', true, 'eip155:31337'],
      ['eip155:b', false, 'eip155:31338'],
    ])
    expect(actor.getSnapshot().context.networks).toEqual({ eip155: 'eip155:31337' })
    actor.stop()
  })

  test('bad input: a held wallet telling a chain id that is none (NaN, 0, a colon, an object) is ignored: its row keeps its chain', async () => {
    const wallet = heldAdapter()
    const asked: string[] = []
    const { actor, row } = start(
      async ({ caipNetworkId }) => {
        asked.push(caipNetworkId)
        return { value: 10n ** 18n, decimals: 18, symbol: 'ETH', name: 'Ether' }
      },
      undefined,
      wallet,
    )
    await vi.advanceTimersByTimeAsync(0)
    for (const chainId of [Number.NaN, 0, -1, 1.5, 'eip155:1', '', { id: 1 }]) wallet.tell('b', { type: 'chainChanged', chainId: chainId as never })
    await vi.advanceTimersByTimeAsync(0)
    expect(asked).toEqual(['eip155:31337'])
    expect(row('eip155:b')).toEqual({ status: 'ready', text: '1 ETH' })
    expect(connectMultiWallet(actor.getSnapshot(), 'eip155').connections.find((c) => c.id === 'eip155:b')?.caipNetworkId).toBe('eip155:31337')
    actor.stop()
  })

  test("behavior: a restored held wallet's row is read on the chain its wallet answered the restore's check with", async () => {
    const asked: string[] = []
    const { actor } = start(
      async ({ caipNetworkId }) => {
        asked.push(caipNetworkId)
        return { value: 10n ** 18n, decimals: 18, symbol: 'ETH', name: 'Ether' }
      },
      undefined,
      heldAdapter(31338),
    )
    await vi.advanceTimersByTimeAsync(0)
    // Read on the active network while the check was under way, then on the wallet's own chain.
    expect(asked.at(-1)).toBe('eip155:31338')
    expect(connectMultiWallet(actor.getSnapshot(), 'eip155').connections.find((c) => c.id === 'eip155:b')?.caipNetworkId).toBe('eip155:31338')
    actor.stop()
  })

  test('behavior: a failing read says unavailable on that row only; the switch to it goes on', async () => {
    const { actor, row } = start(async () => {
      throw new NodeDownError('node down')
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(row('eip155:b')).toEqual({ status: 'unavailable', text: undefined })
    actor.send({ type: 'multiWallet.switch', connectionId: 'eip155:b' })
    expect(connectMultiWallet(actor.getSnapshot(), 'eip155')).toMatchObject({ activeId: 'eip155:b', isSwitching: true })
    actor.stop()
  })

  test("behavior: an answer that is no balance (a dapp adapter's malformed reply) is refused as such, that row unavailable", async () => {
    const replies = [{ value: '12', decimals: 18, symbol: 'ETH' }, { value: -1n, decimals: 18, symbol: 'ETH' }, { value: 1n, decimals: 1.5, symbol: 'ETH' }, null]
    for (const reply of replies) {
      const { actor, row } = start(async () => reply as never)
      await vi.advanceTimersByTimeAsync(0)
      expect(row('eip155:b').status).toBe('unavailable')
      expect((balanceRowOf(actor.getSnapshot(), 'eip155:b')?.getSnapshot().context.error as { name?: string } | undefined)?.name).toBe('InvalidCallbackResponseError')
      actor.stop()
    }
  })

  test('behavior: a read that never answers shows loading, then unavailable after the wallet request timeout, and is read again after the back-off', async () => {
    let calls = 0
    const { actor, row } = start(() => {
      calls += 1
      return calls === 1 ? new Promise(() => {}) : Promise.resolve({ value: 10n ** 18n, decimals: 18, symbol: 'ETH', name: 'Ether' })
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(row('eip155:b').status).toBe('loading')
    await vi.advanceTimersByTimeAsync(timing.walletRequestTimeout)
    expect(row('eip155:b').status).toBe('unavailable')
    await vi.advanceTimersByTimeAsync(timing.balanceRetry)
    expect(row('eip155:b')).toEqual({ status: 'ready', text: '1 ETH' })
    actor.stop()
  })

  test('behavior: a balance whose later read fails stays shown, said not to be current, until a read succeeds again', async () => {
    let calls = 0
    const { actor, row } = start(async () => {
      calls += 1
      if (calls === 2 || calls === 3) throw new NodeDownError('node down')
      return { value: calls === 1 ? 2n * 10n ** 18n : 3n * 10n ** 18n, decimals: 18, symbol: 'ETH', name: 'Ether' }
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(row('eip155:b')).toEqual({ status: 'ready', text: '2 ETH' })
    // The read after the native balance's time to live fails: the figure stays, marked not current.
    await vi.advanceTimersByTimeAsync(timing.nativeBalanceTtl)
    expect(row('eip155:b')).toEqual({ status: 'stale', text: '2 ETH' })
    // Read again after the back-off, still failing, still marked; then a read succeeds and the new figure is current.
    await vi.advanceTimersByTimeAsync(timing.balanceRetry)
    expect(row('eip155:b')).toEqual({ status: 'stale', text: '2 ETH' })
    await vi.advanceTimersByTimeAsync(timing.balanceRetry)
    expect(row('eip155:b')).toEqual({ status: 'ready', text: '3 ETH' })
    expect(calls).toBe(4)
    actor.stop()
  })

  test('behavior: one row failing leaves the others read', async () => {
    const { actor, row } = start(
      async ({ address }) => {
        if (address === B) throw new NodeDownError('node down')
        return { value: 5n * 10n ** 17n, decimals: 18, symbol: 'ETH', name: 'Ether' }
      },
      [
        { connectorId: 'b', accounts: [B] },
        { connectorId: 'c', accounts: [C] },
      ],
    )
    await vi.advanceTimersByTimeAsync(0)
    expect(row('eip155:b').status).toBe('unavailable')
    expect(row('eip155:c')).toEqual({ status: 'ready', text: '0.5 ETH' })
    actor.stop()
  })
})
