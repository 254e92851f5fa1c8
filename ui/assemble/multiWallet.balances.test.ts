import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor } from 'xstate'
import type { ChainAdapter } from '../../adapters/types.ts'
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
 * held, non-active wallet's native balance read through `host.nativeBalance` on the namespace's active network. A read
 * that fails, answers what is no balance, or never answers leaves that row 'unavailable' and the list switching.
 */
const [A, B, C] = ['0x' + 'a1'.repeat(20), '0x' + 'b2'.repeat(20), '0x' + 'c3'.repeat(20)]
const account = { address: A, caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'a', supported: true, testnet: true }

/** A wallet that still holds the site and reports nothing. */
const adapter = { namespace: 'eip155', reconnect: async () => ({ accounts: [B], chainId: 31337 }), disconnect: async () => {}, watchWallet: () => () => {} } as unknown as ChainAdapter

function start(nativeBalance: FeatureHost['nativeBalance'], held = [{ connectorId: 'b', accounts: [B] }]) {
  const host = { adapterOf: () => adapter, storage: { setConnections: () => {} }, nativeBalance } as unknown as FeatureHost
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
